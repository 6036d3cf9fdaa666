import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AdminWrapper } from '../../../tests/unit/adminWrapper';
import { componentTestServer } from '../../../tests/unit/componentTestServer';
import { LoginPage } from './LoginPage';
import { pasteInto } from '../../../tests/unit/pasteInto';

const calls: string[] = [];
const { i18nProvider } = componentTestServer(
  [
    http.post('*/api/admin/login', ({ request }) => {
      const url = new URL(request.url);
      calls.push(url.search);
      const email = url.searchParams.get('email');
      if (email === 'nobody@example.org') return HttpResponse.json({ code: 'WRONG_ADDRESS' }, { status: 404 });
      if (email === 'two@example.org' && !url.searchParams.get('issuer_id')) {
        return HttpResponse.json(
          { code: 'CHOOSE_ISSUER', issuers: { '1': 'North College', '2': 'South College' } },
          { status: 401 },
        );
      }
      return HttpResponse.json({ ok: true });
    }),
  ],
  () => {
    calls.length = 0;
  },
);

function renderLogin() {
  render(
    <AdminWrapper i18nProvider={i18nProvider()} path="/login">
      <LoginPage />
    </AdminWrapper>,
  );
}

describe('LoginPage', () => {
  it('refuses a malformed address without calling the server', async () => {
    renderLogin();
    await pasteInto(screen.getByLabelText('Work email'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This email address is not valid.');
    expect(calls).toEqual([]);
  });

  it('sanitises the address and confirms the link was sent', async () => {
    renderLogin();
    await pasteInto(screen.getByLabelText('Work email'), '  Ada@Example.org ');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(screen.getByText(/ada@example\.org/)).toBeVisible();
    expect(new URLSearchParams(calls[0]).get('email')).toBe('ada@example.org');
  });

  it('shows the wrong-address message and waits before the next attempt', async () => {
    renderLogin();
    await pasteInto(screen.getByLabelText('Work email'), 'nobody@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No account uses this address');
    expect(screen.getByRole('button', { name: 'Please wait a moment…' })).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send me a sign-in link' })).toBeEnabled(), {
      timeout: 3000,
    });
  });

  it('asks which issuer when the address belongs to several, and sends the choice', async () => {
    renderLogin();
    await pasteInto(screen.getByLabelText('Work email'), 'two@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    await userEvent.click(await screen.findByLabelText('South College'));
    await userEvent.click(screen.getByRole('button', { name: 'Send me a sign-in link' }));
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeVisible();
    expect(new URLSearchParams(calls[1]).get('issuer_id')).toBe('2');
  });
});
