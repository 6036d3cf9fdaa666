import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhookSignature } from '../../server/services/webhooks/signing';
import { expect, publishBadgeCampaign, sessionToken, test, signIn } from './fixtures';
import { screenshotBothThemes, startInTheme } from './themes';

/** A webhook receiver on loopback answering each call with `status.code`, changed by the test as it goes. */
async function startReceiver(status: { code: number }) {
  const calls: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      calls.push({ headers: request.headers, body });
      response.writeHead(status.code).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    calls,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether a received call carries the signature of its timestamp and body made with `secret`. */
function signedWith(secret: string, call: { headers: http.IncomingHttpHeaders; body: string }): boolean {
  return verifyWebhookSignature(
    secret,
    {
      timestamp: call.headers['x-laurel-timestamp'] as string,
      signature: call.headers['x-laurel-signature'] as string,
    },
    call.body,
  );
}

test('the notifications tab shows the signing secret once, rotates it, and logs deliveries', async ({
  page,
  laurel,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await startInTheme(page, 'light');
  const status = { code: 200 };
  const receiver = await startReceiver(status);
  try {
    await signIn(page, laurel, 'admin@example.org', { at: '/admin/notifications' });
    await page.getByRole('textbox', { name: 'Address (URL)' }).fill(receiver.url);
    await page.getByRole('textbox', { name: 'Content (JSON)' }).fill('{ "campaign": "${campaignId}" }');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The notification settings were saved.')).toBeVisible();
    await expect(page.getByText('No call yet.')).toBeVisible();

    // the secret: made on request, shown once, copied
    await expect(page.getByText('No secret yet')).toBeVisible();
    await page.getByRole('button', { name: 'Create a secret' }).click();
    const shown = page.getByRole('textbox', { name: 'New signing secret' });
    await expect(shown).toHaveValue(/^whsec_[A-Za-z0-9_-]{43}$/);
    const secret = await shown.inputValue();
    await page.getByRole('button', { name: 'Copy the secret' }).click();
    await expect(page.getByText('The secret was copied.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await expect(page.getByText(/Current secret made on/)).toBeVisible();

    // a test call is signed with it and shows in the log
    await page.getByRole('button', { name: 'Send a test' }).click();
    await expect(page.getByText('The test request was received successfully.')).toBeVisible();
    expect(signedWith(secret, receiver.calls[0])).toBe(true);
    const log = page.getByRole('table').last();
    await expect(log.getByRole('row', { name: /Test call/ })).toContainText('Delivered');
    await expect(log.getByRole('row', { name: /Test call/ })).toContainText('200');
    await screenshotBothThemes(page, 'notifications-secret');

    // the shown secret goes away and is never shown again; a rotation asks first, then shows the new one
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'New signing secret' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Rotate the secret' }).click();
    const dialog = page.getByRole('dialog', { name: 'Replace the signing secret?' });
    await expect(dialog).toContainText('stops working at once');
    await screenshotBothThemes(page, 'notifications-rotate');
    await dialog.getByRole('button', { name: 'Rotate the secret' }).click();
    await expect(page.getByRole('textbox', { name: 'New signing secret' })).toHaveValue(/^whsec_/);
    const rotated = await page.getByRole('textbox', { name: 'New signing secret' }).inputValue();
    expect(rotated).not.toBe(secret);

    // a publication whose webhook fails for now: each attempt logged, the next try planned
    status.code = 503;
    const token = await sessionToken(laurel, 'admin@example.org');
    const { campaignId } = await publishBadgeCampaign(laurel, token, [
      { ID: '1', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
    ]);
    await expect.poll(() => receiver.calls.length, { timeout: 30_000 }).toBe(4);
    expect(signedWith(rotated, receiver.calls[3])).toBe(true);
    await expect
      .poll(
        async () => {
          await page.getByRole('button', { name: 'Refresh' }).click();
          return log.getByRole('row', { name: new RegExp(`Campaign ${campaignId} published`) }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(3);
    const newest = log.getByRole('row', { name: new RegExp(`Campaign ${campaignId} published`) }).first();
    await expect(newest).toContainText('Will retry');
    await expect(newest).toContainText('503');
    await expect(log.getByRole('row', { name: new RegExp(`Campaign ${campaignId} published`) }).last()).toContainText(
      'Failed',
    );
    await screenshotBothThemes(page, 'notifications-log');
  } finally {
    await receiver.close();
  }
});
