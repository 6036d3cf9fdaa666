import BlockIcon from '@mui/icons-material/BlockOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import MailIcon from '@mui/icons-material/MailOutline';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  LinearProgress,
  Skeleton,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Title, useLocaleState, useRemoveFromStore, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { defaultPeriod, globalTotals, periodTotals, recipientTotals, type Period } from '../../../domain/dashboard';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { TEMPLATE_LIST_STORE_KEY } from '../../resources/templates/templateListModel';
import { CAMPAIGNS_PATH } from '../../resources/campaigns/paths';
import { ActiveTemplatesTable } from './ActiveTemplatesTable';
import {
  activityRows,
  campaignsSearch,
  DEFAULT_ACTIVITY_SORT,
  donutSlices,
  hasPeriodData,
  issuerBars,
  periodBars,
  sortRows,
  type PeriodSeries,
} from './dashboardView';
import { IndicatorCard } from './IndicatorCard';
import { PendingCorrectionsCard } from './PendingCorrectionsCard';
import { IssuerFilterDrawer } from './IssuerFilterDrawer';
import { PeriodPicker } from './PeriodPicker';
import { useDashboardData } from './useDashboardData';

// recharts is heavy: the charts load in their own chunk, a skeleton standing in meanwhile
const IssuerBarChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.IssuerBarChart })));
const PeriodBarChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.PeriodBarChart })));
const EmailDonut = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.EmailDonut })));
const RecipientBarChart = lazy(() => import('./DashboardCharts').then((m) => ({ default: m.RecipientBarChart })));

function ChartCard({ title, height, children }: { title: string; height: number; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" fontWeight={600} gutterBottom>
          {title}
        </Typography>
        <Suspense fallback={<Skeleton variant="rounded" height={height} />}>{children}</Suspense>
      </CardContent>
    </Card>
  );
}

function EmptyState({ title, hint }: { title: string; hint: string }) {
  return (
    <Card variant="outlined" sx={{ textAlign: 'center', py: 6, px: 3 }}>
      <InsightsIcon sx={{ fontSize: 48, color: 'text.disabled', mb: 1 }} />
      <Typography variant="h6" component="p" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">{hint}</Typography>
    </Card>
  );
}

const TWO_COLUMNS = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } } as const;
const ICON = { fontSize: 40, color: 'primary.main' } as const;

/**
 * The dashboard (spec 000 section 2.5): global indicators over the selected issuers, the period's published and
 * sent certificates and email outcomes, and the period's active templates. Validators see every issuer, with a
 * filter, per-issuer charts and the issuer column; the global alerts are the layout's, above the page.
 */
