import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import PublishIcon from '@mui/icons-material/RocketLaunchOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  FormControlLabel,
  LinearProgress,
  Skeleton,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Title, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import type { DuplicateBehavior } from '../../../../domain/duplicates';
import {
  importColumns,
  listedFiles,
  todayIso,
  type ColumnMapping,
  type ImportDefinition,
} from '../../../../domain/import';
import { NOTE_MAX_LENGTH, rowsTooLong } from '../../../../domain/publication';
import { labelIn, type TemplateSummary } from '../../../../domain/templates';
import { useCurrentUser } from '../../../authProvider/useCurrentUser';
import { useReturnFocus } from '../../../components/useReturnFocus';
import { whenIdle } from '../../../components/whenIdle';
import { errorStatus } from '../../../dataProvider/apiErrors';
import { PUBLISH_INVALIDATES, publishesInParts } from '../../../dataProvider/publication';
import { useCredits } from '../../../components/useCredits';
import { useLaurelDataProvider } from '../../../dataProvider/useLaurelDataProvider';
import {
  parseSpreadsheet,
  prepareSpreadsheetWorker,
  releaseSpreadsheetWorker,
} from '../../../workers/parseSpreadsheet';
import {
  archiveErrors,
  checkArchiveFile,
  isArchiveReady,
  NO_ARCHIVE,
  recheckArchive,
  type ArchiveState,
} from './archive';
import { blankFileName, blankFileNotes, blankFileRows, saveFile, writeBlankWorkbook } from './blankImportFile';
import { AppliedMapping, ColumnMappingPanel } from './ColumnMappingPanel';
import { FileDrop } from './FileDrop';
import { ImportAlerts } from './ImportAlerts';
import { importDefinitionOf, isTemplateAvailable, templateBlankColumns } from './importDefinition';
import { IDLE_IMPORT, importSpreadsheet, type ImportState } from './importState';
import { ImportedRows, ValidityLine } from './ImportedRows';
import { placeholderRows, useIdleAfterShown } from './drawnAhead';
import { createPreviewLoader } from './previewCache';
import { CAMPAIGN_REPORT_PATH, PublishDialogs } from './PublishDialogs';
import { certificatesNeeded } from './publishCampaign';
import { blocksPublishing, controlStep, type PublishStep } from './publishFlow';
import { asksDuplicates, duplicateChoice, NO_DUPLICATES, renewOffered, type DuplicateChoice } from './duplicateChoice';
import { RowPreviewDialog } from './RowPreviewDialog';
import type { IndexedRow } from './rowsView';

