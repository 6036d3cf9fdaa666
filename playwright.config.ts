import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/support/chromium';

/** Browser tests on Debian's Chromium, against the real server the fixtures start (see tests/e2e/fixtures.ts). */
export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  // margins for a loaded 2-core machine, where a screen can take several seconds to answer: a passing test takes
  // no longer for them, only a failing one
  timeout: 120_000,
  expect: { timeout: 20_000 },
  // each test starts its own Laurel (data folder, port, SMTP sink; fixtures.ts), so tests run side by side: two
  // workers keep both cores of the CI machine busy (a file that needs order says so with mode: 'serial'). Four were
  // tried (2026-11-28): Chromium's renderers already leave no core idle with two (vmstat: 0 % idle), so four only
  // added contention (13.1 min for the whole run instead of about 12)
  fullyParallel: true,
  workers: Number(process.env.LAUREL_E2E_WORKERS ?? 2),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    // recording a trace (the page after every action) more than doubled the tests' time on two cores: 16 tests took
    // 4.4 min with it and 2.0 min without. A failure still prints its error, call log and screenshot;
    // LAUREL_E2E_TRACE=1 records traces again and keeps a failing test's one
    trace: process.env.LAUREL_E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
