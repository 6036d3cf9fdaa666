import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CERTIFICATE_STATUS,
  isExpired,
  REPLACEABLE_STATUSES,
  type ReplacementKind,
} from '../../../domain/certificates';
import { correctionReason, renewalReason } from '../../../domain/creditOperations';
import {
  NO_VALIDITY_CODE,
  renewalDateAccepted,
  renewalExpiration,
  VALID_UNTIL_PAST_CODE,
} from '../../../domain/expiry';
import {
  ALL_LANGUAGES,
  EMAIL_KEY,
  LANGUAGE_KEY,
  todayIso,
  validateImportSteps,
  type ImportRow,
} from '../../../domain/import';
import type { AuthContext } from '../../auth/guard';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/clock';
import type { ParsedTemplate } from '../../repositories/templateRows';
import type { Database } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { cooperate } from '../../eventLoop';
import { bumpStatusVersion, insertCertificates, recountCampaigns } from '../../repositories/certificates';
import { findCampaignByIdempotencyKey } from '../../repositories/campaigns';
import {
  findCertificatesToReplace,
  findReplacementsOf,
  lockIssuer,
  planHasFreeCorrections,
  type CertificateToReplace,
} from '../../repositories/replacements';
import { rowsRefused, serverImportDefinition } from '../publication/columnRules';
import {
  buildCertificates,
  callerUserId,
  closeNewCampaign,
  debitNewCampaign,
  isUniqueViolation,
} from '../publication/publish';
import { MAX_PUBLISH_ROWS, rowsToSheet, runSteps, type Recipient } from '../publication/recipientSheet';
import { checkRecipientData } from '../publication/recipientData';
import { linkReplacements, NOT_REPLACEABLE_CODE } from './replacementLinks';
import { callerTemplate } from '../templates/access';
import { inTransaction } from '../../db/transactions';

export { NOT_REPLACEABLE_CODE };

/**
 * Corrected re-issue (issue 28): valid certificates replaced by new ones carrying corrected recipient fields. In one
 * transaction: the new certificates (same template, same recipient key, a new key) in a campaign "Correction" per
 * template, the old ones marked replaced (status 15: revoked and suspended for good) and linked to them with the
 * reason, the status lists' version bumped, one credit per certificate debited unless the issuer's plan makes
 * corrections free, and the new certificates queued for signing as a publish's are. After signing, the follow-up
 * job queues the replacement notice (followUp.ts): the webhook certificate.replaced and one mail per recipient.
 */

/** The most certificates one re-issue replaces (a publish's rows). */
export const MAX_REISSUE_CERTIFICATES = MAX_PUBLISH_ROWS;
export const REASON_MAX_LENGTH = 500;
/** A campaign of re-issued certificates carries this note. */
export const CORRECTION_NOTES = 'Correction';
/** A campaign of renewed certificates carries this note. */
export const RENEWAL_NOTES = 'Renewal';

export const CHANGE_REFUSED_CODE = 'ERR_CHANGE_NOT_ALLOWED';
export const NOTHING_CHANGED_CODE = 'ERR_NOTHING_CHANGED';
export const REASON_REQUIRED_CODE = 'ERR_REASON_REQUIRED';
export const REPEATED_KEYS_CODE = 'ERR_REPEATED_CERTIFICATES';
/** A renewal without validUntil of a template without a validity period: there is no new expiration date to give. */
export { NO_VALIDITY_CODE };
/** A renewal's validUntil that is not after today. */
export { VALID_UNTIL_PAST_CODE };

/**
 * Why a certificate named cannot be replaced or renewed: not the issuer's (or no such key), not valid, or renewed
 * already (a certificate is followed at most once: renew or correct its renewal, the newest, instead).
 */
export type NotReplaceable =
  'not_found' | 'disabled' | 'deleted' | 'replaced' | 'renewed' | 'expired' | 'nft' | 'not_valid';

export interface ReissueRequest {
  key: string;
  /** column → corrected value: firstName, lastName, Email (or email) and the template's other columns */
  changes: Record<string, string>;
}

export interface ReissueResult {
  replaced: number;
  /** the first campaign made (the only one when the certificates are of one template) */
  campaignId: number;
  campaignIds: number[];
  certificates: { old: string; new: string }[];
}

const notReplaceable = (refused: { key: string; reason: NotReplaceable }[]) =>
  new AppError(
    409,
    NOT_REPLACEABLE_CODE,
    `These certificates cannot be replaced: ${refused.map(({ key, reason }) => `${key} (${reason})`).join(', ')}`,
    { certificates: refused },
  );

