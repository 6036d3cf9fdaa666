import type { Kysely } from 'kysely';
import { nowIso } from '../db/clock';
import type { Database, OutboxMessage } from '../db/schema';

export async function insertOutboxMessage(
  db: Kysely<Database>,
  message: { to: string; subject: string; text: string; html: string },
): Promise<void> {
  await db
    .insertInto('outbox')
    .values({
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html,
      created_at: nowIso(),
    })
    .execute();
}

export function listOutbox(db: Kysely<Database>, to?: string): Promise<OutboxMessage[]> {
  let query = db.selectFrom('outbox').selectAll().orderBy('id');
  if (to) query = query.where('to_address', '=', to);
  return query.execute();
}
