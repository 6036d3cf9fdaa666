import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DUPLICATES_LISTED,
  recipientIdentity,
  type DuplicateBehavior,
  type DuplicateRecipient,
  type DuplicatesReport,
} from '../../../domain/duplicates';
import { todayIso, validateImportSteps, type ImportRow } from '../../../domain/import';
import {
  PART_MAX_ROWS,
  UPLOAD_MAX_ROWS,
  UPLOAD_TTL_SECONDS,
  type CreateUploadResponse,
  type UploadPartResponse,
} from '../../../domain/publicationParts';
import type { AuthContext } from '../../auth/guard';
import type { AppContext } from '../../context';
import { isoAfterSeconds, nowIso } from '../../db/clock';
import type { ParsedTemplate } from '../../repositories/templateRows';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import { cooperate } from '../../eventLoop';
import { findCampaignByIdempotencyKey } from '../../repositories/campaigns';
import { findValidCertificateKeys, insertCertificates } from '../../repositories/certificates';
import { lockIssuer } from '../../repositories/replacements';
import {
  claimUpload,
  deleteStagedRows,
  deleteUpload,
  deleteUploadPart,
  deleteUploadParts,
  expiredUploadIds,
  findIssuerUpload,
  findUploadPart,
  insertStagedRows,
  insertUpload,
  insertUploadPart,
  markUploadCommitted,
  stagedRowIds,
  stagedRowsAfter,
  uploadParts,
  uploadRowTotal,
  type Upload,
} from '../../repositories/publicationUploads';
import { callerTemplate } from '../templates/access';
import { rowsRefused, serverImportDefinition, type ColumnMapping } from './columnRules';
import { publicationError } from './errors';
import {
  buildCertificates,
  callerUserId,
  closeNewCampaign,
  debitNewCampaign,
  isUniqueViolation,
  sameRequestOrConflict,
} from './publish';
import { rowsToSheet, runSteps, type Recipient } from './recipientSheet';
import { checkRecipientData } from './recipientData';
import { duplicateRecipients, hashWithBehavior, nothingToPublish } from './duplicates';
import { inTransaction } from '../../db/transactions';

/** Staged recipients written, and read back at the commit, per statement. */
const STAGE_CHUNK = 500;
const COMMIT_CHUNK = 1_000;
/** Staged rows deleted per statement, so that dropping 100,000 of them never holds the database long. */
const DELETE_CHUNK = 2_000;

const uploadNotFound = () => new AppError(404, 'UPLOAD_NOT_FOUND', 'No such upload (or it has expired)');
const templateUnavailable = () =>
  new AppError(409, 'TEMPLATE_UNAVAILABLE', 'This template cannot be used for a publication');

function checkTemplate(template: ParsedTemplate): void {
  if (template.enabled !== 1 || template.usable !== 1) throw templateUnavailable();
  if (template.parsed.importData.fileFields.length > 0) {
    // the archive of the rows' files travels with the single-call publish only (docs/decisions.md)
    throw new AppError(
      409,
      'PARTS_WITHOUT_FILES',
      'A template with file fields is published in one call (POST /api/admin/data), up to 10,000 rows',
    );
  }
}

/** Deletes an upload's staged rows a chunk at a time, then the upload (its parts go with it). */
async function dropUpload(db: Kysely<Database>, uploadId: number, keepUpload: boolean): Promise<void> {
  for (;;) {
    await cooperate();
    const ids = await stagedRowIds(db, uploadId, DELETE_CHUNK);
    if (ids.length === 0) break;
    await deleteStagedRows(
      db,
      ids.map((row) => row.id),
    );
  }
  if (keepUpload) await deleteUploadParts(db, uploadId);
  else await deleteUpload(db, uploadId);
}

/** Removes every expired upload (committed or not) with its staged rows. */
export async function deleteExpiredUploads(db: Kysely<Database>, now = nowIso()): Promise<number> {
  const expired = await expiredUploadIds(db, now);
  for (const { id } of expired) await dropUpload(db, id, false);
  return expired.length;
}

/** The caller's own live upload: same issuer and same user, not expired. */
async function callerUpload(db: Kysely<Database>, auth: AuthContext, uploadId: number): Promise<Upload> {
  const upload = await findIssuerUpload(db, auth.issuer.id, uploadId);
  if (!upload || upload.user_id !== callerUserId(auth) || upload.expires_at <= nowIso()) throw uploadNotFound();
  return upload;
}

