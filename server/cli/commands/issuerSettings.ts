import { isPlan, PLAN_ORDER } from '../../../domain/plans';
import { updateIssuerSettings } from '../../repositories/issuers';
import { CliError, issuerArgument, issuerLabel, yesNoArgument, type CliCommand } from '../command';

export const setPlanCommand: CliCommand = {
  name: 'set-plan',
  summary: "set an issuer's plan",
  usage: '<issuer> <plan>',
  help: [
    `<plan> is one of ${PLAN_ORDER.join(', ')}.`,
    'An unverified issuer still counts as FREE_TRIAL wherever the plan gates a feature (see set-verified).',
    'Setting the plan it already has changes nothing.',
  ],
  options: {},
  positionals: { min: 2, max: 2 },
  async run(ctx, { positionals: [reference, plan] }) {
    if (!isPlan(plan)) throw new CliError(`the plan must be one of ${PLAN_ORDER.join(', ')}, not "${plan}"`);
    const issuer = await issuerArgument(ctx.db, reference);
    if (issuer.plan === plan) {
      ctx.io.out(`${issuerLabel(issuer)} is already on plan ${plan}: nothing changed`);
      return;
    }
    await updateIssuerSettings(ctx.db, issuer.id, { plan });
    ctx.io.out(`${issuerLabel(issuer)}: plan ${issuer.plan} → ${plan}`);
  },
};

/** set-verified and set-blocked: one yes/no flag of the issuer. */
function flagCommand(options: {
  name: string;
  column: 'verified' | 'is_blocked';
  summary: string;
  meaning: string[];
  words: [on: string, off: string];
}): CliCommand {
  return {
    name: options.name,
    summary: options.summary,
    usage: '<issuer> yes|no',
    help: [...options.meaning, 'Setting the value it already has changes nothing.'],
    options: {},
    positionals: { min: 2, max: 2 },
    async run(ctx, { positionals: [reference, raw] }) {
      const value = yesNoArgument(raw, 'the value');
      const issuer = await issuerArgument(ctx.db, reference);
      const word = options.words[value ? 0 : 1];
      if ((issuer[options.column] === 1) === value) {
        ctx.io.out(`${issuerLabel(issuer)} is already ${word}: nothing changed`);
        return;
      }
      await updateIssuerSettings(ctx.db, issuer.id, { [options.column]: value ? 1 : 0 });
      ctx.io.out(`${issuerLabel(issuer)} is now ${word}`);
    },
  };
}

export const setVerifiedCommand = flagCommand({
  name: 'set-verified',
  column: 'verified',
  summary: 'mark an issuer verified (its account verification was checked) or not',
  meaning: ['An unverified issuer counts as FREE_TRIAL whatever its plan (spec 000 section 4).'],
  words: ['verified', 'not verified'],
});

export const setBlockedCommand = flagCommand({
  name: 'set-blocked',
  column: 'is_blocked',
  summary: 'block an issuer (its users become Readers) or unblock it',
  meaning: ['While an issuer is blocked every one of its users and API keys has only the Reader rights.'],
  words: ['blocked', 'not blocked'],
});
