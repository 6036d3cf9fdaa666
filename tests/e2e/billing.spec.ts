import type { Page } from '@playwright/test';
import { runCli } from '../../server/cli/runCli';
import { loginLinkIn } from '../support/smtpSink';
import { acceptTermsIfAsked, expect, screenshot, sessionToken, skipOnboarding, test, type Laurel } from './fixtures';

/** Runs the operators' tool against the test's server, as an operator would from a terminal. */
async function operator(laurel: Laurel, argv: string[]): Promise<string> {
  const printed: string[] = [];
  const { config } = laurel.app.laurel;
  const code = await runCli(
    argv,
    { DATA_DIR: config.dataDir, SMTP_URL: laurel.mailbox.url, PUBLIC_URL: laurel.baseURL },
    { out: (line) => printed.push(line), err: (line) => printed.push(line) },
  );
  expect(code, printed.join('\n')).toBe(0);
  return printed.join('\n');
}

async function shot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/**
 * Issue 18 end to end: an operator creates a second issuer from the command line; its Administrator signs in
 * from the invitation caught over SMTP, buys a pack through the built-in provider's test-mode checkout, and My
 * plan shows the credits and the plan once its polling sees the account change; the billing portal lists the
 * invoice and takes a cancellation; an upgrade is charged at the quoted fee. The seeded issuer, made a validator
 * of the new one only, sees exactly its own issuer and that one on its dashboard.
 */
