import * as XLSX from 'xlsx';
import { createBadgeTemplate, expect, screenshot, sessionToken, test, signIn } from './fixtures';

function cohort(name: string, prefix: string, count: number) {
  const rows: unknown[][] = [['language', 'ID', 'Email', 'firstName', 'lastName']];
  for (let i = 1; i <= count; i++) rows.push(['all', `${prefix}-${i}`, `${prefix}${i}@example.org`, 'Learner', `${i}`]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Recipients');
  const buffer = Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return { name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer };
}

test('12,000 rows go up in parts with their progress and become one campaign with one credit debit', async ({
  page,
  laurel,
}) => {
  test.setTimeout(120_000);
  const { db } = laurel.app.laurel;
  // a badge whose recipients are named by an ID column
  const templateId = await createBadgeTemplate(laurel, await sessionToken(laurel, 'admin@example.org'), {
    technicalFields: 'ID',
  });
  await db.updateTable('issuers').set({ credits: 30_000 }).execute();
  await signIn(page, laurel, 'admin@example.org');

  // the parts after the first are held on their way until the progress has been seen and photographed
  let held = Promise.resolve();
  let release = () => {};
  const holdLaterParts = () => {
    held = new Promise((resolve) => (release = resolve));
  };
  let parts = 0;
  await page.route('**/api/admin/data/parts/*/*', async (route) => {
    if (route.request().method() === 'PUT' && ++parts > 1) await held;
    await route.continue();
  });
  holdLaterParts();

  await page.goto(`/publication?templateId=${templateId}`);
  await page.getByLabel('Spreadsheet file').setInputFiles(cohort('cohort-12k.xlsx', 'A', 12_000));
  await expect(page.getByText('cohort-12k.xlsx: 12,000 rows ready')).toBeVisible({ timeout: 30_000 });
  // the table shows one page of rows, not 12,000
  expect(await page.getByRole('row').count()).toBeLessThan(120);
  await page.getByRole('button', { name: 'Publish 12,000 certificates' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish the certificates?' });
  await confirm.getByLabel('Type PUBLISH to confirm').fill('PUBLISH');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  const progress = page.getByRole('dialog', { name: 'Publishing…' }).getByRole('status');
  await expect(progress).toHaveText('Uploading 5,000 / 12,000 rows');
  await screenshot(page, 'publication-parts-uploading-en');
  release();
  const success = page.getByRole('dialog', { name: 'Certificates published' });
  await expect(success).toContainText('12,000 certificates were issued in campaign #', { timeout: 60_000 });
  await screenshot(page, 'publication-parts-success-en');

  const campaigns = await db.selectFrom('campaigns').select(['id', 'certified_degrees']).execute();
  expect(campaigns).toEqual([{ id: expect.any(Number), certified_degrees: 12_000 }]);
  const certificates = await db
    .selectFrom('certificates')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('campaign_id', '=', campaigns[0].id)
    .executeTakeFirstOrThrow();
  expect(Number(certificates.n)).toBe(12_000);
  const issuer = await db.selectFrom('issuers').select('credits').executeTakeFirstOrThrow();
  expect(issuer.credits).toBe(18_000);
  const debits = await db.selectFrom('credit_operations').select('credits').where('credits', '<', 0).execute();
  expect(debits).toEqual([{ credits: -12_000 }]);

  // the same in French, on a second file of the fewest rows that still go in parts (one more than one publish takes)
  parts = 0;
  holdLaterParts();
  await page.goto(`/publication?templateId=${templateId}&lang=fr`);
  await page.getByLabel('Fichier tableur').setInputFiles(cohort('cohorte-10001.xlsx', 'B', 10_001));
  await page.getByRole('button', { name: /^Publier 10\s001 certificats$/ }).click();
  const confirmFr = page.getByRole('dialog', { name: 'Publier les certificats ?' });
  await confirmFr.getByRole('textbox').fill('PUBLIER');
  await confirmFr.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByRole('dialog').getByRole('status')).toHaveText(/^Envoi de 5\s000 \/ 10\s001 lignes$/);
  await screenshot(page, 'publication-parts-uploading-fr');
  release();
  const successFr = page.getByRole('dialog', { name: 'Certificats publiés' });
  await expect(successFr).toContainText(/10\s001 certificats ont été émis/, { timeout: 60_000 });
  await screenshot(page, 'publication-parts-success-fr');
  expect((await db.selectFrom('issuers').select('credits').executeTakeFirstOrThrow()).credits).toBe(7_999);
  const debitsFr = await db
    .selectFrom('credit_operations')
    .select('credits')
    .where('credits', '<', 0)
    .orderBy('id')
    .execute();
  expect(debitsFr).toEqual([{ credits: -12_000 }, { credits: -10_001 }]);
});
