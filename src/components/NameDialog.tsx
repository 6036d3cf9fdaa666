import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { NAME_MAX_LENGTH, validateName } from '../../domain/names';

/**
 * Add or rename a named item (org unit, tag) with the name rules of spec 000 section 5 checked as the user
 * types: not empty, at most 30 characters, not another item's name.
 */
export function NameDialog(props: {
  title: string;
  label: string;
  initialName: string;
  selfId?: number;
  others: readonly { id: number; name: string }[];
  pending: boolean;
  serverError: string | null;
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [name, setName] = useState(props.initialName);
  const [touched, setTouched] = useState(false);
  const error = validateName(name, props.others, props.selfId);
  const unchanged = props.selfId !== undefined && name.trim() === props.initialName;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!error && !unchanged) props.onSave(name.trim());
  };
  const message = touched && error ? translate(`app.name_errors.${error}`) : props.serverError;
  return (
    <Dialog open onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="name-dialog-title">
      <form onSubmit={submit}>
        <DialogTitle id="name-dialog-title">{props.title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={props.label}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setTouched(true);
            }}
            error={Boolean(message)}
            helperText={message ?? `${[...name.trim()].length}/${NAME_MAX_LENGTH}`}
            slotProps={{ htmlInput: { maxLength: NAME_MAX_LENGTH + 10 } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={props.onClose} color="inherit">
            {translate('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={props.pending || Boolean(error) || unchanged}>
            {translate('ra.action.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
