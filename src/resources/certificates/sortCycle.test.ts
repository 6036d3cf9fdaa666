import { describe, expect, it } from 'vitest';
import { cycledSort } from './sortCycle';

const none = { field: '', order: 'ASC' as const };

describe('the search header sort cycle', () => {
  it('goes ascending, descending, then back to no sort on the same column', () => {
    const first = cycledSort(none, { field: 'email', order: 'ASC' }, none);
    expect(first).toEqual({ field: 'email', order: 'ASC' });
    const second = cycledSort(first, { field: 'email', order: 'DESC' }, none);
    expect(second).toEqual({ field: 'email', order: 'DESC' });
    expect(cycledSort(second, { field: 'email', order: 'ASC' }, none)).toBe(none);
  });

  it('starts another column ascending whatever the current one is', () => {
    expect(cycledSort({ field: 'email', order: 'DESC' }, { field: 'StatusID', order: 'ASC' }, none)).toEqual({
      field: 'StatusID',
      order: 'ASC',
    });
  });
});
