import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { DuplicateBehavior } from '../../../../domain/duplicates';
import { ConfirmWordDialog } from '../../../components/ConfirmWordDialog';
import { CheckingDuplicatesDialog, DuplicatesDialog } from './DuplicatesDialog';
import { ImportAlerts } from './ImportAlerts';
import type { PublishStep } from './publishFlow';
import { closeWithoutBackdrop } from '../../../components/closeWithoutBackdrop';

export const CAMPAIGN_REPORT_PATH = (campaignId: number) => `/reports/${campaignId}`;

/**
 * One step's modal; `onClose` (Escape, not a click beside it: closeWithoutBackdrop) where the step may be left, none
 * while publishing.
 */
function Modal({
  title,
  children,
  actions,
  onClose,
}: {
  title: string;
  children: ReactNode;
  actions: ReactNode;
  onClose?: () => void;
}) {
  return (
    <Dialog open onClose={closeWithoutBackdrop(onClose)} maxWidth="sm" fullWidth aria-labelledby="publish-modal-title">
      <DialogTitle id="publish-modal-title">{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>{actions}</DialogActions>
    </Dialog>
  );
}

/** The modals of the publish flow (spec 001 sections 4 and 7), one per step. */
export function PublishDialogs({
  step,
  certificates,
  tooLongLimit,
  replaceOffered,
  renewOffered,
  refreshingCredits,
  onRefreshCredits,
  onAcceptTooLong,
  onChooseDuplicates,
  onConfirm,
  onRetry,
  onClose,
}: {
  step: PublishStep;
  certificates: number;
  /** twice the template's character maximum */
  tooLongLimit: number;
  /** the duplicates dialog offers to replace the certificates held (not for an NFT template) */
  replaceOffered: boolean;
  /** the duplicates dialog offers to renew the certificates held, valid or expired (issue 28) */
  renewOffered: boolean;
  refreshingCredits: boolean;
  onRefreshCredits: () => void;
  onAcceptTooLong: () => void;
  onChooseDuplicates: (behavior: DuplicateBehavior, reason: string) => void;
  onConfirm: () => void;
  onRetry: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const close = (
    <Button onClick={onClose} color="inherit">
      {translate('app.close')}
    </Button>
  );

  switch (step.step) {
    case 'idle':
      return null;
    case 'checking_duplicates':
      return <CheckingDuplicatesDialog />;
    case 'duplicates':
      return (
        <DuplicatesDialog
          report={step.report}
          replaceOffered={replaceOffered}
          renewOffered={renewOffered}
          onChoose={onChooseDuplicates}
          onClose={onClose}
        />
      );
    case 'not_enough_credits':
      return (
        <Modal
          title={translate('publication.credits_title')}
          onClose={onClose}
          actions={
            <>
              {close}
              <Button variant="contained" onClick={onRefreshCredits} disabled={refreshingCredits}>
                {translate('publication.refresh_credits')}
              </Button>
            </>
          }
        >
          <DialogContentText>
            {step.current === null
              ? translate('publication.credits_body_unknown', { needed: step.needed })
              : translate('publication.credits_body', { needed: step.needed, current: step.current })}
          </DialogContentText>
          {refreshingCredits && <LinearProgress sx={{ mt: 2 }} aria-label={translate('publication.refresh_credits')} />}
        </Modal>
      );
    case 'too_long':
      return (
        <Modal
          title={translate('publication.too_long_title')}
          onClose={onClose}
          actions={
            <>
              <Button onClick={onClose} color="inherit">
                {translate('app.cancel')}
              </Button>
              <Button variant="contained" color="warning" onClick={onAcceptTooLong}>
                {translate('publication.too_long_continue')}
              </Button>
            </>
          }
        >
          <DialogContentText>
            {translate('publication.too_long_body', { count: step.rows.length, limit: tooLongLimit })}
          </DialogContentText>
          <Box component="p" sx={{ fontFamily: 'monospace', fontSize: '0.875rem', mb: 0 }}>
            {translate('publication.too_long_rows', {
              rows: step.rows
                .slice(0, 10)
                .map((index) => index + 1)
                .join(', '),
            })}
            {step.rows.length > 10 && ` ${translate('publication.more', { count: step.rows.length - 10 })}`}
          </Box>
        </Modal>
      );
    case 'confirm':
      return (
        <ConfirmWordDialog
          open
          title={translate('publication.confirm_title')}
          body={translate('publication.confirm_body', { count: certificates })}
          wordKey="publication.check_word"
          confirmLabel={translate('publication.publish')}
          onConfirm={onConfirm}
          onClose={onClose}
        />
      );
    case 'publishing':
      return (
        <Modal title={translate('publication.publishing_title')} actions={null}>
          <DialogContentText sx={{ mb: 2 }}>
            {translate('publication.publishing_body', { count: certificates })}
          </DialogContentText>
          {step.progress ? (
            <UploadProgressBar sent={step.progress.sent} total={step.progress.total} />
          ) : (
            <LinearProgress aria-label={translate('publication.publishing_title')} />
          )}
        </Modal>
      );
    case 'outcome':
      return <OutcomeModal step={step} certificates={certificates} onRetry={onRetry} onClose={onClose} close={close} />;
  }
}

/** A publish in parts: the rows sent so far, then the campaign being created once all are up. */
function UploadProgressBar({ sent, total }: { sent: number; total: number }) {
  const translate = useTranslate();
  const label =
    sent < total
      ? translate('publication.uploading_progress', { sent, total })
      : translate('publication.creating_campaign');
  return (
    <Box>
      <DialogContentText sx={{ mb: 1 }} role="status">
        {label}
      </DialogContentText>
      {sent < total ? (
        <LinearProgress variant="determinate" value={(sent / total) * 100} aria-label={label} />
      ) : (
        <LinearProgress aria-label={label} />
      )}
    </Box>
  );
}

function OutcomeModal({
  step,
  certificates,
  onRetry,
  onClose,
  close,
}: {
  step: Extract<PublishStep, { step: 'outcome' }>;
  certificates: number;
  onRetry: () => void;
  onClose: () => void;
  close: ReactNode;
}) {
  const translate = useTranslate();
  const { outcome } = step;
  switch (outcome.kind) {
    case 'success':
      return (
        <Modal
          title={translate('publication.success_title')}
          onClose={onClose}
          actions={
            <>
              {close}
              <Button component={Link} to="/campaigns" onClick={onClose}>
                {translate('publication.see_campaigns')}
              </Button>
              <Button component={Link} to={CAMPAIGN_REPORT_PATH(outcome.campaignId)} variant="contained">
                {translate('publication.open_report')}
              </Button>
            </>
          }
        >
          <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
            <CheckCircleIcon color="success" sx={{ fontSize: 40 }} aria-hidden="true" />
            <DialogContentText>
              {translate('publication.success_body', { count: certificates, campaign: outcome.campaignId })}
              {outcome.replaced ? ` ${translate('publication.success_replaced', { count: outcome.replaced })}` : ''}
              {outcome.renewed ? ` ${translate('publication.success_renewed', { count: outcome.renewed })}` : ''}
            </DialogContentText>
          </Box>
        </Modal>
      );
    case 'rejected':
      return (
        <Modal title={translate('publication.rejected_title')} actions={close} onClose={onClose}>
          <DialogContentText sx={{ mb: 2 }}>{translate('publication.rejected_body')}</DialogContentText>
          <ImportAlerts errors={outcome.errors} />
        </Modal>
      );
    case 'not_enough_credits':
    case 'duplicates':
      return null;
    case 'unavailable':
      return (
        <Modal title={translate('publication.unavailable_title')} actions={close} onClose={onClose}>
          <Alert severity="error">{translate('publication.unavailable_body')}</Alert>
        </Modal>
      );
    case 'replace_unavailable':
      return (
        <Modal title={translate('publication.replace_unavailable_title')} actions={close} onClose={onClose}>
          <Alert severity="error">{translate('publication.replace_unavailable_body')}</Alert>
        </Modal>
      );
    case 'no_validity':
    case 'renewal_past':
      return (
        <Modal title={translate('publication.renewal_refused_title')} actions={close} onClose={onClose}>
          <Alert severity="error">
            {translate(
              outcome.kind === 'no_validity' ? 'publication.no_validity_body' : 'publication.renewal_past_body',
              { count: outcome.count },
            )}
            {outcome.recipients.length > 0 && (
              <Box component="p" sx={{ mt: 1, mb: 0, overflowWrap: 'anywhere' }}>
                {translate('publication.renewal_recipients', { recipients: outcome.recipients.join(', ') })}
                {outcome.count > outcome.recipients.length &&
                  ` ${translate('publication.more', { count: outcome.count - outcome.recipients.length })}`}
              </Box>
            )}
          </Alert>
        </Modal>
      );
    case 'failure':
      return (
        <Modal
          title={translate('publication.failure_title')}
          onClose={onClose}
          actions={
            <>
              {close}
              <Button variant="contained" onClick={onRetry}>
                {translate('app.retry')}
              </Button>
            </>
          }
        >
          <DialogContentText>{translate('publication.failure_body')}</DialogContentText>
        </Modal>
      );
    case 'firewall':
      return (
        <Modal title={translate('publication.firewall_title')} actions={close} onClose={onClose}>
          <DialogContentText>{translate('publication.firewall_body')}</DialogContentText>
        </Modal>
      );
  }
}
