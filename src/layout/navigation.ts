import type { CurrentUser } from '../../domain/auth';
import { canEditTemplate, isAdministrator } from '../../domain/permissions';
import { DASHBOARD_PATH } from '../custom-pages/dashboard/paths';
import { MY_PLAN_PATH } from '../resources/credit-operations/paths';

/**
 * Header entries of spec 000 section 2.3, in order. An entry is listed here once its page exists;
 * `visible` mirrors the server's rights.
 */
export interface NavEntry {
  key: string;
  path: string;
  visible: (user: CurrentUser) => boolean;
}

export const HEADER_ENTRIES: NavEntry[] = [
  { key: 'templates', path: '/templates', visible: () => true },
  { key: 'campaigns', path: '/campaigns', visible: () => true },
  { key: 'dashboard', path: DASHBOARD_PATH, visible: () => true },
  { key: 'search', path: '/search', visible: () => true },
  { key: 'admin', path: '/admin', visible: (user) => isAdministrator(user.profileId) },
];

export const USER_MENU_ENTRIES: NavEntry[] = [
  { key: 'myplan', path: MY_PLAN_PATH, visible: (user) => isAdministrator(user.profileId) },
  { key: 'profile', path: '/profile', visible: (user) => isAdministrator(user.profileId) },
  // administrators reach the tags from the administration's tabs
  {
    key: 'tags',
    path: '/template-tags',
    visible: (user) => canEditTemplate(user.profileId) && !isAdministrator(user.profileId),
  },
  { key: 'security', path: '/security', visible: () => true },
];
