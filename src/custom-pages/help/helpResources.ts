import type { CurrentUser } from '../../../domain/auth';
import { canEditTemplate, isAdministrator } from '../../../domain/permissions';

/**
 * The knowledge base of HELP_URL for a reader of `language`: a `{lang}` in the address becomes the language
 * (https://kb.example.org/{lang}/ gives …/fr/ to French readers).
 */
export function knowledgeBaseUrl(helpUrl: string, language: string): string {
  return helpUrl.replaceAll('{lang}', encodeURIComponent(language));
}

export type GuideEntry =
  'templates' | 'badge_images' | 'campaigns' | 'search' | 'dashboard' | 'admin' | 'tags' | 'security';

/** The screens the built-in guide names for this user, in the header's order (the server's rights mirrored). */
export function guideEntries(user: Pick<CurrentUser, 'profileId'>): GuideEntry[] {
  const admin = isAdministrator(user.profileId);
  return [
    'templates',
    'badge_images',
    'campaigns',
    'search',
    'dashboard',
    ...(admin ? (['admin'] as const) : []),
    // administrators reach the tags from the administration, editors from the account menu
    ...(canEditTemplate(user.profileId) ? (['tags'] as const) : []),
    'security',
  ];
}

/**
 * Where the guided tour (spec 000 section 2.15) records that it was closed on this browser. Outside react-admin's
 * store ("laurel." keys), whose reset at logout would start the tour again at every sign-in.
 */
export const TOUR_DONE_STORAGE_KEY = 'laurel_tour_done';

/** Only free-trial accounts get the tour, so only they can start it again. */
export function canResetTour(plan: string): boolean {
  return plan === 'FREE_TRIAL';
}

export function resetTour(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  storage.removeItem(TOUR_DONE_STORAGE_KEY);
}
