import { PROFILE } from '../../domain/roles';
import { insertTemplate } from '../../server/repositories/templates';
import { insertUser } from '../../server/repositories/users';
import { expect, screenshot, sessionToken, test, signIn } from './fixtures';

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

  await signIn(page, laurel, 'admin@example.org');
  await expect(page.getByRole('heading', { name: '2 templates' })).toBeVisible();
  await expect(page.getByText('free trial with 100 credits')).toBeVisible();
  await screenshot(page, 'templates-en');

  await page.getByRole('button', { name: 'All', exact: true }).click();
  await expect(page.getByRole('heading', { name: '3 templates' })).toBeVisible();
  await page.getByRole('button', { name: 'Inactive' }).click();
  await expect(page.getByRole('heading', { name: '1 template' })).toBeVisible();
  // the grid follows the server's answer; on a loaded machine the first inactive card takes a moment to draw
  await expect(page.getByTestId('template-card')).toHaveText(/Archived badge/, { timeout: 20_000 });
  await page.getByRole('button', { name: 'Active', exact: true }).click();
  // the active list first, or the inactive card still shown would pass for the search's one card
  await expect(page.getByRole('heading', { name: '2 templates' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Search by label, id or notes' }).fill('cohort');
  await expect(page.getByRole('heading', { name: '1 template' })).toBeVisible();
  await expect(page.getByTestId('template-card')).toHaveCount(1);
  await expect(page.getByTestId('template-card')).toContainText('Welding certificate');
  // the search, the status and the sort live in the URL: a reload shows the same view
  await page.getByRole('button', { name: 'All', exact: true }).click();
  await page.getByRole('combobox', { name: /Sort by/ }).click();
  await page.getByRole('option', { name: 'Name, Z to A' }).click();
  await expect(page).toHaveURL(/sort=label/);
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Search by label, id or notes' })).toHaveValue('cohort');
  await expect(page.getByRole('heading', { name: '1 template' })).toBeVisible();
  await expect(page.getByTestId('template-card')).toContainText('Welding certificate');
  await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('combobox', { name: /Sort by/ })).toHaveText('Name, Z to A');
  await page.getByRole('button', { name: 'Active', exact: true }).click();
  await page.getByRole('textbox', { name: 'Search by label, id or notes' }).fill('');
  // the search is applied after a pause; a sort chosen before it lands is overwritten (left in the app, see the note)
  await expect(page.getByRole('heading', { name: '2 templates' })).toBeVisible();

  await page.getByRole('combobox', { name: /Sort by/ }).click();
  await page.getByRole('option', { name: 'Name, A to Z' }).click();
  await expect(page.getByTestId('template-card').first()).toContainText('Data literacy');
  await page.getByRole('combobox', { name: /Sort by/ }).click();
  await page.getByRole('option', { name: 'Name, Z to A' }).click();
  await expect(page.getByTestId('template-card').first()).toContainText('Welding certificate');

  const data = page.getByTestId('template-card').filter({ hasText: 'Data literacy' });
  // never published, so not public: the card shows its thumbnail and opens its page through the list's preview token
  const thumbnail = data.getByRole('img', { name: 'Thumbnail of Data literacy' });
  await expect(thumbnail).toBeVisible();
  expect(await thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  expect(await data.getByTestId('template-thumbnail').getAttribute('href')).toMatch(/^\/template\/\d+&\d+\?preview=/);
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
  await signIn(page, laurel, 'admin@example.org');
  // an administrator's tags are in the administration (issue 29)
  await page.getByRole('link', { name: 'Admin', exact: true }).click();
  await page.getByRole('tab', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\/template-tags$/);
  await expect(page.getByRole('heading', { name: 'No tags' })).toBeVisible();

  // Add and Rename are the tags resource's create and edit screens (react-admin forms with the name rules)
  await page.getByRole('link', { name: 'Add a tag' }).click();
  await expect(page).toHaveURL(/\/template-tags\/create$/);
  await page.getByRole('textbox', { name: 'Name' }).fill('STEM');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: '1 tag' })).toBeVisible();
  await page.getByRole('link', { name: 'Add a tag' }).click();
  await page.getByRole('textbox', { name: 'Name' }).fill('stem');
  await expect(page.getByText('This name is already used.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('x'.repeat(31));
  await expect(page.getByText(/at most 30 characters/)).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill('Spring');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: '2 tags' })).toBeVisible();

  await page
    .getByRole('row', { name: /Spring/ })
    .getByRole('link', { name: /Edit/ })
    .click();
  await expect(page).toHaveURL(/\/template-tags\/[^/]+$/);
  await page.getByRole('textbox', { name: 'Name' }).fill('Autumn');
  await screenshot(page, 'template-tag-edit-en');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('row', { name: /Autumn/ })).toBeVisible();

  await page.getByRole('row', { name: /STEM/ }).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Assign' }).click();
  await page.getByRole('dialog').getByLabel('Robotics badge').check();
  await page.getByRole('dialog').getByRole('button', { name: 'Assign' }).click();
  await expect(page.getByRole('row', { name: /STEM/ })).toContainText('1');
  await screenshot(page, 'template-tags-en');

  await page.getByRole('row', { name: /STEM/ }).getByRole('button', { name: 'View templates' }).click();
  await expect(page).toHaveURL(/\/templates\?/);
  await page.getByRole('button', { name: 'Filters, 1 active' }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'STEM' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('template-card')).toHaveCount(1);
  await expect(page.getByTestId('template-card')).toContainText('Robotics badge');

  await page.goto('/template-tags');
  await page
    .getByRole('row', { name: /Autumn/ })
    .getByRole('checkbox')
    .check();
  await page.getByRole('button', { name: 'Remove' }).click();
  await page
    .getByRole('dialog')
    .getByLabel(/Type DELETE/)
    .fill('DELETE');
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByRole('heading', { name: '1 tag' })).toBeVisible();
});