function refusalOf(
  certificate: CertificateToReplace | undefined,
  template: ParsedTemplate | undefined,
  today: string,
  kind: ReplacementKind,
): NotReplaceable | null {
  if (!certificate || !template) return 'not_found';
  if (template.is_nft === 1) return 'nft';
  if (!REPLACEABLE_STATUSES.includes(certificate.status_id)) {
    switch (certificate.status_id) {
      case CERTIFICATE_STATUS.disabled:
        return 'disabled';
      case CERTIFICATE_STATUS.deleted:
        return 'deleted';
      case CERTIFICATE_STATUS.replaced:
        return 'replaced';
      case CERTIFICATE_STATUS.expired:
        return 'expired';
      default:
        return 'not_valid';
    }
  }
  if (certificate.followed) return 'renewed';
  // a renewal is what an expired certificate needs; a correction of one is not offered
  return kind === 'correction' && isExpired(certificate.expiration_date, today) ? 'expired' : null;
}

function parseFields(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const value = JSON.parse(json) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The certificate's rows as its publish had them (its language first, then its translations), corrected. */
function correctedRows(
  certificate: CertificateToReplace,
  changes: Readonly<Record<string, string>>,
  { technicalFields, languages }: { technicalFields: readonly string[]; languages: readonly string[] },
): { rows: ImportRow[]; changed: boolean } {
  const fields = parseFields(certificate.data);
  const translationRows = parseFields(certificate.translations);
  // a certificate without translations of a template in several languages came from an 'all' row
  const language =
    Object.keys(translationRows).length === 0 && languages.length > 1 ? ALL_LANGUAGES : certificate.language;
  const main: ImportRow = { [LANGUAGE_KEY]: language, [EMAIL_KEY]: certificate.email, ...fields };
  // the dates the certificate was issued with (today's, when its row had none) stay unless corrected
  main.obtentionDate = fields.obtentionDate || certificate.obtention_date;
  if (certificate.expiration_date && !fields.ExpirationDate) main.ExpirationDate = certificate.expiration_date;
  const translations = Object.entries(translationRows).map(
    ([language, translated]) =>
      ({
        ...(translated as unknown as Record<string, string>),
        [LANGUAGE_KEY]: language,
        [EMAIL_KEY]: certificate.email,
      }) as ImportRow,
  );
  let changed = false;
  for (const [rawColumn, value] of Object.entries(changes)) {
    const column = rawColumn.toLowerCase() === 'email' ? EMAIL_KEY : rawColumn;
    if (column.toLowerCase() === 'language' || technicalFields.includes(column)) {
      throw badRequest(
        CHANGE_REFUSED_CODE,
        `The recipient key and the language of ${certificate.key} cannot be changed by a re-issue: publish a new certificate`,
        { key: certificate.key, column: rawColumn },
      );
    }
    if ((main[column] ?? '') !== value) changed = true;
    main[column] = value;
    // a corrected name or address is corrected in every language the certificate has
    for (const row of translations) if (column === EMAIL_KEY || column in row) row[column] = value;
  }
  return { rows: [main, ...translations], changed };
}

export interface TemplateGroup {
  template: ParsedTemplate;
  technicalFields: string[];
  old: CertificateToReplace[];
  recipients: Recipient[];
}

/** The rows of one template's certificates checked as a publish checks them, as one recipient per certificate. */
async function checkedRecipients(
  template: ParsedTemplate,
  certificates: readonly { certificate: CertificateToReplace; rows: ImportRow[] }[],
): Promise<Recipient[]> {
  const importData = template.parsed.importData;
  const rows = certificates.flatMap((entry) => entry.rows);
  const checked = await runSteps(
    validateImportSteps(await rowsToSheet(rows), serverImportDefinition(importData, MAX_PUBLISH_ROWS * 4)),
  );
  if (!checked.ok) throw rowsRefused(checked);
  const dataErrors = await checkRecipientData(checked.rows);
  if (dataErrors)
    throw new AppError(400, 'ERR_CPF_INCORRECT_DATA', 'Some recipient data are not valid', { data: dataErrors });
  // no row is blank, so the checked rows are the rows given, in their order
  const recipients: Recipient[] = [];
  let next = 0;
  for (const entry of certificates) {
    await cooperate();
    const recipient: Recipient = { rows: new Map() };
    for (let index = 0; index < entry.rows.length; index++) {
      const row = checked.rows[next++];
      recipient.rows.set(row[LANGUAGE_KEY], row);
    }
    recipients.push(recipient);
  }
  return recipients;
}

/** What is asked: a correction (each request's changes), or a renewal to validUntil (else the template's validity). */
type Operation = { kind: 'correction' } | { kind: 'renewal'; validUntil: string | null };

/** A renewal's rows: the certificate's own, issued today, expiring on the renewal's date. */
function renewedRows(
  certificate: CertificateToReplace,
  template: ParsedTemplate,
  today: string,
  validUntil: string | null,
): ImportRow[] | null {
  const expiration = renewalExpiration(today, template.parsed.expiry.validity, validUntil);
  if (!expiration) return null;
  return correctedRows(certificate, { obtentionDate: today, ExpirationDate: expiration }, template.parsed.importData)
    .rows;
}

/** Reads and checks what is asked before anything is written: every refusal comes here, with nothing changed. */
async function prepare(
  ctx: AppContext,
  auth: AuthContext,
  requests: readonly ReissueRequest[],
  operation: Operation,
): Promise<Map<number, TemplateGroup>> {
  const keys = requests.map((request) => request.key);
  const repeated = keys.filter((key, index) => keys.indexOf(key) !== index);
  if (repeated.length > 0)
    throw badRequest(REPEATED_KEYS_CODE, `Certificates named twice: ${[...new Set(repeated)].join(', ')}`, {
      keys: [...new Set(repeated)],
    });
  const found = new Map((await findCertificatesToReplace(ctx.db, auth.issuer.id, keys)).map((c) => [c.key, c]));
  const templates = new Map<number, ParsedTemplate>();
  for (const certificate of found.values()) {
    if (!templates.has(certificate.template_id))
      templates.set(certificate.template_id, await callerTemplate(ctx.db, auth, certificate.template_id));
  }
  const today = todayIso();
  const refused: { key: string; reason: NotReplaceable }[] = [];
  for (const key of keys) {
    const certificate = found.get(key);
    const reason = refusalOf(certificate, certificate && templates.get(certificate.template_id), today, operation.kind);
    if (reason) refused.push({ key, reason });
  }
  if (refused.length > 0) throw notReplaceable(refused);

  const byTemplate = new Map<number, { certificate: CertificateToReplace; rows: ImportRow[] }[]>();
  const unchanged: string[] = [];
  const noValidity: string[] = [];
  for (const request of requests) {
    await cooperate();
    const certificate = found.get(request.key) as CertificateToReplace;
    const template = templates.get(certificate.template_id) as ParsedTemplate;
    let rows: ImportRow[];
    if (operation.kind === 'renewal') {
      const renewed = renewedRows(certificate, template, today, operation.validUntil);
      if (!renewed) noValidity.push(request.key);
      rows = renewed ?? [];
    } else {
      const corrected = correctedRows(certificate, request.changes, template.parsed.importData);
      if (!corrected.changed) unchanged.push(request.key);
      rows = corrected.rows;
    }
    const entries = byTemplate.get(template.id) ?? [];
    entries.push({ certificate, rows });
    byTemplate.set(template.id, entries);
  }
  if (unchanged.length > 0)
    throw badRequest(NOTHING_CHANGED_CODE, `Nothing would change for: ${unchanged.join(', ')}`, { keys: unchanged });
  if (noValidity.length > 0)
    throw badRequest(
      NO_VALIDITY_CODE,
      `No new expiration date: give validUntil, or a validity period to the template of: ${noValidity.join(', ')}`,
      { keys: noValidity },
    );

  const groups = new Map<number, TemplateGroup>();
  for (const [templateId, entries] of byTemplate) {
    const template = templates.get(templateId) as ParsedTemplate;
    groups.set(templateId, {
      template,
      technicalFields: template.parsed.importData.technicalFields,
      old: entries.map((entry) => entry.certificate),
      recipients: await checkedRecipients(template, entries),
    });
  }
  return groups;
}

/**
 * Inside a transaction: the new certificates of these recipients follow the old ones (same order), in a new
 * campaign of the template, charged unless `free`; the old ones are linked with the reason, and a correction marks
 * them replaced (a renewal leaves them valid). Answers the campaign and the pairs of keys; after a correction the
 * caller bumps the status version and recounts the old campaigns.
 */
async function writeReplacements(
  trx: Kysely<Database>,
  auth: AuthContext,
  group: TemplateGroup,
  options: {
    kind: ReplacementKind;
    reason: string;
    free: boolean;
    now: string;
    idempotency?: { key: string; hash: string } | null;
  },
): Promise<{ campaignId: number; pairs: { old: string; new: string }[] }> {
  const { template, recipients, old } = group;
  const count = recipients.length;
  const renewal = options.kind === 'renewal';
  const { campaignId, firstStatusIndex } = await debitNewCampaign(
    trx,
    template,
    count,
    {
      user_id: callerUserId(auth),
      notes: renewal ? RENEWAL_NOTES : CORRECTION_NOTES,
      automated_emailing: 0,
      idempotency_key: options.idempotency?.key ?? null,
      request_hash: options.idempotency?.hash ?? null,
      created_at: options.now,
    },
    { credits: options.free ? 0 : count, reason: renewal ? renewalReason : correctionReason },
  );
  const certificates = await buildCertificates(template, recipients, group.technicalFields, {
    campaignId,
    firstStatusIndex,
    now: options.now,
    today: todayIso(),
  });
  // the same language as the certificate replaced (an 'all' row gives the template's default language, which may have
  // changed since)
  certificates.forEach((certificate, index) => (certificate.language = old[index].language));
  await insertCertificates(trx, certificates);
  await linkReplacements(trx, auth, {
    old,
    newKeys: certificates.map((c) => c.key),
    reason: options.reason,
    now: options.now,
    kind: options.kind,
  });
  await closeNewCampaign(trx, template, campaignId, {
    statusId: certificates[0].status_id,
    count,
    now: options.now,
  });
  return {
    campaignId,
    pairs: old.map((certificate, index) => ({ old: certificate.key, new: certificates[index].key })),
  };
}

/**
 * The hash that binds an Idempotency-Key to one re-issue (the same certificates, changes and reason) or one renewal
 * (the same certificates, validUntil and reason).
 */
function reissueHash(input: { certificates: readonly ReissueRequest[]; reason: string }, operation: Operation): string {
  if (operation.kind === 'renewal') {
    const keys = input.certificates.map(({ key }) => key);
    return createHash('sha256')
      .update(`renew:${JSON.stringify({ keys, validUntil: operation.validUntil, reason: input.reason.trim() })}`)
      .digest('hex');
  }
  const certificates = input.certificates.map(({ key, changes }) => [key, Object.entries(changes).sort()]);
  return createHash('sha256')
    .update(`reissue:${JSON.stringify({ certificates, reason: input.reason.trim() })}`)
    .digest('hex');
}

/**
 * The answer of a re-issue made earlier under this Idempotency-Key (a retry after a lost answer, a second click):
 * the same pairs, read back from the replacements; IDEMPOTENCY_KEY_REUSED when the key came with another re-issue.
 */
async function earlierReissue(
  db: Kysely<Database>,
  auth: AuthContext,
  input: { certificates: readonly ReissueRequest[] },
  idempotency: { key: string; hash: string },
): Promise<ReissueResult | null> {
  const earlier = await findCampaignByIdempotencyKey(db, auth.issuer.id, idempotency.key);
  if (!earlier) return null;
  if (earlier.request_hash !== idempotency.hash) {
    throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different request', {
      campaignId: earlier.id,
    });
  }
  const replacements = await findReplacementsOf(
    db,
    auth.issuer.id,
    input.certificates.map(({ key }) => key),
  );
  // the first campaign is the one holding the key; the others (certificates of other templates) follow in order
  const campaignIds = [earlier.id];
  for (const { key } of input.certificates) {
    const campaignId = replacements.get(key)?.campaignId;
    if (campaignId !== undefined && !campaignIds.includes(campaignId)) campaignIds.push(campaignId);
  }
  return {
    replaced: replacements.size,
    campaignId: earlier.id,
    campaignIds,
    certificates: input.certificates.map(({ key }) => ({ old: key, new: replacements.get(key)?.newKey ?? '' })),
  };
}

