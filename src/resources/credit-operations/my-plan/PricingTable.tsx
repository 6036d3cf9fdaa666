import { Box, Button, Card, CardContent, Chip, CircularProgress, Grid, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Account } from '../../../../domain/account';
import type { SelfServiceProduct } from '../../../../domain/selfServiceProducts';
import { formatNumber } from '../../../i18n/numberFormat';
import { useHelp } from '../../../components/HelpContext';
import { formatMoney, pricingRows, type PricingRow } from './myPlanModel';

/** A pack's name: its plan and its limit, "Essentials 2,000". */
export function usePackName(): (product: SelfServiceProduct) => string {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (product) => `${translate(`plans.${product.plan}`)} ${formatNumber(product.limit, locale)}`;
}

function PackCard({
  row,
  currency,
  onChoose,
  busy,
}: {
  row: PricingRow;
  currency: string;
  onChoose?: (row: PricingRow) => void;
  busy: boolean;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { openHelp } = useHelp();
  const packName = usePackName();
  const { product, quote, current, action } = row;
  const name = packName(product);
  const money = (minor: number) => formatMoney(minor, currency, locale);
  const order = () =>
    openHelp({ type: 'sales team', object: translate('myplan.pricing.order_object', { pack: name, id: product.id }) });

  return (
    <Card
      variant="outlined"
      component="section"
      aria-label={name}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: current ? 'primary.main' : undefined,
        borderWidth: current ? 2 : 1,
      }}
    >
      <CardContent sx={{ p: 3, flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, minHeight: 32 }}>
          <Typography variant="h6" component="h3">
            {name}
          </Typography>
          {current && <Chip size="small" color="primary" label={translate('myplan.pricing.current')} />}
        </Box>
        <Typography color="text.secondary">
          {translate('myplan.pricing.limit', {
            count: product.limit,
            limit: formatNumber(product.limit, locale),
          })}
        </Typography>
        <Typography variant="h4" component="p" fontWeight={700} sx={{ mt: 2 }}>
          {money(quote.total)}
          <Typography component="span" color="text.secondary" sx={{ ml: 0.75 }}>
            {translate('myplan.pricing.per_year')}
          </Typography>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('myplan.pricing.per_unit', { amount: money(quote.perUnit) })}
        </Typography>
        <Typography variant="body2" color="success.main" fontWeight={600} sx={{ mt: 1 }}>
          {translate('myplan.pricing.with_coupon', { amount: money(row.couponTotal) })}
        </Typography>
      </CardContent>
      <Box sx={{ px: 3, pb: 3 }}>
        <Button
          fullWidth
          variant={action === 'unavailable' ? 'outlined' : 'contained'}
          disabled={action === 'unavailable' || busy}
          onClick={onChoose ? () => onChoose(row) : order}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {action === 'unavailable'
            ? translate(current ? 'myplan.pricing.current' : 'myplan.pricing.unavailable')
            : translate(`myplan.pricing.${action}`)}
        </Button>
      </Box>
    </Card>
  );
}

/**
 * The self-service packs with their prices (spec 000 section 2.14) and the pack choice rule (section 5). With
 * `onChoose` (an Administrator) a pack's button buys it; otherwise it opens the help drawer's request to the
 * sales team, naming the pack.
 */
export function PricingTable({
  account,
  products,
  onChoose,
  busyProduct = null,
}: {
  account: Account;
  products: readonly SelfServiceProduct[];
  onChoose?: (row: PricingRow) => void;
  busyProduct?: string | null;
}) {
  const translate = useTranslate();
  const rows = pricingRows(products, account);

  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {translate(onChoose ? 'myplan.pricing.intro_checkout' : 'myplan.pricing.intro')}
      </Typography>
      <Grid container spacing={2}>
        {rows.map((row) => (
          <Grid key={row.product.id} size={{ xs: 12, sm: 6, lg: 3 }}>
            <PackCard row={row} currency={account.currency} onChoose={onChoose} busy={busyProduct === row.product.id} />
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}
