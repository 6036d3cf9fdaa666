import { isValidEmail, sanitizeEmail } from '../../../domain/email';
import { isSupportedLanguage, SUPPORTED_LANGUAGES, type Language } from '../../../domain/language';
import { isPlan, PLAN_ORDER } from '../../../domain/plans';
import { PROFILE } from '../../../domain/roles';
import { PERSON_NAME_MAX_LENGTH } from '../../../domain/users';
import { findIssuersByName } from '../../repositories/issuers';
import { findUserInIssuer } from '../../repositories/users';
import { createIssuerWithAdministrator } from '../../services/issuers/createIssuer';
import { sendSignInLink } from '../../services/signInLinks';
import { CliError, countArgument, issuerLabel, stringOption, type CliCommand, type CliContext } from '../command';
import { inTransaction } from '../../db/transactions';

export const ISSUER_NAME_MAX_LENGTH = 200;

function personName(raw: string | undefined, what: string): string {
  const value = (raw ?? '').trim();
  if (value.length > PERSON_NAME_MAX_LENGTH) throw new CliError(`${what} is longer than ${PERSON_NAME_MAX_LENGTH}`);
  return value;
}

/** Mails the Administrator a sign-in link valid INVITATION_TTL_SECONDS, through the product's mailer. */
async function invite(
  ctx: CliContext,
  invitation: { userId: number; email: string; issuerName: string; language: Language },
) {
  const mailer = ctx.mailer();
  const link = await sendSignInLink(
    { config: ctx.config, db: ctx.db, mailer },
    { kind: 'invitation', ...invitation },
    'now',
  );
  if (mailer.mode === 'smtp') ctx.io.out(`invitation mailed to ${invitation.email}`);
  else ctx.io.out(`no SMTP_URL is set: the invitation is in the outbox table; its sign-in link is ${link}`);
}

export const createIssuerCommand: CliCommand = {
  name: 'create-issuer',
  summary: 'create an issuer with its first Administrator, and mail the Administrator an invitation',
  usage: '--name <name> --admin-email <address> [options]',
  help: [
    'Options:',
    '  --name <name>           the organisation’s name (required)',
    '  --admin-email <address> its first Administrator (required)',
    '  --first-name <text>     the Administrator’s first name',
    '  --last-name <text>      the Administrator’s last name',
    `  --plan <plan>           ${PLAN_ORDER.join(', ')} (default: LAUREL_INITIAL_PLAN, else FREE_TRIAL)`,
    '  --credits <n>           starting credits, recorded as a credit operation (default: LAUREL_INITIAL_CREDITS, else 100)',
    `  --language <code>       language of the invitation: ${SUPPORTED_LANGUAGES.join(', ')} (default en)`,
    '  --resend-invitation     when the issuer already exists, mail its Administrator a new sign-in link',
    '',
    'The issuer gets its signing key, and the same template kinds and settings as the first issuer.',
    'Running it again with the same name and address changes nothing (an issuer whose name is taken by',
    'an issuer without this Administrator is refused); add --resend-invitation to send a new link.',
  ],
  options: {
    name: { type: 'string' },
    'admin-email': { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    plan: { type: 'string' },
    credits: { type: 'string' },
    language: { type: 'string' },
    'resend-invitation': { type: 'boolean' },
  },
  positionals: { min: 0, max: 0 },
  async run(ctx, args) {
    const name = (stringOption(args, 'name') ?? '').trim();
    if (name === '') throw new CliError('--name is required');
    if (name.length > ISSUER_NAME_MAX_LENGTH) throw new CliError(`--name is longer than ${ISSUER_NAME_MAX_LENGTH}`);
    if (/^\d+$/.test(name)) throw new CliError('--name cannot be only digits (issuers are named by id or by name)');
    const rawEmail = stringOption(args, 'admin-email');
    if (rawEmail === undefined) throw new CliError('--admin-email is required');
    const email = sanitizeEmail(rawEmail);
    if (!isValidEmail(email)) throw new CliError(`--admin-email is not a valid address: "${rawEmail}"`);
    const firstName = personName(stringOption(args, 'first-name'), '--first-name');
    const lastName = personName(stringOption(args, 'last-name'), '--last-name');
    const plan = stringOption(args, 'plan') ?? ctx.config.initialPlan;
    if (!isPlan(plan)) throw new CliError(`--plan must be one of ${PLAN_ORDER.join(', ')}, not "${plan}"`);
    const rawCredits = stringOption(args, 'credits');
    const credits = rawCredits === undefined ? ctx.config.initialCredits : countArgument(rawCredits, '--credits', 0);
    const language = stringOption(args, 'language') ?? 'en';
    if (!isSupportedLanguage(language)) {
      throw new CliError(`--language must be one of ${SUPPORTED_LANGUAGES.join(', ')}, not "${language}"`);
    }

    const existing = await findIssuersByName(ctx.db, name);
    for (const issuer of existing) {
      const admin = await findUserInIssuer(ctx.db, issuer.id, email);
      if (admin?.profile_id !== PROFILE.Administrator) continue;
      ctx.io.out(`${issuerLabel(issuer)} already exists with Administrator ${email}: nothing changed`);
      if (args.values['resend-invitation'] === true) {
        await invite(ctx, { userId: admin.id, email, issuerName: issuer.name, language });
      }
      return;
    }
    if (existing.length > 0) {
      throw new CliError(
        `${issuerLabel(existing[0])} already has this name and ${email} is not its Administrator: choose another name`,
      );
    }

    const created = await inTransaction(ctx.db, (trx) =>
      createIssuerWithAdministrator(trx, ctx.config.credentialsKey, {
        name,
        plan,
        credits,
        administrator: { email, firstName, lastName },
      }),
    );
    ctx.io.out(
      `created ${issuerLabel({ id: created.issuerId, name })}: plan ${plan}, ${credits} credits, ` +
        `Administrator ${email} (user ${created.userId})`,
    );
    try {
      await invite(ctx, { userId: created.userId, email, issuerName: name, language });
    } catch (error) {
      throw new CliError(
        `the issuer was created but the invitation could not be sent (${(error as Error).message}); ` +
          'run the same command again with --resend-invitation',
      );
    }
  },
};
