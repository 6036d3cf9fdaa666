/**
 * Reference tables of a template (spec 001 sections 3 and 5): tables named ref_…, entries keyed by a key, each
 * entry a set of free-text columns. A cell may point at another table's entry as ref_{table}[{key}], e.g.
 * "ref_cities[paris]" points at the entry paris of the table ref_cities.
 */
export type ReferenceEntry = Readonly<Record<string, string>>;
export type ReferenceTable = Readonly<Record<string, ReferenceEntry>>;
/** tables by name; names that do not start with ref_ belong to the rest of the template and are ignored */
export type ReferenceTables = Readonly<Record<string, ReferenceTable>>;

export const REFERENCE_TABLE_PREFIX = 'ref_';

export function isReferenceTableName(name: string): boolean {
  return name.startsWith(REFERENCE_TABLE_PREFIX) && name.length > REFERENCE_TABLE_PREFIX.length;
}

/** The reference must start a word, so "href_x[1]" is not one; the key runs to the first closing bracket. */
const REFERENCE = /(?<![\p{L}\p{N}_])(ref_[\p{L}\p{N}_-]+)\[([^[\]]*)\]/gu;

export interface Reference {
  /** the full text, e.g. ref_cities[paris] */
  text: string;
  /** the table's name, prefix included */
  table: string;
  key: string;
}

/** The distinct references in one cell, in order of appearance. */
export function findReferences(cell: string): Reference[] {
  const found = new Map<string, Reference>();
  for (const [text, table, key] of cell.matchAll(REFERENCE)) {
    if (!found.has(text)) found.set(text, { text, table, key });
  }
  return [...found.values()];
}

export type ReferenceErrorCode = 'inexistant' | 'recursive';

export interface ReferenceError {
  /** where the reference was written */
  table: string;
  key: string;
  column: string;
  /** the reference as written */
  reference: string;
  error: ReferenceErrorCode;
}

/**
 * Every broken reference of every ref_ table, in table, entry, column and appearance order; an empty list
 * allows the save. A reference into its own table is 'recursive' even when the key exists, since resolving
 * an entry may not depend on the table being resolved; a missing table or key is 'inexistant'.
 */
export function checkReferences(tables: ReferenceTables): ReferenceError[] {
  const errors: ReferenceError[] = [];
  for (const [table, entries] of Object.entries(tables)) {
    if (!isReferenceTableName(table)) continue;
    for (const [key, columns] of Object.entries(entries)) {
      for (const [column, cell] of Object.entries(columns)) {
        if (typeof cell !== 'string') continue;
        for (const reference of findReferences(cell)) {
          const error = referenceError(tables, table, reference);
          if (error) errors.push({ table, key, column, reference: reference.text, error });
        }
      }
    }
  }
  return errors;
}

function referenceError(tables: ReferenceTables, from: string, { table, key }: Reference): ReferenceErrorCode | null {
  if (table === from) return 'recursive';
  const target = Object.hasOwn(tables, table) ? tables[table] : undefined;
  return target && Object.hasOwn(target, key) ? null : 'inexistant';
}

/** The grid's data columns: the union of the entries' column names, in order of first appearance. */
export function tableColumns(table: ReferenceTable): string[] {
  const columns = new Set<string>();
  for (const entry of Object.values(table)) {
    for (const column of Object.keys(entry)) columns.add(column);
  }
  return [...columns];
}
