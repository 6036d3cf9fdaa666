import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { I18nProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CampaignItem } from '../../../domain/publication';
import { AdminWrapper, testI18nProvider } from '../../../tests/unit/adminWrapper';
import { CampaignsPage } from './CampaignsPage';
import { lastDays } from '../../../domain/dateRange';

const campaign = (ID: number, change: Partial<CampaignItem> = {}): CampaignItem => ({
  ID,
  templateId: 3,
  label: { en: 'Data literacy', fr: 'Culture des données' },
  date: '2026-11-20T10:00:00.000Z',
  Status: 'Done',
  nbActive: 9,
  certifiedDegrees: 10,
  userFirstname: 'Ada',
  userLastname: 'Lovelace',
  Notes: 'Spring session',
  ...change,
});

const queries: URLSearchParams[] = [];
let fail = false;
let total = 60;

const server = setupServer(
  http.post('*/api/admin/campaigns', ({ request }) => {
    const query = new URL(request.url).searchParams;
    queries.push(query);
    if (fail) return HttpResponse.json({ code: 'INTERNAL_ERROR' }, { status: 500 });
    const offset = Number(query.get('offset'));
    const limit = Number(query.get('limit'));
    const count = query.get('filter') === 'nothing' ? 0 : total;
    const campaigns = Array.from({ length: Math.max(0, Math.min(limit, count - offset)) }, (_, i) =>
      campaign(count - offset - i, i === 0 ? { Status: 'Started' } : i === 1 ? { Status: 'Failed' } : {}),
    );
    return HttpResponse.json({ campaigns, lastCampaign: campaigns[0] ?? null, nbCampaigns: count });
  }),
);

let i18nProvider: I18nProvider;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  i18nProvider = await testI18nProvider();
});
afterEach(() => {
  server.resetHandlers();
  queries.length = 0;
  fail = false;
  total = 60;
});
afterAll(() => server.close());

function renderPage(path = '/campaigns') {
  render(
    <AdminWrapper i18nProvider={i18nProvider} path={path}>
      <CampaignsPage />
    </AdminWrapper>,
  );
}

const lastQuery = () => Object.fromEntries(queries[queries.length - 1]);

describe('CampaignsPage', { timeout: 20_000 }, () => {
  it('lists the campaigns 25 at a time with their columns, status and view action', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: '60 campaigns' })).toBeVisible();
    expect(lastQuery()).toEqual({ offset: '0', limit: '25' });
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(26);
    const first = rows[1];
    expect(first).toHaveTextContent('Data literacy');
    expect(first).toHaveTextContent('9 / 10');
    expect(first).toHaveTextContent('Ada Lovelace');
    expect(first).toHaveTextContent('Spring session');
    expect(within(first).getByText('In progress')).toBeVisible();
    expect(within(rows[2]).getByText('Failed')).toBeVisible();
    expect(within(first).getByRole('link', { name: 'View the report of campaign #60' })).toHaveAttribute(
      'href',
      '/reports/60',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ offset: '25', limit: '25' }));
    await userEvent.click(screen.getByRole('combobox', { name: /Campaigns per page/ }));
    await userEvent.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(lastQuery()).toMatchObject({ offset: '0', limit: '50' }));
  });

  it('searches, and sends the date shortcuts as YYYY-MM-DD', async () => {
    renderPage('/campaigns?templateId=3');
    await screen.findByRole('heading', { name: '60 campaigns' });
    expect(lastQuery()).toMatchObject({ templateId: '3' });
    expect(screen.getByText('Template: Data literacy')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await waitFor(() => expect(lastQuery()).toMatchObject(lastDays(30)));
    await userEvent.type(screen.getByRole('textbox', { name: /Search by template/ }), 'nothing');
    expect(await screen.findByText('No campaign matches')).toBeVisible();
    expect(lastQuery()).toMatchObject({ filter: 'nothing', templateId: '3' });
  });

  it('shows the empty state', async () => {
    total = 0;
    renderPage();
    expect(await screen.findByText('No campaigns yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to the templates' })).toHaveAttribute('href', '/templates');
  });

  it("says 'API call failed' when the list cannot be loaded, and retries", async () => {
    fail = true;
    renderPage();
    expect(await screen.findByText(/API call failed/)).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: '60 campaigns' })).toBeVisible();
  });
});
