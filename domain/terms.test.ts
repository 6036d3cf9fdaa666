import { describe, expect, it } from 'vitest';
import { legalPageUrl, missingAcceptances, showTermsDialog } from './terms';

describe('terms dialog', () => {
  it('lists what is still to accept, terms first', () => {
    expect(missingAcceptances({ okCGU: false, okNotice: false })).toEqual(['terms', 'notice']);
    expect(missingAcceptances({ okCGU: true, okNotice: false })).toEqual(['notice']);
    expect(missingAcceptances({ okCGU: true, okNotice: true })).toEqual([]);
  });

  it('shows only for a loaded account with something to accept and no onboarding form on screen', () => {
    expect(showTermsDialog(null, false)).toBe(false);
    expect(showTermsDialog({ okCGU: true, okNotice: true }, false)).toBe(false);
    expect(showTermsDialog({ okCGU: false, okNotice: true }, false)).toBe(true);
    expect(showTermsDialog({ okCGU: true, okNotice: false }, false)).toBe(true);
    expect(showTermsDialog({ okCGU: false, okNotice: false }, true)).toBe(false);
  });

  it('links the French pages in French and the English ones otherwise', () => {
    expect(legalPageUrl('terms', 'fr')).toBe('/legal/terms.fr.html');
    expect(legalPageUrl('terms', 'es')).toBe('/legal/terms.en.html');
    expect(legalPageUrl('notice', 'en')).toBe('/legal/data-protection.en.html');
    expect(legalPageUrl('notice', 'fr')).toBe('/legal/data-protection.fr.html');
  });
});
