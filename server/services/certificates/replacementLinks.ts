import type { Kysely } from 'kysely';
import type { ReplacementKind } from '../../../domain/certificates';
import type { AuthContext } from '../../auth/guard';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import {
  countRenewable,
  findCertificateIds,
  insertReplacements,
  markReplaced,
  type CertificateToReplace,
} from '../../repositories/replacements';

export const NOT_REPLACEABLE_CODE = 'ERR_CERTIFICATE_NOT_REPLACEABLE';

/** The user a replacement is recorded for: the signed-in user, or the creator of the API key. */
function callerUserId(auth: AuthContext): number | null {
  if (auth.kind === 'system') return null;
  return auth.kind === 'session' ? auth.user.id : auth.apiKey.created_by;
}

/**
 * Records which new certificate (same order) followed each old one. A correction marks the old ones replaced
 * (revoked for good); a renewal leaves them valid until their own expiry (issue 28). Refused when one of them is no
 * longer replaceable or renewable (a concurrent re-issue, renewal or disable): the caller's transaction rolls back.
 */
export async function linkReplacements(
  trx: Kysely<Database>,
  auth: AuthContext,
  replacement: {
    old: readonly Pick<CertificateToReplace, 'id' | 'key'>[];
    newKeys: readonly string[];
    reason: string;
    now: string;
    kind?: ReplacementKind;
  },
): Promise<void> {
  const { old, newKeys, reason, now } = replacement;
  const kind = replacement.kind ?? 'correction';
  const ids = old.map((certificate) => certificate.id);
  const marked = kind === 'renewal' ? await countRenewable(trx, ids) : await markReplaced(trx, ids, now);
  if (marked !== old.length) {
    throw new AppError(409, NOT_REPLACEABLE_CODE, 'A certificate changed meanwhile: nothing was replaced, try again', {
      certificates: [],
    });
  }
  const newIds = await findCertificateIds(trx, newKeys);
  await insertReplacements(
    trx,
    old.map((certificate, index) => ({
      issuer_id: auth.issuer.id,
      old_certificate_id: certificate.id,
      new_certificate_id: newIds.get(newKeys[index]) as number,
      reason,
      user_id: callerUserId(auth),
      created_at: now,
      kind,
    })),
  );
}
