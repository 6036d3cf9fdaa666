import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AdminWrapper } from '../../../tests/unit/adminWrapper';
import { componentTestServer } from '../../../tests/unit/componentTestServer';
import { MANAGER_WHO } from '../../../tests/unit/testUsers';
import { SearchPage } from './SearchPage';
import { testReportRow } from './testReportRow';

const VIEWED = testReportRow({
  key: 'a'.repeat(128),
  EvidenzId: 1,
  Views: 1234,
  FirstView: '2026-11-02T10:00:00.000Z',
  LastView: '2026-11-20T10:00:00.000Z',
  Downloads: 2,
  LinkedInClicks: 1,
  Verifications: 3,
});
const NEVER = testReportRow({
  key: 'b'.repeat(128),
  EvidenzId: 2,
  Views: 0,
  FirstView: null,
  LastView: null,
  Downloads: 0,
  LinkedInClicks: 0,
  Verifications: 0,
});

const { i18nProvider } = componentTestServer(
  [
    http.get('*/api/admin/data', () => HttpResponse.json({ data: [VIEWED, NEVER], total: 2 })),
    http.get('*/api/templates', () => HttpResponse.json([], { headers: { 'content-range': 'templates 0-0/0' } })),
  ],
  { who: () => MANAGER_WHO },
);

describe('the search results (issue 31)', () => {
  it('show what each recipient did: views, last view, downloads, LinkedIn clicks, verifications', async () => {
    render(
      <AdminWrapper i18nProvider={i18nProvider()}>
        <SearchPage />
      </AdminWrapper>,
    );
    await userEvent.type(await screen.findByRole('textbox', { name: /address/i }), 'ada@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(expect.arrayContaining(['Views', 'Last view', 'Downloads', 'LinkedIn', 'Verifications']));
    const [, viewed, never] = within(table).getAllByRole('row');
    expect(viewed).toHaveTextContent('1,234');
    expect(viewed).toHaveTextContent('Nov 20, 2026');
    expect(never).toHaveTextContent('—');
  });
});
