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
import { useTranslate } from 'react-admin';
import type { ReferenceError } from '../../../domain/templateRules/referenceTables';

/** The broken references that block the save (spec 001 section 5), titled with the references error title. */
export function ReferenceErrorsDialog({ errors, onClose }: { errors: ReferenceError[]; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="reftable-errors-title">
      <DialogTitle id="reftable-errors-title">{translate('reftable.references_error_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('reftable.references_error_body', { count: errors.length })}</DialogContentText>
        <List dense aria-label={translate('reftable.references_error_title')}>
          {errors.map((error) => (
            <ListItem
              key={`${error.table}/${error.key}/${error.column}/${error.reference}`}
              disableGutters
              data-testid="reference-error"
            >
              <ListItemText
                primary={translate(`reftable.reference_errors.${error.error}`, { reference: error.reference })}
                secondary={translate('reftable.reference_place', {
                  table: error.table,
                  key: error.key,
                  column: error.column,
                })}
              />
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={onClose}>
          {translate('app.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
