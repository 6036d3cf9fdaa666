import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import FilterListIcon from '@mui/icons-material/FilterList';
import FolderOffIcon from '@mui/icons-material/FolderOffOutlined';
import MailIcon from '@mui/icons-material/MailOutline';
import RefreshIcon from '@mui/icons-material/Refresh';
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Chip,
  IconButton,
  InputAdornment,
  LinearProgress,
  MenuItem,
  Skeleton,
  TablePagination,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Title, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { todayIso } from '../../../domain/import';
import { canPublish } from '../../../domain/permissions';
import { REPORT_PAGE_SIZES, type ReportRow } from '../../../domain/reports';
import { labelIn } from '../../../domain/templates';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { apiFetch } from '../../dataProvider/httpClient';
import { EMAIL_PATH } from '../email/EmailPage';
import type { EmailTarget, ReportReturn } from '../email/emailForm';
import { CampaignNote } from './CampaignNote';
import {
  emailableRows,
  offeredOperations,
  operationKeys,
  permittedOperations,
  printableRows,
} from './certificateOperations';
import { reportPath } from './paths';
import { browserPdfDependencies, downloadPdf, downloadPdfZip, type PdfOutcome } from './pdfDownload';
import { ReportActionsMenu } from './ReportActionsMenu';
import { awaitingResult, isCpfTemplate, isOpenBadge, reportCalls } from './reportCalls';
import { exportFileName, exportRecords, fetchAllRows, workbookBytes, XLSX_TYPE } from './reportExport';
import { ReportFilterDrawer } from './ReportFilterDrawer';
import { statusKey } from './reportLabels';
import {
  activeFilterCount,
  initialView,
  nextSort,
  reportColumns,
  reportRequest,
  restoreView,
  saveView,
  showPageSizes,
  usesEmail,
  type ReportKind,
  type ReportOptions,
  type ReportView,
} from './reportQuery';
import { ReportTable } from './ReportTable';
import { saveFile } from './saveFile';
import { useReportLoader } from './useReportLoader';
import { useCertificateOperation } from './useCertificateOperation';

export { REPORT_ROUTES, campaignReportPath, cpfControlPath, templateReportPath } from './paths';

const OperationConfirmDialog = lazy(() =>
  import('./ReportDialogs').then((module) => ({ default: module.OperationConfirmDialog })),
);
const EmailEditDialog = lazy(() => import('./ReportDialogs').then((module) => ({ default: module.EmailEditDialog })));
const MintingPendingDialog = lazy(() =>
  import('./ReportDialogs').then((module) => ({ default: module.MintingPendingDialog })),
);

/** The page's success alert (spec 002 section 2.1): deletion, emails sent, PDF export, … */
interface Success {
  message: string;
  count: number;
}

/** Sending can be switched off where the product is shown (demo) or tried (staging). */
interface EmailingState {
  disabled?: 'demo' | 'staging' | null;
}

/** The campaign report, the template report and the cpf control page (spec 002 section 2.1). */
export function ReportPage({ kind }: { kind: ReportKind }) {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/templates" replace />;
  return <Report key={`${kind}-${id}`} kind={kind} id={id} />;
}

