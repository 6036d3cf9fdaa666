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
