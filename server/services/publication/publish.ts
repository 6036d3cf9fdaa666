import { createHash, randomBytes } from 'node:crypto';
import type { Insertable, Kysely } from 'kysely';
import { CERTIFICATE_KEY_LENGTH, CERTIFICATE_STATUS, type ReplacementKind } from '../../../domain/certificates';
import {
  DUPLICATES_LISTED,
  mainRow,
  recipientGroupKey,
  recipientIdentity,
  type DuplicateBehavior,
} from '../../../domain/duplicates';
import { ALL_LANGUAGES, todayIso, validateImportSteps, type ImportRow } from '../../../domain/import';
import { INVALID_INPUT_FILE, MISSING_FILE_PREFIX } from '../../../domain/publication';
import { searchName } from '../../../domain/reports';
import type { AuthContext } from '../../auth/guard';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/clock';
import type { CampaignTable, Database, NewCertificate, Template } from '../../db/schema';
import type { ParsedTemplate } from '../../repositories/templateRows';
import {
  NO_VALIDITY_CODE,
  renewalDateAccepted,
  renewalExpiration,
  rowExpiry,
  VALID_UNTIL_PAST_CODE,
} from '../../../domain/expiry';
import { AppError, badRequest } from '../../errors';
import { cooperate } from '../../eventLoop';
import { findCampaignByIdempotencyKey } from '../../repositories/campaigns';
import {
  debitIssuerCredits,
  findIssuerCredits,
  insertCampaign,
  insertCreditOperation,
  recordCampaignCounts,
} from '../../repositories/publication';
import {
  allocateStatusIndexes,
  bumpStatusVersion,
  insertCertificates,
  recountCampaigns,
} from '../../repositories/certificates';
import {
  findCertificatesToReplace,
  planHasFreeCorrections,
  type CertificateToReplace,
} from '../../repositories/replacements';
import { linkReplacements } from '../certificates/replacementLinks';
import { enqueueJob } from '../jobs/jobQueue';
import { checkAnchoringFunds } from '../ledger/evm/chainAnchoring';
import { callerTemplate } from '../templates/access';
import { readArchive, type ArchiveContents } from './archive';
import { rowsRefused, serverImportDefinition, type ColumnMapping } from './columnRules';
import { publicationError } from './errors';
import { checkRecipientData } from './recipientData';
import { prepareCampaignSigning } from '../credentials/campaignSigning';
import { CAMPAIGN_FOLLOW_UP, FOLLOW_UP_ATTEMPTS, type CampaignJob } from './followUp';
import { hashWithBehavior, settleDuplicates } from './duplicates';
import { MAX_PUBLISH_ROWS, rowsToSheet, runSteps, type Recipient } from './recipientSheet';
import { inTransaction } from '../../db/transactions';

export { MAX_PUBLISH_ROWS } from './recipientSheet';

export interface PublishInput {
  templateId: number;
  rows: ImportRow[];
  notes: string;
  automatedEmailing: boolean;
  idempotencyKey: string | null;
  /** the .zip of the rows' files, when the template has file fields */
  archive: Buffer | null;
  /** what to do with recipients who already hold a valid certificate of the template (domain/duplicates) */
  duplicateBehavior: DuplicateBehavior;
  /** the call's columnMapping: headers renamed to the template's columns, or left out (null) */
  columnMapping?: ColumnMapping;
  /** with duplicateBehavior "replace": why the certificates held are replaced (shown on their pages); else the notes */
  replaceReason?: string;
}

