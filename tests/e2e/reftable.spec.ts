import type { Page } from '@playwright/test';
import { createBadgeTemplate, expect, type Laurel, screenshot, sessionToken, test, signIn } from './fixtures';

const ADMIN = 'admin@example.org';

/**
 * An NFT badge (network gnosis, so its tables may change) through the template call, and its reference
 * tables through the save call.
 */
async function templateWithTables(laurel: Laurel, token: string): Promise<number> {
  const title = 'Welding safety';
  const id = await createBadgeTemplate(laurel, token, {
    content: { en: { microcertitle: title, label: title } },
    network: 'gnosis',
  });
  const headers = { authorization: `Bearer ${token}` };
  const tables = await fetch(`${laurel.baseURL}/api/template/tables`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      templateId: id,
      tables: [
        { table: 'ref_sites', key: 'lyon', definition: { name: 'Lyon workshop', country: 'ref_countries[fr]' } },
        { table: 'ref_sites', key: 'madrid', definition: { name: 'Madrid workshop', country: 'ref_countries[es]' } },
        { table: 'ref_countries', key: 'fr', definition: { name: 'France', code: 'FR' } },
        { table: 'ref_countries', key: 'es', definition: { name: 'Spain', code: 'ES' } },
      ],
    }),
  });
  expect(tables.status, await tables.clone().text()).toBe(200);
  return id;
}

async function updateEntry(page: Page, key: string, values: Record<string, string>): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^(Update the entry|Modificar la entrada) ${key}$`) }).click();
  const dialog = page.getByRole('dialog');
  for (const [column, value] of Object.entries(values)) await dialog.getByRole('textbox', { name: column }).fill(value);
  await dialog.getByRole('button', { name: /^(Apply|Aplicar)$/ }).click();
  await expect(dialog).toHaveCount(0);
}

test('the Administrator edits a reference table, is stopped by a recursive reference, fixes it and saves', async ({
  page,
  laurel,
}) => {
  test.setTimeout(120_000);
  const token = await sessionToken(laurel, ADMIN);
  const templateId = await templateWithTables(laurel, token);

  await signIn(page, laurel, ADMIN);
  await expect(page).toHaveURL(/\/templates$/);
  const card = page.getByTestId('template-card').filter({ hasText: 'Welding safety' });
  await card.getByRole('button', { name: /More actions/ }).click();
  await page.getByRole('menuitem', { name: 'Reference tables' }).click();
  await expect(page).toHaveURL(new RegExp(`/reftable/${templateId}$`));

  await expect(page.getByRole('heading', { name: 'Welding safety', level: 1 })).toBeVisible();
  const sites = page.getByRole('table', { name: 'ref_sites' });
  await expect(sites.getByRole('columnheader')).toHaveText(['Key', 'name', 'country']);
  await expect(sites.getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('table', { name: 'ref_countries' }).getByRole('row')).toHaveCount(3);
  await screenshot(page, 'reftable-en');

  // a column can be widened with its handle
  const handle = sites.getByRole('separator', { name: 'Resize the column name' });
  const box = (await handle.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + 80, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(handle).toHaveAttribute('aria-valuenow', /^2[4-6]\d$/);

  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Add an entry to ref_countries' }).click();
  const added = page.getByRole('dialog', { name: 'New entry in ref_countries' });
  await added.getByRole('textbox', { name: 'Key' }).fill('fr');
  await expect(added.getByText('This key is already used in this table.')).toBeVisible();
  await added.getByRole('textbox', { name: 'Key' }).fill('pt');
  await added.getByRole('textbox', { name: 'name' }).fill('Portugal');
  await added.getByRole('textbox', { name: 'code' }).fill('PT');
  await screenshot(page, 'reftable-add-entry-en');
  await added.getByRole('button', { name: 'Apply' }).click();

  // the Madrid workshop now points into its own table: the save is blocked
  await updateEntry(page, 'madrid', { name: 'Madrid workshop (new)', country: 'ref_sites[lyon]' });
  await page.getByRole('button', { name: 'Save' }).click();
  const errors = page.getByRole('dialog', { name: 'References error' });
  await expect(errors.getByTestId('reference-error')).toHaveCount(1);
  await expect(errors).toContainText('ref_sites[lyon] points into its own table (recursive).');
  await expect(errors).toContainText('In ref_sites, entry madrid, column country');
  await screenshot(page, 'reftable-errors-en');
  await errors.getByRole('button', { name: 'Close' }).click();

  await updateEntry(page, 'madrid', { country: 'ref_countries[pt]' });
  await page.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog', { name: 'Save the reference tables?' });
  await confirm.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The reference tables were saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(sites.getByRole('row').filter({ hasText: 'madrid' })).toContainText('ref_countries[pt]');

  const read = await fetch(`${laurel.baseURL}/api/template/tables?templateId=${templateId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(((await read.json()) as { template: unknown }).template).toEqual({
    ref_sites: {
      lyon: { name: 'Lyon workshop', country: 'ref_countries[fr]' },
      madrid: { name: 'Madrid workshop (new)', country: 'ref_countries[pt]' },
    },
    ref_countries: {
      fr: { name: 'France', code: 'FR' },
      es: { name: 'Spain', code: 'ES' },
      pt: { name: 'Portugal', code: 'PT' },
    },
  });

  // in Spanish
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Language' }).click();
  await page.getByRole('dialog').getByText('Español').click();
  await expect(page.getByText('Tablas de referencia').first()).toBeVisible();
  await screenshot(page, 'reftable-es');
  await page.getByRole('button', { name: 'Editar' }).click();
  await updateEntry(page, 'lyon', { country: 'ref_sites[madrid]' });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('dialog', { name: 'Error de referencias' })).toContainText(
    'ref_sites[madrid] apunta a su propia tabla (recursiva).',
  );
  await screenshot(page, 'reftable-errors-es');
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar' }).click();
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(sites.getByRole('row').filter({ hasText: 'lyon' })).toContainText('ref_countries[fr]');
});
