import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import type { I18nProvider } from 'react-admin';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminWrapper, testI18nProvider } from '../../tests/unit/adminWrapper';
import { OutcomeAlert, OutcomeReset, useSetOutcome } from './OutcomeAlert';

const added = { severity: 'success', message: 'resources.admin/users.notifications.create_done' } as const;
const deleted = { severity: 'success', message: 'resources.admin/users.notifications.delete_done' } as const;

function FormPage() {
  const setOutcome = useSetOutcome();
  const navigate = useNavigate();
  return (
    <>
      <OutcomeAlert />
      <button
        onClick={() => {
          setOutcome(added, { forNextPage: true });
          void navigate('/list');
        }}
      >
        Save
      </button>
    </>
  );
}

function ListPage() {
  const setOutcome = useSetOutcome();
  return (
    <>
      <OutcomeAlert />
      <button onClick={() => setOutcome(deleted)}>Delete</button>
      <Link to="/elsewhere">Elsewhere</Link>
    </>
  );
}

let i18nProvider: I18nProvider;
beforeAll(async () => {
  i18nProvider = await testI18nProvider();
});

function renderPages() {
  render(
    <StrictMode>
      <AdminWrapper i18nProvider={i18nProvider} path="/form">
        <OutcomeReset />
        <Routes>
          <Route path="/form" element={<FormPage />} />
          <Route path="/list" element={<ListPage />} />
          <Route path="/elsewhere" element={<Link to="/list">Back to the list</Link>} />
        </Routes>
      </AdminWrapper>
    </StrictMode>,
  );
}

describe('the outcome banner', () => {
  it("shows a save's outcome on the page it leads to, and forgets it once that page is left", async () => {
    const user = userEvent.setup();
    renderPages();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The user was added.');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('link', { name: 'Back to the list' }));
    await screen.findByRole('button', { name: 'Delete' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("shows a page's own outcome there and not on the next page", async () => {
    const user = userEvent.setup();
    renderPages();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The user was deleted.');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByRole('link', { name: 'Back to the list' }));
    await screen.findByRole('button', { name: 'Delete' });
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is closed by its close button', async () => {
    const user = userEvent.setup();
    renderPages();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull());
  });
});
