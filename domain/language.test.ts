import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './language';

describe('language choice', () => {
  it('takes the lang parameter first when supported', () => {
    expect(chooseLanguage({ query: 'fr', stored: 'es', browser: 'en-US' })).toBe('fr');
    expect(chooseLanguage({ query: 'ES', stored: null, browser: null })).toBe('es');
  });

  it('then the stored choice, then the browser’s first two letters', () => {
    expect(chooseLanguage({ query: 'de', stored: 'es', browser: 'fr-FR' })).toBe('es');
    expect(chooseLanguage({ query: null, stored: 'it', browser: 'fr-CA' })).toBe('fr');
  });

  it('falls back to en', () => {
    expect(chooseLanguage({ query: 'xx', stored: 'yy', browser: 'de-DE' })).toBe('en');
    expect(chooseLanguage({})).toBe('en');
  });
});
