import { loadConfig, type Config } from '../server/config';
import type { Kysely } from 'kysely';
import type { Database } from '../server/db/schema';

/**
 * A bench server's settings: its data folder, no web root unless given, no logs and no job polling (a bench drives
 * what it measures itself), and whatever else the bench sets.
 */
export function benchConfig(dataDir: string, settings: Record<string, string> = {}): Config {
  return loadConfig({ DATA_DIR: dataDir, WEB_ROOT: 'none', LOG_LEVEL: 'silent', JOB_POLL_MS: '0', ...settings });
}

/** The user of this address as one returning to the app: the terms accepted, its issuer past the onboarding. */
export async function markReturningUser(db: Kysely<Database>, email: string): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'issuer_id'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  await db.updateTable('users').set({ ok_cgu: 1, ok_notice: 1 }).where('id', '=', user.id).execute();
  const issuer = await db
    .selectFrom('issuers')
    .select('params')
    .where('id', '=', user.issuer_id)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('issuers')
    .set({ params: JSON.stringify({ ...(JSON.parse(issuer.params) as object), onboarded: true }) })
    .where('id', '=', user.issuer_id)
    .execute();
}