test('a new issuer buys a pack through the test-mode checkout, sees credits and plan; a validator sees exactly its issuers', async ({
  page,
  laurel,
}) => {
  test.setTimeout(180_000);
  await operator(laurel, ['create-issuer', '--name', 'Acme Academy', '--admin-email', 'ann@acme.example']);
  await operator(laurel, ['create-issuer', '--name', 'Unrelated School', '--admin-email', 'bob@unrelated.example']);
  await operator(laurel, ['add-validated', '1', 'Acme Academy']);

  const invitation = await laurel.mailbox.waitFor('ann@acme.example');
  await skipOnboarding(page, laurel, 'ann@acme.example');
  await page.goto(loginLinkIn(invitation));
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await acceptTermsIfAsked(page, laurel);

  await page.goto('/myplan?lang=en');
  await expect(page.getByRole('heading', { name: 'My plan', level: 1 })).toBeVisible();
  const pack500 = page.getByRole('region', { name: 'Essentials 500' });
  await pack500.getByRole('button', { name: 'Buy' }).click();

  // the provider's own page, in test mode
  await page.waitForURL(/\/billing\/checkout\/cs_test_/);
  await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Buy Essentials 500' })).toBeVisible();
  await expect(page.getByText('€1,500.00').first()).toBeVisible();
  await shot(page, 'billing-checkout-en');
  await page.getByRole('button', { name: 'Pay €1,500.00' }).click();

  // back on My plan, which polls the account until the pack is there
  await page.waitForURL((url) => url.pathname === '/myplan');
  // at most 10 tries, 500 ms × the try's number apart
  await expect(page.getByText('Payment received: Essentials 500 is active')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Pack: Essentials 500')).toBeVisible();
  await expect(pack500.getByText('Your pack').first()).toBeVisible();
  await expect(page.getByText('600', { exact: true }).first()).toBeVisible();
  await shot(page, 'billing-myplan-after-checkout-en');

  // the billing portal: the invoice, then a cancellation pending until the period's end
  await page.getByRole('button', { name: 'Billing portal and invoices' }).click();
  await page.waitForURL(/\/billing\/portal\/bps_test_/);
  await expect(page.getByRole('heading', { name: 'Billing portal' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Pack Essentials 500' })).toBeVisible();
  await shot(page, 'billing-portal-en');
  await page.getByRole('button', { name: 'Cancel the plan at the end of the period' }).click();
  await expect(page.getByText(/Cancellation pending: your plan ends on/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Laurel' }).click();
  await page.waitForURL((url) => url.pathname === '/myplan');
  await expect(page.getByText('Cancellation pending')).toBeVisible();

  // in French: an upgrade at the quoted fee, then the checkout and the portal pages in French
  await page.goto('/myplan?lang=fr');
  const pack2000 = page.getByRole('region', { name: 'Essentiel 2 000' });
  await pack2000.getByRole('button', { name: 'Passer à ce pack' }).click();
  const dialog = page.getByRole('dialog', { name: 'Passer à Essentiel 2 000' });
  await expect(dialog).toContainText('3 000,00');
  await expect(dialog).toContainText('1 500 crédits');
  await shot(page, 'billing-upgrade-fr');
  await dialog.getByRole('button', { name: /Payer .* et changer de pack/ }).click();
  await expect(page.getByText('Vous êtes maintenant sur Essentiel 2 000.')).toBeVisible();
  await expect(page.getByText('Pack : Essentiel 2 000')).toBeVisible();
  await expect(page.getByText('2 100', { exact: true }).first()).toBeVisible();

  await expect(
    page.getByRole('region', { name: 'Essentiel 8 000' }).getByRole('button', { name: 'Passer à ce pack' }),
  ).toBeEnabled();
  const token = await page.evaluate(() => localStorage.getItem('auth_token'));
  const issuerId = JSON.parse(Buffer.from(String(token).split('.')[1], 'base64url').toString('utf8')).iid as number;
  const started = await fetch(`${laurel.baseURL}/api/billing/checkout/${issuerId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      price: 'essentials_8000_eur',
      currency: 'EUR',
      language: 'fr',
      success_url: `${laurel.baseURL}/myplan?checkout=done&product=essentials_8000`,
      cancel_url: `${laurel.baseURL}/myplan`,
    }),
  });
  expect(started.status).toBe(200);
  await page.goto(((await started.json()) as { url: string }).url);
  await expect(page.getByText('MODE TEST', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Acheter Essentiel 8 000' })).toBeVisible();
  await shot(page, 'billing-checkout-fr');
  await page.getByRole('link', { name: 'Annuler et revenir' }).click();
  await page.waitForURL((url) => url.pathname === '/myplan');
  await page.getByRole('button', { name: 'Portail de facturation et factures' }).click();
  await page.waitForURL(/\/billing\/portal\//);
  await expect(page.getByRole('cell', { name: 'Passage à Essentiel 2 000' })).toBeVisible();
  await expect(
    page
      .getByRole('button', { name: 'Résilier l’offre à la fin de la période' })
      .or(page.getByRole('button', { name: "Résilier l'offre à la fin de la période" })),
  ).toBeVisible();
  await shot(page, 'billing-portal-fr');

  // the validator: its own issuer and the one it validates, never the third
  const adminToken = await sessionToken(laurel, 'admin@example.org');
  expect(adminToken).toBeTruthy();
  await page.evaluate(() => localStorage.removeItem('auth_token'));
  await skipOnboarding(page, laurel, 'admin@example.org');
  await page.goto('/login?lang=en');
  await page.getByLabel(/email/i).fill('admin@example.org');
  const before = laurel.mailbox.messages.length;
  await page.getByRole('button', { name: /sign-in link/i }).click();
  await expect.poll(() => laurel.mailbox.messages.length).toBeGreaterThan(before);
  await page.goto(loginLinkIn(await laurel.mailbox.waitFor('admin@example.org')));
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await acceptTermsIfAsked(page, laurel);
  await page.goto('/dashboard?lang=en');
  await expect(page.getByText('Data for 2 issuers')).toBeVisible();
  await page.getByRole('button', { name: 'Filter' }).click();
  const drawer = page.getByRole('dialog', { name: 'Issuers' });
  await expect(drawer.getByRole('checkbox')).toHaveCount(2);
  await expect(drawer.getByRole('checkbox', { name: /Acme Academy/ })).toBeVisible();
  await expect(drawer.getByText('Unrelated School')).toHaveCount(0);
});

/** Self-service sign-up (off by default): the login page's entry, the mailed link, a new FREE_TRIAL issuer. */
test('a free trial started from the login page creates the organisation on the link’s first use', async ({
  page,
  laurel,
}) => {
  laurel.app.laurel.config.signUp.enabled = true;
  await page.goto('/login?lang=fr');
  await page.getByRole('button', { name: 'Démarrer un essai gratuit' }).click();
  await expect(page.getByRole('heading', { name: 'Démarrer un essai gratuit' })).toBeVisible();
  await page.getByLabel("Nom de l'organisation").fill('Atelier Lumière');
  await page.getByLabel(/e-mail/i).fill('lea@atelier.example');
  await shot(page, 'signup-fr');
  await page.getByRole('button', { name: "M'envoyer le lien" }).click();
  await expect(page.getByText(/Un lien est en route vers lea@atelier.example/)).toBeVisible();

  const mail = await laurel.mailbox.waitFor('lea@atelier.example');
  expect(mail.subject).toBe('Confirmez votre essai gratuit de Laurel');
  await page.goto(loginLinkIn(mail));
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  // a new free trial: the onboarding questionnaire runs as for any free-trial account
  await expect(page.getByText('Bienvenue sur Laurel')).toBeVisible();
  await expect(page.getByTestId('header-credits')).toContainText('100');
  const issuer = await laurel.app.laurel.db
    .selectFrom('issuers')
    .selectAll()
    .where('name', '=', 'Atelier Lumière')
    .executeTakeFirstOrThrow();
  expect(issuer).toMatchObject({ plan: 'FREE_TRIAL', credits: 100 });

  await page.evaluate(() => localStorage.removeItem('auth_token'));
  await page.goto('/login?lang=en');
  await expect(page.getByText('New here?')).toBeVisible();
  await shot(page, 'signup-entry-en');
  await page.getByRole('button', { name: 'Start a free trial' }).click();
  await page.getByLabel('Organisation name').fill('Bright Learning');
  await page.getByLabel(/email/i).fill('sam@bright.example');
  await shot(page, 'signup-en');
});
