import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, PNG_BADGE_LOGO, publishBadgeCampaign, screenshot, sessionToken, test } from './fixtures';

const ADMIN = 'admin@example.org';

test('a published badge is signed; its credential and baked image verify on /verify; suspending it shows', async ({
  page,
  laurel,
}) => {
  test.setTimeout(120_000);
  const token = await sessionToken(laurel, ADMIN);
  const headers = { authorization: `Bearer ${token}` };
  const { campaignId } = await publishBadgeCampaign(
    laurel,
    token,
    [{ ID: 'ada', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' }],
    PNG_BADGE_LOGO,
  );

  // the worker signs the credential, then the campaign is Done
  await expect
    .poll(
      async () => {
        const list = await fetch(`${laurel.baseURL}/api/admin/campaigns`, { method: 'POST', headers });
        return ((await list.json()) as { campaigns: { ID: number; Status: string }[] }).campaigns.find(
          (c) => c.ID === campaignId,
        )?.Status;
      },
      { timeout: 30_000 },
    )
    .toBe('Done');
  const rows = await fetch(`${laurel.baseURL}/api/admin/data_post`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ campaignId }),
  });
  const key = ((await rows.json()) as { data: { key: string }[] }).data[0].key;

  await page.goto(`/certificate/${key}`);
  await expect(page.getByText('Valid credential')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the verifiable credential' })).toBeVisible();

  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-credential-'));
  const credential = await page.request.get(`/certificate/${key}/credential.json`);
  expect(credential.status()).toBe(200);
  const json = await credential.body();
  expect(JSON.parse(json.toString()).type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
  fs.writeFileSync(path.join(folder, 'credential.json'), json);
  const baked = await page.request.get(`/certificate/${key}/badge.png`);
  expect(baked.headers()['content-type']).toBe('image/png');
  fs.writeFileSync(path.join(folder, 'badge.png'), await baked.body());

  await page.goto('/verify');
  await page.getByTestId('verify-file').setInputFiles(path.join(folder, 'credential.json'));
  await expect(page.getByText('This credential is valid')).toBeVisible();
  await screenshot(page, 'verify-credential-en');
  await page.getByTestId('verify-file').setInputFiles(path.join(folder, 'badge.png'));
  await expect(page.getByText('This credential is valid')).toBeVisible();

  // a tampered credential fails its signature
  const tampered = JSON.parse(json.toString()) as { credentialSubject: { achievement: { name: string } } };
  tampered.credentialSubject.achievement.name = 'Closed science';
  fs.writeFileSync(path.join(folder, 'tampered.json'), JSON.stringify(tampered));
  await page.getByTestId('verify-file').setInputFiles(path.join(folder, 'tampered.json'));
  await expect(page.getByText('This credential did not pass every check')).toBeVisible();

  const suspended = await fetch(`${laurel.baseURL}/api/admin/keys`, {
    method: 'PUT',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ ids: [key], enable: false }),
  });
  expect(suspended.status).toBe(200);
  await page.goto(`/verify?key=${key}`);
  await expect(
    page.getByText('The issuer has suspended this credential: it is not valid at the moment.'),
  ).toBeVisible();
  await screenshot(page, 'verify-suspended-en');
  fs.rmSync(folder, { recursive: true, force: true });
});
