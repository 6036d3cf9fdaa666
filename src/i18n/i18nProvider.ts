import { createInstance, type BackendModule, type i18n, type ReadCallback } from 'i18next';
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

type Messages = Record<string, unknown>;
type MessagesModule = Promise<{ default: Messages }>;

// Each locale file in two chunks (vite.config.ts splits it by src/i18n/messageAreas.ts).
const signInMessages: Record<Language, () => MessagesModule> = {
  en: () => import('../../locales/en.json?area=signIn'),
  fr: () => import('../../locales/fr.json?area=signIn'),
  es: () => import('../../locales/es.json?area=signIn'),
};
const signedInMessages: Record<Language, () => MessagesModule> = {
  en: () => import('../../locales/en.json?area=signedIn'),
  fr: () => import('../../locales/fr.json?area=signedIn'),
  es: () => import('../../locales/es.json?area=signedIn'),
};

/** Whether the signed-in screens' messages are wanted (set by loadSignedInMessages, kept for later languages). */
let signedIn = false;
let instance: i18n | undefined;

/** React-admin's messages and ours, only for the language in use; before sign-in only the sign-in screens' own. */
async function loadMessages(language: Language): Promise<Messages> {
  const [ours, rest, ra] = await Promise.all([
    signInMessages[language](),
    signedIn ? signedInMessages[language]() : undefined,
    raPacks[language](),
  ]);
  const raMessages = groupRaNumbers(convertRaTranslationsToI18next(ra.default) as Messages);
  return { ...raMessages, ...ours.default, ...rest?.default };
}

/**
 * Adds the messages of the signed-in screens to every language loaded so far; later languages load them with
 * the rest. Called with the signed-in layout, before it renders.
 */
export async function loadSignedInMessages(): Promise<void> {
  signedIn = true;
  const current = instance;
  if (!current) return;
  const loaded = SUPPORTED_LANGUAGES.filter((language) => current.hasResourceBundle(language, 'translation'));
  await Promise.all(
    loaded.map(async (language) => {
      const rest = await signedInMessages[language]();
      current.addResourceBundle(language, 'translation', rest.default, true, true);
    }),
  );
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
  const created = createInstance().use(lazyBackend);
  instance = created;
  created.on('languageChanged', (lng) => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
    document.documentElement.lang = lng;
  });
  return getI18nProvider(
    created,
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
