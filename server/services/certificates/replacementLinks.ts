import type { Kysely } from 'kysely';
import type { AuthContext } from '../../auth/guard';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';
import {
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
 * Marks the old certificates replaced and records which new certificate (same order) replaced each. Refused when
 * one of them is no longer replaceable (a concurrent re-issue or disable): the caller's transaction rolls back.
 */
export async function linkReplacements(
  trx: Kysely<Database>,
  auth: AuthContext,
  replacement: {
    old: readonly Pick<CertificateToReplace, 'id' | 'key'>[];
    newKeys: readonly string[];
    reason: string;
    now: string;
  },
): Promise<void> {
  const { old, newKeys, reason, now } = replacement;
  const marked = await markReplaced(
    trx,
    old.map((certificate) => certificate.id),
    now,
  );
  if (marked !== old.length) {
    throw new AppError(409, NOT_REPLACEABLE_CODE, 'A certificate changed meanwhile: nothing was replaced, try again', {
      certificates: [],
    });
  }
  const ids = await findCertificateIds(trx, newKeys);
  await insertReplacements(
    trx,
    old.map((certificate, index) => ({
      issuer_id: auth.issuer.id,
      old_certificate_id: certificate.id,
      new_certificate_id: ids.get(newKeys[index]) as number,
      reason,
      user_id: callerUserId(auth),
      created_at: now,
    })),
  );
}
