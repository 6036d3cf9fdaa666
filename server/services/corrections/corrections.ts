import { BRAND_NAMES, chooseBrand } from '../../../domain/brand';
import { CERTIFICATE_STATUS, isExpired } from '../../../domain/certificates';
import {
  checkCorrection,
  correctableFields,
  CORRECTION_ANSWER_MAX_LENGTH,
  isSmallNameChange,
  onlyNamesChange,
  type CorrectionChanges,
  type CorrectionRequestView,
  type CorrectionState,
} from '../../../domain/correctionRequests';
import { RECIPIENT_LANGUAGE } from '../../../domain/emailing';
import { todayIso } from '../../../domain/import';
import { parseJson } from '../../../domain/json';
import type { Language } from '../../../domain/language';
import { systemAuth, type AuthContext } from '../../auth/guard';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/clock';
import { AppError, badRequest, notFound } from '../../errors';
import { serverLanguage } from '../../i18n';
import {
  answerCorrectionRequest,
  correctionCertificate,
  findCorrectionRequest,
  hadAutomaticApproval,
  insertCorrectionRequest,
  listCorrectionRequests,
  pendingRequestOf,
  replacePendingRequest,
  setAutoApproveCorrections,
  type CorrectionCertificate,
  type CorrectionRequestRow,
} from '../../repositories/correctionRequests';
import { findIssuer } from '../../repositories/issuers';
import { mailTemplate } from '../../repositories/emailing';
import { findIssuerTemplate } from '../../repositories/templates';
import { reissueCertificates, REASON_MAX_LENGTH } from '../certificates/reissue';
import { certificateTitle, defaultMessage, mailLanguage } from '../emailing/sendEmails';
import { deliverMail } from '../mail/mailQueue';
import { sendRecipientCode, spendRecipientCode } from '../recipientCodes/recipientCodes';
import { correctionRefusedMail } from './refusalMail';

/**
 * The recipient's correction requests (issue 28). The recipient, proved by a 'correction' code mailed to the
 * certificate's address, asks from the public page that fields be corrected; a certificate has at most one pending
 * request (a second ask replaces the pending one's changes and message: the latest word of the same proved person).
 * The issuer approves (a corrected re-issue of that one certificate: its mail is the recipient's answer) or refuses
 * with a message (mailed in the recipient's language). When the issuer's `auto_approve_corrections` is on, a change
 * of only the name by one or two letters is approved at once, once in a certificate's line, by the issuer itself
 * (SystemAuth: no user recorded).
 */

export const CORRECTION_NOT_AVAILABLE = 'ERR_CORRECTION_NOT_AVAILABLE';
export const CORRECTION_INVALID = 'ERR_CORRECTION_INVALID';
export const CORRECTION_NOT_FOUND = 'ERR_CORRECTION_NOT_FOUND';
export const CORRECTION_ANSWERED = 'ERR_CORRECTION_ANSWERED';
export const CORRECTION_ANSWER_REQUIRED = 'ERR_CORRECTION_ANSWER_REQUIRED';

type Ctx = Pick<AppContext, 'db' | 'config' | 'mailer'>;

/** Whether the recipient may ask for a correction of this certificate: valid, signed, not an NFT, with an address. */
function askable(certificate: CorrectionCertificate | undefined): certificate is CorrectionCertificate {
  return (
    certificate !== undefined &&
    certificate.status_id === CERTIFICATE_STATUS.validated &&
    Boolean(certificate.signed) &&
    certificate.is_nft !== 1 &&
    certificate.email.trim() !== '' &&
    !isExpired(certificate.expiration_date, todayIso())
  );
}

/** The certificate's current values of its recipient fields (its row's data, the name columns as a fallback). */
function currentValues(certificate: CorrectionCertificate): Record<string, string> {
  const data = parseJson<Record<string, unknown>>(certificate.data, {});
  const values: Record<string, string> = {};
  for (const [field, value] of Object.entries(typeof data === 'object' && data !== null ? data : {})) {
    if (typeof value === 'string') values[field] = value;
  }
  values.firstName ??= certificate.first_name;
  values.lastName ??= certificate.last_name;
  return values;
}

