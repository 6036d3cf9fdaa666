import { insertTemplate } from '../../server/repositories/templates';
import { expect, screenshot, test, signIn } from './fixtures';
import { openInApp } from './navigate';

const ADMIN = 'admin@example.org';

/**
 * A new user's path to every screen (issue 29): the badge image library and designer from the templates area and
 * from the template editor's image picker, the tags from the administration, the built-in help, a banner that goes
 * with a reload, the French labels and a date typed in the French format.
 */
test('a new user reaches the badge images, the designer, the tags and the help from the interface', async ({
  page,
  laurel,
}) => {
  test.setTimeout(180_000);
  await signIn(page, laurel, ADMIN);

  // the templates area leads to the library, whose first button designs a new badge
  await page.getByRole('link', { name: 'Badge images' }).click();
  await expect(page).toHaveURL(/\/badgeImageLibrary$/);
  await expect(page.getByRole('heading', { name: 'Badge image library' })).toBeVisible();
  await screenshot(page, 'findable-library-en');
  await page.getByRole('button', { name: 'Design a new badge' }).click();
  await expect(page).toHaveURL(/\/badgeImageEditor$/);
  await expect(page.getByLabel('Image name')).toHaveValue('New image');

  // the template editor's image picker opens the designer in a new tab, the template left as it is
  await page.getByRole('link', { name: 'Templates', exact: true }).click();
  await page.getByRole('link', { name: 'New badge' }).click();
  await expect(page).toHaveURL(/\/badge$/);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Choose from the image library' }).click();
  const dialog = page.getByRole('dialog');
  const design = dialog.getByRole('link', { name: 'Design a new badge' });
  await expect(design).toHaveAttribute('target', '_blank');
  await screenshot(page, 'findable-picker-en');
  const [designer] = await Promise.all([page.waitForEvent('popup'), design.click()]);
  await expect(designer).toHaveURL(/\/badgeImageEditor$/);
  await expect(designer.getByLabel('Image name')).toHaveValue('New image');
  await designer.close();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Return' }).click();

  // an administrator's tags are in the administration, not in the account menu
  await page.getByRole('link', { name: 'Templates', exact: true }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await page.getByRole('button', { name: /account menu/i }).click();
  await expect(page.getByRole('menuitem', { name: 'Security' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Tags' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('tab', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\/template-tags$/);
  await expect(page.getByRole('tab', { name: 'Tags' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Template tags', level: 2, exact: true })).toBeVisible();
  await screenshot(page, 'findable-tags-en');

  // the built-in help: a link to each screen, the drawer closed on the way
  await page.getByRole('button', { name: 'Help' }).click();
  const help = page.getByRole('dialog', { name: 'Help' });
  const guide = help.getByRole('region', { name: 'Getting around' });
  await expect(guide.getByRole('link', { name: 'Administration' })).toBeVisible();
  await expect(help.getByRole('link', { name: /Open the knowledge base/ })).toHaveCount(0);
  await screenshot(page, 'findable-help-en');
  await guide.getByRole('link', { name: 'Badge images' }).click();
  await expect(page).toHaveURL(/\/badgeImageLibrary$/);
  await expect(help).toBeHidden();

  // a "user added" banner belongs to its page: gone after a reload (which stays a real one)
  await openInApp(page, '/admin/users/create');
  await page.getByRole('textbox', { name: 'First name' }).fill('Grace');
  await page.getByRole('textbox', { name: 'Last name' }).fill('Hopper');
  await page.getByRole('textbox', { name: 'Email' }).fill('grace@example.org');
  await page.getByRole('button', { name: 'Add user' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByText('The user was added.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('row', { name: /grace@example.org/ })).toBeVisible();
  await expect(page.getByText('The user was added.')).toHaveCount(0);
});

test('in French: the labels, the badge types, and a date typed as jj/mm/aaaa, at 1280 and 390 px', async ({
  page,
  laurel,
}) => {
  const { db } = laurel.app.laurel;
  const issuer = await db.selectFrom('issuers').select('id').executeTakeFirstOrThrow();
  await insertTemplate(db, {
    issuer_id: issuer.id,
    type: 'openbadge',
    label: JSON.stringify({ en: 'Data literacy', fr: 'Culture des données' }),
    languages: 'en;fr',
  });
  await insertTemplate(db, { issuer_id: issuer.id, type: 'certificate', label: JSON.stringify('Attendance') });
  // the language chosen by the address at load; the other screens are opened inside the app
  await signIn(page, laurel, ADMIN, { at: '/templates?lang=fr' });
  await expect(page.getByRole('heading', { name: /modèle/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Images de badge' })).toBeVisible();
  await screenshot(page, 'findable-templates-fr');
  await page.getByRole('button', { name: /^Filtres/ }).click();
  const filters = page.getByRole('dialog', { name: 'Filtres' });
  await expect(filters.getByRole('checkbox', { name: 'Badges ouverts' })).toBeVisible();
  await expect(filters).not.toContainText('Open badge');
  await screenshot(page, 'findable-filters-fr');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Aide' }).click();
  const help = page.getByRole('dialog', { name: 'Aide' });
  await expect(
    help.getByRole('region', { name: 'Se repérer' }).getByRole('link', { name: 'Étiquettes' }),
  ).toBeVisible();
  await screenshot(page, 'findable-help-fr');
  await page.keyboard.press('Escape');

  // a date field says and takes the French format, whatever the browser's language (en-US here)
  await page.getByRole('link', { name: 'Campagnes', exact: true }).click();
  const start = page.getByRole('textbox', { name: 'Du' });
  await expect(start).toHaveAttribute('placeholder', 'jj/mm/aaaa');
  await start.fill('05/03/2026');
  await start.blur();
  await expect(start).toHaveValue('05/03/2026');
  await expect(page.getByText(/Saisissez une date/)).toHaveCount(0);
  await expect(page).toHaveURL(/2026-03-05/);
  await screenshot(page, 'findable-campaigns-date-fr');

  await page.setViewportSize({ width: 390, height: 844 });
  await openInApp(page, '/templates');
  await expect(page.getByRole('link', { name: 'Images de badge' })).toBeVisible();
  await screenshot(page, 'findable-templates-fr-390');
  await openInApp(page, '/template-tags');
  await expect(page.getByRole('tab', { name: 'Étiquettes' })).toBeVisible();
  await screenshot(page, 'findable-tags-fr-390');
  await openInApp(page, '/badgeImageLibrary');
  await expect(page.getByRole('button', { name: 'Dessiner un nouveau badge' })).toBeVisible();
  await screenshot(page, 'findable-library-fr-390');
});

test('at 390 px in English: the way to the badge images and the tags', async ({ page, laurel }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, laurel, ADMIN);
  await page.getByRole('link', { name: 'Badge images' }).click();
  await expect(page.getByRole('button', { name: 'Design a new badge' })).toBeVisible();
  await screenshot(page, 'findable-library-en-390');
  // the header's entries sit in a menu on a phone, the page no wider than the screen
  await page.getByRole('button', { name: 'Main menu' }).click();
  await screenshot(page, 'findable-menu-en-390');
  await page.getByRole('menuitem', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByRole('tab', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\/template-tags$/);
  await expect(page.getByRole('button', { name: 'Help' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Template tags', level: 2, exact: true })).toBeVisible();
  // once the list has drawn (the tabs measure their scroll buttons after the first paint)
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'findable-tags-en-390');
});
