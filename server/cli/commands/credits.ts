import { CAMPAIGN_REASON } from '../../../domain/creditOperations';
import { addCredits, findIssuer, removeCredits } from '../../repositories/issuers';
import {
  CliError,
  countArgument,
  issuerArgument,
  issuerLabel,
  stringOption,
  type CliArguments,
  type CliCommand,
  type CliContext,
} from '../command';
import { inTransaction } from '../../db/transactions';

const REASON_MAX_LENGTH = 200;

function reasonOption(args: CliArguments): string {
  const reason = (stringOption(args, 'reason') ?? '').trim();
  if (reason === '') throw new CliError('--reason is required: it is shown in the issuer’s credit log');
  if (reason.length > REASON_MAX_LENGTH) throw new CliError(`--reason is longer than ${REASON_MAX_LENGTH}`);
  // "campaign 12" is what a publication's debit says: an operator's change must not pass for one
  if (CAMPAIGN_REASON.test(reason)) throw new CliError('--reason cannot read like a publication ("campaign <id>")');
  return reason;
}

async function changeCredits(ctx: CliContext, args: CliArguments, sign: 1 | -1) {
  const count = countArgument(args.positionals[1], 'the number of credits', 1);
  const reason = reasonOption(args);
  const issuer = await issuerArgument(ctx.db, args.positionals[0]);
  await inTransaction(ctx.db, async (trx) => {
    if (sign === 1) await addCredits(trx, issuer.id, count, reason);
    else if (!(await removeCredits(trx, issuer.id, count, reason))) {
      const current = (await findIssuer(trx, issuer.id))?.credits ?? 0;
      throw new CliError(`${issuerLabel(issuer)} has ${current} credits: ${count} cannot be removed`);
    }
  });
  const balance = (await findIssuer(ctx.db, issuer.id))?.credits ?? 0;
  ctx.io.out(`${issuerLabel(issuer)}: ${sign === 1 ? '+' : '-'}${count} credits (${reason}); balance ${balance}`);
}

const helpLines = (what: string) => [
  'Options:',
  '  --reason <text>   why, shown in the issuer’s credit log on My plan (required)',
  '',
  `${what} Each run is a new credit operation: running it twice changes the credits twice.`,
];

export const addCreditsCommand: CliCommand = {
  name: 'add-credits',
  summary: 'add credits to an issuer, recorded as a credit operation with a reason',
  usage: '<issuer> <count> --reason <text>',
  help: helpLines('Adds <count> (1 or more) credits.'),
  options: { reason: { type: 'string' } },
  positionals: { min: 2, max: 2 },
  run: (ctx, args) => changeCredits(ctx, args, 1),
};

export const removeCreditsCommand: CliCommand = {
  name: 'remove-credits',
  summary: 'remove credits from an issuer, recorded as a credit operation with a reason',
  usage: '<issuer> <count> --reason <text>',
  help: helpLines(
    'Removes <count> (1 or more) credits; refused when the issuer has fewer (the balance never goes below 0).',
  ),
  options: { reason: { type: 'string' } },
  positionals: { min: 2, max: 2 },
  run: (ctx, args) => changeCredits(ctx, args, -1),
};
