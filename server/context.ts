import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { Dialect } from './db/connection';
import type { Config } from './config';
import type { SessionTokens } from './auth/sessionTokens';
import type { JobRunner } from './services/jobs/jobRunner';
import type { Mailer } from './services/mail/mailer';
import type { DatabaseHealth } from './db/databaseHealth';

/** What route modules and services share: built once by buildApp and passed down. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  tokens: SessionTokens;
  mailer: Mailer;
  jobs: JobRunner;
  /** whether the database answers (GET /api/health, 503 answers while it does not) */
  databaseHealth: DatabaseHealth;
}
