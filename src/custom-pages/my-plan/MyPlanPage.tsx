import { Alert, Box, Button, Grid, Skeleton, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { Title, useTranslate } from 'react-admin';
import type { Account } from '../../../domain/account';
import type { CreditsResponse } from '../../../domain/publication';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { apiFetch } from '../../dataProvider/httpClient';
import { CreditLogTable } from './CreditLogTable';
import { PlanCoupon, PlanSummary, PlanUsage } from './PlanCards';
import { PricingTable } from './PricingTable';

export { MY_PLAN_PATH } from './paths';

type PlanData =
  { status: 'loading' } | { status: 'error' } | { status: 'ready'; account: Account; credits: CreditsResponse };

/** GET /api/issuer/{id}/account and /credits together: the page shows once both have answered. */
function usePlanData(issuerId: number | undefined): { data: PlanData; reload: () => void } {
  const [data, setData] = useState<PlanData>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (issuerId === undefined) return;
    let current = true;
    setData({ status: 'loading' });
    Promise.all([
      apiFetch<Account>(`/api/issuer/${issuerId}/account`),
      apiFetch<CreditsResponse>(`/api/issuer/${issuerId}/credits`),
    ]).then(
      ([account, credits]) => current && setData({ status: 'ready', account: account.body, credits: credits.body }),
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
  const { data, reload } = usePlanData(user?.issuerId);

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
              <PlanUsage account={data.account} credits={data.credits.current} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <PlanCoupon />
            </Grid>
          </Grid>
          <SectionTitle>{translate('myplan.pricing.title')}</SectionTitle>
          <PricingTable account={data.account} />
          <SectionTitle>{translate('myplan.credits.title')}</SectionTitle>
          <CreditLogTable operations={data.credits.operations} />
        </>
      )}
    </Box>
  );
}
