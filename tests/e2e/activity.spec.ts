import type { Page } from '@playwright/test';
import { createBadgeTemplate, expect, publishRows, screenshot, sessionToken, signIn, test } from './fixtures';

const ADMIN = 'admin@example.org';

// A recipient's browser: the test's headless Chromium names itself HeadlessChrome, which the activity counters
// rightly take for a machine (domain/activity.ts), so the recipient's visit goes out as a desktop Chrome's
test.use({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

/** The text of a report row's cell under the column `name` (react-admin's DataTable). */
async function cellUnder(page: Page, row: ReturnType<Page['locator']>, name: string) {
  const headers = (await page.locator('thead th').allInnerTexts()).map((text) => text.trim());
  const index = headers.indexOf(name);
  expect(index, `column ${name} in ${headers.join(' | ')}`).toBeGreaterThan(-1);
  return row.locator('td').nth(index);
}

test('a recipient views their page and downloads its PDF: the report and the dashboard show 1 view and 1 download', async ({
  page,
  laurel,
}) => {
  test.setTimeout(180_000);
  const token = await sessionToken(laurel, ADMIN);
  const templateId = await createBadgeTemplate(laurel, token);
  const campaignId = await publishRows(laurel, token, templateId, [
    { ID: 'A-1', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
    { ID: 'A-2', Language: 'en', Email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper' },
  ]);
  const answer = await page.request.post(`${laurel.baseURL}/api/admin/data_post`, {
    headers: { authorization: `Bearer ${token}` },
    data: { campaignId },
  });
  const rows = ((await answer.json()) as { data: { key: string; lastName: string }[] }).data;
  const key = rows.find((row) => row.lastName === 'Lovelace')?.key as string;

  // the recipient opens their page (twice: one view a day) and downloads the PDF from it
  await page.goto(`${laurel.baseURL}/certificate/${key}`);
  await expect(page.getByRole('link', { name: 'Download the PDF' })).toBeVisible();
  await page.reload();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download the PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  await laurel.app.laurel.activity.settled();

  await signIn(page, laurel, ADMIN, { at: `/reports/${campaignId}` });
  const table = page.locator('tbody .RaDataTable-row');
  await expect(table).toHaveCount(2);
  const ada = table.filter({ hasText: 'Lovelace' });
  const grace = table.filter({ hasText: 'Hopper' });
  await expect(await cellUnder(page, ada, 'Views')).toHaveText('1');
  await expect(await cellUnder(page, ada, 'Downloads')).toHaveText('1');
  await expect(await cellUnder(page, ada, 'LinkedIn')).toHaveText('0');
  await expect(await cellUnder(page, grace, 'Views')).toHaveText('0');
  await expect(await cellUnder(page, grace, 'Last view')).toHaveText('—');
  await screenshot(page, 'activity-report-en');

  // the filter drawer's "Never viewed" alone leaves Grace
  await page.getByRole('button', { name: 'Filters' }).click();
  await page.getByRole('checkbox', { name: 'Viewed', exact: true }).uncheck();
  await screenshot(page, 'activity-report-filter-en');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(table).toHaveCount(1);
  await expect(table.first()).toContainText('Hopper');

  // the dashboard's period: 1 page view, 1 download
  await page.goto(`${laurel.baseURL}/dashboard`);
  await expect(page.getByRole('heading', { name: 'What recipients did' })).toBeVisible();
  await expect(page.getByTestId('recipients-views')).toHaveText('1');
  await expect(page.getByTestId('recipients-downloads')).toHaveText('1');
  await screenshot(page, 'activity-dashboard-en');

  // on a phone (the report keeps its filter: Grace, never viewed)
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${laurel.baseURL}/reports/${campaignId}`);
  await expect(page.getByText('Hopper').first()).toBeVisible();
  await screenshot(page, 'activity-report-phone-en');
});
