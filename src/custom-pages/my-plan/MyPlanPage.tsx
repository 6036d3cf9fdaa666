import { Alert, Box, Button, Grid, Skeleton, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { Account } from '../../../domain/account';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { apiFetch } from '../../dataProvider/httpClient';
import { useCredits } from '../../dataProvider/useCredits';
import { CreditLogTable } from './CreditLogTable';
import { PlanCoupon, PlanSummary, PlanUsage } from './PlanCards';
import { PricingTable } from './PricingTable';

export { MY_PLAN_PATH } from './paths';

type PlanData = { status: 'loading' } | { status: 'error' } | { status: 'ready'; account: Account };

/** GET /api/issuer/{id}/account (the credits are the shared credits query: a publish refreshes them). */
function usePlanData(issuerId: number | undefined): { data: PlanData; reload: () => void } {
  const [data, setData] = useState<PlanData>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (issuerId === undefined) return;
    let current = true;
    setData({ status: 'loading' });
    apiFetch<Account>(`/api/issuer/${issuerId}/account`).then(
      (account) => current && setData({ status: 'ready', account: account.body }),
      () => current && setData({ status: 'error' }),
    );
    return () => {
      current = false;
    };
  }, [issuerId, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { data, reload };
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Typography variant="h5" component="h2" sx={{ mt: 5, mb: 2 }}>
      {children}
    </Typography>
  );
}

function LoadingPlan() {
  return (
    <Box aria-busy="true">
      <Grid container spacing={2}>
        {[0, 1, 2].map((n) => (
          <Grid key={n} size={{ xs: 12, md: 4 }}>
            <Skeleton variant="rounded" height={220} />
          </Grid>
        ))}
      </Grid>
      <Skeleton variant="text" width={240} height={48} sx={{ mt: 4 }} />
      <Grid container spacing={2}>
        {[0, 1, 2, 3].map((n) => (
          <Grid key={n} size={{ xs: 12, sm: 6, lg: 3 }}>
            <Skeleton variant="rounded" height={260} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

/** My plan (spec 000 section 2.14): plan summary, usage, the coupon, the pricing table and the credit log. */
export function MyPlanPage() {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const plan = usePlanData(user?.issuerId);
  const credits = useCredits();
  const data = credits.isError
    ? { status: 'error' as const }
    : credits.data
      ? plan.data
      : { status: 'loading' as const };
  const reload = () => {
    plan.reload();
    void credits.refetch();
  };

  return (
    <Box>
      <Title title={translate('myplan.title')} />
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {translate('myplan.title')}
      </Typography>
      {data.status === 'loading' && <LoadingPlan />}
      {data.status === 'error' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reload}>
              {translate('app.retry')}
            </Button>
          }
        >
          {translate('myplan.load_failed')}
        </Alert>
      )}
      {data.status === 'ready' && (
        <>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <PlanSummary account={data.account} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <PlanUsage account={data.account} credits={credits.data?.current ?? 0} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <PlanCoupon />
            </Grid>
          </Grid>
          <SectionTitle>{translate('myplan.pricing.title')}</SectionTitle>
          <PricingTable account={data.account} />
          <SectionTitle>{translate('myplan.credits.title')}</SectionTitle>
          <CreditLogTable operations={credits.data?.operations ?? []} />
        </>
      )}
    </Box>
  );
}
