import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TemplateImportData } from '../../../domain/templates';
import { AdminWrapper } from '../../../tests/unit/adminWrapper';
import { componentTestServer } from '../../../tests/unit/componentTestServer';
import { pasteInto } from '../../../tests/unit/pasteInto';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { TestCertificateList } from './testCertificateList';
import { testReportRow } from './testReportRow';

const template: TemplateImportData = {
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
  validity: null,
};

const record = (change: Partial<CertificateRecord>): CertificateRecord => {
  const row = testReportRow({ ID: 'A-1', score: '18/20', ...change });
  return { ...row, id: row.key };
};
const ADA = record({ key: 'a'.repeat(128), firstName: 'Ada', lastName: 'Lovelase', EvidenzId: 1 });
const GRACE = record({ key: 'g'.repeat(128), firstName: 'Grace', lastName: 'Hopper', EvidenzId: 2, StatusID: 9 });
const ALAN = record({ key: 't'.repeat(128), firstName: 'Alan', lastName: 'Turing', EvidenzId: 3, StatusID: 15 });

const sent: unknown[] = [];
const keys: (string | null)[] = [];
let answers: (() => Response)[] = [];

const { i18nProvider } = componentTestServer(
  [
    http.get('*/api/issuer/5/template/3/data', () => HttpResponse.json(template)),
    http.get('*/api/issuer/5/template/3/meta', () => HttpResponse.json({ id: 3, label: { en: 'Data literacy' } })),
    http.get('*/api/issuer/5/credits', () => HttpResponse.json({ current: 40, operations: [] })),
    http.post('*/api/admin/certificates/reissue', async ({ request }) => {
      sent.push(await request.json());
      keys.push(request.headers.get('idempotency-key'));
      return (
        answers.shift() ??
        (() =>
          HttpResponse.json({
            replaced: 1,
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

// typing in jsdom is slow on a busy machine
describe('Correct and re-issue', { timeout: 30_000 }, () => {
  it('shows the replaced status, and offers no status operation, no re-issue and no mail on it', async () => {
    renderList([ALAN.id]);
    const alan = screen.getByRole('row', { name: 'Turing' });
    expect(within(alan).getByText('Replaced')).toBeVisible();
    expect(
      within(alan).getByRole('button', { name: 'Correct and re-issue the certificate of Alan Turing' }),
    ).toBeDisabled();
    const toolbar = screen.getByRole('toolbar', { name: 'Selection' });
    await screen.findByText('1 selected');
    for (const name of ['Disable', 'Enable', 'Delete', 'Correct and re-issue', /Send again/])
      expect(within(toolbar).getByRole('button', { name })).toBeDisabled();
  });

  it('corrects the valid certificates of the selection, after a reason and a confirmation, sending once', async () => {
    renderList([ADA.id, GRACE.id, ALAN.id]);
    await screen.findByText('3 selected');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Correct and re-issue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct and re-issue a certificate' });
    expect(dialog).toHaveTextContent('2 selected certificates are left out');
    const group = await within(dialog).findByRole('group', { name: /Certificate of Ada Lovelase/ });
    // the recipient's columns and the template's other data; never the recipient key
    expect(
      within(group)
        .getAllByRole('textbox')
        .map((field) => field.getAttribute('value')),
    ).toEqual(['Ada', 'Lovelase', 'ada@example.org', '18/20']);
    expect(within(group).queryByLabelText('ID')).toBeNull();
    expect(within(group).getByLabelText('First name')).toHaveFocus();
    expect(within(dialog).getByTestId('reissue-cost')).toHaveTextContent(
      'Cost: 1 credit, unless your plan makes corrections free.Credits available: 40',
    );

    // nothing changed, no reason: said, nothing sent
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent('Change at least one field to re-issue a certificate.');
    await user.clear(within(group).getByLabelText('Last name'));
    expect(within(group).getByLabelText('Last name')).toHaveAccessibleDescription('Required');
    await pasteInto(within(group).getByLabelText('Last name'), 'Lovelace', user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByLabelText(/Reason for the correction/)).toBeInvalid();
    await pasteInto(within(dialog).getByLabelText(/Reason for the correction/), 'Misspelt last name', user);
    await user.keyboard('{Tab}{Tab}{Enter}');

    const confirm = await screen.findByRole('dialog', { name: 'Replace 1 certificate?' });
    expect(confirm).toHaveTextContent('this cannot be undone');
    const replace = within(confirm).getByRole('button', { name: 'Replace' });
    expect(replace).toHaveFocus();
    await user.dblClick(replace);
    const done = await screen.findByRole('dialog', { name: 'Certificates replaced' });
    expect(done).toHaveTextContent('1 certificate was replaced. Its recipient will get a mail with the new link.');
    expect(sent).toEqual([
      { certificates: [{ key: ADA.key, changes: { lastName: 'Lovelace' } }], reason: 'Misspelt last name' },
    ]);
    // the selection is cleared under the dialog, which stays until closed
    await screen.findByText('0 selected');
    await user.click(within(done).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says the server's refusals in the user's language, and changes nothing", async () => {
    answers = [
      () =>
        HttpResponse.json(
          {
            code: 'ERR_CERTIFICATE_NOT_REPLACEABLE',
            message: 'These certificates cannot be replaced',
            certificates: [{ key: ADA.key, reason: 'disabled' }],
          },
          { status: 409 },
        ),
      () =>
        HttpResponse.json(
          { code: 'NOT_ENOUGH_CREDITS', message: 'Not enough credits', needed: 1, current: 0 },
          { status: 402 },
        ),
      () =>
        HttpResponse.json(
          { code: 'ERR_CHANGE_NOT_ALLOWED', message: 'no', key: ADA.key, column: 'score' },
          { status: 400 },
        ),
    ];
    renderList([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Correct and re-issue the certificate of Ada Lovelase' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct and re-issue a certificate' });
    await pasteInto(await within(dialog).findByLabelText('First name'), ' King', user);
    await pasteInto(within(dialog).getByLabelText(/Reason for the correction/), 'Full name', user);

    const attempt = async () => {
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      await user.click(await screen.findByRole('button', { name: 'Replace' }));
      return within(await screen.findByRole('dialog', { name: 'Correct and re-issue a certificate' })).findByRole(
        'alert',
      );
    };
    expect(await attempt()).toHaveTextContent(
      'These certificates cannot be replaced, so nothing was replaced:Ada Lovelase: disabled',
    );
    expect(await attempt()).toHaveTextContent('Not enough credits: 1 needed, 0 available. Nothing was replaced.');
    expect(await attempt()).toHaveTextContent('“score” of Ada Lovelase cannot be changed by a re-issue');
    // the fields kept what was typed
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Ada King');
    expect(sent).toHaveLength(3);
    // the same re-issue asked again carries the same idempotency key: a lost answer is never a second re-issue
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(keys).size).toBe(1);
  });
});
