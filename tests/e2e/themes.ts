import { expect, type Page } from '@playwright/test';
import { screenshot } from './fixtures';
import { animationsDone } from './navigate';

/** Where react-admin's store keeps the chosen theme. */
const THEME_KEY = 'RaStorelaurel.theme';

export type Theme = 'light' | 'dark';

/** Every page this test loads from now on starts in `theme`, as a returning user's would. */
export async function startInTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
    THEME_KEY,
    JSON.stringify(theme),
  ] as const);
}

/** The theme the page is drawn in, as its background says. */
export async function drawnTheme(page: Page): Promise<Theme> {
  return page.evaluate(() => {
    const [r, g, b] = (getComputedStyle(document.body).backgroundColor.match(/\d+/g) ?? []).map(Number);
    return r + g + b < 384 ? 'dark' : 'light';
  });
}

/**
 * Switches the app to `theme` without reloading, as another tab of the same browser would: the preference is written
 * where react-admin's store keeps it and announced by the storage event that its store listens to. Waits until the
 * page's background says the theme is drawn and MUI's colour transitions are over.
 */
export async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate(
    ([key, value]) => {
      localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value }));
    },
    [THEME_KEY, JSON.stringify(theme)] as const,
  );
  await expect.poll(() => drawnTheme(page)).toBe(theme);
  await animationsDone(page);
}

/**
 * The screenshots `<name>-light` and `<name>-dark` of what is shown now, the page left in the theme it was drawn in:
 * one run of a journey pictures both themes, rather than the whole journey run again in the dark one.
 */
export async function screenshotBothThemes(page: Page, name: string): Promise<void> {
  const drawn = await drawnTheme(page);
  const other: Theme = drawn === 'light' ? 'dark' : 'light';
  await screenshot(page, `${name}-${drawn}`);
  await showTheme(page, other);
  await screenshot(page, `${name}-${other}`);
  await showTheme(page, drawn);
}
