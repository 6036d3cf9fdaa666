import { expect, type Laurel, screenshot, sessionToken, signInByMail, test } from './fixtures';

const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#2f6f5e"/></svg>',
);
const ADMIN = 'admin@example.org';
const RECIPIENTS = 1200;

/** A badge template and one campaign of RECIPIENTS recipients, through the API (spec 002). */
async function publishLargeCampaign(laurel: Laurel, token: string): Promise<number> {
  const { db } = laurel.app.laurel;
  await db.updateTable('issuers').set({ credits: 20000 }).execute();
  const form = new FormData();
  form.append(
    'json',
    JSON.stringify({
      mode: 'add',
      type: 'openbadge',
      DefaultLanguage: 'fr',
      badge: { fr: 'logo.svg' },
      content: {
        fr: { microcertitle: 'Analyse de données', label: 'Analyse de données', outcome: 'Explore des données.' },
      },
    }),
  );
  form.append('badgeImage', new Blob([LOGO], { type: 'image/svg+xml' }), 'logo.svg');
  const headers = { authorization: `Bearer ${token}` };
  const created = await fetch(`${laurel.baseURL}/api/template/mc`, { method: 'POST', headers, body: form });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id: templateId } = (await created.json()) as { id: number };
  const data = Array.from({ length: RECIPIENTS }, (_, i) => ({
    ID: `P${i + 1}`,
    Language: 'fr',
    Email: `personne${i + 1}@example.org`,
    firstName: 'Personne',
    lastName: `N${i + 1}`,
  }));
  const published = await fetch(`${laurel.baseURL}/api/admin/data`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ templateId, data, contentType: 'json' }),
  });
  expect(published.status, await published.clone().text()).toBe(200);
  return ((await published.json()) as { campaignId: number }).campaignId;
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

  await signInByMail(page, laurel, ADMIN);
  await page.goto(`/reports/${campaignId}?lang=fr`);
  const counters = page.getByTestId('report-counters');
  await expect(counters).toContainText(grouped('1 200'), { timeout: 30_000 });
  // react-admin's own pagination range, through our i18n number format
  await expect(page.getByText(/^1-\d+ sur 1[\s\u202f\u00a0]200$/)).toBeVisible();
  // the header's credits: 20 000 − 1 200
  await expect(page.getByTestId('header-credits')).toContainText(grouped('18 800'));
  await screenshot(page, 'report-grouped-fr');
});
