import fs from 'node:fs';
import * as XLSX from 'xlsx';
import { BLANK_IMPORT_COLUMNS } from '../../domain/import';
import { PROFILE } from '../../domain/roles';
import { insertUser } from '../../server/repositories/users';
import { createBadgeTemplate, expect, type Laurel, screenshot, sessionToken, test, xlsxFile, signIn } from './fixtures';

/** A two-language badge created through the template call, whose recipients are named by an ID column. */
const createBilingualBadge = (laurel: Laurel, token: string) =>
  createBadgeTemplate(laurel, token, {
    content: {
      en: { microcertitle: 'Data analysis', label: 'Data analysis', outcome: 'Cleans and explores data sets.' },
      fr: { microcertitle: 'Analyse de données', label: 'Analyse de données', outcome: 'Nettoie et explore.' },
    },
    // the recipients' key: no screen sets it yet
    technicalFields: 'ID',
  });

const HEADERS = ['language', 'ID', 'Email', 'firstName', 'lastName'];
const WITH_ERRORS = xlsxFile('cohort-draft.xlsx', [
  HEADERS,
  ['en', 'A-1', 'ada(at)example.org', 'Ada', 'Lovelace'],
  ['fr', 'A-1', 'ada@example.org', 'Ada', 'Lovelace'],
  ['de', 'A-2', 'grace@example.org', 'Grace', 'Hopper'],
  ['en', 'A-3', 'alan@example.org', 'Alan', 'Turing'],
]);
const GOOD = xlsxFile('cohort.xlsx', [
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
  const templateId = await createBilingualBadge(laurel, await sessionToken(laurel, 'admin@example.org'));
  const issuer = await db.selectFrom('issuers').select('id').executeTakeFirstOrThrow();
  await insertUser(db, {
    issuer_id: issuer.id,
    email: 'pat@example.org',
    profile_id: PROFILE.Publisher,
    first_name: 'Pat',
    last_name: 'Lee',
  });

  await signIn(page, laurel, 'pat@example.org');
  // the card's main action
  await page
    .getByTestId('template-card')
    .first()
    .getByRole('link', { name: /^Import \/ publish/ })
    .click();
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
  await expect(errors.getByRole('alert').filter({ hasText: 'Language rows missing' })).toContainText('B5 (A-3): fr');
  await screenshot(page, 'publication-errors-en');

  // the blank import file: the standard columns and today's date
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    errors.getByRole('button', { name: 'Download the blank import file' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`import-template-${templateId}.xlsx`);
  const blank = XLSX.read(fs.readFileSync(await download.path()));
  const blankRows = XLSX.utils.sheet_to_json<string[]>(blank.Sheets[blank.SheetNames[0]], { header: 1 });
  expect(blankRows[0]).toEqual([...BLANK_IMPORT_COLUMNS]);
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
  // the same file again (issue 28): both recipients already hold a certificate, so issuing again is the choice
  const duplicatesEs = page.getByRole('dialog', { name: 'Algunos destinatarios ya tienen este certificado' });
  await expect(duplicatesEs).toContainText('2 de los 2 destinatarios ya tienen un certificado válido');
  await expect(duplicatesEs.getByRole('radio', { name: /Dejarlos fuera/ })).toBeDisabled();
  await expect(duplicatesEs.getByRole('radio', { name: /Emitirles un segundo certificado/ })).toBeChecked();
  await screenshot(page, 'publication-duplicates-es');
  await duplicatesEs.getByRole('button', { name: 'Continuar' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/PUBLICAR/)
    .fill('PUBLICAR');
  await screenshot(page, 'publication-confirm-es');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // one known recipient and one new: on a phone in French, then published in English leaving the known one out
  const MIXED = xlsxFile('cohort-more.xlsx', [
    HEADERS,
    ['all', 'A-1', 'ada@example.org', 'Ada', 'Lovelace'],
    ['all', 'A-3', 'alan@example.org', 'Alan', 'Turing'],
  ]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/publication?templateId=${templateId}&lang=fr`);
  await page.getByLabel('Fichier tableur').setInputFiles(MIXED);
  await page.getByRole('button', { name: 'Publier 2 certificats' }).click();
  const duplicatesFr = page.getByRole('dialog', { name: 'Certains destinataires ont déjà ce certificat' });
  await expect(duplicatesFr).toContainText('Ligne 2 : A-1');
  await expect(duplicatesFr.getByRole('radio', { name: /publier 1 nouveau certificat/ })).toBeChecked();
  await screenshot(page, 'publication-duplicates-fr-390');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Publier 2 certificats' })).toBeFocused();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/publication?templateId=${templateId}&lang=en`);
  await page.getByLabel('Spreadsheet file').setInputFiles(MIXED);
  await page.getByRole('button', { name: 'Publish 2 certificates' }).click();
  const duplicatesEn = page.getByRole('dialog', { name: 'Some recipients already hold this certificate' });
  await expect(duplicatesEn).toContainText('1 of the 2 recipients already holds a valid certificate');
  await expect(duplicatesEn.getByRole('radio', { name: 'Leave them out: publish 1 new certificate' })).toBeChecked();
  await screenshot(page, 'publication-duplicates-en');
  await duplicatesEn.getByRole('button', { name: 'Continue' }).click();
  const confirmEn = page.getByRole('dialog', { name: 'Publish the certificates?' });
  await expect(confirmEn).toContainText('1 certificate will be issued and 1 credit used.');
  await confirmEn.getByLabel('Type PUBLISH to confirm').fill('PUBLISH');
  await confirmEn.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('dialog', { name: 'Certificates published' })).toContainText('1 certificate was issued');
  const keys = await db.selectFrom('certificates').select('recipient_key').execute();
  expect(keys.map((certificate) => certificate.recipient_key).sort()).toEqual(['A-1', 'A-2', 'A-3']);
});

test('a Reader is sent back to the templates, and a disabled template cannot be imported for', async ({
  page,
  laurel,
}) => {
  const { db } = laurel.app.laurel;
  const templateId = await createBilingualBadge(laurel, await sessionToken(laurel, 'admin@example.org'));
  const issuer = await db.selectFrom('issuers').select('id').executeTakeFirstOrThrow();
  await insertUser(db, { issuer_id: issuer.id, email: 'rita@example.org', profile_id: PROFILE.Reader });
  await signIn(page, laurel, 'rita@example.org', { at: `/publication?templateId=${templateId}` });
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole('link', { name: 'Campaigns' })).toBeVisible();

  await page.evaluate(() => localStorage.clear());
  await db.updateTable('templates').set({ enabled: 0 }).where('id', '=', templateId).execute();
  await signIn(page, laurel, 'admin@example.org', { at: `/publication?templateId=${templateId}` });
  await expect(page.getByText('This template cannot be used')).toBeVisible();
  await screenshot(page, 'publication-unavailable-en');
});

