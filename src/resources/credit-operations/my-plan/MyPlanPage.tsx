import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import { Alert, Box, Button, CircularProgress, Grid, Skeleton, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useTranslate } from 'react-admin';
import type { Account } from '../../../../domain/account';
import { findProduct, type SelfServiceProduct } from '../../../../domain/selfServiceProducts';
import { isAdministrator } from '../../../../domain/permissions';
import { useCurrentUser } from '../../../authProvider/useCurrentUser';
import { useCredits } from '../../../components/useCredits';
import { useLaurelDataProvider } from '../../../dataProvider/useLaurelDataProvider';
import { CreditOperationList } from '../CreditOperationList';
import { PlanCoupon, PlanSummary, PlanUsage } from './PlanCards';
import { usePackPurchase } from './PackPurchase';
import { PricingTable, usePackName } from './PricingTable';
import { useCheckoutConfirmation, type CheckoutConfirmation } from './useCheckoutConfirmation';

export { MY_PLAN_PATH } from '../paths';

/**
 * The account (the billing service's GET accounts/{issuer}), the products on sale and the balance together: the
 * page shows once all three have answered.
 */
function usePlanData(issuerId: number | undefined) {
  const dataProvider = useLaurelDataProvider();
  const account = useQuery({
    queryKey: ['account', issuerId],
    queryFn: () => dataProvider.getBillingAccount(issuerId as number),
    enabled: issuerId !== undefined,
  });
  const products = useQuery({ queryKey: ['billing-products'], queryFn: () => dataProvider.getBillingProducts() });
  const credits = useCredits();
  const reload = () => {
    void account.refetch();
    void products.refetch();
    void credits.refetch();
  };
  if (account.isError || credits.isError || products.isError) return { status: 'error' as const, reload };
  if (!account.data || !credits.data || !products.data) return { status: 'loading' as const, reload };
  return {
    status: 'ready' as const,
    account: account.data,
    products: products.data,
    credits: credits.data.current,
    reload,
  };
}

/** What became of the checkout the page came back from (polling the account, spec 000 section 4). */
function CheckoutNotice({ confirmation }: { confirmation: CheckoutConfirmation }) {
  const translate = useTranslate();
  const packName = usePackName();
  if (confirmation.status === 'none') return null;
  const product = findProduct(confirmation.product);
  const pack = product ? packName(product) : confirmation.product;
  if (confirmation.status === 'confirming') {
    return (
      <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />} sx={{ mb: 3 }} role="status">
        {translate('myplan.checkout.confirming')}
      </Alert>
    );
  }
  return (
    <Alert severity={confirmation.status === 'confirmed' ? 'success' : 'warning'} sx={{ mb: 3 }} role="status">
      {translate(`myplan.checkout.${confirmation.status}`, { pack })}
    </Alert>
  );
}

/** The packs with what an Administrator can do with them: buy through the checkout, upgrade, the billing portal. */
function Billing({
  account,
  products,
  issuerId,
  canBuy,
}: {
  account: Account;
  products: SelfServiceProduct[];
  issuerId: number | undefined;
  canBuy: boolean;
}) {
  const translate = useTranslate();
  const purchase = usePackPurchase(account, issuerId);
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 5, mb: 2 }}>
        <Typography variant="h5" component="h2">
          {translate('myplan.pricing.title')}
        </Typography>
        {canBuy && (
          <Button
            variant="outlined"
            startIcon={
              purchase.busyProduct === 'portal' ? (
                <CircularProgress size={16} color="inherit" aria-hidden />
              ) : (
                <ReceiptIcon />
              )
            }
            disabled={purchase.busyProduct === 'portal'}
            onClick={() => void purchase.openPortal()}
          >
            {translate('myplan.billing_portal')}
          </Button>
        )}
      </Box>
      <PricingTable
        account={account}
        products={products}
        onChoose={canBuy ? (row) => void purchase.choose(row) : undefined}
        busyProduct={purchase.busyProduct}
      />
      {purchase.dialog}
    </>
  );
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
  const confirmation = useCheckoutConfirmation(user?.issuerId);
  const canBuy = user !== undefined && isAdministrator(user.profileId);

  return (
    <Box>
      <Title title={translate('myplan.title')} />
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {translate('myplan.title')}
      </Typography>
      <CheckoutNotice confirmation={confirmation} />
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
          <Billing account={data.account} products={data.products} issuerId={user?.issuerId} canBuy={canBuy} />
          <SectionTitle>{translate('myplan.credits.title')}</SectionTitle>
          <CreditOperationList />
        </>
      )}
    </Box>
  );
}
