import type { Locator, Page } from '@playwright/test';
import * as XLSX from 'xlsx';
import { PROFILE } from '../../domain/roles';
import { insertUser } from '../../server/repositories/users';
import { expectNoSeriousViolations } from './accessibility';
import { expect, screenshot, signInByMail, test, signIn } from './fixtures';

/**
 * Issue 13, by keyboard alone: a badge template created and published with Tab, Shift+Tab, Enter, Space, the arrow
 * keys and typing. Where a button opens the browser's file chooser, the test presses Enter on the button and
 * answers the chooser Playwright intercepts (the native dialog itself is not part of the page).
 */

const LOGO = {
  name: 'logo.svg',
  mimeType: 'image/svg+xml',
  buffer: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#2f6f5e"/></svg>',
  ),
};

function workbook(name: string, rows: unknown[][]) {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Recipients');
  const buffer = Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
  return { name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer };
}

const COHORT = workbook('cohort.xlsx', [
  ['language', 'ID', 'Email', 'firstName', 'lastName'],
  ['en', 'A-1', 'ada@example.org', 'Ada', 'Lovelace'],
  ['en', 'A-2', 'grace@example.org', 'Grace', 'Hopper'],
]);

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user moves through the page. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses < max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  expect(await isFocused(target), `reached by ${max} presses of Tab`).toBe(true);
}

/** The focus is on an element of the page, never dropped on <body>. */
async function expectFocusKept(page: Page, where: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'BODY'), { message: `focus after ${where}` })
    .not.toBe('BODY');
}

const intercepting = new WeakSet<Page>();

/**
 * Tabs to a button that opens the file chooser, presses `key` on it and answers the chooser with `file`.
 *
 * Playwright catches the chooser only while the page has a `filechooser` listener, and adding the first one turns
 * the catching on in Chromium asynchronously, without waiting: a key pressed right after `waitForEvent` could reach
 * the page first, and Chromium then opened its own (headless, invisible) dialog instead. That is what stop 21's and
 * stop 22's CI saw (no chooser, twice in a row, with the focus on the button); a listener kept from the start keeps
 * the catching on, and the Tab presses in between give it time to be in place.
 */
async function chooseFileWith(
  page: Page,
  button: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
  key: 'Enter' | 'Space',
) {
  if (!intercepting.has(page)) {
    intercepting.add(page);
    page.on('filechooser', () => undefined);
  }
  await tabTo(page, button);
  await expect(button).toBeFocused();
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser', { timeout: 30_000 }),
    page.keyboard.press(key),
  ]);
  await chooser.setFiles(file);
}

