import {
  Alert,
  Box,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Typography,
} from '@mui/material';
import { useMediaQuery, useTheme } from '@mui/material';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { TemplateImportData } from '../../../domain/templates';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { closeWithoutBackdrop } from '../../components/closeWithoutBackdrop';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { PUBLISH_INVALIDATES } from '../../dataProvider/publication';
import type { ReissueOutcome } from '../../dataProvider/reissue';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { ImportAlerts } from '../templates/publication/ImportAlerts';
import { columnLabelKey } from './certificateLabels';
import { REISSUE_REASON_MAX } from './reissueModel';

/**
 * What the two dialogs that follow certificates with new ones share (issue 28): "Correct and re-issue"
 * (ReissueDialog) and "Renew" (RenewDialog). The frame (a form; a click beside it does not close it, nor does
 * Escape while sending), the templates of the selection, one Idempotency-Key per request, the refreshes after an
 * answer, the progress line and the server's refusals in the user's language.
 */

export type Refusal = Exclude<ReissueOutcome, { kind: 'success' }>;

/** The props of either dialog, which ReissueScope opens for a selection. */
export interface ReplacementDialogProps {
  /** the certificates of the selection that may be followed (valid ones of this page) */
  rows: readonly CertificateRecord[];
  /** selected certificates left out (not valid, or on another page) */
  leftOut: number;
  /** after a success, once: the selection is cleared */
  onDone: () => void;
  onClose: () => void;
}

/** The dialog around either form: full screen on a phone, Enter submits the form, Escape closes unless sending. */
export function ReplacementDialogFrame({
  id,
  title,
  sending,
  onSubmit,
  onClose,
  maxWidth,
  children,
  actions,
}: {
  /** the title's id, which names the dialog */
  id: string;
  title: string;
  sending: boolean;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  maxWidth: 'sm' | 'md';
  children: ReactNode;
  actions: ReactNode;
}) {
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={closeWithoutBackdrop(sending ? undefined : onClose)}
      maxWidth={maxWidth}
      fullWidth
      fullScreen={narrow}
      aria-labelledby={id}
    >
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogTitle id={id}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>{actions}</DialogActions>
      </Box>
    </Dialog>
  );
}

/**
 * The templates of these certificates, as the publication page reads them (GET .../template/{id}/data): their
 * recipient key's columns, file columns and validity period; `templateOf` is null while loading or after a failure.
 */
export function useSelectionTemplates(rows: readonly CertificateRecord[], enabled: boolean) {
  const dataProvider = useLaurelDataProvider();
  const { user } = useCurrentUser();
  const templateIds = enabled ? [...new Set(rows.map((row) => row.TemplateID))] : [];
  const templates = useQueries({
    queries: templateIds.map((templateId) => ({
      queryKey: ['publication-template', user?.issuerId, templateId],
      queryFn: () => dataProvider.templateForImport(user?.issuerId as number, templateId),
      enabled: user?.issuerId !== undefined,
      retry: false,
    })),
  });
  return {
    templateIds,
    loading: templates.some((query) => query.isPending && query.fetchStatus !== 'idle'),
    failed: templates.some((query) => query.isError),
    /** every template read or failed (false too while the signed-in user is not known yet) */
    settled: templates.every((query) => query.isSuccess || query.isError),
    templateOf: (templateId: number): TemplateImportData | null =>
      (templates[templateIds.indexOf(templateId)]?.data?.data as TemplateImportData | undefined) ?? null,
  };
}

/**
 * One Idempotency-Key per request asked for: sending the same request again (after a lost answer, a second click)
 * reuses it, so the server answers the first one rather than refusing certificates it has just followed; another
 * request gets a new key. The ref lives as long as the dialog, so each opening starts afresh.
 */
export function useIdempotencyKey(): (request: unknown) => string {
  const last = useRef<{ request: string; key: string } | null>(null);
  return useCallback((request: unknown) => {
    const text = JSON.stringify(request);
    if (last.current?.request !== text) last.current = { request: text, key: crypto.randomUUID() };
    return last.current.key;
  }, []);
}

/**
 * After an answer: the list and the balance may have changed whatever it says; after a success the credits, the
 * campaigns and the templates' counters too, and after a lack of credits the balance shown.
 */