/** POST /api/admin/data/parts: a new upload for this template, tied to the caller, for UPLOAD_TTL_SECONDS. */
export async function createUpload(
  ctx: AppContext,
  auth: AuthContext,
  input: { templateId: number; notes: string; automatedEmailing: boolean },
): Promise<CreateUploadResponse> {
  const template = await callerTemplate(ctx.db, auth, input.templateId);
  checkTemplate(template);
  await deleteExpiredUploads(ctx.db);
  const now = new Date();
  const upload = await insertUpload(ctx.db, {
    issuer_id: auth.issuer.id,
    user_id: callerUserId(auth),
    template_id: template.id,
    notes: input.notes,
    automated_emailing: input.automatedEmailing ? 1 : 0,
    created_at: nowIso(now),
    expires_at: isoAfterSeconds(UPLOAD_TTL_SECONDS, now),
  });
  return { uploadId: upload.id, expiresAt: upload.expires_at, partMaxRows: PART_MAX_ROWS, maxRows: UPLOAD_MAX_ROWS };
}

async function partHash(rows: readonly ImportRow[]): Promise<string> {
  const hash = createHash('sha256');
  for (const row of rows) {
    await cooperate();
    hash.update(JSON.stringify(row)).update('\n');
  }
  return hash.digest('hex');
}

/** A part's recipients in order: the technical fields' values, or the row itself (numbered in the part). */
async function stagedRecipients(
  rows: readonly ImportRow[],
  technicalFields: readonly string[],
  partNumber: number,
): Promise<{ key: string; rows: [string, ImportRow][] }[]> {
  const byKey = new Map<string, [string, ImportRow][]>();
  for (let index = 0; index < rows.length; index++) {
    await cooperate();
    const row = rows[index];
    const key =
      technicalFields.length > 0
        ? technicalFields.map((field) => row[field] ?? '').join('\u001f')
        : `#${partNumber}:${index}`;
    const entries = byKey.get(key);
    if (entries) entries.push([row.Language, row]);
    else byKey.set(key, [[row.Language, row]]);
  }
  return [...byKey].map(([key, entries]) => ({ key, rows: entries }));
}

/**
 * PUT /api/admin/data/parts/{uploadId}/{partNumber}: checks the part with the single-call publish's rules
 * (validateImportSteps, the recipient data) and stages its recipients. Sending a part number again with the same
 * rows changes nothing; with other rows it replaces the part. A recipient staged by another part is refused.
 */
