import fs from 'node:fs';
import type { Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { expect, publishBadgeCampaign, sessionToken, test, signIn } from './fixtures';

/**
 * The lists' spreadsheet exports as a person gets them (issue 13: react-admin's exporter through
 * src/components/xlsxExporter.ts): Export is clicked in Chromium, the browser's download is opened with SheetJS and
 * its header row and its rows are those of the list.
 */

const ADMIN = 'admin@example.org';

/** Clicks the page's Export button and reads the downloaded workbook's first sheet as rows of cells. */
async function exportedRows(page: Page): Promise<{ fileName: string; rows: unknown[][] }> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export', exact: true }).click(),
  ]);
  const book = XLSX.read(fs.readFileSync(await download.path()));
  const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 });
  return { fileName: download.suggestedFilename(), rows };
}

test("the campaigns list and My plan's credit log are downloaded as xlsx files", async ({ page, laurel }) => {
  test.setTimeout(120_000);
  const token = await sessionToken(laurel, ADMIN);
  const first = await publishBadgeCampaign(laurel, token, [
    { ID: 'ada-lovelace', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
    { ID: 'alan-turing', Language: 'en', Email: 'alan@example.org', firstName: 'Alan', lastName: 'Turing' },
  ]);
  const second = await publishBadgeCampaign(laurel, token, [
    { ID: 'grace-hopper', Language: 'en', Email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper' },
  ]);
  const today = new Date().toLocaleDateString('sv-SE');
  await signIn(page, laurel, ADMIN);

  // the campaigns: one line per campaign, newest first, with the table's columns
  await page.goto('/campaigns');
  await expect(page.getByRole('heading', { name: '2 campaigns' })).toBeVisible();
  const campaigns = await exportedRows(page);
  expect(campaigns.fileName).toBe(`${today}_Campaigns.xlsx`);
  expect(campaigns.rows[0]).toEqual(['Campaign', 'Template', 'Date', 'Active', 'Certified', 'User', 'Note', 'Status']);
  expect(campaigns.rows).toHaveLength(3);
  expect(campaigns.rows.slice(1).map((row) => row[0])).toEqual([second.campaignId, first.campaignId]);
  expect(campaigns.rows.slice(1).map((row) => row[3])).toEqual([1, 2]);
  expect(campaigns.rows[1][1]).toBe('Data analysis');

  // the credit log: every operation of the issuer, the two publications' debits among them
  const operations = await laurel.app.laurel.db.selectFrom('credit_operations').select(['reason', 'credits']).execute();
  // a publication's debit gives its reason as "campaign <id>"
  const debited = operations.flatMap((operation) => {
    const id = /^campaign (\d+)$/.exec(operation.reason ?? '')?.[1];
    return id ? [[`Campaign ${id}`, Number(id), operation.credits]] : [];
  });
  expect(debited).toHaveLength(2);
  await page.goto('/myplan');
  await expect(page.getByRole('heading', { name: 'Credit log' })).toBeVisible();
  const log = await exportedRows(page);
  expect(log.fileName).toBe(`${today}_Credit log.xlsx`);
  expect(log.rows[0]).toEqual(['Date', 'Operation', 'Campaign', 'Credits', 'Reference']);
  expect(log.rows).toHaveLength(operations.length + 1);
  const debits = log.rows.slice(1).filter((row) => row[2] !== undefined && row[2] !== '');
  expect(debits.map((row) => [row[1], row[2], row[3]]).sort()).toEqual(debited.sort());
  expect(debits.map((row) => row[2]).sort()).toEqual([first.campaignId, second.campaignId].sort());
});
