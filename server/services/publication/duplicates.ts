import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DUPLICATE_RECIPIENTS_CODE,
  DUPLICATES_LISTED,
  NOTHING_TO_PUBLISH_CODE,
  recipientIdentity,
  type DuplicateBehavior,
  type DuplicateRecipient,
  type DuplicatesReport,
} from '../../../domain/duplicates';
import { pastRenewalRows } from '../../../domain/expiry';
import { todayIso, validateImportSteps, type ImportRow } from '../../../domain/import';
import { rowsRefused, serverImportDefinition, type ColumnMapping } from './columnRules';
import type { AuthContext } from '../../auth/guard';
import type { AppContext } from '../../context';
import type { Database, Template } from '../../db/schema';
import { AppError } from '../../errors';
import { cooperate } from '../../eventLoop';
import { findHeldCertificateKeys } from '../../repositories/certificates';
import { lockIssuer } from '../../repositories/replacements';
import { callerTemplate } from '../templates/access';
import { MAX_PUBLISH_ROWS, rowsToSheet, runSteps, type Recipient } from './recipientSheet';

/**
 * Recipients published again (issue 28, "The same people again"): a publish whose recipients already hold a
 * valid certificate of the template is refused unless the call says what to do with them (duplicateBehavior).
 */

/** One entry per recipient of the rows, in the rows' order: who it is and its first row in the spreadsheet. */
async function recipientsOfRows(
  rows: readonly ImportRow[],
  technicalFields: readonly string[],
): Promise<{ identity: string; row: number }[]> {
  const entries: { identity: string; row: number }[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < rows.length; index++) {
    await cooperate();
    const identity = recipientIdentity(rows[index], technicalFields);
    // with technical fields a recipient's language rows are one recipient; without, every row is one
    if (technicalFields.length > 0) {
      if (seen.has(identity)) continue;
      seen.add(identity);
    }
    // the header is row 1 (as ERR_CPF_INCORRECT_DATA numbers rows)
    entries.push({ identity, row: index + 2 });
  }
  return entries;
}

/**
 * Who among these rows' recipients already holds a valid certificate of the template: the report (count and the
 * first DUPLICATES_LISTED) and, per recipient held, the key of their certificate. With `renewable`, also who holds a
 * certificate a renewal may follow (valid or expired, not renewed or replaced yet): the report's `renewable` count
 * and, per recipient, that certificate's key. A recipient without an identity (no address on a template without
 * technical fields) is never a duplicate.
 */
export async function findDuplicateRecipients(
  db: Kysely<Database>,
  template: Template,
  rows: readonly ImportRow[],
  technicalFields: readonly string[],
  options: { renewable: boolean } = { renewable: false },
): Promise<{ report: DuplicatesReport; held: Map<string, string>; renewable: Map<string, string> }> {
  const entries = await recipientsOfRows(rows, technicalFields);
  const identities = [...new Set(entries.map((entry) => entry.identity))].filter((identity) => identity !== '');
  const found = await findHeldCertificateKeys(
    db,
    {
      issuerId: template.issuer_id,
      templateId: template.id,
      column: technicalFields.length > 0 ? 'recipient_key' : 'email',
      today: todayIso(),
      renewable: options.renewable,
    },
    identities,
    cooperate,
  );
  const held = found.valid;
  let count = 0;
  let renewable = 0;
  const duplicates: DuplicateRecipient[] = [];
  for (const entry of entries) {
    if (found.renewable.has(entry.identity)) renewable += 1;
    const certificateKey = held.get(entry.identity);
    if (certificateKey === undefined) continue;
    count += 1;
    if (duplicates.length < DUPLICATES_LISTED)
      duplicates.push({ row: entry.row, recipient: entry.identity, certificateKey });
  }
  const report: DuplicatesReport = { recipients: entries.length, count, duplicates };
  if (options.renewable) report.renewable = renewable;
  return { report, held, renewable: found.renewable };
}

export const duplicateRecipients = (report: DuplicatesReport) =>
  new AppError(
    409,
    DUPLICATE_RECIPIENTS_CODE,
    `${report.count} recipients already hold a valid certificate of this template: publish with duplicateBehavior "skip", "allow", "replace" or "renew"`,
    { ...report },
  );

export const nothingToPublish = (report: DuplicatesReport) =>
  new AppError(
    409,
    NOTHING_TO_PUBLISH_CODE,
    'Every recipient already holds a valid certificate of this template: nothing is left to publish',
    { ...report },
  );

/**
 * Inside the publishing transaction: the recipients to issue under `behavior`, and how many were left out. The
 * issuer's row is locked first on PostgreSQL, so that two publishes of one issuer check and write one after the
 * other and the second sees the first's certificates (SQLite runs one transaction at a time anyway).
 */
