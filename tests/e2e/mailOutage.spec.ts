import { expect, publishBadgeCampaign, sessionToken, test, signIn } from './fixtures';
import { screenshotBothThemes, startInTheme } from './themes';

const ADMIN = 'admin@example.org';

test('a report shows a refused and a deferred mail, and sends the refused one again', async ({ page, laurel }) => {
  test.setTimeout(120_000);
  await startInTheme(page, 'light');
  const token = await sessionToken(laurel, ADMIN);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const { templateId, campaignId } = await publishBadgeCampaign(laurel, token, [
    { ID: '1', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
    { ID: '2', Language: 'en', Email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper' },
    { ID: '3', Language: 'en', Email: 'alan@example.org', firstName: 'Alan', lastName: 'Turing' },
  ]);
  // Ada's mailbox refuses for good (550), Grace's asks to try later (451)
  laurel.mailbox.reject.push('ada@example.org');
  laurel.mailbox.defer.push('grace@example.org');
  const settings = (await (await fetch(`${laurel.baseURL}/api/admin/emailing`, { headers })).json()) as {
    defaults: { object: string; sender: { name: string; email: string } };
  };
  const sent = await fetch(`${laurel.baseURL}/api/admin/emails`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      templateId,
      campaignId,
      object: 'Your badge',
      sender: settings.defaults.sender,
      language: 'en',
    }),
  });
  expect(sent.status, await sent.clone().text()).toBe(200);
  await expect.poll(() => laurel.mailbox.messages.some((m) => m.to.includes('alan@example.org'))).toBe(true);

  await signIn(page, laurel, ADMIN, { at: `/reports/${campaignId}` });
  const rows = page.locator('tbody .RaDataTable-row');
  await expect(rows).toHaveCount(3);
  const ada = rows.filter({ hasText: 'Lovelace' });
  const grace = rows.filter({ hasText: 'Hopper' });
  await expect(ada).toContainText('Not delivered');
  await expect(grace).toContainText('Not sent');
  await expect(rows.filter({ hasText: 'Turing' })).toContainText('Sent');

  await grace.getByText('Not sent').hover();
  await expect(page.getByRole('tooltip')).toContainText('Next try');
  await screenshotBothThemes(page, 'report-mail-pending');
  await page.mouse.move(0, 0);
  // the first tooltip fades out before the next one is read
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  await ada.getByText('Not delivered').hover();
  await expect(page.getByRole('tooltip')).toContainText('Refused');
  await expect(page.getByRole('tooltip')).toContainText('550');
  await page.mouse.move(0, 0);

  // Ada's address works again: her mail goes out once more, after a confirmation
  laurel.mailbox.reject.length = 0;
  await ada.getByRole('checkbox').check();
  await grace.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Send again' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send the undelivered mail again?' });
  await expect(dialog).toContainText('subject and sender');
  await screenshotBothThemes(page, 'report-mail-resend');
  await dialog.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText('The mail will be sent again.')).toBeVisible();
  await expect.poll(() => laurel.mailbox.messages.filter((m) => m.to.includes('ada@example.org')).length).toBe(1);
  await expect
    .poll(async () => {
      await page.getByRole('button', { name: 'Refresh' }).first().click();
      return ada.innerText();
    })
    .toContain('Sent');
  expect(laurel.mailbox.messages.filter((m) => m.to.includes('ada@example.org'))[0].subject).toBe('Your badge');
});
