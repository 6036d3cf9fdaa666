import { Alert, Collapse } from '@mui/material';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import type { Outcome } from './userOutcome';

export const OUTCOME_STORE_KEY = 'laurel.outcome';

interface Kept {
  outcome: Outcome;
  /** set by a save that then leaves for another page: the outcome is that page's to show */
  forNextPage: boolean;
}

// In memory, not in react-admin's (localStorage) store: a banner belongs to the page that shows it, so it goes
// with a reload and when another page is opened, instead of following the user to every page until closed.
const kept = new Map<string, Kept>();
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function setOutcomeAt(storeKey: string, outcome: Outcome | null, options: { forNextPage?: boolean } = {}): void {
  if (outcome) kept.set(storeKey, { outcome, forNextPage: options.forNextPage ?? false });
  else kept.delete(storeKey);
  changed();
}

/** Another page was opened: outcomes go, but for those set for the next page, which are now that page's. */
export function pageChanged(): void {
  if (kept.size === 0) return;
  for (const [storeKey, current] of kept) {
    if (current.forNextPage) kept.set(storeKey, { ...current, forNextPage: false });
    else kept.delete(storeKey);
  }
  changed();
}

/** In the layout: forgets the banners of the page that was left (see pageChanged). */
export function OutcomeReset() {
  const { pathname } = useLocation();
  useEffect(pageChanged, [pathname]);
  return null;
}

/** The last operation's outcome as a dismissible alert (spec 000 section 8); the pages that act set it. */
export function OutcomeAlert({ storeKey = OUTCOME_STORE_KEY }: { storeKey?: string }) {
  const translate = useTranslate();
  const outcome = useSyncExternalStore(subscribe, () => kept.get(storeKey)?.outcome ?? null);
  return (
    <Collapse in={outcome !== null} unmountOnExit>
      {outcome && (
        <Alert
          severity={outcome.severity}
          onClose={() => setOutcomeAt(storeKey, null)}
          sx={{ mb: 2 }}
          role={outcome.severity === 'error' ? 'alert' : 'status'}
        >
          {translate(outcome.message)}
        </Alert>
      )}
    </Collapse>
  );
}

/** Sets the banner's outcome; `{ forNextPage: true }` when the page then navigates to the one that shows it. */
export function useSetOutcome(storeKey = OUTCOME_STORE_KEY) {
  return useCallback(
    (outcome: Outcome | null, options?: { forNextPage?: boolean }) => setOutcomeAt(storeKey, outcome, options),
    [storeKey],
  );
}
