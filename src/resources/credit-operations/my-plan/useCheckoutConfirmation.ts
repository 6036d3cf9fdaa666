import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PLAN_POLL_DELAY_MS, PLAN_POLL_TRIES } from './myPlanModel';
import { useLaurelDataProvider } from '../../../dataProvider/useLaurelDataProvider';
import { creditsQueryKey } from '../../../dataProvider/publication';

export type CheckoutConfirmation =
  | { status: 'none' }
  | { status: 'confirming'; product: string }
  | { status: 'confirmed'; product: string }
  | { status: 'late'; product: string };

/** The query My plan's success_url carries back from a checkout. */
export const CHECKOUT_DONE_PARAM = 'checkout';
export const CHECKOUT_PRODUCT_PARAM = 'product';

/**
 * After a checkout (spec 000 sections 4 and 9) My plan polls the account until its product is the one bought:
 * at most PLAN_POLL_TRIES tries, waiting PLAN_POLL_DELAY_MS times the try's number before each next one. Then
 * the account and the credits are read again for the whole page.
 */
export function useCheckoutConfirmation(issuerId: number | undefined): CheckoutConfirmation {
  const dataProvider = useLaurelDataProvider();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  // read once: the address is cleared as soon as the polling starts, so that a reload does not poll again
  const [product] = useState(() =>
    searchParams.get(CHECKOUT_DONE_PARAM) === 'done' ? searchParams.get(CHECKOUT_PRODUCT_PARAM) : null,
  );
  const [state, setState] = useState<CheckoutConfirmation>(() =>
    product ? { status: 'confirming', product } : { status: 'none' },
  );
  const started = useRef(false);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  useEffect(() => {
    if (!product || issuerId === undefined || started.current) return;
    started.current = true;
    setSearchParams({}, { replace: true });
    void (async () => {
      for (let attempt = 1; attempt <= PLAN_POLL_TRIES && mounted.current; attempt += 1) {
        try {
          const account = await dataProvider.getBillingAccount(issuerId);
          if (account.plan.product === product) {
            queryClient.setQueryData(['account', issuerId], account);
            setState({ status: 'confirmed', product });
            void queryClient.invalidateQueries({ queryKey: creditsQueryKey(issuerId) });
            void queryClient.invalidateQueries({ queryKey: ['credit-operations'] });
            return;
          }
        } catch {
          // a failed read counts as a try
        }
        await new Promise((resolve) => window.setTimeout(resolve, PLAN_POLL_DELAY_MS * attempt));
      }
      setState({ status: 'late', product });
    })();
  }, [product, issuerId, dataProvider, queryClient, setSearchParams]);

  return state;
}
