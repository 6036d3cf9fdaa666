import { describe, expect, it } from 'vitest';
import { canResetTour, knowledgeBaseUrl, KNOWLEDGE_BASE_URLS, resetTour, TOUR_DONE_STORAGE_KEY } from './helpResources';

describe('help resources', () => {
  it('links the French knowledge base in French and the English one otherwise', () => {
    expect(knowledgeBaseUrl('fr')).toBe(KNOWLEDGE_BASE_URLS.fr);
    expect(knowledgeBaseUrl('en')).toBe(KNOWLEDGE_BASE_URLS.en);
    expect(knowledgeBaseUrl('es')).toBe(KNOWLEDGE_BASE_URLS.en);
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
