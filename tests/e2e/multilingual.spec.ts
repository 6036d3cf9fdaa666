import { createBadgeTemplate, expect, type Laurel, screenshot, sessionToken, test, xlsxFile, signIn } from './fixtures';

const ADMIN = 'admin@example.org';
/** An English and French badge created through the template call, with the default technical field (ID). */
const createBilingualBadge = (laurel: Laurel, token: string) =>
  createBadgeTemplate(laurel, token, {
    content: {
      en: { microcertitle: 'Data analysis', label: 'DA cohort 2026', outcome: 'Cleans and **explores** data sets.' },
      fr: {
        microcertitle: 'Analyse de données',
        label: 'DA cohort 2026',
        outcome: 'Nettoie et **explore** des données.',
      },
    },
  });

/** Ten people in English and French: the even ones list their French row first (French-speaking recipients). */
const PEOPLE = Array.from({ length: 10 }, (_, i) => ({
  id: `S-${i + 1}`,
  email: `student${i + 1}@example.org`,
  firstName: `Student${i + 1}`,
  lastName: i % 2 === 0 ? 'Dupont' : 'Smith',
  language: i % 2 === 0 ? 'fr' : 'en',
}));

function bilingualWorkbook() {
  const rows: unknown[][] = [['language', 'ID', 'Email', 'firstName', 'lastName']];
  for (const person of PEOPLE) {
    const languages = person.language === 'fr' ? ['fr', 'en'] : ['en', 'fr'];
    for (const language of languages) rows.push([language, person.id, person.email, person.firstName, person.lastName]);
  }
  return xlsxFile('bilingual-cohort.xlsx', rows);
}

test('a bilingual file of ten people publishes ten certificates for ten credits, mailed once each in their language', async ({
  page,
  laurel,
}) => {
  test.setTimeout(180_000);
  const templateId = await createBilingualBadge(laurel, await sessionToken(laurel, ADMIN));
  await signIn(page, laurel, ADMIN);

  // the editor shows the recipient key the template got
  await page.goto(`/badge?id=${templateId}`);
  const technical = page.getByRole('textbox', { name: 'Columns that identify a recipient' });
  await expect(technical).toHaveValue('ID');
  await technical.fill('ID; id');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('A column is named twice.')).toBeVisible();
  await technical.fill('ID');
  await technical.scrollIntoViewIfNeeded();
  await screenshot(page, 'editor-technical-fields-en');

  // import: twenty rows for ten recipients, ten credits
  await page.goto(`/publication?templateId=${templateId}`);
  await page.getByLabel('Spreadsheet file').setInputFiles(bilingualWorkbook());
  await expect(page.getByText('bilingual-cohort.xlsx: 20 rows ready')).toBeVisible();
  await expect(page.getByTestId('credits')).toContainText('10 credits needed');
  await screenshot(page, 'publication-bilingual-en');

  await page.getByRole('button', { name: 'Publish 10 certificates' }).click();
  const confirm = page.getByRole('dialog', { name: 'Publish the certificates?' });
  await confirm.getByLabel('Type PUBLISH to confirm').fill('PUBLISH');
  await confirm.getByRole('button', { name: 'Publish' }).click();
  const success = page.getByRole('dialog', { name: 'Certificates published' });
  await expect(success).toContainText('10 certificates were issued in campaign #');
  const report = await success.getByRole('link', { name: "Open the campaign's report" }).getAttribute('href');
  const campaignId = Number(/^\/reports\/(\d+)$/.exec(report ?? '')?.[1]);
  expect(campaignId).toBeGreaterThan(0);
  await success.getByRole('link', { name: "Open the campaign's report" }).click();

  // the report: one row per person, in their language
  await expect(page).toHaveURL(new RegExp(`/reports/${campaignId}`));
  await expect(page.getByTestId('report-counters')).toContainText('10 / 10', { timeout: 15_000 });
  await expect(page.getByRole('row').filter({ hasText: '@example.org' })).toHaveCount(10);
  await screenshot(page, 'report-bilingual-en');

  // send every email, each in its recipient's language
  await page.getByRole('button', { name: 'Send all by email' }).click();
  await expect(page.getByRole('heading', { name: 'Send emails' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Subject' }).fill('Your Data analysis badge');
  await page.getByRole('radio', { name: "Each recipient's language" }).check();
  await screenshot(page, 'email-recipient-language-en');
  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('dialog')).toContainText('10 emails');
  const before = laurel.mailbox.messages.length;
  await page.getByRole('dialog').getByRole('button', { name: 'Send', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/reports/${campaignId}`));
  await expect.poll(() => laurel.mailbox.messages.length - before, { timeout: 30_000 }).toBe(10);
  const mails = laurel.mailbox.messages.slice(before);
  for (const person of PEOPLE) {
    const received = mails.filter((mail) => mail.to.includes(person.email));
    expect(received, person.email).toHaveLength(1);
    if (person.language === 'fr') {
      expect(received[0].text).toContain(`Bonjour ${person.firstName} ${person.lastName}`);
      expect(received[0].text).toContain('Analyse de données');
    } else {
      expect(received[0].text).toContain(`Hello ${person.firstName} ${person.lastName}`);
      expect(received[0].text).toContain('Data analysis');
    }
    expect(received[0].text).not.toContain('DA cohort 2026');
  }

  // the public page of a French-speaking recipient, and its English version one click away
  const link = /https?:\/\/\S+\/certificate\/[A-Za-z0-9]{128}/.exec(
    mails.find((mail) => mail.to.includes(PEOPLE[0].email))?.text ?? '',
  )?.[0];
  expect(link).toBeTruthy();
  await page.goto(link as string);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.locator('body')).toContainText('Analyse de données');
  await expect(page.locator('body')).toContainText('Student1 Dupont');
  await screenshot(page, 'certificate-bilingual-fr');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('body')).toContainText('Data analysis');
  await screenshot(page, 'certificate-bilingual-en');
});
