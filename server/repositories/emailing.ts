import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** The issuer's certificates with these keys (at most one chunk) whose mail failed (mail_sent 0). */
export function failedMailCertificates(db: Kysely<Database>, issuerId: number, keys: string[]) {
  return db
    .selectFrom('certificates')
    .select(['id', 'template_id', 'language', 'status_id', 'email', 'mail_sent'])
    .where('issuer_id', '=', issuerId)
    .where('key', 'in', keys)
    .where('mail_sent', '=', 0)
    .execute();
}

/** A certificate whose mail failed is unsent again (its mail is to be sent anew). */
export async function markMailUnsent(db: Kysely<Database>, certificateId: number, now: string): Promise<void> {
  await db
    .updateTable('certificates')
    .set({ mail_sent: null, mail_read_at: null, updated_at: now })
    .where('id', '=', certificateId)
    .where('mail_sent', '=', 0)
    .execute();
}
