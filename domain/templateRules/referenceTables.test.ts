import { describe, expect, it } from 'vitest';
import {
  checkReferences,
  findReferences,
  isReferenceTableName,
  type ReferenceTables,
  tableColumns,
} from './referenceTables';

const tables: ReferenceTables = {
  ref_cities: {
    paris: { name: 'Paris', country: 'ref_countries[fr]' },
    cardiff: { name: 'Caerdydd', country: 'ref_countries[uk]' },
  },
  ref_countries: {
    fr: { name: 'France' },
    uk: { name: 'United Kingdom', capital: 'London' },
  },
};

describe('reference table names', () => {
  it('start with ref_ and name something after it', () => {
    expect(isReferenceTableName('ref_cities')).toBe(true);
    expect(isReferenceTableName('ref_')).toBe(false);
    expect(isReferenceTableName('REF_cities')).toBe(false);
    expect(isReferenceTableName('cities')).toBe(false);
  });
});

describe('findReferences', () => {
  it('finds each distinct reference in order', () => {
    expect(findReferences('ref_a[1] then ref_b-c[key two] and ref_a[1] again')).toEqual([
      { text: 'ref_a[1]', table: 'ref_a', key: '1' },
      { text: 'ref_b-c[key two]', table: 'ref_b-c', key: 'key two' },
    ]);
  });

  it('reads unicode table names and keys', () => {
    expect(findReferences('ref_villes[Besançon]; ref_städte[Köln]')).toEqual([
      { text: 'ref_villes[Besançon]', table: 'ref_villes', key: 'Besançon' },
      { text: 'ref_städte[Köln]', table: 'ref_städte', key: 'Köln' },
    ]);
  });

  it('ignores text that only looks like a reference', () => {
    expect(findReferences('')).toEqual([]);
    expect(findReferences('href_x[1] ref_[1] ref_x ref_x[1 ref x[1]')).toEqual([]);
  });

  it('reads an empty key as a reference to the key ""', () => {
    expect(findReferences('ref_x[]')).toEqual([{ text: 'ref_x[]', table: 'ref_x', key: '' }]);
  });
});

describe('checkReferences', () => {
  it('accepts tables whose references all resolve to other tables', () => {
    expect(checkReferences(tables)).toEqual([]);
    expect(checkReferences({})).toEqual([]);
  });

  it('reports a missing table or key as inexistant', () => {
    const broken: ReferenceTables = {
      ...tables,
      ref_cities: { paris: { country: 'ref_countries[de]', region: 'ref_regions[idf]' } },
    };
    expect(checkReferences(broken)).toEqual([
      { table: 'ref_cities', key: 'paris', column: 'country', reference: 'ref_countries[de]', error: 'inexistant' },
      { table: 'ref_cities', key: 'paris', column: 'region', reference: 'ref_regions[idf]', error: 'inexistant' },
    ]);
  });

  it('reports a reference into its own table as recursive, whether or not the key exists', () => {
    const selfish: ReferenceTables = {
      ref_people: { ada: { mentor: 'ref_people[charles]' }, charles: { mentor: 'ref_people[nobody]' } },
    };
    expect(checkReferences(selfish)).toEqual([
      { table: 'ref_people', key: 'ada', column: 'mentor', reference: 'ref_people[charles]', error: 'recursive' },
      { table: 'ref_people', key: 'charles', column: 'mentor', reference: 'ref_people[nobody]', error: 'recursive' },
    ]);
  });

  it('matches table names and keys exactly, case included', () => {
    expect(checkReferences({ ...tables, ref_x: { a: { c: 'ref_Countries[fr] ref_countries[FR]' } } })).toEqual([
      { table: 'ref_x', key: 'a', column: 'c', reference: 'ref_Countries[fr]', error: 'inexistant' },
      { table: 'ref_x', key: 'a', column: 'c', reference: 'ref_countries[FR]', error: 'inexistant' },
    ]);
  });

  it('does not take inherited object properties for keys or tables', () => {
    expect(checkReferences({ ref_x: { a: { c: 'ref_countries[toString] ref_y[__proto__]' } } })).toEqual([
      { table: 'ref_x', key: 'a', column: 'c', reference: 'ref_countries[toString]', error: 'inexistant' },
      { table: 'ref_x', key: 'a', column: 'c', reference: 'ref_y[__proto__]', error: 'inexistant' },
    ]);
    expect(checkReferences({ ref_x: { a: { c: 'ref_constructor[name]' } } })[0].error).toBe('inexistant');
  });

  it('reports a reference once per cell, and again in each cell that repeats it', () => {
    const repeated: ReferenceTables = { ref_x: { a: { one: 'ref_y[1] ref_y[1]', two: 'ref_y[1]' } } };
    expect(checkReferences(repeated).map(({ column }) => column)).toEqual(['one', 'two']);
  });

  it('checks only the ref_ tables, and a reference points only into one', () => {
    const mixed = {
      ...tables,
      label: { en: { text: 'ref_nowhere[1]' } },
      ref_x: { a: { c: 'ref_label[en]' } },
    } as ReferenceTables;
    expect(checkReferences(mixed)).toEqual([
      { table: 'ref_x', key: 'a', column: 'c', reference: 'ref_label[en]', error: 'inexistant' },
    ]);
  });

  it('skips cells that are not text', () => {
    const odd = { ref_x: { a: { n: 12, c: null } } } as unknown as ReferenceTables;
    expect(checkReferences(odd)).toEqual([]);
  });
});

describe('tableColumns', () => {
  it('is the union of the entries’ columns in order of first appearance', () => {
    expect(tableColumns(tables.ref_countries)).toEqual(['name', 'capital']);
    expect(tableColumns({ a: { z: '' }, b: { y: '', z: '' }, c: {} })).toEqual(['z', 'y']);
    expect(tableColumns({})).toEqual([]);
  });
});
