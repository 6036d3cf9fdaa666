import { describe, expect, it } from 'vitest';
import { applyListParams } from './listParams';

const rows = [
  { id: 1, label: 'Zeta', notes: '' },
  { id: 2, label: 'alpha', notes: 'first cohort' },
  { id: 10, label: 'Beta', notes: '' },
];

describe('list parameters', () => {
  it('filters by the search text', () => {
    const { data, total } = applyListParams(
      rows,
      { filter: { q: 'COHORT' }, sort: { field: 'id', order: 'ASC' }, pagination: { page: 1, perPage: 10 } },
      (r) => `${r.label} ${r.notes}`,
    );
    expect(data.map((r) => r.id)).toEqual([2]);
    expect(total).toBe(1);
  });

  it('sorts case-insensitively and numerically, both ways, and pages', () => {
    const search = (r: (typeof rows)[number]) => r.label;
    expect(
      applyListParams(
        rows,
        { filter: {}, sort: { field: 'label', order: 'ASC' }, pagination: { page: 1, perPage: 10 } },
        search,
      ).data.map((r) => r.label),
    ).toEqual(['alpha', 'Beta', 'Zeta']);
    expect(
      applyListParams(
        rows,
        { filter: {}, sort: { field: 'id', order: 'DESC' }, pagination: { page: 1, perPage: 2 } },
        search,
      ).data.map((r) => r.id),
    ).toEqual([10, 2]);
    expect(
      applyListParams(
        rows,
        { filter: {}, sort: { field: 'id', order: 'ASC' }, pagination: { page: 2, perPage: 2 } },
        search,
      ),
    ).toEqual({ data: [rows[2]], total: 3 });
  });
});
