import { PROFILE, type ProfileId } from './roles';

/**
 * The rights of spec 000 section 6, as one pure function used by the server guard and by the web app's
 * auth provider (react-admin's canAccess). Resources are the areas of the product; actions follow react-admin
 * ('list', 'show', 'create', 'edit', 'delete') plus the product's own verbs.
 */
export type Resource =
  | 'admin'
  | 'users'
  | 'org-units'
  | 'api-keys'
  | 'notifications'
  | 'profile'
  | 'billing'
  | 'terms'
  | 'template-tags'
  | 'templates'
  | 'reftables'
  | 'publication'
  | 'campaigns'
  | 'campaign-notes'
  | 'reports'
  | 'emails'
  | 'certificates'
  | 'search'
  | 'badge-images'
  | 'dashboard'
  | 'myplan'
  | 'credit-operations'
  | 'onboarding'
  | 'security';

export type Action = 'list' | 'show' | 'create' | 'edit' | 'delete' | 'enable' | 'disable' | 'publish' | 'send';

export interface AccessRequest {
  resource: Resource;
  action?: Action;
}

const READ_ACTIONS: readonly Action[] = ['list', 'show'];

/** Areas only an Administrator opens at all. */
const ADMINISTRATOR_ONLY: readonly Resource[] = [
  'admin',
  'users',
  'org-units',
  'api-keys',
  'notifications',
  'profile',
  'billing',
];

/** Areas every signed-in user may read and act in for themselves. */
const EVERYONE: readonly Resource[] = ['dashboard', 'myplan', 'onboarding', 'security', 'terms'];

export function isAdministrator(profile: ProfileId): boolean {
  return profile === PROFILE.Administrator;
}

/** Administrator or Manager: create, edit, duplicate, enable, disable templates, pathways, reference tables, tags. */
export function canEditTemplate(profile: ProfileId): boolean {
  return profile === PROFILE.Administrator || profile === PROFILE.Manager;
}

/** Administrator, Manager, Publisher: publish, notes, emails, key deletion, email updates, badge library. */
export function canPublish(profile: ProfileId): boolean {
  return canEditTemplate(profile) || profile === PROFILE.Publisher;
}

export function canAccess(profile: ProfileId, { resource, action = 'list' }: AccessRequest): boolean {
  if (ADMINISTRATOR_ONLY.includes(resource)) return isAdministrator(profile);
  if (EVERYONE.includes(resource)) return true;
  const reading = READ_ACTIONS.includes(action);
  switch (resource) {
    case 'template-tags':
      return canEditTemplate(profile);
    case 'templates':
    case 'reftables':
      return reading || canEditTemplate(profile);
    case 'publication':
    case 'campaign-notes':
    case 'emails':
    case 'badge-images':
      return reading || canPublish(profile);
    case 'credit-operations':
      // the credit log of My plan: every user reads it; operations are written by publication and billing only
      return reading;
    case 'certificates':
    case 'search':
    case 'campaigns':
    case 'reports':
      return reading || canPublish(profile);
    default:
      return false;
  }
}

/** Messages of spec 000 section 6, used as the text of the server's authorization errors. */
export const AUTH_MESSAGES = {
  unauthorized: 'Operation unauthorized',
  missingToken: 'Unable to retrieve token',
  invalidToken: 'Token is invalid',
} as const;
