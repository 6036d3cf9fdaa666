import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { Account } from '../../../../domain/account';
import { findProduct, priceIn, type SelfServiceProduct } from '../../../../domain/selfServiceProducts';
import { errorCode } from '../../../dataProvider/apiErrors';
import { creditsQueryKey } from '../../../dataProvider/publication';
import { useLaurelDataProvider } from '../../../dataProvider/useLaurelDataProvider';
import { formatNumber } from '../../../i18n/numberFormat';
import { useReturnFocus } from '../../../components/useReturnFocus';
import { formatMoney, type PricingRow } from './myPlanModel';
import { MY_PLAN_PATH } from '../paths';
import { usePackName } from './PricingTable';
import { CHECKOUT_DONE_PARAM, CHECKOUT_PRODUCT_PARAM } from './useCheckoutConfirmation';

interface Upgrade {
  product: SelfServiceProduct;
  fee: number;
  credits: number;
  feeChanged: boolean;
}

/**
 * Buying from My plan (Administrators): a first pack, or the largest again, goes through the billing service's
 * checkout page; a larger pack than the held one is an upgrade, charged at the fee the server quotes and the
 * person confirms (PATCH plan with expected_fee).
 */
export function usePackPurchase(account: Account, issuerId: number | undefined) {
  const dataProvider = useLaurelDataProvider();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const packName = usePackName();
  const [busyProduct, setBusyProduct] = useState<string | null>(null);
  const [upgrade, setUpgrade] = useState<Upgrade | null>(null);
  const [upgrading, setUpgrading] = useState(false);
  // the pack's button is disabled while the fee is quoted: the upgrade dialog gives the focus back to it
  const upgradeOpener = useReturnFocus();
  const here = `${window.location.origin}${MY_PLAN_PATH}`;

  const held = findProduct(account.plan.product);
  const quoteUpgrade = async (product: SelfServiceProduct, feeChanged = false) => {
    const fee = await dataProvider.getUpgradeFee(issuerId as number, product.id);
    setUpgrade({ product, fee: fee.amount, credits: product.limit - (held?.limit ?? 0), feeChanged });
  };

  const choose = async ({ product, action }: PricingRow) => {
    if (issuerId === undefined || action === 'unavailable') return;
    upgradeOpener.remember();
    setBusyProduct(product.id);
    try {
      if (action === 'upgrade' && held) {
        await quoteUpgrade(product);
        setBusyProduct(null);
        return;
      }
      const price = product.prices.find((candidate) => priceIn(candidate, account.currency));
      if (!price) throw new Error('not sold in this currency');
      const success = new URL(here);
      success.searchParams.set(CHECKOUT_DONE_PARAM, 'done');
      success.searchParams.set(CHECKOUT_PRODUCT_PARAM, product.id);
      const { url } = await dataProvider.startCheckout(issuerId, {
        price: price.id,
        currency: account.currency,
        language: locale,
        success_url: success.toString(),
        cancel_url: here,
      });
      window.location.assign(url);
    } catch {
      setBusyProduct(null);
      notify('myplan.checkout.failed', { type: 'error' });
    }
  };

  const confirmUpgrade = async () => {
    if (!upgrade || issuerId === undefined) return;
    setUpgrading(true);
    try {
      const updated = await dataProvider.changePlan(issuerId, upgrade.product.id, upgrade.fee);
      queryClient.setQueryData(['account', issuerId], updated);
      await queryClient.invalidateQueries({ queryKey: creditsQueryKey(issuerId) });
      await queryClient.invalidateQueries({ queryKey: ['credit-operations'] });
      notify('myplan.upgrade.done', { type: 'success', messageArgs: { pack: packName(upgrade.product) } });
      setUpgrade(null);
    } catch (error) {
      if (errorCode(error) === 'FEE_CHANGED') await quoteUpgrade(upgrade.product, true).catch(() => setUpgrade(null));
      else notify('myplan.upgrade.failed', { type: 'error' });
    } finally {
      setUpgrading(false);
    }
  };

  const openPortal = async () => {
    if (issuerId === undefined) return;
    setBusyProduct('portal');
    try {
      const { url } = await dataProvider.openBillingPortal(issuerId, { return_url: here, language: locale });
      window.location.assign(url);
    } catch {
      setBusyProduct(null);
      notify('myplan.checkout.failed', { type: 'error' });
    }
  };

  const amount = upgrade ? formatMoney(upgrade.fee, account.currency, locale) : '';
  const dialog: ReactNode = (
    <Dialog
      open={upgrade !== null}
      onClose={() => !upgrading && setUpgrade(null)}
      aria-labelledby="upgrade-title"
      disableRestoreFocus
      slotProps={{ transition: { onExited: upgradeOpener.restore } }}
    >
      {upgrade && (
        <>
          <DialogTitle id="upgrade-title">
            {translate('myplan.upgrade.title', { pack: packName(upgrade.product) })}
          </DialogTitle>
          <DialogContent>
            {upgrade.feeChanged && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {translate('myplan.upgrade.fee_changed')}
              </Alert>
            )}
            <DialogContentText>
              {translate('myplan.upgrade.body', {
                amount,
                credits: formatNumber(upgrade.credits, locale),
              })}
            </DialogContentText>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2 }}>
            <Button onClick={() => setUpgrade(null)} disabled={upgrading}>
              {translate('ra.action.cancel')}
            </Button>
            <Button
              variant="contained"
              onClick={() => void confirmUpgrade()}
              disabled={upgrading}
              startIcon={upgrading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            >
              {translate('myplan.upgrade.confirm', { amount })}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );

  return { choose, openPortal, busyProduct, dialog };
}
