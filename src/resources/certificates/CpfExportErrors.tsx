import {
  Alert,
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
import { Link } from 'react-router-dom';
import type { CpfDataErrors } from '../../dataProvider/certificates';
import { cpfControlPath } from './paths';

/** How many error lines the dialog lists; the control view shows them all. */
const SHOWN = 8;

/**
 * The register export refused (422 CPF_DATA_ERRORS): the first lines, each certificate's message, and the way
 * to the register control view, which lists every certificate in error.
 */
export function CpfExportErrorsDialog({
  errors,
  templateId,
  onClose,
}: {
  errors: CpfDataErrors;
  templateId: number;
  onClose: () => void;
}) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="cpf-errors-title">
      <DialogTitle id="cpf-errors-title">{translate('reports.cpf_export.errors_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {translate('reports.cpf_export.errors_body', { count: errors.errorCount })}
        </DialogContentText>
        <List dense data-testid="cpf-errors">
          {errors.errors.slice(0, SHOWN).map((error, index) => (
            <ListItem key={`${error.idTechnique ?? 'file'}-${index}`} disableGutters>
              <ListItemText
                primary={error.messageErreur}
                secondary={
                  error.EvidenzId !== null
                    ? translate('reports.cpf_export.certificate', { id: error.EvidenzId })
                    : translate('reports.cpf_export.whole_file')
                }
              />
            </ListItem>
          ))}
        </List>
        {errors.errorCount > SHOWN && (
          <Alert severity="info">{translate('reports.cpf_export.more', { count: errors.errorCount - SHOWN })}</Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={onClose} color="inherit">
          {translate('app.close')}
        </Button>
        <Button variant="contained" component={Link} to={cpfControlPath(templateId)}>
          {translate('reports.cpf_export.open_control')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
