import { describe, expect, it } from 'vitest';
import {
  BADGE_LANGUAGES,
  canChangeLanguages,
  DEFAULT_BADGE_LANGUAGE,
  DEFAULT_REGISTRY_LANGUAGE,
  formatLanguagesList,
  isBadgeLanguage,
  lockedLanguages,
  orderLanguages,
  parseLanguagesList,
} from './languages';

describe('badge languages', () => {
  it('writes badges in en, cy, fr, es and de; badges default to en, registry templates to fr', () => {
    expect(BADGE_LANGUAGES).toEqual(['en', 'cy', 'fr', 'es', 'de']);
    expect(DEFAULT_BADGE_LANGUAGE).toBe('en');
    expect(DEFAULT_REGISTRY_LANGUAGE).toBe('fr');
  });

  it('recognises only those codes, exactly', () => {
    expect(isBadgeLanguage('cy')).toBe(true);
    for (const value of ['EN', 'it', '', 'en-GB', null, 1]) expect(isBadgeLanguage(value)).toBe(false);
  });

  it('reads and writes the semicolon list', () => {
    expect(parseLanguagesList('en;fr')).toEqual(['en', 'fr']);
    expect(parseLanguagesList(' en ; ;fr;en ')).toEqual(['en', 'fr']);
    expect(parseLanguagesList('')).toEqual([]);
    expect(parseLanguagesList(null)).toEqual([]);
    expect(formatLanguagesList(['fr', 'en'])).toBe('fr;en');
    expect(formatLanguagesList([])).toBe('');
  });
});

describe('orderLanguages', () => {
  it('puts the default first and keeps the others in the order chosen', () => {
    expect(orderLanguages(['es', 'fr', 'en'], 'fr')).toEqual({ languages: ['fr', 'es', 'en'], defaultLanguage: 'fr' });
    expect(orderLanguages(['en', 'de'], 'en')).toEqual({ languages: ['en', 'de'], defaultLanguage: 'en' });
  });

  it('makes the first chosen language the default when the default is not chosen', () => {
    expect(orderLanguages(['cy', 'de'], 'en')).toEqual({ languages: ['cy', 'de'], defaultLanguage: 'cy' });
    expect(orderLanguages(['fr'], 'en')).toEqual({ languages: ['fr'], defaultLanguage: 'fr' });
  });

  it('ignores a language chosen twice', () => {
    expect(orderLanguages(['de', 'en', 'de'], 'en')).toEqual({ languages: ['en', 'de'], defaultLanguage: 'en' });
  });

  it('leaves the default as it was when nothing is chosen', () => {
    expect(orderLanguages([], 'en')).toEqual({ languages: [], defaultLanguage: 'en' });
  });

  it('does not change its argument', () => {
    const chosen = ['es', 'en'];
    orderLanguages(chosen, 'en');
    expect(chosen).toEqual(['es', 'en']);
  });
});

describe('language lock', () => {
  it('lets a new template or a duplicate change its languages freely', () => {
    expect(canChangeLanguages({ mode: 'insert', certificationCounter: 0 })).toBe(true);
    expect(canChangeLanguages({ mode: 'insert', certificationCounter: 12 })).toBe(true);
  });

  it('locks the existing languages of a used template being updated', () => {
    expect(canChangeLanguages({ mode: 'update', certificationCounter: 0 })).toBe(true);
    expect(canChangeLanguages({ mode: 'update', certificationCounter: 1 })).toBe(false);
    expect(lockedLanguages(['en', 'fr'], { mode: 'update', certificationCounter: 3 })).toEqual(['en', 'fr']);
    expect(lockedLanguages(['en', 'fr'], { mode: 'update', certificationCounter: 0 })).toEqual([]);
    expect(lockedLanguages(['en'], { mode: 'insert', certificationCounter: 3 })).toEqual([]);
  });
});