test('a badge template is created and published by keyboard alone', async ({ page, laurel }) => {
  test.setTimeout(300_000);
  await signIn(page, laurel, 'admin@example.org');
  await expect(page).toHaveURL(/\/templates$/);

  // the account menu: focus on its first item, arrows move, Escape closes and gives the focus back
  const accountButton = page.getByRole('button', { name: 'Account menu' });
  await tabTo(page, accountButton);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem').nth(1)).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(menu.getByRole('menuitem').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(accountButton).toBeFocused();

  // the editor: parameters, the English step (logo chosen from the keyboard), the summary, save
  await tabTo(page, page.getByRole('link', { name: 'New badge' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/badge$/);
  const next = page.getByRole('button', { name: 'Next', exact: true });
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toBeVisible();
  await expectFocusKept(page, 'Next');

  // the badge logo's button, the first of the step's images
  const choose = page.getByRole('button', { name: 'Choose an image', exact: true }).first();
  await chooseFileWith(page, choose, LOGO, 'Enter');
  await expect(page.getByText(LOGO.name).first()).toBeVisible();
  await expectFocusKept(page, 'choosing the logo');
  // Space works as well, on the same button (now "Replace")
  await chooseFileWith(page, page.getByRole('button', { name: 'Replace', exact: true }), LOGO, 'Space');
  await expectFocusKept(page, 'choosing the logo again');

  await tabTo(page, page.getByRole('textbox', { name: 'Title', exact: true }));
  await page.keyboard.type('Keyboard mastery');
  await tabTo(page, page.getByRole('textbox', { name: 'Template name (shown in the templates list)' }));
  await page.keyboard.type('Keyboard badge');
  await screenshot(page, 'keyboard-editor-content-en');
  await tabTo(page, next);
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('credential-preview').getByRole('heading', { name: 'Keyboard mastery' })).toBeVisible();
  await expectFocusKept(page, 'Next to the summary');

  await tabTo(page, page.getByRole('button', { name: 'Validate' }));
  await page.keyboard.press('Enter');
  const save = page.getByRole('button', { name: 'Save the template' });
  await tabTo(page, save);
  await page.keyboard.press('Enter');
  const saved = page.getByRole('dialog', { name: 'Template saved' });
  await expect(saved).toBeVisible();
  await tabTo(page, saved.getByRole('button', { name: 'Back to templates' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/templates$/);

  // publication: the card's import link, the spreadsheet chosen from the keyboard, the typed confirmation
  const card = page.getByTestId('template-card').filter({ hasText: 'Keyboard badge' });
  await tabTo(page, card.getByRole('link', { name: /^Import \/ publish/ }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/publication\?templateId=\d+$/);
  await chooseFileWith(page, page.getByRole('button', { name: 'Choose a file', exact: true }), COHORT, 'Enter');
  await expect(page.getByText('cohort.xlsx: 2 rows ready')).toBeVisible();
  await expectFocusKept(page, 'choosing the spreadsheet');
  const publishButton = page.getByRole('button', { name: 'Publish 2 certificates' });
  await tabTo(page, publishButton);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Publish the certificates?' });
  // Escape leaves the confirmation with the focus back on Publish, ready for a second try
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(publishButton).toBeFocused();
  await page.keyboard.press('Enter');
  await tabTo(page, confirm.getByLabel('Type PUBLISH to confirm'));
  await page.keyboard.type('PUBLISH');
  await tabTo(page, confirm.getByRole('button', { name: 'Publish' }));
  await page.keyboard.press('Enter');
  const success = page.getByRole('dialog', { name: 'Certificates published' });
  await expect(success).toContainText('2 certificates were issued in campaign #');
  await expectNoSeriousViolations(page, 'publication success dialog');
  await screenshot(page, 'keyboard-published-en');

  const stored = await laurel.app.laurel.db.selectFrom('certificates').select('email').execute();
  expect(stored.map((row) => row.email).sort()).toEqual(['ada@example.org', 'grace@example.org']);
});

test('the tour takes the focus; the help form attaches a file from the keyboard', async ({ page, laurel }) => {
  test.setTimeout(120_000);
  // a free-trial account past its questionnaire meets the guided tour on its first page
  const { db } = laurel.app.laurel;
  const issuer = await db.selectFrom('issuers').select(['id', 'params']).executeTakeFirstOrThrow();
  await db
    .updateTable('issuers')
    .set({ params: JSON.stringify({ ...(JSON.parse(issuer.params) as object), onboarded: true }) })
    .where('id', '=', issuer.id)
    .execute();
  await db.updateTable('users').set({ ok_cgu: 1, ok_notice: 1 }).where('email', '=', 'admin@example.org').execute();
  await signInByMail(page, laurel, 'admin@example.org', { onboarding: true });
  const tour = page.getByRole('dialog', { name: 'Design your first badge' });
  // the tour waits for the page to settle before it starts
  await expect(tour).toBeVisible({ timeout: 30_000 });
  await expect(tour).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(tour.getByRole('button', { name: 'Close the tour' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(tour).toBeHidden();

  await page.goto('/help');
  const attach = page.getByRole('button', { name: 'Attach files' });
  await chooseFileWith(page, attach, { ...LOGO, name: 'screen.svg' }, 'Space');
  await expect(page.getByText('screen.svg')).toBeVisible();
  await expect(attach).toBeFocused();
});

test('a Reader typing the address of a forbidden screen lands on the templates quietly, with no error shown', async ({
  page,
  laurel,
}) => {
  test.setTimeout(120_000);
  const { db } = laurel.app.laurel;
  const issuer = await db.selectFrom('issuers').select('id').executeTakeFirstOrThrow();
  await insertUser(db, { issuer_id: issuer.id, email: 'reader@example.org', profile_id: PROFILE.Reader });
  await signIn(page, laurel, 'reader@example.org');
  await expect(page).toHaveURL(/\/templates$/);
  // every notification the page shows, however briefly
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { laurelToasts: string[] }).laurelToasts = shown;
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.MuiSnackbar-root')) {
        const text = toast.textContent ?? '';
        if (!shown.includes(text)) shown.push(text);
      }
    }).observe(document, { subtree: true, childList: true });
  });
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  for (const path of [
    '/admin/users',
    '/admin/users/create',
    '/admin/org-units',
    '/admin/api-keys',
    '/admin/notifications',
    '/profile/issuer',
    '/publication?templateId=1',
    '/badge',
    '/badgeImageEditor',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/templates$/);
    await expect(page.getByRole('heading', { name: /templates?$/i }).first()).toBeVisible();
    // every call of the screen answered (none for 500 ms: Playwright's network idle), so that a refused call's
    // notification would be on the page by now
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { laurelToasts: string[] }).laurelToasts), path).toEqual([]);
  }
  expect(refused, 'calls refused by the server while redirecting').toEqual([]);
});
