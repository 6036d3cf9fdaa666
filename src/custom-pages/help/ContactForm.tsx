import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import FileIcon from '@mui/icons-material/InsertDriveFileOutlined';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  IconButton,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { ChangeEvent, FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import {
  canSendHelp,
  HELP_FILE_ACCEPT,
  HELP_FILE_HINT,
  HELP_FILE_MAX_BYTES,
  HELP_MAX_FILES,
  HELP_OBJECT_MAX_LENGTH,
  HELP_REQUEST_TYPES,
  helpRequestTypeKey,
  isHelpRequestType,
  textLength,
} from '../../../domain/helpForm';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { useHelpForm } from '../../components/HelpContext';
import { FileButton } from '../../components/FileButton';

const LIMIT_KB = HELP_FILE_MAX_BYTES / 1024;

function kilobytes(bytes: number): string {
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * The support request form (spec 000 sections 4, 5 and 8): type, object with its counter, description and up to
 * four files; then sending, the confirmation, or an error panel that closes back onto the form.
 * `onDone` leaves the confirmation: closing the drawer, or a new form on the help page.
 */
export function ContactForm({ onDone, doneLabel }: { onDone: () => void; doneLabel: string }) {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const { form, dispatch, send } = useHelpForm();
  const { draft, status } = form;

  if (status === 'sent') {
    return (
      <Alert severity="success" variant="outlined" role="status">
        <AlertTitle>{translate('help.contact.sent_title')}</AlertTitle>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {translate('help.contact.sent', { email: user?.email ?? '' })}
        </Typography>
        <Button variant="outlined" color="success" size="small" onClick={onDone}>
          {doneLabel}
        </Button>
      </Alert>
    );
  }

  if (status === 'failed') {
    return (
      <Alert
        severity="error"
        variant="outlined"
        role="alert"
        action={
          <Button color="error" size="small" onClick={() => dispatch({ kind: 'close_failure' })}>
            {translate('app.close')}
          </Button>
        }
      >
        <AlertTitle>{translate('help.contact.failed_title')}</AlertTitle>
        {translate('help.contact.failed')}
      </Alert>
    );
  }

  const sending = status === 'sending';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };
  const addFiles = (event: ChangeEvent<HTMLInputElement>) => {
    dispatch({ kind: 'add_files', files: Array.from(event.target.files ?? []) });
    // the same file can be chosen again after being removed
    event.target.value = '';
  };

  return (
    <Stack component="form" spacing={2.25} onSubmit={submit} noValidate aria-label={translate('help.contact.title')}>
      <TextField
        select
        required
        label={translate('help.contact.type')}
        value={draft.type}
        disabled={sending}
        onChange={(event) => {
          if (isHelpRequestType(event.target.value)) dispatch({ kind: 'set_type', value: event.target.value });
        }}
      >
        {HELP_REQUEST_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {translate(`help.contact.types.${helpRequestTypeKey(type)}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        required
        label={translate('help.contact.object')}
        value={draft.object}
        disabled={sending}
        onChange={(event) => dispatch({ kind: 'set_object', value: event.target.value })}
        helperText={`${textLength(draft.object)}/${HELP_OBJECT_MAX_LENGTH}`}
        slotProps={{ formHelperText: { sx: { textAlign: 'right', mx: 0 } } }}
      />
      <TextField
        required
        multiline
        minRows={5}
        maxRows={14}
        label={translate('help.contact.description')}
        value={draft.description}
        disabled={sending}
        onChange={(event) => dispatch({ kind: 'set_description', value: event.target.value })}
      />
      <Box>
        <FileButton
          variant="outlined"
          startIcon={<AttachFileIcon />}
          disabled={sending || draft.files.length >= HELP_MAX_FILES}
          inputProps={{ multiple: true, accept: HELP_FILE_ACCEPT }}
          onFiles={addFiles}
        >
          {translate('help.contact.attach')}
        </FileButton>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }}>
          {translate('help.contact.files_hint', {
            max: HELP_MAX_FILES,
            limit: LIMIT_KB,
            formats: HELP_FILE_HINT.formats,
            size: HELP_FILE_HINT.kilobytes,
          })}
        </Typography>
        {draft.files.length > 0 && (
          <List dense disablePadding aria-label={translate('help.contact.attached')} sx={{ mt: 1 }}>
            {draft.files.map((file, index) => (
              <ListItem
                key={`${file.name}-${index}`}
                disableGutters
                secondaryAction={
                  <IconButton
                    edge="end"
                    size="small"
                    disabled={sending}
                    aria-label={translate('help.contact.remove_file', { name: file.name })}
                    onClick={() => dispatch({ kind: 'remove_file', index })}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                }
              >
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <FileIcon fontSize="small" color="action" />
                </ListItemIcon>
                <ListItemText
                  primary={file.name}
                  secondary={kilobytes(file.size)}
                  slotProps={{ primary: { noWrap: true, title: file.name } }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
      {sending && <LinearProgress aria-label={translate('help.contact.sending')} />}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          type="submit"
          variant="contained"
          endIcon={<SendIcon />}
          loading={sending}
          loadingPosition="end"
          disabled={!canSendHelp(form)}
        >
          {translate(sending ? 'help.contact.sending' : 'help.contact.send')}
        </Button>
      </Box>
    </Stack>
  );
}