function Report({ kind, id }: { kind: ReportKind; id: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useCurrentUser();
  const arrival = location.state as Partial<ReportReturn> | null;

  const [view, setView] = useState<ReportView>(
    () => (arrival?.restore ? restoreView(sessionStorage, kind, id) : null) ?? initialView(),
  );
  const [searchText, setSearchText] = useState(view.search);
  const [success, setSuccess] = useState<Success | null>(() =>
    typeof arrival?.sent === 'number' ? { message: 'reports.success.emails_sent', count: arrival.sent } : null,
  );
  const [nft, setNft] = useState(false);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [drawer, setDrawer] = useState({ open: false, key: 0 });
  const certificateOperation = useCertificateOperation((operation, updated) => {
    addSuccess(`reports.success.${operation}`, updated);
    void load.reload();
  });
  const { operation } = certificateOperation;
  const [emailRow, setEmailRow] = useState<ReportRow | null>(null);
  const [mintingOpen, setMintingOpen] = useState(false);
  const [busy, setBusy] = useState<'xlsx' | 'pdf' | 'cpf' | 'email' | null>(null);
  const [emailing, setEmailing] = useState<EmailingState | null>(null);

  const canAct = user ? canPublish(user.profileId) : false;
  const options: ReportOptions = useMemo(() => ({ nft, tracking: user?.params?.tracking ?? false }), [nft, user]);
  // the rows wait for the user: the default mail-sent filter depends on the issuer's tracking
  const request = useMemo(
    () => (user ? reportRequest(kind, id, view, options) : null),
    [user, kind, id, view, options],
  );
  const load = useReportLoader(kind, id, request);
  const { header, rows: page } = load;

  // a page opened from the email page shows its count once; a reload of the browser does not repeat it
  useEffect(() => {
    if (arrival) navigate(location.pathname, { replace: true, state: null });
  }, [arrival, navigate, location.pathname]);

  useEffect(() => {
    if (header) setNft(header.template.mode === 'NFT');
  }, [header]);

  // selection clears on reload
  useEffect(() => {
    setSelected(new Set());
  }, [page]);

  useEffect(() => {
    const error = header?.campaign?.error;
    if (error) {
      notify(error, { type: 'error' });
      navigate('/templates');
    }
  }, [header, notify, navigate]);

  useEffect(() => {
    if (!canAct) return;
    let active = true;
    apiFetch<EmailingState>('/api/admin/emailing')
      .then(({ body }) => active && setEmailing(body))
      .catch(() => active && setEmailing({}));
    return () => {
      active = false;
    };
  }, [canAct]);

  if (load.headerStatus === 'missing')
    return (
      <Alert
        severity="warning"
        action={
          <Button component={Link} to="/templates" color="inherit" size="small">
            {translate('reports.to_templates')}
          </Button>
        }
      >
        {translate(kind === 'campaign' ? 'reports.campaign_not_found' : 'reports.template_not_found')}
      </Alert>
    );
  if (!header)
    return (
      <Box>
        <Title title={translate('reports.title')} />
        {load.headerStatus === 'failed' && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {translate('reports.load_failed')}
          </Alert>
        )}
        <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={360} />
      </Box>
    );

  const template = header.template;
  const campaign = header.campaign;
  const label = labelIn(template.label, locale);
  const rows = page?.data ?? [];
  const count = page?.count ?? 0;
  const counters = page?.counters ?? header.counters;
  const deleted = campaign?.Status === 'Deleted';
  const publishing = kind === 'campaign' && awaitingResult(header);
  const emailUsed = usesEmail(rows, template.type);
  const columns = reportColumns(rows, emailUsed);
  const selectedRows = rows.filter((row) => selected.has(row.key));
  const operationContext = { canAct, nft, fieldsToCertified: template.fieldsToCertified };
  const possible = permittedOperations(operationContext);
  const offered = offeredOperations(operationContext, selectedRows);
  const pdfAvailable = !(isOpenBadge(template.type) && !template.hasCustomCstyleLayout);
  const emailDisabled = emailing?.disabled ?? null;
  const canEmail = canAct && !deleted && emailDisabled === null;
  const period =
    campaign && campaign.startDate.slice(0, 10) !== campaign.endDate.slice(0, 10)
      ? translate('reports.period', {
          start: formatDate(campaign.startDate, locale),
          end: formatDate(campaign.endDate, locale),
        })
      : campaign
        ? translate('reports.published_on', { date: formatDate(campaign.date, locale) })
        : null;

  const changeView = (change: Partial<ReportView>) => setView((current) => ({ ...current, page: 0, ...change }));
  /** the latest outcome replaces the one before */
  const addSuccess = (message: string, n: number) => setSuccess({ message, count: n });

  const toggle = (key: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const goToEmail = (target: Omit<EmailTarget, 'templateId' | 'label' | 'returnTo'>) => {
    saveView(sessionStorage, kind, id, view);
    const state: EmailTarget = {
      ...target,
      templateId: template.id,
      ...(campaign ? { campaignId: campaign.ID } : {}),
      label,
      returnTo: reportPath(kind, id),
    };
    navigate(EMAIL_PATH, { state });
  };

  const sendAll = async () => {
    setBusy('email');
    try {
      if (counters.minting > 0) {
        // the minting check of spec 002 section 4: counters again, then wait if still minting
        const fresh = await reportCalls.header(kind, id);
        if (fresh.counters.minting > 0) {
          setMintingOpen(true);
          return;
        }
      }
      const testId = emailableRows(rows)[0]?.EvidenzId;
      if (campaign) {
        goToEmail({ selection: false, testId, count: counters.validated });
      } else {
        // the send call takes a campaign or ids: a template's whole table is its lines with an address
        const ids = await reportCalls.emailableIds(template.id);
        goToEmail({ selection: false, ids, testId: testId ?? ids[0], count: ids.length });
      }
    } catch {
      notify('reports.load_failed', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const emailSelection = () => {
    const lines = emailableRows(selectedRows);
    goToEmail({
      selection: true,
      ids: lines.map((row) => row.EvidenzId),
      testId: lines[0]?.EvidenzId,
      count: lines.length,
    });
  };

  const pdfOutcome = (outcome: PdfOutcome, n: number) => {
    if (outcome === 'downloaded') addSuccess('reports.success.pdf', n);
    else notify(`reports.downloadPdf.${outcome}`, { type: 'error' });
  };

  const downloadOne = async (row: ReportRow) => {
    setBusy('pdf');
    pdfOutcome(await downloadPdf(row.key, row.Language || locale, browserPdfDependencies), 1);
    setBusy(null);
  };

  const downloadSelection = async () => {
    const lines = printableRows(selectedRows);
    setBusy('pdf');
    pdfOutcome(
      await downloadPdfZip(
        lines.map((row) => row.key),
        todayIso(),
        browserPdfDependencies,
      ),
      lines.length,
    );
    setBusy(null);
  };

  const exportXlsx = async () => {
    setBusy('xlsx');
    try {
      const all = await fetchAllRows(kind, id, view, options);
      const records = exportRecords(all, {
        status: (statusId) => translate(statusKey(statusId)),
        statusColumn: translate('reports.export.status_column'),
        mailSentColumn: translate('reports.export.mail_sent_column'),
        notSent: translate('reports.export.not_sent'),
        nft,
      });
      const bytes = await workbookBytes(records, label);
      saveFile(new Blob([bytes], { type: XLSX_TYPE }), exportFileName(label));
      addSuccess('reports.success.export', all.length);
    } catch {
      notify('reports.export.failed', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const exportCpf = async () => {
    setBusy('cpf');
    try {
      const file = await reportCalls.cpfExport({ templateId: template.id, campaignId: campaign?.ID });
      saveFile(file, `${todayIso()}_${label}.xml`);
    } catch {
      notify('reports.cpf_export.failed', { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const copyLink = (row: ReportRow) =>
    navigator.clipboard.writeText(row.url).then(
      () => notify('reports.link_copied', { type: 'info' }),
      () => notify('reports.link_copy_failed', { type: 'warning' }),
    );

  const saveEmail = async (email: string) => {
    if (!emailRow) return false;
    try {
      await reportCalls.changeEmail(emailRow.EvidenzId, email);
      notify('reports.email_edit.saved', { type: 'success' });
      setEmailRow(null);
      void load.reload();
      return true;
    } catch {
      return false;
    }
  };

  const filterCount = activeFilterCount(view.filters);

  return (
    <Box>
      <Title title={label} />
      {success && (
        <Alert severity="success" role="status" onClose={() => setSuccess(null)} sx={{ mb: 2 }}>
          {translate(success.message, { count: success.count })}
        </Alert>
      )}
      {canAct && emailDisabled && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(emailDisabled === 'staging' ? 'reports.email_disable_staging' : 'reports.email_disable')}
        </Alert>
      )}

      <Card variant="outlined" sx={{ p: { xs: 2, md: 3 }, mb: 2 }}>
        <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <Box sx={{ flexGrow: 1, minWidth: 260 }}>
            <Typography variant="overline" color="text.secondary">
              {kind === 'campaign' && campaign
                ? translate('reports.kind.campaign', { id: campaign.ID })
                : translate(`reports.kind.${kind}`)}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
              <Typography variant="h4" component="h1">
                {label}
              </Typography>
              {deleted && <Chip label={translate('reports.campaign_deleted')} />}
              {publishing && <Chip color="info" label={translate('reports.publishing')} />}
            </Box>
            {!deleted && (
              <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                {period ?? translate('reports.all_campaigns')}
              </Typography>
            )}
            {campaign && !deleted && (
              <Box sx={{ mt: 2 }}>
                <CampaignNote
                  key={campaign.Notes}
                  campaignId={campaign.ID}
                  notes={campaign.Notes}
                  editable={canAct}
                  onSaved={() => void load.reload()}
                />
              </Box>
            )}
          </Box>
          {!deleted && (
            <Box sx={{ textAlign: 'right' }} data-testid="report-counters">
              <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {counters.validated} / {counters.total}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('reports.validated_total')}
              </Typography>
            </Box>
          )}
        </Box>
      </Card>

      {publishing && (
        <Alert severity="info" sx={{ mb: 2 }} icon={false}>
          <Typography variant="body2" sx={{ mb: 1 }}>
            {translate('reports.publishing_hint')}
          </Typography>
          <LinearProgress />
        </Alert>
      )}
      {kind === 'cpf' && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('reports.cpf_control.no_source')}
        </Alert>
      )}

      <Box sx={{ display: 'flex', gap: 1.5, mb: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          placeholder={translate('reports.search')}
          value={searchText}
          onChange={(event) => setSearchText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') changeView({ search: searchText });
          }}
          slotProps={{
            htmlInput: { 'aria-label': translate('reports.search') },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    onClick={() => changeView({ search: searchText })}
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
        {template.languages.length > 1 && (
          <TextField
            select
            size="small"
            label={translate('reports.language')}
            value={view.language}
            onChange={(event) => changeView({ language: event.target.value })}
            sx={{ minWidth: 180, bgcolor: 'background.paper' }}
          >
            <MenuItem value="">{translate('reports.language_own')}</MenuItem>
            {template.languages.map((language) => (
              <MenuItem key={language} value={language}>
                {translate(`language.${language}`, { _: language.toUpperCase() })}
              </MenuItem>
            ))}
          </TextField>
        )}
        <Badge badgeContent={filterCount} color="primary">
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
          <IconButton onClick={() => void load.reload()} aria-label={translate('reports.refresh')}>
            <RefreshIcon />
          </IconButton>
        </Tooltip>
        {isCpfTemplate(template.type) && kind !== 'cpf' && (
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={exportCpf} disabled={busy !== null}>
            {translate('reports.cpf_export.button')}
          </Button>
        )}
        {canAct && !deleted && (
          <Button
            variant="contained"
            startIcon={<MailIcon />}
            onClick={sendAll}
            disabled={!canEmail || busy !== null || counters.validated === 0}
          >
            {translate('reports.send_all')}
          </Button>
        )}
        <ReportActionsMenu
          operations={deleted ? [] : possible}
          offered={offered}
          onOperation={(chosen) => {
            certificateOperation.ask({ operation: chosen, keys: operationKeys(chosen, selectedRows) });
          }}
          emailSelection={canAct && !deleted ? canEmail && emailableRows(selectedRows).length > 0 : null}
          onEmailSelection={emailSelection}
          pdfSelection={pdfAvailable && printableRows(selectedRows).length > 1}
          onPdfSelection={downloadSelection}
          onExport={exportXlsx}
          busy={busy !== null}
        />
      </Box>
      {busy && busy !== 'email' && <LinearProgress sx={{ mb: 1 }} aria-label={translate('reports.working')} />}

      {counters.total === 0 && load.rowsStatus === 'loaded' && !publishing ? (
        <Card variant="outlined" sx={{ textAlign: 'center', py: 8, px: 3 }}>
          <FolderOffIcon sx={{ fontSize: 56, color: 'text.disabled', mb: 1 }} />
          <Typography variant="h6" component="p" gutterBottom>
            {translate('reports.data_deleted')}
          </Typography>
          <Typography color="text.secondary">{translate('reports.data_deleted_hint')}</Typography>
        </Card>
      ) : (
        <Card variant="outlined">
          {load.rowsStatus === 'failed' && (
            <Alert
              severity="error"
              action={
                <Button color="inherit" size="small" onClick={() => void load.reload()}>
                  {translate('app.retry')}
                </Button>
              }
            >
              {translate('reports.load_failed')}
            </Alert>
          )}
          {page === null ? (
            <Skeleton variant="rectangular" height={360} />
          ) : rows.length === 0 ? (
            <Box sx={{ textAlign: 'center', py: 6, px: 3 }}>
              <Typography variant="h6" component="p" gutterBottom>
                {translate('reports.no_match')}
              </Typography>
              <Typography color="text.secondary">{translate('reports.no_match_hint')}</Typography>
            </Box>
          ) : (
            <ReportTable
              rows={rows}
              columns={columns}
              emailUsed={emailUsed}
              selected={selected}
              onToggle={toggle}
              onToggleAll={(all) => setSelected(new Set(all ? rows.map((row) => row.key) : []))}
              sort={view.sort}
              onSort={(field) => changeView({ sort: nextSort(view.sort, field as Parameters<typeof nextSort>[1]) })}
              actions={{
                onPdf: pdfAvailable ? (row) => void downloadOne(row) : null,
                onCopyLink: (row) => void copyLink(row),
                onEditEmail: canAct && !isOpenBadge(template.type) ? setEmailRow : null,
                showCampaign: kind === 'template',
              }}
            />
          )}
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              flexWrap: 'wrap',
              borderTop: 1,
              borderColor: 'divider',
              pl: 2,
            }}
          >
            <Typography variant="body2" color="text.secondary" data-testid="selected-count">
              {translate('reports.selected', { count: selected.size })}
            </Typography>
            <TablePagination
              component="div"
              sx={{ flexGrow: 1 }}
              count={count}
              page={Math.min(view.page, Math.max(0, Math.ceil(count / view.perPage) - 1))}
              rowsPerPage={view.perPage}
              rowsPerPageOptions={showPageSizes(count) ? [...REPORT_PAGE_SIZES] : []}
              onPageChange={(_, next) => setView((current) => ({ ...current, page: next }))}
              onRowsPerPageChange={(event) => changeView({ perPage: Number(event.target.value) })}
              labelRowsPerPage={translate('reports.per_page')}
              labelDisplayedRows={({ from, to, count: total }) =>
                translate('reports.displayed', { from, to, count: total })
              }
              getItemAriaLabel={(type) => translate(`reports.page_${type}`)}
            />
          </Box>
        </Card>
      )}

      <ReportFilterDrawer
        key={drawer.key}
        open={drawer.open}
        filters={view.filters}
        options={options}
        withDates={kind === 'template'}
        onApply={(filters) => {
          changeView({ filters });
          setDrawer((current) => ({ ...current, open: false }));
        }}
        onClose={() => setDrawer((current) => ({ ...current, open: false }))}
      />
      <Suspense fallback={null}>
        {operation && (
          <OperationConfirmDialog
            operation={operation.operation}
            count={operation.keys.length}
            pending={certificateOperation.pending}
            error={certificateOperation.error}
            onConfirm={() => void certificateOperation.confirm(kind === 'campaign' ? id : undefined)}
            onClose={certificateOperation.cancel}
          />
        )}
        {emailRow && <EmailEditDialog row={emailRow} onSave={saveEmail} onClose={() => setEmailRow(null)} />}
        {mintingOpen && <MintingPendingDialog open onClose={() => setMintingOpen(false)} />}
      </Suspense>
    </Box>
  );
}

function formatDate(value: string, locale: string): string {
  return new Date(value).toLocaleDateString(locale, { dateStyle: 'medium' });
}