async function askableCertificate(ctx: Pick<Ctx, 'db'>, key: string) {
  const certificate = await correctionCertificate(ctx.db, { key });
  if (!askable(certificate)) {
    throw notFound(CORRECTION_NOT_AVAILABLE, 'No correction can be asked for this credential');
  }
  const template = await findIssuerTemplate(ctx.db, certificate.issuer_id, certificate.template_id);
  if (!template) throw notFound(CORRECTION_NOT_AVAILABLE, 'No correction can be asked for this credential');
  return { certificate, template };
}

export interface CorrectionPage {
  title: string;
  language: Language;
  /** the fields the recipient may correct, with their current values */
  fields: { name: string; value: string }[];
  /** a request waits for the issuer's answer */
  pending: boolean;
}

/** What the public correction page shows of a certificate, or null when no correction can be asked for it. */
export async function correctionPage(
  ctx: Pick<Ctx, 'db'>,
  key: string,
  wanted: string | undefined,
): Promise<CorrectionPage | null> {
  const certificate = await correctionCertificate(ctx.db, { key });
  if (!askable(certificate)) return null;
  const template = await findIssuerTemplate(ctx.db, certificate.issuer_id, certificate.template_id);
  if (!template) return null;
  const language = serverLanguage(
    wanted === 'en' || wanted === 'fr' || wanted === 'es' ? wanted : certificate.language,
  );
  const values = currentValues(certificate);
  const mail = await mailTemplate(ctx.db, certificate.template_id);
  return {
    title: certificateTitle(mail, language),
    language,
    fields: correctableFields(template.parsed.importData).map((name) => ({ name, value: values[name] ?? '' })),
    pending: (await pendingRequestOf(ctx.db, certificate.id)) !== undefined,
  };
}

/** The page's first step: a 'correction' code mailed to the certificate's address. */
export async function sendCorrectionCode(
  ctx: Ctx,
  key: string,
  language: Language,
): Promise<{ sentTo: string; validMinutes: number }> {
  const { certificate } = await askableCertificate(ctx, key);
  return sendRecipientCode(ctx, certificate, 'correction', language);
}

function invalid(result: { error: string; field?: string }): AppError {
  return badRequest(CORRECTION_INVALID, `This correction cannot be asked: ${result.error}`, {
    error: result.error,
    ...(result.field ? { field: result.field } : {}),
  });
}

/** The names' columns as a reader of the old page says them; the template's own columns are named as it names them. */
const FIELD_WORDS: Record<string, string> = { firstName: 'first name', lastName: 'last name' };

/** A re-issue's reason for an approved request: which fields the recipient asked to correct (shown on the old page). */
function correctionReasonText(changes: CorrectionChanges): string {
  const fields = Object.keys(changes).map((field) => FIELD_WORDS[field] ?? field);
  const text = `Correction asked by the recipient: ${fields.join(', ')}`;
  return text.slice(0, REASON_MAX_LENGTH);
}

/**
 * The page's second step: the request is checked (checkCorrection: only correctable fields, something changes; a
 * refusal spends no code), the mailed code spent (RECIPIENT_CODE_WRONG / RECIPIENT_CODE_EXPIRED), and the request
 * stored (replacing a pending one). With the issuer's setting on and a small change of the name only, it is approved
 * at once. Answers the request's state and, when approved, the corrected certificate's key.
 */
export async function askCorrection(
  ctx: AppContext,
  key: string,
  input: { code: string; values: Record<string, string>; message: string },
): Promise<{ id: number; status: CorrectionState; replacementKey: string | null }> {
  const { certificate, template } = await askableCertificate(ctx, key);
  const current = currentValues(certificate);
  const checked = checkCorrection(template.parsed.importData, current, input.values, input.message);
  if (!checked.ok) throw invalid(checked);
  await spendRecipientCode(ctx, certificate, 'correction', input.code);
  const now = nowIso();
  const changes = JSON.stringify(checked.changes);
  const pending = await pendingRequestOf(ctx.db, certificate.id);
  let id: number;
  if (
    pending &&
    (await replacePendingRequest(ctx.db, pending.id, { changes, message: checked.message, created_at: now }))
  ) {
    id = Number(pending.id);
  } else {
    id = await insertCorrectionRequest(ctx.db, {
      issuer_id: certificate.issuer_id,
      certificate_id: certificate.id,
      changes,
      message: checked.message,
      created_at: now,
    });
  }
  const automatic = await automaticApproval(ctx, certificate, current, checked.changes, id);
  return automatic ?? { id, status: 'pending', replacementKey: null };
}