const KEY_ALPHABET = Buffer.from('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 'latin1');

/** Random bytes drawn 8 KB at a time for the keys (one randomBytes call per key was 10,000 calls a publish). */
let randomPool = Buffer.alloc(0);
let randomOffset = 0;

/**
 * 128 crypto-random letters and digits (62 symbols: ≈ 762 bits). Bytes of 248 and above are skipped so that
 * `byte % 62` stays uniform. The key is written into a buffer and read as one flat string: appending 128
 * characters one by one made a chain of ≈ 115 string pieces per key, ≈ 37 MB of young objects for 10,000 keys that
 * each scavenge of the publish had to copy (issue 16 point 1).
 */
export function newCertificateKey(): string {
  const key = Buffer.allocUnsafe(CERTIFICATE_KEY_LENGTH);
  let length = 0;
  while (length < CERTIFICATE_KEY_LENGTH) {
    if (randomOffset >= randomPool.length) {
      randomPool = randomBytes(8192);
      randomOffset = 0;
    }
    const byte = randomPool[randomOffset];
    randomPool[randomOffset] = 0;
    randomOffset += 1;
    if (byte >= 248) continue;
    key[length] = KEY_ALPHABET[byte % 62];
    length += 1;
  }
  return key.toString('latin1');
}

export const notEnoughCredits = (needed: number, current: number) =>
  new AppError(402, 'NOT_ENOUGH_CREDITS', `This publication needs ${needed} credits; the issuer has ${current}`, {
    needed,
    current,
  });

async function groupRecipients(rows: readonly ImportRow[], technicalFields: readonly string[]): Promise<Recipient[]> {
  const byKey = new Map<string, Recipient>();
  for (let index = 0; index < rows.length; index++) {
    await cooperate();
    const row = rows[index];
    const key = recipientGroupKey(row, index, technicalFields);
    let recipient = byKey.get(key);
    if (!recipient) {
      recipient = { rows: new Map() };
      byKey.set(key, recipient);
    }
    recipient.rows.set(row.Language, row);
  }
  return [...byKey.values()];
}

function rowFields(row: ImportRow): Record<string, string> {
  const { Language: _language, Email: _email, ...fields } = row;
  return fields;
}

/**
 * The SHA-256 of JSON.stringify([templateId, rows, notes]) (then the archive's bytes), fed row by row with pauses
 * between slices: the same bytes, so the same hash, as one stringify of the whole request.
 */
async function requestHash(
  templateId: number,
  rows: readonly ImportRow[],
  notes: string,
  archive: Buffer | null,
): Promise<string> {
  const hash = createHash('sha256').update(`[${JSON.stringify(templateId)},[`);
  for (let index = 0; index < rows.length; index++) {
    await cooperate();
    hash.update(index === 0 ? JSON.stringify(rows[index]) : `,${JSON.stringify(rows[index])}`);
  }
  hash.update(`],${JSON.stringify(notes)}]`);
  if (archive) hash.update(archive);
  return hash.digest('hex');
}

/**
 * The certificates of a publish, one per recipient (one credit each). A recipient's language is the language
 * of their first row in the file (the template's default language for an 'all' row): the certificate, its
 * email and its report row are in it; the rows of their other languages are kept as its translations.
 */
export async function buildCertificates(
  template: ParsedTemplate,
  recipients: readonly Recipient[],
  technicalFields: readonly string[],
  common: { campaignId: number; firstStatusIndex: number; now: string; today: string },
): Promise<NewCertificate[]> {
  const status = template.is_nft === 1 ? CERTIFICATE_STATUS.minting : CERTIFICATE_STATUS.validated;
  const certificates: NewCertificate[] = [];
  for (let index = 0; index < recipients.length; index++) {
    await cooperate();
    const recipient = recipients[index];
    const allRow = recipient.rows.get(ALL_LANGUAGES);
    const language = allRow ? template.default_language : [...recipient.rows.keys()][0];
    const main = mainRow(recipient.rows);
    const obtentionDate = main.obtentionDate || common.today;
    const translations: Record<string, Record<string, string>> = {};
    for (const [other, row] of recipient.rows)
      if (other !== language && other !== ALL_LANGUAGES) translations[other] = rowFields(row);
    certificates.push({
      key: newCertificateKey(),
      issuer_id: template.issuer_id,
      template_id: template.id,
      campaign_id: common.campaignId,
      status_id: status,
      language,
      email: main.Email,
      recipient_key: technicalFields.map((field) => main[field] ?? '').join(' / '),
      first_name: main.firstName ?? '',
      last_name: main.lastName ?? '',
      search_name: searchName(main.firstName ?? '', main.lastName ?? ''),
      data: JSON.stringify(rowFields(main)),
      translations: Object.keys(translations).length > 0 ? JSON.stringify(translations) : null,
      obtention_date: obtentionDate,
      // the row's own date, else the template's validity from the obtention date (issue 28); the import preview
      // shows the same function's answer
      expiration_date: rowExpiry(main, template.parsed.expiry.validity, common.today).date,
      status_index: common.firstStatusIndex + index,
      created_at: common.now,
      updated_at: common.now,
    });
  }
  return certificates;
}

export function isUniqueViolation(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(message ?? '');
}

/**
 * POST /api/admin/data (spec 001 section 7; issue: "Publishing on the server"). Validates the rows again with
 * the web app's own rules, then in one transaction debits one credit per certificate (recorded as a credit
 * operation), creates the campaign and its certificates and queues the follow-up job. The debit is a
 * conditional update, so concurrent publishes can never spend more than the issuer has; any failure rolls
 * everything back. A repeated Idempotency-Key answers the first campaign and issues nothing.
 */
export async function publish(
  ctx: AppContext,
  auth: AuthContext,
  input: PublishInput,
): Promise<{ campaignId: number; skipped?: number; replaced?: number; renewed?: number }> {
  const { db } = ctx;
  const template = await callerTemplate(db, auth, input.templateId);
  const rowsHash = await requestHash(input.templateId, input.rows, input.notes, input.archive);
  // the mapping changes what is published: the same key with another mapping is another request (no mapping: as before)
  const mappedHash = input.columnMapping
    ? createHash('sha256')
        .update(`${rowsHash}:columnMapping=${JSON.stringify(input.columnMapping)}`)
        .digest('hex')
    : rowsHash;
  const hash = hashWithBehavior(mappedHash, input.duplicateBehavior);
  if (input.idempotencyKey) {
    const earlier = await findCampaignByIdempotencyKey(db, auth.issuer.id, input.idempotencyKey);
    if (earlier) return sameRequestOrConflict(earlier.id, earlier.request_hash, hash);
  }
  if (template.enabled !== 1 || template.usable !== 1) {
    throw new AppError(409, 'TEMPLATE_UNAVAILABLE', 'This template cannot be used for a publication');
  }
  const replaceReason = (input.replaceReason ?? input.notes).trim();
  // an NFT's token and claims stay with it: its certificates are never renewed either (as a renewal of a selection)
  if (input.duplicateBehavior === 'renew' && template.is_nft === 1)
    throw new AppError(409, 'REPLACE_UNAVAILABLE', "An NFT template's certificates cannot be renewed");
  if (input.duplicateBehavior === 'replace') {
    // an NFT's token and claims stay with it: its certificates are never replaced (as they are never deleted)
    if (template.is_nft === 1)
      throw new AppError(409, 'REPLACE_UNAVAILABLE', "An NFT template's certificates cannot be replaced");
    if (replaceReason === '')
      throw badRequest('ERR_REASON_REQUIRED', 'A publish that replaces certificates needs a reason (or notes)');
  }

  const importData = template.parsed.importData;
  // every step below pauses between slices: 10,000 rows never hold the event loop (issue 16 point 1)
  const sheet = await rowsToSheet(input.rows);
  const checked = await runSteps(
    validateImportSteps(sheet, serverImportDefinition(importData, MAX_PUBLISH_ROWS), {
      columnMapping: input.columnMapping,
    }),
  );
  if (!checked.ok) throw rowsRefused(checked);
  const rows = checked.rows;

  const dataErrors = await checkRecipientData(rows);
  if (dataErrors) {
    throw new AppError(400, 'ERR_CPF_INCORRECT_DATA', 'Some recipient data are not valid', { data: dataErrors });
  }
  // the signing threads start loading while the publication is written (issue 16 point 1: signing rate); a web-only
  // process leaves its signing to the job workers
  if (ctx.config.role !== 'web') prepareCampaignSigning(rows.length);
  let archive: ArchiveContents | null = null;
  if (importData.fileFields.length > 0) {
    if (!input.archive) throw publicationError(INVALID_INPUT_FILE);
    archive = await readArchive(input.archive, rows, importData.fileFields);
    if (archive.missing.length > 0) throw publicationError(`${MISSING_FILE_PREFIX}${archive.missing.join(', ')}`);
  }

  const recipients = await groupRecipients(rows, importData.technicalFields);
  // an NFT campaign on an EVM chain: the signer must be able to pay its anchoring, or nothing is written
  if (template.is_nft === 1 && ctx.chain) await checkAnchoringFunds(ctx.chain, template.issuer_id);
  try {
    const written = await inTransaction(db, (trx) =>
      writePublication(
        trx,
        auth,
        template,
        { rows, recipients, technicalFields: importData.technicalFields },
        {
          notes: input.notes,
          automatedEmailing: input.automatedEmailing,
          idempotencyKey: input.idempotencyKey,
          hash,
          duplicateBehavior: input.duplicateBehavior,
          replaceReason,
        },
      ),
    );
    ctx.jobs.wake();
    return written;
  } catch (error) {
    // two requests with one key raced: the loser answers the winner's campaign
    if (input.idempotencyKey && isUniqueViolation(error)) {
      const earlier = await findCampaignByIdempotencyKey(db, auth.issuer.id, input.idempotencyKey);
      if (earlier) return sameRequestOrConflict(earlier.id, earlier.request_hash, hash);
    }
    throw error;
  }
}

export function sameRequestOrConflict(campaignId: number, earlierHash: string | null, hash: string) {
  if (earlierHash !== hash) {
    throw new AppError(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different publication',
      { campaignId },
    );
  }
  return { campaignId };
}

/**
 * The start of writing a publication, the same for one request and for staged parts (parts.ts): one conditional
 * debit of `count` credits (refused with what the issuer has, so concurrent publishes never overspend), the
 * campaign, its credit operation, and `count` places in the issuer's status lists.
 */
export async function debitNewCampaign(
  trx: Kysely<Database>,
  template: Template,
  count: number,
  campaign: Pick<
    Insertable<CampaignTable>,
    'user_id' | 'notes' | 'automated_emailing' | 'idempotency_key' | 'request_hash' | 'created_at'
  >,
  // a corrected re-issue (services/certificates/reissue.ts) charges nothing on a plan with free corrections, and its
  // credit log line says "correction"
  charge: { credits: number; reason: (campaignId: number) => string } = {
    credits: count,
    reason: (campaignId) => `campaign ${campaignId}`,
  },
): Promise<{ campaignId: number; firstStatusIndex: number }> {
  if (charge.credits > 0 && !(await debitIssuerCredits(trx, template.issuer_id, charge.credits))) {
    throw notEnoughCredits(charge.credits, (await findIssuerCredits(trx, template.issuer_id)) ?? 0);
  }
  const id = await insertCampaign(trx, {
    ...campaign,
    issuer_id: template.issuer_id,
    template_id: template.id,
    certified_degrees: count,
  });
  if (charge.credits > 0) {
    await insertCreditOperation(trx, {
      issuer_id: template.issuer_id,
      credits: -charge.credits,
      reason: charge.reason(id),
      operation_date: campaign.created_at,
    });
  }
  const firstStatusIndex = await allocateStatusIndexes(trx, template.issuer_id, count);
  return { campaignId: id, firstStatusIndex };
}

/**
 * The end of writing a publication, the same for one request and for staged parts (parts.ts), once its `count`
 * certificates are inserted: the campaign's count row (its certificates' status list), the template's counter and
 * last campaign, and the campaign's follow-up job.
 */
export async function closeNewCampaign(
  trx: Kysely<Database>,
  template: Template,
  campaignId: number,
  written: { statusId: number; count: number; now: string },
): Promise<void> {
  await recordCampaignCounts(trx, template.id, campaignId, written);
  const job: CampaignJob = { issuerId: template.issuer_id, campaignId };
  // its steps are idempotent (a retry goes on where the last attempt stopped): with the default attempts, a 10,000-row
  // campaign whose worker was killed 4 times in a row was left Started, unsigned, for good (the chaos test's full form)
  await enqueueJob(trx, CAMPAIGN_FOLLOW_UP, job, {
    singletonKey: `${CAMPAIGN_FOLLOW_UP}:${campaignId}`,
    maxAttempts: FOLLOW_UP_ATTEMPTS,
  });
}

/** The user a publication is recorded for: the signed-in user, or the creator of the API key. */
export function callerUserId(auth: AuthContext): number | null {
  if (auth.kind === 'system') return null;
  return auth.kind === 'session' ? auth.user.id : auth.apiKey.created_by;
}

async function writePublication(
  trx: Kysely<Database>,
  auth: AuthContext,
  template: ParsedTemplate,
  publication: { rows: readonly ImportRow[]; recipients: readonly Recipient[]; technicalFields: readonly string[] },
  options: {
    notes: string;
    automatedEmailing: boolean;
    idempotencyKey: string | null;
    hash: string;
    duplicateBehavior: DuplicateBehavior;
    replaceReason: string;
  },
): Promise<{ campaignId: number; skipped: number; replaced?: number; renewed?: number }> {
  // recipients who already hold a certificate: refused, skipped (not charged), issued again, replaced or renewed
  const settled = await settleDuplicates(trx, template, publication, options.duplicateBehavior);
  const { skipped, replacing } = settled;
  const today = todayIso();
  const renewal = options.duplicateBehavior === 'renew';
  // renew: the recipients renewed are issued today with their new validity (refused before anything is spent)
  const recipients = renewal ? renewedRecipients(template, settled.recipients, replacing, today) : settled.recipients;
  const { technicalFields } = publication;
  const now = nowIso();
  const count = recipients.length;
  const replaced = replacing.filter((key) => key !== null).length;
  // the certificates that replace others are corrections: free on a plan that says so (a renewal never is)
  const free = replaced > 0 && !renewal && (await planHasFreeCorrections(trx, auth.issuer.plan));
  const { campaignId, firstStatusIndex } = await debitNewCampaign(
    trx,
    template,
    count,
    {
      user_id: callerUserId(auth),
      notes: options.notes,
      automated_emailing: options.automatedEmailing ? 1 : 0,
      idempotency_key: options.idempotencyKey,
      request_hash: options.hash,
      created_at: now,
    },
    { credits: free ? count - replaced : count, reason: (id) => `campaign ${id}` },
  );
  const certificates = await buildCertificates(template, recipients, technicalFields, {
    campaignId,
    firstStatusIndex,
    now,
    today,
  });
  await insertCertificates(trx, certificates);
  if (replaced > 0)
    await replaceHeld(trx, auth, {
      replacing,
      certificates,
      reason: options.replaceReason,
      now,
      kind: renewal ? 'renewal' : 'correction',
    });
  await closeNewCampaign(trx, template, campaignId, { statusId: certificates[0].status_id, count, now });
  if (renewal) return { campaignId, skipped, renewed: replaced };
  return options.duplicateBehavior === 'replace' ? { campaignId, skipped, replaced } : { campaignId, skipped };
}

/**
 * A publish with duplicateBehavior "renew": the recipients who hold a certificate to renew (their keys in
 * `renewing`, in the recipients' order) are issued today, expiring on their main row's ExpirationDate, else today
 * plus the template's validity (domain/expiry renewalExpiration, as a renewal of a selection); the others are issued
 * as their rows say. Before anything is spent: ERR_VALID_UNTIL_PAST when a recipient to renew has its own
 * ExpirationDate not after today (as the API refuses such a validUntil), ERR_NO_VALIDITY when one gets no date; both
 * name the recipients (the first DUPLICATES_LISTED) and count them.
 */
export function renewedRecipients(
  template: ParsedTemplate,
  recipients: readonly Recipient[],
  renewing: readonly (string | null)[],
  today: string,
): Recipient[] {
  const noValidity: number[] = [];
  const past: number[] = [];
  const renewed = recipients.map((recipient, index) => {
    if (renewing[index] === null) return recipient;
    const own = mainRow(recipient.rows).ExpirationDate?.trim();
    if (own && !renewalDateAccepted(own, today)) {
      past.push(index);
      return recipient;
    }
    const expiration = own ? own.slice(0, 10) : renewalExpiration(today, template.parsed.expiry.validity);
    if (!expiration) {
      noValidity.push(index);
      return recipient;
    }
    const rows = new Map<string, ImportRow>();
    for (const [language, row] of recipient.rows)
      rows.set(language, { ...row, obtentionDate: today, ExpirationDate: expiration });
    return { ...recipient, rows };
  });
  const named = (indexes: readonly number[]) =>
    indexes
      .slice(0, DUPLICATES_LISTED)
      .map((index) => recipientIdentity(mainRow(recipients[index].rows), template.parsed.importData.technicalFields));
  if (past.length > 0)
    throw badRequest(
      VALID_UNTIL_PAST_CODE,
      `${past.length} recipients to renew have an ExpirationDate that is not after today (${today}): give their rows a later one, or none to take the template's validity period`,
      { count: past.length, recipients: named(past), today },
    );
  if (noValidity.length > 0)
    throw badRequest(
      NO_VALIDITY_CODE,
      `${noValidity.length} recipients to renew get no new expiration date: give their rows an ExpirationDate, or the template a validity period`,
      { count: noValidity.length, recipients: named(noValidity) },
    );
  return renewed;
}

/**
 * A publish with duplicateBehavior "replace" or "renew", in its transaction: the certificates held by its recipients
 * (their keys in `replacing`, in the certificates' order) are followed by the new ones, as a corrected re-issue
 * (replaced: revoked for good, the status version bumped, the old campaigns recounted) or a renewal (linked only: the
 * old ones stay valid until their own expiry, and get no more reminders) does.
 */
async function replaceHeld(
  trx: Kysely<Database>,
  auth: AuthContext,
  publication: {
    replacing: readonly (string | null)[];
    certificates: readonly NewCertificate[];
    reason: string;
    now: string;
    kind: ReplacementKind;
  },
): Promise<void> {
  const pairs = publication.replacing.flatMap((oldKey, index) =>
    oldKey === null ? [] : [{ oldKey, newKey: publication.certificates[index].key }],
  );
  const found = new Map(
    (
      await findCertificatesToReplace(
        trx,
        auth.issuer.id,
        pairs.map((pair) => pair.oldKey),
      )
    ).map((c) => [c.key, c]),
  );
  const old = pairs.map((pair) => found.get(pair.oldKey) as CertificateToReplace);
  await linkReplacements(trx, auth, {
    old,
    newKeys: pairs.map((pair) => pair.newKey),
    reason: publication.reason,
    now: publication.now,
    kind: publication.kind,
  });
  // a renewal changes no old certificate's status (as POST /api/admin/certificates/renew)
  if (publication.kind === 'renewal') return;
  await bumpStatusVersion(trx, auth.issuer.id);
  await recountCampaigns(
    trx,
    old.map((certificate) => certificate.campaign_id),
  );
}