/**
 * POST /api/admin/certificates/reissue. With an Idempotency-Key, a repeated call (a retry after a lost answer, a
 * double click) answers the first re-issue and replaces nothing again; the key is kept on the re-issue's first
 * campaign, whose unique index also settles two calls racing with one key.
 */
export async function reissueCertificates(
  ctx: AppContext,
  auth: AuthContext,
  input: { certificates: readonly ReissueRequest[]; reason: string; idempotencyKey?: string | null },
): Promise<ReissueResult> {
  return followCertificates(ctx, auth, input, { kind: 'correction' });
}

export interface RenewResult {
  renewed: number;
  campaignId: number;
  campaignIds: number[];
  certificates: { old: string; new: string }[];
}

/**
 * POST /api/admin/certificates/renew (issue 28): each certificate gets a new one with the same recipient data,
 * issued today and expiring on validUntil (else today plus its template's validity; neither: ERR_NO_VALIDITY), in
 * a campaign "Renewal" per template, one credit each (never free: a renewal is not a correction), linked to the old
 * one as its renewal. The old one is not revoked: it stays valid until its own expiry, its page links the renewal,
 * and it gets no more reminders. The Idempotency-Key works as a re-issue's.
 */
export async function renewCertificates(
  ctx: AppContext,
  auth: AuthContext,
  input: { keys: readonly string[]; validUntil?: string | null; reason?: string; idempotencyKey?: string | null },
): Promise<RenewResult> {
  const validUntil = input.validUntil ? input.validUntil.slice(0, 10) : null;
  if (validUntil !== null && !renewalDateAccepted(validUntil, todayIso()))
    throw badRequest(VALID_UNTIL_PAST_CODE, `validUntil must be after today (${todayIso()})`, { validUntil });
  const { replaced, ...result } = await followCertificates(
    ctx,
    auth,
    {
      certificates: input.keys.map((key) => ({ key, changes: {} })),
      reason: input.reason ?? '',
      idempotencyKey: input.idempotencyKey,
    },
    { kind: 'renewal', validUntil },
  );
  return { renewed: replaced, ...result };
}