export function DashboardPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const removeFromStore = useRemoveFromStore();
  const [period, setPeriod] = useState<Period>(() => defaultPeriod());
  const [reload, setReload] = useState(0);
  const { load, refreshing } = useDashboardData(period, reload);
  /** null: every issuer, the starting selection */
  const [selection, setSelection] = useState<Set<number> | null>(null);
  const [filterOpen, setFilterOpen] = useState(false);
  const [sort, setSort] = useState(DEFAULT_ACTIVITY_SORT);

  const validator = user?.isValidator === true;
  const tracking = user?.params.tracking === true;
  const stats = useMemo(() => (load.status === 'loaded' ? load.stats : []), [load]);
  const activity = useMemo(() => (load.status === 'loaded' ? load.activity : []), [load]);
  const selected = useMemo(() => selection ?? new Set(stats.map((item) => item.id)), [selection, stats]);
  const totals = useMemo(() => globalTotals(stats, selected), [stats, selected]);
  const periodFigures = useMemo(() => periodTotals(activity, selected, tracking), [activity, selected, tracking]);
  const rows = useMemo(
    () => sortRows(activityRows(activity, selected, locale, user?.issuerId ?? 0), sort, locale),
    [activity, selected, locale, user?.issuerId, sort],
  );
  const bars = useMemo(() => issuerBars(stats, selected), [stats, selected]);
  const recipients = useMemo(() => recipientTotals(activity, selected), [activity, selected]);
  const recipientBars = (['views', 'downloads', 'linkedIn', 'verifications'] as const).map((key) => ({
    key,
    name: translate(`dashboard.recipients.${key}`),
    value: recipients[key],
  }));
  const hasRecipientData = recipientBars.some((bar) => bar.value > 0);
  const labels: Record<PeriodSeries, string> = {
    published: translate('dashboard.series.published'),
    sent: translate('dashboard.series.sent'),
    opened: translate('dashboard.series.opened'),
    notDelivered: translate('dashboard.series.not_delivered'),
    notSent: translate('dashboard.series.not_sent'),
  };

  const resetPeriod = () => {
    setPeriod(defaultPeriod());
    setReload((n) => n + 1);
  };
  const toCampaigns = (templateId: number) => {
    removeFromStore(TEMPLATE_LIST_STORE_KEY);
    void navigate(`${CAMPAIGNS_PATH}?${campaignsSearch(templateId)}`);
  };

  const headerLine = validator
    ? translate('dashboard.data_for_issuers', { count: selected.size })
    : translate('dashboard.data_for', { name: user?.issuerName ?? '' });

  return (
    <Box>
      <Title title={translate('dashboard.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1">
            {translate('dashboard.title')}
          </Typography>
          <Typography color="text.secondary">{headerLine}</Typography>
        </Box>
        {validator && load.status === 'loaded' && (
          <Button
            variant="outlined"
            startIcon={
              <Badge color="primary" variant="dot" invisible={selected.size === stats.length}>
                <FilterListIcon />
              </Badge>
            }
            onClick={() => setFilterOpen(true)}
          >
            {translate('dashboard.filter')}
          </Button>
        )}
      </Box>

      {load.status === 'loading' ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 6, justifyContent: 'center' }}>
          <CircularProgress size={24} aria-hidden />
          <Typography color="text.secondary">{translate('dashboard.loading')}</Typography>
        </Box>
      ) : load.status === 'failed' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => setReload((n) => n + 1)}>
              {translate('app.retry')}
            </Button>
          }
        >
          {translate('dashboard.api_failed')}
        </Alert>
      ) : (
        <>
          <Box component="section" aria-labelledby="dashboard-global" sx={{ mb: 4 }}>
            <Typography id="dashboard-global" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {translate('dashboard.global_title')}
            </Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
              <IndicatorCard
                icon={<WorkspacePremiumIcon sx={ICON} />}
                label={translate('dashboard.cards.issued')}
                value={totals.certifiedDegrees}
              />
              <IndicatorCard
                icon={<MailIcon sx={ICON} />}
                label={translate('dashboard.cards.sent')}
                value={totals.nbEmailSent}
              />
              <IndicatorCard
                icon={<BlockIcon sx={ICON} />}
                label={translate('dashboard.cards.revoked')}
                value={totals.nbDeleted}
              />
              <PendingCorrectionsCard />
            </Box>
            {validator && bars.length > 0 && (
              <Box sx={{ ...TWO_COLUMNS, mt: 2 }}>
                <ChartCard title={translate('dashboard.charts.certificates_per_issuer')} height={160}>
                  <IssuerBarChart bars={bars} dataKey="certificates" label={translate('dashboard.cards.issued')} />
                </ChartCard>
                <ChartCard title={translate('dashboard.charts.credits_per_issuer')} height={160}>
                  <IssuerBarChart bars={bars} dataKey="credits" label={translate('dashboard.charts.credits')} />
                </ChartCard>
              </Box>
            )}
          </Box>

          <Box component="section" aria-labelledby="dashboard-period" sx={{ mb: 4 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
              <Typography id="dashboard-period" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
                {translate('dashboard.period_title')}
              </Typography>
              <PeriodPicker period={period} onChange={setPeriod} onReset={resetPeriod} />
            </Box>
            <Box sx={{ height: 4, mb: 1 }}>
              {refreshing && <LinearProgress aria-label={translate('dashboard.loading')} />}
            </Box>
            {hasPeriodData(periodFigures) ? (
              <Box sx={TWO_COLUMNS}>
                <ChartCard title={translate('dashboard.charts.published_sent')} height={260}>
                  <PeriodBarChart slices={periodBars(periodFigures, tracking)} labels={labels} />
                </ChartCard>
                <ChartCard title={translate('dashboard.charts.email_outcomes')} height={200}>
                  <EmailDonut
                    slices={donutSlices(periodFigures, tracking)}
                    percentage={periodFigures.percentage}
                    labels={labels}
                  />
                </ChartCard>
              </Box>
            ) : (
              <EmptyState title={translate('dashboard.empty_period')} hint={translate('dashboard.empty_period_hint')} />
            )}
            {(hasRecipientData || hasPeriodData(periodFigures)) && (
              // what recipients did with their certificates in the period (issue 31)
              <Box sx={{ mt: 2 }}>
                <ChartCard title={translate('dashboard.charts.recipients')} height={220}>
                  <RecipientBarChart bars={recipientBars} />
                </ChartCard>
              </Box>
            )}
          </Box>

          <Box component="section" aria-labelledby="dashboard-templates">
            <Typography id="dashboard-templates" variant="h6" component="h2" sx={{ mb: 1.5 }}>
              {translate('dashboard.table_title')}
            </Typography>
            {rows.length > 0 ? (
              <Card variant="outlined">
                <ActiveTemplatesTable
                  rows={rows}
                  sort={sort}
                  onSort={setSort}
                  showIssuer={validator}
                  onCampaigns={toCampaigns}
                />
              </Card>
            ) : (
              <EmptyState title={translate('dashboard.empty_table')} hint={translate('dashboard.empty_period_hint')} />
            )}
          </Box>
          {validator && (
            <IssuerFilterDrawer
              open={filterOpen}
              onClose={() => setFilterOpen(false)}
              issuers={stats}
              selected={selected}
              onChange={setSelection}
            />
          )}
        </>
      )}
    </Box>
  );
}
