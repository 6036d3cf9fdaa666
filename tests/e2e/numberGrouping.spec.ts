import {
  createBadgeTemplate,
  expect,
  type Laurel,
  publishRows,
  screenshot,
  sessionToken,
  test,
  signIn,
} from './fixtures';

const ADMIN = 'admin@example.org';
const RECIPIENTS = 1200;

/** A badge template and one campaign of RECIPIENTS recipients, through the API (spec 002). */
async function publishLargeCampaign(laurel: Laurel, token: string): Promise<number> {
  await laurel.app.laurel.db.updateTable('issuers').set({ credits: 20000 }).execute();
  const title = 'Analyse de données';
  const templateId = await createBadgeTemplate(laurel, token, {
    content: { fr: { microcertitle: title, label: title, outcome: 'Explore des données.' } },
    defaultLanguage: 'fr',
  });
  const rows = Array.from({ length: RECIPIENTS }, (_, i) => ({
    ID: `P${i + 1}`,
    Language: 'fr',
    Email: `personne${i + 1}@example.org`,
    firstName: 'Personne',
    lastName: `N${i + 1}`,
  }));
  return publishRows(laurel, token, templateId, rows);
}

// French groups thousands with a (narrow) no-break space: "1 200".
const grouped = (digits: string) => new RegExp(digits.replace(' ', '[\\s\\u202f\\u00a0]'));

test('a report of more than a thousand certificates shows its counts grouped in French (issue 14)', async ({
  page,
  laurel,
}) => {
  test.setTimeout(180_000);
  const token = await sessionToken(laurel, ADMIN);
  const campaignId = await publishLargeCampaign(laurel, token);

  await signIn(page, laurel, ADMIN, { at: `/reports/${campaignId}?lang=fr` });
  const counters = page.getByTestId('report-counters');
  await expect(counters).toContainText(grouped('1 200'), { timeout: 30_000 });
  // react-admin's own pagination range, through our i18n number format
  await expect(page.getByText(/^1-\d+ sur 1[\s\u202f\u00a0]200$/)).toBeVisible();
  // the header's credits: 20 000 − 1 200
  await expect(page.getByTestId('header-credits')).toContainText(grouped('18 800'));
  await screenshot(page, 'report-grouped-fr');
});
