import type { ProfileId } from './roles';

/** A user as the admin users list answers it (spec 000 section 3, User). */
export interface UserRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  profile: string;
  profileId: ProfileId;
  orgUnit: string | null;
  hasTotp: boolean;
}

/** Body of POST /api/admin/user; PATCH adds the id. */
export interface UserPayload {
  firstName: string;
  lastName: string;
  email: string;
  profile: ProfileId;
  orgUnit: { name: string } | null;
  notify?: boolean;
}

export const PERSON_NAME_MAX_LENGTH = 60;

/** Org unit of the users table: its name, or -- when empty (spec 000 section 3). */
export function orgUnitLabel(orgUnit: string | null | undefined): string {
  return orgUnit && orgUnit.trim() !== '' ? orgUnit : '--';
}

export interface OrgUnitRow {
  id: number;
  name: string;
  users: number;
}
