import { Box, Typography, useTheme } from '@mui/material';
import { useTranslate } from 'react-admin';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { DONUT_CUTOUT, ISSUER_BAR_SIZE, PERIOD_BAR_SIZE } from '../../../domain/dashboard';
import { useNumberFormat } from '../../i18n/numberFormat';
import type { IssuerBar, PeriodSeries, Slice } from './dashboardView';

/**
 * The dashboard's charts (recharts), in their own chunk: the page loads them behind Suspense, so recharts stays
 * out of the main bundle.
 */

export function useSeriesColors(): Record<PeriodSeries, string> {
  const { palette } = useTheme();
  return {
    published: palette.primary.main,
    sent: palette.success.main,
    opened: palette.info.main,
    notDelivered: palette.error.main,
    notSent: palette.grey[palette.mode === 'dark' ? 600 : 400],
  };
}

function useAxisStyle() {
  const { palette, typography } = useTheme();
  return { fontSize: 12, fill: palette.text.secondary, fontFamily: typography.fontFamily };
}

const ROW_HEIGHT = 30;

/** One bar per issuer, horizontal so that names up to 35 characters stay readable. */
export function IssuerBarChart({
  bars,
  dataKey,
  label,
}: {
  bars: IssuerBar[];
  dataKey: 'certificates' | 'credits';
  label: string;
}) {
  const axis = useAxisStyle();
  const { palette } = useTheme();
  const number = useNumberFormat();
  const color = dataKey === 'certificates' ? palette.primary.main : palette.success.main;
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, bars.length * ROW_HEIGHT + 40)}>
      <BarChart data={bars} layout="vertical" margin={{ top: 4, right: 24, bottom: 4, left: 8 }} accessibilityLayer>
        <CartesianGrid horizontal={false} stroke={palette.divider} />
        <XAxis type="number" allowDecimals={false} tick={axis} stroke={palette.divider} tickFormatter={number} />
        <YAxis type="category" dataKey="name" width={230} tick={axis} stroke={palette.divider} interval={0} />
        <Tooltip
          cursor={{ fill: palette.action.hover }}
          labelFormatter={(_, payload) => (payload?.[0]?.payload as IssuerBar | undefined)?.fullName ?? ''}
          formatter={(value) => number(Number(value))}
        />
        <Bar dataKey={dataKey} name={label} fill={color} barSize={ISSUER_BAR_SIZE} radius={3} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** Published versus sent (versus opened with tracking) over the period. */
export function PeriodBarChart({ slices, labels }: { slices: Slice[]; labels: Record<PeriodSeries, string> }) {
  const axis = useAxisStyle();
  const colors = useSeriesColors();
  const { palette } = useTheme();
  const number = useNumberFormat();
  const data = slices.map((slice) => ({ ...slice, name: labels[slice.key] }));
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={data} margin={{ top: 16, right: 16, bottom: 4, left: 0 }} accessibilityLayer>
        <CartesianGrid vertical={false} stroke={palette.divider} />
        <XAxis dataKey="name" tick={axis} stroke={palette.divider} />
        <YAxis allowDecimals={false} tick={axis} stroke={palette.divider} width={56} tickFormatter={number} />
        <Tooltip cursor={{ fill: palette.action.hover }} formatter={(value) => number(Number(value))} />
        <Bar
          dataKey="value"
          name=" "
          barSize={PERIOD_BAR_SIZE}
          radius={[4, 4, 0, 0]}
          label={{ position: 'top', ...axis, formatter: (value: unknown) => number(Number(value)) }}
        >
          {data.map((slice) => (
            <Cell key={slice.key} fill={colors[slice.key]} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

/** One of the period's recipient figures (issue 31), named in the reader's language. */
export interface RecipientBar {
  key: 'views' | 'downloads' | 'linkedIn' | 'verifications';
  name: string;
  value: number;
}

/** What recipients did in the period: page views, downloads, LinkedIn clicks, verifications, with their figures. */
export function RecipientBarChart({ bars }: { bars: RecipientBar[] }) {
  const axis = useAxisStyle();
  const { palette } = useTheme();
  const number = useNumberFormat();
  const colors: Record<RecipientBar['key'], string> = {
    views: palette.primary.main,
    downloads: palette.success.main,
    linkedIn: palette.info.main,
    verifications: palette.warning.main,
  };
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
      <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
        <ResponsiveContainer width="100%" height={220}>
          <BarChart data={bars} margin={{ top: 16, right: 16, bottom: 4, left: 0 }} accessibilityLayer>
            <CartesianGrid vertical={false} stroke={palette.divider} />
            <XAxis dataKey="name" tick={axis} stroke={palette.divider} interval={0} />
            <YAxis allowDecimals={false} tick={axis} stroke={palette.divider} width={56} tickFormatter={number} />
            <Tooltip cursor={{ fill: palette.action.hover }} formatter={(value) => number(Number(value))} />
            <Bar dataKey="value" name=" " barSize={PERIOD_BAR_SIZE} radius={[4, 4, 0, 0]}>
              {bars.map((bar) => (
                <Cell key={bar.key} fill={colors[bar.key]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {bars.map((bar) => (
          <Box component="li" key={bar.key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: colors[bar.key], flexShrink: 0 }} />
            <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 150 }}>
              {bar.name}
            </Typography>
            <Typography variant="body2" fontWeight={600} data-testid={`recipients-${bar.key}`}>
              {number(bar.value)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

const DONUT_SIZE = 200;

/** Email outcomes of the period, the sent percentage in the middle. */
export function EmailDonut({
  slices,
  percentage,
  labels,
}: {
  slices: Slice[];
  percentage: number;
  labels: Record<PeriodSeries, string>;
}) {
  const translate = useTranslate();
  const colors = useSeriesColors();
  const { palette } = useTheme();
  const number = useNumberFormat();
  const outer = DONUT_SIZE / 2;
  const inner = (outer * parseFloat(DONUT_CUTOUT)) / 100;
  const total = slices.reduce((sum, slice) => sum + slice.value, 0);
  const data =
    total > 0
      ? slices.map((slice) => ({ ...slice, name: labels[slice.key] }))
      : [{ key: 'notSent' as const, value: 1, name: labels.notSent }];
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap', justifyContent: 'center' }}>
      <Box sx={{ position: 'relative', width: DONUT_SIZE, height: DONUT_SIZE, flexShrink: 0 }}>
        <PieChart width={DONUT_SIZE} height={DONUT_SIZE}>
          <Pie
            data={data}
            dataKey="value"
            nameKey="name"
            innerRadius={inner}
            outerRadius={outer}
            startAngle={90}
            endAngle={-270}
            stroke={palette.background.paper}
            isAnimationActive={false}
          >
            {data.map((slice) => (
              <Cell key={slice.key} fill={total > 0 ? colors[slice.key] : palette.action.disabledBackground} />
            ))}
          </Pie>
          {total > 0 && <Tooltip formatter={(value) => number(Number(value))} />}
        </PieChart>
        <Box
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            pointerEvents: 'none',
          }}
        >
          <Typography variant="h4" component="p" fontWeight={600} data-testid="sent-percentage">
            {translate('dashboard.percentage', { percentage })}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {translate('dashboard.sent_percentage')}
          </Typography>
        </Box>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
        {slices.map((slice) => (
          <Box component="li" key={slice.key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box sx={{ width: 12, height: 12, borderRadius: '3px', bgcolor: colors[slice.key], flexShrink: 0 }} />
            <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 110 }}>
              {labels[slice.key]}
            </Typography>
            <Typography variant="body2" fontWeight={600}>
              {number(slice.value)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
