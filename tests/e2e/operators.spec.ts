import { runCli } from '../../server/cli/runCli';
import { loginLinkIn } from '../support/smtpSink';
import { acceptTermsIfAsked, expect, screenshot, skipOnboarding, test } from './fixtures';

/**
 * Issue 18: an operator creates a second issuer from the command line; its Administrator signs in from the
 * invitation that arrives over SMTP and works in their own organisation, which sees none of the first one's data.
 */
test('an issuer created with the operators’ tool: its Administrator signs in from the invitation', async ({
  page,
  laurel,
}) => {
  const { config } = laurel.app.laurel;
  const printed: string[] = [];
  const code = await runCli(
    ['create-issuer', '--name', 'Acme Academy', '--admin-email', 'ann@acme.example', '--language', 'fr'],
    { DATA_DIR: config.dataDir, SMTP_URL: laurel.mailbox.url, PUBLIC_URL: laurel.baseURL },
    { out: (line) => printed.push(line), err: (line) => printed.push(line) },
  );
  expect(code, printed.join('\n')).toBe(0);
  expect(printed.join('\n')).toContain('invitation mailed to ann@acme.example');

  const mail = await laurel.mailbox.waitFor('ann@acme.example');
  expect(mail.subject).toContain('Acme Academy');
  await skipOnboarding(page, laurel, 'ann@acme.example');
  await page.goto(loginLinkIn(mail));
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await acceptTermsIfAsked(page, laurel);

  await page.goto('/dashboard?lang=fr');
  await expect(page.getByText('Données de Acme Academy')).toBeVisible();
  await expect(page.getByText('Certificats délivrés').locator('..')).toContainText('0');
  await expect(page.getByRole('button', { name: 'Filtrer' })).toHaveCount(0);
  await expect(page.getByText('100 crédits')).toBeVisible();
  await screenshot(page, 'operators-new-issuer-dashboard-fr');
});
