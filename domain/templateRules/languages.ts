/** Languages a badge's content can be written in (spec 001 section 5); cy is Welsh. */
export const BADGE_LANGUAGES = ['en', 'cy', 'fr', 'es', 'de'] as const;
export type BadgeLanguage = (typeof BADGE_LANGUAGES)[number];

export const DEFAULT_BADGE_LANGUAGE: BadgeLanguage = 'en';
/** The registry templates certify for the French national register, so they start in French. */
export const DEFAULT_REGISTRY_LANGUAGE: BadgeLanguage = 'fr';

export function isBadgeLanguage(value: unknown): value is BadgeLanguage {
  return typeof value === 'string' && (BADGE_LANGUAGES as readonly string[]).includes(value);
}

/** A template's languagesList is a semicolon list ("en;fr"); blanks and repeats are dropped. */
export function parseLanguagesList(list: string | null | undefined): string[] {
  const languages = (list ?? '').split(';').map((language) => language.trim());
  return [...new Set(languages.filter((language) => language !== ''))];
}

export function formatLanguagesList(languages: readonly string[]): string {
  return languages.join(';');
}

export interface LanguageChoice<L extends string = string> {
  /** the chosen languages, the default first, the others in the order chosen */
  languages: L[];
  defaultLanguage: L;
}

/**
 * The editor's language choice made consistent: when the default language is not among the chosen, the first
 * chosen becomes the default; then the default moves to the front, so the editor's data steps start with it.
 * With nothing chosen the default is left as it was (Next stays disabled).
 */
export function orderLanguages<L extends string>(chosen: readonly L[], defaultLanguage: L): LanguageChoice<L> {
  const unique = [...new Set(chosen)];
  if (unique.length === 0) return { languages: [], defaultLanguage };
  const effectiveDefault = unique.includes(defaultLanguage) ? defaultLanguage : unique[0];
  return {
    languages: [effectiveDefault, ...unique.filter((language) => language !== effectiveDefault)],
    defaultLanguage: effectiveDefault,
  };
}

/** Editor modes of spec 001 section 4; duplicating a template opens insert mode. */
export type EditorMode = 'insert' | 'update';

export interface LanguageLockContext {
  mode: EditorMode;
  /** certificates already issued from the template */
  certificationCounter: number;
}

/**
 * Whether the template's existing languages may be unchecked. Certificates already issued hold content in
 * those languages, so once the template has been used they stay; new languages may still be added.
 */
export function canChangeLanguages({ mode, certificationCounter }: LanguageLockContext): boolean {
  return mode === 'insert' || certificationCounter === 0;
}

/** The languages whose checkbox is locked: the saved ones, when they may not change. */
export function lockedLanguages<L extends string>(savedLanguages: readonly L[], context: LanguageLockContext): L[] {
  return canChangeLanguages(context) ? [] : [...savedLanguages];
}
