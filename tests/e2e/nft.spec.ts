import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import {
  createBadgeTemplate,
  expect,
  publishRows,
  screenshot,
  sessionToken,
  test,
  type Laurel,
  signIn,
} from './fixtures';

const LOGO = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><circle cx="32" cy="32" r="30" fill="#5e2f6f"/></svg>',
);

/** An NFT badge (network gnosis) through the template call, and a campaign of two recipients published on it. */
async function publishNftCampaign(laurel: Laurel, token: string) {
  const templateId = await createBadgeTemplate(laurel, token, {
    network: 'gnosis',
    title: 'Ledger literacy',
    logo: { name: 'logo.svg', type: 'image/svg+xml', bytes: LOGO },
  });
  const campaignId = await publishRows(laurel, token, templateId, [
    { ID: 'n1', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
    { ID: 'n2', Language: 'en', Email: 'alan@example.org', firstName: 'Alan', lastName: 'Turing' },
  ]);
  return { campaignId };
}

test('an NFT campaign turns validated, a recipient claims a certificate into a wallet, reveals it, and the verify page checks its ledger proof', async ({
  page,
  laurel,
}) => {
  test.setTimeout(180_000);
  const { db } = laurel.app.laurel;
  await signIn(page, laurel, 'admin@example.org');
  const token = await sessionToken(laurel, 'admin@example.org');
  const { campaignId } = await publishNftCampaign(laurel, token);
  const statuses = () =>
    db
      .selectFrom('certificates')
      .select(['key', 'status_id'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
  // minting (11) until the follow-up job has signed and anchored them
  await expect.poll(async () => (await statuses()).map((row) => row.status_id), { timeout: 60_000 }).toEqual([1, 1]);

  await page.goto(`/reports/${campaignId}`);
  await expect(page.getByText('Validated').first()).toBeVisible();
  await screenshot(page, 'nft-report-validated-en');

  const [first, second] = await statuses();
  const wallet = privateKeyToAccount(generatePrivateKey());

  // the certificate page offers the claim
  await page.goto(`/certificate/${first.key}`);
  await page.getByRole('link', { name: 'Claim as NFT' }).click();
  await expect(page.getByRole('heading', { name: 'Your certificate as an NFT' })).toBeVisible();
  await page.getByLabel('Wallet address').fill(wallet.address.toLowerCase());
  const message = await page.getByTestId('message-to-sign').innerText();
  expect(message).toBe(`Claim my certificate as an NFT\nCertificate: ${first.key}\nWallet: ${wallet.address}`);
  // signed in "another wallet" (viem, here) and pasted
  await page.getByLabel('Signature').fill(await wallet.signMessage({ message }));
  await screenshot(page, 'nft-claim-en');
  await page.getByRole('button', { name: 'Claim the certificate' }).click();
  await expect(page.getByText('Claimed into your wallet')).toBeVisible();
  expect((await statuses())[0].status_id).toBe(13);

  // a wrong signature is explained, and changes nothing
  const revealText = await page.getByTestId('message-to-sign').innerText();
  expect(revealText).toBe(`Reveal my NFT certificate\nCertificate: ${first.key}\nWallet: ${wallet.address}`);
  const stranger = privateKeyToAccount(generatePrivateKey());
  await page.getByLabel('Signature').fill(await stranger.signMessage({ message: revealText }));
  await page.getByRole('button', { name: 'Reveal the certificate' }).click();
  await expect(page.getByRole('form', { name: 'Reveal it' }).getByRole('alert')).toContainText(
    'The signature is not this message signed by this wallet',
  );
  expect((await statuses())[0].status_id).toBe(13);

  await page.getByLabel('Signature').fill(await wallet.signMessage({ message: revealText }));
  await page.getByRole('button', { name: 'Reveal the certificate' }).click();
  await expect(page.getByText("The token's metadata now points to your public certificate.")).toBeVisible();
  expect((await statuses())[0].status_id).toBe(14);
  await screenshot(page, 'nft-revealed-en');
  await page.getByRole('button', { name: /^FR/ }).click();
  await expect(page.getByText('Révélé', { exact: true })).toBeVisible();
  await screenshot(page, 'nft-revealed-fr');

  // the token's metadata now points to the public credential
  const metadata = (await (await fetch(`${laurel.baseURL}/nft/1/0.json`)).json()) as Record<string, unknown>;
  expect(metadata.external_url).toBe(`${laurel.baseURL}/certificate/${first.key}`);
  expect((metadata.claim as { owner: string }).owner).toBe(wallet.address);

  // the claim form in French, for the second certificate
  await page.goto(`/nft/claim?key=${second.key}`);
  await expect(page.getByRole('heading', { name: 'Votre certificat en NFT' })).toBeVisible();
  await page.getByLabel('Adresse du portefeuille').fill(wallet.address);
  await expect(page.getByTestId('message-to-sign')).toContainText(second.key);
  await screenshot(page, 'nft-claim-fr');

  // the verify page checks the inclusion proof itself
  await page.goto(`/verify?key=${first.key}`);
  await page.getByRole('button', { name: /^EN/ }).click();
  const ledger = page.getByTestId('ledger-check');
  await expect(ledger).toContainText("Anchored in the issuer's ledger");
  await expect(ledger.locator('[data-verdict="pass"]')).toHaveCount(4);
  await expect(ledger).toContainText(wallet.address);
  await screenshot(page, 'nft-verify-en');
  await page.getByRole('button', { name: /^FR/ }).click();
  await expect(ledger).toContainText("Ancré dans le registre de l'émetteur");
  await screenshot(page, 'nft-verify-fr');

  // a credential changed by one byte no longer matches its leaf: the page says so
  const stored = await db
    .selectFrom('certificates')
    .select(['id', 'credential'])
    .where('key', '=', first.key)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('certificates')
    .set({ credential: `${stored.credential as string} ` })
    .where('id', '=', stored.id)
    .execute();
  await page.goto(`/verify?key=${first.key}`);
  await expect(page.getByTestId('ledger-check')).toContainText('La preuve du registre ne tient pas');
  // the leaf and, from it, the audit path fail; the signed head itself still holds
  await expect(page.getByTestId('ledger-check').locator('[data-verdict="fail"]')).toHaveCount(2);
  await expect(page.getByTestId('ledger-check').locator('[data-verdict="pass"]')).toHaveCount(2);
});
