import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import type { Dialect } from './db/connection';
import type { Config } from './config';
import type { SessionTokens } from './auth/sessionTokens';
import type { JobQueue } from './ports/jobQueue';
import type { Mailer } from './ports/mailer';
import type { DatabaseHealth } from './db/databaseHealth';
import type { FileStore } from './ports/fileStore';
import type { RateLimits } from './auth/rateLimiter';
import type { LedgerChain } from './ports/ledgerChain';
import type { TemplatePreviews } from './ports/templatePreviews';
import type { ActivityRecorder } from './ports/activityRecorder';

/** What route modules and services share: built once by buildApp and passed down. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  tokens: SessionTokens;
  mailer: Mailer;
  jobs: JobQueue;
  /** whether the database answers (GET /api/health, 503 answers while it does not) */
  databaseHealth: DatabaseHealth;
  /** stored files (DATA_DIR/files, or the S3 bucket every server shares) */
  files: FileStore;
  /** counters of the sign-in, contact and document limits (shared through PostgreSQL, in memory on SQLite) */
  limits: RateLimits;
  /** the EVM chain NFT certificates are anchored and minted on (NFT_RPC_URL), or null: the transparency log alone */
  chain: LedgerChain | null;
  /** the tokens that let staff see a template's public page and thumbnail before it is public */
  previews: TemplatePreviews;
  /** counts what recipients did with their certificates (issue 31): views, downloads, LinkedIn, verifications */
  activity: ActivityRecorder;
}
