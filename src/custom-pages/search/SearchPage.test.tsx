import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Notification, type I18nProvider } from 'react-admin';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportRow } from '../../../domain/reports';
import { AdminWrapper, testI18nProvider } from '../../../tests/unit/adminWrapper';
import { SearchPage } from './SearchPage';

const KEY_A = 'a'.repeat(128);
const KEY_B = 'b'.repeat(128);

const result = (key: string, change: Partial<ReportRow> = {}) =>
  ({
    key,
    EvidenzId: key === KEY_A ? 1 : 2,
    url: `http://laurel.test/certificate/${key}`,
    StatusID: 1,
    Language: 'en',
    available: true,
    mail: true,
    EmailStatus: 'Sent',
    LastActivity: null,
    hasEmail: true,
    txInBlockchainExplorer: null,
    PublicationDate: key === KEY_A ? '2026-11-20T10:00:00.000Z' : '2026-10-01T10:00:00.000Z',
    CampaignID: key === KEY_A ? 12 : 9,
    TemplateID: key === KEY_A ? 3 : 4,
    email: 'ada@example.org',
    email_sent: null,
    firstName: 'Ada',
    lastName: 'Lovelace',
    ...change,
  }) as ReportRow;

let profileId = 2;
let statuses: Record<string, number> = {};
const searches: URLSearchParams[] = [];
const operations: unknown[] = [];

const server = setupServer(
  http.get('*/api/admin/who', () =>
    HttpResponse.json({ id: 1, issuerId: 5, profileId, email: 'pat@example.org', firstName: 'Pat', lastName: 'Lee' }),
  ),
  http.get('*/api/admin/templates', () =>
    HttpResponse.json([
      { id: 3, label: { en: 'Data literacy' } },
      { id: 4, label: 'Welding' },
    ]),
  ),
  http.get('*/api/admin/data', ({ request }) => {
    const query = new URL(request.url).searchParams;
    searches.push(query);
    if (query.get('value') === 'down@example.org') return HttpResponse.json({ code: 'INTERNAL' }, { status: 500 });
    const found =
      query.get('mode') === 'key'
        ? [result(query.get('value') ?? '', { StatusID: statuses[query.get('value') ?? ''] ?? 1 })]
        : [result(KEY_A, { StatusID: statuses[KEY_A] ?? 1 }), result(KEY_B), result(KEY_A)];
    return HttpResponse.json({ data: found });
  }),
  http.put('*/api/admin/keys', async ({ request }) => {
    const body = (await request.json()) as { ids: string[]; enable: boolean };
    operations.push(body);
    for (const key of body.ids) statuses[key] = body.enable ? 1 : 9;
    return HttpResponse.json({ updated: body.ids.length, skipped: 0 });
  }),
);

let i18nProvider: I18nProvider;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  i18nProvider = await testI18nProvider();
});
beforeEach(() => {
  localStorage.setItem('auth_token', `a.b.${Math.random()}`);
  profileId = 2;
  statuses = {};
});
afterEach(() => {
  server.resetHandlers();
  searches.length = 0;
  operations.length = 0;
  sessionStorage.clear();
  vi.useRealTimers();
});
afterAll(() => server.close());

function renderPage() {
  return render(
    <AdminWrapper i18nProvider={i18nProvider} path="/search">
      <SearchPage />
      <Notification />
    </AdminWrapper>,
  );
}

const input = (name: RegExp) => screen.getByRole('textbox', { name });
const searchButton = () => screen.getByRole('button', { name: 'Search' });

