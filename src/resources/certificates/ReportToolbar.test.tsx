import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ListContextProvider, type ListControllerResult } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { AdminWrapper, testI18nProvider } from '../../../tests/unit/adminWrapper';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { ReportToolbar } from './ReportToolbar';
import { testReportRow } from './testReportRow';

async function renderToolbar(list: Partial<ListControllerResult<CertificateRecord>>, onSendAll: () => void) {
  const context = { filterValues: {}, setFilters: vi.fn(), data: undefined, isPending: false, ...list };
  render(
    <AdminWrapper i18nProvider={await testI18nProvider()}>
      <ListContextProvider value={context as unknown as ListControllerResult<CertificateRecord>}>
        <ReportToolbar
          languages={[]}
          options={{ nft: false, tracking: false }}
          withDates={false}
          exporter={() => undefined}
          busy={false}
          onCpfExport={null}
          onSendAll={onSendAll}
        />
      </ListContextProvider>
    </AdminWrapper>,
  );
}

describe('the report toolbar’s "Send all by email"', () => {
  it('waits for the first page: the test mail goes to its first line', async () => {
    const onSendAll = vi.fn();
    await renderToolbar({ isPending: true }, onSendAll);
    expect(screen.getByRole('button', { name: 'Send all by email' })).toBeDisabled();
  });

  it('sends with the lines on screen once they are there', async () => {
    const onSendAll = vi.fn();
    const rows: CertificateRecord[] = [{ ...testReportRow({ EvidenzId: 7 }), id: 'k' }];
    await renderToolbar({ isPending: false, data: rows }, onSendAll);
    await userEvent.click(screen.getByRole('button', { name: 'Send all by email' }));
    expect(onSendAll).toHaveBeenCalledWith(rows);
  });
});
