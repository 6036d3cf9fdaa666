import { PROFILE } from '../../domain/roles';
import { totpFor } from '../../domain/totp';
import { insertUser } from '../../server/repositories/users';
import { expect, screenshot, signInByMail, test } from './fixtures';

test.describe.configure({ mode: 'serial' });

test('a new administrator signs in by mail, turns on the second factor, and signs in through it', async ({
  page,
  laurel,
}) => {
  await page.goto('/login');
  await screenshot(page, 'login-en');
  await page.getByLabel(/work email/i).fill('not an address');
  await page.getByRole('button', { name: /sign-in link/i }).click();
  await expect(page.getByRole('alert')).toContainText('not valid');

  await signInByMail(page, laurel, 'admin@example.org');
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole('heading', { name: 'No templates' })).toBeVisible();
  await screenshot(page, 'templates-empty-en');

  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Security' }).click();
  await expect(page.getByRole('heading', { name: 'Security' })).toBeVisible();
  await screenshot(page, 'security-off-en');
  await page.getByRole('button', { name: /set up two-step/i }).click();
  const secret = await page.getByTestId('totp-secret').getAttribute('data-secret');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await screenshot(page, 'security-secret-en');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('6-digit code').fill('000000' === totpFor(secret!).generate() ? '111111' : '000000');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('alert')).toContainText('not valid');
  // turned on with the previous step's code (still in the window): each code counts once, and the sign-in below
  // uses the current one
  await page.getByLabel('6-digit code').fill(totpFor(secret!).generate({ timestamp: Date.now() - 30_000 }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByText('Two-step verification is on.', { exact: false }).first()).toBeVisible();
  await expect(page.getByTestId('totp-state')).toHaveText('On');
  await screenshot(page, 'security-on-en');

  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signInByMail(page, laurel, 'admin@example.org');
  const prompt = page.getByRole('dialog', { name: 'Two-step verification' });
  await expect(prompt).toBeVisible();
  await screenshot(page, 'totp-prompt-en');
  await prompt
    .getByLabel('6-digit code')
    .fill(String((Number(totpFor(secret!).generate()) + 500_000) % 1_000_000).padStart(6, '0'));
  await prompt.getByRole('button', { name: 'Verify' }).click();
  await expect(prompt.getByRole('alert')).toContainText('not valid');
  await prompt.getByLabel('6-digit code').fill(totpFor(secret!).generate());
  await prompt.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/templates$/);

  // switch language and theme; both are kept on this browser
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Language' }).click();
  await page.getByRole('dialog').getByText('Français').click();
  await expect(page.getByRole('heading', { name: 'Aucun modèle' })).toBeVisible();
  await page.getByRole('button', { name: /menu du compte/i }).click();
  await page.getByRole('menuitem', { name: 'Thème sombre' }).click();
  const background = await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(background).not.toBe('rgb(255, 255, 255)');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Aucun modèle' })).toBeVisible();
  await page.getByRole('button', { name: /menu du compte/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Thème clair' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/security');
  await screenshot(page, 'security-on-fr-dark');

  // declining the prompt logs out
  await page.getByRole('button', { name: /menu du compte/i }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  // theme and language belong to the device: they outlive the session
  const loginBackground = await page.locator('body').evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(loginBackground).not.toBe('rgb(255, 255, 255)');
  await screenshot(page, 'login-fr-dark');
  await signInByMail(page, laurel, 'admin@example.org');
  const promptFr = page.getByRole('dialog', { name: 'Validation en deux étapes' });
  await expect(promptFr).toBeVisible();
  await screenshot(page, 'totp-prompt-fr');
  await promptFr.getByRole('button', { name: 'Annuler et se déconnecter' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});

test('a Reader is sent away from /admin, and unknown paths go to the login', async ({ page, laurel }) => {
  const issuer = await laurel.app.laurel.db.selectFrom('issuers').select('id').executeTakeFirstOrThrow();
  await insertUser(laurel.app.laurel.db, {
    issuer_id: issuer.id,
    email: 'reader@example.org',
    profile_id: PROFILE.Reader,
  });
  await laurel.app.laurel.db
    .updateTable('issuers')
    .set({ plan: 'ESSENTIALS_PACK' })
    .where('id', '=', issuer.id)
    .execute();
  await page.goto('/login?lang=en');
  await signInByMail(page, laurel, 'reader@example.org');
  await expect(page).toHaveURL(/\/templates$/);

  // global alerts: second factor off and an unverified issuer on ESSENTIALS_PACK; dismissed for the session
  const twoFactor = page.getByRole('alert').filter({ hasText: 'two-step verification' });
  await expect(twoFactor).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'not verified yet' })).toBeVisible();
  await screenshot(page, 'global-alerts-en');
  await twoFactor.getByRole('button', { name: 'Close' }).click();
  await expect(twoFactor).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'not verified yet' })).toBeVisible();
  await expect(twoFactor).toHaveCount(0);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/templates$/);
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/templates$/);
  await page.evaluate(() => localStorage.removeItem('auth_token'));
  await page.goto('/security');
  await expect(page).toHaveURL(/\/login$/);
});

test('the language comes from ?lang=, and the 3videnz brand from ?brand= on a local host', async ({ page }) => {
  await page.goto('/login?lang=es&brand=3videnz');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByText('3videnz').first()).toBeVisible();
  await screenshot(page, 'login-es-3videnz');
  await page.goto('/login?brand=unknown');
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByText('Laurel').first()).toBeVisible();
});

test('a user who has not accepted the terms cannot close the dialog until both are ticked', async ({
  page,
  laurel,
}) => {
  await page.goto('/login?lang=es');
  // the page keeps the language once it has started: wait for it before signing in
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await signInByMail(page, laurel, 'admin@example.org', { acceptTerms: false });
  const dialog = page.getByRole('dialog', { name: 'Antes de continuar' });
  await expect(dialog).toBeVisible();
  await screenshot(page, 'terms-dialog-es');
  const accept = dialog.getByRole('button', { name: 'Aceptar y continuar' });
  await expect(accept).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  const [legal] = await Promise.all([
    page.context().waitForEvent('page'),
    dialog.getByRole('link', { name: 'Leer las condiciones' }).click(),
  ]);
  await expect(legal).toHaveURL(/\/legal\/terms\.en\.html$/);
  await expect(legal.getByRole('heading', { level: 1 })).toHaveText('Terms of service');
  await legal.close();

  await dialog.getByRole('checkbox', { name: /Acepto las condiciones/ }).check();
  await expect(accept).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /He leído el aviso/ }).check();
  await accept.click();
  await expect(dialog).toBeHidden();
  const user = await laurel.app.laurel.db
    .selectFrom('users')
    .select(['ok_cgu', 'ok_notice'])
    .where('email', '=', 'admin@example.org')
    .executeTakeFirstOrThrow();
  expect(user).toEqual({ ok_cgu: 1, ok_notice: 1 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Ninguna plantilla' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
