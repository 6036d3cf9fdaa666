import { expect, screenshot, test, signIn } from './fixtures';

/** A small real PNG (1×1). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a signed-in user asks a question with a screenshot from the help drawer, and support receives it', async ({
  page,
  laurel,
}) => {
  await signIn(page, laurel, 'admin@example.org');
  await page.getByRole('button', { name: 'Help' }).click();
  const drawer = page.getByRole('dialog', { name: 'Help' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Restart the guided tour' })).toBeVisible();
  // no HELP_URL: the built-in guide, no knowledge base
  await expect(
    drawer.getByRole('region', { name: 'Getting around' }).getByRole('link', { name: 'Templates' }),
  ).toBeVisible();
  await expect(drawer.getByRole('link', { name: /Open the knowledge base/ })).toHaveCount(0);
  const send = drawer.getByRole('button', { name: 'Send' });
  await expect(send).toBeDisabled();

  await drawer.getByRole('combobox', { name: /Request type/ }).click();
  await page.getByRole('option', { name: 'Question' }).click();
  await drawer.getByRole('textbox', { name: /Subject/ }).fill('Where is my campaign?');
  await drawer.getByRole('textbox', { name: /Description/ }).fill('I published yesterday and cannot find it.');
  await drawer.locator('input[type="file"]').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG });
  await expect(drawer.getByRole('list', { name: 'Attached files' })).toContainText('screen.png');
  await expect(drawer.getByText('21/100')).toBeVisible();
  await screenshot(page, 'help-drawer-filled-en');
  await send.scrollIntoViewIfNeeded();
  await screenshot(page, 'help-drawer-attachment-en');

  await send.click();
  await expect(drawer.getByText('Message sent')).toBeVisible();
  await expect(drawer).toContainText('admin@example.org');
  await screenshot(page, 'help-drawer-sent-en');

  // the message really arrived at the support address, over SMTP, with the file and the user to reply to
  const mail = await laurel.mailbox.waitFor('support@laurel.local');
  expect(mail.subject).toBe('Support request (question): Where is my campaign?');
  expect(mail.raw).toMatch(/^Reply-To: .*<admin@example\.org>/m);
  expect(mail.raw).toMatch(/filename="?screen\.png"?/);
  expect(mail.raw.replace(/\s+/g, '')).toContain(PNG.toString('base64'));
  expect(mail.text).toContain('I published yesterday and cannot find it.');

  // closing after the success clears the form
  await drawer.getByRole('status').getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await page.getByRole('button', { name: 'Help' }).click();
  await expect(drawer.getByRole('textbox', { name: /Subject/ })).toHaveValue('');
});

test('the help page and the drawer in Spanish, with a file too big left out', async ({ page, laurel }) => {
  laurel.app.laurel.config.helpUrl = 'https://kb.example.org/{lang}/';
  await signIn(page, laurel, 'admin@example.org', { at: '/help?lang=es' });
  await expect(page.getByRole('heading', { name: 'Ayuda', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: /Abrir la base de conocimientos/ })).toHaveAttribute(
    'href',
    'https://kb.example.org/es/',
  );
  await screenshot(page, 'help-page-es');

  await page.getByRole('button', { name: 'Ayuda' }).click();
  const drawer = page.getByRole('dialog', { name: 'Ayuda' });
  await drawer.locator('input[type="file"]').setInputFiles({
    name: 'grande.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(1024 * 1024),
  });
  await expect(page.getByText(/Este archivo es demasiado grande/)).toBeVisible();
  await expect(drawer.getByRole('list', { name: 'Archivos adjuntos' })).toHaveCount(0);
  await screenshot(page, 'help-drawer-file-too-big-es');

  await page.goto('/help?lang=fr');
  await expect(page.getByRole('link', { name: /Ouvrir la base de connaissances/ })).toHaveAttribute(
    'href',
    'https://kb.example.org/fr/',
  );
});
