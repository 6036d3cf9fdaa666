import type { Kysely } from 'kysely';
import { CERTIFICATE_STATUS, statusAfter, type CertificateOperation } from '../../../domain/certificates';
import { isValidEmail, sanitizeEmail } from '../../../domain/email';
import { REPORT_NOTE_MAX_LENGTH } from '../../../domain/reports';
import { nowIso } from '../../db/clock';
import type { Database } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { inTransaction } from '../../db/transactions';
import { bumpStatusVersion, recountCampaigns } from '../../repositories/certificates';
import {
  certificateWithType,
  operationTargets,
  setCampaignNotes,
  setCertificateEmail,
  setCertificateStatus,
  type OperationTarget,
} from '../../repositories/reports/certificateOperations';

/** The most certificates one bulk call changes. */
export const MAX_BULK_KEYS = 10_000;
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

const operationRefused = (operation: CertificateOperation, reason: string, message: string) =>
  new AppError(409, 'OPERATION_REFUSED', message, { operation, reason });

export interface OperationResult {
  /** certificates whose status changed */
  updated: number;
  /** certificates named that were not found or whose status does not allow the operation */
  skipped: number;
}

/**
 * Disable, enable or delete certificates by key (spec 002 section 4): disable 1/13/14 → 9, enable 9 → 1,
 * delete any active or disabled → 3. Deleting is refused for NFT templates; enabling and disabling for
 * templates without fields to certify. The statuses and the issuer's status-list version change in one
 * transaction, so the signed status lists (revocation for 3, suspension for 9) follow at once.
 */
export async function changeCertificateStatuses(
  db: Kysely<Database>,
  issuerId: number,
  keys: readonly string[],
  operation: CertificateOperation,
  campaignId?: number,
): Promise<OperationResult> {
  const unique = [...new Set(keys)];
  if (unique.length > MAX_BULK_KEYS) throw badRequest('TOO_MANY_KEYS', `At most ${MAX_BULK_KEYS} keys per call`);
  return inTransaction(db, async (trx) => {
    const found: OperationTarget[] = [];
    for (const part of chunks(unique)) found.push(...(await operationTargets(trx, issuerId, part, campaignId)));
    if (operation === 'delete' && found.some((row) => row.is_nft === 1)) {
      throw operationRefused(operation, 'nft', 'Certificates of an NFT template cannot be deleted');
    }
    if (operation !== 'delete' && found.some((row) => row.fields_to_certified.trim() === '')) {
      throw operationRefused(operation, 'no_fields_to_certify', 'This template has no fields to certify');
    }
    const now = nowIso();
    const byTarget = new Map<number, number[]>();
    for (const row of found) {
      const target = statusAfter(operation, row.status_id);
      if (target === null) continue;
      byTarget.set(target, [...(byTarget.get(target) ?? []), row.id]);
    }
    let updated = 0;
    for (const [target, ids] of byTarget) {
      for (const part of chunks(ids)) {
        updated += await setCertificateStatus(trx, part, target, now);
      }
    }
    if (updated > 0) {
      await bumpStatusVersion(trx, issuerId);
      const changed = new Set([...byTarget.values()].flat());
      await recountCampaigns(
        trx,
        found.filter((row) => changed.has(row.id)).map((row) => row.campaign_id),
      );
    }
    return { updated, skipped: unique.length - updated };
  });
}

/** PUT /api/admin/email: a recipient's address, not for open badges (their credential names the address). */
export async function updateCertificateEmail(
  db: Kysely<Database>,
  issuerId: number,
  id: number,
  rawEmail: string,
): Promise<{ id: number; email: string }> {
  const email = sanitizeEmail(rawEmail);
  if (!isValidEmail(email)) throw badRequest('BAD_EMAIL_FORMAT', 'The email address is not valid');
  const certificate = await certificateWithType(db, issuerId, id);
  if (!certificate) throw notFound('CERTIFICATE_NOT_FOUND', 'No such certificate');
  if (certificate.type === 'openbadge' || certificate.type === 'openbadge_custom') {
    throw operationRefused('enable', 'openbadge', "An open badge's recipient address cannot be changed");
  }
  if (certificate.status_id === CERTIFICATE_STATUS.deleted)
    throw notFound('CERTIFICATE_NOT_FOUND', 'No such certificate');
  await setCertificateEmail(db, id, email, nowIso());
  return { id, email };
}

/** PUT /api/admin/campaign/notes: max 60 characters; an empty text deletes the note. */
export async function updateCampaignNotes(
  db: Kysely<Database>,
  issuerId: number,
  campaignId: number,
  notes: string,
): Promise<{ campaignId: number; notes: string }> {
  const text = notes.trim();
  if (text.length > REPORT_NOTE_MAX_LENGTH) {
    throw badRequest('NOTE_TOO_LONG', `A note has at most ${REPORT_NOTE_MAX_LENGTH} characters`);
  }
  if (!(await setCampaignNotes(db, issuerId, campaignId, text)))
    throw notFound('CAMPAIGN_NOT_FOUND', 'No such campaign');
  return { campaignId, notes: text };
}