export function useRefreshAfterReplacement(): (outcome: ReissueOutcome) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (outcome: ReissueOutcome) => {
      void queryClient.invalidateQueries({ queryKey: ['certificates'] });
      if (outcome.kind === 'success')
        for (const queryKey of PUBLISH_INVALIDATES) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
      else if (outcome.kind === 'not_enough_credits') void queryClient.invalidateQueries({ queryKey: ['credits'] });
    },
    [queryClient],
  );
}

/** The progress line while the request runs, announced to screen readers. */
export function SendingProgress({ label }: { label: string }) {
  return (
    <Box sx={{ mt: 2 }} role="status">
      <Typography variant="body2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <LinearProgress aria-label={label} />
    </Box>
  );
}

/** What the refused request was: a corrected re-issue (ReissueDialog) or a renewal (RenewDialog). */
export type RefusedAction = 'correction' | 'renewal';

/** The refusals whose text says what was not done ("nothing was replaced" / "nothing was renewed"): one per action. */
const ACTION_TEXTS = new Set([
  'not_replaceable',
  'changed_meanwhile',
  'not_enough_credits',
  'not_enough_credits_unknown',
  'rejected',
  'failure',
  'firewall',
]);

/** A refusal text's key: a renewal's own where the text names the action, else the shared one. */
export const refusalKey = (name: string, action: RefusedAction): string =>
  action === 'renewal' && ACTION_TEXTS.has(name) ? `reports.renew.refusal.${name}` : `reports.reissue.refusal.${name}`;

/** The server's refusal in the user's language; nothing was replaced (or renewed). */
export function RefusalAlert({
  refusal,
  nameOf,
  action = 'correction',
}: {
  refusal: Refusal;
  nameOf: (key: string) => string;
  action?: RefusedAction;
}) {
  const translate = useTranslate();
  const list = (keys: readonly string[]) => keys.map(nameOf).join(', ');
  const key = (name: string) => refusalKey(name, action);
  switch (refusal.kind) {
    case 'not_replaceable':
      return (
        <Alert severity="error" role="alert">
          {refusal.certificates.length === 0 ? (
            translate(key('changed_meanwhile'))
          ) : (
            <>
              {translate(key('not_replaceable'))}
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {refusal.certificates.map((certificate) => (
                  <li key={certificate.key}>
                    {translate('reports.reissue.refused_item', {
                      name: nameOf(certificate.key),
                      reason: translate(`reports.reissue.reasons.${certificate.reason}`),
                    })}
                  </li>
                ))}
              </Box>
            </>
          )}
        </Alert>
      );
    case 'rejected':
      return (
        <Box role="alert">
          <Alert severity="error" sx={{ mb: 1 }}>
            {translate(key('rejected'))}
            {refusal.lines.length > 0 && (
              <Box component="ul" sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
                {refusal.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </Box>
            )}
          </Alert>
          <ImportAlerts errors={refusal.errors} />
        </Box>
      );
    default:
      return (
        <Alert severity="error" role="alert">
          {refusalMessage(refusal, list, translate, key)}
        </Alert>
      );
  }
}

function refusalMessage(
  refusal: Exclude<Refusal, { kind: 'not_replaceable' | 'rejected' }>,
  list: (keys: readonly string[]) => string,
  translate: ReturnType<typeof useTranslate>,
  key: (name: string) => string,
): string {
  switch (refusal.kind) {
    case 'not_enough_credits':
      return refusal.needed !== null && refusal.current !== null
        ? translate(key('not_enough_credits'), { needed: refusal.needed, current: refusal.current })
        : translate(key('not_enough_credits_unknown'));
    case 'change_not_allowed':
      return translate(key('change_not_allowed'), {
        column: translate(columnLabelKey(refusal.column), { _: refusal.column }),
        name: list([refusal.key]),
      });
    case 'nothing_changed':
      return translate(key('nothing_changed'), { names: list(refusal.keys) });
    case 'reason_required':
      return translate(key('reason_required'), { max: REISSUE_REASON_MAX });
    case 'repeated':
      return translate(key('repeated'), { names: list(refusal.keys) });
    case 'no_validity':
      return translate(key('no_validity'), { names: list(refusal.keys) });
    case 'valid_until_past':
      return translate(key('valid_until_past'));
    case 'failure':
      return translate(key('failure'), { status: refusal.status });
    case 'firewall':
      return translate(key('firewall'));
  }
}
