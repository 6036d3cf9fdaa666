import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface ErrorLine {
  key: string;
  message: string;
  /** where the error is: a certificate, a table cell… */
  place: string;
}

/**
 * A refusal that lists its errors (the register export's data errors, a reference table's broken references): a
 * title, a sentence, one line per error, what follows the list, and Close beside the dialog's own actions.
 */
export function ErrorListDialog(props: {
  id: string;
  title: string;
  body: string;
  lines: ErrorLine[];
  /** names the list and each line for the browser tests */
  testIds: { list?: string; line?: string };
  afterList?: ReactNode;
  actions?: ReactNode;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const { id, title, body, lines, testIds, afterList, actions, onClose } = props;
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={id}>
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{body}</DialogContentText>
        <List dense aria-label={title} data-testid={testIds.list}>
          {lines.map((line) => (
            <ListItem key={line.key} disableGutters data-testid={testIds.line}>
              <ListItemText primary={line.message} secondary={line.place} />
            </ListItem>
          ))}
        </List>
        {afterList}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} variant={actions ? 'text' : 'contained'} color={actions ? 'inherit' : 'primary'}>
          {translate('app.close')}
        </Button>
        {actions}
      </DialogActions>
    </Dialog>
  );
}
