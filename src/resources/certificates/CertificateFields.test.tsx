import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminWrapper } from '../../../tests/unit/adminWrapper';
import { componentTestServer } from '../../../tests/unit/componentTestServer';
import { MANAGER_WHO } from '../../../tests/unit/testUsers';
import { EmailStatusChip } from './CertificateFields';
import { ReportFilterDrawer } from './ReportFilterDrawer';
import { testReportRow } from './testReportRow';

let mailDelivery: 'smtp' | 'outbox' = 'outbox';
const { i18nProvider } = componentTestServer([], {
  who: () => ({ ...MANAGER_WHO, server: { mailDelivery, helpUrl: null } }),
});

const SENT = testReportRow({ EmailStatus: 'Sent', mail: true, LastActivity: '2026-11-20T10:00:00.000Z' });

function renderChip(row = SENT) {
  return render(
    <AdminWrapper i18nProvider={i18nProvider()}>
      <EmailStatusChip row={row} />
    </AdminWrapper>,
  );
}

describe('a mail the server only kept in its outbox (no SMTP; issue 29)', () => {
  it('is "Kept, not sent", never "Sent", and its tooltip says why', async () => {
    mailDelivery = 'outbox';
    renderChip();
    const chip = await screen.findByText('Kept, not sent');
    expect(screen.queryByText('Sent')).toBeNull();
    await userEvent.hover(chip);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/No mail server is set up: the mail is kept/);
  });

  it('is "Sent" when the server sends over SMTP', async () => {
    mailDelivery = 'smtp';
    renderChip();
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(screen.queryByText('Kept, not sent')).toBeNull();
  });

  it('leaves the other statuses as they are', async () => {
    mailDelivery = 'outbox';
    renderChip(testReportRow({ EmailStatus: 'not delivered' }));
    expect(await screen.findByText('Not delivered')).toBeInTheDocument();
  });

  it('names the filter drawer\'s "sent" choice "Kept, not sent" too', async () => {
    mailDelivery = 'outbox';
    render(
      <AdminWrapper i18nProvider={i18nProvider()}>
        <ReportFilterDrawer
          open
          filters={{}}
          options={{ nft: false, tracking: false }}
          withDates={false}
          onApply={() => undefined}
          onClose={() => undefined}
        />
      </AdminWrapper>,
    );
    const drawer = await screen.findByRole('group', { name: 'Filter the certificates' });
    expect(await within(drawer).findByRole('checkbox', { name: 'Kept, not sent' })).toBeInTheDocument();
    expect(within(drawer).queryByRole('checkbox', { name: 'Sent' })).toBeNull();
  });
});
