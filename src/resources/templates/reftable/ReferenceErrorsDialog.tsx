import { useTranslate } from 'react-admin';
import type { ReferenceError } from '../../../../domain/templateRules/referenceTables';
import { ErrorListDialog } from '../../../components/ErrorListDialog';

/** The broken references that block the save (spec 001 section 5), titled with the references error title. */
export function ReferenceErrorsDialog({ errors, onClose }: { errors: ReferenceError[]; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <ErrorListDialog
      id="reftable-errors-title"
      title={translate('reftable.references_error_title')}
      body={translate('reftable.references_error_body', { count: errors.length })}
      lines={errors.map((error) => ({
        key: `${error.table}/${error.key}/${error.column}/${error.reference}`,
        message: translate(`reftable.reference_errors.${error.error}`, { reference: error.reference }),
        place: translate('reftable.reference_place', { table: error.table, key: error.key, column: error.column }),
      }))}
      testIds={{ line: 'reference-error' }}
      onClose={onClose}
    />
  );
}