/** The automatic approval, when the issuer turned it on and the change is small; null when it does not apply. */
async function automaticApproval(
  ctx: AppContext,
  certificate: CorrectionCertificate,
  current: Record<string, string>,
  changes: CorrectionChanges,
  id: number,
): Promise<{ id: number; status: CorrectionState; replacementKey: string | null } | null> {
  const issuer = await findIssuer(ctx.db, certificate.issuer_id);
  if (!issuer || issuer.auto_approve_corrections !== 1 || issuer.is_blocked === 1) return null;
  if (!onlyNamesChange(changes)) return null;
  const before = { firstName: current.firstName ?? '', lastName: current.lastName ?? '' };
  const after = {
    firstName: changes.firstName?.to ?? before.firstName,
    lastName: changes.lastName?.to ?? before.lastName,
  };
  if (!isSmallNameChange(before, after)) return null;
  if (await hadAutomaticApproval(ctx.db, certificate)) return null;
  try {
    const replacementKey = await approve(ctx, systemAuth(issuer), id, null, true);
    return { id, status: 'approved', replacementKey };
  } catch (error) {
    // not enough credits, a certificate changed meanwhile…: the request stays for the issuer to answer
    if (error instanceof AppError) return null;
    throw error;
  }
}

async function callerRequest(ctx: Pick<Ctx, 'db'>, auth: AuthContext, id: number): Promise<CorrectionRequestRow> {
  const row = await findCorrectionRequest(ctx.db, auth.issuer.id, id);
  if (!row) throw notFound(CORRECTION_NOT_FOUND, 'No such correction request');
  return row;
}

function answeredAlready(): AppError {
  return new AppError(409, CORRECTION_ANSWERED, 'This correction request was already answered');
}

function answeringUser(auth: AuthContext): number | null {
  if (auth.kind === 'system') return null;
  return auth.kind === 'session' ? auth.user.id : auth.apiKey.created_by;
}

/**
 * The corrected re-issue of the request's certificate with the changes asked, then the request marked approved
 * with the new key. The re-issue runs under the Idempotency-Key `correction-request-<id>`: an approval retried
 * after a crash between the two answers the first re-issue and replaces nothing again.
 */
async function approve(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  note: string | null,
  automatic: boolean,
): Promise<string> {
  const row = await callerRequest(ctx, auth, id);
  if (row.status !== 'pending') throw answeredAlready();
  const changes = parseJson<CorrectionChanges>(row.changes, {});
  const result = await reissueCertificates(ctx, auth, {
    certificates: [
      { key: row.certificate_key, changes: Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c.to])) },
    ],
    reason: correctionReasonText(changes),
    idempotencyKey: `correction-request-${row.id}`,
  });
  const replacementKey = result.certificates[0].new;
  const marked = await answerCorrectionRequest(ctx.db, row.id, {
    status: 'approved',
    answer: note,
    answered_at: nowIso(),
    answered_by: answeringUser(auth),
    automatic: automatic ? 1 : 0,
    replacement_key: replacementKey,
  });
  if (!marked) throw answeredAlready();
  return replacementKey;
}

/** POST /api/admin/correction-requests/:id/approve. */
export async function approveCorrection(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  note: string | null,
): Promise<CorrectionRequestView> {
  const clean = note?.trim() ?? '';
  if (clean.length > CORRECTION_ANSWER_MAX_LENGTH) throw badRequest(CORRECTION_ANSWER_REQUIRED, 'A message too long');
  await approve(ctx, auth, id, clean === '' ? null : clean, false);
  return getCorrection(ctx, auth, id);
}

