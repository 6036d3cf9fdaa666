import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import SearchIcon from '@mui/icons-material/Search';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Chip,
  IconButton,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { CertificateOperation } from '../../../domain/certificates';
import { canPublish } from '../../../domain/permissions';
import { checkSearch, SEARCH_COOLDOWN_MS, type ReportRow, type SearchMode } from '../../../domain/reports';
import { labelIn, type TemplateSummary } from '../../../domain/templates';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { apiFetch } from '../../dataProvider/httpClient';
import { offeredOperations, operationKeys } from '../reports/certificateOperations';
import { CertificateLinkActions } from '../reports/CertificateLinkActions';
import { useCertificateOperation } from '../reports/useCertificateOperation';
import { campaignReportPath } from '../reports/paths';
import { emailStatusColor, emailStatusKey, statusColor, statusKey } from '../reports/reportLabels';
import {
  canSearch,
  nextSearchSort,
  restoreSearch,
  saveSearch,
  SEARCH_MODES,
  sortResults,
  uniqueByKey,
  type SearchSort,
  type SearchSortField,
} from './searchState';

export const SEARCH_PATH = '/search';

const OperationConfirmDialog = lazy(() =>
  import('../reports/ReportDialogs').then((module) => ({ default: module.OperationConfirmDialog })),
);

/** Statuses only NFT certificates reach: their template's certificates cannot be deleted. */
const NFT_STATUSES = [11, 13, 14];

const OPERATION_ICONS: Record<CertificateOperation, typeof BlockIcon> = {
  disable: BlockIcon,
  enable: CheckCircleIcon,
  delete: DeleteIcon,
};

/**
 * The certificate search page (spec 002 sections 2.4, 4 and 5): an address, a key or a certificate URL; results
 * one per key, sortable, selectable; bulk disable, enable and delete for those who can publish.
 */
