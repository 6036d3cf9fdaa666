import fs from 'node:fs';
import * as XLSX from 'xlsx';
import { PROFILE } from '../../domain/roles';
import { insertUser } from '../../server/repositories/users';
import { expect, type Laurel, screenshot, sessionToken, signInByMail, test } from './fixtures';

const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#2f6f5e"/></svg>',
);

/** A two-language badge created through the template call, whose recipients are named by an ID column. */
async function createBadgeTemplate(laurel: Laurel, token: string): Promise<number> {
  const form = new FormData();
  form.append(
    'json',
    JSON.stringify({
      mode: 'add',
      type: 'openbadge',
      DefaultLanguage: 'en',
      badge: { en: 'logo.svg', fr: 'logo.svg' },
      content: {
        en: { microcertitle: 'Data analysis', label: 'Data analysis', outcome: 'Cleans and explores data sets.' },
        fr: { microcertitle: 'Analyse de données', label: 'Analyse de données', outcome: 'Nettoie et explore.' },
      },
    }),
  );
  form.append('badgeImage', new Blob([LOGO], { type: 'image/svg+xml' }), 'logo.svg');
  const created = await fetch(`${laurel.baseURL}/api/template/mc`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  // the recipients' key: no screen sets it yet
  await laurel.app.laurel.db.updateTable('templates').set({ technical_fields: 'ID' }).where('id', '=', id).execute();
  return id;
}

function workbook(name: string, rows: unknown[][]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Recipients');
  const buffer = Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return { name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer };
}

const HEADERS = ['language', 'ID', 'Email', 'firstName', 'lastName'];
const WITH_ERRORS = workbook('cohort-draft.xlsx', [
  HEADERS,
  ['en', 'A-1', 'ada(at)example.org', 'Ada', 'Lovelace'],
  ['fr', 'A-1', 'ada@example.org', 'Ada', 'Lovelace'],
  ['de', 'A-2', 'grace@example.org', 'Grace', 'Hopper'],
  ['en', 'A-3', 'alan@example.org', 'Alan', 'Turing'],
]);
const GOOD = workbook('cohort.xlsx', [
  HEADERS,
  ['en', 'A-1', 'ada@example.org', 'Ada', 'Lovelace'],
  ['fr', 'A-1', 'ada@example.org', 'Ada', 'Lovelace'],
  ['all', 'A-2', 'grace@example.org', 'Grace', 'Hopper'],
]);

test('a Publisher imports a spreadsheet with errors, then a good one, previews the rows, publishes and finds the campaign', async ({
  page,
  laurel,
}) => {
  test.setTimeout(120_000);
  const { db } = laurel.app.laurel;
  const templateId = await createBadgeTemplate(laurel, await sessionToken(laurel, 'admin@example.org'));
  const issuer = await db.selectFrom('issuers').select('id').executeTakeFirstOrThrow();
  await insertUser(db, {
    issuer_id: issuer.id,
    email: 'pat@example.org',
    profile_id: PROFILE.Publisher,
    first_name: 'Pat',
    last_name: 'Lee',
  });

  await signInByMail(page, laurel, 'pat@example.org');
  await page
    .getByTestId('template-card')
    .first()
    .getByRole('button', { name: /More actions/ })
    .click();
  await page.getByRole('menuitem', { name: 'Import / publish' }).click();
  await expect(page).toHaveURL(new RegExp(`/publication\\?templateId=${templateId}$`));
  await expect(page.getByText(`Template: Data analysis (#${templateId})`)).toBeVisible();
  const fileInput = page.getByLabel('Spreadsheet file');

  // a file with errors: each alert names the cells at fault
  await fileInput.setInputFiles(WITH_ERRORS);
  const errors = page.getByTestId('import-errors');
  await expect(errors).toContainText('cohort-draft.xlsx cannot be imported: 3 problems to fix');
  await expect(errors.getByRole('alert').filter({ hasText: 'Unknown language' })).toContainText('A4: de');
  await expect(errors.getByRole('alert').filter({ hasText: 'Invalid email addresses' })).toContainText(
    'C2: ada(at)example.org',
  );
  await expect(errors.getByRole('alert').filter({ hasText: 'Language rows missing or repeated' })).toContainText(
    'B5 (A-3): fr',
  );
  await screenshot(page, 'publication-errors-en');

  // the blank import file: the standard columns and today's date
  const downloading = page.waitForEvent('download');
  await errors.getByRole('button', { name: 'Download the blank import file' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`import-template-${templateId}.xlsx`);
  const blank = XLSX.read(fs.readFileSync(await download.path()));
  const blankRows = XLSX.utils.sheet_to_json<string[]>(blank.Sheets[blank.SheetNames[0]], { header: 1 });
  expect(blankRows[0]).toEqual([
    'language',
    'ID',
    'Email',
    'firstName',
    'lastName',
    'obtentionDate',
    'ExpirationDate',
    'assessment',
    'linkLabel',
    'linkURL',
  ]);
  expect(blankRows[1]).toContain(new Date().toLocaleDateString('sv-SE'));

  // the good file: the rows, their filters and their previews
  await fileInput.setInputFiles(GOOD);
  await expect(page.getByText('cohort.xlsx: 3 rows ready')).toBeVisible();
  await expect(page.getByTestId('row-count')).toHaveText('3 rows');
  await page.getByRole('textbox', { name: 'Search the rows' }).fill('grace');
  await expect(page.getByTestId('row-count')).toHaveText('1 of 3 rows');
  await page.getByRole('textbox', { name: 'Search the rows' }).fill('');
  await expect(page.getByTestId('credits')).toContainText('2 credits needed');
  await screenshot(page, 'publication-rows-en');

  await page.getByRole('button', { name: 'Preview row 1' }).click();
  const preview = page.getByRole('dialog');
  await expect(preview).toHaveAccessibleName(/Preview of row 1/);
  await expect(preview.frameLocator('iframe').locator('body')).toContainText('Ada');
  await screenshot(page, 'publication-preview-en');
  await page.keyboard.press('ArrowRight');
  await expect(preview.locator('iframe')).toHaveAttribute('title', 'Certificate of row 2');
  await page.keyboard.press('ArrowRight');
  await expect(preview.frameLocator('iframe').locator('body')).toContainText('Grace');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // publish behind the check word
  await page.getByLabel('Note (optional)').fill('Spring cohort');
  await page.getByRole('button', { name: 'Publish 2 certificates' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish the certificates?' });
  await confirm.getByLabel('Type PUBLISH to confirm').fill('PUBLISH');
  await screenshot(page, 'publication-confirm-en');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  const success = page.getByRole('dialog', { name: 'Certificates published' });
  await expect(success).toContainText('2 certificates were issued in campaign #');
  await screenshot(page, 'publication-success-en');
  const report = await success.getByRole('link', { name: "Open the campaign's report" }).getAttribute('href');
  const campaignId = Number(/^\/reports\/(\d+)$/.exec(report ?? '')?.[1]);
  expect(campaignId).toBeGreaterThan(0);
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('button', { name: /^Publish/ })).toHaveCount(0);
  await expect(page.getByText(`Campaign #${campaignId} is published.`)).toBeVisible();

  // the campaign in the campaigns list, with its view action
  await page.getByRole('link', { name: 'See the campaigns' }).click();
  await expect(page).toHaveURL(/\/campaigns$/);
  await expect(page.getByRole('heading', { name: '1 campaign' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `Campaign #${campaignId}` });
  await expect(row).toContainText('Data analysis');
  await expect(row).toContainText('Pat Lee');
  await expect(row).toContainText('Spring cohort');
  await expect(row).toContainText('2 / 2');
  await expect(row.getByRole('link', { name: `View the report of campaign #${campaignId}` })).toHaveAttribute(
    'href',
    `/reports/${campaignId}`,
  );
  await page.getByRole('button', { name: 'Last 7 days' }).click();
  await expect(row).toBeVisible();
  await screenshot(page, 'campaigns-en');

  // a certificate's public page, found through the campaign's report rows
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const rows = await page.request.post('/api/admin/data_post', {
    headers: { authorization: `Bearer ${token}` },
    data: { campaignId },
  });
  expect(rows.status()).toBe(200);
  const { data } = (await rows.json()) as { data: { key: string; email: string }[] };
  const ada = data.find((certificate) => certificate.email === 'ada@example.org');
  expect(ada?.key).toMatch(/^[A-Za-z0-9]{128}$/);
  await page.goto(`/certificate/${ada?.key}`);
  await expect(page.locator('body')).toContainText('Ada Lovelace');
  await expect(page.locator('body')).toContainText('Data analysis');
  await screenshot(page, 'certificate-public-en');

  // the same screens in Spanish
  await page.goto('/campaigns?lang=es');
  await expect(page.getByRole('heading', { name: '1 campaña' })).toBeVisible();
  await screenshot(page, 'campaigns-es');
  await page.goto(`/publication?templateId=${templateId}&lang=es`);
  await page.getByLabel('Archivo de hoja de cálculo').setInputFiles(WITH_ERRORS);
  await expect(page.getByTestId('import-errors')).toContainText('no se puede importar');
  await screenshot(page, 'publication-errors-es');
  await page.getByLabel('Archivo de hoja de cálculo').setInputFiles(GOOD);
  await expect(page.getByTestId('row-count')).toHaveText('3 filas');
  await screenshot(page, 'publication-rows-es');
  await page.getByRole('button', { name: 'Publicar 2 certificados' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/PUBLICAR/)
    .fill('PUBLICAR');
  await screenshot(page, 'publication-confirm-es');
});

test('a Reader is sent back to the templates, and a disabled template cannot be imported for', async ({
  page,
  laurel,
}) => {
  const { db } = laurel.app.laurel;
  const templateId = await createBadgeTemplate(laurel, await sessionToken(laurel, 'admin@example.org'));
  const issuer = await db.selectFrom('issuers').select('id').executeTakeFirstOrThrow();
  await insertUser(db, { issuer_id: issuer.id, email: 'rita@example.org', profile_id: PROFILE.Reader });
  await signInByMail(page, laurel, 'rita@example.org');
  await page.goto(`/publication?templateId=${templateId}`);
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole('link', { name: 'Campaigns' })).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await db.updateTable('templates').set({ enabled: 0 }).where('id', '=', templateId).execute();
  await signInByMail(page, laurel, 'admin@example.org');
  await page.goto(`/publication?templateId=${templateId}`);
  await expect(page.getByText('This template cannot be used')).toBeVisible();
  await screenshot(page, 'publication-unavailable-en');
});
