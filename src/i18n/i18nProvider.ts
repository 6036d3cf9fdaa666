import { createInstance, type BackendModule, type ReadCallback } from 'i18next';
import { convertRaTranslationsToI18next, getI18nProvider } from 'ra-i18n-i18next';
import type { I18nProvider, TranslationMessages } from 'react-admin';
import { chooseLanguage, SUPPORTED_LANGUAGES, type Language } from '../../domain/language';
import { groupRaNumbers } from './numberFormat';

export const LANGUAGE_STORAGE_KEY = 'laurel.language';

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français', es: 'Español' };

const raPacks: Record<Language, () => Promise<{ default: TranslationMessages }>> = {
  en: () => import('ra-language-english'),
  fr: () => import('ra-language-french'),
  es: () => import('./raSpanish'),
};

/** Our messages and react-admin's own, loaded together and only for the language in use. */
async function loadMessages(language: Language): Promise<Record<string, unknown>> {
  const [ours, ra] = await Promise.all([import(`../../locales/${language}.json`), raPacks[language]()]);
  const raMessages = groupRaNumbers(convertRaTranslationsToI18next(ra.default) as Record<string, unknown>);
  return { ...raMessages, ...(ours.default as Record<string, unknown>) };
}

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, _namespace: string, callback: ReadCallback) {
    const known = (SUPPORTED_LANGUAGES as readonly string[]).includes(language) ? (language as Language) : 'en';
    loadMessages(known).then(
      (messages) => callback(null, messages),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

export function initialLanguage(): Language {
  return chooseLanguage({
    query: new URLSearchParams(window.location.search).get('lang'),
    stored: localStorage.getItem(LANGUAGE_STORAGE_KEY),
    browser: navigator.language,
  });
}

export async function createI18nProvider(language: Language = initialLanguage()): Promise<I18nProvider> {
  const instance = createInstance().use(lazyBackend);
  instance.on('languageChanged', (lng) => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    document.documentElement.lang = lng;
  });
  return getI18nProvider(
    instance,
    {
      lng: language,
      fallbackLng: false,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      interpolation: { escapeValue: false },
      returnNull: false,
      // A missing key shows as ~key so that it is seen and fixed (spec 000 section 8).
      parseMissingKeyHandler: (key: string, defaultValue?: string) => defaultValue ?? `~${key}`,
    },
    SUPPORTED_LANGUAGES.map((locale) => ({ locale, name: LANGUAGE_NAMES[locale] })),
  );
}
