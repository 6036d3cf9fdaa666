import { parseArgs } from 'node:util';
import pino from 'pino';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { migrateToLatest } from '../db/migrate';
import { createMailer, type Mailer } from '../services/mail/mailer';
import { CliError, type CliArguments, type CliCommand, type CliContext, type CliIo } from './command';
import { createIssuerCommand } from './commands/createIssuer';
import { addCreditsCommand, removeCreditsCommand } from './commands/credits';
import { setBlockedCommand, setPlanCommand, setVerifiedCommand } from './commands/issuerSettings';
import { ledgerCommand } from './commands/ledger';
import { listIssuersCommand } from './commands/listIssuers';
import { rotateKeyCommand } from './commands/rotateKey';
import { setSsoCommand } from './commands/setSso';
import { addValidatedCommand, removeValidatedCommand } from './commands/validators';

export const COMMANDS: readonly CliCommand[] = [
  createIssuerCommand,
  listIssuersCommand,
  setPlanCommand,
  setVerifiedCommand,
  setBlockedCommand,
  setSsoCommand,
  addCreditsCommand,
  removeCreditsCommand,
  addValidatedCommand,
  removeValidatedCommand,
  rotateKeyCommand,
  ledgerCommand,
];

/** Exit statuses: done (or nothing to change), refused or failed, wrong usage. */
export const EXIT = { ok: 0, refused: 1, usage: 2 } as const;

const PROGRAM = 'npm run laurel --';

function globalHelp(): string[] {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return [
    'Laurel operators’ tool: manage the issuers of this installation.',
    '',
    `Usage: ${PROGRAM} <command> [arguments] [options]`,
    `       ${PROGRAM} <command> --help`,
    '',
    'Commands:',
    ...COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'It reads the same settings as the server (DATA_DIR for SQLite, or DATABASE_URL for PostgreSQL; SMTP_URL,',
    'MAIL_FROM, PUBLIC_URL, CREDENTIALS_KEY) and brings the database up to date before any command.',
    'An <issuer> is its id or its exact name (case ignored). Exit status: 0 done or nothing to change,',
    '1 refused (the message says why; nothing was changed), 2 wrong usage.',
  ];
}

function commandHelp(command: CliCommand): string[] {
  return [`Usage: ${PROGRAM} ${command.name} ${command.usage}`.trimEnd(), '', command.summary, '', ...command.help];
}

const wantsHelp = (argv: readonly string[]) => argv.includes('--help') || argv.includes('-h');

/**
 * Runs one command of the operators' tool and answers its exit status; `env` is read as the server reads the
 * process environment, and everything is written through `io` (the tests capture it).
 */
export async function runCli(argv: readonly string[], env: Record<string, string | undefined>, io: CliIo) {
  const [name, ...rest] = argv;
  if (name === undefined) {
    globalHelp().forEach((line) => io.err(line));
    return EXIT.usage;
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    const asked = rest[0] === undefined ? undefined : COMMANDS.find((command) => command.name === rest[0]);
    (asked ? commandHelp(asked) : globalHelp()).forEach((line) => io.out(line));
    return EXIT.ok;
  }
  const command = COMMANDS.find((candidate) => candidate.name === name);
  if (!command) {
    io.err(`unknown command "${name}"; the commands are listed by ${PROGRAM} --help`);
    return EXIT.usage;
  }
  if (wantsHelp(rest)) {
    commandHelp(command).forEach((line) => io.out(line));
    return EXIT.ok;
  }

  let args: CliArguments;
  try {
    const parsed = parseArgs({ args: [...rest], options: command.options, allowPositionals: true, strict: true });
    args = { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    io.err(`${name}: ${(error as Error).message}`);
    io.err(`usage: ${PROGRAM} ${command.name} ${command.usage} (more with --help)`);
    return EXIT.usage;
  }
  const { min, max } = command.positionals;
  if (args.positionals.length < min || args.positionals.length > max) {
    io.err(`${name}: expected ${min === max ? min : `${min} to ${max}`} argument(s), got ${args.positionals.length}`);
    io.err(`usage: ${PROGRAM} ${command.name} ${command.usage} (more with --help)`);
    return EXIT.usage;
  }

  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    io.err(`configuration: ${(error as Error).message}`);
    return EXIT.refused;
  }
  const { db, close } = openDatabase(config, { warn: (message) => io.err(message) });
  let mailer: Mailer | null = null;
  const ctx: CliContext = {
    config,
    db,
    io,
    mailer: () =>
      (mailer ??= createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: pino({ level: 'silent' }) })),
  };
  try {
    await migrateToLatest(db);
    await command.run(ctx, args);
    return EXIT.ok;
  } catch (error) {
    io.err(error instanceof CliError ? `${name}: ${error.message}` : `${name} failed: ${(error as Error).message}`);
    return EXIT.refused;
  } finally {
    (mailer as Mailer | null)?.close();
    await close();
  }
}
