import { createInstance } from 'i18next';
import { convertRaTranslationsToI18next } from 'ra-i18n-i18next';
import englishMessages from 'ra-language-english';
import frenchMessages from 'ra-language-french';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import es from '../../locales/es.json';
import fr from '../../locales/fr.json';
import { formatNumber, groupRaNumbers } from './numberFormat';
import spanishMessages from './raSpanish';

// French groups with a narrow no-break space (U+202F); compared as a plain space for readability.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

describe('formatNumber', () => {
  it('groups thousands the way each language writes them', () => {
    expect(formatNumber(10000, 'en')).toBe('10,000');
    expect(plain(formatNumber(10000, 'fr'))).toBe('10 000');
    expect(formatNumber(10000, 'es')).toBe('10.000');
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(plain(formatNumber(1234567, 'fr'))).toBe('1 234 567');
    expect(formatNumber(1234567, 'es')).toBe('1.234.567');
  });

  it('leaves small numbers and negatives readable', () => {
    expect(formatNumber(0, 'fr')).toBe('0');
    expect(formatNumber(25, 'es')).toBe('25');
    expect(formatNumber(-12000, 'en')).toBe('-12,000');
  });
});

describe('groupRaNumbers', () => {
  async function pageRange(language: string, messages: object, total: number) {
    const i18n = createInstance();
    const converted = groupRaNumbers(convertRaTranslationsToI18next(messages) as Record<string, unknown>);
    await i18n.init({ lng: language, resources: { [language]: { translation: converted } } });
    return plain(i18n.t('ra.navigation.page_range_info', { offsetBegin: 9976, offsetEnd: 10000, total }));
  }

  it("groups react-admin's pagination range in en, fr and es", async () => {
    expect(await pageRange('en', englishMessages, 12345)).toBe('9,976-10,000 of 12,345');
    expect(await pageRange('fr', frenchMessages, 12345)).toBe('9 976-10 000 sur 12 345');
    expect(await pageRange('es', spanishMessages, 12345)).toBe('9976-10.000 de 12.345');
  });

  it('groups the selection count and keeps other messages as they are', async () => {
    const i18n = createInstance();
    const converted = groupRaNumbers(convertRaTranslationsToI18next(frenchMessages) as Record<string, unknown>);
    await i18n.init({ lng: 'fr', resources: { fr: { translation: converted } } });
    expect(plain(i18n.t('ra.action.bulk_actions', { count: 10000, smart_count: 10000 }))).toMatch(/^10 000 /);
    expect(i18n.t('ra.action.save')).toBe('Enregistrer');
    expect(groupRaNumbers({ a: { b: 'Delete %{name}', c: 3 } })).toEqual({ a: { b: 'Delete %{name}', c: 3 } });
  });
});

describe('our messages', () => {
  const locales = { en, fr, es };

  function strings(tree: unknown): string[] {
    if (typeof tree === 'string') return [tree];
    if (typeof tree !== 'object' || tree === null) return [];
    return Object.values(tree).flatMap(strings);
  }

  it('format every count and range with the number formatter, in en, fr and es', () => {
    for (const messages of Object.values(locales))
      expect(strings(messages).filter((text) => /\{\{\s*(count|from|to)\s*\}\}/.test(text))).toEqual([]);
  });

  it('show a large count grouped in each language', async () => {
    const expected = { en: /^10,000 /, fr: /^10 000 /, es: /^10\.000 / };
    const hints = {
      en: '9,500 active out of 10,000 certified',
      fr: '9 500 actifs sur 10 000 certifiés',
      es: '9500 activos de 10.000 certificados',
    };
    const moreThan = {
      en: '1,001-1,020 of more than 2,020',
      fr: '1 001-1 020 sur plus de 2 020',
      es: '1001-1020 de más de 2020',
    };
    for (const [language, messages] of Object.entries(locales)) {
      const i18n = createInstance();
      await i18n.init({ lng: language, resources: { [language]: { translation: messages } } });
      expect(plain(i18n.t('search.results', { count: 10000 }))).toMatch(expected[language as keyof typeof expected]);
      expect(plain(i18n.t('campaigns.counter_hint', { active: 9500, certified: 10000 }))).toBe(
        hints[language as keyof typeof hints],
      );
      expect(plain(i18n.t('reports.range_more_than', { from: 1001, to: 1020, total: 2020 }))).toBe(
        moreThan[language as keyof typeof moreThan],
      );
    }
  });
});
