import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import EventIcon from '@mui/icons-material/EventOutlined';
import { Box, Card, CardContent, Chip, IconButton, LinearProgress, Tooltip, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { Account } from '../../../../domain/account';
import { findProduct, PLAN_COUPON } from '../../../../domain/selfServiceProducts';
import { capShare, formatDay, formatPercent, localDate, planMilestone, type Milestone } from './myPlanModel';
import { useNumberFormat } from '../../../i18n/numberFormat';
import { usePackName } from './PricingTable';

function PlanCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="overline" color="text.secondary" component="h2">
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** "1 month and 3 days", "3 days", "today". */
function useDuration(): (milestone: Milestone) => string {
  const translate = useTranslate();
  return ({ months, days }) => {
    if (months === 0 && days === 0) return translate('myplan.summary.today');
    const parts = [
      months > 0 ? translate('myplan.summary.months', { count: months }) : null,
      days > 0 ? translate('myplan.summary.days', { count: days }) : null,
    ].filter((part): part is string => part !== null);
    const time = parts.length === 2 ? translate('myplan.summary.and', { first: parts[0], second: parts[1] }) : parts[0];
    return translate('myplan.summary.in', { time });
  };
}

/** The contract, a pending cancellation, and the countdown to the trial's end or the anniversary. */
export function PlanSummary({ account }: { account: Account }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const duration = useDuration();
  const packName = usePackName();
  const milestone = planMilestone(account, localDate(new Date()));
  const product = findProduct(account.plan.product);
  const { plan } = account;

  return (
    <PlanCard title={translate('myplan.summary.title')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="p" fontWeight={700}>
          {translate(`plans.${plan.contract}`)}
        </Typography>
        {plan.cancel_at !== null && (
          <Chip size="small" color="warning" label={translate('myplan.summary.cancellation_pending')} />
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mb: 2 }}>
        <EventIcon color="primary" sx={{ mt: 0.25 }} />
        <Box>
          <Typography>
            {translate(`myplan.summary.${milestone.kind}`, { date: formatDay(milestone.date, locale) })}
          </Typography>
          {milestone.kind !== 'trial_ended' && (
            <Typography fontWeight={700} data-testid="plan-milestone">
              {duration(milestone)}
            </Typography>
          )}
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {product ? translate('myplan.summary.pack', { pack: packName(product) }) : translate('myplan.summary.no_pack')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(plan.pay_as_you_go ? 'myplan.summary.pay_as_you_go' : 'myplan.summary.yearly_contract')}
        {' · '}
        {translate(`myplan.summary.unit_${plan.unit}`)}
      </Typography>
    </PlanCard>
  );
}

function Figure({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Box>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" fontWeight={700}>
        {value}
        {detail && (
          <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
            {detail}
          </Typography>
        )}
      </Typography>
    </Box>
  );
}

/** This plan year's certificates (against the cap, when there is one), recipients and the credits left. */
export function PlanUsage({ account, credits }: { account: Account; credits: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const number = useNumberFormat();
  const cap = account.plan.annual_volume_cap;
  const share = capShare(account);

  return (
    <PlanCard title={translate('myplan.usage.title')}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('myplan.usage.since', { date: formatDay(account.usage.since, locale) })}
      </Typography>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box>
          <Figure
            label={translate('myplan.usage.certificates')}
            value={number(account.usage.certificates.total)}
            detail={cap === null ? undefined : translate('myplan.usage.of_cap', { cap: number(cap) })}
          />
          {share !== null && (
            <LinearProgress
              variant="determinate"
              value={share}
              color={share >= 90 ? 'warning' : 'primary'}
              aria-label={translate('myplan.usage.cap_share', { share })}
              sx={{ mt: 1, height: 6, borderRadius: 3 }}
            />
          )}
        </Box>
        <Figure label={translate('myplan.usage.recipients')} value={number(account.usage.recipients.total)} />
        <Figure label={translate('myplan.usage.credits')} value={number(credits)} />
      </Box>
    </PlanCard>
  );
}

/** The static coupon (spec 000 section 2.14): its reduction and its code, with a copy button. */
export function PlanCoupon() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const percent = formatPercent(PLAN_COUPON.percentOff, locale);
  const copy = () =>
    navigator.clipboard
      .writeText(PLAN_COUPON.code)
      .then(() => notify('myplan.coupon.copied', { type: 'info' }))
      // spec 000 section 8: a copy failure is only logged
      .catch((failure: unknown) => console.error('copy failed', failure));

  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', borderColor: 'secondary.main', borderStyle: 'dashed', borderWidth: 2 }}
    >
      <CardContent sx={{ p: 3 }}>
        <Typography variant="overline" color="text.secondary" component="h2">
          {translate('myplan.coupon.title')}
        </Typography>
        {/* the brand's accent is too light on white for text (2.7:1): its dark shade there, the accent itself on dark */}
        <Typography
          variant="h3"
          component="p"
          fontWeight={800}
          sx={{
            my: 1,
            color: (theme) =>
              theme.palette.mode === 'light' ? theme.palette.secondary.dark : theme.palette.secondary.main,
          }}
        >
          {translate('myplan.coupon.reduction', { percent })}
        </Typography>
        <Typography sx={{ mb: 2 }}>{translate('myplan.coupon.body', { percent })}</Typography>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            bgcolor: 'action.hover',
            borderRadius: 1,
            pl: 2,
            pr: 0.5,
            py: 0.5,
          }}
        >
          <Typography
            data-testid="coupon-code"
            sx={{ fontFamily: 'monospace', fontSize: 20, fontWeight: 700, letterSpacing: 2, flexGrow: 1 }}
          >
            {PLAN_COUPON.code}
          </Typography>
          <Tooltip title={translate('myplan.coupon.copy')}>
            <IconButton aria-label={translate('myplan.coupon.copy')} onClick={() => void copy()}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      </CardContent>
    </Card>
  );
}
