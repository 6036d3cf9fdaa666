import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AdminWrapper } from '../../../tests/unit/adminWrapper';
import { componentTestServer } from '../../../tests/unit/componentTestServer';
import { CorrectionRequestDialog } from './CorrectionRequestDialog';
import { pasteInto } from '../../../tests/unit/pasteInto';

const REQUEST = {
  id: 7,
  certificateKey: 'a'.repeat(128),
  status: 'pending',
  changes: { lastName: { from: 'Lovelase', to: 'Lovelace' } },
  message: 'A typo in my name',
  answer: null,
  createdAt: '2026-11-29T01:00:00.000Z',
  answeredAt: null,
  answeredBy: null,
  automatic: false,
  replacementKey: null,
  email: 'ada@example.org',
  templateId: 3,
};

const posted: { url: string; body: unknown }[] = [];

const { i18nProvider } = componentTestServer(
  [
    http.get('*/api/admin/correction-requests/7', () => HttpResponse.json(REQUEST)),
    http.post('*/api/admin/correction-requests/7/:answer', async ({ request, params }) => {
      posted.push({ url: String(params.answer), body: await request.json() });
      return HttpResponse.json({
        ...REQUEST,
        status: params.answer === 'approve' ? 'approved' : 'refused',
      });
    }),
  ],
  {
    who: () => ({ id: 1, issuerId: 5, profileId: 2, email: 'pub@example.org', firstName: 'Pat', lastName: 'Lee' }),
    afterEachTest: () => {
      posted.length = 0;
    },
  },
);

function renderDialog(onClose: () => void = () => undefined) {
  render(
    <AdminWrapper i18nProvider={i18nProvider()}>
      <CorrectionRequestDialog requestId={7} name="Ada Lovelase" onClose={onClose} />
    </AdminWrapper>,
  );
}

describe('the correction request dialog', { timeout: 30_000 }, () => {
  it('shows what was asked, from → to, with the message', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Correction requested by Ada Lovelase' });
    const table = await within(dialog).findByRole('table', { name: 'Changes asked' });
    expect(table).toHaveTextContent('Lovelase');
    expect(table).toHaveTextContent('Lovelace');
    expect(dialog).toHaveTextContent('Their message: A typo in my name');
  });

  it('refuses only with a message, then sends it', async () => {
    let closed = false;
    renderDialog(() => (closed = true));
    const dialog = await screen.findByRole('dialog');
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('button', { name: 'Refuse' }));
    expect(dialog).toHaveTextContent('Write why you refuse');
    expect(posted).toEqual([]);
    await pasteInto(
      within(dialog).getByRole('textbox', { name: 'Message to the recipient' }),
      'Name as registered',
      user,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(closed).toBe(true));
    expect(posted).toEqual([{ url: 'refuse', body: { message: 'Name as registered' } }]);
  });

  it('approves without a message', async () => {
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    const user = userEvent.setup();
    await user.click(await within(dialog).findByRole('button', { name: 'Approve and re-issue' }));
    await waitFor(() => expect(posted).toEqual([{ url: 'approve', body: {} }]));
  });
});
