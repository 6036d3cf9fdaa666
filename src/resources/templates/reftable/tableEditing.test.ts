import { describe, expect, it } from 'vitest';
import type { ReferenceTables } from '../../../../domain/templateRules/referenceTables';
import { resizedWidth, COLUMN_MIN_WIDTH } from './gridLayout';
import {
  entryDefinition,
  entryNameError,
  putEntry,
  referenceTablesOf,
  shownTables,
  tableEntries,
  tablesReducer,
  VIEW,
  type TablesState,
} from './tableEditing';

const saved: ReferenceTables = {
  ref_cities: { paris: { name: 'Paris', country: 'ref_countries[fr]' } },
  ref_countries: { fr: { name: 'France' }, de: { name: 'Germany' } },
};

const editing = (draft: ReferenceTables = saved): TablesState => ({ step: 'edit', draft });

describe('reference table editing', () => {
  it('keeps only the ref_ tables, and lists entries table by table for the save call', () => {
    expect(Object.keys(referenceTablesOf({ ...saved, layout: { a: { b: 'c' } }, ref_: {} }))).toEqual([
      'ref_cities',
      'ref_countries',
    ]);
    expect(tableEntries(saved)).toEqual([
      { table: 'ref_cities', key: 'paris', definition: { name: 'Paris', country: 'ref_countries[fr]' } },
      { table: 'ref_countries', key: 'fr', definition: { name: 'France' } },
      { table: 'ref_countries', key: 'de', definition: { name: 'Germany' } },
    ]);
  });

  it('adds entries at the end and renames one in place', () => {
    const added = putEntry(saved, 'ref_countries', null, ' es ', { name: 'Spain' });
    expect(Object.keys(added.ref_countries)).toEqual(['fr', 'de', 'es']);
    const renamed = putEntry(saved, 'ref_countries', 'fr', 'fra', { name: 'France' });
    expect(Object.keys(renamed.ref_countries)).toEqual(['fra', 'de']);
    expect(saved.ref_countries.fr).toEqual({ name: 'France' });
  });

  it('gives a new entry every column, and leaves a column an updated entry lacked absent while empty', () => {
    expect(entryDefinition(['name', 'code'], { name: 'Spain' }, null)).toEqual({ name: 'Spain', code: '' });
    expect(entryDefinition(['name', 'code'], { name: 'Lyon', code: '' }, { name: 'Lyon' })).toEqual({ name: 'Lyon' });
    expect(entryDefinition(['name', 'code'], { name: '', code: 'LY' }, { name: 'Lyon' })).toEqual({
      name: '',
      code: 'LY',
    });
  });

  it('refuses an empty key and one another entry of the table already has', () => {
    expect(entryNameError(saved, 'ref_countries', '  ', null)).toBe('required');
    expect(entryNameError(saved, 'ref_countries', 'de', null)).toBe('exists');
    expect(entryNameError(saved, 'ref_countries', ' de ', 'fr')).toBe('exists');
    expect(entryNameError(saved, 'ref_countries', 'fr', 'fr')).toBeNull();
    expect(entryNameError(saved, 'ref_cities', 'fr', null)).toBeNull();
  });

  it('goes back to view when saving without changes, and cancel drops the draft', () => {
    let state = tablesReducer(VIEW, { type: 'edit', tables: saved });
    expect(state).toEqual(editing());
    expect(tablesReducer(state, { type: 'save', original: saved })).toEqual(VIEW);
    state = tablesReducer(state, {
      type: 'put_entry',
      table: 'ref_countries',
      previousKey: null,
      key: 'es',
      definition: { name: 'Spain' },
    });
    expect(shownTables(state, saved).ref_countries.es).toEqual({ name: 'Spain' });
    expect(tablesReducer(state, { type: 'cancel' })).toEqual(VIEW);
    expect(shownTables(VIEW, saved)).toBe(saved);
  });

  it('lists broken references and blocks the save until they are fixed', () => {
    const draft = putEntry(saved, 'ref_cities', 'paris', 'paris', { name: 'Paris', twin: 'ref_cities[lyon]' });
    const blocked = tablesReducer(editing(draft), { type: 'save', original: saved });
    expect(blocked).toEqual({
      step: 'errors',
      draft,
      errors: [
        { table: 'ref_cities', key: 'paris', column: 'twin', reference: 'ref_cities[lyon]', error: 'recursive' },
      ],
    });
    expect(tablesReducer(blocked, { type: 'confirm' })).toBe(blocked);
    const back = tablesReducer(blocked, { type: 'close_errors' });
    expect(back).toEqual(editing(draft));

    const fixed = tablesReducer(back, {
      type: 'put_entry',
      table: 'ref_cities',
      previousKey: 'paris',
      key: 'paris',
      definition: { name: 'Paris', twin: 'ref_countries[es]' },
    });
    const stillBroken = tablesReducer(fixed, { type: 'save', original: saved });
    expect(stillBroken.step === 'errors' && stillBroken.errors.map((e) => e.error)).toEqual(['inexistant']);
  });

  it('asks for confirmation, then saves; a refusal by the server lists its errors; a failure keeps the draft', () => {
    const draft = putEntry(saved, 'ref_countries', null, 'es', { name: 'Spain' });
    const confirming = tablesReducer(editing(draft), { type: 'save', original: saved });
    expect(confirming).toEqual({ step: 'confirm', draft });
    expect(tablesReducer(confirming, { type: 'not_sure' })).toEqual(editing(draft));
    const saving = tablesReducer(confirming, { type: 'confirm' });
    expect(saving).toEqual({ step: 'saving', draft });
    expect(tablesReducer(saving, { type: 'cancel' })).toBe(saving);
    expect(tablesReducer(saving, { type: 'saved' })).toEqual(VIEW);
    expect(tablesReducer(saving, { type: 'failed' })).toEqual(editing(draft));
    const error = {
      table: 'ref_cities',
      key: 'paris',
      column: 'x',
      reference: 'ref_y[z]',
      error: 'inexistant',
    } as const;
    expect(tablesReducer(saving, { type: 'refused', errors: [error] })).toEqual({
      step: 'errors',
      draft,
      errors: [error],
    });
  });

  it('never narrows a column below its minimum', () => {
    expect(resizedWidth(180, 40.4)).toBe(220);
    expect(resizedWidth(180, -500)).toBe(COLUMN_MIN_WIDTH);
  });
});
