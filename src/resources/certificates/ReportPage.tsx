import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import FolderOffIcon from '@mui/icons-material/FolderOffOutlined';
import { Alert, Box, Button, Card, Chip, Skeleton, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ListBase, Title, useListContext, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { todayIso } from '../../../domain/import';
import { canPublish } from '../../../domain/permissions';
import { CAMPAIGN_POLL_MS, defaultMailFilter, REPORT_PAGE_SIZES, type ReportHeader } from '../../../domain/reports';
import { labelIn } from '../../../domain/templates';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import {
  cpfDataErrors,
  type CertificateFilter,
  type CertificateRecord,
  type CpfDataErrors,
} from '../../dataProvider/certificates';
import type { PdfOutcome } from '../../dataProvider/certificatePdf';
import { errorStatus } from '../../dataProvider/apiErrors';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { useNumberFormat } from '../../i18n/numberFormat';
import { useReturnFocus } from '../../components/useReturnFocus';
import { cpfControlPath, EMAIL_PATH, templateReportPath } from './paths';
import type { EmailTarget, ReportReturn } from './email/emailForm';
import { CampaignNote } from './CampaignNote';
import { EmailEditDialog, MintingPendingDialog } from './CertificateDialogs';
import { certificateExporter } from './certificateExporter';
import { statusKey, walletProtocolKey } from './certificateLabels';
import { emailableRows } from './certificateOperations';
import { CpfExportErrorsDialog } from './CpfExportErrors';
import {
  awaitingResult,
  isCpfTemplate,
  isOpenBadge,
  statusFilterValues,
  usesEmail,
  type ReportKind,
} from './reportFilters';
import { ReportPagination } from './ReportPagination';
import { ReportTable, type ReportTableProps } from './ReportTable';
import { ReportToolbar } from './ReportToolbar';
import { OperationScope } from './OperationScope';
import { ReissueScope } from './ReissueScope';
import { LoadingBar } from '../../components/LoadingBar';
import { saveFile } from '../../components/saveFile';

/** The page's success alert (spec 002 section 2.1): deletion, emails sent, PDF export, … */
interface Success {
  message: string;
  count: number;
}

/**
 * The campaign report, the template report and the register control report (spec 002 section 2.1): each a
 * list of the `certificates` resource with its permanent filter and its own store key, so each keeps its
 * filters, sort and page in the URL.
 */
export function ReportPage({ kind }: { kind: ReportKind }) {
  const { id: idParam } = useParams();
  const id = Number(idParam);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/templates" replace />;
  return <Report key={`${kind}-${id}`} kind={kind} id={id} />;
}

function formatDate(value: string, locale: string): string {
  return new Date(value).toLocaleDateString(locale, { dateStyle: 'medium' });
}

function Report({ kind, id }: { kind: ReportKind; id: number }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const number = useNumberFormat();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const dataProvider = useLaurelDataProvider();
  const { user } = useCurrentUser();
  const arrival = location.state as Partial<ReportReturn> | null;
  const [success, setSuccess] = useState<Success | null>(() =>
    typeof arrival?.sent === 'number' ? { message: 'reports.success.emails_sent', count: arrival.sent } : null,
  );
  const [emailRow, setEmailRow] = useState<CertificateRecord | null>(null);
  const [mintingOpen, setMintingOpen] = useState(false);
  const [cpfErrors, setCpfErrors] = useState<CpfDataErrors | null>(null);
  // the export button is disabled while the server answers: the refusal's dialog gives the focus back to it
  const cpfOpener = useReturnFocus();
  const [busy, setBusy] = useState(false);
  const canAct = user ? canPublish(user.profileId) : false;

  const header = useQuery({
    queryKey: ['certificates', 'report', kind, id],
    queryFn: () => dataProvider.reportHeader(kind === 'campaign' ? { campaignId: id } : { templateId: id }),
    // a campaign being published, or not found yet, is asked again every 5 s
    refetchInterval: (query) =>
      kind === 'campaign' && awaitingResult(query.state.data as ReportHeader | undefined) ? CAMPAIGN_POLL_MS : false,
    retry: (count, error) => errorStatus(error) !== 404 && count < 2,
  });
  const emailing = useQuery({
    queryKey: ['emailing'],
    queryFn: () => dataProvider.emailingState(),
    enabled: canAct,
  });
  const control = useQuery({
    queryKey: ['certificates', 'cpfControl', id],
    queryFn: () => dataProvider.cpfControl(id),
    enabled: kind === 'cpf',
  });

  // a page opened from the email page shows its count once; a reload of the browser does not repeat it
  useEffect(() => {
    if (arrival) void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [arrival, navigate, location.pathname, location.search]);

  const campaignError = header.data?.campaign?.error;
  useEffect(() => {
    if (campaignError) {
      notify(campaignError, { type: 'error' });
      void navigate('/templates');
    }
  }, [campaignError, notify, navigate]);

  const errorsById = useMemo(
    () =>
      new Map(
        (control.data?.errors ?? [])
          .filter((error) => error.EvidenzId !== null)
          .map((error) => [error.EvidenzId as number, error.messageErreur]),
      ),
    [control.data],
  );

  if (header.isError && errorStatus(header.error) === 404)
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
  if (!header.data)
    return (
      <Box>
        <Title title={translate('reports.title')} />
        {header.isError && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {translate('reports.load_failed')}
          </Alert>
        )}
        <Skeleton variant="rounded" height={120} sx={{ mb: 2 }} />
        <Skeleton variant="rounded" height={360} />
      </Box>
    );

  const { template, campaign, counters } = header.data;
  const label = labelIn(template.label, locale);
  const nft = template.mode === 'NFT';
  const tracking = user?.params?.tracking ?? false;
  const deleted = campaign?.Status === 'Deleted';
  const publishing = kind === 'campaign' && awaitingResult(header.data);
  const emailDisabled = emailing.data?.disabled ?? null;
  const canEmail = canAct && !deleted && emailing.isSuccess && emailDisabled === null;
  const period =
    campaign && campaign.startDate.slice(0, 10) !== campaign.endDate.slice(0, 10)
      ? translate('reports.period', {
          start: formatDate(campaign.startDate, locale),
          end: formatDate(campaign.endDate, locale),
        })
      : campaign
        ? translate('reports.published_on', { date: formatDate(campaign.date, locale) })
        : null;
  const controlIds = kind === 'cpf' ? [...errorsById.keys()] : undefined;
  const filter: CertificateFilter = {
    view: kind,
    ...(kind === 'campaign' ? { campaignId: id } : { templateId: id }),
    defaultStatuses: [...statusFilterValues(nft)],
    defaultMailSent: defaultMailFilter(tracking),
    ...(controlIds ? { ids: controlIds } : {}),
  };

  const goToEmail = (target: Omit<EmailTarget, 'templateId' | 'label' | 'returnTo'>) => {
    const state: EmailTarget = {
      ...target,
      templateId: template.id,
      ...(campaign ? { campaignId: campaign.ID } : {}),
      label,
      // the list's state is in the address: the way back restores it
      returnTo: `${location.pathname}${location.search}`,
    };
    void navigate(EMAIL_PATH, { state });
  };

  const sendAll = async (rows: CertificateRecord[]) => {
    setBusy(true);
    try {
      if (counters.minting > 0) {
        // the minting check of spec 002 section 4: counters again, then wait if still minting
        const fresh = await queryClient.fetchQuery({
          queryKey: ['certificates', 'report', kind, id],
          queryFn: () => dataProvider.reportHeader(kind === 'campaign' ? { campaignId: id } : { templateId: id }),
          staleTime: 0,
        });
        if (fresh.counters.minting > 0) {
          setMintingOpen(true);
          return;
        }
      }
      // a test email goes to one line of the page
      const testId = emailableRows(rows)[0]?.EvidenzId;
      if (campaign) {
        goToEmail({ selection: false, testId, count: counters.validated });
      } else {
        // the send call takes a campaign or ids: a template's whole table is its lines with an address
        const ids = await dataProvider.emailableIds(template.id);
        goToEmail({ selection: false, ids, testId: testId ?? ids[0], count: ids.length });
      }
    } catch {
      notify('reports.load_failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const emailSelection = (rows: CertificateRecord[]) => {
    const lines = emailableRows(rows);
    goToEmail({
      selection: true,
      ids: lines.map((row) => row.EvidenzId),
      testId: lines[0]?.EvidenzId,
      count: lines.length,
    });
  };

  const pdfOutcome = (outcome: PdfOutcome, n: number) => {
    if (outcome === 'downloaded') setSuccess({ message: 'reports.success.pdf', count: n });
    else notify(`reports.downloadPdf.${outcome}`, { type: 'error' });
  };
  const downloadOne = async (row: CertificateRecord) => {
    setBusy(true);
    pdfOutcome(await dataProvider.certificatePdf(row.key, row.Language || locale, saveFile), 1);
    setBusy(false);
  };
  const downloadSelection = async (rows: CertificateRecord[]) => {
    setBusy(true);
    pdfOutcome(
      await dataProvider.certificatesPdfZip(
        rows.map((row) => row.key),
        todayIso(),
        saveFile,
      ),
      rows.length,
    );
    setBusy(false);
  };

  const exportCpf = async () => {
    cpfOpener.remember();
    setBusy(true);
    try {
      const file = await dataProvider.cpfExport({ templateId: template.id, campaignId: campaign?.ID });
      saveFile(file, `${todayIso()}_${label}.xml`);
    } catch (error) {
      const errors = cpfDataErrors(error);
      if (errors) setCpfErrors(errors);
      else notify('reports.cpf_export.failed', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const saveEmail = async (email: string) => {
    if (!emailRow) return false;
    try {
      await dataProvider.changeCertificateEmail(emailRow.EvidenzId, email);
      notify('reports.email_edit.saved', { type: 'success' });
      setEmailRow(null);
      void queryClient.invalidateQueries({ queryKey: ['certificates'] });
      return true;
    } catch {
      return false;
    }
  };

  const exporter = certificateExporter(
    {
      status: (statusId) => translate(statusKey(statusId)),
      statusColumn: translate('reports.export.status_column'),
      mailSentColumn: translate('reports.export.mail_sent_column'),
      notSent: translate('reports.export.not_sent'),
      walletColumn: translate('reports.export.wallet_column'),
      walletProtocol: (protocol) => translate(walletProtocolKey(protocol)),
      activity: {
        views: translate('reports.columns.Views'),
        firstView: translate('reports.columns.FirstView'),
        lastView: translate('reports.columns.LastView'),
        downloads: translate('reports.columns.Downloads'),
        linkedIn: translate('reports.columns.LinkedIn'),
        verifications: translate('reports.columns.Verifications'),
      },
      nft,
    },
    label,
    (count) => setSuccess({ message: 'reports.success.export', count }),
  );

  const registry = isCpfTemplate(template.type);
  const links = [
    ...(kind !== 'template'
      ? [{ to: templateReportPath(template.id), label: 'reports.links.template', icon: <AssessmentIcon /> }]
      : []),
    ...(registry && kind !== 'cpf'
      ? [{ to: cpfControlPath(template.id), label: 'reports.links.cpf', icon: <FactCheckIcon /> }]
      : []),
  ];
  const controlPending = kind === 'cpf' && !control.data;

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
            {links.length > 0 && (
              <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
                {links.map((link) => (
                  <Button key={link.to} size="small" component={Link} to={link.to} startIcon={link.icon}>
                    {translate(link.label)}
                  </Button>
                ))}
              </Box>
            )}
            {campaign && !deleted && (
              <Box sx={{ mt: 2 }}>
                <CampaignNote
                  key={campaign.Notes}
                  campaignId={campaign.ID}
                  notes={campaign.Notes}
                  editable={canAct}
                  onSaved={() => void header.refetch()}
                />
              </Box>
            )}
          </Box>
          {!deleted && (
            <Box sx={{ textAlign: 'right' }} data-testid="report-counters">
              <Typography variant="h4" component="p" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {number(counters.validated)} / {number(counters.total)}
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
          <LoadingBar />
        </Alert>
      )}
      {kind === 'cpf' && control.data && (
        <Alert severity={control.data.errorCount > 0 ? 'warning' : 'success'} sx={{ mb: 2 }}>
          {control.data.errorCount > 0
            ? translate('reports.cpf_control.errors', { count: control.data.errorCount })
            : translate('reports.cpf_control.no_errors')}
          {control.data.errors
            .filter((error) => error.EvidenzId === null)
            .map((error) => (
              <Typography key={error.messageErreur} variant="body2" sx={{ mt: 0.5 }}>
                {error.messageErreur}
              </Typography>
            ))}
        </Alert>
      )}
      {kind === 'cpf' && control.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate('reports.load_failed')}
        </Alert>
      )}

      {controlPending ? (
        <Skeleton variant="rounded" height={360} />
      ) : kind === 'cpf' && errorsById.size === 0 ? null : (
        <ListBase
          resource="certificates"
          filter={filter}
          storeKey={`certificates.${kind}.${id}`}
          perPage={REPORT_PAGE_SIZES[0]}
          sort={{ field: '', order: 'ASC' }}
          exporter={exporter}
          queryOptions={{ refetchInterval: publishing ? CAMPAIGN_POLL_MS : false }}
          disableAuthentication
        >
          <ReportToolbar
            languages={template.languages}
            options={{ nft, tracking }}
            withDates={kind === 'template'}
            exporter={exporter}
            busy={busy}
            onCpfExport={registry && kind !== 'cpf' ? () => void exportCpf() : null}
            onSendAll={
              !canAct || deleted ? null : canEmail && counters.validated > 0 ? (rows) => void sendAll(rows) : false
            }
          />
          {busy && <LoadingBar sx={{ mb: 1 }} aria-label={translate('reports.working')} />}
          <OperationScope
            campaignId={kind === 'campaign' ? id : undefined}
            onDone={(operation, updated) => setSuccess({ message: `reports.success.${operation}`, count: updated })}
          >
            <ReissueScope enabled={canAct && !deleted && !nft}>
              <ReportBody
                empty={counters.total === 0 && !publishing}
                table={{
                  canAct: canAct && !deleted,
                  context: { nft, fieldsToCertified: template.fieldsToCertified },
                  campaignId: kind === 'campaign' ? id : undefined,
                  // every kind has its PDF, open badges too (issue 31; the spec hid it for badges without a layout)
                  onPdf: (row) => void downloadOne(row),
                  onPdfSelection: (rows) => void downloadSelection(rows),
                  onEditEmail: canAct && !isOpenBadge(template.type) ? setEmailRow : null,
                  onEmailSelection: canEmail ? emailSelection : null,
                  showCampaign: kind === 'template',
                  errors: kind === 'cpf' ? errorsById : undefined,
                  busy,
                }}
                templateType={template.type}
              />
            </ReissueScope>
          </OperationScope>
        </ListBase>
      )}

      {emailRow && <EmailEditDialog row={emailRow} onSave={saveEmail} onClose={() => setEmailRow(null)} />}
      {mintingOpen && <MintingPendingDialog open onClose={() => setMintingOpen(false)} />}
      {cpfErrors && (
        <CpfExportErrorsDialog
          errors={cpfErrors}
          templateId={template.id}
          onClose={() => {
            setCpfErrors(null);
            cpfOpener.restore();
          }}
        />
      )}
    </Box>
  );
}

/** The table in its card with the pagination, or the 'data deleted' message of an emptied report. */
function ReportBody({
  empty,
  table,
  templateType,
}: {
  empty: boolean;
  table: Omit<ReportTableProps, 'emailUsed'>;
  templateType: string;
}) {
  const translate = useTranslate();
  const { data } = useListContext<CertificateRecord>();
  if (empty)
    return (
      <Card variant="outlined" sx={{ textAlign: 'center', py: 8, px: 3 }}>
        <FolderOffIcon sx={{ fontSize: 56, color: 'text.disabled', mb: 1 }} />
        <Typography variant="h6" component="p" gutterBottom>
          {translate('reports.data_deleted')}
        </Typography>
        <Typography color="text.secondary">{translate('reports.data_deleted_hint')}</Typography>
      </Card>
    );
  // the email columns follow the rows shown
  const emailUsed = usesEmail(data ?? [], templateType);
  return (
    <Card variant="outlined">
      <ReportTable {...table} emailUsed={emailUsed} />
      <ReportPagination />
    </Card>
  );
}
