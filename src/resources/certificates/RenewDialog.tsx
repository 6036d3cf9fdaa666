import { Alert, Box, Button, DialogContentText, LinearProgress, Typography } from '@mui/material';
import { useRef, useState, type FormEvent } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { addPeriod } from '../../../domain/expiry';
import { todayIso } from '../../../domain/import';
import { formatLocalDate } from '../../../domain/localDate';
import { LocalDateField } from '../../components/LocalDateField';
import { useCredits } from '../../components/useCredits';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { rowName } from './certificateLabels';
import { renewalDefault } from './reissueModel';
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

/**
 * "Renew" (issue 28): the valid certificates selected get new ones with the same data, issued today and expiring on
 * today plus their template's validity or on the date chosen (required when a template has no validity), one credit
 * each; the old ones stay valid until their own expiry. The dialog is the confirmation: Enter or Confirm sends POST
 * /api/admin/certificates/renew once (the button is disabled while it runs, and a repeat reuses the Idempotency-Key).
 * On success a notice, the list refreshes and the selection is cleared; a refusal is said and changes nothing.
 */
export function RenewDialog({ rows, leftOut, onDone, onClose }: ReplacementDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useLaurelDataProvider();
  const refresh = useRefreshAfterReplacement();
  const idempotencyKey = useIdempotencyKey();
  const credits = useCredits().data?.current ?? null;
  const [today] = useState(() => todayIso());
  const [validUntil, setValidUntil] = useState('');
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  // a second Enter or click before the first answer renders: one request only
  const inFlight = useRef(false);

  const usable = rows.length > 0;
  const templates = useSelectionTemplates(rows, usable);
  const waiting = !templates.settled;
  const fallback =
    waiting || templates.failed
      ? null
      : renewalDefault(
          templates.templateIds.map((id) => templates.templateOf(id)?.validity ?? null),
          today,
        );
  const dateRequired = fallback?.kind === 'missing';
  const dateProblem =
    validUntil !== '' && validUntil <= today
      ? 'date_past'
      : tried && dateRequired && validUntil === ''
        ? 'date_required'
        : null;
  const names = new Map(rows.map((row) => [row.key, rowName(row)]));
  const nameOf = (key: string) => names.get(key) ?? `${key.slice(0, 8)}…`;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!usable || inFlight.current || waiting) return;
    if ((dateRequired && validUntil === '') || (validUntil !== '' && validUntil <= today)) return;
    inFlight.current = true;
    setSending(true);
    setRefusal(null);
    const request = { keys: rows.map((row) => row.key), ...(validUntil ? { validUntil } : {}) };
    const outcome = await dataProvider.renewCertificates(request, idempotencyKey(request));
    inFlight.current = false;
    setSending(false);
    refresh(outcome);
    if (outcome.kind === 'success') {
      notify('reports.renew.success', { type: 'success', messageArgs: { count: outcome.replaced } });
      onDone();
      onClose();
    } else setRefusal(outcome);
  };

  const close = (
    <Button onClick={onClose} color="inherit" disabled={sending}>
      {translate(usable ? 'app.cancel' : 'app.close')}
    </Button>
  );
  return (
    <ReplacementDialogFrame
      id="renew-title"
      title={translate('reports.renew.title', { count: Math.max(1, rows.length) })}
      sending={sending}
      onSubmit={(event) => void send(event)}
      onClose={onClose}
      maxWidth="sm"
      actions={
        usable ? (
          <>
            {close}
            {/* mounted once the templates are known, so that it takes the focus unless a date must be chosen */}
            <Button
              key={waiting ? 'waiting' : 'ready'}
              type="submit"
              variant="contained"
              disabled={sending || waiting}
              autoFocus={!waiting && !dateRequired}
            >
              {translate('reports.renew.confirm')}
            </Button>
          </>
        ) : (
          close
        )
      }
    >
      {!usable ? (
        <Alert severity="info">{translate('reports.renew.none')}</Alert>
      ) : (
        <>
          <DialogContentText sx={{ mb: 2 }}>{translate('reports.renew.intro')}</DialogContentText>
          {leftOut > 0 && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('reports.renew.left_out', { count: leftOut })}
            </Alert>
          )}
          {templates.failed && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translate('reports.renew.template_failed')}
            </Alert>
          )}
          {waiting ? (
            <LinearProgress aria-label={translate('ra.page.loading')} sx={{ my: 2 }} />
          ) : (
            <>
              {fallback && (
                <Typography variant="body2" sx={{ mb: 2 }} data-testid="renew-validity">
                  {fallback.kind === 'period'
                    ? translate('reports.renew.validity_default', {
                        period: translate(`publication.expiry.period.${fallback.validity.unit}`, {
                          count: fallback.validity.amount,
                        }),
                        date: formatLocalDate(fallback.date, locale),
                      })
                    : translate(`reports.renew.validity_${fallback.kind}`)}
                </Typography>
              )}
              <LocalDateField
                label={translate(dateRequired ? 'reports.renew.date_label_required' : 'reports.renew.date_label')}
                value={validUntil}
                onChange={(date) => {
                  setRefusal(null);
                  setValidUntil(date);
                }}
                min={addPeriod(today, { amount: 1, unit: 'days' })}
                error={dateProblem !== null}
                helperText={translate(
                  dateProblem
                    ? `reports.renew.${dateProblem}`
                    : dateRequired
                      ? 'reports.renew.date_help_required'
                      : 'reports.renew.date_help',
                )}
                autoFocus={dateRequired}
                sx={{ mb: 2, width: { xs: '100%', sm: 260 } }}
              />
            </>
          )}
          <Box data-testid="renew-cost" sx={{ mb: 1 }}>
            <Typography variant="body2">{translate('reports.renew.cost', { count: rows.length })}</Typography>
            {credits !== null && (
              <Typography variant="body2" color="text.secondary">
                {translate('reports.reissue.credits_available', { count: credits })}
              </Typography>
            )}
          </Box>
          {credits !== null && credits < rows.length && (
            <Alert severity="warning" sx={{ mb: 1 }}>
              {translate('reports.renew.credits_short', { current: credits, count: rows.length })}
            </Alert>
          )}
          {refusal && <RefusalAlert refusal={refusal} nameOf={nameOf} action="renewal" />}
          {sending && <SendingProgress label={translate('reports.renew.sending')} />}
        </>
      )}
    </ReplacementDialogFrame>
  );
}