export async function appendPart(
  ctx: AppContext,
  auth: AuthContext,
  uploadId: number,
  partNumber: number,
  rows: readonly Record<string, string>[],
  columnMapping?: ColumnMapping,
): Promise<UploadPartResponse> {
  const { db } = ctx;
  const upload = await callerUpload(db, auth, uploadId);
  if (upload.campaign_id !== null)
    throw new AppError(409, 'UPLOAD_COMMITTED', 'This upload is already published', {
      campaignId: upload.campaign_id,
    });
  const template = await callerTemplate(db, auth, upload.template_id);
  checkTemplate(template);
  const importData = template.parsed.importData;

  const sheet = await rowsToSheet(rows);
  const checked = await runSteps(
    validateImportSteps(sheet, serverImportDefinition(importData, PART_MAX_ROWS), { columnMapping }),
  );
  if (!checked.ok) throw rowsRefused(checked);
  const dataErrors = await checkRecipientData(checked.rows);
  if (dataErrors)
    throw new AppError(400, 'ERR_CPF_INCORRECT_DATA', 'Some recipient data are not valid', { data: dataErrors });

  const hash = await partHash(checked.rows);
  const totalOf = () => uploadRowTotal(db, uploadId);
  const earlier = await findUploadPart(db, uploadId, partNumber);
  if (earlier?.request_hash === hash)
    return { partNumber, rows: earlier.row_count, recipients: earlier.recipient_count, totalRows: await totalOf() };

  const others = (await totalOf()) - (earlier?.row_count ?? 0);
  if (others + checked.rows.length > UPLOAD_MAX_ROWS)
    throw publicationError(`An upload holds at most ${UPLOAD_MAX_ROWS} rows`, {
      errors: [
        { code: 'ERR_TOO_MANY_ROWS', details: [`${others + checked.rows.length} > ${UPLOAD_MAX_ROWS}`], more: 0 },
      ],
    });

  const recipients = await stagedRecipients(checked.rows, importData.technicalFields, partNumber);
  try {
    await inTransaction(db, async (trx) => {
      if (earlier) await deleteUploadPart(trx, uploadId, partNumber);
      for (let start = 0; start < recipients.length; start += STAGE_CHUNK) {
        await cooperate();
        await insertStagedRows(
          trx,
          recipients.slice(start, start + STAGE_CHUNK).map((recipient, index) => ({
            upload_id: uploadId,
            part_number: partNumber,
            position: start + index,
            recipient_key: recipient.key,
            rows: JSON.stringify(recipient.rows),
          })),
        );
      }
      await insertUploadPart(trx, {
        upload_id: uploadId,
        part_number: partNumber,
        row_count: checked.rows.length,
        recipient_count: recipients.length,
        request_hash: hash,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(
        409,
        'RECIPIENT_IN_SEVERAL_PARTS',
        "A recipient's rows must all be in one part: a recipient of this part is in another part already, or this part was sent twice at once",
      );
    throw error;
  }
  return { partNumber, rows: checked.rows.length, recipients: recipients.length, totalRows: await totalOf() };
}

/** The campaign request hash of a committed upload: a retry of the same commit under its key matches it. */
const commitHash = (uploadId: number) => createHash('sha256').update(`publication-upload:${uploadId}`).digest('hex');

/**
 * POST /api/admin/data/parts/{uploadId}/commit: parts 1..`parts` must all be there (and no other). In ONE
 * transaction: one conditional credit debit for every recipient, the campaign, its certificates built and inserted
 * from the staged rows COMMIT_CHUNK recipients at a time (so the server never holds them all), the follow-up job,
 * and the upload marked as published. A retried commit answers the same campaign.
 */
export async function commitUpload(
  ctx: AppContext,
  auth: AuthContext,
  uploadId: number,
  input: { parts: number; idempotencyKey: string | null; duplicateBehavior?: DuplicateBehavior },
): Promise<{ campaignId: number; skipped: number }> {
  const { db } = ctx;
  const behavior = input.duplicateBehavior ?? 'deny';
  if (behavior === 'replace' || behavior === 'renew') {
    throw new AppError(
      400,
      'ERR_REPLACE_IN_PARTS',
      'Replacing or renewing the certificates held is done in one publish of up to 10,000 rows (POST /api/admin/data): commit an upload with duplicateBehavior deny, allow or skip',
    );
  }
  const upload = await callerUpload(db, auth, uploadId);
  const hash = hashWithBehavior(commitHash(uploadId), behavior);
  if (input.idempotencyKey) {
    const earlier = await findCampaignByIdempotencyKey(db, auth.issuer.id, input.idempotencyKey);
    if (earlier) return { ...sameRequestOrConflict(earlier.id, earlier.request_hash, hash), skipped: 0 };
  }
  if (upload.campaign_id !== null) return { campaignId: upload.campaign_id, skipped: 0 };

  const template = await callerTemplate(db, auth, upload.template_id);
  checkTemplate(template);
  const parts = await uploadParts(db, uploadId);
  const received = new Set(parts.map((part) => part.part_number));
  const missing: number[] = [];
  for (let number = 1; number <= input.parts; number++) if (!received.has(number)) missing.push(number);
  const extra = parts.filter((part) => part.part_number > input.parts).map((part) => part.part_number);
  if (missing.length > 0 || extra.length > 0)
    throw new AppError(409, 'UPLOAD_INCOMPLETE', 'The parts received are not parts 1 to the number given', {
      missing: missing.slice(0, 100),
      extra,
    });
  const count = parts.reduce((sum, part) => sum + part.recipient_count, 0);

  try {
    const written = await inTransaction(db, (trx) =>
      writeCampaign(trx, auth, template, upload, count, { idempotencyKey: input.idempotencyKey, hash, behavior }),
    );
    ctx.jobs.wake();
    await dropUpload(db, uploadId, true);
    return written;
  } catch (error) {
    // two commits raced: the loser answers the winner's campaign
    if (error instanceof CommittedMeanwhile) return { campaignId: error.campaignId, skipped: 0 };
    if (input.idempotencyKey && isUniqueViolation(error)) {
      const earlier = await findCampaignByIdempotencyKey(db, auth.issuer.id, input.idempotencyKey);
      if (earlier) return { ...sameRequestOrConflict(earlier.id, earlier.request_hash, hash), skipped: 0 };
    }
    throw error;
  }
}

class CommittedMeanwhile extends Error {
  constructor(readonly campaignId: number) {
    super('committed meanwhile');
  }
}

async function writeCampaign(
  trx: Kysely<Database>,
  auth: AuthContext,
  template: ParsedTemplate,
  upload: Upload,
  staged: number,
  options: { idempotencyKey: string | null; hash: string; behavior: DuplicateBehavior },
): Promise<{ campaignId: number; skipped: number }> {
  // claim the upload first: a concurrent commit waits here, then finds it taken
  const winner = await claimUpload(trx, upload.id);
  if (winner !== null) throw new CommittedMeanwhile(winner);
  const technicalFields = template.parsed.importData.technicalFields;
  const { held, report } =
    options.behavior === 'allow'
      ? { held: new Set<string>(), report: null }
      : await heldStagedRecipients(trx, template, upload);
  if (report && report.count > 0 && options.behavior === 'deny') throw duplicateRecipients(report);
  if (report && report.count === staged && staged > 0) throw nothingToPublish(report);
  const count = staged - held.size;
  const now = nowIso();
  const { campaignId, firstStatusIndex } = await debitNewCampaign(trx, template, count, {
    user_id: callerUserId(auth),
    notes: upload.notes,
    automated_emailing: upload.automated_emailing,
    idempotency_key: options.idempotencyKey,
    request_hash: options.hash,
    created_at: now,
  });
  const today = todayIso();
  let done = 0;
  let status = 0;
  let after = { part: 0, position: -1 };
  for (;;) {
    await cooperate();
    const chunk = await stagedRowsAfter(trx, upload.id, after, COMMIT_CHUNK);
    if (chunk.length === 0) break;
    const last = chunk[chunk.length - 1];
    after = { part: last.part_number, position: last.position };
    const recipients: Recipient[] = chunk
      .filter((row) => !held.has(stagedPosition(row)))
      .map((row) => ({ rows: new Map(JSON.parse(row.rows) as [string, ImportRow][]) }));
    if (recipients.length === 0) continue;
    const certificates = await buildCertificates(template, recipients, technicalFields, {
      campaignId,
      firstStatusIndex: firstStatusIndex + done,
      now,
      today,
    });
    await insertCertificates(trx, certificates);
    status = certificates[0].status_id;
    done += certificates.length;
  }
  if (done !== count) throw new Error(`staged recipients ${done} differ from the parts' count ${count}`);
  await closeNewCampaign(trx, template, campaignId, { statusId: status, count, now });
  await markUploadCommitted(trx, upload.id, campaignId);
  return { campaignId, skipped: held.size };
}

const stagedPosition = (row: { part_number: number; position: number }) => `${row.part_number}:${row.position}`;

/**
 * The staged recipients who already hold a valid certificate of the template (issue 28, "The same people again"),
 * by their place in the upload, with the report a refusal gives (their count and the first DUPLICATES_LISTED, each
 * at the first row it has in the upload's order). Read a chunk at a time with the issuer locked, as a one-call
 * publish checks them, so that the commit and another publish see each other's certificates.
 */
async function heldStagedRecipients(
  trx: Kysely<Database>,
  template: ParsedTemplate,
  upload: Upload,
): Promise<{ held: Set<string>; report: DuplicatesReport }> {
  await lockIssuer(trx, template.issuer_id);
  const technicalFields = template.parsed.importData.technicalFields;
  const scope = {
    issuerId: template.issuer_id,
    templateId: template.id,
    column: technicalFields.length > 0 ? ('recipient_key' as const) : ('email' as const),
    today: todayIso(),
  };
  const held = new Set<string>();
  const report = { recipients: 0, count: 0, duplicates: [] as DuplicateRecipient[] };
  let after = { part: 0, position: -1 };
  // the header is row 1, as a one-call publish numbers its rows
  let row = 2;
  for (;;) {
    await cooperate();
    const chunk = await stagedRowsAfter(trx, upload.id, after, COMMIT_CHUNK);
    if (chunk.length === 0) break;
    const entries = chunk.map((staged) => {
      const rows = JSON.parse(staged.rows) as [string, ImportRow][];
      const entry = { staged, identity: recipientIdentity(rows[0][1], technicalFields), row };
      row += rows.length;
      return entry;
    });
    const identities = [...new Set(entries.map((entry) => entry.identity))].filter((identity) => identity !== '');
    const keys = await findValidCertificateKeys(trx, scope, identities, cooperate);
    for (const entry of entries) {
      report.recipients += 1;
      const certificateKey = keys.get(entry.identity);
      if (certificateKey === undefined) continue;
      held.add(stagedPosition(entry.staged));
      report.count += 1;
      if (report.duplicates.length < DUPLICATES_LISTED)
        report.duplicates.push({ row: entry.row, recipient: entry.identity, certificateKey });
    }
    const last = chunk[chunk.length - 1];
    after = { part: last.part_number, position: last.position };
  }
  return { held, report };
}
