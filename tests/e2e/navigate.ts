import type { Page, Request } from '@playwright/test';
import { waitFor } from '../support/waitFor';

/**
 * Opening a screen inside the already-loaded app (issue 29). Every `page.goto` or `page.reload` loads and runs the
 * whole react-admin app again, about 1.5 CPU-s of renderer each on the 2-core machine; a person moves from screen to
 * screen inside the app. Tests whose point is a load (a reload, the back button, a shared link opened fresh, the
 * sign-in, public pages, a language chosen by `?lang=` at load, fresh state) keep their real loads.
 */

/**
 * Waits until what the last action started has been drawn: two frames (a transition starts on the frame after the
 * state change), then every finite animation or transition running (MUI's menus, dialogs and drawers enter in up to
 * 225 ms). Spinners and skeletons loop for ever and are not waited for.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise((resolve) => requestAnimationFrame(resolve));
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    // a paused animation never finishes: a second at most
    const finished = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    await Promise.race([finished, new Promise((resolve) => setTimeout(resolve, 1000))]);
  });
}

/** What floats over a page: dialogs (MUI's drawers are dialogs too), menus and select lists. */
export const OVERLAY = '[role="dialog"], [role="menu"], [role="listbox"]';

/** The requests of each page not yet answered, counted from its first in-app open (networkQuiet). */
const pending = new WeakMap<Page, Set<Request>>();

function countRequests(page: Page): Set<Request> {
  let requests = pending.get(page);
  if (!requests) {
    const inFlight = new Set<Request>();
    page.on('request', (request) => inFlight.add(request));
    page.on('requestfinished', (request) => inFlight.delete(request));
    page.on('requestfailed', (request) => inFlight.delete(request));
    pending.set(page, inFlight);
    requests = inFlight;
  }
  return requests;
}

/**
 * Playwright's `networkidle` for a navigation inside the app, which its load states do not see: no request of the
 * page in flight for 500 ms. A failure names the addresses still busy.
 */
export async function networkQuiet(page: Page, ms = 15_000): Promise<void> {
  const requests = countRequests(page);
  let quietSince = Date.now();
  await waitFor(
    () => `a quiet network; still busy: ${[...requests].map((request) => request.url()).join(', ')}`,
    () => {
      if (requests.size > 0) quietSince = Date.now();
      return Promise.resolve(Date.now() - quietSince >= 500);
    },
    ms,
    50,
  );
}

/**
 * Opens `path` as the app's own links do when the signed-in app is already loaded with nothing floating over it:
 * react-router follows a history entry in its own shape, pushed and announced by `popstate` (as the back and forward
 * buttons do), then the page's requests settle (`networkQuiet`). What the last screen left floating (a dialog still
 * leaving, a drawer, a menu) is closed by Escape first, as a person would. A first load, the same address again, an
 * address of another origin, `load: true` and a dialog Escape does not close are real loads (`page.goto`, then
 * `networkidle`).
 *
 * The app's language is not read from `?lang=` inside the app: a test that chooses it that way keeps its load.
 * `LAUREL_E2E_NAV=1` (or the walk's `LAUREL_A11Y_TIMES=1`) prints which way each address was opened.
 */
export async function openInApp(page: Page, path: string, { load = false }: { load?: boolean } = {}): Promise<void> {
  countRequests(page);
  const where = () =>
    page.evaluate(
      ([target, overlay]) => ({
        app:
          document.getElementById('main-content') !== null &&
          window.location.pathname + window.location.search !== target,
        floating: [...document.querySelectorAll<HTMLElement>(overlay)].some((element) => element.checkVisibility()),
      }),
      [path, OVERLAY] as const,
    );
  let inApp = !load && page.url().startsWith('http') && new URL(page.url()).origin === new URL(path, page.url()).origin;
  if (inApp) {
    let { app, floating } = await where();
    for (let presses = 0; app && floating && presses < 3; presses++) {
      await animationsDone(page);
      ({ app, floating } = await where());
      if (!floating) break;
      await page.keyboard.press('Escape');
      await animationsDone(page);
      ({ app, floating } = await where());
    }
    inApp = app && !floating;
  }
  if (process.env.LAUREL_E2E_NAV || process.env.LAUREL_A11Y_TIMES) {
    console.info(`open ${path}: ${inApp ? 'inside the app' : 'loaded'}`);
  }
  if (inApp) {
    await page.evaluate((target) => {
      const { idx } = (window.history.state ?? {}) as { idx?: number };
      const state = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (idx ?? 0) + 1 };
      window.history.pushState(state, '', target);
      window.dispatchEvent(new PopStateEvent('popstate', { state }));
    }, path);
    await animationsDone(page);
    await networkQuiet(page);
  } else {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
}