/** A re-issue or a renewal, in one transaction; see reissueCertificates and renewCertificates. */
async function followCertificates(
  ctx: AppContext,
  auth: AuthContext,
  input: { certificates: readonly ReissueRequest[]; reason: string; idempotencyKey?: string | null },
  operation: Operation,
): Promise<ReissueResult> {
  const idempotency = input.idempotencyKey ? { key: input.idempotencyKey, hash: reissueHash(input, operation) } : null;
  if (idempotency) {
    const earlier = await earlierReissue(ctx.db, auth, input, idempotency);
    if (earlier) return earlier;
  }
  const reason = input.reason.trim();
  if (operation.kind === 'correction' && reason === '')
    throw badRequest(REASON_REQUIRED_CODE, 'A re-issue needs a reason');
  if (reason.length > REASON_MAX_LENGTH)
    throw badRequest(REASON_REQUIRED_CODE, `A reason has at most ${REASON_MAX_LENGTH} characters`);
  const groups = await prepare(ctx, auth, input.certificates, operation);
  const correction = operation.kind === 'correction';
  let result: { campaignIds: number[]; byOld: Map<string, string> };
  try {
    result = await inTransaction(ctx.db, async (trx) => {
      await lockIssuer(trx, auth.issuer.id);
      // a renewal is not a correction: the plan's free corrections do not apply
      const free = correction && (await planHasFreeCorrections(trx, auth.issuer.plan));
      const now = nowIso();
      const campaignIds: number[] = [];
      const byOld = new Map<string, string>();
      for (const group of groups.values()) {
        const first = campaignIds.length === 0;
        const { campaignId, pairs } = await writeReplacements(trx, auth, group, {
          kind: operation.kind,
          reason,
          free,
          now,
          idempotency: first ? idempotency : null,
        });
        campaignIds.push(campaignId);
        for (const pair of pairs) byOld.set(pair.old, pair.new);
      }
      // a renewal changes no old certificate's status
      if (correction) {
        await bumpStatusVersion(trx, auth.issuer.id);
        await recountCampaigns(
          trx,
          [...groups.values()].flatMap((group) => group.old.map((certificate) => certificate.campaign_id)),
        );
      }
      return { campaignIds, byOld };
    });
  } catch (error) {
    // two calls raced with one key: the loser answers the winner's re-issue
    if (idempotency && isUniqueViolation(error)) {
      const earlier = await earlierReissue(ctx.db, auth, input, idempotency);
      if (earlier) return earlier;
    }
    throw error;
  }
  ctx.jobs.wake();
  return {
    replaced: result.byOld.size,
    campaignId: result.campaignIds[0],
    campaignIds: result.campaignIds,
    certificates: input.certificates.map(({ key }) => ({ old: key, new: result.byOld.get(key) as string })),
  };
}
