import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Notification, type I18nProvider } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReportRow } from '../../../domain/reports';
import { AdminWrapper, testI18nProvider } from '../../../tests/unit/adminWrapper';
import type { ReportHeaderResponse } from './reportCalls';
import { ReportPage } from './ReportPage';

const key = (n: number) => String(n).padStart(128, 'k');

const line = (n: number, change: Partial<ReportRow> = {}): ReportRow => ({
  firstName: `Learner${n}`,
  lastName: 'Doe',
  obtentionDate: '2026-11-20',
  key: key(n),
  EvidenzId: 100 + n,
  url: `http://laurel.test/certificate/${key(n)}`,
  StatusID: 1,
  Language: 'en',
  available: true,
  mail: false,
  EmailStatus: 'not sent',
  LastActivity: null,
  hasEmail: true,
  txInBlockchainExplorer: null,
  PublicationDate: '2026-11-20T10:00:00.000Z',
  CampaignID: 12,
  TemplateID: 3,
  email: `learner${n}@example.org`,
  email_sent: null,
  ...change,
});

const baseHeader = (): ReportHeaderResponse => ({
  campaign: {
    ID: 12,
    Status: 'Done',
    Notes: 'Spring cohort',
    date: '2026-11-20T10:00:00.000Z',
    startDate: '2026-11-20T10:00:00.000Z',
    endDate: '2026-11-20T10:00:00.000Z',
    nbActives: 24,
    error: null,
  },
  template: {
    id: 3,
    label: { en: 'Data literacy', fr: 'Culture des données' },
    type: 'cpf_onshelf',
    mode: 'Classic',
    fieldsToCertified: 'Email',
    languages: ['en'],
    DefaultLanguage: 'en',
    hasCustomCstyleLayout: false,
  },
  counters: { total: 25, validated: 24, disabled: 1, minting: 0 },
});

let header = baseHeader();
let rows: ReportRow[] = [];
let profileId = 1;
const bodies: Record<string, unknown>[] = [];
const calls: { method: string; url: string; body: unknown }[] = [];
let headerCalls = 0;
let keysAnswer: () => Response = () => HttpResponse.json({ updated: 1, skipped: 0 });

const server = setupServer(
  http.get('*/api/admin/who', () =>
    HttpResponse.json({
      id: 1,
      issuerId: 5,
      profileId,
      email: 'admin@example.org',
      firstName: 'Ada',
      lastName: 'Admin',
      params: { tracking: false },
    }),
  ),
  http.get('*/api/admin/report', () => {
    headerCalls++;
    return HttpResponse.json(header);
  }),
  http.post('*/api/admin/data_post', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    bodies.push(body);
    const offset = Number(body.offset);
    const limit = Number(body.limit);
    return HttpResponse.json({
      data: rows.slice(offset, offset + limit),
      count: rows.length,
      counters: header.counters,
    });
  }),
  http.get('*/api/admin/emailing', () =>
    HttpResponse.json({ domains: [], mailingTemplates: [], defaults: {}, tracking: false }),
  ),
  http.put('*/api/admin/keys', async ({ request }) => {
    calls.push({ method: 'PUT', url: request.url, body: await request.json() });
    return keysAnswer();
  }),
  http.delete('*/api/admin/keys', async ({ request }) => {
    calls.push({ method: 'DELETE', url: request.url, body: await request.json() });
    return keysAnswer();
  }),
  http.put('*/api/admin/campaign/notes', async ({ request }) => {
    calls.push({ method: 'PUT', url: request.url, body: await request.json() });
    return HttpResponse.json({ ok: true });
  }),
  http.put('*/api/admin/email', async ({ request }) => {
    const body = (await request.json()) as { email: string };
    calls.push({ method: 'PUT', url: request.url, body });
    return body.email.endsWith('.invalid')
      ? HttpResponse.json({ code: 'BAD_EMAIL_FORMAT' }, { status: 400 })
      : HttpResponse.json(body);
  }),
);

function EmailProbe() {
  const location = useLocation();
  return <pre data-testid="email-state">{JSON.stringify(location.state)}</pre>;
}

let i18nProvider: I18nProvider;
beforeAll(async () => {
  server.listen({ onUnhandledRequest: 'error' });
  i18nProvider = await testI18nProvider();
});
beforeEach(() => {
  // one token per test: the identity is cached by token
  localStorage.setItem('auth_token', `a.b.${Math.random()}`);
  header = baseHeader();
  rows = Array.from({ length: 25 }, (_, i) => line(i + 1, i === 1 ? { StatusID: 9 } : {}));
  profileId = 1;
  keysAnswer = () => HttpResponse.json({ updated: 1, skipped: 0 });
});
afterEach(() => {
  server.resetHandlers();
  bodies.length = 0;
  calls.length = 0;
  headerCalls = 0;
  sessionStorage.clear();
  vi.useRealTimers();
});
afterAll(() => server.close());

