import { PROFILE, type ProfileId } from './roles';

/** The four API key generators of spec 000 section 2.9, each carrying one profile's rights. */
export const API_KEY_LEVELS = [
  { key: 'technical', level: PROFILE.Administrator },
  { key: 'manager', level: PROFILE.Manager },
  { key: 'publisher', level: PROFILE.Publisher },
  { key: 'reader', level: PROFILE.Reader },
] as const satisfies readonly { key: string; level: ProfileId }[];

/** Our keys start with this prefix, so that they are recognised (and found by secret scanners) at a glance. */
export const API_KEY_PREFIX = 'lrl_';

/** The generator's states (spec 000 section 4): INIT, WARN (typed word), DONE (key shown once). */
export type ApiKeyGeneratorState = { step: 'INIT' } | { step: 'WARN'; typed: string } | { step: 'DONE'; key: string };

export interface ApiKeyRow {
  id: number;
  level: ProfileId;
  createdAt: string;
  createdBy: string | null;
  lastUsedAt: string | null;
  revokedAt: string | null;
}
