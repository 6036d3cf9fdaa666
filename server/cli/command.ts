import type { ParseArgsConfig } from 'node:util';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database, Issuer } from '../db/schema';
import { findIssuer, findIssuersByName } from '../repositories/issuers';
import type { Mailer } from '../services/mail/mailer';

/** Where a command writes: what it did on `out`, what went wrong on `err` (one line per call). */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

/** What a command works with: the server's configuration and database (migrated), and its mailer on demand. */
export interface CliContext {
  config: Config;
  db: Kysely<Database>;
  io: CliIo;
  /** the product's mailer (SMTP_URL, or the outbox table), made the first time a command needs it */
  mailer(): Mailer;
}

export interface CliArguments {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

export interface CliCommand {
  name: string;
  /** one line for the global help */
  summary: string;
  /** the arguments after the command's name, e.g. `<issuer> <plan>` */
  usage: string;
  /** the command's help: what it does, its options, what running it again does */
  help: string[];
  options: NonNullable<ParseArgsConfig['options']>;
  /** how many positional arguments it takes */
  positionals: { min: number; max: number };
  run(ctx: CliContext, args: CliArguments): Promise<void>;
}

/** Bad input or a refused change: its message is printed and the tool exits with status 1. */
export class CliError extends Error {}

/** The issuer an argument names: its id, or its name when exactly one issuer has it (case ignored). */
export async function issuerArgument(db: Kysely<Database>, reference: string): Promise<Issuer> {
  if (/^\d+$/.test(reference)) {
    const issuer = await findIssuer(db, Number(reference));
    if (!issuer) throw new CliError(`there is no issuer with id ${reference}`);
    return issuer;
  }
  const found = await findIssuersByName(db, reference);
  if (found.length === 0) throw new CliError(`there is no issuer named "${reference}" (list them with list-issuers)`);
  if (found.length > 1) {
    throw new CliError(
      `several issuers are named "${reference}" (ids ${found.map((issuer) => issuer.id).join(', ')}): give the id`,
    );
  }
  return found[0];
}

/** How an issuer is named in what the tool prints: `issuer 3 "Acme Academy"`. */
export function issuerLabel(issuer: Pick<Issuer, 'id' | 'name'>): string {
  return `issuer ${issuer.id} "${issuer.name}"`;
}

/** yes/no, on/off, true/false, 1/0. */
export function yesNoArgument(raw: string, what: string): boolean {
  const value = raw.toLowerCase();
  if (['yes', 'on', 'true', '1'].includes(value)) return true;
  if (['no', 'off', 'false', '0'].includes(value)) return false;
  throw new CliError(`${what} must be yes or no, not "${raw}"`);
}

/** A whole number from `min` up to `max`. */
export function countArgument(raw: string, what: string, min: number, max = 1_000_000_000): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new CliError(`${what} must be a whole number from ${min} to ${max}, not "${raw}"`);
  }
  return Number(raw);
}

/** A string option's value (parseArgs types them loosely). */
export function stringOption(args: CliArguments, name: string): string | undefined {
  const value = args.values[name];
  return typeof value === 'string' ? value : undefined;
}
