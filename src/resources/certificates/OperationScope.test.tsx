import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useEffect, useState } from 'react';
import { ListContextProvider, useList } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { AdminWrapper } from '../../../tests/unit/adminWrapper';
import { componentTestServer } from '../../../tests/unit/componentTestServer';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { CertificateBulkActions } from './CertificateBulkActions';
import { OperationScope } from './OperationScope';
import { testReportRow } from './testReportRow';

const row = testReportRow({ key: 'a'.repeat(128), firstName: 'Ada', lastName: 'Lovelace', score: '18/20' });
const ADA: CertificateRecord = { ...row, id: row.key };

const sent: unknown[] = [];
const { i18nProvider } = componentTestServer(
  [
    http.put('*/api/admin/keys', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ updated: 1 });
    }),
  ],
  { afterEachTest: () => (sent.length = 0) },
);

/**
 * The bulk actions drawn in one of two places, as a report draws them above its table or above its phone cards: the
 * button switches the place, and the actions are mounted anew there.
 */
function Harness() {
  const list = useList({ data: [ADA], resource: 'certificates' });
  const { onSelect } = list;
  useEffect(() => onSelect([ADA.id]), [onSelect]);
  const [cards, setCards] = useState(false);
  const actions = <CertificateBulkActions context={{ nft: false, fieldsToCertified: 'score' }} />;
  return (
    <ListContextProvider value={list}>
      <OperationScope>
        <button type="button" onClick={() => setCards(!cards)}>
          Switch layout
        </button>
        {cards ? (
          <section aria-label="Cards">{actions}</section>
        ) : (
          <div role="toolbar" aria-label="Table">
            {actions}
          </div>
        )}
      </OperationScope>
    </ListContextProvider>
  );
}

describe('OperationScope', () => {
  it('keeps the confirm dialog open while the actions that opened it are drawn again elsewhere', async () => {
    render(
      <AdminWrapper i18nProvider={i18nProvider()}>
        <Harness />
      </AdminWrapper>,
    );
    const user = userEvent.setup();
    const disable = await screen.findByRole('button', { name: 'Disable' });
    await waitFor(() => expect(disable).toBeEnabled());
    await user.click(disable);
    const dialog = await screen.findByRole('dialog', { name: 'Disable 1 certificate?' });

    // the table gives way to the cards (the dialog keeps the page behind it hidden from the accessibility tree)
    await user.click(screen.getByRole('button', { name: 'Switch layout', hidden: true }));
    expect(screen.getByRole('region', { name: 'Cards', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('toolbar', { name: 'Table', hidden: true })).toBeNull();
    expect(dialog).toBeVisible();

    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ ids: [ADA.id], enable: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
