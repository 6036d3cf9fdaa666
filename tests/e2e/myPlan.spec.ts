import { PROFILE } from '../../domain/roles';
import { insertUser } from '../../server/repositories/users';
import { expect, screenshot, test, signIn } from './fixtures';

test('the administrator opens My plan from the user menu, copies the coupon and opens a checkout; others ask sales', async ({
  page,
  laurel,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, laurel, 'admin@example.org');
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My plan' }).click();
  await expect(page).toHaveURL(/\/myplan$/);
  await expect(page.getByRole('heading', { name: 'My plan', level: 1 })).toBeVisible();

  // plan summary: a new free trial, 30 days from today
  await expect(page.getByText('Free trial', { exact: true })).toBeVisible();
  await expect(page.getByText(/^Your free trial ends on /)).toBeVisible();
  await expect(page.getByTestId('plan-milestone')).toHaveText(/^In (1 month|30 days|\d+ days)/);
  await expect(page.getByText('Certificates issued')).toBeVisible();
  await expect(page.getByText('Credits left')).toBeVisible();

  // the credit log holds the seeded initial credits
  const log = page.getByRole('table', { name: 'Credit log' });
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log.getByRole('row').nth(1)).toContainText('Credits added');
  await expect(log.getByRole('row').nth(1)).toContainText('+100');

  // the coupon (its copy button is tried after the screenshot)
  await expect(page.getByTestId('coupon-code')).toHaveText('LAUREL40');
  await expect(page.getByText('−40%')).toBeVisible();

  // the packs, priced in euros from minor units
  const pack = page.getByRole('region', { name: 'Essentials 2,000' });
  await expect(pack).toContainText('€4,500.00');
  await expect(pack).toContainText('€2.25 per certificate');
  await expect(pack).toContainText('€2,700.00 with the coupon');
  await screenshot(page, 'myplan-en');

  await page.getByRole('button', { name: 'Copy the code' }).click();
  await expect(page.getByText('Code copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('LAUREL40');

  // an Administrator buys through the billing service's checkout page (tests/e2e/billing.spec.ts goes on to pay)
  await pack.getByRole('button', { name: 'Buy' }).click();
  await page.waitForURL(/\/billing\/checkout\/cs_test_/);
  await expect(page.getByText('TEST MODE', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await page.waitForURL((url) => url.pathname === '/myplan');

  // other users ask the sales team for a pack
  const { id: issuerId } = await laurel.app.laurel.db.selectFrom('issuers').select('id').executeTakeFirstOrThrow();
  await insertUser(laurel.app.laurel.db, {
    issuer_id: issuerId,
    email: 'pub@example.org',
    profile_id: PROFILE.Publisher,
  });
  await page.evaluate(() => localStorage.removeItem('auth_token'));
  await signIn(page, laurel, 'pub@example.org', { at: '/myplan?lang=es' });
  await expect(page.getByRole('heading', { name: 'Mi plan', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Historial de créditos' })).toContainText('Créditos añadidos');
  await expect(page.getByRole('region', { name: 'Esencial 2000' })).toContainText('4500,00 €');
  await screenshot(page, 'myplan-es');
  await page.getByRole('region', { name: 'Esencial 2000' }).getByRole('button', { name: 'Comprar' }).click();
  const cajon = page.getByRole('dialog', { name: 'Ayuda' });
  await expect(cajon.getByRole('combobox', { name: /Tipo/ })).toHaveText('Equipo comercial');
  await expect(cajon.getByRole('textbox', { name: /Asunto/ })).toHaveValue('Pedido: Esencial 2000 (essentials_2000)');
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, 'myplan-sales-drawer-es');
});

test('an account holding a pack sees its cap, the packs it may still order and a pending cancellation', async ({
  page,
  laurel,
}) => {
  const { db } = laurel.app.laurel;
  await db
    .updateTable('issuers')
    .set({
      plan: 'ESSENTIALS_PACK',
      verified: 1,
      plan_product: 'essentials_2000',
      plan_cancel_at: '2027-05-31T00:00:00.000Z',
    })
    .execute();
  await signIn(page, laurel, 'admin@example.org', { at: '/myplan' });
  await expect(page.getByText('Essentials', { exact: true })).toBeVisible();
  await expect(page.getByText('Cancellation pending')).toBeVisible();
  await expect(page.getByText('Your plan ends on May 31, 2027')).toBeVisible();
  await expect(page.getByText(/^Your plan renews on /)).toHaveCount(0);
  await expect(page.getByText('of 2,000')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Essentials 500' }).getByRole('button')).toBeDisabled();
  await expect(
    page.getByRole('region', { name: 'Essentials 2,000' }).getByRole('button', { name: 'Your pack' }),
  ).toBeDisabled();
  await expect(
    page.getByRole('region', { name: 'Essentials 5,000' }).getByRole('button', { name: 'Upgrade' }),
  ).toBeEnabled();
  await screenshot(page, 'myplan-pack-en');

  await page.goto('/myplan?lang=fr');
  await expect(page.getByText('Résiliation en cours')).toBeVisible();
  await screenshot(page, 'myplan-pack-fr');
});

test('a Reader reaches My plan from the free-trial banner, without a menu entry', async ({ page, laurel }) => {
  const issuer = await laurel.app.laurel.db.selectFrom('issuers').select('id').executeTakeFirstOrThrow();
  await insertUser(laurel.app.laurel.db, {
    issuer_id: issuer.id,
    email: 'reader@example.org',
    profile_id: PROFILE.Reader,
    first_name: 'Rita',
    last_name: 'Reader',
  });
  await signIn(page, laurel, 'reader@example.org');
  await expect(page).toHaveURL(/\/templates/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Security' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'My plan' })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'See the plans' }).click();
  await expect(page).toHaveURL(/\/myplan$/);
  await expect(page.getByText('Free trial', { exact: true })).toBeVisible();
  await expect(page.getByTestId('coupon-code')).toHaveText('LAUREL40');
});