describe('SearchPage', { timeout: 30_000 }, () => {
  it('checks the input of each mode before calling', async () => {
    renderPage();
    expect(searchButton()).toBeDisabled();
    await userEvent.type(input(/email address/), 'nobody');
    await userEvent.click(searchButton());
    expect(screen.getByText('Enter a valid email address.')).toBeVisible();

    await userEvent.click(screen.getByRole('combobox', { name: 'Search by' }));
    await userEvent.click(screen.getByRole('option', { name: 'Key' }));
    await userEvent.clear(input(/Certificate key/));
    await userEvent.type(input(/Certificate key/), 'abc');
    await userEvent.click(searchButton());
    expect(screen.getByText('A key is exactly 128 letters or digits.')).toBeVisible();

    await userEvent.click(screen.getByRole('combobox', { name: 'Search by' }));
    await userEvent.click(screen.getByRole('option', { name: 'URL' }));
    await userEvent.clear(input(/Certificate URL/));
    await userEvent.type(input(/Certificate URL/), 'not a url');
    await userEvent.click(searchButton());
    expect(screen.getByText('Enter a complete URL, starting with https://.')).toBeVisible();
    await userEvent.clear(input(/Certificate URL/));
    await userEvent.type(input(/Certificate URL/), 'https://laurel.example/certificate/abc');
    await userEvent.click(searchButton());
    expect(screen.getByText('This URL does not contain a certificate key (128 letters or digits).')).toBeVisible();
    expect(searches).toHaveLength(0);
  });

  it('finds by email, one line per key, sorts in three steps, then cools down for 2 s', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    renderPage();
    await userEvent.type(input(/email address/), ' Ada@Example.org ');
    await userEvent.click(searchButton());
    expect(await screen.findByText('2 certificates found')).toBeVisible();
    expect(Object.fromEntries(searches[0])).toEqual({ mode: 'email', value: 'ada@example.org' });
    expect(searchButton()).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(2000));
    await waitFor(() => expect(searchButton()).toBeEnabled());

    const templates = () =>
      screen.getAllByTestId('search-row').map((row) => within(row).getAllByRole('cell')[1].textContent);
    await waitFor(() => expect(templates()[0]).toMatch(/^Data literacy/));
    await userEvent.click(screen.getByRole('button', { name: 'Issued on' }));
    expect(templates()[0]).toMatch(/^Welding/);
    await userEvent.click(screen.getByRole('button', { name: 'Issued on' }));
    expect(templates()[0]).toMatch(/^Data literacy/);
    await userEvent.click(screen.getByRole('button', { name: 'Template' }));
    expect(templates()[0]).toMatch(/^Data literacy/);
    await userEvent.click(screen.getByRole('button', { name: 'Template' }));
    expect(templates()[0]).toMatch(/^Welding/);
    await userEvent.click(screen.getByRole('button', { name: 'Template' }));
    expect(templates()[0]).toMatch(/^Data literacy/);
  });

  it('finds by URL through the key it holds, and clears the results when the text changes', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('combobox', { name: 'Search by' }));
    await userEvent.click(screen.getByRole('option', { name: 'URL' }));
    await userEvent.type(input(/Certificate URL/), `https://laurel.example/certificate/${KEY_B}?lang=fr`);
    await userEvent.click(searchButton());
    expect(await screen.findByText('1 certificate found')).toBeVisible();
    expect(Object.fromEntries(searches[0])).toEqual({ mode: 'key', value: KEY_B });
    await userEvent.type(input(/Certificate URL/), 'x');
    expect(screen.queryByText('1 certificate found')).toBeNull();
  });

  it('restores the last search', async () => {
    const first = renderPage();
    await userEvent.type(input(/email address/), 'ada@example.org');
    await userEvent.click(searchButton());
    expect(await screen.findByText('2 certificates found')).toBeVisible();
    first.unmount();
    renderPage();
    expect(await screen.findByText('2 certificates found')).toBeVisible();
    expect(input(/email address/)).toHaveValue('ada@example.org');
    // asked again, so that the results show what changed meanwhile
    await waitFor(() => expect(searches).toHaveLength(2));
  });

  it('disables the selection, then clears it and repeats the search', async () => {
    renderPage();
    await userEvent.type(input(/email address/), 'ada@example.org');
    await userEvent.click(searchButton());
    await screen.findByText('2 certificates found');
    expect(screen.getByRole('button', { name: 'Disable' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every result' }));
    await userEvent.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable 2 certificates?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('2 certificates disabled.')).toBeVisible();
    expect(operations).toEqual([{ ids: [KEY_A, KEY_B], enable: false }]);
    await waitFor(() => expect(searches).toHaveLength(2));
    await waitFor(() => expect(screen.getAllByText('Disabled')).toHaveLength(1));
    expect(screen.getByRole('checkbox', { name: 'Select every result' })).not.toBeChecked();
  });

  it('shows no bulk operation to a Reader, and the API failure message', async () => {
    profileId = 3;
    renderPage();
    await userEvent.type(input(/email address/), 'down@example.org');
    await userEvent.click(searchButton());
    expect(await screen.findByText('API call failed: the search could not be done.')).toBeVisible();
    await userEvent.clear(input(/email address/));
    await userEvent.type(input(/email address/), 'ada@example.org');
    await waitFor(() => expect(searchButton()).toBeEnabled(), { timeout: 3000 });
    await userEvent.click(searchButton());
    await screen.findByText('2 certificates found');
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
  });
});
