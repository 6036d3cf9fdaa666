import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { NAME_MAX_LENGTH, validateName } from '../../../domain/names';
import type { OrgUnitRow } from '../../../domain/users';

/** Add or rename an org unit, with the name rules of spec 000 section 5 checked as the user types. */
export function OrgUnitDialog(props: {
  unit: OrgUnitRow | null;
  units: OrgUnitRow[];
  pending: boolean;
  serverError: string | null;
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [name, setName] = useState(props.unit?.name ?? '');
  const [touched, setTouched] = useState(false);
  const error = validateName(name, props.units, props.unit?.id);
  const unchanged = props.unit !== null && name.trim() === props.unit.name;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!error && !unchanged) props.onSave(name.trim());
  };
  const message = touched && error ? translate(`resources.admin/org-units.errors.${error}`) : props.serverError;
  return (
    <Dialog open onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="org-unit-dialog-title">
      <form onSubmit={submit}>
        <DialogTitle id="org-unit-dialog-title">
          {translate(props.unit ? 'resources.admin/org-units.actions.edit' : 'resources.admin/org-units.actions.add')}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label={translate('resources.admin/org-units.fields.name')}
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
