import type { ReferenceError } from '../../../../domain/templateRules/referenceTables';
import { errorCode, errorList, errorStatus } from '../../../dataProvider/apiErrors';

/** The reference errors of a refused save (REFERENCE_ERRORS), or null for any other failure. */
export function refusedReferences(error: unknown): ReferenceError[] | null {
  if (errorStatus(error) !== 400 || errorCode(error) !== 'REFERENCE_ERRORS') return null;
  return (errorList(error) as ReferenceError[] | undefined) ?? null;
}
