import { describe, expect, it } from 'vitest';
import { TOUR_DONE_STORAGE_KEY } from '../../custom-pages/help/helpResources';
import { availableSteps, isTourDone, markTourDone, shouldStartTour, TOUR_DELAY_MS, TOUR_STEPS } from './tour';

const ready = { plan: 'FREE_TRIAL', shellReady: true, onboardingVisible: false, termsPending: false, done: false };

describe('guided tour', () => {
  it('starts 750 ms after load, for free-trial accounts only, once, behind no other dialog', () => {
    expect(TOUR_DELAY_MS).toBe(750);
    expect(shouldStartTour(ready)).toBe(true);
    expect(shouldStartTour({ ...ready, plan: 'ESSENTIALS_PACK' })).toBe(false);
    expect(shouldStartTour({ ...ready, plan: undefined })).toBe(false);
    expect(shouldStartTour({ ...ready, shellReady: false })).toBe(false);
    expect(shouldStartTour({ ...ready, onboardingVisible: true })).toBe(false);
    expect(shouldStartTour({ ...ready, termsPending: true })).toBe(false);
    expect(shouldStartTour({ ...ready, done: true })).toBe(false);
  });

  it('keeps the steps whose element is on the page, in order', () => {
    expect(availableSteps(TOUR_STEPS, () => true)).toEqual(TOUR_STEPS);
    expect(availableSteps(TOUR_STEPS, (step) => step.anchor !== 'new-badge').map((s) => s.anchor)).toEqual([
      'template-search',
      'header-nav',
      'help',
      'user-menu',
    ]);
    expect(availableSteps(TOUR_STEPS, () => false)).toEqual([]);
  });

  it('is marked done under the key the help drawer resets', () => {
    localStorage.removeItem(TOUR_DONE_STORAGE_KEY);
    expect(isTourDone()).toBe(false);
    markTourDone();
    expect(localStorage.getItem('laurel_tour_done')).toBe('true');
    expect(isTourDone()).toBe(true);
  });
});
