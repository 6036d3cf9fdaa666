import { crc32, deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, screenshot as takeScreenshot, tallScreenshot as screenshot, test, signIn } from './fixtures';

/** A badge logo drawn for the test: a laurel-green disc with a star. */
const LOGO = {
  name: 'laurel.svg',
  mimeType: 'image/svg+xml',
  buffer: Buffer.from(
    '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">' +
      '<circle cx="100" cy="100" r="96" fill="#2E6B4F"/><circle cx="100" cy="100" r="78" fill="none" stroke="#C9A227" stroke-width="8"/>' +
      '<path d="M100 40 L117 82 L162 84 L127 112 L139 156 L100 131 L61 156 L73 112 L38 84 L83 82 Z" fill="#F7E7B4"/></svg>\n',
  ),
};

/** A real RGB PNG of `width` × `height` whose pixels `colour` gives, encoded here so the test needs no file. */
function png(width: number, height: number, colour: (x: number, y: number) => [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set(colour(x, y), y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Pixels that do not compress: the PNG weighs about three bytes a pixel. */
const noise = (): [number, number, number] =>
  [0, 1, 2].map(() => Math.floor(Math.random() * 256)) as [number, number, number];

/** A design drawn for the test: a laurel-green band, a gold seal with a star, the title. */
const DESIGN_SVG = {
  name: 'design.svg',
  mimeType: 'image/svg+xml',
  buffer: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200">' +
      '<rect width="300" height="200" rx="16" fill="#2E6B4F"/><rect x="10" y="10" width="280" height="180" rx="10" fill="none" stroke="#C9A227" stroke-width="3"/>' +
      '<circle cx="150" cy="86" r="46" fill="#C9A227"/><circle cx="150" cy="86" r="38" fill="none" stroke="#F7E7B4" stroke-width="3"/>' +
      '<path d="M150 56 L159 78 L182 79 L164 93 L170 116 L150 103 L130 116 L136 93 L118 79 L141 78 Z" fill="#F7E7B4"/>' +
      '<text x="150" y="166" text-anchor="middle" font-family="Georgia, serif" font-size="20" font-weight="700" fill="#F7E7B4">DATA LITERACY</text></svg>',
  ),
};

const next = (page: Page) => page.getByRole('button', { name: 'Next', exact: true }).click();

async function pickLogo(page: Page, label: string) {
  await page.getByLabel(label, { exact: true }).setInputFiles(LOGO);
  await expect(page.getByText(LOGO.name).first()).toBeVisible();
}

test('a badge template is written in English and French, designed, saved, edited and duplicated', async ({
  page,
  laurel,
}) => {
  // a long journey (two saves, the publication page after the second, the list again): over a minute on a busy machine
  test.setTimeout(120_000);
  await signIn(page, laurel, 'admin@example.org');
  await page.getByRole('link', { name: 'New badge' }).click();
  await expect(page).toHaveURL(/\/badge$/);
  await expect(page.getByRole('heading', { name: 'New badge template' })).toBeVisible();

  // step 0: languages, delivery
  await page.getByRole('checkbox', { name: 'French' }).check();
  await page.getByRole('checkbox', { name: 'English' }).uncheck();
  await expect(page.getByRole('radio', { name: 'Default language: French' })).toBeChecked();
  await page.getByRole('checkbox', { name: 'English' }).check();
  await page.getByRole('radio', { name: 'Default language: English' }).check();
  await screenshot(page, 'editor-badge-0-parameters-en');
  await next(page);

  // English: the step is left only once it validates
  await expect(page.getByRole('textbox', { name: 'Issuer', exact: true })).toHaveValue('My organisation');
  await next(page);
  await expect(page.getByText('This field is required.')).toBeVisible();
  await expect(page.getByText('Please choose an image.')).toBeVisible();
  await pickLogo(page, 'Badge logo');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Data literacy');
  await page.getByRole('textbox', { name: 'Template name (shown in the templates list)' }).fill('Data literacy');
  await page
    .getByRole('textbox', { name: 'Learning outcomes', exact: true })
    .fill('Can **read** charts\n- tables\n- maps');
  await expect(page.getByRole('region', { name: 'Formatted text' }).first().locator('strong')).toHaveText('read');
  await page.getByRole('combobox', { name: 'Skills', exact: true }).fill('Charts; charts, Statistics,');
  await expect(page.getByRole('button', { name: 'Statistics' })).toBeVisible();
  await screenshot(page, 'editor-badge-1-english-en');
  await next(page);

  // French: the logo chosen in English is already there
  await expect(page.getByText(LOGO.name).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Culture des données');
  await page.getByRole('textbox', { name: 'Template name (shown in the templates list)' }).fill('Culture des données');
  await next(page);

  // summary: a preset design, the live preview in each language
  const preview = page.getByTestId('credential-preview');
  await expect(preview.getByRole('heading', { name: 'Data literacy' })).toBeVisible();
  await expect(preview.getByText('Charts', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Style' }).click();
  await page.getByRole('button', { name: 'Ink and gold' }).click();
  await expect(preview).toHaveClass(/layout-legacy/);
  await page.getByRole('button', { name: 'Français' }).click();
  await expect(preview.getByRole('heading', { name: 'Culture des données' })).toBeVisible();
  await expect(preview.getByText('Décerné à')).toBeVisible();
  await screenshot(page, 'editor-badge-2-summary-en');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(preview.getByRole('heading', { name: 'Data literacy' })).toBeVisible();

  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('dialog', { name: 'Check before saving' })).toContainText('Everything is in order');
  await screenshot(page, 'editor-badge-3-validation-en');
  await page.getByRole('button', { name: 'Save the template' }).click();
  await expect(page.getByRole('dialog', { name: 'Template saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to templates' }).click();

  await expect(page).toHaveURL(/\/templates$/);
  // the search reaches the server after the list's debounce: the card is used once its answer is in, not before
  await Promise.all([
    page.waitForResponse(
      (response) =>
        response.url().includes('/api/templates?') && decodeURIComponent(response.url()).includes('literacy'),
    ),
    page.getByRole('textbox', { name: 'Search by label, id or notes' }).fill('literacy'),
  ]);
  const card = page.getByTestId('template-card').filter({ hasText: 'Data literacy' });
  await expect(card).toHaveCount(1);
  const { db } = laurel.app.laurel;
  const stored = await db.selectFrom('templates').selectAll().executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ type: 'openbadge', languages: 'en;fr', default_language: 'en', is_nft: 0 });
  expect(JSON.parse(stored.cstyle)).toMatchObject({ layout: 'legacy' });
  expect(JSON.parse(stored.content).en).toMatchObject({ skills: 'Charts,Statistics', microcertitle: 'Data literacy' });

  // Edit: the template was used meanwhile, so the warning comes first and its languages are locked
  await db.updateTable('templates').set({ certification_counter: 2 }).where('id', '=', stored.id).execute();
  await card.getByRole('button', { name: /More actions/ }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/badge\\?id=${stored.id}$`));
  await expect(page.getByRole('dialog', { name: 'This template is already in use' })).toBeVisible();
  await screenshot(page, 'editor-badge-4-used-warning-en');
  await page.getByRole('button', { name: 'Edit anyway' }).click();
  await expect(page.getByRole('heading', { name: 'Edit “Data literacy”' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'French' })).toBeDisabled();
  await page.getByRole('button', { name: 'Cancel' }).click();

  // Duplicate: insert mode prefilled, saved as a second template
  await page
    .getByTestId('template-card')
    .filter({ hasText: 'Data literacy' })
    .getByRole('button', { name: /More actions/ })
    .click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { name: 'Copy of “Data literacy”' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'French' })).toBeEnabled();
  await next(page);
  await page
    .getByRole('textbox', { name: 'Template name (shown in the templates list)' })
    .fill('Data literacy, advanced');
  await next(page);
  await next(page);
  await page.getByRole('button', { name: 'Validate' }).click();
  await page.getByRole('button', { name: 'Save the template' }).click();
  // the saved dialog's first offer is to publish from the new template
  await page.getByRole('dialog', { name: 'Template saved' }).getByRole('button', { name: 'Publish now' }).click();
  await expect(page).toHaveURL(/\/publication\?templateId=\d+$/);
  const copyId = Number(new URL(page.url()).searchParams.get('templateId'));
  await page.goto('/templates');
  await page.getByRole('textbox', { name: 'Search by label, id or notes' }).fill('');
  await expect(page.getByTestId('template-card').filter({ hasText: 'Data literacy, advanced' })).toHaveCount(1);
  await screenshot(page, 'editor-badge-5-templates-en');
  const copies = await db.selectFrom('templates').select(['id', 'content']).orderBy('id').execute();
  expect(copies).toHaveLength(2);
  expect(copies[1].id).toBe(copyId);
  expect(JSON.parse(copies[1].content).en.badge_logo).toBe(JSON.parse(copies[0].content).en.badge_logo);
});

test('the badge editor steps in Spanish', async ({ page, laurel }) => {
  await signIn(page, laurel, 'admin@example.org', { at: '/badge?lang=es' });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Nueva plantilla de insignia' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'francés' }).check();
  await screenshot(page, 'editor-badge-0-parameters-es');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('Este campo es obligatorio.')).toBeVisible();
  await pickLogo(page, 'Logotipo de la insignia');
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill('Data literacy');
  await screenshot(page, 'editor-badge-1-english-es');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill('Culture des données');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page.getByRole('radio', { name: 'Tres columnas' }).check();
  await expect(page.getByTestId('credential-preview')).toHaveClass(/layout-threeCol/);
  await screenshot(page, 'editor-badge-2-summary-es');
  await page.getByRole('tab', { name: 'Estilo' }).click();
  await page.getByRole('button', { name: 'Importar el estilo de otra plantilla' }).click();
  await expect(page.getByRole('dialog')).toContainText('Aún no hay ninguna otra plantilla.');
  await screenshot(page, 'editor-badge-3-import-style-es');
  await page.getByRole('button', { name: 'Cancelar' }).click();

  // a size left empty is listed by the validation dialog, which leads back to it
  await page.getByRole('button', { name: 'Título', exact: true }).click();
  await page.getByRole('spinbutton', { name: 'Tamaño' }).fill('');
  await page.getByRole('button', { name: 'Validar' }).click();
  const check = page.getByRole('dialog', { name: 'Comprobación antes de guardar' });
  await expect(check).toContainText('Título · Tamaño: Introduzca un número.');
  await screenshot(page, 'editor-badge-4-validation-es');
  await check.getByRole('button', { name: /Tamaño/ }).click();
  await page.getByRole('spinbutton', { name: 'Tamaño' }).fill('30');
  await page.getByRole('button', { name: 'Validar' }).click();
  await expect(check).toContainText('Todo está en orden.');
});

test('a registry template is created with its register, account ids and French prefixes', async ({ page, laurel }) => {
  await signIn(page, laurel, 'admin@example.org');
  await page.getByRole('link', { name: 'New registry template' }).click();
  await expect(page).toHaveURL(/\/rncp$/);
  await expect(page.getByRole('radio', { name: 'French' })).toBeChecked();
  await page.getByRole('radio', { name: /^RS/ }).check();
  await next(page);
  await expect(page.getByText('This field is required.').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Certifier client ID' }).fill('CERT-1');
  await page.getByRole('textbox', { name: 'Contract ID' }).fill('K-1');
  await screenshot(page, 'editor-registry-0-parameters-en');
  await next(page);

  await expect(page.getByRole('textbox', { name: 'Location label' })).toHaveValue('Lieu');
  await pickLogo(page, 'Badge logo');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Soudeur industriel');
  await page.getByRole('textbox', { name: 'Location', exact: true }).fill('Lyon');
  await page.getByRole('textbox', { name: 'Reference', exact: true }).fill('RS1234567890123456789');
  await next(page);
  await expect(page.getByText('At most 20 characters.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Reference', exact: true }).fill('RS5678');
  await screenshot(page, 'editor-registry-1-form-en');
  await next(page);

  const preview = page.getByTestId('credential-preview');
  await expect(preview.getByRole('heading', { name: 'Soudeur industriel' })).toBeVisible();
  await expect(preview.getByText('Lyon')).toBeVisible();
  await expect(preview.getByText('RS', { exact: true })).toBeVisible();
  await screenshot(page, 'editor-registry-2-summary-en');
  await page.getByRole('button', { name: 'Validate' }).click();
  await page.getByRole('button', { name: 'Save the template' }).click();
  await page.getByRole('button', { name: 'Back to templates' }).click();
  await expect(page.getByTestId('template-card').filter({ hasText: 'Soudeur industriel' })).toHaveCount(1);
  const stored = await laurel.app.laurel.db.selectFrom('templates').selectAll().executeTakeFirstOrThrow();
  expect(stored).toMatchObject({ type: 'cpf_onshelf', languages: 'fr' });
  expect(JSON.parse(stored.params)).toEqual({
    type: 'RS',
    idClientEmetteur: 'CERT-1',
    idClientCertificateur: 'CERT-1',
    idContrat: 'K-1',
  });
  expect(JSON.parse(stored.content).fr).toMatchObject({
    location_prefix: 'Lieu',
    location: 'Lyon',
    reference: 'RS5678',
  });

  await page.goto('/rncp?lang=es');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Nueva plantilla de registro' })).toBeVisible();
  await screenshot(page, 'editor-registry-0-parameters-es');
  await page.getByRole('textbox', { name: 'Identificador de cliente del certificador' }).fill('CERT-1');
  await page.getByRole('textbox', { name: 'Identificador del contrato' }).fill('K-1');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await screenshot(page, 'editor-registry-1-form-es');
});

test('a custom design shows its design image, chosen as PNG or converted from SVG, in the preview and the page', async ({
  page,
  laurel,
}) => {
  const { db } = laurel.app.laurel;
  // the custom layout is offered to issuers whose parameter hasCustomDesign is true
  for (const issuer of await db.selectFrom('issuers').select(['id', 'params']).execute()) {
    const params = { ...(JSON.parse(issuer.params) as object), hasCustomDesign: true };
    await db
      .updateTable('issuers')
      .set({ params: JSON.stringify(params) })
      .where('id', '=', issuer.id)
      .execute();
  }
  await signIn(page, laurel, 'admin@example.org');
  await page.getByRole('link', { name: 'New badge' }).click();
  await next(page);
  await pickLogo(page, 'Badge logo');
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Data literacy');
  await next(page);

  const preview = page.getByTestId('credential-preview');
  await expect(page.getByRole('group', { name: 'Design image' })).toHaveCount(0);
  await page.getByRole('radio', { name: 'Custom design' }).check();
  await expect(preview).toHaveClass(/layout-CUSTOM_LAYOUT/);
  const chooser = page.getByRole('group', { name: 'Design image' });
  await expect(chooser).toContainText('No design image: the badge is shown.');
  const input = chooser.locator('input[type="file"]');
  const designInPreview = preview.locator('img.design-image');

  // a PNG is shown as it is, in the badge's place
  const gradient = png(240, 160, (x, y) => [46 + Math.round(x / 4), 107, 79 + Math.round(y / 4)]);
  await input.setInputFiles({ name: 'gradient.png', mimeType: 'image/png', buffer: gradient });
  await expect(designInPreview).toHaveAttribute('src', `data:image/png;base64,${gradient.toString('base64')}`);
  await expect(designInPreview).toHaveJSProperty('naturalWidth', 240);
  await expect(preview.getByRole('img', { name: 'Badge: Data literacy' })).toHaveCount(0);

  // above 75 % of 50000 bytes: kept, with a warning; above 50000 bytes, or not an image: refused, the last one kept
  const large = png(114, 114, noise);
  expect(large.length).toBeGreaterThan(37_500);
  expect(large.length).toBeLessThanOrEqual(50_000);
  await input.setInputFiles({ name: 'large.png', mimeType: 'image/png', buffer: large });
  await expect(chooser.getByRole('status')).toContainText('This image is large');
  await expect(designInPreview).toHaveAttribute('src', `data:image/png;base64,${large.toString('base64')}`);
  await input.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: png(140, 140, noise) });
  await expect(chooser.getByRole('alert')).toContainText('This image is too large (');
  await expect(designInPreview).toHaveAttribute('src', `data:image/png;base64,${large.toString('base64')}`);
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(chooser.getByRole('alert')).toHaveText('Please choose a PNG image, or an SVG to convert to PNG.');

  // an SVG too rich for 50000 bytes even drawn small is refused after its conversion, one that fails too
  const turbulence =
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><filter id="n"><feTurbulence baseFrequency="0.9" numOctaves="4"/></filter><rect width="400" height="400" filter="url(#n)"/></svg>';
  await input.setInputFiles({ name: 'noise.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(turbulence) });
  await expect(chooser.getByRole('alert')).toContainText('This image is too large (');
  await input.setInputFiles({ name: 'broken.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg><rect') });
  await expect(chooser.getByRole('alert')).toHaveText('Error transforming SVG to PNG.');
  await screenshot(page, 'editor-badge-6-design-image-error-en');
  await expect(designInPreview).toHaveAttribute('src', `data:image/png;base64,${large.toString('base64')}`);

  // an SVG is drawn into a PNG, 600 pixels on its longest side
  await input.setInputFiles(DESIGN_SVG);
  await expect(designInPreview).toHaveAttribute('src', /^data:image\/png;base64,iVBORw0KGgo/);
  await expect(designInPreview).toHaveJSProperty('naturalWidth', 600);
  await expect(designInPreview).toHaveJSProperty('naturalHeight', 400);
  await expect(chooser.getByRole('alert')).toHaveCount(0);
  await expect(chooser.getByRole('status')).toHaveCount(0);
  await screenshot(page, 'editor-badge-6-design-image-en');

  await page.getByRole('button', { name: 'Validate' }).click();
  await expect(page.getByRole('dialog', { name: 'Check before saving' })).toContainText('Everything is in order');
  await page.getByRole('button', { name: 'Save the template' }).click();
  await expect(page.getByRole('dialog', { name: 'Template saved' })).toBeVisible();
  const stored = await db.selectFrom('templates').select(['id', 'issuer_id', 'cstyle']).executeTakeFirstOrThrow();
  const cstyle = JSON.parse(stored.cstyle) as { layout: string; designImage: string };
  expect(cstyle.layout).toBe('CUSTOM_LAYOUT');
  expect(cstyle.designImage).toBe(await designInPreview.getAttribute('src'));

  // the public page shows it too (its policy lets data: images through), once the template is shown publicly: a
  // template with no certificate has no public page otherwise (issue 27)
  await db.updateTable('templates').set({ public_sample: 1 }).where('id', '=', stored.id).execute();
  await page.goto(`/template/${stored.issuer_id}&${stored.id}`);
  const designOnPage = page.getByRole('img', { name: 'Design: Data literacy' });
  await expect(designOnPage).toHaveAttribute('src', cstyle.designImage);
  await expect(designOnPage).toHaveJSProperty('naturalWidth', 600);
  await takeScreenshot(page, 'editor-badge-7-design-image-page-en');
});
