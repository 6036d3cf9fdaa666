import type { Issuer } from '../../db/schema';
import { listIssuers } from '../../repositories/issuers';
import { addValidatedIssuers, removeValidatedIssuers, validatedIssuerIds } from '../../repositories/validators';
import { CliError, issuerArgument, issuerLabel, type CliCommand, type CliContext } from '../command';
import { inTransaction } from '../../db/transactions';

async function issuersOf(ctx: CliContext, references: string[]): Promise<Issuer[]> {
  const issuers: Issuer[] = [];
  for (const reference of references) {
    const issuer = await issuerArgument(ctx.db, reference);
    if (!issuers.some((seen) => seen.id === issuer.id)) issuers.push(issuer);
  }
  return issuers;
}

const labels = (issuers: Issuer[], ids: number[]) =>
  issuers
    .filter((issuer) => ids.includes(issuer.id))
    .map(issuerLabel)
    .join(', ');

async function printScope(ctx: CliContext, validator: Issuer) {
  const ids = await validatedIssuerIds(ctx.db, validator.id);
  const names = (await listIssuers(ctx.db)).filter((issuer) => ids.includes(issuer.id)).map(issuerLabel);
  ctx.io.out(
    ids.length === 0
      ? `${issuerLabel(validator)} validates no issuer: it is not a validator`
      : `${issuerLabel(validator)} validates ${names.join(', ')}; its Administrators see these and their own issuer`,
  );
}

export const addValidatedCommand: CliCommand = {
  name: 'add-validated',
  summary: 'make an issuer a validator of the given issuers (its Administrators see their dashboard figures)',
  usage: '<validator> <issuer>...',
  help: [
    'The validator’s Administrators then see, on the dashboard, their own issuer and every issuer it validates',
    '(figures, per-issuer charts, the issuer filter); never any other issuer.',
    'Issuers it already validates are left as they are; an issuer cannot validate itself.',
  ],
  options: {},
  positionals: { min: 2, max: 1000 },
  async run(ctx, { positionals: [validatorReference, ...references] }) {
    const validator = await issuerArgument(ctx.db, validatorReference);
    const issuers = await issuersOf(ctx, references);
    if (issuers.some((issuer) => issuer.id === validator.id)) {
      throw new CliError(`${issuerLabel(validator)} cannot validate itself: it always sees its own data`);
    }
    const added = await inTransaction(ctx.db, (trx) =>
      addValidatedIssuers(
        trx,
        validator.id,
        issuers.map((issuer) => issuer.id),
      ),
    );
    const already = issuers.filter((issuer) => !added.includes(issuer.id)).map((issuer) => issuer.id);
    if (added.length > 0) ctx.io.out(`${issuerLabel(validator)} now validates ${labels(issuers, added)}`);
    if (already.length > 0) ctx.io.out(`already validated, unchanged: ${labels(issuers, already)}`);
    await printScope(ctx, validator);
  },
};

export const removeValidatedCommand: CliCommand = {
  name: 'remove-validated',
  summary: 'stop an issuer from validating the given issuers (or --all of them)',
  usage: '<validator> (<issuer>... | --all)',
  help: [
    'Options:',
    '  --all   every issuer it validates: it is no longer a validator',
    '',
    'An issuer that validates none is no longer a validator. Issuers it did not validate are left as they are.',
  ],
  options: { all: { type: 'boolean' } },
  positionals: { min: 1, max: 1000 },
  async run(ctx, { positionals: [validatorReference, ...references], values }) {
    const all = values.all === true;
    if (all === references.length > 0) throw new CliError('give the issuers to stop validating, or --all');
    const validator = await issuerArgument(ctx.db, validatorReference);
    const issuers = await issuersOf(ctx, references);
    const removed = await inTransaction(ctx.db, (trx) =>
      removeValidatedIssuers(trx, validator.id, all ? null : issuers.map((issuer) => issuer.id)),
    );
    const unchanged = issuers.filter((issuer) => !removed.includes(issuer.id)).map((issuer) => issuer.id);
    if (removed.length > 0) ctx.io.out(`${issuerLabel(validator)} no longer validates issuers ${removed.join(', ')}`);
    if (unchanged.length > 0) ctx.io.out(`not validated, unchanged: ${labels(issuers, unchanged)}`);
    if (all && removed.length === 0) ctx.io.out(`${issuerLabel(validator)} validated no issuer: nothing changed`);
    await printScope(ctx, validator);
  },
};