function renderReport(path = '/reports/12') {
  render(
    <AdminWrapper i18nProvider={i18nProvider} path={path}>
      <Routes>
        <Route path="/reports/:id" element={<ReportPage kind="campaign" />} />
        <Route path="/templatereport/:id" element={<ReportPage kind="template" />} />
        <Route path="/controlcpf/:id" element={<ReportPage kind="cpf" />} />
        <Route path="/email" element={<EmailProbe />} />
      </Routes>
      <Notification />
    </AdminWrapper>,
  );
}

const lastBody = () => bodies[bodies.length - 1];

describe('ReportPage', { timeout: 30_000 }, () => {
  it('shows the header, the note, the counters and the first 20 lines, sorted and searched in the database', async () => {
    renderReport();
    expect(await screen.findByRole('heading', { name: 'Data literacy' })).toBeVisible();
    expect(screen.getByText('Campaign #12 report')).toBeVisible();
    expect(screen.getByTestId('report-counters')).toHaveTextContent('24 / 25');
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Spring cohort');
    expect(screen.getByRole('button', { name: 'Register export (XML)' })).toBeVisible();
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(20));
    expect(lastBody()).toEqual({
      campaignId: 12,
      offset: 0,
      limit: 20,
      status: '1,3,6,9',
      mailSent: '1,0,2',
      counter: true,
    });
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual([
      '',
      'First name',
      'Last name',
      'Email',
      'Obtained on',
      'Language',
      'Issued on',
      'Status',
      'Email status',
      'Actions',
    ]);
    expect(within(screen.getAllByTestId('report-row')[1]).getByText('Disabled')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ sort: 'email', order: 'ASC' }));
    await userEvent.click(screen.getByRole('button', { name: 'Email' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ sort: 'email', order: 'DESC' }));

    await userEvent.type(screen.getByRole('textbox', { name: 'Search by name, email or key' }), 'learner3{Enter}');
    await waitFor(() => expect(lastBody()).toMatchObject({ filter: 'learner3', offset: 0 }));

    expect(screen.getByRole('combobox', { name: /Lines per page/ })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ offset: 20 }));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('No line selected');
  });

  it('filters by status and mail sent in the drawer', async () => {
    renderReport();
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('group', { name: 'Filter the certificates' });
    expect(within(drawer).queryByLabelText('From')).toBeNull();
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'Deleted' }));
    await userEvent.click(within(drawer).getByRole('checkbox', { name: 'Not sent' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ status: '1,6,9', mailSent: '1,2' }));
  });

  it('disables a selected certificate behind a confirmation, then says so and reloads', async () => {
    renderReport();
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(20));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Learner1 Doe' }));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('1 line selected');
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getByRole('menuitem', { name: 'Enable the selection' })).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Disable the selection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable 1 certificate?' });
    const before = bodies.length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('1 certificate disabled.')).toBeVisible();
    expect(calls[0]).toMatchObject({ method: 'PUT', body: { ids: [key(1)], enable: false } });
    await waitFor(() => expect(bodies.length).toBeGreaterThan(before));
    await waitFor(() => expect(screen.getByTestId('selected-count')).toHaveTextContent('No line selected'));
  });

  it("deletes with the typed word, and shows 'Operation … failed with status' when refused", async () => {
    keysAnswer = () => HttpResponse.json({ code: 'OPERATION_REFUSED', reason: 'nft' }, { status: 409 });
    renderReport();
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(20));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every line of the page' }));
    expect(screen.getByTestId('selected-count')).toHaveTextContent('20 lines selected');
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    await userEvent.click(screen.getByRole('menuitem', { name: 'Delete the selection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 20 certificates?' });
    await userEvent.type(within(dialog).getByRole('textbox'), 'DELETE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText(
        "Operation 'Delete' failed with status 409. Certificates of an NFT template cannot be deleted.",
      ),
    ).toBeVisible();
    expect(calls[0].url).toMatch(/\/api\/admin\/keys\?campaignId=12$/);
    expect(calls[0].body).toHaveLength(20);
  });

  it('saves and deletes the campaign note', async () => {
    renderReport();
    const note = await screen.findByRole('textbox', { name: 'Note' });
    await userEvent.clear(note);
    await userEvent.click(screen.getByRole('button', { name: 'Delete the note' }));
    await waitFor(() => expect(calls[0]).toMatchObject({ body: { campaignId: 12, notes: '' } }));
    expect(await screen.findByText('Note deleted.')).toBeVisible();
  });

  it('edits an address in its cell; a refused one shows the format error', async () => {
    renderReport();
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Change the address learner1@example.org' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the email address' });
    const field = within(dialog).getByRole('textbox', { name: 'Email address' });
    await userEvent.clear(field);
    await userEvent.type(field, 'ada@example.invalid');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('This email address is not valid.')).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, 'ada@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Email address changed.')).toBeVisible();
    expect(calls.at(-1)).toMatchObject({ body: { id: 101, email: 'ada@example.org' } });
  });

  it('sends all by email: the email page gets the campaign, a test line and the count', async () => {
    renderReport();
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(20));
    await userEvent.click(screen.getByRole('button', { name: 'Send all by email' }));
    const state = JSON.parse((await screen.findByTestId('email-state')).textContent ?? 'null');
    expect(state).toEqual({
      selection: false,
      testId: 101,
      count: 24,
      templateId: 3,
      campaignId: 12,
      label: 'Data literacy',
      returnTo: '/reports/12',
    });
  });

  it('shows a Reader the note and the lines without the acting controls', async () => {
    profileId = 3;
    renderReport();
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(20));
    expect(screen.getByTestId('campaign-note')).toHaveTextContent('Note: Spring cohort');
    expect(screen.queryByRole('textbox', { name: 'Note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send all by email' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Change the address/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Export to a spreadsheet (xlsx)']);
  });

  it('says the data were deleted when nothing is left, and hides the page sizes under 21 lines', async () => {
    header.counters = { total: 0, validated: 0, disabled: 0, minting: 0 };
    rows = [];
    renderReport();
    expect(await screen.findByText('The data of this report have been deleted')).toBeVisible();
  });

  it('shows a deleted campaign with a simple header', async () => {
    header.campaign = { ...header.campaign!, Status: 'Deleted' };
    rows = rows.slice(0, 3).map((row) => ({ ...row, StatusID: 3 }));
    renderReport();
    expect(await screen.findByText('Campaign deleted')).toBeVisible();
    expect(screen.queryByTestId('report-counters')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send all by email' })).toBeNull();
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(3));
    expect(screen.queryByRole('combobox', { name: /Lines per page/ })).toBeNull();
  });

  it('polls every 5 s while the campaign is being published, then stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    header.campaign = { ...header.campaign!, Status: 'Started' };
    renderReport();
    expect(await screen.findByText('Publishing…')).toBeVisible();
    const first = headerCalls;
    header.campaign = { ...header.campaign, Status: 'Done' };
    await act(async () => vi.advanceTimersByTime(5000));
    await waitFor(() => expect(headerCalls).toBe(first + 1));
    await waitFor(() => expect(screen.queryByText('Publishing…')).toBeNull());
    await act(async () => vi.advanceTimersByTime(15000));
    expect(headerCalls).toBe(first + 1);
  });

  it('offers the language, the date range and a link to each line’s campaign on the template report', async () => {
    header = { ...baseHeader(), campaign: null, template: { ...baseHeader().template, languages: ['en', 'fr'] } };
    renderReport('/templatereport/3');
    expect(await screen.findByText('Full template report')).toBeVisible();
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(20));
    expect(lastBody()).toMatchObject({ templateId: 3 });
    await userEvent.click(screen.getByRole('combobox', { name: 'Data language' }));
    await userEvent.click(screen.getByRole('option', { name: 'Français' }));
    await waitFor(() => expect(lastBody()).toMatchObject({ language: 'fr' }));
    expect(screen.getAllByRole('link', { name: 'Go to campaign #12' })[0]).toHaveAttribute('href', '/reports/12');
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const drawer = await screen.findByRole('group', { name: 'Filter the certificates' });
    await userEvent.click(within(drawer).getByRole('button', { name: 'Last 7 days' }));
    await userEvent.click(within(drawer).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(String(lastBody().dateRange)).toMatch(/^\d{4}-\d{2}-\d{2};\d{4}-\d{2}-\d{2}$/));
  });

  it("shows the cpf control as the template's lines with why, without the register export", async () => {
    header = { ...baseHeader(), campaign: null };
    renderReport('/controlcpf/3');
    expect(await screen.findByText('Register data control')).toBeVisible();
    expect(screen.getByText(/No register control result is available for this template yet/)).toBeVisible();
    await waitFor(() => expect(screen.getAllByTestId('report-row')).toHaveLength(20));
    expect(lastBody()).toMatchObject({ templateId: 3 });
    expect(screen.queryByRole('button', { name: 'Register export (XML)' })).toBeNull();
  });
});
