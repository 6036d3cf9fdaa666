import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as XLSX from 'xlsx';
import { acceptTermsIfAsked, expect, screenshot, test, signIn } from './fixtures';
import { openInApp } from './navigate';
import { loginLinkIn } from '../support/smtpSink';

test('an administrator adds a Manager with an invitation, edits them, and manages org units', async ({
  page,
  laurel,
  browser,
}) => {
  await signIn(page, laurel, 'admin@example.org');
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: '1 user' })).toBeVisible();

  await page.getByRole('link', { name: 'Add user' }).click();
  await expect(page).toHaveURL(/\/admin\/users\/create$/);
  await page.getByRole('textbox', { name: 'First name' }).fill('Grace');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
  await page.getByRole('textbox', { name: 'Email' }).fill('grace@example.org');
  await page.getByRole('combobox', { name: 'Profile' }).click();
  await page.getByRole('option', { name: 'Manager' }).click();
  await page.getByRole('combobox', { name: 'Org unit' }).fill('Sales');
  await page.getByRole('option', { name: /Create the unit/ }).click();
  await screenshot(page, 'admin-user-create-en');
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByText('The user was added.')).toBeVisible();
  const row = page.getByRole('row', { name: /grace@example.org/ });
  await expect(row).toContainText('Manager');
  await expect(row).toContainText('Sales');
  await screenshot(page, 'admin-users-en');

  // the invitation arrives over real SMTP and signs Grace in
  const invitation = await laurel.mailbox.waitFor('grace@example.org');
  expect(invitation.subject).toContain('invited');
  const grace = await browser.newPage({ baseURL: laurel.baseURL });
  await grace.goto(loginLinkIn(invitation));
  await expect(grace).toHaveURL(/\/templates$/);
  await acceptTermsIfAsked(grace, laurel);
  await expect(grace.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await grace.close();

  // the edit form shows the list's cached row at once; the record's own answer is held back while Grace's last
  // name is typed, and someone else changes her first name meanwhile: the answer fills the untouched fields and
  // keeps what was typed
  let answerRecord!: () => void;
  const recordHeld = new Promise<void>((resolve) => (answerRecord = resolve));
  await page.route('**/api/admin/users', async (route) => {
    await recordHeld;
    await route.continue();
  });
  await Promise.all([page.waitForRequest('**/api/admin/users'), row.getByRole('link', { name: /Edit/ }).click()]);
  await expect(page).toHaveURL(/\/admin\/users\/\d+$/);
  const firstName = page.getByRole('textbox', { name: 'First name' });
  const lastName = page.getByRole('textbox', { name: 'Last name' });
  await expect(firstName).toHaveValue('Grace');
  await lastName.fill('Brewster Hopper');
  await laurel.app.laurel.db
    .updateTable('users')
    .set({ first_name: 'Grace B.' })
    .where('email', '=', 'grace@example.org')
    .execute();
  const recordAnswered = page.waitForResponse('**/api/admin/users');
  answerRecord();
  await recordAnswered;
  await expect(firstName).toHaveValue('Grace B.');
  await expect(lastName).toHaveValue('Brewster Hopper');
  await expect(page.getByRole('combobox', { name: 'Profile' })).toHaveText('Manager');
  await page.unroute('**/api/admin/users');
  await screenshot(page, 'admin-user-edit-en');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The user was updated.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Brewster Hopper/ })).toBeVisible();

  // one cannot delete oneself
  await expect(
    page.getByRole('row', { name: /admin@example.org/ }).getByRole('button', { name: /Delete/ }),
  ).toBeDisabled();

  // the list's sort lives in the address: it survives a reload, and the back button returns to the previous one
  const emails = () =>
    page
      .getByRole('row')
      .filter({ hasText: '@example.org' })
      .getByText(/@example\.org/);
  await page.getByRole('columnheader', { name: 'Last name' }).click();
  await expect(page).toHaveURL(/sort=lastName/);
  await page.getByRole('columnheader', { name: 'Last name' }).click();
  await expect(page).toHaveURL(/order=DESC/);
  await expect(emails()).toHaveText(['grace@example.org', 'admin@example.org']);
  await page.reload();
  await expect(page).toHaveURL(/sort=lastName/);
  await expect(emails()).toHaveText(['grace@example.org', 'admin@example.org']);
  await page.goBack();
  await expect(page).toHaveURL(/order=ASC/);
  await expect(emails()).toHaveText(['admin@example.org', 'grace@example.org']);
  await page.goForward();
  await expect(emails()).toHaveText(['grace@example.org', 'admin@example.org']);

  // the list as a spreadsheet, in the list's sort, with the table's columns
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^\d{4}-\d{2}-\d{2}_Users\.xlsx$/);
  const book = XLSX.read(fs.readFileSync(await download.path()), { type: 'buffer' });
  expect(XLSX.utils.sheet_to_json<string[]>(book.Sheets.Users, { header: 1, defval: '' })).toEqual([
    ['Profile', 'First name', 'Last name', 'Email', 'Org unit', 'Two-step verification'],
    ['Manager', 'Grace B.', 'Brewster Hopper', 'grace@example.org', 'Sales', 'Off'],
    ['Administrator', 'Admin', '', 'admin@example.org', '', 'Off'],
  ]);
  await screenshot(page, 'admin-users-sorted-en');

  await page.getByRole('tab', { name: 'Org units' }).click();
  await expect(page.getByRole('heading', { name: '1 org unit' })).toBeVisible();
  await page.getByRole('button', { name: 'Add an org unit' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('sales');
  await expect(page.getByRole('dialog')).toContainText('This name is already used.');
  await page.getByRole('dialog').getByLabel('Name').fill('Training');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: '2 org units' })).toBeVisible();
  await page
    .getByRole('row', { name: /Training/ })
    .getByRole('button', { name: /Edit/ })
    .click();
  await page.getByRole('dialog').getByLabel('Name').fill('Training team');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Training team/ })).toBeVisible();
  await screenshot(page, 'admin-org-units-en');

  await page
    .getByRole('row', { name: /Training team/ })
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: 'Remove' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByRole('button', { name: 'Remove' })).toBeDisabled();
  await confirm.getByLabel(/Type DELETE/).fill('DELETE');
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('heading', { name: '1 org unit' })).toBeVisible();
});

