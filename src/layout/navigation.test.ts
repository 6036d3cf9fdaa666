import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../domain/auth';
import { canAccess } from '../../domain/permissions';
import { PROFILE } from '../../domain/roles';
import { may, rights } from '../components/page';
import { HEADER_ENTRIES, USER_MENU_ENTRIES } from './navigation';

const user = (profileId: number) => ({ profileId }) as CurrentUser;
const visible = (entries: typeof HEADER_ENTRIES, profileId: number) =>
  entries.filter((entry) => entry.visible(user(profileId))).map((entry) => entry.key);

describe('navigation', () => {
  it('shows each profile the header entries of spec 000 section 2.3 its rights open', () => {
    const everyone = ['templates', 'campaigns', 'dashboard', 'search'];
    expect(visible(HEADER_ENTRIES, PROFILE.Administrator)).toEqual([...everyone, 'admin']);
    for (const profile of [PROFILE.Manager, PROFILE.Publisher, PROFILE.Reader])
      expect(visible(HEADER_ENTRIES, profile)).toEqual(everyone);
  });

  it('offers My plan and the profile to Administrators, the tags to Managers, the security page to all', () => {
    expect(visible(USER_MENU_ENTRIES, PROFILE.Administrator)).toEqual(['myplan', 'profile', 'security']);
    expect(visible(USER_MENU_ENTRIES, PROFILE.Manager)).toEqual(['tags', 'security']);
    expect(visible(USER_MENU_ENTRIES, PROFILE.Publisher)).toEqual(['security']);
    expect(visible(USER_MENU_ENTRIES, PROFILE.Reader)).toEqual(['security']);
  });

  it('asks domain/permissions.ts, the rule the server checks, for menus and page guards alike', () => {
    for (const profileId of Object.values(PROFILE)) {
      expect(may('templates', 'edit')(user(profileId))).toBe(
        canAccess(profileId, { resource: 'templates', action: 'edit' }),
      );
      expect(rights.admin(user(profileId))).toBe(canAccess(profileId, { resource: 'admin' }));
      expect(rights.publish(user(profileId))).toBe(profileId !== PROFILE.Reader);
    }
  });
});
