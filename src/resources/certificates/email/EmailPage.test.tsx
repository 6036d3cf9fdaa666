import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AdminContext, memoryStore, Notification } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EmailingSettings } from '../../../../domain/emailing';
import { componentTestServer } from '../../../../tests/unit/componentTestServer';
import { pasteInto } from '../../../../tests/unit/pasteInto';
import { authProvider } from '../../../authProvider/authProvider';
import { dataProvider } from '../../../dataProvider/dataProvider';
import type { EmailTarget } from './emailForm';
import { EmailPage } from './EmailPage';

const target: EmailTarget = {
  templateId: 3,
  campaignId: 12,
  selection: false,
  testId: 101,
  count: 24,
  label: 'Data literacy',
  returnTo: '/reports/12',
};

let settings: EmailingSettings;
const sent: { url: string; body: Record<string, unknown> }[] = [];
let sendAnswer: () => Response = () => HttpResponse.json({ ok: true, nbEmails: 24 });

const { i18nProvider } = componentTestServer(
  [
    http.get('*/api/admin/emailing', () => HttpResponse.json(settings)),
    http.post('*/api/admin/emails', async ({ request }) => {
      sent.push({ url: request.url, body: (await request.json()) as Record<string, unknown> });
      return sendAnswer();
    }),
    http.post('*/api/admin/emailTest', async ({ request }) => {
      sent.push({ url: request.url, body: (await request.json()) as Record<string, unknown> });
      return HttpResponse.json({ ok: true, nbEmails: 1 });
    }),
  ],
  {
    who: () => ({
      id: 1,
      issuerId: 5,
      profileId: 2,
      email: 'pat@campus.example',
      firstName: 'Pat',
      lastName: 'Lee',
      issuerName: 'Campus',
      params: { tracking: false },
    }),
    afterEachTest: () => {
      sent.length = 0;
    },
  },
);

function ReportProbe() {
  const location = useLocation();
  return <pre data-testid="report-state">{JSON.stringify(location.state)}</pre>;
}

beforeEach(() => {
  settings = {
    domains: ['campus.example'],
    mailingTemplates: [],
    defaults: {
      object: 'Your certificate',
      sender: { name: 'Campus', email: 'news@campus.example' },
      replyTo: { name: '', email: '' },
    },
    tracking: false,
  };
  sendAnswer = () => HttpResponse.json({ ok: true, nbEmails: 24 });
});

function renderPage(state: unknown = target) {
  render(
    <MemoryRouter initialEntries={[{ pathname: '/email', state }]}>
      <AdminContext
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider()}
        store={memoryStore()}
      >
        <Routes>
          <Route path="/email" element={<EmailPage />} />
          <Route path="/reports/:id" element={<ReportProbe />} />
        </Routes>
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}

describe('EmailPage', { timeout: 30_000 }, () => {
  it('shows every rule broken at once, clears each one when its field changes', async () => {
    renderPage();
    const subject = await screen.findByRole('textbox', { name: /Subject/ });
    expect(subject).toHaveValue('Your certificate');
    expect(screen.getByText(/Every active recipient of “Data literacy”/)).toBeVisible();
    expect(screen.getByText('@campus.example')).toBeVisible();
    await userEvent.clear(subject);
    await pasteInto(subject, 'YOUR FREE DIPLOMA');
    const senderEmail = screen.getByRole('textbox', { name: /Sender email/ });
    await userEvent.clear(senderEmail);
    await pasteInto(senderEmail, 'news@elsewhere.example');
    await pasteInto(screen.getByRole('textbox', { name: /Reply-to name/ }), 'Office');
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(screen.getByText(/reads as shouting/)).toBeVisible();
    expect(screen.getByText("The sender's address must use one of the authorised domains.")).toBeVisible();
    expect(screen.getByText('Enter the reply-to address that goes with this name.')).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.type(subject, 'x');
    expect(screen.queryByText(/reads as shouting/)).toBeNull();
    expect(screen.getByText('Enter the reply-to address that goes with this name.')).toBeVisible();
  });

  it('sends after the confirmation and goes back to the report with the count', async () => {
    renderPage();
    await screen.findByRole('textbox', { name: /Subject/ });
    await userEvent.click(screen.getByRole('radio', { name: 'Français' }));
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the emails?' });
    expect(dialog).toHaveTextContent('Up to 24 emails will be sent now');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    const state = JSON.parse((await screen.findByTestId('report-state')).textContent ?? 'null');
    expect(state).toEqual({ restore: true, sent: 24 });
    expect(sent[0].url).toMatch(/\/api\/admin\/emails$/);
    expect(sent[0].body).toEqual({
      templateId: 3,
      campaignId: 12,
      object: 'Your certificate',
      sender: { name: 'Campus', email: 'news@campus.example' },
      language: 'fr',
    });
  });

  it('sends a test to the given addresses with the first line, and stays', async () => {
    renderPage();
    await screen.findByRole('textbox', { name: /Subject/ });
    await userEvent.click(screen.getByRole('switch', { name: /Test mode/ }));
    const recipients = screen.getByRole('textbox', { name: 'Test recipients' });
    expect(recipients).toHaveValue('pat@campus.example');
    await userEvent.clear(recipients);
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(screen.getByText('Enter at least one test recipient.')).toBeVisible();
    await pasteInto(recipients, 'a@b.example; c @d.example');
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the test email?' });
    expect(dialog).toHaveTextContent('a@b.example, c@d.example');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send the test' }));
    expect(await screen.findByText('Test email sent.')).toBeVisible();
    expect(sent[0].url).toMatch(/\/api\/admin\/emailTest$/);
    expect(sent[0].body).toMatchObject({ ids: '101', recipients: 'a@b.example,c@d.example' });
    expect(screen.queryByTestId('report-state')).toBeNull();
  });

  it('says to try later while certificates are minting', async () => {
    sendAnswer = () => HttpResponse.json({ code: 'OPERATION_PENDING' }, { status: 409 });
    renderPage();
    await screen.findByRole('textbox', { name: /Subject/ });
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the emails?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(/still being minted/)).toBeVisible();
  });

  it('offers the mailing templates instead of the language when there are several', async () => {
    settings.mailingTemplates = [
      { id: 'plain', label: 'Plain', defaultValue: false },
      { id: 'branded', label: 'Branded', defaultValue: true },
    ];
    renderPage();
    expect(await screen.findByRole('radio', { name: 'Branded' })).toBeChecked();
    expect(screen.queryByRole('radio', { name: 'Français' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent[0].body).toMatchObject({ mailingTemplateId: 'branded' }));
    expect(sent[0].body).not.toHaveProperty('language');
  });

  it('explains how to get here when opened without a report', async () => {
    renderPage(null);
    expect(await screen.findByText(/Open a campaign or template report/)).toBeVisible();
  });
});
