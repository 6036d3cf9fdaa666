import type { ImportRow } from '../../../../domain/import';

/**
 * The credits a publish spends: one per certificate, and a recipient (the values of the technical fields)
 * gets one certificate whatever the number of its language rows. Without technical fields each row is one.
 */
export function certificatesNeeded(rows: readonly ImportRow[], technicalFields: readonly string[]): number {
  if (technicalFields.length === 0) return rows.length;
  return new Set(rows.map((row) => technicalFields.map((field) => row[field] ?? '').join('\u001f'))).size;
}
