import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Notification } from 'react-admin';
import { beforeEach, describe, expect, it } from 'vitest';
import { AdminWrapper } from '../../../tests/unit/adminWrapper';
import { componentTestServer } from '../../../tests/unit/componentTestServer';
import { HelpProvider, useHelp } from '../../components/HelpContext';
import { HelpDrawer } from './HelpDrawer';
import { TOUR_DONE_STORAGE_KEY } from './helpResources';

let plan = 'FREE_TRIAL';
let helpUrl: string | null = null;
let answer = 200;
const received: Record<string, FormDataEntryValue[]>[] = [];

const { i18nProvider } = componentTestServer(
  [
    http.post('*/api/contactus', async ({ request }) => {
      const form = await request.formData();
      received.push(Object.fromEntries([...new Set(form.keys())].map((key) => [key, form.getAll(key)])));
      return answer === 200
        ? HttpResponse.json({ ok: true })
        : HttpResponse.json({ code: 'INTERNAL_ERROR' }, { status: answer });
    }),
  ],
  {
    who: () => ({
      id: 1,
      issuerId: 5,
      profileId: 2,
      email: 'pat@example.org',
      firstName: 'Pat',
      plan,
      server: { mailDelivery: 'outbox', helpUrl },
    }),
  },
);

function Openers() {
  const { openHelp } = useHelp();
  return (
    <>
      <button onClick={() => openHelp()}>open help</button>
      <button onClick={() => openHelp({ type: 'sales team' })}>talk to sales</button>
    </>
  );
}

beforeEach(() => {
  plan = 'FREE_TRIAL';
  helpUrl = null;
  answer = 200;
  received.length = 0;
});

function renderDrawer() {
  return render(
    <AdminWrapper i18nProvider={i18nProvider()}>
      <HelpProvider>
        <Openers />
        <HelpDrawer />
      </HelpProvider>
      <Notification />
    </AdminWrapper>,
  );
}

async function openDrawer(user: ReturnType<typeof userEvent.setup>, button = 'open help') {
  await user.click(screen.getByRole('button', { name: button }));
  return screen.findByRole('dialog', { name: 'Help' });
}

async function fill(user: ReturnType<typeof userEvent.setup>, drawer: HTMLElement) {
  await user.click(within(drawer).getByRole('combobox', { name: /request type/i }));
  await user.click(await screen.findByRole('option', { name: 'Question' }));
  await user.click(within(drawer).getByRole('textbox', { name: /subject/i }));
  await user.paste('Where is it?');
  await user.click(within(drawer).getByRole('textbox', { name: /description/i }));
  await user.paste('My campaign is gone.');
}

const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;

describe('help drawer', { timeout: 30_000 }, () => {
  it('sends a question with an attachment, confirms, and opens on an empty form after closing', async () => {
    const user = userEvent.setup();
    renderDrawer();
    const drawer = await openDrawer(user);
    const send = within(drawer).getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();

    await fill(user, drawer);
    expect(within(drawer).getByText('12/100')).toBeInTheDocument();
    await user.upload(fileInput(), new File(['png bytes'], 'shot.png', { type: 'image/png' }));
    await user.upload(fileInput(), new File([new Uint8Array(1024 * 1024)], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByText(/This file is too big: each file must be under 1024 KB/)).toBeInTheDocument();
    const attached = within(drawer).getByRole('list', { name: 'Attached files' });
    expect(within(attached).getAllByRole('listitem')).toHaveLength(1);
    expect(within(attached).getByText('shot.png')).toBeInTheDocument();

    expect(send).toBeEnabled();
    await user.click(send);
    expect(await within(drawer).findByText('Message sent')).toBeInTheDocument();
    expect(within(drawer).getByText(/answer you by email at pat@example.org/)).toBeInTheDocument();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      type: ['question'],
      object: ['Where is it?'],
      description: ['My campaign is gone.'],
      language: ['en'],
    });
    expect(received[0].files).toHaveLength(1);

    await user.click(within(within(drawer).getByRole('status')).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Help' })).not.toBeInTheDocument());
    const reopened = await openDrawer(user);
    expect(within(reopened).getByRole('textbox', { name: /subject/i })).toHaveValue('');
    expect(within(reopened).getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('shows a failure panel that closes back onto the filled form', async () => {
    answer = 500;
    const user = userEvent.setup();
    renderDrawer();
    const drawer = await openDrawer(user);
    await fill(user, drawer);
    await user.click(within(drawer).getByRole('button', { name: 'Send' }));
    const panel = await within(drawer).findByRole('alert');
    expect(panel).toHaveTextContent('Your message could not be sent');
    await user.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(within(drawer).getByRole('textbox', { name: /subject/i })).toHaveValue('Where is it?');
    expect(within(drawer).getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('guides to the screens, with no knowledge base unless the server names one (issue 29)', async () => {
    const user = userEvent.setup();
    renderDrawer();
    const drawer = await openDrawer(user);
    const guide = within(drawer).getByRole('region', { name: 'Getting around' });
    expect(within(guide).getByRole('link', { name: 'Badge images' })).toHaveAttribute('href', '/badgeImageLibrary');
    expect(within(guide).getByRole('link', { name: 'Templates' })).toHaveAttribute('href', '/templates');
    // a Publisher: neither the administration nor the tags
    expect(within(guide).queryByRole('link', { name: 'Tags' })).toBeNull();
    expect(within(drawer).queryByRole('link', { name: /open the knowledge base/i })).toBeNull();
    await user.click(within(guide).getByRole('link', { name: 'Badge images' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Help' })).toBeNull());
  });

  it('offers the tour reset to free-trial accounts and links the knowledge base of HELP_URL', async () => {
    helpUrl = 'https://kb.example.org/{lang}/';
    localStorage.setItem(TOUR_DONE_STORAGE_KEY, 'true');
    const user = userEvent.setup();
    renderDrawer();
    const drawer = await openDrawer(user);
    expect(await within(drawer).findByRole('link', { name: /open the knowledge base/i })).toHaveAttribute(
      'href',
      'https://kb.example.org/en/',
    );
    await user.click(await within(drawer).findByRole('button', { name: 'Restart the guided tour' }));
    expect(localStorage.getItem(TOUR_DONE_STORAGE_KEY)).toBeNull();
    expect(await screen.findByText(/guided tour will start again/)).toBeInTheDocument();
  });

  it('opens pre-filled with a type, without the tour reset for a paid plan', async () => {
    plan = 'ESSENTIALS_PACK';
    const user = userEvent.setup();
    renderDrawer();
    const drawer = await openDrawer(user, 'talk to sales');
    expect(within(drawer).getByRole('combobox', { name: /request type/i })).toHaveTextContent('Sales team');
    await within(drawer).findByRole('link', { name: 'Badge images' });
    expect(within(drawer).queryByRole('button', { name: 'Restart the guided tour' })).not.toBeInTheDocument();
  });
});
