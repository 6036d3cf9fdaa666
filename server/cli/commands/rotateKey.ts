import { listIssuerKeys, rotateIssuerKey } from '../../services/credentials/issuerKeys';
import { issuerArgument, issuerLabel, type CliCommand } from '../command';

export const rotateKeyCommand: CliCommand = {
  name: 'rotate-key',
  summary: "retire an issuer's signing key and make a new one",
  usage: '<issuer>',
  help: [
    'Credentials are signed with the new key from now on; what the old keys signed keeps verifying (the',
    'issuer’s DID document lists every key). Each run makes a new key: run it once per rotation.',
    'The keys are encrypted with CREDENTIALS_KEY (or DATA_DIR/credentials.key): use the server’s.',
  ],
  options: {},
  positionals: { min: 1, max: 1 },
  async run(ctx, { positionals: [reference] }) {
    const issuer = await issuerArgument(ctx.db, reference);
    const before = (await listIssuerKeys(ctx.db, issuer.id)).find((key) => key.retiredAt === null);
    const active = await rotateIssuerKey(ctx.db, issuer.id, ctx.config.credentialsKey);
    ctx.io.out(
      `${issuerLabel(issuer)}: signing key ${before ? `version ${before.version} retired, ` : ''}` +
        `version ${active.version} active (${active.publicKeyMultibase})`,
    );
  },
};