test('an administrator generates a Publisher key and a plain HTTP client lists templates with it', async ({
  page,
  laurel,
}) => {
  await signIn(page, laurel, 'admin@example.org', { at: '/admin/api-keys' });
  const generator = page.getByTestId('generator-publisher');
  await generator.getByRole('button', { name: 'Generate' }).click();
  await expect(generator.getByRole('button', { name: 'Generate' })).toBeDisabled();
  await generator.getByRole('button', { name: 'I am not sure' }).click();
  await generator.getByRole('button', { name: 'Generate' }).click();
  await generator.getByLabel(/Type GENERATE/).fill('GENERATE');
  await generator.getByRole('button', { name: 'Generate' }).click();
  const key = (await generator.getByTestId('api-key').textContent()) ?? '';
  expect(key).toMatch(/^lrl_/);
  await expect(page.getByRole('table', { name: 'Keys issued' })).toContainText('Publisher');
  // the key that signs the issuer's transparency log (its DID before it has one): no chain is configured here
  await expect(page.getByTestId('blockchain-address')).toHaveText(/^did:web:[^#\s]+:ob:issuers:\d+(#key-\d+)?$/);
  // …labelled as what it is: a did:web key is not a blockchain address
  await expect(page.getByText('Signing key', { exact: true })).toBeVisible();
  await expect(page.getByText('Blockchain address')).toHaveCount(0);
  await screenshot(page, 'admin-api-keys-en');

  const listed = await fetch(`${laurel.baseURL}/api/admin/templates`, { headers: { authorization: `Bearer ${key}` } });
  expect(listed.status).toBe(200);
  expect(Array.isArray(await listed.json())).toBe(true);
  const users = await fetch(`${laurel.baseURL}/api/admin/users`, { headers: { authorization: `Bearer ${key}` } });
  expect(users.status).toBe(403);

  await page.getByRole('button', { name: 'Revoke' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(page.getByRole('table', { name: 'Keys issued' })).toContainText('Revoked');
  const refused = await fetch(`${laurel.baseURL}/api/admin/templates`, { headers: { authorization: `Bearer ${key}` } });
  expect(refused.status).toBe(401);
});

test('an administrator configures the notification webhook and tests it against a receiver', async ({
  page,
  laurel,
}) => {
  const received: { method: string; url: string; body: string }[] = [];
  const receiver = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ method: request.method ?? '', url: request.url ?? '', body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  try {
    await signIn(page, laurel, 'admin@example.org', { at: '/admin/notifications' });
    const url = page.getByRole('textbox', { name: 'Address (URL)' });
    await url.fill('not a url');
    await expect(page.getByText('This is not a valid address.')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
    await url.fill(`http://127.0.0.1:${port}/hooks?campaign=\${campaignId}`);
    const content = page.getByRole('textbox', { name: 'Content (JSON)' });
    await content.fill('{ "campaign": "${campaignId');
    await expect(page.getByText('This is not valid JSON.')).toBeVisible();
    await content.fill('{ "campaign": "${campaignId}", "source": "laurel" }');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The notification settings were saved.')).toBeVisible();
    await screenshot(page, 'admin-notifications-en');
    await page.getByRole('button', { name: 'Send a test' }).click();
    await expect(page.getByText('The test request was received successfully.')).toBeVisible();
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/hooks?campaign=0' });
    expect(JSON.parse(received[0].body)).toEqual({ campaign: '0', source: 'laurel' });
  } finally {
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});

test('an administrator changes a profile field, restores it, saves another, and meets a plan lock', async ({
  page,
  laurel,
}) => {
  await signIn(page, laurel, 'admin@example.org');
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile\/issuer$/);
  const country = page.getByRole('textbox', { name: 'Country (ISO code)' });
  await country.fill('FR');
  await expect(page.getByText('1 change')).toBeVisible();
  await page.getByRole('button', { name: 'Restore: Country (ISO code)' }).click();
  await expect(country).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.getByRole('tab', { name: 'Certificate display' }).click();
  await page.getByRole('textbox', { name: 'Your website' }).fill('https://north.example.edu');
  await expect(page.getByTestId('profile-field-title')).toContainText('Available from the Essentials plan.');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The profile was saved.')).toBeVisible();
  await screenshot(page, 'profile-display-en');
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Your website' })).toHaveValue('https://north.example.edu');

  // a setting only the support team changes offers the contact form, filled in with what to change
  await page.getByRole('tab', { name: 'Features' }).click();
  await page.getByTestId('profile-field-canEditTables').getByRole('button', { name: 'Contact us' }).click();
  const help = page.getByRole('dialog', { name: 'Help' });
  await expect(help.getByRole('textbox', { name: /Subject|Object/ })).toHaveValue(
    'Change the setting: Edit reference tables',
  );
  await screenshot(page, 'profile-contact-en');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await page.getByRole('tab', { name: 'Emailing' }).click();
  await expect(page.getByRole('textbox', { name: 'Sender email' })).toBeDisabled();
  await expect(
    page.getByTestId('profile-field-sender.email').getByRole('link', { name: 'See the plans' }),
  ).toHaveAttribute('href', '/myplan');
  await page.goto('/profile/emailing?lang=es');
  await screenshot(page, 'profile-emailing-es');
});

test('the admin screens in Spanish', async ({ page, laurel }) => {
  // the language chosen by the address at the first load; the other screens are opened inside the app
  await signIn(page, laurel, 'admin@example.org', { at: '/admin/users?lang=es' });
  for (const [path, name] of [
    ['/admin/users', 'admin-users-es'],
    ['/admin/org-units', 'admin-org-units-es'],
    ['/admin/api-keys', 'admin-api-keys-es'],
    ['/admin/notifications', 'admin-notifications-es'],
    ['/template-tags', 'template-tags-es'],
    ['/security', 'security-es'],
  ]) {
    if (path !== '/admin/users') await openInApp(page, path);
    await expect(page.getByRole('link', { name: 'Plantillas' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await screenshot(page, name);
  }
});

test('an administrator of an unverified Essentials account sends the verification form', async ({ page, laurel }) => {
  const db = laurel.app.laurel.db;
  await db.updateTable('issuers').set({ plan: 'ESSENTIALS_PACK' }).execute();
  await signIn(page, laurel, 'admin@example.org');
  await page
    .getByRole('alert')
    .filter({ hasText: 'not verified yet' })
    .getByRole('button', { name: 'Open the form' })
    .click();
  await expect(page).toHaveURL(/\/profile\/AccountVerificationForm$/);
  await expect(page.getByRole('tab', { name: 'Verification' })).toHaveAttribute('aria-selected', 'true');

  await page.getByRole('button', { name: 'Send for verification' }).click();
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await expect(page.getByText('The logo is required.')).toBeVisible();
  await screenshot(page, 'verification-errors-en');

  await page.getByRole('textbox', { name: 'Public name' }).fill('North Academy');
  await page.getByRole('textbox', { name: 'Official (registered) name' }).fill('North Academy Ltd');
  await page.getByRole('textbox', { name: 'Legal form' }).fill('Private limited company');
  await page.getByRole('textbox', { name: 'Registered address' }).fill('1 Harbour Street\nLeith, Edinburgh');
  await page.getByRole('textbox', { name: 'Website' }).fill('north.example.edu');
  await page.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: 'United Kingdom' }).click();
  await page.getByLabel('High-resolution logo').setInputFiles({
    name: 'logo.gif',
    mimeType: 'image/gif',
    buffer: Buffer.from('GIF89a'),
  });
  await expect(page.getByText('This file type is not supported.')).toBeVisible();
  await page.getByLabel('High-resolution logo').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="8" height="8"><rect width="8" height="8"/></svg>',
    ),
  });
  await page.getByLabel('Official document (registration certificate, statutes…)').setInputFiles({
    name: 'certificate.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('%PDF-1.7\n%%EOF\n'),
  });
  await expect(page.getByText('logo.svg')).toBeVisible();
  await screenshot(page, 'verification-form-en');
  await page.getByRole('button', { name: 'Send for verification' }).click();
  await expect(page.getByText('Your verification request was sent.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your verification is being processed' })).toBeVisible();
  // the alert asks no more once the request is in
  await expect(page.getByRole('alert').filter({ hasText: 'not verified yet' })).toHaveCount(0);
  const request = await db.selectFrom('account_verifications').selectAll().executeTakeFirstOrThrow();
  expect(request).toMatchObject({ public_name: 'North Academy', country: 'GB', statement_intent: 1 });

  await page.goto('/profile/AccountVerificationForm?lang=es');
  await expect(page.getByRole('heading', { name: 'Su verificación está en curso' })).toBeVisible();
  await screenshot(page, 'verification-processing-es');
});
