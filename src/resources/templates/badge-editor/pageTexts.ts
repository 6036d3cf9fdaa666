import { useEffect, useState } from 'react';
import { isSupportedLanguage, type Language } from '../../../../domain/language';
import { fillMessage, messageAt } from '../../../../domain/messageTree';

/** The public page's own texts (publicPage.* of the locale files), as the page shows them in `language`. */
export type PageTexts = (key: string, vars?: Record<string, string>) => string;

/** The page speaks en, fr and es; a badge in another language shows its default titles in English. */
export function pageLanguage(language: string): Language {
  return isSupportedLanguage(language) ? language : 'en';
}

export function pageTexts(messages: unknown): PageTexts {
  return (key, vars = {}) => fillMessage(messageAt(messages, `publicPage.${key}`) ?? key, vars);
}

/**
 * The page texts in the preview's language, loaded on demand (the same locale chunks the app loads); null
 * while loading.
 */
export function usePageTexts(language: string): PageTexts | null {
  const wanted = pageLanguage(language);
  const [loaded, setLoaded] = useState<{ language: Language; texts: PageTexts } | null>(null);
  useEffect(() => {
    let active = true;
    import(`../../../../locales/${wanted}.json`).then(
      (module: { default: unknown }) => active && setLoaded({ language: wanted, texts: pageTexts(module.default) }),
      () => active && setLoaded({ language: wanted, texts: pageTexts({}) }),
    );
    return () => {
      active = false;
    };
  }, [wanted]);
  return loaded?.language === wanted ? loaded.texts : null;
}