/** A workbook whose obtentionDate cells are plain numbers: the date serials a sheet keeps when a cell loses its format. */
function serialDates(name: string, rows: unknown[][]) {
  return xlsxFile(name, [[...HEADERS, 'obtentionDate', 'ExpirationDate'], ...rows]);
}

test('numeric dates, recipient data flagged on import, a preview per file, credits everywhere at once and a new publication after a publish', async ({
  page,
  laurel,
}) => {
  test.setTimeout(150_000);
  const templateId = await createBilingualBadge(laurel, await sessionToken(laurel, 'admin@example.org'));
  await signIn(page, laurel, 'admin@example.org');
  const headerCredits = page.getByTestId('header-credits');
  await expect(headerCredits).toHaveText('100 credits');

  // the card: Import / publish is its main action; the More menu leads to the template report
  const card = page.getByTestId('template-card').first();
  await card.getByRole('button', { name: /More actions/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Template report' })).toHaveAttribute(
    'href',
    `/templatereport/${templateId}`,
  );
  await page.keyboard.press('Escape');
  // the menu gives the focus back to its button, whose focus ripple pulses for ever
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await screenshot(page, 'template-card-en');
  await card.getByRole('link', { name: /^Import \/ publish/ }).click();
  await expect(page).toHaveURL(new RegExp(`/publication\\?templateId=${templateId}$`));
  const fileInput = page.getByLabel('Spreadsheet file');

  // a CSV renamed .xlsx is not read as a spreadsheet
  await fileInput.setInputFiles({
    name: 'cohort.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from('language,ID,Email\nen,A-1,ada@example.org\n'),
  });
  await expect(page.getByTestId('import-errors').getByRole('alert')).toContainText('Wrong type of file');

  // a value the server would refuse is flagged on import, before the check word
  await fileInput.setInputFiles(
    serialDates('expiry.xlsx', [
      ['en', 'A-1', 'ada@example.org', 'Ada', 'Lovelace', 46203, '2026-01-01'],
      ['fr', 'A-1', 'ada@example.org', 'Ada', 'Lovelace', 46203, '2026-01-01'],
    ]),
  );
  await expect(
    page.getByTestId('import-errors').getByRole('alert').filter({ hasText: 'Incorrect recipient data' }),
  ).toContainText('G2: 2026-01-01 < F2: 2026-06-30');

  // numeric dates read as dates in the rows and the preview
  await fileInput.setInputFiles(
    serialDates('first.xlsx', [
      ['en', 'A-1', 'ada@example.org', 'Ada', 'Lovelace', 46203, ''],
      ['fr', 'A-1', 'ada@example.org', 'Ada', 'Lovelace', 46203, ''],
    ]),
  );
  await expect(page.getByText('first.xlsx: 2 rows ready')).toBeVisible();
  const table = page.getByRole('table', { name: 'Rows to publish' });
  await expect(table.getByRole('row').nth(1)).toContainText('2026-06-30');
  await expect(table).not.toContainText('46203');
  await page.getByRole('button', { name: 'Preview row 1' }).click();
  const preview = page.getByRole('dialog');
  await expect(preview.frameLocator('iframe').locator('body')).toContainText('Ada Lovelace');
  await expect(preview.frameLocator('iframe').locator('time').first()).toHaveAttribute('datetime', '2026-06-30');
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // a second file: row 1 is another person, and so is its preview
  await fileInput.setInputFiles(
    serialDates('second.xlsx', [
      ['en', 'B-1', 'grace@example.org', 'Grace', 'Hopper', 46204, ''],
      ['fr', 'B-1', 'grace@example.org', 'Grace', 'Hopper', 46204, ''],
      ['all', 'B-2', 'alan@example.org', 'Alan', 'Turing', 46204, ''],
    ]),
  );
  await expect(page.getByText('second.xlsx: 3 rows ready')).toBeVisible();
  await page.getByRole('button', { name: 'Preview row 1' }).click();
  await expect(preview).toContainText('Grace Hopper');
  await expect(preview.frameLocator('iframe').locator('body')).toContainText('Grace Hopper');
  await expect(preview.frameLocator('iframe').locator('body')).not.toContainText('Ada');
  await screenshot(page, 'publication-preview-second-file-en');
  await page.keyboard.press('Escape');

  // publish: the header and the page show the new balance without a reload
  const credits = page.getByTestId('credits');
  await expect(credits).toContainText('100 credits available');
  await page.getByRole('button', { name: 'Publish 2 certificates' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish the certificates?' });
  await confirm.getByLabel('Type PUBLISH to confirm').fill('PUBLISH');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  const success = page.getByRole('dialog', { name: 'Certificates published' });
  await expect(success).toContainText('2 certificates were issued');
  await success.getByRole('button', { name: 'Close' }).click();
  await expect(headerCredits).toHaveText('98 credits');
  await expect(credits).toContainText('98 credits available');
  await expect(page.getByText(/Campaign #\d+ is published/)).toBeVisible();
  await screenshot(page, 'publication-published-en');
  const published = await laurel.app.laurel.db.selectFrom('certificates').select(['obtention_date']).execute();
  expect(published.length).toBeGreaterThan(0);
  expect(new Set(published.map((certificate) => certificate.obtention_date))).toEqual(new Set(['2026-07-01']));

  // a new file after the publish starts a new publication
  await fileInput.setInputFiles(
    serialDates('third.xlsx', [['all', 'C-1', 'katherine@example.org', 'Katherine', 'Johnson', 46205, '']]),
  );
  await expect(page.getByText('third.xlsx: 1 row ready')).toBeVisible();
  await expect(page.getByText(/Campaign #\d+ is published/)).toHaveCount(0);
  await expect(page.getByLabel('Note (optional)')).toBeEnabled();
  await page.getByRole('button', { name: 'Publish 1 certificate' }).click();
  await page
    .getByRole('dialog', { name: 'Publish the certificates?' })
    .getByLabel('Type PUBLISH to confirm')
    .fill('PUBLISH');
  await page
    .getByRole('dialog', { name: 'Publish the certificates?' })
    .getByRole('button', { name: 'Publish' })
    .click();
  await expect(page.getByRole('dialog', { name: 'Certificates published' })).toContainText('was issued');
  await page.getByRole('dialog', { name: 'Certificates published' }).getByRole('button', { name: 'Close' }).click();
  await expect(headerCredits).toHaveText('97 credits');

  // My plan, reached from the header without a reload, shows the same balance
  await headerCredits.click();
  await expect(page).toHaveURL(/\/myplan$/);
  await expect(page.getByText('Credits left', { exact: true }).locator('..')).toContainText('97');
  await page.goBack();

  // "All" over many rows renders the rows in view, and scrolls to the last one
  const many = Array.from({ length: 1500 }, (_, i) => [
    'all',
    `R-${i + 1}`,
    `r${i + 1}@example.org`,
    'Row',
    `${i + 1}`,
  ]);
  await fileInput.setInputFiles(xlsxFile('many.xlsx', [HEADERS, ...many]));
  await expect(page.getByTestId('row-count')).toHaveText('1,500 rows');
  await page.getByRole('combobox', { name: /Lines per page/ }).click();
  await page.getByRole('option', { name: 'All' }).click();
  await expect(table.getByRole('row').filter({ hasText: 'r1@example.org' })).toBeVisible();
  expect(await table.getByRole('row').count()).toBeLessThan(120);
  await table.evaluate((element) => element.parentElement?.scrollTo({ top: element.scrollHeight }));
  await expect(table.getByRole('row').filter({ hasText: 'r1500@example.org' })).toBeVisible();
  await screenshot(page, 'publication-all-rows-en');
  await page.goto(`/publication?templateId=${templateId}&lang=fr`);
  await page.getByLabel('Fichier tableur').setInputFiles(xlsxFile('many.xlsx', [HEADERS, ...many]));
  await expect(page.getByTestId('row-count')).toHaveText(/^1\s500 lignes$/);
});

test('a file typed by hand with its own French headers is matched in the page on a phone, and publishes with the names', async ({
  page,
  laurel,
}) => {
  test.setTimeout(120_000);
  const templateId = await createBilingualBadge(laurel, await sessionToken(laurel, 'admin@example.org'));
  await signIn(page, laurel, 'admin@example.org');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/publication?templateId=${templateId}&lang=fr`);
  // as a secretary would type it: the interface's own words, and a column of notes that is not the template's
  const HAND_TYPED = xlsxFile('promo-2026.xlsx', [
    ['Langue', 'ID', 'E-mail', 'Prénom', 'Nom', 'Remarque'],
    ['all', 'C-1', 'ada@example.org', 'Ada', 'Lovelace', 'absente le 3'],
  ]);
  await page.getByLabel('Fichier tableur').setInputFiles(HAND_TYPED);
  const mapping = page.getByTestId('column-mapping');
  await expect(mapping).toContainText('Faites correspondre vos colonnes');
  // each header the page recognises is proposed; the notes wait for a choice
  await expect(mapping.getByRole('combobox', { name: 'Colonne pour « Prénom »' })).toContainText('firstName');
  await expect(mapping.getByRole('combobox', { name: 'Colonne pour « Nom »' })).toContainText('lastName');
  await expect(mapping.getByRole('status')).toContainText('Il reste 1 en-tête');
  await screenshot(page, 'publication-mapping-fr-390');
  await mapping.getByRole('combobox', { name: 'Colonne pour « Remarque »' }).click();
  await page.getByRole('option', { name: 'Ignorer cette colonne' }).click();
  await mapping.getByRole('button', { name: 'Appliquer et vérifier à nouveau' }).click();
  await expect(page.getByText('promo-2026.xlsx : 1 ligne prête')).toBeVisible();
  await expect(page.getByTestId('applied-mapping')).toContainText('Prénom → Prénom (firstName)');
  const noHorizontalScroll = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  expect(noHorizontalScroll, 'the page fits a 390 px screen').toBe(true);
  await screenshot(page, 'publication-mapped-fr-390');

  await page.getByRole('button', { name: 'Publier 1 certificat' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publier les certificats ?' });
  await confirm.getByRole('textbox').fill('PUBLIER');
  await confirm.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByRole('dialog', { name: 'Certificats publiés' })).toBeVisible();
  const certificates = await laurel.app.laurel.db
    .selectFrom('certificates')
    .select(['first_name', 'last_name', 'recipient_key'])
    .where('template_id', '=', templateId)
    .execute();
  expect(certificates).toEqual([{ first_name: 'Ada', last_name: 'Lovelace', recipient_key: 'C-1' }]);
});
