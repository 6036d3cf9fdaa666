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
} from './fixtures';

const ADMIN = 'admin@example.org';

test('a certificate is renewed from the report: the recipient gets the mail, the old page links the new one, which has the new expiry', async ({
  page,
  laurel,
}) => {
  test.setTimeout(180_000);
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
  const campaignId = await publishRows(laurel, token, templateId, [
    { ID: 'R-1', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
    { ID: 'R-2', Language: 'en', Email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper' },
  ]);
  await campaignDone(laurel, campaignId);
  const { db } = laurel.app.laurel;
  const oldKey = (
    await db
      .selectFrom('certificates')
      .select('key')
      .where('campaign_id', '=', campaignId)
      .where('email', '=', 'ada@example.org')
      .executeTakeFirstOrThrow()
  ).key;
  const newExpiry = addPeriod(todayIso(), { amount: 2, unit: 'years' });

  await signIn(page, laurel, ADMIN, { at: `/reports/${campaignId}` });
  const rows = page.locator('tbody .RaDataTable-row');
  await expect(rows).toHaveCount(2);
  await rows.filter({ hasText: 'Lovelace' }).getByRole('checkbox').check();
  const renewButton = page.getByRole('button', { name: 'Renew', exact: true });
  await renewButton.click();
  const dialog = page.getByRole('dialog', { name: 'Renew a certificate' });
  await expect(dialog.getByTestId('renew-validity')).toContainText(
    `today + 2 years, that is ${formatLocalDate(newExpiry, 'en')}`,
  );
  await expect(dialog.getByTestId('renew-cost')).toContainText('Cost: 1 credit.');
  await expect(dialog.getByRole('button', { name: 'Renew' })).toBeFocused();
  await screenshot(page, 'renewal-dialog-en');
  const mailsBefore = laurel.mailbox.messages.length;
  // Enter confirms
  await page.keyboard.press('Enter');
  await expect(page.getByText('1 certificate renewed')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // the selection is cleared
  await expect(rows.filter({ hasText: 'Lovelace' }).getByRole('checkbox')).not.toBeChecked();

  const mail = await laurel.mailbox.waitFor('ada@example.org', {
    since: mailsBefore,
    matching: /renewed/,
    timeoutMs: 30_000,
  });
  expect(mail.subject).toMatch(/was renewed/);

  // the old page says it was renewed and links the new one, which shows the new expiry and links back
  await page.goto(`/certificate/${oldKey}`);
  await expect(page.locator('body')).toContainText('Renewed on');
  await page.locator('a.renewal-link').click();
  await expect(page).not.toHaveURL(new RegExp(oldKey));
  await expect(page.locator(`time[datetime="${newExpiry}"]`)).toBeVisible();
  await expect(page.locator('body')).toContainText('This credential renews an earlier one.');
  await screenshot(page, 'renewal-new-page-en');

  // in French on a phone: the row's card and the dialog
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/reports/${campaignId}?lang=fr`);
  const grace = page.getByRole('listitem').filter({ hasText: 'Hopper' });
  await grace.getByRole('button', { name: 'Renouveler le certificat de Grace Hopper' }).click();
  const dialogFr = page.getByRole('dialog', { name: 'Renouveler un certificat' });
  await expect(dialogFr.getByTestId('renew-validity')).toContainText(
    `aujourd'hui + 2 ans, soit le ${formatLocalDate(newExpiry, 'fr')}`,
  );
  await expect(dialogFr.getByTestId('renew-cost')).toContainText('Coût : 1 crédit.');
  await screenshot(page, 'renewal-dialog-fr-390');
  // Escape closes, and the focus goes back to the button
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(grace.getByRole('button', { name: 'Renouveler le certificat de Grace Hopper' })).toBeFocused();
});
