import * as XLSX from 'xlsx';
import { expect, type Laurel, screenshot, sessionToken, signInByMail, test } from './fixtures';

const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#2f6f5e"/></svg>',
);

/** A badge whose recipients are named by an ID column, created through the template call. */
async function createBadgeTemplate(laurel: Laurel, token: string): Promise<number> {
  const form = new FormData();
  form.append(
    'json',
    JSON.stringify({
      mode: 'add',
      type: 'openbadge',
      DefaultLanguage: 'en',
      badge: { en: 'logo.svg' },
      content: { en: { microcertitle: 'Data analysis', label: 'Data analysis' } },
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
  await laurel.app.laurel.db.updateTable('templates').set({ technical_fields: 'ID' }).where('id', '=', id).execute();
  return id;
}

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
  const templateId = await createBadgeTemplate(laurel, await sessionToken(laurel, 'admin@example.org'));
  await db.updateTable('issuers').set({ credits: 30_000 }).execute();
  await signInByMail(page, laurel, 'admin@example.org');

  // each part waits a moment on its way, so that the progress can be seen and photographed
  await page.route('**/api/admin/data/parts/*/*', async (route) => {
    if (route.request().method() === 'PUT') await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });

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

  // the same in French, on a second file
  await page.goto(`/publication?templateId=${templateId}&lang=fr`);
  await page.getByLabel('Fichier tableur').setInputFiles(cohort('cohorte-11k.xlsx', 'B', 11_000));
  await page.getByRole('button', { name: /^Publier 11\s000 certificats$/ }).click();
  const confirmFr = page.getByRole('dialog', { name: 'Publier les certificats ?' });
  await confirmFr.getByRole('textbox').fill('PUBLIER');
  await confirmFr.getByRole('button', { name: 'Publier' }).click();
  await expect(page.getByRole('dialog').getByRole('status')).toHaveText(/^Envoi de 5\s000 \/ 11\s000 lignes$/);
  await screenshot(page, 'publication-parts-uploading-fr');
  const successFr = page.getByRole('dialog', { name: 'Certificats publiés' });
  await expect(successFr).toContainText(/11\s000 certificats ont été émis/, { timeout: 60_000 });
  await screenshot(page, 'publication-parts-success-fr');
  expect((await db.selectFrom('issuers').select('credits').executeTakeFirstOrThrow()).credits).toBe(7_000);
});
