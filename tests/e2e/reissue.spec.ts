import type { Page } from '@playwright/test';
import {
  createBadgeTemplate,
  expect,
  publishRows,
  screenshot,
  sessionToken,
  signIn,
  test,
  xlsxFile,
  type RecipientRow,
} from './fixtures';

const ADMIN = 'admin@example.org';

const RECIPIENTS: RecipientRow[] = [
  { ID: 'A-1', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelase' },
  { ID: 'A-2', Language: 'en', Email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper' },
];

/** The report's table rows (react-admin's DataTable). */
const tableRows = (page: Page) => page.locator('tbody .RaDataTable-row');

/** The keys of a campaign's certificates, through the report call. */
async function campaignKeys(page: Page, baseURL: string, token: string, campaignId: number) {
  const answer = await page.request.post(`${baseURL}/api/admin/data_post`, {
    headers: { authorization: `Bearer ${token}` },
    data: { campaignId },
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { key: string; lastName: string; StatusID: number }[] }).data;
}

test('a misspelt name is corrected from the report: the old certificate is Replaced and its public page links the corrected one', async ({
  page,
  laurel,
}) => {
  test.setTimeout(180_000);
  const token = await sessionToken(laurel, ADMIN);
  const templateId = await createBadgeTemplate(laurel, token, { technicalFields: 'ID' });
  const campaignId = await publishRows(laurel, token, templateId, RECIPIENTS);
  const before = await campaignKeys(page, laurel.baseURL, token, campaignId);
  const oldKey = before.find((row) => row.lastName === 'Lovelase')?.key as string;
  expect(oldKey).toMatch(/^[A-Za-z0-9]{128}$/);

  await signIn(page, laurel, ADMIN, { at: `/reports/${campaignId}` });
  const rows = tableRows(page);
  await expect(rows).toHaveCount(2);
  const ada = rows.filter({ hasText: 'Lovelase' });

  // the row action opens the dialog for that certificate; the recipient key (ID) and the language are not offered
  await ada.getByRole('button', { name: 'Correct and re-issue the certificate of Ada Lovelase' }).click();
  const dialog = page.getByRole('dialog', { name: 'Correct and re-issue a certificate' });
  const group = dialog.getByRole('group', { name: /Certificate of Ada Lovelase/ });
  await expect(group.getByLabel('First name')).toHaveValue('Ada');
  await expect(group.getByLabel('ID', { exact: true })).toHaveCount(0);
  await expect(group.getByLabel('Language')).toHaveCount(0);
  await expect(dialog.getByTestId('reissue-cost')).toContainText('Cost: 1 credit');

  // nothing changed and no reason: Continue says what is missing, and nothing is sent
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog).toContainText('Change at least one field to re-issue a certificate.');
  await group.getByLabel('Last name').fill('Lovelace');
  await dialog.getByLabel(/Reason for the correction/).fill('The last name was misspelt');
  await screenshot(page, 'reissue-dialog-en');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Replace 1 certificate?' });
  await expect(confirm).toContainText('this cannot be undone');
  await expect(confirm).toContainText('Reason shown on their pages: The last name was misspelt');
  await screenshot(page, 'reissue-confirm-en');
  await confirm.getByRole('button', { name: 'Replace' }).click();
  const done = page.getByRole('dialog', { name: 'Certificates replaced' });
  await expect(done).toContainText('1 certificate was replaced.');
  await done.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // the old certificate stays in its campaign's report as Replaced, with no action left on it
  await expect(ada).toContainText('Replaced');
  await expect(
    ada.getByRole('button', { name: 'Correct and re-issue the certificate of Ada Lovelase' }),
  ).toBeDisabled();
  await screenshot(page, 'reissue-report-en');
  const after = await campaignKeys(page, laurel.baseURL, token, campaignId);
  expect(after.find((row) => row.key === oldKey)?.StatusID).toBe(15);

  // the template report holds both: the replaced one and its correction
  await page.goto(`/templatereport/${templateId}`);
  await expect(tableRows(page)).toHaveCount(3);
  await expect(tableRows(page).filter({ hasText: 'Lovelace' })).toContainText('Validated');

  // the old public page says why and links the corrected one, which shows the new name
  await page.goto(`/certificate/${oldKey}`);
  await expect(page.locator('body')).toContainText('Credential replaced');
  await expect(page.locator('body')).toContainText('The last name was misspelt');
  await screenshot(page, 'reissue-old-page-en');
  await page.getByRole('link', { name: 'See the corrected credential' }).click();
  await expect(page).not.toHaveURL(new RegExp(oldKey));
  await expect(page.locator('body')).toContainText('Ada Lovelace');
  await expect(page.locator('body')).not.toContainText('Lovelase');

  // the same screens in French, on a phone, where the report's rows are cards
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/reports/${campaignId}?lang=fr`);
  const cards = page.getByRole('listitem');
  await expect(cards.filter({ hasText: 'Lovelase' })).toContainText('Remplacé');
  await screenshot(page, 'reissue-report-fr-390');
  const grace = cards.filter({ hasText: 'Hopper' });
  await grace.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Corriger et réémettre', exact: true }).click();
  const dialogFr = page.getByRole('dialog', { name: 'Corriger et réémettre un certificat' });
  await expect(dialogFr).toContainText('Coût : 1 crédit');
  await dialogFr.getByLabel('Prénom').fill('Grace Brewster');
  await dialogFr.getByLabel(/Motif de la correction/).fill('Deuxième prénom oublié');
  await screenshot(page, 'reissue-dialog-fr-390');
  await dialogFr.getByRole('button', { name: 'Continuer' }).click();
  await expect(page.getByRole('dialog', { name: 'Remplacer 1 certificat ?' })).toBeVisible();
  await screenshot(page, 'reissue-confirm-fr-390');
  await page.getByRole('button', { name: 'Retour' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('publishing recipients who hold a certificate again can replace theirs, with a reason', async ({
  page,
  laurel,
}) => {
  test.setTimeout(120_000);
  const token = await sessionToken(laurel, ADMIN);
  const templateId = await createBadgeTemplate(laurel, token, { technicalFields: 'ID' });
  const campaignId = await publishRows(laurel, token, templateId, RECIPIENTS);
  const [first] = await campaignKeys(page, laurel.baseURL, token, campaignId);

  await signIn(page, laurel, ADMIN, { at: `/publication?templateId=${templateId}` });
  await page.getByLabel('Spreadsheet file').setInputFiles(
    xlsxFile('corrected.xlsx', [
      ['language', 'ID', 'Email', 'firstName', 'lastName'],
      ['en', 'A-1', 'ada@example.org', 'Ada', 'Lovelace'],
      ['en', 'A-2', 'grace@example.org', 'Grace', 'Hopper'],
    ]),
  );
  await page.getByRole('button', { name: 'Publish 2 certificates' }).click();
  const dialog = page.getByRole('dialog', { name: 'Some recipients already hold this certificate' });
  await dialog.getByRole('radio', { name: /Replace the certificates they hold: publish 2 certificates/ }).check();
  // the reason is required
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByLabel(/Why they are replaced/)).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel(/Why they are replaced/).fill('Corrected names');
  await screenshot(page, 'publication-replace-en');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish the certificates?' });
  await confirm.getByLabel(/PUBLISH/).fill('PUBLISH');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  const success = page.getByRole('dialog', { name: 'Certificates published' });
  await expect(success).toContainText('2 of them replace certificates the recipients held');
  await screenshot(page, 'publication-replaced-en');

  const replaced = await campaignKeys(page, laurel.baseURL, token, campaignId);
  expect(replaced.map((row) => row.StatusID)).toEqual([15, 15]);
  await page.goto(`/certificate/${first.key}?lang=fr`);
  await expect(page.locator('body')).toContainText('Corrected names');
  await screenshot(page, 'publication-replaced-old-page-fr');
});
