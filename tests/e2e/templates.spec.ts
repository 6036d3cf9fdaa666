import { insertTemplate } from '../../server/repositories/templates';
import { expect, screenshot, signInByMail, test } from './fixtures';

test('the templates page counts, searches, sorts, filters by status, saves notes and disables behind a confirmation', async ({
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
  await insertTemplate(db, {
    issuer_id: issuer.id,
    type: 'cpf_onshelf',
    label: JSON.stringify('Welding certificate'),
    languages: 'fr',
    default_language: 'fr',
    notes: 'Spring cohort',
  });
  await insertTemplate(db, {
    issuer_id: issuer.id,
    type: 'openbadge',
    label: JSON.stringify('Archived badge'),
    enabled: 0,
  });

  await signInByMail(page, laurel, 'admin@example.org');
  await expect(page.getByRole('heading', { name: '2 templates' })).toBeVisible();
  await expect(page.getByText('free trial with 100 credits')).toBeVisible();
  await screenshot(page, 'templates-en');

  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByRole('heading', { name: '3 templates' })).toBeVisible();
  await page.getByRole('button', { name: 'Inactive' }).click();
  await expect(page.getByTestId('template-card')).toHaveText(/Archived badge/);
  await page.getByRole('button', { name: 'Active', exact: true }).click();

  await page.getByRole('textbox', { name: 'Search by label, id or notes' }).fill('cohort');
  await expect(page.getByTestId('template-card')).toHaveCount(1);
  await expect(page.getByTestId('template-card')).toContainText('Welding certificate');
  await page.getByRole('textbox', { name: 'Search by label, id or notes' }).fill('');

  await page.getByRole('combobox', { name: /Sort by/ }).click();
  await page.getByRole('option', { name: 'Name, A to Z' }).click();
  await expect(page.getByTestId('template-card').first()).toContainText('Data literacy');
  await page.getByRole('combobox', { name: /Sort by/ }).click();
  await page.getByRole('option', { name: 'Name, Z to A' }).click();
  await expect(page.getByTestId('template-card').first()).toContainText('Welding certificate');

  const data = page.getByTestId('template-card').filter({ hasText: 'Data literacy' });
  await expect(data.getByRole('button', { name: 'Save' })).toBeDisabled();
  await data.getByLabel('Notes').fill('  For the autumn session  ');
  await data.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Notes saved.')).toBeVisible();
  await expect(data.getByRole('button', { name: 'Save' })).toBeDisabled();
  const stored = await db
    .selectFrom('templates')
    .select('notes')
    .where('label', '=', JSON.stringify({ en: 'Data literacy', fr: 'Culture des données' }))
    .executeTakeFirstOrThrow();
  expect(stored.notes).toBe('For the autumn session');

  await data.getByRole('button', { name: /More actions/ }).click();
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByRole('heading', { name: '1 template' })).toBeVisible();

  await page.goto('/templates?lang=fr');
  await page.reload();
  await expect(page.getByRole('heading', { name: /modèle/ })).toBeVisible();
  await screenshot(page, 'templates-fr');
});

test('the tags page adds, renames, assigns, shows the tagged templates and removes a tag', async ({ page, laurel }) => {
  const { db } = laurel.app.laurel;
  const issuer = await db.selectFrom('issuers').select('id').executeTakeFirstOrThrow();
  await insertTemplate(db, { issuer_id: issuer.id, type: 'openbadge', label: JSON.stringify('Robotics badge') });
  await signInByMail(page, laurel, 'admin@example.org');
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\/template-tags$/);
  await expect(page.getByRole('heading', { name: 'No tags' })).toBeVisible();

  await page.getByRole('button', { name: 'Add a tag' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('STEM');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await page.getByRole('button', { name: 'Add a tag' }).click();
  await page.getByRole('dialog').getByLabel('Name').fill('stem');
  await expect(page.getByRole('dialog')).toContainText('This name is already used.');
  await page.getByRole('dialog').getByLabel('Name').fill('x'.repeat(31));
  await expect(page.getByRole('dialog')).toContainText('at most 30 characters');
  await page.getByRole('dialog').getByLabel('Name').fill('Spring');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: '2 tags' })).toBeVisible();

  await page
    .getByRole('row', { name: /Spring/ })
    .getByRole('button', { name: /Edit/ })
    .click();
  await page.getByRole('dialog').getByLabel('Name').fill('Autumn');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Autumn/ })).toBeVisible();

  await page.getByRole('checkbox', { name: 'STEM' }).check();
  await page.getByRole('button', { name: 'Assign' }).click();
  await page.getByRole('dialog').getByLabel('Robotics badge').check();
  await page.getByRole('dialog').getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByRole('row', { name: /STEM/ })).toContainText('1');
  await screenshot(page, 'template-tags-en');

  await page.getByRole('row', { name: /STEM/ }).getByRole('button', { name: 'View templates' }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole('button', { name: 'STEM' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('template-card')).toHaveCount(1);
  await expect(page.getByTestId('template-card')).toContainText('Robotics badge');

  await page.goto('/template-tags');
  await page.getByRole('checkbox', { name: 'Autumn' }).check();
  await page.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/Type DELETE/)
    .fill('DELETE');
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('heading', { name: '1 tag' })).toBeVisible();
});
