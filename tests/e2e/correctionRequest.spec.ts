import { expectNoSeriousViolations } from './accessibility';
import { createBadgeTemplate, expect, publishRows, screenshot, sessionToken, signIn, test } from './fixtures';

const ADMIN = 'admin@example.org';
const CODE_IN_MAIL = /^(\d{6})$/m;

/**
 * Issue 28, "the recipient asks for a correction", in a browser from both ends: the recipient opens their public
 * page, follows "Request a correction", takes the code mailed to them and asks to change their last name with a
 * message; the issuer's dashboard card opens the template report with the filter drawer's "Correction requested"
 * on (only the marked row), the issuer opens the request and approves it; the old public page then links the
 * replacement, which shows the corrected name. Last, the request page in French on a phone.
 */
test('a recipient asks for a correction of their name; the issuer approves it from the report', async ({
  page,
  laurel,
}) => {
  test.setTimeout(180_000);
  const token = await sessionToken(laurel, ADMIN);
  const templateId = await createBadgeTemplate(laurel, token);
  const campaignId = await publishRows(laurel, token, templateId, [
    { ID: 'A-1', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelce' },
    { ID: 'A-2', Language: 'en', Email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper' },
  ]);
  const certificate = () =>
    laurel.app.laurel.db
      .selectFrom('certificates')
      .select(['key', 'credential'])
      .where('campaign_id', '=', campaignId)
      .where('email', '=', 'ada@example.org')
      .executeTakeFirstOrThrow();
  await expect.poll(async () => (await certificate()).credential !== null, { timeout: 30_000 }).toBe(true);
  const { key } = await certificate();

  // the recipient: their page, "Request a correction", a code by mail
  await page.goto(`/certificate/${key}`);
  await page.getByRole('link', { name: 'Request a correction' }).click();
  await expect(page.getByRole('heading', { name: 'Request a correction', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'the correction page, first step');
  await screenshot(page, 'correction-page-start-en');
  const beforeCode = laurel.mailbox.messages.length;
  await page.getByRole('button', { name: 'Email me a code' }).click();
  await expect(page.getByRole('status')).toContainText('a***@example.org');
  const codeMail = await laurel.mailbox.waitFor('ada@example.org', { since: beforeCode, timeoutMs: 30_000 });
  expect(codeMail.subject).toBe('Your code to ask for a correction of your credential');
  const code = CODE_IN_MAIL.exec(codeMail.text)?.[1] as string;

  await page.getByLabel('Code from the email').fill(code);
  const lastName = page.getByLabel('Last name');
  await expect(lastName).toHaveValue('Lovelce');
  await lastName.fill('Lovelace');
  await page.getByLabel('Message to the issuer (optional)').fill('An a is missing in my last name.');
  await expectNoSeriousViolations(page, 'the correction page, the form');
  await screenshot(page, 'correction-page-form-en');
  await page.getByRole('button', { name: 'Send my request' }).click();
  await expect(page.getByRole('heading', { name: 'Your request was sent' })).toBeVisible();
  await screenshot(page, 'correction-page-sent-en');

  // the issuer: the dashboard's card opens the template's report with the filter on: the marked row alone
  await signIn(page, laurel, ADMIN, { at: '/dashboard' });
  const card = page.getByRole('link', { name: /Correction requests waiting for an answer/ });
  await expect(card).toContainText('1');
  await screenshot(page, 'correction-dashboard-en');
  await card.click();
  await expect(page).toHaveURL(new RegExp(`/templatereport/${templateId}\\?`));
  const rows = page.locator('tbody .RaDataTable-row');
  const mark = page.getByRole('button', { name: /^Correction requested by / });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Lovelce');
  await expect(mark).toHaveCount(1);
  // the request is the row's mark, not a column of its own
  await expect(page.locator('thead th', { hasText: 'CorrectionRequestId' })).toHaveCount(0);
  await screenshot(page, 'correction-report-filtered-en');

  // the filter drawer's "Correction requested": off shows both rows, on again the marked one
  const filter = page.getByRole('checkbox', { name: 'Correction requested' });
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(filter).toBeChecked();
  await filter.uncheck();
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows).toHaveCount(2);
  await expect(mark).toHaveCount(1);
  await expect(rows.filter({ has: mark })).toContainText('Lovelce');
  await page.getByRole('button', { name: /^Filters/ }).click();
  await filter.check();
  await screenshot(page, 'correction-report-filter-en');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(rows).toHaveCount(1);

  await mark.click();
  const dialog = page.getByRole('dialog', { name: /^Correction requested by / });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Lovelce');
  await expect(dialog).toContainText('Lovelace');
  await expect(dialog).toContainText('An a is missing in my last name.');
  await expectNoSeriousViolations(page, 'the correction dialog');
  await screenshot(page, 'correction-dialog-en');
  // the dialog stays open while the window is narrowed to a phone's width (the table gives way to cards) and back
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.locator('.RaDataTable-table')).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.locator('.RaDataTable-table')).toHaveCount(1);
  const beforeAnswer = laurel.mailbox.messages.length;
  await dialog.getByRole('button', { name: 'Approve and re-issue' }).click();
  await expect(page.getByText('Correction approved: the corrected certificate is on its way.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await laurel.mailbox.waitFor('ada@example.org', { since: beforeAnswer, timeoutMs: 30_000 });
  // nothing pending any more: the filtered report is empty
  await expect(rows).toHaveCount(0);

  // the old public page links the replacement, which shows the corrected name
  await page.goto(`/certificate/${key}`);
  await expect(page.getByRole('status')).toContainText('Credential replaced');
  await expect(page.getByRole('status')).toContainText('Correction asked by the recipient: last name');
  await screenshot(page, 'correction-old-page-en');
  await page.getByRole('link', { name: 'See the corrected credential' }).click();
  await expect(page).not.toHaveURL(new RegExp(`/certificate/${key}$`));
  await expect(page.locator('body')).toContainText('Ada Lovelace');
  await screenshot(page, 'correction-replacement-en');

  // the request page in French on a phone, at its form
  const replacementKey = new URL(page.url()).pathname.split('/').pop() as string;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/certificate/${replacementKey}/correction?lang=fr`);
  await expect(page.getByRole('heading', { name: 'Demander une correction', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'M’envoyer un code' }).click();
  await expect(page.getByLabel('Code reçu par e-mail')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, 'the correction page in French');
  await screenshot(page, 'correction-page-form-fr-390');
});
