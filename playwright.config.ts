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
  // workers keep both cores of the CI machine busy (a file that needs order says so with mode: 'serial')
  fullyParallel: true,
  workers: Number(process.env.LAUREL_E2E_WORKERS ?? 2),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    headless: true,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    // a trace records the page after every action, which costs the CPU that the tests share; CI keeps only what a
    // test prints (its error, the call log), so it records none there, and a local run keeps a failing test's trace
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
});
