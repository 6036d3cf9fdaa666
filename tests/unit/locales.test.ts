import fs from 'node:fs';
import { describe, expect, it } from 'vitest';

function flatten(tree: Record<string, unknown>, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(tree).flatMap(([key, value]) =>
      value && typeof value === 'object'
        ? Object.entries(flatten(value as Record<string, unknown>, `${prefix}${key}.`))
        : [[`${prefix}${key}`, String(value)]],
    ),
  );
}

const locales = Object.fromEntries(
  ['en', 'fr', 'es'].map((language) => [
    language,
    flatten(JSON.parse(fs.readFileSync(`locales/${language}.json`, 'utf8')) as Record<string, unknown>),
  ]),
);

describe('locales', () => {
  it('have the same keys in en, fr and es', () => {
    expect(Object.keys(locales.fr).sort()).toEqual(Object.keys(locales.en).sort());
    expect(Object.keys(locales.es).sort()).toEqual(Object.keys(locales.en).sort());
  });

  it('have no empty message and keep every placeholder', () => {
    for (const [key, english] of Object.entries(locales.en)) {
      const placeholders = (english.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort();
      for (const language of ['fr', 'es']) {
        const message = locales[language][key];
        expect(message.trim(), `${language} ${key}`).not.toBe('');
        expect((message.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort(), `${language} ${key}`).toEqual(placeholders);
      }
    }
  });

  it('hold no placeholder left by npm run new-resource', () => {
    const placeholders = ['fr', 'es'].flatMap((language) =>
      Object.entries(locales[language])
        .filter(([, message]) => message.startsWith(`TODO(${language})`))
        .map(([key]) => `${language} ${key}`),
    );
    expect(placeholders).toEqual([]);
  });

  it('are really translated (not copies of the English text) beyond names and short words', () => {
    // words the three languages share ("Pack" is French for a pack too), and an address pattern
    const sameOnPurpose = new Set([
      'admin.title',
      'help.guide.titles.admin',
      'notifications.title',
      'verify.input_placeholder',
      'billing.portal.kind_pack',
    ]);
    const same = Object.entries(locales.en).filter(
      ([key, english]) =>
        english.length > 12 && !sameOnPurpose.has(key) && (locales.fr[key] === english || locales.es[key] === english),
    );
    expect(same.map(([key]) => key)).toEqual([]);
  });
});
