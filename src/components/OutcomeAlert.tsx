import { Alert, Collapse } from '@mui/material';
import { useStore, useTranslate } from 'react-admin';
import type { Outcome } from '../resources/users/userOutcome';

export const OUTCOME_STORE_KEY = 'laurel.outcome';

/** The last operation's outcome as a dismissible alert (spec 000 section 8); the pages that act set it. */
export function OutcomeAlert({ storeKey = OUTCOME_STORE_KEY }: { storeKey?: string }) {
  const translate = useTranslate();
  const [outcome, setOutcome] = useStore<Outcome | null>(storeKey, null);
  return (
    <Collapse in={outcome !== null} unmountOnExit>
      {outcome && (
        <Alert
          severity={outcome.severity}
          onClose={() => setOutcome(null)}
          sx={{ mb: 2 }}
          role={outcome.severity === 'error' ? 'alert' : 'status'}
        >
          {translate(outcome.message)}
        </Alert>
      )}
    </Collapse>
  );
}

export function useSetOutcome() {
  const [, setOutcome] = useStore<Outcome | null>(OUTCOME_STORE_KEY, null);
  return setOutcome;
}
