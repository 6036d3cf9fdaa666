import { parseSsoConfig, ssoConfigSchema, type SsoConfig } from '../../auth/sso';
import { setIssuerSso } from '../../repositories/issuers';
import { CliError, issuerArgument, issuerLabel, stringOption, type CliCommand } from '../command';

const FIELDS = [
  ['oidc-issuer', 'issuer'],
  ['client-id', 'clientId'],
  ['jwks-uri', 'jwksUri'],
  ['authorization-endpoint', 'authorizationEndpoint'],
] as const;

const sameConfig = (a: SsoConfig | null, b: SsoConfig | null) => JSON.stringify(a) === JSON.stringify(b);

export const setSsoCommand: CliCommand = {
  name: 'set-sso',
  summary: "set an issuer's single sign-on (OpenID Connect identity provider), or turn it off",
  usage: '<issuer> (--oidc-issuer <url> --client-id <id> --jwks-uri <url> --authorization-endpoint <url> | --off)',
  help: [
    'Options (all four together, or --off):',
    '  --oidc-issuer <url>             the provider’s "iss" value',
    '  --client-id <id>                the client id Laurel is registered with at the provider',
    '  --jwks-uri <url>                where the provider publishes its signing keys',
    '  --authorization-endpoint <url>  where the login screen sends the users',
    '  --off                           remove the issuer’s single sign-on',
    '',
    'The users of the issuer then sign in through the provider (implicit flow, id_token returned to /login/sso).',
    'Setting the configuration the issuer already has changes nothing.',
  ],
  options: {
    'oidc-issuer': { type: 'string' },
    'client-id': { type: 'string' },
    'jwks-uri': { type: 'string' },
    'authorization-endpoint': { type: 'string' },
    off: { type: 'boolean' },
  },
  positionals: { min: 1, max: 1 },
  async run(ctx, args) {
    const given = FIELDS.filter(([option]) => stringOption(args, option) !== undefined);
    let wanted: SsoConfig | null = null;
    if (args.values.off === true) {
      if (given.length > 0) throw new CliError('--off cannot be given with the provider options');
    } else {
      const missing = FIELDS.filter(([option]) => stringOption(args, option) === undefined);
      if (missing.length > 0) {
        throw new CliError(`missing ${missing.map(([option]) => `--${option}`).join(', ')} (or --off to turn it off)`);
      }
      const parsed = ssoConfigSchema.safeParse(
        Object.fromEntries(FIELDS.map(([option, field]) => [field, stringOption(args, option)?.trim()])),
      );
      if (!parsed.success) {
        const fieldOption = (field: PropertyKey) => FIELDS.find(([, name]) => name === field)?.[0] ?? String(field);
        throw new CliError(
          parsed.error.issues
            .map(
              (issue) =>
                `--${fieldOption(issue.path[0])}: ${issue.code === 'invalid_format' ? 'not a URL' : issue.message}`,
            )
            .join('; '),
        );
      }
      wanted = parsed.data;
    }
    const issuer = await issuerArgument(ctx.db, args.positionals[0]);
    const current = parseSsoConfig(issuer.sso_config);
    if (sameConfig(current, wanted)) {
      ctx.io.out(
        `${issuerLabel(issuer)} already has ${wanted ? 'this single sign-on' : 'no single sign-on'}: nothing changed`,
      );
      return;
    }
    await setIssuerSso(ctx.db, issuer.id, wanted);
    ctx.io.out(
      wanted
        ? `${issuerLabel(issuer)}: single sign-on through ${wanted.issuer} (client ${wanted.clientId})`
        : `${issuerLabel(issuer)}: single sign-on turned off`,
    );
  },
};
