import { expect, tallScreenshot as screenshot, test, signIn } from './fixtures';

const LOGO = {
  name: 'seal.svg',
  mimeType: 'image/svg+xml',
  buffer: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">' +
      '<circle cx="100" cy="100" r="96" fill="#1F3A5F"/><circle cx="100" cy="100" r="70" fill="#F4E3B2"/></svg>\n',
  ),
};

/** A plain certificate (type certificate) is created in the badge editor and listed under the certificate type. */
test('a plain certificate template is created in the badge editor', async ({ page, laurel }) => {
  await signIn(page, laurel, 'admin@example.org');
  await page.getByRole('link', { name: 'New badge' }).click();
  await expect(page).toHaveURL(/\/badge$/);

  const types = page.getByRole('radiogroup', { name: 'Template type' });
  await expect(types.getByRole('radio', { name: 'Open badge', exact: true })).toBeChecked();
  await types.getByRole('radio', { name: 'Certificate', exact: true }).check();
  await expect(page.getByText('a certificate has the same content and design')).toBeVisible();
  await screenshot(page, 'certificate-template-0-parameters-en');
  await page.getByRole('button', { name: 'Next', exact: true }).click();

  await page.getByLabel('Badge logo', { exact: true }).setInputFiles(LOGO);
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Certificate of attendance');
  await page
    .getByRole('textbox', { name: 'Template name (shown in the templates list)' })
    .fill('Attendance certificate');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(
    page.getByTestId('credential-preview').getByRole('heading', { name: 'Certificate of attendance' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Validate' }).click();
  await page.getByRole('button', { name: 'Save the template' }).click();
  await expect(page.getByRole('dialog', { name: 'Template saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to templates' }).click();

  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByTestId('template-card').filter({ hasText: 'Attendance certificate' })).toHaveCount(1);
  const stored = await laurel.app.laurel.db.selectFrom('templates').select(['type', 'label']).executeTakeFirstOrThrow();
  expect(stored.type).toBe('certificate');
  await screenshot(page, 'certificate-template-1-templates-en');
});
