import { TOUR_DONE_STORAGE_KEY } from '../../custom-pages/help/helpResources';

/** The guided tour starts this long after the page loads (spec 000 section 9). */
export const TOUR_DELAY_MS = 750;

/** A step points at an element marked data-tour="<anchor>"; its texts are tour.steps.<anchor>.{title,body}. */
export interface TourStep {
  anchor: string;
}

/** The templates page and the header, in reading order. */
export const TOUR_STEPS: readonly TourStep[] = [
  { anchor: 'new-badge' },
  { anchor: 'template-search' },
  { anchor: 'header-nav' },
  { anchor: 'help' },
  { anchor: 'user-menu' },
];

export function tourAnchorSelector(step: TourStep): string {
  return `[data-tour="${step.anchor}"]`;
}

/** The steps whose element is on the page (a Reader has no new-badge button, another page no search box). */
export function availableSteps(steps: readonly TourStep[], isOnPage: (step: TourStep) => boolean): TourStep[] {
  return steps.filter(isOnPage);
}

export interface TourConditions {
  plan: string | undefined;
  /** the account is loaded and neither the questionnaire nor the terms dialog is on screen */
  shellReady: boolean;
  onboardingVisible: boolean;
  termsPending: boolean;
  done: boolean;
}

/** For free-trial accounts, once, and never over the onboarding form or the terms dialog (spec 000 section 2.15). */
export function shouldStartTour({ plan, shellReady, onboardingVisible, termsPending, done }: TourConditions): boolean {
  return plan === 'FREE_TRIAL' && shellReady && !onboardingVisible && !termsPending && !done;
}

export function isTourDone(storage: Pick<Storage, 'getItem'> = localStorage): boolean {
  return storage.getItem(TOUR_DONE_STORAGE_KEY) !== null;
}

export function markTourDone(storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(TOUR_DONE_STORAGE_KEY, 'true');
}
