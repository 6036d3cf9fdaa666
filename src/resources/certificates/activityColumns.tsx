import { Box, Tooltip } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { formatNumber } from '../../i18n/numberFormat';

/** One column of what recipients did: its row field (for the table), its label and its cell. */
export interface ActivityColumn {
  source: string;
  label: string;
  render: (row: CertificateRecord) => ReactNode;
}

/**
 * What recipients did with a certificate (issue 31), as the report and the search show it: people's views (first
 * and last on hover), the last view, downloads, LinkedIn clicks, verifications.
 */
export function useActivityColumns(): ActivityColumn[] {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const count = (value: number | undefined) => formatNumber(value ?? 0, locale);
  const day = (value: string | null | undefined) =>
    value ? new Date(value).toLocaleDateString(locale, { dateStyle: 'medium' }) : '—';
  const views = (row: CertificateRecord): ReactNode =>
    row.Views ? (
      <Tooltip
        title={translate('reports.activity.views_between', { first: day(row.FirstView), last: day(row.LastView) })}
      >
        <span>{count(row.Views)}</span>
      </Tooltip>
    ) : (
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {count(0)}
      </Box>
    );
  return [
    { source: 'Views', label: translate('reports.columns.Views'), render: views },
    { source: 'LastView', label: translate('reports.columns.LastView'), render: (row) => day(row.LastView) },
    { source: 'Downloads', label: translate('reports.columns.Downloads'), render: (row) => count(row.Downloads) },
    {
      source: 'LinkedInClicks',
      label: translate('reports.columns.LinkedIn'),
      render: (row) => count(row.LinkedInClicks),
    },
    {
      source: 'Verifications',
      label: translate('reports.columns.Verifications'),
      render: (row) => count(row.Verifications),
    },
  ];
}
