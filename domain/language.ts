export const SUPPORTED_LANGUAGES = ['en', 'fr', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isSupportedLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

export interface LanguageSources {
  /** the lang query parameter, if any */
  query?: string | null;
  /** the choice stored on this browser */
  stored?: string | null;
  /** navigator.language, e.g. fr-CA */
  browser?: string | null;
}

/** Query parameter if supported, else the stored locale, else the browser's first two letters, else en. */
export function chooseLanguage({ query, stored, browser }: LanguageSources): Language {
  const fromQuery = query?.toLowerCase();
  if (isSupportedLanguage(fromQuery)) return fromQuery;
  if (isSupportedLanguage(stored)) return stored;
  const fromBrowser = browser?.slice(0, 2).toLowerCase();
  if (isSupportedLanguage(fromBrowser)) return fromBrowser;
  return DEFAULT_LANGUAGE;
}
