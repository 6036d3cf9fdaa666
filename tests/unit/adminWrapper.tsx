import { createInstance } from 'i18next';
import { convertRaTranslationsToI18next, getI18nProvider } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import type { ReactNode } from 'react';
import { AdminContext, memoryStore, type I18nProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import en from '../../locales/en.json';
import { authProvider } from '../../src/authProvider/authProvider';
import { dataProvider } from '../../src/dataProvider/dataProvider';

/** The real English messages, synchronously ready, for component tests. */
export async function testI18nProvider(): Promise<I18nProvider> {
  return getI18nProvider(createInstance(), {
    lng: 'en',
    resources: { en: { translation: { ...convertRaTranslationsToI18next(englishMessages), ...en } } },
    interpolation: { escapeValue: false },
    parseMissingKeyHandler: (key: string, defaultValue?: string) => defaultValue ?? `~${key}`,
  });
}

/** A small admin around one component: memory router and store, the real providers (msw answers the API). */
export function AdminWrapper({
  children,
  i18nProvider,
  path = '/',
}: {
  children: ReactNode;
  i18nProvider: I18nProvider;
  path?: string;
}) {
  return (
    <MemoryRouter initialEntries={[path]}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        store={memoryStore()}
      >
        {children}
      </AdminContext>
    </MemoryRouter>
  );
}
