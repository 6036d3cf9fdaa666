import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import {
  tableColumns,
  type ReferenceEntry,
  type ReferenceTables,
} from '../../../../domain/templateRules/referenceTables';
import { entryDefinition, entryNameError } from './tableEditing';

/**
 * Adds an entry to a table (previousKey null) or updates one: its name (the key, refused when another entry
 * of the table has it) and one field per column of the table.
 */
export function EntryDialog({
  tables,
  table,
  previousKey,
  onApply,
  onClose,
}: {
  tables: ReferenceTables;
  table: string;
  previousKey: string | null;
  onApply: (key: string, definition: ReferenceEntry) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const entries = tables[table] ?? {};
  const columns = tableColumns(entries);
  const [name, setName] = useState(previousKey ?? '');
  const [touched, setTouched] = useState(false);
  const previous = previousKey === null ? null : (entries[previousKey] ?? {});
  const [definition, setDefinition] = useState<Record<string, string>>(() =>
    Object.fromEntries(columns.map((column) => [column, previous?.[column] ?? ''])),
  );
  const error = entryNameError(tables, table, name, previousKey);
  const shownError = touched && error ? translate(`reftable.name_errors.${error}`) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!error) onApply(name.trim(), entryDefinition(columns, definition, previous));
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="reftable-entry-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="reftable-entry-title">
          {previousKey === null
            ? translate('reftable.add_title', { table })
            : translate('reftable.update_title', { key: previousKey, table })}
        </DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            required
            margin="dense"
            label={translate('reftable.key')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setTouched(true);
            }}
            error={shownError !== null}
            helperText={shownError ?? ' '}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {columns.map((column) => (
            <TextField
              key={column}
              fullWidth
              multiline
              maxRows={6}
              margin="dense"
              label={column}
              value={definition[column] ?? ''}
              onChange={(event) => setDefinition((current) => ({ ...current, [column]: event.target.value }))}
              slotProps={{ htmlInput: { maxLength: 5000 } }}
            />
          ))}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button color="inherit" onClick={onClose}>
            {translate('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={touched && error !== null}>
            {translate('reftable.apply')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
