import ganache from 'ganache';
import { custom, type Hex } from 'viem';
import { deployLedgerContract, EvmChain } from '../../server/services/ledger/evm/evmChain';
import { createBadgeTemplate, expect, publishRows, screenshot, sessionToken, test as base, signIn } from './fixtures';

// The verify page of an NFT certificate anchored on an EVM chain (issue 20): an in-process ganache chain (no
// network) behind the real server; the page shows one more step, the root the chain holds against the head's.
const KEY = `0x${'11'.repeat(32)}` as Hex;
const CHAIN_ID = 1337;

const test = base.extend({
  laurelChain: async ({}, use) => {
    const provider = ganache.provider({
      logging: { quiet: true },
      chain: { chainId: CHAIN_ID, hardfork: 'shanghai' },
      wallet: { accounts: [{ secretKey: KEY, balance: '0x56BC75E2D63100000' }] },
    });
    const transport = custom(provider);
    const settings = { transport, chainId: CHAIN_ID, privateKey: KEY, confirmations: 1, pollMs: 20 };
    const contractAddress = await deployLedgerContract({ ...settings, explorerUrl: null, resendAfterMs: 1000 });
    // a block every 100 ms: the confirmations the adapter waits for
    const miner = setInterval(() => void provider.request({ method: 'evm_mine', params: [] }), 100);
    const chain = new EvmChain({
      ...settings,
      confirmations: 2,
      contractAddress,
      explorerUrl: null,
      resendAfterMs: 2000,
    });
    await use(chain);
    clearInterval(miner);
    await chain.close();
    await provider.disconnect();
  },
});

test('the verify page checks that the root on chain is the signed head root', async ({ page, laurel }) => {
  test.setTimeout(120_000);
  const { db } = laurel.app.laurel;
  await signIn(page, laurel, 'admin@example.org');
  const token = await sessionToken(laurel, 'admin@example.org');
  const templateId = await createBadgeTemplate(laurel, token, { network: 'gnosis', title: 'Ledger literacy' });
  const campaignId = await publishRows(laurel, token, templateId, [
    { ID: 'c1', Language: 'en', Email: 'ada@example.org', firstName: 'Ada', lastName: 'Lovelace' },
  ]);
  const certificate = () =>
    db.selectFrom('certificates').select(['key', 'status_id']).where('campaign_id', '=', campaignId).executeTakeFirst();
  // minting (11) until the anchor transaction has its confirmations
  await expect.poll(async () => (await certificate())?.status_id, { timeout: 60_000 }).toBe(1);
  const { key } = (await certificate())!;

  await page.goto(`/verify?key=${key}`);
  await page.getByRole('button', { name: /^EN/ }).click();
  const ledger = page.getByTestId('ledger-check');
  await expect(ledger).toContainText("Anchored in the issuer's ledger");
  await expect(ledger).toContainText(`Anchored on chain ${CHAIN_ID}: the root on chain equals the head's root`);
  await expect(ledger.locator('[data-verdict="pass"]')).toHaveCount(5);
  await screenshot(page, 'nft-verify-chain-en');
  await page.getByRole('button', { name: /^ES/ }).click();
  await expect(ledger).toContainText(`Anclado en la cadena ${CHAIN_ID}`);
  await screenshot(page, 'nft-verify-chain-es');

  // another root on chain for this size (here: the head's root changed in the database after anchoring): the
  // chain step fails, and the verdict with it
  await db
    .updateTable('ledger_heads')
    .set({ root_hash: 'ab'.repeat(32) })
    .execute();
  await page.goto(`/verify?key=${key}`);
  await expect(ledger.locator('[data-verdict="fail"]').filter({ hasText: `cadena ${CHAIN_ID}` })).toHaveCount(1);
  await screenshot(page, 'nft-verify-chain-fail-es');
});