/** POST /api/admin/correction-requests/:id/refuse: the request refused with a message, mailed to the recipient. */
export async function refuseCorrection(
  ctx: AppContext,
  auth: AuthContext,
  id: number,
  message: string,
): Promise<CorrectionRequestView> {
  const answer = message.trim();
  if (answer === '' || answer.length > CORRECTION_ANSWER_MAX_LENGTH) {
    throw badRequest(
      CORRECTION_ANSWER_REQUIRED,
      `A refusal needs a message (at most ${CORRECTION_ANSWER_MAX_LENGTH} characters)`,
    );
  }
  const row = await callerRequest(ctx, auth, id);
  if (row.status !== 'pending') throw answeredAlready();
  const marked = await answerCorrectionRequest(ctx.db, row.id, {
    status: 'refused',
    answer,
    answered_at: nowIso(),
    answered_by: answeringUser(auth),
    automatic: 0,
    replacement_key: null,
  });
  if (!marked) throw answeredAlready();
  const certificate = await correctionCertificate(ctx.db, { id: row.certificate_id });
  if (certificate && certificate.email.trim() !== '') {
    const language = mailLanguage(certificate.language, RECIPIENT_LANGUAGE);
    const settings = defaultMessage(ctx, auth.issuer, certificate.template_id, language);
    const template = await mailTemplate(ctx.db, certificate.template_id);
    await deliverMail(
      ctx,
      correctionRefusedMail({
        to: certificate.email,
        language,
        name: `${certificate.first_name} ${certificate.last_name}`.trim(),
        issuer: auth.issuer.name,
        title: certificateTitle(template, certificate.language),
        product: BRAND_NAMES[chooseBrand(new URL(ctx.config.publicUrl).hostname)],
        answer,
        link: `${ctx.config.publicUrl}/certificate/${certificate.key}`,
        from: settings.from,
        replyTo: settings.replyTo,
      }),
    );
  }
  return getCorrection(ctx, auth, id);
}

function view(row: CorrectionRequestRow): CorrectionRequestView {
  return {
    id: Number(row.id),
    certificateKey: row.certificate_key,
    status: row.status as CorrectionState,
    changes: parseJson<CorrectionChanges>(row.changes, {}),
    message: row.message,
    answer: row.answer,
    createdAt: row.created_at,
    answeredAt: row.answered_at,
    answeredBy: row.answered_by,
    automatic: row.automatic === 1,
    replacementKey: row.replacement_key,
    email: row.certificate_email,
    templateId: row.template_id,
  };
}

/** GET /api/admin/correction-requests/:id (another issuer's is not found). */
export async function getCorrection(
  ctx: Pick<Ctx, 'db'>,
  auth: AuthContext,
  id: number,
): Promise<CorrectionRequestView> {
  return view(await callerRequest(ctx, auth, id));
}

/** GET /api/admin/correction-requests: the issuer's requests, newest first. */
export async function listCorrections(
  ctx: Pick<Ctx, 'db'>,
  auth: AuthContext,
  filter: { statuses?: readonly string[]; certificateKeys?: readonly string[]; limit: number; offset: number },
): Promise<{ data: CorrectionRequestView[]; total: number }> {
  const { rows, total } = await listCorrectionRequests(ctx.db, auth.issuer.id, filter);
  return { data: rows.map(view), total };
}

/** GET /api/admin/correction-settings. */
export function correctionSettings(auth: AuthContext): { autoApprove: boolean } {
  return { autoApprove: auth.issuer.auto_approve_corrections === 1 };
}

/** PUT /api/admin/correction-settings: the issuer's automatic approval of small name changes. */
export async function setCorrectionSettings(
  ctx: Pick<Ctx, 'db'>,
  auth: AuthContext,
  autoApprove: boolean,
): Promise<{ autoApprove: boolean }> {
  await setAutoApproveCorrections(ctx.db, auth.issuer.id, autoApprove);
  return { autoApprove };
}
