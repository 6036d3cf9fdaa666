import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import { Alert, Box, Button, DialogContentText, LinearProgress, TextField, Typography } from '@mui/material';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { useCredits } from '../../components/useCredits';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { columnLabelKey } from './certificateLabels';
import { rowName } from './certificateLabels';
import {
  RefusalAlert,
  ReplacementDialogFrame,
  SendingProgress,
  useIdempotencyKey,
  useRefreshAfterReplacement,
  useSelectionTemplates,
  type Refusal,
  type ReplacementDialogProps,
} from './ReplacementDialogParts';
import {
  changesOf,
  editableColumns,
  fieldProblem,
  originalValue,
  REISSUE_DIALOG_MAX,
  REISSUE_REASON_MAX,
  type TemplateColumns,
} from './reissueModel';

type Phase = 'edit' | 'confirm' | 'sending' | 'done';

/**
 * "Correct and re-issue" (issue 28): one group of fields per selected valid certificate (its recipient's columns
 * that may change), a required reason, the credit cost, then a confirmation before anything is spent; POST
 * /api/admin/certificates/reissue through the data provider. The server's refusals are said in the user's language
 * and change nothing; on success the list, the credits and the campaigns are refreshed. A click beside the dialog
 * does not close it (closeWithoutBackdrop), and the buttons are disabled while the call runs.
 */