test('a Manager finds a template by tag in the filter drawer, disables it and enables it again', async ({
  page,
  laurel,
}) => {
  test.setTimeout(120_000);
  const { db } = laurel.app.laurel;
  const issuer = await db.selectFrom('issuers').select('id').executeTakeFirstOrThrow();
  const robotics = await insertTemplate(db, {
    issuer_id: issuer.id,
    type: 'openbadge',
    label: JSON.stringify('Robotics badge'),
  });
  await insertTemplate(db, { issuer_id: issuer.id, type: 'openbadge', label: JSON.stringify('Data literacy') });
  await insertTemplate(db, {
    issuer_id: issuer.id,
    type: 'cpf_onshelf',
    label: JSON.stringify('Welding certificate'),
    languages: 'fr',
    default_language: 'fr',
  });
  const tags = await fetch(`${laurel.baseURL}/api/issuer/config`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${await sessionToken(laurel, 'admin@example.org')}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ tags: [{ name: 'STEM', templates: [robotics] }] }),
  });
  expect(tags.status, await tags.clone().text()).toBe(200);
  await insertUser(db, {
    issuer_id: issuer.id,
    email: 'morgan@example.org',
    profile_id: PROFILE.Manager,
    first_name: 'Morgan',
    last_name: 'Diaz',
  });

  await signIn(page, laurel, 'morgan@example.org');
  await expect(page.getByRole('heading', { name: '3 templates' })).toBeVisible();
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer.getByRole('checkbox')).toHaveCount(2);
  await expect(drawer.getByRole('checkbox', { name: 'Open badges' })).not.toBeChecked();
  await expect(drawer.getByRole('checkbox', { name: 'CPF certifications' })).not.toBeChecked();
  // a Manager sees no way to the tags page, and no pathway level without the entitlement
  await expect(drawer.getByRole('link', { name: 'Manage tags' })).toHaveCount(0);
  await expect(drawer.getByRole('region', { name: 'Pathway level' })).toHaveCount(0);
  await drawer.getByRole('button', { name: 'STEM' }).click();
  await expect(drawer.getByRole('button', { name: 'STEM' })).toHaveAttribute('aria-pressed', 'true');
  await screenshot(page, 'templates-drawer-en');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toHaveCount(0);
  await expect(page.getByRole('heading', { name: '1 template' })).toBeVisible();

  const card = page.getByTestId('template-card').filter({ hasText: 'Robotics badge' });
  await expect(page.getByTestId('template-card')).toHaveCount(1);
  await card.getByRole('button', { name: /More actions/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Reference tables' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Disable' }).click();
  await expect(page.getByRole('dialog')).toContainText('Disable Robotics badge?');
  await page.getByRole('dialog').getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText('The template was disabled.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No templates' })).toBeVisible();

  // the badges' own status shows the inactive one; the page's status choice shows no common value any more
  await page.getByRole('button', { name: 'Filters, 1 active' }).click();
  await drawer.getByRole('group', { name: 'Status of Open badges' }).getByRole('button', { name: 'Inactive' }).click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Filters, 2 active' })).toBeVisible();
  await expect(card).toContainText('Inactive');
  await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { pressed: true })).toHaveCount(0);
  await card.getByRole('button', { name: /More actions/ }).click();
  await page.getByRole('menuitem', { name: 'Enable' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByText('The template was enabled.')).toBeVisible();
  await page.getByRole('button', { name: 'Active', exact: true }).click();
  await expect(card).toBeVisible();
  await expect(card).not.toContainText('Inactive');
  const stored = await db
    .selectFrom('templates')
    .select('enabled')
    .where('id', '=', robotics)
    .executeTakeFirstOrThrow();
  expect(stored.enabled).toBe(1);
});

