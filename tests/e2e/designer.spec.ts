import type { Page } from '@playwright/test';
import { pngHeader } from '../support/images';
import { expect, screenshot, sessionToken, test, signIn } from './fixtures';

const ADMIN = 'admin@example.org';

/** The canvas's box on the page: view-box coordinates (-1..1) to page pixels. */
async function canvasPoint(page: Page, x: number, y: number) {
  const box = (await page.getByTestId('designer-canvas').boundingBox())!;
  return { x: box.x + ((x + 1) / 2) * box.width, y: box.y + ((y + 1) / 2) * box.height };
}

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + (to.x - from.x) / 2, from.y + (to.y - from.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await page.mouse.up();
}

/** Mean absolute difference per channel (0..255) between two PNG data URLs of the same size, computed in the page. */
async function pixelDifference(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(
    async ([first, second]) => {
      const load = (src: string) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.onerror = reject;
          image.src = src;
        });
      const pixels = async (src: string) => {
        const image = await load(src);
        const canvas = document.createElement('canvas');
        canvas.width = 256;
        canvas.height = 256;
        const context = canvas.getContext('2d')!;
        context.fillStyle = '#ffffff';
        context.fillRect(0, 0, 256, 256);
        context.drawImage(image, 0, 0, 256, 256);
        return context.getImageData(0, 0, 256, 256).data;
      };
      const [x, y] = await Promise.all([pixels(first), pixels(second)]);
      let total = 0;
      for (let i = 0; i < x.length; i += 4) for (let c = 0; c < 3; c++) total += Math.abs(x[i + c] - y[i + c]);
      return total / ((x.length / 4) * 3);
    },
    [a, b],
  );
}

type ListedImage = { name: string; model: { data: { type: string; y: number; rotate: number }[] } };

async function listImages(baseURL: string, token: string): Promise<Record<string, ListedImage>> {
  const response = await fetch(`${baseURL}/api/badge_lib/list`, { headers: { authorization: `Bearer ${token}` } });
  return (await response.json()) as Record<string, ListedImage>;
}

