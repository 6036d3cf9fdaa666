import type { Kysely } from 'kysely';
import { nowIso } from '../db/clock';
import type { Database } from '../db/schema';

export interface NewOnboardingAnswers {
  issuerId: number;
  userId: number;
  language: string;
  answers: Record<string, string[]>;
}

export async function insertOnboardingAnswers(db: Kysely<Database>, row: NewOnboardingAnswers): Promise<number> {
  const inserted = await db
    .insertInto('onboarding_answers')
    .values({
      issuer_id: row.issuerId,
      user_id: row.userId,
      language: row.language,
      answers: JSON.stringify(row.answers),
      submitted_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export function listOnboardingAnswers(db: Kysely<Database>, issuerId: number) {
  return db.selectFrom('onboarding_answers').selectAll().where('issuer_id', '=', issuerId).orderBy('id').execute();
}
