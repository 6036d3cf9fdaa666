import { expectNoSeriousViolations } from './accessibility';
import { createBadgeTemplate, expect, publishRows, screenshot, sessionToken, test } from './fixtures';

/**
 * Issue 31, the recipient's page: a valid open badge's public page links its PDF (which opens), LinkedIn's Add to
 * profile with the credential's fields, plain share links and its address to copy, in the recipient's language,
 * on a desktop and on a phone, with no serious accessibility violation.
 */
test('a recipient finds the PDF, Add to LinkedIn and the share links on their page, on a phone and in French', async ({
  page,
  laurel,
}) => {
  test.setTimeout(120_000);
  const token = await sessionToken(laurel, 'admin@example.org');
  const englishTemplate = await createBadgeTemplate(laurel, token, { title: 'First aid & safety' });
  const frenchTemplate = await createBadgeTemplate(laurel, token, {
    content: { fr: { microcertitle: 'Premiers secours & sécurité', label: 'Premiers secours & sécurité' } },
    defaultLanguage: 'fr',
  });
  await publishRows(laurel, token, englishTemplate, [
    { ID: 'zoe', Language: 'en', Email: 'zoe@example.org', firstName: 'Zoë', lastName: "O'Neil" },
  ]);
  await publishRows(laurel, token, frenchTemplate, [
    { ID: 'lea', Language: 'fr', Email: 'lea@example.org', firstName: 'Léa', lastName: 'Dupré' },
  ]);
  const keyOf = async (templateId: number) =>
    (
      await laurel.app.laurel.db
        .selectFrom('certificates')
        .select('key')
        .where('template_id', '=', templateId)
        .executeTakeFirstOrThrow()
    ).key;
  const english = await keyOf(englishTemplate);
  const french = await keyOf(frenchTemplate);

  await page.goto(`/certificate/${english}`);
  await expect(page.getByRole('heading', { name: 'First aid & safety', level: 1 })).toBeVisible();
  const actions = page.getByRole('navigation', { name: 'Credential actions' });
  const pdfLink = actions.getByRole('link', { name: 'Download the PDF' });
  const pdf = await page.request.get((await pdfLink.getAttribute('href')) as string);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // the button goes through Laurel's own address, which counts the click (issue 31) and sends on to LinkedIn
  const button = (await actions.getByRole('link', { name: 'Add to LinkedIn profile' }).getAttribute('href')) as string;
  expect(button).toMatch(new RegExp(`^/certificate/${english}/linkedin`));
  const redirect = await page.request.get(button, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  const linkedIn = new URL(redirect.headers()['location']);
  expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
  expect(linkedIn.searchParams.get('name')).toBe('First aid & safety');
  expect(linkedIn.searchParams.get('certUrl')).toBe(`${laurel.baseURL}/certificate/${english}`);
  expect(linkedIn.searchParams.get('certId')).toBe(english);
  const address = page.getByRole('textbox', { name: /Link to this credential/ });
  await expect(address).toHaveValue(`${laurel.baseURL}/certificate/${english}`);
  await expect(address).not.toBeEditable();
  const share = page.getByRole('region', { name: 'Share' });
  for (const name of ['Post on LinkedIn', 'Post on X', 'Send by email']) {
    await expect(share.getByRole('link', { name })).toBeVisible();
  }
  await expectNoSeriousViolations(page, 'the recipient page');
  await screenshot(page, 'recipient-page-en');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/certificate/${french}`);
  await expect(page.getByRole('link', { name: 'Ajouter au profil LinkedIn' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Télécharger le PDF' })).toBeVisible();
  // nothing wider than the phone
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, 'the recipient page on a phone, in French');
  await page.getByRole('region', { name: 'Partager' }).scrollIntoViewIfNeeded();
  await screenshot(page, 'recipient-page-fr-390');
});
