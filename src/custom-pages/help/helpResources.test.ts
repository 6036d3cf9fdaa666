import { describe, expect, it } from 'vitest';
import { PROFILE } from '../../../domain/roles';
import { canResetTour, guideEntries, knowledgeBaseUrl, resetTour, TOUR_DONE_STORAGE_KEY } from './helpResources';

describe('help resources', () => {
  it("puts the reader's language in the knowledge base's address where it says {lang}", () => {
    expect(knowledgeBaseUrl('https://kb.example.org/{lang}/start', 'fr')).toBe('https://kb.example.org/fr/start');
    expect(knowledgeBaseUrl('https://kb.example.org/laurel', 'es')).toBe('https://kb.example.org/laurel');
  });

  it("names in the built-in guide the screens the user's rights reach (issue 29)", () => {
    expect(guideEntries({ profileId: PROFILE.Administrator })).toEqual([
      'templates',
      'badge_images',
      'campaigns',
      'search',
      'dashboard',
      'admin',
      'tags',
      'security',
    ]);
    expect(guideEntries({ profileId: PROFILE.Manager })).toContain('tags');
    expect(guideEntries({ profileId: PROFILE.Manager })).not.toContain('admin');
    expect(guideEntries({ profileId: PROFILE.Reader })).toEqual([
      'templates',
      'badge_images',
      'campaigns',
      'search',
      'dashboard',
      'security',
    ]);
  });

  it('offers the tour reset to free-trial accounts only', () => {
    expect(canResetTour('FREE_TRIAL')).toBe(true);
    expect(canResetTour('ESSENTIALS_PACK')).toBe(false);
  });

  it('resets the tour by forgetting that it was done', () => {
    localStorage.setItem(TOUR_DONE_STORAGE_KEY, 'true');
    localStorage.setItem('laurel.theme', '"dark"');
    resetTour();
    expect(localStorage.getItem(TOUR_DONE_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem('laurel.theme')).toBe('"dark"');
  });
});
