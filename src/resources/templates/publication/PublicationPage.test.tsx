import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import * as XLSX from 'xlsx';
import { describe, expect, it, vi } from 'vitest';
import type { DuplicatesReport } from '../../../../domain/duplicates';
import { addPeriod } from '../../../../domain/expiry';
import { BLANK_IMPORT_COLUMNS, todayIso, type ColumnMapping, type ImportDefinition } from '../../../../domain/import';
import { formatLocalDate } from '../../../../domain/localDate';
import type { TemplateImportData } from '../../../../domain/templates';
import { AdminWrapper } from '../../../../tests/unit/adminWrapper';
import { componentTestServer } from '../../../../tests/unit/componentTestServer';
import { pasteInto } from '../../../../tests/unit/pasteInto';
import { PublicationPage } from './PublicationPage';

// the worker's work, on the test's thread
vi.mock('../../../workers/parseSpreadsheet', async () => {
  const { importWorkbook } = await import('../../../workers/importWorkbook');
  return {
    parseSpreadsheet: async (
      file: File,
      definition: ImportDefinition,
      onValidating: () => void,
      _timeLimitMs?: number,
      columnMapping?: ColumnMapping,
    ) =>
      importWorkbook(
        new Uint8Array(await file.arrayBuffer()),
        file.name,
        definition,
        onValidating,
        undefined,
        columnMapping,
      ),
    prepareSpreadsheetWorker: () => undefined,
    releaseSpreadsheetWorker: () => undefined,
  };
});
const written = vi.hoisted(() => ({ rows: [] as string[][][], saved: [] as string[] }));
vi.mock('./blankImportFile', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./blankImportFile')>()),
  writeBlankWorkbook: async (rows: string[][]) => {
    written.rows.push(rows);
    return new Blob(['xlsx']);
  },
  saveFile: (_file: Blob, name: string) => written.saved.push(name),
}));

