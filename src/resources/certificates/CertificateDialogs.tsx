import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import type { CertificateOperation } from '../../../domain/certificates';
import { isValidEmail, sanitizeEmail } from '../../../domain/email';
import type { ReportRow } from '../../../domain/reports';
import { ConfirmWordDialog } from '../../components/ConfirmWordDialog';

/**
 * The confirmation of a status operation on `count` certificates: deleting asks for the typed confirm word,
 * disabling and enabling for a click.
 */
export function OperationConfirmDialog({
  operation,
  count,
  pending,
  error,
  onConfirm,
  onClose,
}: {
  operation: CertificateOperation | null;
  count: number;
  pending: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  if (operation === 'delete')
    return (
      <ConfirmWordDialog
        open
        title={translate('reports.operations.delete_title', { count })}
        body={translate('reports.operations.delete_body', { count })}
        wordKey="app.confirm_word"
        confirmLabel={translate('reports.operations.delete')}
        pending={pending}
        error={error}
        onConfirm={onConfirm}
        onClose={onClose}
      />
    );
  return (
    <Dialog open={operation !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="operation-title">
      {operation && (
        <>
          <DialogTitle id="operation-title">
            {translate(`reports.operations.${operation}_title`, { count })}
          </DialogTitle>
          <DialogContent>
            <DialogContentText>{translate(`reports.operations.${operation}_body`, { count })}</DialogContentText>
            {error && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {error}
              </Alert>
            )}
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5 }}>
            <Button onClick={onClose} color="inherit">
              {translate('app.cancel')}
            </Button>
            <Button
              variant="contained"
              color={operation === 'disable' ? 'warning' : 'primary'}
              disabled={pending}
              onClick={onConfirm}
            >
              {translate(`reports.operations.${operation}`)}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}

/** The email cell's change dialog (PUT /api/admin/email); a refused address shows editBadge.bad-email-format. */
export function EmailEditDialog({
  row,
  onSave,
  onClose,
}: {
  row: ReportRow;
  onSave: (email: string) => Promise<boolean>;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [email, setEmail] = useState(row.email);
  const [failed, setFailed] = useState(false);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(sanitizeEmail(email))) {
      setFailed(true);
      return;
    }
    setPending(true);
    const saved = await onSave(sanitizeEmail(email));
    setPending(false);
    if (!saved) setFailed(true);
  };
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="email-edit-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="email-edit-title">{translate('reports.email_edit.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{translate('reports.email_edit.body')}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            type="email"
            label={translate('reports.email_edit.label')}
            value={email}
            error={failed}
            helperText={failed ? translate('reports.email_edit.bad_email_format') : ' '}
            onChange={(event) => {
              setEmail(event.target.value);
              setFailed(false);
            }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} color="inherit">
            {translate('app.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={pending || sanitizeEmail(email) === sanitizeEmail(row.email)}
          >
            {translate('reports.email_edit.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** Send-all while certificates are still being minted (spec 002 section 4): nothing is sent, try later. */
export function MintingPendingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="minting-title">
      <DialogTitle id="minting-title">{translate('reports.minting.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('reports.minting.body')}</DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={onClose}>
          {translate('app.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
