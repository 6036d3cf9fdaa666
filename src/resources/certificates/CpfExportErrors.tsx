import { Alert, Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ErrorListDialog } from '../../components/ErrorListDialog';
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
    <ErrorListDialog
      id="cpf-errors-title"
      title={translate('reports.cpf_export.errors_title')}
      body={translate('reports.cpf_export.errors_body', { count: errors.errorCount })}
      lines={errors.errors.slice(0, SHOWN).map((error, index) => ({
        key: `${error.idTechnique ?? 'file'}-${index}`,
        message: error.messageErreur,
        place:
          error.EvidenzId !== null
            ? translate('reports.cpf_export.certificate', { id: error.EvidenzId })
            : translate('reports.cpf_export.whole_file'),
      }))}
      testIds={{ list: 'cpf-errors' }}
      afterList={
        errors.errorCount > SHOWN && (
          <Alert severity="info">{translate('reports.cpf_export.more', { count: errors.errorCount - SHOWN })}</Alert>
        )
      }
      actions={
        <Button variant="contained" component={Link} to={cpfControlPath(templateId)}>
          {translate('reports.cpf_export.open_control')}
        </Button>
      }
      onClose={onClose}
    />
  );
}
