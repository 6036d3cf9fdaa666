import type { Language } from '../../../domain/language';

/** The knowledge base, in French for French readers and in English for everyone else (spec 000 section 2.13). */
export const KNOWLEDGE_BASE_URLS = {
  en: 'https://help.laurel.example/en',
  fr: 'https://help.laurel.example/fr',
} as const;

export function knowledgeBaseUrl(language: Language | string): string {
  return language === 'fr' ? KNOWLEDGE_BASE_URLS.fr : KNOWLEDGE_BASE_URLS.en;
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