test('draw a badge, undo, save, clone, filter and sort the library, leave by the menu, pick it as a template logo; the canvas matches the export', async ({
  page,
  laurel,
}) => {
  test.setTimeout(300_000);
  await signIn(page, laurel, ADMIN, { at: '/badgeImageLibrary' });
  const tiles = page.getByRole('listitem');
  await expect(tiles).toHaveCount(7);
  await expect(tiles.first().locator('img')).toBeVisible();
  await screenshot(page, 'designer-library');

  await page.getByRole('button', { name: 'Design a new badge' }).click();
  await expect(page).toHaveURL(/\/badgeImageEditor$/);
  await expect(page.getByLabel('Image name')).toHaveValue('New image');
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByLabel('Image name').fill('Welding expert');

  // a shape, a curved text and an icon
  await page.getByRole('button', { name: 'Shape', exact: true }).click();
  await page.getByRole('combobox', { name: /^Shape/ }).click();
  await page.getByRole('option', { name: 'Hexagon' }).click();
  await screenshot(page, 'designer-shape-panel');
  await page.getByRole('button', { name: 'Text', exact: true }).click();
  await page.getByRole('textbox', { name: 'Text', exact: true }).fill('WELDING');
  await page.getByRole('slider', { name: 'Curve radius' }).focus();
  for (let i = 0; i < 60; i++) await page.keyboard.press('ArrowRight');
  await page.getByRole('slider', { name: 'Vertical position' }).focus();
  for (let i = 0; i < 50; i++) await page.keyboard.press('ArrowLeft');
  await screenshot(page, 'designer-text-panel');
  await page.getByRole('button', { name: 'Icon', exact: true }).click();
  await page.getByLabel('Search icons').fill('fire');
  await page.getByRole('button', { name: 'fire', exact: true }).click();
  await screenshot(page, 'designer-icon-panel');
  const layers = page.getByRole('list', { name: 'Layers' }).getByRole('listitem');
  await expect(layers).toHaveCount(3);
  await expect(layers.first()).toContainText('Icon');
  await expect(layers.last()).toContainText('Shape: Hexagon');

  // move the icon on the canvas, then rotate it with the rotation handle above its box
  await drag(page, await canvasPoint(page, 0, 0), await canvasPoint(page, 0.3, 0.2));
  const rotater = await canvasPoint(page, 0.3, 0.2 - 0.25);
  await drag(page, { x: rotater.x, y: rotater.y - 50 }, await canvasPoint(page, 0.9, 0.2));
  const token = await sessionToken(laurel, ADMIN);

  // two undos: the rotation and the move go, the icon is back at the centre
  await page.getByTestId('designer-canvas').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+z');
  await page.getByRole('list', { name: 'Layers' }).getByRole('button').first().click();
  await expect(page.getByRole('slider', { name: 'Horizontal position' })).toHaveValue('0');
  await expect(page.getByRole('slider', { name: 'Rotation' })).toHaveValue('0');
  await drag(page, await canvasPoint(page, 0, 0), await canvasPoint(page, 0, 0.4));
  await page.getByTestId('designer-canvas').click({ position: { x: 5, y: 5 } });

  // the canvas as drawn, against the server's rendering of the same model
  const canvasPng = `data:image/png;base64,${(await page.getByTestId('designer-canvas').locator('canvas').first().screenshot({ omitBackground: false })).toString('base64')}`;
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page).toHaveURL(/\/badgeImageLibrary$/);
  await expect(page.getByText('Image saved')).toBeVisible();
  await expect(tiles).toHaveCount(8);
  // the saved image's entry in the history is now its edit page (Forward opens it, not a blank editor);
  // Cancel without changes leaves at once
  await page.goForward();
  await expect(page).toHaveURL(/\/badgeImageEditor\/\d+$/);
  await expect(page.getByLabel('Image name')).toHaveValue('Welding expert');
  await expect(layers).toHaveCount(3);
  await expect(save).toBeDisabled();
  await screenshot(page, 'designer-edit');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/badgeImageLibrary$/);
  await expect(tiles).toHaveCount(8);

  const list = await listImages(laurel.baseURL, token);
  const saved = Object.values(list).find((image) => image.name === 'Welding expert')!;
  expect(saved.model.data.map((e) => e.type)).toEqual(['shape', 'text', 'icon']);
  expect(saved.model.data[2].y).toBeGreaterThan(0.3);
  const rendered = await fetch(`${laurel.baseURL}/api/badge_lib/render`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: saved.model, size: 512 }),
  });
  const { png } = (await rendered.json()) as { png: string };
  const difference = await pixelDifference(page, canvasPng, png);
  console.info(`canvas vs export: mean difference ${difference.toFixed(2)} / 255`);
  expect(difference).toBeLessThan(6);

  // filter, sort, clone
  await page.getByLabel('Filter by name').fill('weld');
  await expect(tiles).toHaveCount(1);
  // the filter is the server's (GET /api/badge-images), kept in the URL by react-admin's list
  await expect(page).toHaveURL(/badgeImageLibrary\?.*weld/);
  await tiles.first().getByRole('button').first().click();
  await page.getByRole('button', { name: 'Clone' }).click();
  await expect(tiles).toHaveCount(2);
  await expect(page.getByRole('listitem', { name: 'Welding expert (a copy)' })).toBeVisible();
  await page.getByLabel('Filter by name').fill('');
  await page.getByRole('button', { name: 'Sort: by date' }).click();
  await expect(tiles).toHaveCount(9);
  await expect(tiles.first()).toHaveAccessibleName('bachelor');
  await page.getByRole('button', { name: 'Sort: A-Z' }).click();
  await expect(tiles.first()).toHaveAccessibleName('Welding expert (a copy)');
  await expect(page.getByRole('button', { name: 'Sort: Z-A' })).toBeVisible();
  // the sort lives in the URL too: a reload shows the same order
  await expect(page).toHaveURL(/sort=name/);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Sort: Z-A' })).toBeVisible();
  await expect(tiles.first()).toHaveAccessibleName('Welding expert (a copy)');
  await expect(tiles.first().locator('img')).toBeVisible();
  await screenshot(page, 'designer-library-sorted');
  await tiles.first().getByRole('button').first().click();
  await tiles.nth(1).getByRole('button').first().click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete these 2 images?')).toBeVisible();
  await screenshot(page, 'designer-library-delete');
  await page.getByRole('button', { name: 'Cancel' }).click();
  // one image: the singular, then the deletion itself
  await tiles.first().getByRole('button').first().click();
  await tiles.nth(1).getByRole('button').first().click();
  await page.getByRole('listitem', { name: 'webanalyst', exact: true }).getByRole('button').first().click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Delete this image?')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem', { name: 'webanalyst', exact: true })).toHaveCount(0);
  await expect(tiles).toHaveCount(8);

  // leaving the editor by the menu with unsaved changes asks first; staying keeps the changes
  await page.getByLabel('Filter by name').fill('Welding expert (a copy)');
  await expect(tiles).toHaveCount(1);
  await tiles.first().getByRole('button').first().click();
  await page.getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/\/badgeImageEditor\/\d+$/);
  await page.getByLabel('Image name').fill('Welding expert, draft');
  // Cancel asks too
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Leave without saving?')).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await page.getByRole('link', { name: 'Templates' }).first().click();
  await expect(page.getByText('Leave without saving?')).toBeVisible();
  await screenshot(page, 'designer-leave-by-menu');
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/badgeImageEditor\/\d+$/);
  await expect(page.getByLabel('Image name')).toHaveValue('Welding expert, draft');
  // the browser's back button too (the router's blocker: App.tsx renders a data router)
  await page.goBack();
  await expect(page.getByText('Leave without saving?')).toBeVisible();
  await page.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/badgeImageEditor\/\d+$/);
  // closing or reloading the tab: the page asks the browser for its leave-page warning while unsaved
  const warns = () =>
    page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
  expect(await warns()).toBe(true);
  await page.getByRole('link', { name: 'Templates' }).first().click();
  await page.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/templates$/);
  // the editor gone (once the next page has rendered in its place), the warning goes with it
  await expect.poll(warns).toBe(false);
  expect(Object.values(await listImages(laurel.baseURL, token)).map((image) => image.name)).not.toContain(
    'Welding expert, draft',
  );

  // the saved design becomes a badge template's logo through the library dialog
  await page.getByRole('link', { name: 'New badge' }).click();
  await expect(page).toHaveURL(/\/badge$/);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Choose from the image library' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('listitem')).toHaveCount(8);
  await dialog.getByLabel('Filter by name').fill('weld');
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  const add = dialog.getByRole('button', { name: 'Add image to badge' });
  await expect(add).toBeDisabled();
  await dialog.getByRole('listitem', { name: 'Welding expert', exact: true }).getByRole('button').first().click();
  // one tile at a time: choosing another replaces the choice
  await dialog.getByRole('listitem', { name: 'Welding expert (a copy)' }).getByRole('button').first().click();
  await dialog.getByRole('listitem', { name: 'Welding expert', exact: true }).getByRole('button').first().click();
  const chosen = (name: string) => dialog.getByRole('listitem', { name, exact: true }).getByRole('button').first();
  await expect(chosen('Welding expert')).toHaveAttribute('aria-pressed', 'true');
  await expect(chosen('Welding expert (a copy)')).toHaveAttribute('aria-pressed', 'false');
  await screenshot(page, 'designer-library-dialog');
  await add.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Welding expert.png')).toBeVisible();
  await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Welding');
  await page.getByRole('textbox', { name: 'Template name (shown in the templates list)' }).fill('Welding');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Validate' }).click();
  await page.getByRole('button', { name: 'Save the template' }).click();
  await expect(page.getByRole('dialog', { name: 'Template saved' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to templates' }).click();

  // reloaded: the template's logo is the design, a 480x480 PNG
  const template = await laurel.app.laurel.db.selectFrom('templates').selectAll().executeTakeFirstOrThrow();
  expect(JSON.parse(template.content).en.badge_logo).toBeTruthy();
  await page.goto(`/badge?id=${template.id}`);
  await page.reload();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  const logo = page.getByRole('group', { name: 'Badge logo' }).locator('img');
  await expect(logo).toBeVisible();
  const size = await logo.evaluate(async (image: HTMLImageElement) => {
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  });
  expect(size).toEqual([480, 480]);
  const logoPng = await logo.evaluate(async (image: HTMLImageElement) => {
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    canvas.getContext('2d')!.drawImage(image, 0, 0);
    return canvas.toDataURL('image/png');
  });
  // the same drawing as the server's render of the saved model
  expect(await pixelDifference(page, logoPng, png)).toBeLessThan(1);
  await screenshot(page, 'designer-template-logo');

  // by keyboard alone: the name typed, Enter saves (opened first in the tab, the editor goes on to the library)
  await page.goto('/badgeImageEditor');
  await page.getByLabel('Image name').focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Typed badge');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/badgeImageLibrary/);
  await expect
    .poll(async () => Object.values(await listImages(laurel.baseURL, token)).map((image) => image.name))
    .toContain('Typed badge');

  // the image panel: its fields wait for a picture
  await page.goto('/badgeImageEditor');
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  await expect(page.getByRole('slider', { name: 'Size' })).toBeDisabled();
  await screenshot(page, 'designer-image-panel');
  // a small file whose header states 5,000 × 5,000 pixels is refused before it is read into the model
  await page.getByTestId('designer-image-input').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: pngHeader(5000, 5000),
  });
  await expect(page.getByRole('alert')).toHaveText('This image has too many pixels: at most 4,096 × 4,096.');
  await expect(page.getByRole('slider', { name: 'Size' })).toBeDisabled();
  await screenshot(page, 'designer-image-too-many-pixels');
});