export function ReissueDialog({ rows, leftOut, onDone, onClose }: ReplacementDialogProps) {
  const translate = useTranslate();
  const dataProvider = useLaurelDataProvider();
  const refresh = useRefreshAfterReplacement();
  const credits = useCredits().data?.current ?? null;
  const [values, setValues] = useState<Record<string, Record<string, string>>>({});
  const [reason, setReason] = useState('');
  const [phase, setPhase] = useState<Phase>('edit');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [replaced, setReplaced] = useState(0);
  const [tried, setTried] = useState(false);
  const idempotencyKey = useIdempotencyKey();

  const usable = rows.length > 0 && rows.length <= REISSUE_DIALOG_MAX;
  // the recipient key's columns of each template, which a re-issue keeps
  const templates = useSelectionTemplates(rows, usable);
  const loadingTemplates = templates.loading;
  const templateFailed = templates.failed;
  const columnsOf = (templateId: number): TemplateColumns | null => {
    const data = templates.templateOf(templateId);
    return data ? { technicalFields: data.technicalFields, fileFields: data.fileFields } : null;
  };

  const valueOf = (row: CertificateRecord, column: string) => values[row.key]?.[column] ?? originalValue(row, column);
  const setValue = (row: CertificateRecord, column: string, value: string) => {
    setRefusal(null);
    setValues((current) => ({ ...current, [row.key]: { ...current[row.key], [column]: value } }));
  };
  const edited = rows.map((row) => {
    const columns = editableColumns(row, columnsOf(row.TemplateID));
    const problems = columns.flatMap((column) => {
      const problem = fieldProblem(column, valueOf(row, column), originalValue(row, column));
      return problem ? [{ column, problem }] : [];
    });
    return { row, columns, problems, changes: changesOf(row, values[row.key] ?? {}, columns) };
  });
  const changed = edited.filter((entry) => Object.keys(entry.changes).length > 0);
  const invalid = edited.some((entry) => entry.problems.length > 0);
  const reasonMissing = reason.trim() === '';
  const names = new Map(rows.map((row) => [row.key, rowName(row)]));
  const nameOf = (key: string) => names.get(key) ?? `${key.slice(0, 8)}…`;

  const toConfirm = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (changed.length === 0 || invalid || reasonMissing) return;
    setPhase('confirm');
  };

  const send = async () => {
    if (phase !== 'confirm') return;
    setPhase('sending');
    const request = {
      certificates: changed.map((entry) => ({ key: entry.row.key, changes: entry.changes })),
      reason: reason.trim(),
    };
    const outcome = await dataProvider.reissueCertificates(request, idempotencyKey(request));
    refresh(outcome);
    if (outcome.kind === 'success') {
      setReplaced(outcome.replaced);
      setPhase('done');
      onDone();
    } else {
      setRefusal(outcome);
      setPhase('edit');
    }
  };

  const title =
    phase === 'done'
      ? translate('reports.reissue.done_title')
      : phase === 'edit'
        ? translate('reports.reissue.title', { count: Math.max(1, rows.length) })
        : translate('reports.reissue.confirm_title', { count: changed.length });
  const cancel = (
    <Button onClick={onClose} color="inherit" disabled={phase === 'sending'}>
      {translate(phase === 'done' || !usable ? 'app.close' : 'app.cancel')}
    </Button>
  );

  let content: ReactNode;
  let actions: ReactNode;
  if (!usable) {
    content = (
      <Alert severity="info">
        {rows.length === 0
          ? translate('reports.reissue.none')
          : translate('reports.reissue.too_many', { max: REISSUE_DIALOG_MAX, count: rows.length })}
      </Alert>
    );
    actions = cancel;
  } else if (phase === 'done') {
    content = (
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <CheckCircleIcon color="success" sx={{ fontSize: 40 }} aria-hidden="true" />
        <DialogContentText role="status">
          {translate('reports.reissue.done_body', { count: replaced })}
        </DialogContentText>
      </Box>
    );
    actions = (
      <Button variant="contained" onClick={onClose} autoFocus>
        {translate('app.close')}
      </Button>
    );
  } else if (phase === 'confirm' || phase === 'sending') {
    content = (
      <>
        <DialogContentText sx={{ mb: 1.5 }}>
          {translate('reports.reissue.confirm_body', { count: changed.length })}
        </DialogContentText>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          {translate('reports.reissue.confirm_reason', { reason: reason.trim() })}
        </DialogContentText>
        {phase === 'sending' && <SendingProgress label={translate('reports.reissue.sending')} />}
      </>
    );
    actions = (
      <>
        <Button onClick={() => setPhase('edit')} color="inherit" disabled={phase === 'sending'}>
          {translate('reports.reissue.back')}
        </Button>
        <Button
          variant="contained"
          color="warning"
          onClick={() => void send()}
          disabled={phase === 'sending'}
          autoFocus
        >
          {translate('reports.reissue.confirm')}
        </Button>
      </>
    );
  } else {
    content = (
      <>
        <DialogContentText sx={{ mb: 2 }}>{translate('reports.reissue.intro')}</DialogContentText>
        {leftOut > 0 && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('reports.reissue.left_out', { count: leftOut })}
          </Alert>
        )}
        {templateFailed && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('reports.reissue.template_failed')}
          </Alert>
        )}
        {loadingTemplates ? (
          <LinearProgress aria-label={translate('ra.page.loading')} sx={{ my: 2 }} />
        ) : (
          edited.map(({ row, columns }, index) => (
            <Box
              key={row.key}
              component="fieldset"
              sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pt: 1, pb: 2, mb: 2, minWidth: 0 }}
            >
              <Box component="legend" sx={{ px: 0.5, fontWeight: 600, overflowWrap: 'anywhere' }}>
                {translate('reports.reissue.certificate', { name: rowName(row) })}
                <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                  {translate('reports.reissue.key', { key: row.key.slice(0, 8) })}
                </Typography>
              </Box>
              <Box
                sx={{
                  display: 'grid',
                  gap: 1.5,
                  gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(200px, 1fr))' },
                }}
              >
                {columns.map((column) => {
                  const problem = fieldProblem(column, valueOf(row, column), originalValue(row, column));
                  return (
                    <TextField
                      key={column}
                      size="small"
                      label={translate(columnLabelKey(column), { _: column })}
                      value={valueOf(row, column)}
                      onChange={(event) => setValue(row, column, event.target.value)}
                      error={problem !== null}
                      helperText={problem ? translate(`reports.reissue.${problem}`) : undefined}
                      autoFocus={index === 0 && column === columns[0]}
                      type={column === 'email' ? 'email' : 'text'}
                      slotProps={{ htmlInput: { maxLength: 20_000 } }}
                    />
                  );
                })}
              </Box>
            </Box>
          ))
        )}
        <TextField
          fullWidth
          multiline
          minRows={2}
          required
          label={translate('reports.reissue.reason')}
          value={reason}
          onChange={(event) => {
            setRefusal(null);
            setReason(event.target.value.slice(0, REISSUE_REASON_MAX));
          }}
          error={tried && reasonMissing}
          helperText={translate('reports.reissue.reason_help', { length: reason.length, max: REISSUE_REASON_MAX })}
          slotProps={{ htmlInput: { maxLength: REISSUE_REASON_MAX } }}
          sx={{ mt: 1, mb: 2 }}
        />
        <Box data-testid="reissue-cost" sx={{ mb: 1 }}>
          <Typography variant="body2">
            {translate('reports.reissue.cost', { count: Math.max(changed.length, 1) })}
          </Typography>
          {credits !== null && (
            <Typography variant="body2" color="text.secondary">
              {translate('reports.reissue.credits_available', { count: credits })}
            </Typography>
          )}
        </Box>
        {credits !== null && credits < changed.length && (
          <Alert severity="warning" sx={{ mb: 1 }}>
            {translate('reports.reissue.credits_short', { current: credits, count: changed.length })}
          </Alert>
        )}
        {rows.length > 1 && changed.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('reports.reissue.changed', { count: changed.length, total: rows.length })}
          </Typography>
        )}
        {tried && changed.length === 0 && (
          <Alert severity="info" sx={{ mb: 1 }}>
            {translate('reports.reissue.unchanged')}
          </Alert>
        )}
        {refusal && <RefusalAlert refusal={refusal} nameOf={nameOf} />}
      </>
    );
    actions = (
      <>
        {cancel}
        <Button type="submit" variant="contained" disabled={loadingTemplates}>
          {translate('reports.reissue.continue')}
        </Button>
      </>
    );
  }

  return (
    <ReplacementDialogFrame
      id="reissue-title"
      title={title}
      sending={phase === 'sending'}
      onSubmit={toConfirm}
      onClose={onClose}
      maxWidth="md"
      actions={actions}
    >
      {content}
    </ReplacementDialogFrame>
  );
}
