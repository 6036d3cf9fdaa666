import type { Page } from '@playwright/test';
import { WEB_APP_POLICY } from '../../server/security/webAppPolicy';
import { expect, publishBadgeCampaign, screenshot, sessionToken, test, signIn } from './fixtures';

const ADMIN = 'admin@example.org';

/** Every Content-Security-Policy violation the page reports, as the browser reports it. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
  // an init script runs through the browser's protocol, before the page's own scripts and outside its policy
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation;
      report(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

test('the app works under its production Content-Security-Policy, with no violation on the main screens', async ({
  page,
  laurel,
}) => {
  test.setTimeout(180_000);
  const violations = await watchViolations(page);
  const shell = await page.request.get('/login');
  expect(shell.headers()['content-security-policy']).toBe(WEB_APP_POLICY);

  await signIn(page, laurel, ADMIN);
  await expect(page).toHaveURL(/\/templates$/);
  const { templateId, campaignId } = await publishBadgeCampaign(laurel, await sessionToken(laurel, ADMIN), [
    { ID: 'ada-lovelace', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
  ]);

  const screens: [string, RegExp][] = [
    ['/templates', /templates|modèles/i],
    ['/campaigns', /campaigns|campagnes/i],
    [`/reports/${campaignId}`, /Data analysis|Ada/],
    ['/search', /search|recherche/i],
    ['/dashboard', /dashboard|tableau/i],
    [`/publication?templateId=${templateId}`, /publi/i],
    ['/badge', /badge/i],
    // the vector badge designer (Konva canvas, its own chunk)
    ['/badgeImageEditor', /./],
    ['/admin/api-keys', /API/],
    ['/admin/notifications', /notification|webhook/i],
    ['/security', /security|sécurité/i],
    ['/help', /help|aide/i],
    ['/myplan', /plan/i],
  ];
  for (const [path, text] of screens) {
    await page.goto(path);
    await expect(page.locator('#root')).toContainText(text);
    // let lazy chunks, workers and images settle before reading the violations
    await page.waitForLoadState('networkidle');
    expect(violations, `violations on ${path}`).toEqual([]);
  }
  await page.goto('/badge');
  await expect(page.locator('#root')).toContainText(/badge/i);
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'csp-badge-editor');
  await page.goto(`/reports/${campaignId}`);
  await page.waitForLoadState('networkidle');
  await screenshot(page, 'csp-report');
  expect(violations).toEqual([]);
});

test('an inline script injected into the page is refused by the policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto('/login');
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.injected = true';
    document.body.appendChild(script);
  });
  expect(await page.evaluate(() => (window as unknown as { injected?: boolean }).injected ?? false)).toBe(false);
  await expect.poll(() => violations.length).toBeGreaterThan(0);
  expect(violations[0]).toMatch(/script-src/);
});
