import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';

/**
 * A destructive action's confirmation: the user types the localized confirm word exactly before the
 * confirm button enables (spec 000 section 5, "Delete confirmations require typing the exact localized word").
 */
export function ConfirmWordDialog(props: {
  open: boolean;
  title: string;
  body: string;
  /** translation key of the word to type */
  wordKey: string;
  confirmLabel: string;
  pending?: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  const word = translate(props.wordKey);
  const matches = typed === word;
  const close = () => {
    setTyped('');
    props.onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (matches && !props.pending) props.onConfirm();
  };
  return (
    <Dialog open={props.open} onClose={close} aria-labelledby="confirm-word-title" maxWidth="xs" fullWidth>
      <form onSubmit={submit}>
        <DialogTitle id="confirm-word-title">{props.title}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {props.body}
          </Typography>
          <TextField
            autoFocus
            fullWidth
            label={translate('app.type_confirm_word', { word })}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
          />
          {props.error && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {props.error}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={close} color="inherit">
            {translate('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={!matches || props.pending}>
            {props.confirmLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
