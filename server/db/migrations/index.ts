import type { Migration } from 'kysely';
import * as foundation from './2026-11-22T1900_foundation';
import * as templates from './2026-11-22T1930_templates';
import * as apiKeys from './2026-11-22T2000_api_keys';

/** Every migration, in order. Names are dates; a landed migration is frozen: add a new one to change the schema. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T1900_foundation': foundation,
  '2026-11-22T1930_templates': templates,
  '2026-11-22T2000_api_keys': apiKeys,
};
