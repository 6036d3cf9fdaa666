import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import MailIcon from '@mui/icons-material/MailOutline';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import TableIcon from '@mui/icons-material/TableViewOutlined';
import { Badge, Box, Button, IconButton, InputAdornment, MenuItem, TextField, Tooltip } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ExportButton, useListContext, useTranslate, type Exporter } from 'react-admin';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { EXPORT_MAX_ROWS } from './certificateExporter';
import { ReportFilterDrawer } from './ReportFilterDrawer';
import { activeFilterCount, applyDrawer, type ReportFilterValues, type ReportOptions } from './reportFilters';

/**
 * The report's toolbar (spec 002 section 2.1): the search box (Enter or the button), the data language when the
 * template has several, the filter drawer, then refresh, the register export, send all and the spreadsheet
 * export. Search, language and drawer filters go into the list's filter, so into the URL.
 */
export function ReportToolbar({
  languages,
  options,
  withDates,
  exporter,
  busy,
  onCpfExport,
  onSendAll,
}: {
  languages: readonly string[];
  options: ReportOptions;
  withDates: boolean;
  exporter: Exporter;
  busy: boolean;
  /** null: no register export here */
  onCpfExport: (() => void) | null;
  /** with the page's rows (the test email's line); null: no send-all button (a Reader, a deleted campaign); false: shown disabled */
  onSendAll: ((rows: CertificateRecord[]) => void) | null | false;
}) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { filterValues, setFilters, data, isPending } = useListContext<CertificateRecord>();
  const values = filterValues as ReportFilterValues & { q?: string; language?: string };
  const [searchText, setSearchText] = useState(values.q ?? '');
  const [drawer, setDrawer] = useState({ open: false, key: 0 });
  const change = (next: Record<string, unknown>) => {
    const merged: Record<string, unknown> = { ...filterValues, ...next };
    for (const key of Object.keys(merged)) if (merged[key] === '' || merged[key] === undefined) delete merged[key];
    setFilters(merged, undefined, false);
  };

  return (
    <Box sx={{ display: 'flex', gap: 1.5, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      <TextField
        size="small"
        placeholder={translate('reports.search')}
        value={searchText}
        onChange={(event) => setSearchText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') change({ q: searchText.trim() });
        }}
        slotProps={{
          htmlInput: { 'aria-label': translate('reports.search') },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  onClick={() => change({ q: searchText.trim() })}
                  aria-label={translate('reports.search_button')}
                >
                  <SearchIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
        sx={{ width: { xs: '100%', sm: 340 }, bgcolor: 'background.paper' }}
      />
      {languages.length > 1 && (
        <TextField
          select
          size="small"
          label={translate('reports.language')}
          value={values.language ?? ''}
          onChange={(event) => change({ language: event.target.value })}
          sx={{ minWidth: 180, bgcolor: 'background.paper' }}
        >
          <MenuItem value="">{translate('reports.language_own')}</MenuItem>
          {languages.map((language) => (
            <MenuItem key={language} value={language}>
              {translate(`language.${language}`, { _: language.toUpperCase() })}
            </MenuItem>
          ))}
        </TextField>
      )}
      <Badge badgeContent={activeFilterCount(values)} color="primary">
        <Button
          variant="outlined"
          startIcon={<FilterListIcon />}
          onClick={() => setDrawer((current) => ({ open: true, key: current.key + 1 }))}
        >
          {translate('reports.filters.button')}
        </Button>
      </Badge>
      <Box sx={{ flexGrow: 1 }} />
      <Tooltip title={translate('reports.refresh')}>
        <IconButton
          onClick={() => void queryClient.invalidateQueries({ queryKey: ['certificates'] })}
          aria-label={translate('reports.refresh')}
        >
          <RefreshIcon />
        </IconButton>
      </Tooltip>
      {onCpfExport && (
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={onCpfExport} disabled={busy}>
          {translate('reports.cpf_export.button')}
        </Button>
      )}
      <ExportButton
        exporter={exporter}
        maxResults={EXPORT_MAX_ROWS}
        label="reports.actions.export_xlsx"
        icon={<TableIcon />}
        variant="outlined"
        size="medium"
        disabled={busy}
      />
      {onSendAll !== null && (
        <Button
          variant="contained"
          startIcon={<MailIcon />}
          onClick={onSendAll ? () => onSendAll(data ?? []) : undefined}
          // the test mail goes to the first line on screen: none yet while the first page loads
          disabled={onSendAll === false || busy || isPending}
        >
          {translate('reports.send_all')}
        </Button>
      )}
      <ReportFilterDrawer
        key={drawer.key}
        open={drawer.open}
        filters={values}
        options={options}
        withDates={withDates}
        onApply={(filters) => {
          setFilters(applyDrawer(filterValues, filters, options), undefined, false);
          setDrawer((current) => ({ ...current, open: false }));
        }}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
      />
    </Box>
  );
}
