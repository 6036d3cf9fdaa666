import { hostileSpreadsheets, workbook } from '../fixtures/hostile/corpus';
import { createBadgeTemplate, expect, sessionToken, screenshot, test, signIn } from './fixtures';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Issue 17: a couple of hostile files through the real publication page in Chromium (the rest of the corpus
 * runs in Node, tests/unit/hostileFiles.test.ts): hidden characters and a year 9999 each get their alert, and a
 * zip bomb is refused before SheetJS unpacks it.
 */
test('the publication page refuses hostile spreadsheets with their own alerts', async ({ page, laurel }) => {
  test.setTimeout(120_000);
  const token = await sessionToken(laurel, 'admin@example.org');
  const id = await createBadgeTemplate(laurel, token);

  await signIn(page, laurel, 'admin@example.org', { at: `/publication?templateId=${id}` });
  const fileInput = page.getByLabel('Spreadsheet file');
  const rows = [
    ['language', 'ID', 'Email', 'firstName', 'lastName', 'obtentionDate'],
    ['en', '1', 'ada@example.org', 'Ada\u0000', 'Lovelace', '2026-01-10'],
    ['en', '2', 'alice@example.org', '\u202Eecila', 'Liddell', '9999-12-31'],
  ];
  await fileInput.setInputFiles({ name: 'hidden.xlsx', mimeType: XLSX_TYPE, buffer: Buffer.from(workbook(rows)) });
  const alerts = page.getByRole('alert');
  await expect(alerts.filter({ hasText: 'Forbidden characters' })).toContainText('D2: U+0000');
  await expect(alerts.filter({ hasText: 'Forbidden characters' })).toContainText('D3: U+202E');
  await expect(alerts.filter({ hasText: 'Dates out of range' })).toContainText('F3: 9999-12-31');
  await screenshot(page, 'publication-hostile-characters-en');

  const bomb = (await hostileSpreadsheets()).find((file) => file.name === 'bomb-claim-6.xlsx');
  if (!bomb) throw new Error('the corpus has no bomb-claim-6.xlsx');
  await fileInput.setInputFiles({ name: bomb.name, mimeType: XLSX_TYPE, buffer: Buffer.from(bomb.bytes) });
  await expect(alerts.filter({ hasText: 'Unexpected error' })).toBeVisible();
  await screenshot(page, 'publication-hostile-bomb-en');
});