const NO_ROWS: IndexedRow[] = [];
/** What is drawn ahead stays out of sight (and out of the accessibility tree) until the rows are ready. */
const DRAWN_AHEAD = { display: 'none' } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" sx={{ mb: 3 }} component="section" aria-label={title}>
      <CardContent sx={{ p: 3 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/**
 * Import and publish (spec 001, Publication page): a spreadsheet read in a worker and checked with
 * domain/import, the archive when the template has file fields, the rows with their previews, then the
 * publish flow (credits, rows too long, check word, publishing, outcome).
 */
export function PublicationPage() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { user } = useCurrentUser();
  const [searchParams] = useSearchParams();
  const templateId = Number(searchParams.get('templateId'));
  const validId = Number.isInteger(templateId) && templateId > 0;

  const dataProvider = useLaurelDataProvider();
  const queryClient = useQueryClient();
  const [unusable, setUnusable] = useState(false);
  const [refreshingCredits, setRefreshingCredits] = useState(false);
  const [importState, setImportState] = useState<ImportState>(IDLE_IMPORT);
  const [archive, setArchive] = useState<ArchiveState>(NO_ARCHIVE);
  const [note, setNote] = useState('');
  const [emailing, setEmailing] = useState(false);
  const [tooLongAccepted, setTooLongAccepted] = useState(false);
  const [step, setStep] = useState<PublishStep>({ step: 'idle' });
  const [duplicates, setDuplicates] = useState<DuplicateChoice>(NO_DUPLICATES);
  const [publishedCampaign, setPublishedCampaign] = useState<number | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [preview, setPreview] = useState<{ rows: IndexedRow[]; position: number } | null>(null);
  const idempotencyKey = useRef<string | null>(null);
  const importRun = useRef(0);
  // the file last chosen: a mapping of its headers reads it again (issue 28)
  const importedFile = useRef<File | null>(null);
  // the flow's dialogs follow one another (too few credits, long rows, check word): the last one to close gives the
  // focus back to Publish, which MUI's own return cannot do across several dialogs
  const publishOpener = useReturnFocus();

  const issuerId = user?.issuerId;
  const templateQuery = useQuery({
    queryKey: ['publication-template', issuerId, templateId],
    queryFn: () => dataProvider.templateForImport(issuerId as number, templateId),
    enabled: validId && issuerId !== undefined,
    retry: false,
  });
  const template = !validId
    ? ({ status: 'missing' } as const)
    : templateQuery.isPending
      ? ({ status: 'loading' } as const)
      : templateQuery.isError
        ? ({ status: errorStatus(templateQuery.error) === 404 ? 'missing' : 'failed' } as const)
        : ({
            status: 'loaded',
            // a publish the server refused as unavailable makes the page say so without a reload
            data: unusable ? { ...templateQuery.data.data, usable: false } : templateQuery.data.data,
            label: labelIn(templateQuery.data.meta.label, locale),
          } as const);

  // an NFT template's certificates are never replaced: the duplicates dialog does not offer it (the templates list
  // says the delivery mode; unread, the choice is offered and the server's refusal is shown)
  const modeQuery = useGetList<TemplateSummary>(
    'templates',
    { filter: { id: [templateId] }, pagination: { page: 1, perPage: 1 } },
    { enabled: validId },
  );
  const nftTemplate = modeQuery.data?.[0]?.mode === 'NFT';

  const creditsQuery = useCredits();
  const credits = creditsQuery.data?.current ?? null;
  const loadCredits = async (): Promise<number | null> => (await creditsQuery.refetch()).data?.current ?? null;

  const data = template.status === 'loaded' ? template.data : null;
  const definition: ImportDefinition | null = useMemo(() => (data ? importDefinitionOf(data) : null), [data]);
  const rows = useMemo(() => (importState.status === 'ready' ? importState.rows : []), [importState]);
  // the publication day, the obtention date of a row without one: the preview's expiry dates start from it
  // eslint-disable-next-line react-hooks/exhaustive-deps -- taken again for each import
  const today = useMemo(() => todayIso(), [rows]);
  // the rows and publish sections are drawn hidden once the page is idle: the rows then only fill them in
  const drawnAhead = useIdleAfterShown(definition !== null);
  const openPreview = useCallback((shown: IndexedRow[], position: number) => setPreview({ rows: shown, position }), []);
  const placeholder = useMemo(() => (definition ? placeholderRows(definition) : []), [definition]);
  const listed = useMemo(() => (data ? listedFiles(rows, data.fileFields) : []), [rows, data]);
  const needed = useMemo(() => certificatesNeeded(rows, data?.technicalFields ?? []), [rows, data]);
  // what the publish issues and charges once recipients who already hold a certificate are left out
  const issued = needed - duplicates.skipped;
  const tooLong = useMemo(() => rowsTooLong(rows, data?.NbCharMax ?? 0), [rows, data]);
  // the duplicates choice offers to renew when the renewed certificates get a new expiry (issue 28)
  const renewing = useMemo(() => renewOffered(data?.validity ?? null, rows, nftTemplate), [data, rows, nftTemplate]);
  // one loader per import: its cache is by row index, and a second file's row 1 is another person
  const loader = useMemo(
    () => createPreviewLoader(templateId, (id, row) => dataProvider.preview(id, row)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- rows stand for the import the cache belongs to
    [templateId, dataProvider, rows],
  );

  // the spreadsheet worker is started ahead of each file, so that choosing one does not wait for SheetJS to load
  const importing = importState.status === 'parsing' || importState.status === 'validating';
  // (when idle: not in the moments the rows of the last file are being shown)
  useEffect(() => {
    if (definition && !importing) return whenIdle(prepareSpreadsheetWorker);
  }, [definition, importing]);
  useEffect(() => releaseSpreadsheetWorker, []);

  // a new request (rows, archive, note, emailing, duplicates choice and reason) is a new publish: it gets its own idempotency key
  useEffect(() => {
    idempotencyKey.current = null;
  }, [rows, archive, note, emailing, duplicates.behavior, duplicates.reason]);

  const chooseSpreadsheet = (file: File, columnMapping?: ColumnMapping) => {
    if (!definition) return;
    importedFile.current = file;
    const run = ++importRun.current;
    if (publishedCampaign !== null) {
      // a file after a publish starts a new publication: nothing of the last one is kept
      setPublishedCampaign(null);
      setStep({ step: 'idle' });
      setArchive(NO_ARCHIVE);
      setNote('');
      setEmailing(false);
    }
    setBlocked(false);
    setTooLongAccepted(false);
    setPreview(null);
    void importSpreadsheet(
      file,
      definition,
      {
        parse: (chosen, checked, onValidating, mapping) =>
          parseSpreadsheet(chosen, checked, onValidating, undefined, mapping),
        onState: (state) => {
          if (run !== importRun.current) return;
          setImportState(state);
          if (state.status === 'ready')
            setArchive((current) => recheckArchive(current, listedFiles(state.rows, definition.fileFields)));
        },
      },
      columnMapping,
    );
  };

  const applyMapping = (columnMapping: ColumnMapping) => {
    if (importedFile.current) chooseSpreadsheet(importedFile.current, columnMapping);
  };

  const chooseArchive = (file: File) => {
    setBlocked(false);
    setArchive({ status: 'reading', file });
    void checkArchiveFile(file, listed).then(setArchive);
  };

  const downloadBlankFile = async () => {
    if (!data) return;
    setDownloading(true);
    try {
      const columns = templateBlankColumns(data);
      const notes = definition
        ? { name: translate('publication.blank_notes.sheet'), rows: blankFileNotes(columns, definition, translate) }
        : null;
      saveFile(await writeBlankWorkbook(blankFileRows(columns), notes), blankFileName(data.id));
    } finally {
      setDownloading(false);
    }
  };

  const publish = async () => {
    if (!data) return;
    idempotencyKey.current ??= crypto.randomUUID();
    setStep({ step: 'publishing' });
    // above 10,000 rows the data provider sends the rows in parts, committed as one campaign (issue 16 point 6)
    const outcome = await dataProvider.publish(
      {
        templateId: data.id,
        data: rows,
        contentType: 'json',
        notes: note.trim(),
        'automated-emailing': emailing,
        duplicateBehavior: duplicates.behavior,
        ...(duplicates.behavior === 'replace' ? { reason: duplicates.reason } : {}),
      },
      {
        archive: data.requiresFiles && archive.status === 'read' ? archive.file : null,
        idempotencyKey: idempotencyKey.current,
        technicalFields: data.technicalFields,
        onProgress: (progress) => setStep({ step: 'publishing', progress }),
      },
    );
    if (outcome.kind === 'success') {
      setPublishedCampaign(outcome.campaignId);
      // the header, this page and My plan show the new balance; the campaigns list and the cards their counts
      for (const queryKey of PUBLISH_INVALIDATES) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
    }
    if (blocksPublishing(outcome)) setBlocked(true);
    if (outcome.kind === 'duplicates') {
      // recipients got a certificate since the check: the choice is asked again
      setStep({ step: 'duplicates', report: outcome.report });
    } else if (outcome.kind === 'not_enough_credits') {
      const current = await loadCredits();
      setStep({ step: 'not_enough_credits', needed: issued, current, fromServer: true });
    } else {
      setStep({ step: 'outcome', outcome });
    }
  };

  const startPublish = async () => {
    publishOpener.remember();
    // who already holds a certificate of this template, before anything is spent (issue 28); a publish in parts
    // (over 10,000 rows) is checked by its commit, which asks the same question before spending anything
    if (!data || publishesInParts(rows.length)) {
      setDuplicates(NO_DUPLICATES);
      setStep(controlStep({ needed, credits, tooLong, tooLongAccepted }));
      return;
    }
    setStep({ step: 'checking_duplicates' });
    // an unanswered check leaves it to the publish, which refuses duplicates by default and asks then
    const report = await dataProvider.checkDuplicates(data.id, rows).catch(() => null);
    if (report && asksDuplicates(report, renewing)) {
      setStep({ step: 'duplicates', report });
    } else {
      setDuplicates(NO_DUPLICATES);
      setStep(controlStep({ needed, credits, tooLong, tooLongAccepted }));
    }
  };

  const chooseDuplicates = (behavior: DuplicateBehavior, reason: string) => {
    if (step.step !== 'duplicates') return;
    const choice = duplicateChoice(step.report, behavior, reason);
    setDuplicates(choice);
    setStep(controlStep({ needed: needed - choice.skipped, credits, tooLong, tooLongAccepted }));
  };

  const refreshCredits = async () => {
    if (step.step !== 'not_enough_credits') return;
    setRefreshingCredits(true);
    const current = await loadCredits();
    setRefreshingCredits(false);
    if (current !== null && current < issued) setStep({ ...step, current });
    else if (step.fromServer) void publish();
    else setStep(controlStep({ needed: issued, credits: current, tooLong, tooLongAccepted }));
  };

  const acceptTooLong = () => {
    setTooLongAccepted(true);
    setStep(controlStep({ needed: issued, credits, tooLong, tooLongAccepted: true }));
  };

  const closeDialogs = () => {
    if (step.step === 'outcome' && step.outcome.kind === 'unavailable') setUnusable(true);
    setStep({ step: 'idle' });
    publishOpener.restore();
  };

  const title = translate('publication.title');
  const header = (
    <Box sx={{ mb: 3 }}>
      <Title title={title} />
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {template.status === 'loaded' && (
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {translate('publication.template', { label: template.label, id: template.data.id })}
        </Typography>
      )}
    </Box>
  );

  if (template.status === 'loading')
    return (
      <Box>
        {header}
        <Skeleton variant="rounded" height={160} />
      </Box>
    );
  if (template.status !== 'loaded')
    return (
      <Box>
        {header}
        <Alert
          severity={template.status === 'failed' ? 'error' : 'info'}
          action={
            <Button component={Link} to="/templates" color="inherit" size="small">
              {translate('publication.to_templates')}
            </Button>
          }
        >
          {translate(template.status === 'failed' ? 'app.error_generic' : 'publication.choose_template')}
        </Alert>
      </Box>
    );
  if (!isTemplateAvailable(template.data))
    return (
      <Box>
        {header}
        <Alert
          severity="warning"
          action={
            <Button component={Link} to="/templates" color="inherit" size="small">
              {translate('publication.to_templates')}
            </Button>
          }
        >
          <AlertTitle>{translate('publication.unavailable_title')}</AlertTitle>
          {translate('publication.unavailable_body')}
        </Alert>
      </Box>
    );

  const busy = importState.status === 'parsing' || importState.status === 'validating';
  const ready = importState.status === 'ready';
  const archiveReady = !template.data.requiresFiles || isArchiveReady(archive);
  const published = publishedCampaign !== null;
  const blankFileButton = (
    <Button size="small" startIcon={<DownloadIcon />} onClick={() => void downloadBlankFile()} disabled={downloading}>
      {translate('publication.blank_file')}
    </Button>
  );

  return (
    <Box sx={{ maxWidth: 1400 }}>
      {header}
      {published && (
        <Alert
          severity="success"
          sx={{ mb: 3 }}
          action={
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button component={Link} to={CAMPAIGN_REPORT_PATH(publishedCampaign)} color="inherit" size="small">
                {translate('publication.open_report')}
              </Button>
              <Button component={Link} to="/campaigns" color="inherit" size="small">
                {translate('publication.see_campaigns')}
              </Button>
            </Box>
          }
        >
          {translate('publication.published_banner', { campaign: publishedCampaign })}
        </Alert>
      )}

      <Section title={translate('publication.file_title')}>
        <FileDrop
          accept=".xlsx,.xlsm,.ods"
          title={translate('publication.file_drop')}
          hint={translate(published ? 'publication.file_hint_again' : 'publication.file_hint')}
          buttonLabel={translate('publication.file_choose')}
          inputLabel={translate('publication.file_input')}
          disabled={busy}
          onFile={chooseSpreadsheet}
        >
          {importState.status !== 'error' && <Box sx={{ mt: 1, ml: -0.75 }}>{blankFileButton}</Box>}
        </FileDrop>
        {busy && (
          <Box sx={{ mt: 2 }} role="status">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate(importState.status === 'parsing' ? 'publication.parsing' : 'publication.validating', {
                file: importState.fileName,
              })}
            </Typography>
            <LinearProgress aria-label={translate('ra.page.loading')} />
          </Box>
        )}
        {importState.status === 'error' && (
          <Box sx={{ mt: 2.5 }} data-testid="import-errors">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1.5, flexWrap: 'wrap' }}>
              <Typography fontWeight={600} sx={{ flexGrow: 1 }}>
                {translate('publication.errors_title', {
                  file: importState.fileName,
                  count: importState.errors.length,
                })}
              </Typography>
              {blankFileButton}
            </Box>
            {importState.unknownColumns && definition && (
              <Box sx={{ mb: 1.5 }}>
                <ColumnMappingPanel
                  key={importRun.current}
                  unknownColumns={importState.unknownColumns}
                  columns={importColumns(definition)}
                  mapping={importState.columnMapping}
                  onApply={applyMapping}
                />
              </Box>
            )}
            <ImportAlerts
              errors={
                importState.unknownColumns
                  ? importState.errors.filter((error) => error.code !== 'ERR_UNKNOWN_COLUMNS')
                  : importState.errors
              }
            />
          </Box>
        )}
        {(ready || drawnAhead) && (
          <Chip
            sx={{ mt: 2 }}
            style={ready ? undefined : DRAWN_AHEAD}
            color="success"
            variant="outlined"
            label={ready ? translate('publication.file_ready', { file: importState.fileName, count: rows.length }) : ''}
          />
        )}
        {ready && importState.columnMapping && <AppliedMapping mapping={importState.columnMapping} />}
      </Section>

      {template.data.requiresFiles && (
        <Section title={translate('publication.archive_title')}>
          <FileDrop
            accept=".zip"
            title={translate('publication.archive_drop')}
            hint={translate('publication.archive_hint', { fields: template.data.fileFields.join(', ') })}
            buttonLabel={translate('publication.archive_choose')}
            inputLabel={translate('publication.archive_input')}
            disabled={archive.status === 'reading' || published}
            onFile={chooseArchive}
          />
          {archive.status === 'reading' && <LinearProgress sx={{ mt: 2 }} aria-label={translate('ra.page.loading')} />}
          {archiveErrors(archive).length > 0 && (
            <Box sx={{ mt: 2 }}>
              <ImportAlerts errors={archiveErrors(archive)} />
            </Box>
          )}
          {archive.status === 'read' && archive.missing === null && (
            <Chip
              sx={{ mt: 2 }}
              color="success"
              variant="outlined"
              label={translate('publication.archive_ready', { file: archive.file.name, count: listed.length })}
            />
          )}
        </Section>
      )}

      {(ready || drawnAhead) && (
        <div style={ready ? undefined : DRAWN_AHEAD}>
          <Section title={translate('publication.rows_title')}>
            <ValidityLine validity={template.data.validity} today={today} />
            <ImportedRows
              rows={ready ? rows : placeholder}
              languages={template.data.languages}
              validity={template.data.validity}
              today={today}
              technicalFields={template.data.technicalFields}
              onPreview={openPreview}
            />
          </Section>

          <Section title={translate('publication.publish_title')}>
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', mb: 2 }} data-testid="credits">
              <Chip
                label={
                  credits === null
                    ? translate('publication.credits_unknown')
                    : translate('publication.credits_available', { count: credits })
                }
                color={credits !== null && credits < needed ? 'error' : 'default'}
                variant="outlined"
              />
              {!published && (
                <Chip label={translate('publication.credits_needed', { count: needed })} variant="outlined" />
              )}
            </Box>
            {credits !== null && credits < needed && !published && (
              <Alert
                severity="error"
                sx={{ mb: 2 }}
                action={
                  <Button color="inherit" size="small" onClick={() => void loadCredits()}>
                    {translate('publication.refresh_credits')}
                  </Button>
                }
              >
                {translate('publication.credits_body', { needed, current: credits })}
              </Alert>
            )}
            {tooLong.length > 0 && !published && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {translate('publication.too_long_body', { count: tooLong.length, limit: 2 * template.data.NbCharMax })}
              </Alert>
            )}
            {blocked && !published && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {translate('publication.blocked')}
              </Alert>
            )}
            {!archiveReady && !published && (
              <Alert severity="info" sx={{ mb: 2 }}>
                {translate('publication.archive_needed')}
              </Alert>
            )}
            <TextField
              label={translate('publication.note')}
              value={note}
              onChange={(event) => setNote(event.target.value.slice(0, NOTE_MAX_LENGTH))}
              disabled={published}
              fullWidth
              helperText={translate('publication.note_counter', { length: note.length, max: NOTE_MAX_LENGTH })}
              slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
              sx={{ maxWidth: 560, mb: 1 }}
            />
            <FormControlLabel
              control={<Switch checked={emailing} onChange={(event) => setEmailing(event.target.checked)} />}
              label={translate('publication.emailing')}
              disabled={published}
              sx={{ display: 'flex', mb: 2 }}
            />
            {!published && !blocked && (
              <Button
                variant="contained"
                size="large"
                startIcon={<PublishIcon />}
                // disabled while a publish is in flight, not while a dialog is open: the focus comes back to it
                disabled={!archiveReady || step.step === 'publishing'}
                onClick={() => void startPublish()}
              >
                {translate('publication.publish_count', { count: needed })}
              </Button>
            )}
          </Section>
        </div>
      )}

      <PublishDialogs
        step={step}
        certificates={issued}
        tooLongLimit={2 * template.data.NbCharMax}
        // a publish in parts (over 10,000 rows) skips or issues again; replacing is done in one publish
        replaceOffered={!nftTemplate && !publishesInParts(rows.length)}
        renewOffered={renewing && !publishesInParts(rows.length)}
        refreshingCredits={refreshingCredits}
        onRefreshCredits={() => void refreshCredits()}
        onAcceptTooLong={acceptTooLong}
        onChooseDuplicates={chooseDuplicates}
        onConfirm={() => void publish()}
        onRetry={() => void publish()}
        onClose={closeDialogs}
      />
      <RowPreviewDialog
        rows={preview?.rows ?? NO_ROWS}
        position={preview?.position ?? null}
        loader={loader}
        onMove={(position) => setPreview((current) => current && { ...current, position })}
        onClose={() => setPreview(null)}
      />
    </Box>
  );
}