const template: TemplateImportData = {
  id: 3,
  type: 'openbadge',
  usable: true,
  enable: true,
  languages: ['en', 'fr'],
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

let templateData = template;
let credits = 100;
let publishAnswers: (() => Response)[] = [];
const publishKeys: (string | null)[] = [];
const publishBehaviors: unknown[] = [];
const publishReasons: unknown[] = [];
/** the delivery mode the templates list gives the template (an NFT template's certificates are never replaced) */
let templateMode: 'NFT' | 'Classic' = 'Classic';
const NO_DUPLICATES: DuplicatesReport = { recipients: 2, count: 0, duplicates: [] };
let duplicatesAnswer = NO_DUPLICATES;
const publishedRows: Record<string, string>[][] = [];
const previews: string[] = [];

const { i18nProvider } = componentTestServer(
  [
    http.get('*/api/issuer/5/template/3/data', () => HttpResponse.json(templateData)),
    http.get('*/api/issuer/5/template/3/meta', () => HttpResponse.json({ id: 3, label: { en: 'Data literacy' } })),
    http.get('*/api/issuer/5/credits', () => HttpResponse.json({ current: credits, operations: [] })),
    http.post('*/api/admin/data/duplicates', () => HttpResponse.json(duplicatesAnswer)),
    http.get('*/api/templates', () =>
      HttpResponse.json([{ id: 3, label: { en: 'Data literacy' }, mode: templateMode }], {
        headers: { 'content-range': 'templates 0-0/1' },
      }),
    ),
    http.post('*/api/admin/data', async ({ request }) => {
      publishKeys.push(request.headers.get('idempotency-key'));
      const body = (await request.json()) as {
        duplicateBehavior?: string;
        reason?: string;
        data: Record<string, string>[];
      };
      publishBehaviors.push(body.duplicateBehavior);
      publishReasons.push(body.reason);
      publishedRows.push(body.data);
      return (publishAnswers.shift() ?? (() => HttpResponse.json({ campaignId: 77 })))();
    }),
    http.post('*/api/admin/preview', async ({ request }) => {
      const { row } = (await request.json()) as { row: { ID: string; Language: string } };
      previews.push(`${row.ID}-${row.Language}`);
      return new HttpResponse(`<p>Certificate of ${row.ID}</p>`, { headers: { 'content-type': 'text/html' } });
    }),
  ],
  {
    who: () => ({ id: 1, issuerId: 5, profileId: 2, email: 'pub@example.org', firstName: 'Pat', lastName: 'Lee' }),
    afterEachTest: () => {
      templateData = template;
      credits = 100;
      publishAnswers = [];
      publishKeys.length = 0;
      publishBehaviors.length = 0;
      publishReasons.length = 0;
      templateMode = 'Classic';
      duplicatesAnswer = NO_DUPLICATES;
      publishedRows.length = 0;
      previews.length = 0;
      written.rows.length = 0;
      written.saved.length = 0;
    },
  },
);

function workbook(rows: unknown[][], name = 'recipients.xlsx'): File {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Recipients');
  return new File([XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer], name);
}

const GOOD = [
  ['language', 'ID', 'Email', 'firstName', 'lastName', 'score'],
  ['all', 'A-1', 'ada@example.org', 'Ada', 'Lovelace', '18/20'],
  ['en', 'A-2', 'bob@example.org', 'Bob', 'Smith', '15/20'],
  ['fr', 'A-2', 'bob@example.org', 'Bob', 'Smith', '15/20'],
];

async function renderPage() {
  render(
    <AdminWrapper i18nProvider={i18nProvider()} path="/publication?templateId=3">
      <PublicationPage />
    </AdminWrapper>,
  );
  await screen.findByText('Template: Data literacy (#3)');
}

async function importFile(file: File) {
  await userEvent.setup({ applyAccept: false }).upload(screen.getByLabelText('Spreadsheet file'), file);
}

async function importGoodFile() {
  await importFile(workbook(GOOD));
  await screen.findByText('recipients.xlsx: 3 rows ready');
}

// typing in jsdom is slow on a busy machine
describe('PublicationPage', { timeout: 20_000 }, () => {
  it('shows the unavailable-template message for a disabled template', async () => {
    templateData = { ...template, enable: false };
    render(
      <AdminWrapper i18nProvider={i18nProvider()} path="/publication?templateId=3">
        <PublicationPage />
      </AdminWrapper>,
    );
    expect(await screen.findByText('This template cannot be used')).toBeVisible();
    expect(screen.queryByLabelText('Spreadsheet file')).toBeNull();
  });

  it('refuses another file type', async () => {
    await renderPage();
    await importFile(new File(['a;b'], 'recipients.csv'));
    const alert = await screen.findByText('Wrong type of file');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('recipients.csv');
  });

  it('lists the errors with the cells at fault, and offers the blank import file', async () => {
    await renderPage();
    await importFile(
      workbook([
        ['language', 'ID', 'Email', 'firstName', 'lastName', 'score'],
        ...Array.from({ length: 12 }, (_, i) => ['en', `A-${i}`, `wrong-${i}`, 'Ada', 'L', 'x']),
      ]),
    );
    const panel = await screen.findByTestId('import-errors');
    expect(panel).toHaveTextContent('recipients.xlsx cannot be imported: 2 problems to fix');
    const emails = within(panel).getByText('Invalid email addresses').closest('[role="alert"]') as HTMLElement;
    expect(within(emails).getAllByRole('listitem')).toHaveLength(10);
    expect(emails).toHaveTextContent('C2: wrong-0');
    expect(emails).toHaveTextContent('and 2 more');
    expect(within(panel).getByText('Language rows missing')).toBeVisible();

    await userEvent.click(within(panel).getByRole('button', { name: 'Download the blank import file' }));
    await waitFor(() => expect(written.saved).toEqual(['import-template-3.xlsx']));
    expect(written.rows[0][0]).toEqual([...BLANK_IMPORT_COLUMNS, 'score']);
  });

  it('shows the rows with a language filter and a search', async () => {
    await renderPage();
    await importGoodFile();
    const count = screen.getByTestId('row-count');
    expect(count).toHaveTextContent('3 rows');
    await pasteInto(screen.getByRole('textbox', { name: 'Search the rows' }), 'bob');
    expect(count).toHaveTextContent('2 of 3 rows');
    await userEvent.click(screen.getByRole('combobox', { name: 'Language' }));
    await userEvent.click(screen.getByRole('option', { name: 'FR' }));
    expect(count).toHaveTextContent('1 of 3 rows');
  });

  it('says the template’s validity and each row’s expiry, a row’s own ExpirationDate marked', async () => {
    templateData = { ...template, validity: { amount: 2, unit: 'years' } };
    await renderPage();
    await importFile(
      workbook([
        ['language', 'ID', 'Email', 'firstName', 'lastName', 'score', 'obtentionDate', 'ExpirationDate'],
        ['all', 'A-1', 'ada@example.org', 'Ada', 'Lovelace', '18/20', '2026-01-31', ''],
        ['all', 'A-2', 'bob@example.org', 'Bob', 'Smith', '15/20', '2026-01-31', '2030-06-30'],
        ['all', 'A-3', 'cy@example.org', 'Cy', 'Young', '12/20', '', ''],
      ]),
    );
    await screen.findByText('recipients.xlsx: 3 rows ready');
    const inTwoYears = formatLocalDate(addPeriod(todayIso(), { amount: 2, unit: 'years' }), 'en');
    expect(screen.getByTestId('validity-line')).toHaveTextContent(
      `Valid 2 years: a certificate obtained today expires on ${inTwoYears}.`,
    );
    const table = screen.getByRole('table', { name: 'Rows to publish' });
    // the computed column stands in for the file's ExpirationDate
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toContain('Expires on');
    expect(within(table).queryByRole('columnheader', { name: 'Expiration date' })).toBeNull();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('31/01/2028');
    expect(rows[1]).toHaveTextContent('30/06/2030 · date from the file');
    expect(rows[2]).toHaveTextContent(inTwoYears);
  });

  it('shows no validity line nor expiry column when the template and the rows give none', async () => {
    await renderPage();
    await importGoodFile();
    expect(screen.queryByTestId('validity-line')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Expires on' })).toBeNull();
  });

  it('draws the rows ahead out of sight, and starts the table afresh for the next file', async () => {
    await renderPage();
    // drawn once the page is idle, hidden from sight and from assistive technology until rows are ready
    await waitFor(() => expect(document.querySelector('section[aria-label="Rows to publish"]')).not.toBeNull());
    expect(document.querySelector('section[aria-label="Rows to publish"]')).not.toBeVisible();
    expect(screen.queryByRole('region', { name: 'Rows to publish' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Publish/ })).toBeNull();

    await importGoodFile();
    expect(screen.getByRole('region', { name: 'Rows to publish' })).toBeVisible();
    await pasteInto(screen.getByRole('textbox', { name: 'Search the rows' }), 'bob');
    expect(screen.getByTestId('row-count')).toHaveTextContent('2 of 3 rows');

    await importFile(workbook(GOOD, 'second.xlsx'));
    await screen.findByText('second.xlsx: 3 rows ready');
    expect(screen.getByTestId('row-count')).toHaveTextContent('3 rows');
    expect(screen.getByRole('textbox', { name: 'Search the rows' })).toHaveValue('');
  });

  it('publishes after the check word, shows the success modal and hides the publish button', async () => {
    await renderPage();
    await importGoodFile();
    expect(screen.getByText('2 credits needed')).toBeVisible();
    await pasteInto(screen.getByLabelText('Note (optional)'), 'Spring session');
    expect(screen.getByText('14 of 60 characters')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Publish 2 certificates' }));
    const confirm = await screen.findByRole('dialog', { name: 'Publish the certificates?' });
    const publish = within(confirm).getByRole('button', { name: 'Publish' });
    await pasteInto(within(confirm).getByLabelText('Type PUBLISH to confirm'), 'publish');
    expect(publish).toBeDisabled();
    await userEvent.clear(within(confirm).getByLabelText('Type PUBLISH to confirm'));
    await pasteInto(within(confirm).getByLabelText('Type PUBLISH to confirm'), 'PUBLISH');
    await userEvent.click(publish);
    const success = await screen.findByRole('dialog', { name: 'Certificates published' });
    expect(success).toHaveTextContent('2 certificates were issued in campaign #77.');
    expect(within(success).getByRole('link', { name: "Open the campaign's report" })).toHaveAttribute(
      'href',
      '/reports/77',
    );
    expect(within(success).getByRole('link', { name: 'See the campaigns' })).toHaveAttribute('href', '/campaigns');
    expect(publishKeys).toHaveLength(1);
    expect(publishKeys[0]).toMatch(/^[0-9a-f-]{36}$/);
    // nobody held a certificate yet: the publish refuses any found meanwhile
    expect(publishBehaviors).toEqual(['deny']);
    await userEvent.click(within(success).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('button', { name: /^Publish/ })).toBeNull();
    expect(screen.getByText('Campaign #77 is published.')).toBeVisible();
  });

  it('offers to refresh the credits when there are not enough', async () => {
    credits = 1;
    await renderPage();
    await importGoodFile();
    await userEvent.click(screen.getByRole('button', { name: 'Publish 2 certificates' }));
    const modal = await screen.findByRole('dialog', { name: 'Not enough credits' });
    expect(modal).toHaveTextContent('needs 2 credits and the account has 1');
    credits = 5;
    await userEvent.click(within(modal).getByRole('button', { name: 'Refresh credits' }));
    expect(await screen.findByRole('dialog', { name: 'Publish the certificates?' })).toBeVisible();
  });

  it('retries a failed publish with the same idempotency key, and shows the firewall failure without retry', async () => {
    publishAnswers = [() => HttpResponse.json({ code: 'INTERNAL_ERROR' }, { status: 500 }), () => HttpResponse.error()];
    await renderPage();
    await importGoodFile();
    await userEvent.click(screen.getByRole('button', { name: 'Publish 2 certificates' }));
    await pasteInto(await screen.findByLabelText('Type PUBLISH to confirm'), 'PUBLISH');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const failure = await screen.findByRole('dialog', { name: 'The publication failed' });
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    const firewall = await screen.findByRole('dialog', { name: 'The server could not be reached' });
    expect(within(firewall).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(publishKeys).toHaveLength(2);
    expect(publishKeys[1]).toBe(publishKeys[0]);
  });

  it('shows the publication error with the rows the server refused, and hides the publish button', async () => {
    publishAnswers = [
      () =>
        HttpResponse.json(
          { error: 'The rows are not valid', errors: [{ code: 'ERR_MISSING_EMAILS', details: ['C3'], more: 0 }] },
          { status: 400 },
        ),
    ];
    await renderPage();
    await importGoodFile();
    await userEvent.click(screen.getByRole('button', { name: 'Publish 2 certificates' }));
    await pasteInto(await screen.findByLabelText('Type PUBLISH to confirm'), 'PUBLISH');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    const refused = await screen.findByRole('dialog', { name: 'The publication was refused' });
    expect(refused).toHaveTextContent('Publication error');
    expect(refused).toHaveTextContent('Email addresses missing');
    expect(refused).toHaveTextContent('C3');
    await userEvent.click(within(refused).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('button', { name: /^Publish/ })).toBeNull();
  });

  it('maps headers that are not the template’s columns in the page, and publishes the rows with the names', async () => {
    await renderPage();
    await importFile(
      workbook([
        ['language', 'ID', 'Email', 'First name', 'Last name', 'Obtention date', 'score', 'Remarks'],
        ['all', 'A-1', 'ada@example.org', 'Ada', 'Lovelace', '2026-03-01', '18/20', 'front row'],
        ['all', 'A-2', 'bob@example.org', 'Bob', 'Smith', '2026-03-02', '15/20', ''],
      ]),
    );
    const panel = await screen.findByTestId('column-mapping');
    expect(panel).toHaveTextContent('Match your columns');
    // each unknown header is shown with its cell and preset to the column it most likely meant
    expect(within(panel).getByText('First name')).toBeVisible();
    expect(within(panel).getByText('Header D1')).toBeVisible();
    expect(within(panel).getByRole('combobox', { name: 'Column for “First name”' })).toHaveTextContent(
      'First name (firstName)',
    );
    expect(within(panel).getByRole('combobox', { name: 'Column for “Obtention date”' })).toHaveTextContent(
      'Obtention date (obtentionDate)',
    );
    // a header with no likely column waits for a choice: nothing can be published meanwhile
    const apply = within(panel).getByRole('button', { name: 'Apply and check again' });
    expect(apply).toBeDisabled();
    expect(panel).toHaveTextContent('1 header still needs a column or “Ignore”.');
    expect(screen.queryByRole('button', { name: /^Publish/ })).toBeNull();
    expect(screen.getByTestId('import-errors')).toHaveTextContent('Columns are missing');

    await userEvent.click(within(panel).getByRole('combobox', { name: 'Column for “Remarks”' }));
    await userEvent.click(screen.getByRole('option', { name: 'Ignore this column' }));
    expect(apply).toBeEnabled();
    await userEvent.click(apply);

    await screen.findByText('recipients.xlsx: 2 rows ready');
    expect(screen.getByTestId('applied-mapping')).toHaveTextContent(
      'Matched from your file: First name → First name (firstName), Last name → Last name (lastName), Obtention date → Obtention date (obtentionDate), Remarks → ignored',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Publish 2 certificates' }));
    await pasteInto(await screen.findByLabelText('Type PUBLISH to confirm'), 'PUBLISH');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByRole('dialog', { name: 'Certificates published' });
    expect(publishedRows).toEqual([
      [
        {
          ID: 'A-1',
          Language: 'all',
          Email: 'ada@example.org',
          firstName: 'Ada',
          lastName: 'Lovelace',
          obtentionDate: '2026-03-01',
          score: '18/20',
        },
        {
          ID: 'A-2',
          Language: 'all',
          Email: 'bob@example.org',
          firstName: 'Bob',
          lastName: 'Smith',
          obtentionDate: '2026-03-02',
          score: '15/20',
        },
      ],
    ]);
  });

  it('says a file of 0 bytes is empty', async () => {
    await renderPage();
    await importFile(new File([], 'recipients.xlsx'));
    const alert = await screen.findByText('The file is empty (0 bytes)');
    expect(alert.closest('[role="alert"]')).toHaveTextContent('recipients.xlsx');
  });

  it('previews a row, moves with the arrow keys, and preloads the next rows', async () => {
    await renderPage();
    await importGoodFile();
    await userEvent.click(screen.getByRole('button', { name: 'Preview row 1' }));
    const dialog = await screen.findByRole('dialog', { name: /Preview of row 1/ });
    const frame = await within(dialog).findByTitle('Certificate of row 1');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame.getAttribute('srcdoc')).toContain('Certificate of A-1');
    await waitFor(() => expect(previews).toEqual(['A-1-all', 'A-2-en', 'A-2-fr']));
    fireEvent.keyDown(dialog, { key: 'ArrowRight' });
    expect(await within(dialog).findByTitle('Certificate of row 2')).toBeVisible();
    expect(previews).toHaveLength(3);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks about recipients who already hold a certificate before the check word, leaving them out by default', async () => {
    duplicatesAnswer = {
      recipients: 2,
      count: 1,
      duplicates: [{ row: 2, recipient: 'A-1', certificateKey: 'K'.repeat(128) }],
    };
    await renderPage();
    await importGoodFile();
    const publishButton = screen.getByRole('button', { name: 'Publish 2 certificates' });
    await userEvent.click(publishButton);
    const dialog = await screen.findByRole('dialog', { name: 'Some recipients already hold this certificate' });
    expect(dialog).toHaveTextContent('1 of the 2 recipients already holds a valid certificate of this template.');
    expect(within(dialog).getByRole('list', { name: 'Already certified' })).toHaveTextContent('Row 2: A-1');
    const skip = within(dialog).getByRole('radio', { name: 'Leave them out: publish 1 new certificate' });
    expect(skip).toBeChecked();
    expect(skip).toHaveFocus();
    expect(
      within(dialog).getByRole('radio', { name: 'Issue them a second certificate: publish 2 certificates' }),
    ).not.toBeChecked();

    // Escape leaves the publish, and the focus goes back to Publish
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(publishButton).toHaveFocus());

    await userEvent.click(publishButton);
    const again = await screen.findByRole('dialog', { name: 'Some recipients already hold this certificate' });
    await userEvent.click(within(again).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Publish the certificates?' });
    expect(confirm).toHaveTextContent('1 certificate will be issued and 1 credit used.');
    await pasteInto(within(confirm).getByLabelText('Type PUBLISH to confirm'), 'PUBLISH');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Publish' }));
    const success = await screen.findByRole('dialog', { name: 'Certificates published' });
    expect(success).toHaveTextContent('1 certificate was issued in campaign #77.');
    expect(publishBehaviors).toEqual(['skip']);
  });

  it('issues them again when chosen, and asks again when the server finds some the check did not', async () => {
    publishAnswers = [
      () =>
        HttpResponse.json(
          {
            code: 'ERR_DUPLICATE_RECIPIENTS',
            message: '2 recipients already hold a valid certificate of this template',
            recipients: 2,
            count: 2,
            duplicates: [
              { row: 2, recipient: 'A-1', certificateKey: 'K'.repeat(128) },
              { row: 3, recipient: 'A-2', certificateKey: 'L'.repeat(128) },
            ],
          },
          { status: 409 },
        ),
    ];
    await renderPage();
    await importGoodFile();
    await userEvent.click(screen.getByRole('button', { name: 'Publish 2 certificates' }));
    await pasteInto(await screen.findByLabelText('Type PUBLISH to confirm'), 'PUBLISH');
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    // everyone holds one: leaving them out would leave nothing, so issuing again is the choice offered
    const dialog = await screen.findByRole('dialog', { name: 'Some recipients already hold this certificate' });
    expect(dialog).toHaveTextContent('2 of the 2 recipients already hold a valid certificate of this template.');
    expect(
      within(dialog).getByRole('radio', { name: 'Leave them out (nothing would be left to publish)' }),
    ).toBeDisabled();
    const allow = within(dialog).getByRole('radio', {
      name: 'Issue them a second certificate: publish 2 certificates',
    });
    expect(allow).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Publish the certificates?' });
    expect(confirm).toHaveTextContent('2 certificates will be issued and as many credits used.');
    await pasteInto(within(confirm).getByLabelText('Type PUBLISH to confirm'), 'PUBLISH');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('dialog', { name: 'Certificates published' })).toHaveTextContent(
      '2 certificates were issued in campaign #77.',
    );
    expect(publishBehaviors).toEqual(['deny', 'allow']);
    // another choice is another request: its own idempotency key
    expect(publishKeys[1]).not.toBe(publishKeys[0]);
  });
  it('replaces the certificates they hold, with a required reason, and says how many were replaced', async () => {
    duplicatesAnswer = {
      recipients: 2,
      count: 1,
      duplicates: [{ row: 2, recipient: 'A-1', certificateKey: 'K'.repeat(128) }],
    };
    publishAnswers = [() => HttpResponse.json({ campaignId: 78, skipped: 0, replaced: 1 })];
    await renderPage();
    await importGoodFile();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Publish 2 certificates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Some recipients already hold this certificate' });
    await user.click(
      within(dialog).getByRole('radio', { name: 'Replace the certificates they hold: publish 2 certificates' }),
    );
    const reason = within(dialog).getByLabelText(/Why they are replaced/);
    expect(reason).toHaveAccessibleDescription(
      "Shown on the old certificates' public pages, with a link to the new ones (0/500).",
    );
    // no reason: the dialog stays
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(reason).toBeInvalid();
    expect(screen.queryByRole('dialog', { name: 'Publish the certificates?' })).toBeNull();
    await pasteInto(reason, 'Corrected names', user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = await screen.findByRole('dialog', { name: 'Publish the certificates?' });
    expect(confirm).toHaveTextContent('2 certificates will be issued and as many credits used.');
    await pasteInto(within(confirm).getByLabelText('Type PUBLISH to confirm'), 'PUBLISH', user);
    await user.click(within(confirm).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('dialog', { name: 'Certificates published' })).toHaveTextContent(
      '2 certificates were issued in campaign #78. 1 of them replaces a certificate the recipient held, which is no longer valid.',
    );
    expect(publishBehaviors).toEqual(['replace']);
    expect(publishReasons).toEqual(['Corrected names']);
  });

  it("does not offer to replace an NFT template's certificates", async () => {
    duplicatesAnswer = {
      recipients: 2,
      count: 1,
      duplicates: [{ row: 2, recipient: 'A-1', certificateKey: 'K'.repeat(128) }],
    };
    templateMode = 'NFT';
    await renderPage();
    await importGoodFile();
    const user = userEvent.setup();
    const publishButton = screen.getByRole('button', { name: 'Publish 2 certificates' });
    await user.click(publishButton);
    const nft = await screen.findByRole('dialog', { name: 'Some recipients already hold this certificate' });
    expect(within(nft).getAllByRole('radio')).toHaveLength(2);
    expect(within(nft).queryByRole('radio', { name: /Replace/ })).toBeNull();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the refusal of a replace on a template the page did not know to be an NFT', async () => {
    duplicatesAnswer = {
      recipients: 2,
      count: 1,
      duplicates: [{ row: 2, recipient: 'A-1', certificateKey: 'K'.repeat(128) }],
    };
    publishAnswers = [
      () =>
        HttpResponse.json(
          { code: 'REPLACE_UNAVAILABLE', message: "An NFT template's certificates cannot be replaced" },
          { status: 409 },
        ),
    ];
    await renderPage();
    await importGoodFile();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Publish 2 certificates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Some recipients already hold this certificate' });
    await user.click(within(dialog).getByRole('radio', { name: /Replace the certificates they hold/ }));
    await pasteInto(within(dialog).getByLabelText(/Why they are replaced/), 'Typos', user);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await pasteInto(await screen.findByLabelText('Type PUBLISH to confirm'), 'PUBLISH', user);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const refused = await screen.findByRole('dialog', { name: 'These certificates cannot be replaced' });
    expect(refused).toHaveTextContent("This template's certificates are NFTs: they cannot be replaced.");
    await user.click(within(refused).getByRole('button', { name: 'Close' }));
    // not blocked: the same rows may be published with another choice
    expect(await screen.findByRole('button', { name: 'Publish 2 certificates' })).toBeEnabled();
  });

  it("shows a renewal refused for its rows' dates with its own message, naming the recipients, and does not block", async () => {
    duplicatesAnswer = {
      recipients: 2,
      count: 1,
      duplicates: [{ row: 2, recipient: 'A-1', certificateKey: 'K'.repeat(128) }],
      renewable: 1,
    };
    publishAnswers = [
      () =>
        HttpResponse.json(
          { code: 'ERR_NO_VALIDITY', message: 'No new expiration date', count: 1, recipients: ['A-1'] },
          { status: 400 },
        ),
    ];
    await renderPage();
    // the template has no validity: renewing is offered because a row gives its own ExpirationDate
    await importFile(
      workbook([
        ['language', 'ID', 'Email', 'firstName', 'lastName', 'score', 'ExpirationDate'],
        ['all', 'A-1', 'ada@example.org', 'Ada', 'Lovelace', '18/20', ''],
        ['all', 'A-2', 'bob@example.org', 'Bob', 'Smith', '15/20', '2031-01-31'],
      ]),
    );
    await screen.findByText('recipients.xlsx: 2 rows ready');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Publish 2 certificates' }));
    const dialog = await screen.findByRole('dialog', { name: 'Some recipients already hold this certificate' });
    await user.click(within(dialog).getByRole('radio', { name: /Renew them/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await pasteInto(await screen.findByLabelText('Type PUBLISH to confirm'), 'PUBLISH', user);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const refused = await screen.findByRole('dialog', { name: 'The renewal was refused' });
    expect(refused).toHaveTextContent(
      '1 recipient to renew gets no new expiration date: its row gives no ExpirationDate and the template has no validity period. Nothing was published and no credit was used.',
    );
    expect(refused).toHaveTextContent('Recipients: A-1');
    expect(publishBehaviors).toEqual(['renew']);
    await user.click(within(refused).getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('button', { name: 'Publish 2 certificates' })).toBeEnabled();
  });
});
