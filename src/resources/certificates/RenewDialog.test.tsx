import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { addPeriod, type ValidityPeriod } from '../../../domain/expiry';
import { todayIso } from '../../../domain/import';
import { formatLocalDate } from '../../../domain/localDate';
import type { TemplateImportData } from '../../../domain/templates';
import { AdminWrapper } from '../../../tests/unit/adminWrapper';
import { componentTestServer } from '../../../tests/unit/componentTestServer';
import { pasteInto } from '../../../tests/unit/pasteInto';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { renewalDefault } from './reissueModel';
import { TestCertificateList } from './testCertificateList';
import { testReportRow } from './testReportRow';

let validity: ValidityPeriod | null = { amount: 2, unit: 'years' };
const template = (): TemplateImportData => ({
  id: 3,
  type: 'openbadge',
  usable: true,
  enable: true,
  languages: ['en'],
  DefaultLanguage: 'en',
  technicalFields: ['ID'],
  fieldsToCertified: ['score'],
  fileFields: [],
  requiresFiles: false,
  NbCharMax: 0,
  openbadge: true,
  namesOptional: false,
  validity,
});

const record = (change: Partial<CertificateRecord>): CertificateRecord => {
  const row = testReportRow({ ID: 'A-1', score: '18/20', ...change });
  return { ...row, id: row.key };
};
// an expired certificate may be renewed: that is what renewal is for
const ADA = record({ key: 'a'.repeat(128), firstName: 'Ada', lastName: 'Lovelace', ExpirationDate: '2020-01-01' });
const GRACE = record({ key: 'g'.repeat(128), firstName: 'Grace', lastName: 'Hopper', EvidenzId: 2, StatusID: 9 });
const ALAN = record({ key: 't'.repeat(128), firstName: 'Alan', lastName: 'Turing', EvidenzId: 3, StatusID: 15 });

const sent: unknown[] = [];
const keys: (string | null)[] = [];
let answers: (() => Response)[] = [];

const { i18nProvider } = componentTestServer(
  [
    http.get('*/api/issuer/5/template/3/data', () => HttpResponse.json(template())),
    http.get('*/api/issuer/5/template/3/meta', () => HttpResponse.json({ id: 3, label: { en: 'Data literacy' } })),
    http.get('*/api/issuer/5/credits', () => HttpResponse.json({ current: 40, operations: [] })),
    http.post('*/api/admin/certificates/renew', async ({ request }) => {
      sent.push(await request.json());
      keys.push(request.headers.get('idempotency-key'));
      // slow enough for a second click to land while the first request runs
      await new Promise((resolve) => setTimeout(resolve, 50));
      return (
        answers.shift() ??
        (() =>
          HttpResponse.json({
            renewed: 1,
            campaignId: 9,
            campaignIds: [9],
            certificates: [{ old: ADA.key, new: 'n'.repeat(128) }],
          }))
      )();
    }),
  ],
  {
    who: () => ({ id: 1, issuerId: 5, profileId: 2, email: 'pub@example.org', firstName: 'Pat', lastName: 'Lee' }),
    afterEachTest: () => {
      sent.length = 0;
      keys.length = 0;
      answers = [];
      validity = { amount: 2, unit: 'years' };
    },
  },
);

function renderList(selected: string[]) {
  render(
    <AdminWrapper i18nProvider={i18nProvider()}>
      <TestCertificateList rows={[ADA, GRACE, ALAN]} selected={selected} />
    </AdminWrapper>,
  );
}

describe('renewalDefault', () => {
  it("gives today plus the templates' one validity, says when they differ or when one has none", () => {
    const years = { amount: 2, unit: 'years' } as const;
    expect(renewalDefault([years, { ...years }], '2026-11-29')).toEqual({
      kind: 'period',
      validity: years,
      date: '2028-11-29',
    });
    expect(renewalDefault([years, { amount: 6, unit: 'months' }], '2026-11-29')).toEqual({ kind: 'mixed' });
    expect(renewalDefault([years, null], '2026-11-29')).toEqual({ kind: 'missing' });
    expect(renewalDefault([], '2026-11-29')).toBeNull();
  });
});

describe('Renew', { timeout: 30_000 }, () => {
  it("renews the valid certificates of the selection to the template's validity, once, and clears it", async () => {
    renderList([ADA.id, GRACE.id, ALAN.id]);
    await screen.findByText('3 selected');
    // a disabled or a replaced certificate cannot be renewed
    expect(screen.getByRole('button', { name: 'Renew the certificate of Grace Hopper' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Renew the certificate of Alan Turing' })).toBeDisabled();
    const user = userEvent.setup();
    await user.click(within(screen.getByRole('toolbar', { name: 'Selection' })).getByRole('button', { name: 'Renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew a certificate' });
    expect(dialog).toHaveTextContent('2 selected certificates are left out');
    const due = formatLocalDate(addPeriod(todayIso(), { amount: 2, unit: 'years' }), 'en');
    expect(await within(dialog).findByTestId('renew-validity')).toHaveTextContent(
      `New expiration date: today + 2 years, that is ${due}.`,
    );
    expect(within(dialog).getByTestId('renew-cost')).toHaveTextContent('Cost: 1 credit.Credits available: 40');
    const confirm = within(dialog).getByRole('button', { name: 'Renew' });
    await waitFor(() => expect(confirm).toHaveFocus());

    await user.dblClick(confirm);
    expect(await screen.findByText('1 certificate renewed')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent).toEqual([{ keys: [ADA.key] }]);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    await screen.findByText('0 selected');
  });

  it('asks a date when the template has no validity, checks it, says a refusal, and Escape gives the focus back', async () => {
    validity = null;
    answers = [
      () =>
        HttpResponse.json(
          {
            code: 'ERR_CERTIFICATE_NOT_REPLACEABLE',
            message: 'These certificates cannot be replaced',
            certificates: [{ key: ADA.key, reason: 'renewed' }],
          },
          { status: 409 },
        ),
    ];
    renderList([]);
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Renew the certificate of Ada Lovelace' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Renew a certificate' });
    expect(await within(dialog).findByTestId('renew-validity')).toHaveTextContent(
      'The template has no validity period: choose the new expiration date.',
    );
    const date = within(dialog).getByLabelText('New expiration date');
    await waitFor(() => expect(date).toHaveFocus());
    await user.keyboard('{Enter}');
    expect(date).toHaveAccessibleDescription('Choose the new expiration date.');
    await pasteInto(date, formatLocalDate(todayIso(), 'en'), user);
    await user.keyboard('{Enter}');
    expect(date).toHaveAccessibleDescription('The new expiration date must be after today.');
    expect(sent).toHaveLength(0);

    const later = addPeriod(todayIso(), { amount: 1, unit: 'years' });
    await user.clear(date);
    await pasteInto(date, formatLocalDate(later, 'en'), user);
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'These certificates cannot be renewed, so nothing was renewed:Ada Lovelace: already renewed (correct or renew its renewal)',
    );
    expect(sent).toEqual([{ keys: [ADA.key], validUntil: later }]);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('says a refusal for want of credits as a renewal: nothing was renewed', async () => {
    answers = [() => HttpResponse.json({ code: 'NOT_ENOUGH_CREDITS', needed: 1, current: 0 }, { status: 402 })];
    renderList([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Renew the certificate of Ada Lovelace' }));
    const dialog = await screen.findByRole('dialog', { name: 'Renew a certificate' });
    await user.click(within(dialog).getByRole('button', { name: 'Renew' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not enough credits: 1 needed, 0 available. Nothing was renewed.',
    );
  });
});
