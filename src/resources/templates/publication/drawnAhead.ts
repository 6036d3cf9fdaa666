import { startTransition, useEffect, useState } from 'react';
import { whenIdle } from '../../../components/whenIdle';
import type { ImportDefinition, ImportRow } from '../../../../domain/import';
import { DEFAULT_LINES } from './rowsView';

/**
 * True once the page has been idle after it was shown (`enabled`): what it then draws ahead, hidden, is ready
 * when the rows arrive — MUI's styles inserted and the elements made — so that showing 10,000 rows only fills
 * them in (issue 16 point 3). A low-priority update, in an idle moment: it never delays what the user asked for.
 */
export function useIdleAfterShown(enabled: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!enabled || idle) return;
    return whenIdle(() => startTransition(() => setIdle(true)));
  }, [enabled, idle]);
  return idle;
}

/** A page of empty rows with the columns an import of `definition` gives, for the rows table drawn ahead. */
export function placeholderRows(definition: ImportDefinition): ImportRow[] {
  const columns = [
    ...definition.technicalFields,
    'Language',
    'Email',
    ...definition.fieldsToCertify,
    ...definition.fileFields,
  ];
  const row = Object.fromEntries(columns.map((column) => [column, ''])) as ImportRow;
  return Array.from({ length: DEFAULT_LINES }, () => row);
}
