import { Alert, Box, Button, Grid, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { useCredits } from '../../dataProvider/useCredits';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { CreditOperationList } from '../../resources/credit-operations/CreditOperationList';
import { PlanCoupon, PlanSummary, PlanUsage } from './PlanCards';
import { PricingTable } from './PricingTable';

export { MY_PLAN_PATH } from './paths';

/** The account (GET /api/issuer/{id}/account) and the balance together: the page shows once both have answered. */
function usePlanData(issuerId: number | undefined) {
  const dataProvider = useLaurelDataProvider();
  const account = useQuery({
    queryKey: ['account', issuerId],
    queryFn: () => dataProvider.getAccount(issuerId as number),
    enabled: issuerId !== undefined,
  });
  const credits = useCredits();
  const reload = () => {
    void account.refetch();
    void credits.refetch();
  };
  if (account.isError || credits.isError) return { status: 'error' as const, reload };
  if (!account.data || !credits.data) return { status: 'loading' as const, reload };
  return { status: 'ready' as const, account: account.data, credits: credits.data.current, reload };
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
  const data = usePlanData(user?.issuerId);

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
            <Button color="inherit" size="small" onClick={data.reload}>
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
              <PlanUsage account={data.account} credits={data.credits} />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <PlanCoupon />
            </Grid>
          </Grid>
          <SectionTitle>{translate('myplan.pricing.title')}</SectionTitle>
          <PricingTable account={data.account} />
          <SectionTitle>{translate('myplan.credits.title')}</SectionTitle>
          <CreditOperationList />
        </>
      )}
    </Box>
  );
}
