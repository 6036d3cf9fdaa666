import type { Kysely } from 'kysely';
import type { Database, Template } from '../db/schema';

export function listIssuerTemplates(db: Kysely<Database>, issuerId: number): Promise<Template[]> {
  return db
    .selectFrom('templates')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .orderBy('created_at', 'desc')
    .execute();
}