export async function settleDuplicates(
  trx: Kysely<Database>,
  template: Template,
  publication: { rows: readonly ImportRow[]; recipients: readonly Recipient[]; technicalFields: readonly string[] },
  behavior: DuplicateBehavior,
): Promise<{ recipients: readonly Recipient[]; skipped: number; replacing: (string | null)[] }> {
  const { rows, recipients, technicalFields } = publication;
  const none = () => recipients.map(() => null);
  if (behavior === 'allow') return { recipients, skipped: 0, replacing: none() };
  await lockIssuer(trx, template.issuer_id);
  const renew = behavior === 'renew';
  const { report, held, renewable } = await findDuplicateRecipients(trx, template, rows, technicalFields, {
    renewable: renew,
  });
  // a recipient's rows share its identity: any of them tells whether it is held
  const identity = (recipient: Recipient) =>
    recipientIdentity(recipient.rows.values().next().value as ImportRow, technicalFields);
  // renew: everyone is issued; those who hold a certificate, valid or expired, have it renewed (its key)
  if (renew) return { recipients, skipped: 0, replacing: recipients.map((r) => renewable.get(identity(r)) ?? null) };
  if (report.count === 0) return { recipients, skipped: 0, replacing: none() };
  if (behavior === 'deny') throw duplicateRecipients(report);
  const heldKey = (recipient: Recipient) => held.get(identity(recipient)) ?? null;
  // replace: everyone is issued; those who hold one have it replaced (its key, in the recipients' order)
  if (behavior === 'replace') return { recipients, skipped: 0, replacing: recipients.map(heldKey) };
  const kept = recipients.filter((recipient) => heldKey(recipient) === null);
  if (kept.length === 0) throw nothingToPublish(report);
  return { recipients: kept, skipped: recipients.length - kept.length, replacing: kept.map(() => null) };
}

/**
 * The request hash of a publish with its duplicate behavior: unchanged under the default (so earlier campaigns'
 * hashes still match their retries), otherwise bound to the behavior, so that one Idempotency-Key reused with
 * another behavior is IDEMPOTENCY_KEY_REUSED rather than the first campaign.
 */
export function hashWithBehavior(hash: string, behavior: DuplicateBehavior): string {
  return behavior === 'deny'
    ? hash
    : createHash('sha256').update(`${hash}:duplicateBehavior=${behavior}`).digest('hex');
}

/**
 * POST /api/admin/data/duplicates: the rows checked as a publish checks them, then who among their recipients
 * already holds a valid certificate of the template, and how many a renew would renew. Nothing is written or spent.
 */
export async function checkDuplicates(
  ctx: AppContext,
  auth: AuthContext,
  input: { templateId: number; rows: readonly Record<string, string>[]; columnMapping?: ColumnMapping },
): Promise<DuplicatesReport> {
  const template = await callerTemplate(ctx.db, auth, input.templateId);
  const importData = template.parsed.importData;
  const checked = await runSteps(
    validateImportSteps(await rowsToSheet(input.rows), serverImportDefinition(importData, MAX_PUBLISH_ROWS), {
      columnMapping: input.columnMapping,
    }),
  );
  if (!checked.ok) throw rowsRefused(checked);
  // the recipients a renew would renew are counted too (an expired certificate counts for renew only)
  const { technicalFields } = importData;
  const found = await findDuplicateRecipients(ctx.db, template, checked.rows, technicalFields, { renewable: true });
  return { ...found.report, pastRenewals: pastRenewals(checked.rows, technicalFields, found.renewable) };
}

/**
 * Of the recipients a renew would renew (`renewable`: identity → the certificate renewed), those whose main row's
 * ExpirationDate is not after today, whom a publish with renew refuses (ERR_VALID_UNTIL_PAST): counted, the first
 * DUPLICATES_LISTED named by their main row.
 */
function pastRenewals(
  rows: readonly ImportRow[],
  technicalFields: readonly string[],
  renewable: ReadonlyMap<string, string>,
): { count: number; duplicates: DuplicateRecipient[] } {
  let count = 0;
  const duplicates: DuplicateRecipient[] = [];
  for (const index of pastRenewalRows(rows, technicalFields, todayIso())) {
    const recipient = recipientIdentity(rows[index], technicalFields);
    const certificateKey = renewable.get(recipient);
    if (recipient === '' || certificateKey === undefined) continue;
    count += 1;
    // the header is row 1
    if (duplicates.length < DUPLICATES_LISTED) duplicates.push({ row: index + 2, recipient, certificateKey });
  }
  return { count, duplicates };
}
