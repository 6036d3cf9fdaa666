import {
  checkReferences,
  isReferenceTableName,
  type ReferenceEntry,
  type ReferenceError,
  type ReferenceTables,
} from '../../../../domain/templateRules/referenceTables';
import type { ReferenceTableEntry } from '../../../dataProvider/referenceTables';

export type { ReferenceTableEntry };

/** Only the ref_ tables, in their order: the grids of the screen. */
export function referenceTablesOf(template: ReferenceTables): ReferenceTables {
  return Object.fromEntries(Object.entries(template).filter(([name]) => isReferenceTableName(name)));
}

/** The tables as the save call's list of entries, table by table, entry by entry. */
export function tableEntries(tables: ReferenceTables): ReferenceTableEntry[] {
  return Object.entries(tables).flatMap(([table, entries]) =>
    Object.entries(entries).map(([key, definition]) => ({ table, key, definition: { ...definition } })),
  );
}

export function sameTables(a: ReferenceTables, b: ReferenceTables): boolean {
  return JSON.stringify(tableEntries(a)) === JSON.stringify(tableEntries(b));
}

export type EntryNameError = 'required' | 'exists';

/** An entry's name (its key) must be given and not be another entry's of the same table. */
export function entryNameError(
  tables: ReferenceTables,
  table: string,
  name: string,
  previousKey: string | null,
): EntryNameError | null {
  const key = name.trim();
  if (key === '') return 'required';
  const entries = tables[table] ?? {};
  return key !== previousKey && Object.hasOwn(entries, key) ? 'exists' : null;
}

/**
 * The definition the entry dialog gives: a new entry gets every column of its table (tables keep one column
 * set); an updated entry keeps a column it did not have absent while it is left empty.
 */
export function entryDefinition(
  columns: readonly string[],
  values: Readonly<Record<string, string>>,
  previous: ReferenceEntry | null,
): ReferenceEntry {
  return Object.fromEntries(
    columns
      .map((column) => [column, values[column] ?? ''] as const)
      .filter(([column, value]) => previous === null || value !== '' || Object.hasOwn(previous, column)),
  );
}

/**
 * Adds an entry (previousKey null) at the end of its table, or replaces one in place, renamed when the key
 * changed; names are trimmed as the server trims them.
 */
export function putEntry(
  tables: ReferenceTables,
  table: string,
  previousKey: string | null,
  key: string,
  definition: ReferenceEntry,
): ReferenceTables {
  const name = key.trim();
  const entries = Object.entries(tables[table] ?? {});
  const next =
    previousKey === null
      ? [...entries, [name, definition] as const]
      : entries.map(([current, value]) => (current === previousKey ? ([name, definition] as const) : [current, value]));
  return { ...tables, [table]: Object.fromEntries(next) };
}

/**
 * The screen's edit state (spec 001, "Reference tables" in section 4): view; edit with a draft; the errors
 * the reference checks found (they block the save); the confirmation; the save under way.
 */
export type TablesState =
  | { step: 'view' }
  | { step: 'edit'; draft: ReferenceTables }
  | { step: 'errors'; draft: ReferenceTables; errors: ReferenceError[] }
  | { step: 'confirm'; draft: ReferenceTables }
  | { step: 'saving'; draft: ReferenceTables };

export type TablesAction =
  | { type: 'edit'; tables: ReferenceTables }
  | { type: 'put_entry'; table: string; previousKey: string | null; key: string; definition: ReferenceEntry }
  | { type: 'save'; original: ReferenceTables }
  | { type: 'close_errors' }
  | { type: 'confirm' }
  | { type: 'not_sure' }
  /** the server refused the references (it checks them too) */
  | { type: 'refused'; errors: ReferenceError[] }
  | { type: 'failed' }
  | { type: 'saved' }
  | { type: 'cancel' };

export const VIEW: TablesState = { step: 'view' };

export function tablesReducer(state: TablesState, action: TablesAction): TablesState {
  switch (action.type) {
    case 'edit':
      return state.step === 'view' ? { step: 'edit', draft: action.tables } : state;
    case 'put_entry':
      return state.step === 'edit'
        ? {
            step: 'edit',
            draft: putEntry(state.draft, action.table, action.previousKey, action.key, action.definition),
          }
        : state;
    case 'save': {
      if (state.step !== 'edit') return state;
      if (sameTables(state.draft, action.original)) return VIEW;
      const errors = checkReferences(state.draft);
      return errors.length > 0
        ? { step: 'errors', draft: state.draft, errors }
        : { step: 'confirm', draft: state.draft };
    }
    case 'close_errors':
    case 'not_sure':
      return state.step === 'errors' || state.step === 'confirm' ? { step: 'edit', draft: state.draft } : state;
    case 'confirm':
      return state.step === 'confirm' ? { step: 'saving', draft: state.draft } : state;
    case 'refused':
      return state.step === 'saving' ? { step: 'errors', draft: state.draft, errors: action.errors } : state;
    case 'failed':
      return state.step === 'saving' ? { step: 'edit', draft: state.draft } : state;
    case 'saved':
      return state.step === 'saving' ? VIEW : state;
    case 'cancel':
      return state.step === 'saving' ? state : VIEW;
  }
}

/** What the grids show: the draft while editing, the saved tables otherwise. */
export function shownTables(state: TablesState, saved: ReferenceTables): ReferenceTables {
  return state.step === 'view' ? saved : state.draft;
}
