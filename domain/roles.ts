/** Profile ids of spec 000 section 6 (that table wins over any other reading). */
export const PROFILE = {
  Administrator: 1,
  Publisher: 2,
  Reader: 3,
  Manager: 6,
} as const;

export type ProfileId = (typeof PROFILE)[keyof typeof PROFILE];
export type ProfileName = keyof typeof PROFILE;

export const PROFILE_IDS: readonly ProfileId[] = [1, 2, 3, 6];

export function isProfileId(value: unknown): value is ProfileId {
  return typeof value === 'number' && (PROFILE_IDS as readonly number[]).includes(value);
}

export function profileName(id: ProfileId): ProfileName {
  const entry = Object.entries(PROFILE).find(([, v]) => v === id);
  if (!entry) throw new Error(`unknown profile ${id}`);
  return entry[0] as ProfileName;
}

/** JWT role claims carry a 5-character prefix that readers strip (spec 000 section 3). */
export const ROLE_PREFIX = 'ROLE_';

export function roleClaim(id: ProfileId): string {
  return ROLE_PREFIX + profileName(id);
}

export function profileFromRoleClaims(roles: readonly string[]): ProfileId | null {
  for (const role of roles) {
    const name = role.slice(ROLE_PREFIX.length) as ProfileName;
    if (name in PROFILE) return PROFILE[name];
  }
  return null;
}

/** A blocked issuer makes all its users Readers (spec 000 section 4). */
export function effectiveProfile(profile: ProfileId, issuerBlocked: boolean): ProfileId {
  return issuerBlocked ? PROFILE.Reader : profile;
}