export function SearchPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const { user } = useCurrentUser();
  const [saved] = useState(() => restoreSearch(sessionStorage));
  const [mode, setMode] = useState<SearchMode>(saved?.mode ?? 'email');
  const [text, setText] = useState(saved?.text ?? '');
  const [results, setResults] = useState<ReportRow[] | null>(saved?.results ?? null);
  const [error, setError] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const [coolingDown, setCoolingDown] = useState(false);
  const [sort, setSort] = useState<SearchSort | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [templates, setTemplates] = useState<Map<number, TemplateSummary>>(new Map());
  const certificateOperation = useCertificateOperation(async (operation, updated) => {
    notify(`reports.success.${operation}`, { type: 'success', messageArgs: { count: updated } });
    setSelected(new Set());
    await search(true);
  });
  const { operation } = certificateOperation;
  const cooldown = useRef<ReturnType<typeof setTimeout> | null>(null);
  const canAct = user ? canPublish(user.profileId) : false;

  useEffect(() => () => void (cooldown.current && clearTimeout(cooldown.current)), []);

  // the restored results show at once and are asked again, so they show what changed meanwhile
  const restored = useRef(saved?.results ? saved : null);
  useEffect(() => {
    const last = restored.current;
    restored.current = null;
    if (last) void search(true);
    // once, on arrival
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    saveSearch(sessionStorage, { mode, text, results });
  }, [mode, text, results]);

  const hasResults = results !== null && results.length > 0;
  useEffect(() => {
    if (!hasResults || templates.size > 0) return;
    let active = true;
    apiFetch<TemplateSummary[]>('/api/admin/templates')
      .then(({ body }) => active && setTemplates(new Map(body.map((template) => [template.id, template]))))
      .catch(() => undefined);
    return () => {
      active = false;
    };
  }, [hasResults, templates.size]);

  const templateLabel = (templateId: number) => {
    const template = templates.get(templateId);
    return template ? labelIn(template.label, locale) : translate('search.template_number', { id: templateId });
  };

  /** GET /api/admin/data; `repeat` is the search repeated after a bulk operation, outside the cooldown */
  const search = async (repeat = false) => {
    const check = checkSearch(mode, text);
    if (!check.ok) {
      setError(translate(`search.${check.error}`));
      return;
    }
    setError(null);
    setSearching(true);
    if (!repeat) setSelected(new Set());
    try {
      const query = new URLSearchParams({ mode: check.mode, value: check.value });
      const { body } = await apiFetch<{ data: ReportRow[] }>(`/api/admin/data?${query}`);
      setResults(uniqueByKey(body.data));
    } catch {
      setError(translate('search.error_api_call'));
    } finally {
      setSearching(false);
      if (!repeat) {
        setCoolingDown(true);
        cooldown.current = setTimeout(() => setCoolingDown(false), SEARCH_COOLDOWN_MS);
      }
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSearch({ text, searching, coolingDown })) void search();
  };

  const edit = (next: string) => {
    setText(next);
    setResults(null);
    setError(null);
    setSelected(new Set());
  };

  const rows = results ? sortResults(results, sort, templateLabel) : [];
  const selectedRows = rows.filter((row) => selected.has(row.key));
  const offered = offeredOperations(
    {
      canAct,
      nft: selectedRows.some((row) => NFT_STATUSES.includes(row.StatusID) || row.txInBlockchainExplorer),
      // the server refuses templates without fields to certify; the page does not know them
      fieldsToCertified: 'unknown',
    },
    selectedRows,
  );

  const copyLink = (row: ReportRow) =>
    navigator.clipboard.writeText(row.url).then(
      () => notify('reports.link_copied', { type: 'info' }),
      () => notify('reports.link_copy_failed', { type: 'warning' }),
    );

  const sortHeader = (field: SearchSortField, label: string) => (
    <TableCell sortDirection={sort?.field === field ? sort.direction : false} sx={{ whiteSpace: 'nowrap' }}>
      <TableSortLabel
        active={sort?.field === field}
        direction={sort?.field === field ? sort.direction : 'asc'}
        onClick={() => setSort(nextSearchSort(sort, field))}
      >
        {label}
      </TableSortLabel>
    </TableCell>
  );

  return (
    <Box>
      <Title title={translate('search.title')} />
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('search.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('search.intro')}
      </Typography>
      <Card variant="outlined" sx={{ p: 2, mb: 3 }}>
        <Box
          component="form"
          onSubmit={submit}
          role="search"
          sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TextField
            select
            size="small"
            label={translate('search.mode')}
            value={mode}
            onChange={(event) => {
              setMode(event.target.value as SearchMode);
              setResults(null);
              setError(null);
              setSelected(new Set());
            }}
            sx={{ minWidth: 170 }}
          >
            {SEARCH_MODES.map((value) => (
              <MenuItem key={value} value={value}>
                {translate(`search.modes.${value}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            value={text}
            onChange={(event) => edit(event.target.value)}
            placeholder={translate(`search.placeholders.${mode}`)}
            error={error !== null}
            helperText={error}
            slotProps={{ htmlInput: { 'aria-label': translate(`search.labels.${mode}`), spellCheck: false } }}
            sx={{ flex: '1 1 320px' }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<SearchIcon />}
            disabled={!canSearch({ text, searching, coolingDown })}
            sx={{ height: 40 }}
          >
            {translate(searching ? 'search.searching' : 'search.button')}
          </Button>
        </Box>
      </Card>

      {results === null ? (
        <Box sx={{ textAlign: 'center', py: 6, color: 'text.secondary' }}>
          <ManageSearchIcon sx={{ fontSize: 56, color: 'text.disabled', mb: 1 }} />
          <Typography>{translate('search.hint')}</Typography>
        </Box>
      ) : results.length === 0 ? (
        <Alert severity="info">{translate('search.no_result')}</Alert>
      ) : (
        <Card variant="outlined">
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1,
              px: 1,
              py: 1,
              flexWrap: 'wrap',
              borderBottom: 1,
              borderColor: 'divider',
            }}
          >
            <Checkbox
              size="small"
              indeterminate={selected.size > 0 && selected.size < rows.length}
              checked={selected.size === rows.length}
              onChange={(event) => setSelected(new Set(event.target.checked ? rows.map((row) => row.key) : []))}
              slotProps={{ input: { 'aria-label': translate('search.select_all') } }}
            />
            <Typography variant="subtitle1" component="h2" sx={{ flexGrow: 1 }}>
              {translate('search.results', { count: rows.length })}
              {selected.size > 0 && (
                <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
                  {translate('reports.selected', { count: selected.size })}
                </Typography>
              )}
            </Typography>
            {canAct &&
              (['disable', 'enable', 'delete'] as const).map((op) => {
                const Icon = OPERATION_ICONS[op];
                return (
                  <Button
                    key={op}
                    size="small"
                    variant="outlined"
                    color={op === 'delete' ? 'error' : 'primary'}
                    startIcon={<Icon fontSize="small" />}
                    disabled={!offered.includes(op)}
                    onClick={() => {
                      certificateOperation.ask({ operation: op, keys: operationKeys(op, selectedRows) });
                    }}
                  >
                    {translate(`reports.operations.${op}`)}
                  </Button>
                );
              })}
          </Box>
          <TableContainer>
            <Table size="small" aria-label={translate('search.results_table')}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  {sortHeader('template', translate('search.columns.template'))}
                  {sortHeader('PublicationDate', translate('search.columns.date'))}
                  {sortHeader('StatusID', translate('search.columns.status'))}
                  {sortHeader('email', translate('search.columns.email'))}
                  <TableCell align="right">{translate('reports.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => {
                  const name = `${String(row.firstName ?? '')} ${String(row.lastName ?? '')}`.trim() || row.email;
                  return (
                    <TableRow key={row.key} hover selected={selected.has(row.key)} data-testid="search-row">
                      <TableCell padding="checkbox">
                        <Checkbox
                          size="small"
                          checked={selected.has(row.key)}
                          onChange={() =>
                            setSelected((current) => {
                              const next = new Set(current);
                              if (next.has(row.key)) next.delete(row.key);
                              else next.add(row.key);
                              return next;
                            })
                          }
                          slotProps={{ input: { 'aria-label': translate('reports.select_row', { name }) } }}
                        />
                      </TableCell>
                      <TableCell>
                        <Typography variant="body2" fontWeight={500}>
                          {templateLabel(row.TemplateID)}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {translate('search.campaign_of', { id: row.CampaignID, name })}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {new Date(row.PublicationDate).toLocaleDateString(locale, { dateStyle: 'medium' })}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          variant={row.StatusID === 1 ? 'filled' : 'outlined'}
                          color={statusColor(row.StatusID)}
                          label={translate(statusKey(row.StatusID))}
                        />
                      </TableCell>
                      <TableCell>
                        <Typography variant="body2">{row.email || '—'}</Typography>
                        {row.hasEmail && (
                          <Chip
                            size="small"
                            variant="outlined"
                            color={emailStatusColor(row.EmailStatus)}
                            label={translate(emailStatusKey(row.EmailStatus))}
                            sx={{ mt: 0.5 }}
                          />
                        )}
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <CertificateLinkActions url={row.url} name={name} onCopy={() => void copyLink(row)} />
                        <Tooltip title={translate('search.open_report')}>
                          <IconButton
                            size="small"
                            component={Link}
                            to={campaignReportPath(row.CampaignID)}
                            aria-label={translate('search.open_report_of', { id: row.CampaignID })}
                          >
                            <AssessmentIcon fontSize="small" />
                          </IconButton>
                        </Tooltip>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Card>
      )}
      <Suspense fallback={null}>
        {operation && (
          <OperationConfirmDialog
            operation={operation.operation}
            count={operation.keys.length}
            pending={certificateOperation.pending}
            error={certificateOperation.error}
            onConfirm={() => void certificateOperation.confirm()}
            onClose={certificateOperation.cancel}
          />
        )}
      </Suspense>
    </Box>
  );
}
