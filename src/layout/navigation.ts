import type { CurrentUser } from '../../domain/auth';
import { may, rights } from '../components/page';
import { DASHBOARD_PATH } from '../custom-pages/dashboard/paths';
import { MY_PLAN_PATH } from '../resources/credit-operations/paths';

/**
 * Header entries of spec 000 section 2.3, in order. An entry is listed here once its page exists; `visible` is the
 * area's rule in domain/permissions.ts (through `may`), the one the server checks.
 */
export interface NavEntry {
  key: string;
  path: string;
  visible: (user: CurrentUser) => boolean;
}

export const HEADER_ENTRIES: NavEntry[] = [
  { key: 'templates', path: '/templates', visible: may('templates') },
  { key: 'campaigns', path: '/campaigns', visible: may('campaigns') },
  { key: 'dashboard', path: DASHBOARD_PATH, visible: may('dashboard') },
  { key: 'search', path: '/search', visible: may('search') },
  { key: 'admin', path: '/admin', visible: rights.admin },
];

export const USER_MENU_ENTRIES: NavEntry[] = [
  // My plan is where the plan and credits are bought: the menu offers it to those who may buy (billing)
  { key: 'myplan', path: MY_PLAN_PATH, visible: may('billing') },
  { key: 'profile', path: '/profile', visible: may('profile') },
  // administrators reach the tags from the administration's tabs
  { key: 'tags', path: '/template-tags', visible: (user) => may('template-tags')(user) && !rights.admin(user) },
  { key: 'security', path: '/security', visible: may('security') },
];
