import { addPeriod } from '../../domain/expiry';
import { todayIso } from '../../domain/import';
import { formatLocalDate } from '../../domain/localDate';
import {
  campaignDone,
  createBadgeTemplate,
  expect,
  publishRows,
  screenshot,
  sessionToken,
  signIn,
  test,
  xlsxFile,
} from './fixtures';
import type { RecipientRow } from './fixtures';

const ADMIN = 'admin@example.org';

test('an expired certificate: its page says so in en, fr and es, and the report finds it with the Expired filter', async ({
  page,
  laurel,
}) => {
  test.setTimeout(150_000);
  const token = await sessionToken(laurel, ADMIN);
  const templateId = await createBadgeTemplate(laurel, token, {
    content: {
      en: { microcertitle: 'Data analysis', label: 'Data analysis' },
      fr: { microcertitle: 'Analyse de données', label: 'Analyse de données' },
      es: { microcertitle: 'Análisis de datos', label: 'Análisis de datos' },
    },
  });
  // one row per language for each recipient: the certificate speaks en, fr and es
  const recipients = [
    {
      ID: 'E-1',
      Email: 'ada@example.org',
      firstName: 'Ada',
      lastName: 'Lovelace',
      obtentionDate: '2024-01-31',
      ExpirationDate: '2025-01-31',
    },
    {
      ID: 'E-2',
      Email: 'grace@example.org',
      firstName: 'Grace',
      lastName: 'Hopper',
      obtentionDate: '2026-01-15',
      ExpirationDate: '2099-06-30',
    },
  ];
  const rows: (RecipientRow & { obtentionDate: string; ExpirationDate: string })[] = recipients.flatMap((recipient) =>
    ['en', 'fr', 'es'].map((Language) => ({ ...recipient, Language })),
  );
  const campaignId = await publishRows(laurel, token, templateId, rows);
  const answer = await page.request.post(`${laurel.baseURL}/api/admin/data_post`, {
    headers: { authorization: `Bearer ${token}` },
    data: { campaignId },
  });
  const data = ((await answer.json()) as { data: { key: string; lastName: string; ExpirationDate?: string }[] }).data;
  const ada = data.find((row) => row.lastName === 'Lovelace');
  expect(ada?.ExpirationDate).toBe('2025-01-31');
  const key = ada?.key as string;

  // the public page, in each of the template's languages
  const expired = { en: 'Expired credential', fr: 'Certificat expiré', es: 'Credencial caducada' };
  for (const [lang, title] of Object.entries(expired)) {
    await page.goto(`${laurel.baseURL}/certificate/${key}?lang=${lang}`);
    await expect(page.getByText(title).first()).toBeVisible();
    await screenshot(page, `expiry-page-${lang}`);
  }

  // the report: an Expires column, and the drawer's Expired filter leaves Ada alone. The campaign's follow-up jobs
  // are let finish first: while it is publishing, its progress bar loops, which a screenshot would wait on for ever
  await campaignDone(laurel, campaignId);
  await signIn(page, laurel, ADMIN, { at: `/reports/${campaignId}` });
  const table = page.locator('tbody .RaDataTable-row');
  await expect(table).toHaveCount(2);
  await expect(page.locator('thead th').filter({ hasText: 'Expires on' })).toHaveCount(1);
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('radio', { name: 'Expired' }).check();
  await screenshot(page, 'expiry-report-filter-en');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(table).toHaveCount(1);
  await expect(table.first()).toContainText('Lovelace');
  await expect(table.first()).toContainText('Jan 31, 2025');
  await screenshot(page, 'expiry-report-expired-en');

  // Expiring within 60 days: nobody (Ada has expired, Grace expires in 2099)
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('radio', { name: 'Expiring within 60 days' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(table).toHaveCount(0);

  // on a phone, the card of the expired certificate shows its date
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('radio', { name: 'Expired' }).check();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(table).toHaveCount(1);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('Jan 31, 2025').first()).toBeVisible();
  await screenshot(page, 'expiry-report-phone-en');
});

test('the import preview says the template’s validity and each row’s expiry, in French at 1280 and 390 px', async ({
  page,
  laurel,
}) => {
  test.setTimeout(90_000);
  const token = await sessionToken(laurel, ADMIN);
  const templateId = await createBadgeTemplate(laurel, token, {
    technicalFields: 'ID',
    expiry: {
      validity: { amount: 2, unit: 'years' },
      reminderDays: [60, 7],
      remindIssuer: false,
      issuerReminderEmail: '',
    },
  });
  await signIn(page, laurel, ADMIN, { at: `/publication?templateId=${templateId}&lang=fr` });
  await page.getByLabel('Fichier tableur').setInputFiles(
    xlsxFile('cohorte.xlsx', [
      ['language', 'ID', 'Email', 'firstName', 'lastName', 'obtentionDate', 'ExpirationDate'],
      ['all', 'V-1', 'ada@example.org', 'Ada', 'Lovelace', '2026-01-31', ''],
      ['all', 'V-2', 'grace@example.org', 'Grace', 'Hopper', '2026-01-31', '2030-06-30'],
      ['all', 'V-3', 'alan@example.org', 'Alan', 'Turing', '', ''],
    ]),
  );
  await expect(page.getByText('cohorte.xlsx : 3 lignes prêtes')).toBeVisible();
  // the date a certificate obtained today gets, as the publish computes it, in the French format
  const inTwoYears = formatLocalDate(addPeriod(todayIso(), { amount: 2, unit: 'years' }), 'fr');
  await expect(page.getByTestId('validity-line')).toContainText(
    `Valable 2 ans : un certificat obtenu aujourd’hui expire le ${inTwoYears}.`,
  );
  const rows = page.getByRole('table', { name: 'Lignes à publier' }).locator('tbody tr');
  await expect(rows.nth(0)).toContainText('31/01/2028');
  await expect(rows.nth(1)).toContainText('30/06/2030 · date du fichier');
  await expect(rows.nth(2)).toContainText(inTwoYears);
  await screenshot(page, 'expiry-import-preview-fr');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('validity-line')).toBeVisible();
  await screenshot(page, 'expiry-import-preview-fr-390');
});
