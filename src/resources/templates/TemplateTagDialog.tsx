import { Autocomplete, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { NAME_MAX_LENGTH } from '../../../domain/names';
import { cardTagError } from './templateTags';

/** Add a tag to one template: choose one of the issuer's tags or type a new name (rules of cardTagError). */
export function TemplateTagDialog(props: {
  label: string;
  templateTags: readonly string[];
  tagNames: readonly string[];
  pending: boolean;
  onSave: (name: string) => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const error = cardTagError(name, props.templateTags);
  const options = props.tagNames.filter((tag) => !props.templateTags.includes(tag));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!error) props.onSave(name.trim());
  };
  const message = touched && error ? translate(`templates.tag_errors.${error}`) : null;
  return (
    <Dialog open onClose={props.onClose} maxWidth="xs" fullWidth aria-labelledby="template-tag-dialog-title">
      <form onSubmit={submit}>
        <DialogTitle id="template-tag-dialog-title">
          {translate('templates.add_tag_title', { label: props.label })}
        </DialogTitle>
        <DialogContent>
          <Autocomplete
            freeSolo
            options={options}
            inputValue={name}
            onInputChange={(_, value) => {
              setName(value);
              setTouched(true);
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                margin="dense"
                label={translate('templates.tag_name')}
                error={Boolean(message)}
                helperText={message ?? `${[...name.trim()].length}/${NAME_MAX_LENGTH}`}
              />
            )}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={props.onClose} color="inherit">
            {translate('app.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={props.pending || Boolean(error)}>
            {translate('templates.add_tag')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
