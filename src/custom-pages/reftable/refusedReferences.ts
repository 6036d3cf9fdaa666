import type { ReferenceError } from '../../../domain/templateRules/referenceTables';
import { errorCode, errorStatus } from '../../dataProvider/apiErrors';

/** The reference errors of a refused save (REFERENCE_ERRORS), or null for any other failure. */
export function refusedReferences(error: unknown): ReferenceError[] | null {
  if (errorStatus(error) !== 400 || errorCode(error) !== 'REFERENCE_ERRORS') return null;
  const errors = (error as { body?: { errors?: unknown } }).body?.errors;
  return Array.isArray(errors) ? (errors as ReferenceError[]) : null;
}