test('pathway mode sets a parent and its child, keeps them after a reload, and says when the update fails', async ({
  page,
  laurel,
}) => {
  test.setTimeout(120_000);
  const { db } = laurel.app.laurel;
  const issuer = await db.selectFrom('issuers').select('id').executeTakeFirstOrThrow();
  await db.updateTable('issuers').set({ has_pathway: 1 }).where('id', '=', issuer.id).execute();
  const add = (label: string) =>
    insertTemplate(db, { issuer_id: issuer.id, type: 'openbadge', label: JSON.stringify(label) });
  const parent = await add('Data foundations');
  const child = await add('Data visualisation');
  await add('Data ethics');

  await signIn(page, laurel, 'admin@example.org');
  await page.getByRole('button', { name: 'Pathways' }).click();
  const header = page.getByRole('region', { name: 'Pathway mode' });
  await expect(header.getByRole('button', { name: 'Save' })).toBeDisabled();
  await expect(header.getByRole('button', { name: 'Add a child' })).toBeDisabled();
  await header.getByRole('combobox', { name: /Parent template/ }).click();
  await page.getByRole('option', { name: `Data foundations (${parent})` }).click();
  await expect(header.getByRole('textbox', { name: 'Recipient key' })).toHaveValue('Email');
  await header.getByRole('button', { name: 'Add a child' }).click();
  await header.getByRole('combobox', { name: /Child 1/ }).click();
  // a template is never its own child
  await expect(page.getByRole('option')).toHaveText([/Data ethics/, `Data visualisation (${child})`]);
  await page.getByRole('option', { name: `Data visualisation (${child})` }).click();
  await screenshot(page, 'templates-pathway-en');

  await page.route('**/pathway', (route) => route.fulfill({ status: 500, json: { code: 'X', message: 'down' } }));
  await header.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Update of pathway failed')).toBeVisible();
  await page.unroute('**/pathway');
  await header.getByRole('button', { name: 'Save' }).click();
  // the failure's message goes first; the next one follows it
  await expect(page.getByText('Pathway saved.')).toBeVisible({ timeout: 15_000 });
  await expect(header.getByRole('button', { name: 'Save' })).toBeDisabled();

  await page.reload();
  const card = (label: string) => page.getByTestId('template-card').filter({ hasText: label });
  await expect(card('Data foundations')).toContainText('Pathway parent');
  await expect(card('Data visualisation')).toContainText('Pathway child');
  await expect(card('Data ethics')).not.toContainText('Pathway');
  await page.getByRole('button', { name: 'Pathways' }).click();
  await header.getByRole('combobox', { name: /Parent template/ }).click();
  await page.getByRole('option', { name: `Data foundations (${parent})` }).click();
  await expect(header.getByRole('combobox', { name: /Child 1/ })).toContainText('Data visualisation');
  await expect(header.getByRole('combobox', { name: /Child 2/ })).toHaveCount(0);
  const stored = await db
    .selectFrom('templates')
    .select('pathway_definition')
    .where('id', '=', parent)
    .executeTakeFirstOrThrow();
  expect(JSON.parse(stored.pathway_definition as string)).toEqual({ key: 'Email', def: [{ id: child }] });

  await header.getByRole('button', { name: 'Close' }).click();
  await expect(header).toHaveCount(0);
  await page.getByRole('button', { name: 'Filters', exact: true }).click();
  // the filter goes through the URL: the box shows it once the list has read it back
  await page.getByRole('dialog', { name: 'Filters' }).getByRole('checkbox', { name: 'Children' }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' }).getByRole('checkbox', { name: 'Children' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('template-card')).toHaveCount(1);
  await expect(page.getByTestId('template-card')).toContainText('Data visualisation');
});

test('the templates page loads the next cards from the server as the user scrolls', async ({ page, laurel }) => {
  const { db } = laurel.app.laurel;
  const issuer = await db.selectFrom('issuers').select('id').executeTakeFirstOrThrow();
  for (let n = 1; n <= 40; n++) {
    await insertTemplate(db, {
      issuer_id: issuer.id,
      type: n % 3 === 0 ? 'cpf_onshelf' : 'openbadge',
      label: JSON.stringify(`Module ${String(n).padStart(2, '0')}`),
      notes: n % 5 === 0 ? 'Evening class' : '',
    });
  }
  await signIn(page, laurel, 'admin@example.org');
  await expect(page.getByRole('heading', { name: '40 templates' })).toBeVisible();
  // one page of 24 cards first; the rest comes when the end of the grid shows
  await expect(page.getByTestId('template-card')).toHaveCount(24);
  await screenshot(page, 'templates-grid-en');
  await page.getByTestId('template-card').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 4000);
  await expect(page.getByTestId('template-card')).toHaveCount(40);
});
