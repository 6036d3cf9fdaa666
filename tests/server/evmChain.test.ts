import ganache from 'ganache';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicClient, custom, getAddress, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { chainTokenId } from '../../server/services/ledger/chain';
import {
  deployLedgerContract,
  EvmChain,
  LEDGER_CONTRACT,
  type EvmChainOptions,
} from '../../server/services/ledger/evm/evmChain';
import { claimMessage, revealMessage } from '../../domain/nftClaims';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { createPostgresDatabase, TEST_DATABASES, type TestDatabase } from './testApp';

// The viem EVM adapter end to end (issue 20): the publication job anchors an NFT campaign's head on an in-process
// ganache chain (no network) through viem's custom(provider), on both databases.
const RICH_KEY = `0x${'11'.repeat(32)}` as Hex;
const POOR_KEY = `0x${'33'.repeat(32)}` as Hex;
const CHAIN_ID = 1337;
const EXPLORER = 'https://explorer.test';

const provider = ganache.provider({
  logging: { quiet: true },
  chain: { chainId: CHAIN_ID, hardfork: 'shanghai' },
  wallet: {
    accounts: [
      { secretKey: RICH_KEY, balance: '0x56BC75E2D63100000' },
      // 1 gwei: far from the cost of one anchoring
      { secretKey: POOR_KEY, balance: '0x3B9ACA00' },
    ],
  },
});
const rpc = (method: string, params: unknown[] = []) =>
  provider.request({ method, params } as never) as Promise<unknown>;
/**
 * Blocks mined on demand, the confirmations the adapter waits for: while mining is on, each look at the chain's
 * head (the adapter's poll once its transaction is mined) first mines an empty block. A test waits for the adapter's
 * next poll, not for a clock, and the chain mines nothing while nobody looks.
 */
let mining = false;
const startMining = () => {
  mining = true;
};
const stopMining = () => {
  mining = false;
};
const transport = custom({
  request: async (args: { method: string; params?: unknown }) => {
    if (mining && args.method === 'eth_blockNumber') await rpc('evm_mine');
    return provider.request(args as never);
  },
});
const reader = createPublicClient({ transport });
/** A view function of the deployed contract, read straight from the chain. */
const readContract = (functionName: 'ownerOf' | 'tokenURI', tokenId: bigint) =>
  reader.readContract({ address: contractAddress, abi: LEDGER_CONTRACT.abi, functionName, args: [tokenId] });

async function until<T>(read: () => Promise<T | undefined | null | false>, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// a fresh contract per test: each test's fresh database numbers its issuer 1 again
const deploy = (owner?: Hex) =>
  deployLedgerContract({
    owner,
    transport,
    chainId: CHAIN_ID,
    privateKey: RICH_KEY,
    confirmations: 1,
    explorerUrl: null,
    resendAfterMs: 1000,
    pollMs: 20,
  });
let contractAddress: Hex;
afterAll(async () => {
  stopMining();
  await provider.disconnect();
});

describe.each(TEST_DATABASES)('the EVM adapter anchoring NFT campaigns on %s', (database: TestDatabase) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    stopMining();
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function setUp(options: Partial<EvmChainOptions> = {}) {
    contractAddress = await deploy(privateKeyToAccount(options.privateKey ?? RICH_KEY).address);
    const chain = new EvmChain({
      transport,
      chainId: CHAIN_ID,
      privateKey: RICH_KEY,
      contractAddress,
      confirmations: 2,
      explorerUrl: EXPLORER,
      resendAfterMs: 400,
      pollMs: 20,
      ...options,
    });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-evm-'));
    const pgDatabase = database === 'postgres' ? await createPostgresDatabase() : null;
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://laurel.test',
      WEB_ROOT: 'none',
      LOG_LEVEL: 'silent',
      JOB_POLL_MS: '0',
      ...(pgDatabase ? { DATABASE_URL: pgDatabase.url } : {}),
    });
    const app = await buildApp(config, { logger: false, chain });
    cleanups.push(async () => {
      await app.close();
      await pgDatabase?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const { headers, issuerId } = await signInAdmin(app);
    const templateId = await createBadgeTemplate(app, headers);
    const db = app.laurel.db;
    await db.updateTable('templates').set({ is_nft: 1 }).where('id', '=', templateId).execute();
    const certificates = (campaignId: number) =>
      db
        .selectFrom('certificates')
        .select(['id', 'key', 'status_id', 'nft_transaction', 'nft_token_id'])
        .where('campaign_id', '=', campaignId)
        .orderBy('id')
        .execute();
    const transactions = () =>
      (db as never as import('kysely').Kysely<{ chain_transactions: Record<string, unknown> }>)
        .selectFrom('chain_transactions')
        .selectAll()
        .execute() as Promise<
        { head_id: number; status: string; tx_hash: string; nonce: number; sent: string; error: string | null }[]
      >;
    const publish = async (count: number) => {
      const published = await publishRows(app, headers, templateId, recipientRows(count));
      expect(published.statusCode, published.body).toBe(200);
      return published.json<{ campaignId: number }>().campaignId;
    };
    return { app, db, chain, headers, issuerId, templateId, certificates, transactions, publish };
  }

  it('keeps a campaign minting until its anchor transaction is final, then validated with the explorer link', async () => {
    const t = await setUp();
    const campaignId = await t.publish(3);
    const job = t.app.laurel.jobs.runUntilIdle();
    job.catch(() => undefined); // awaited below; handled now so that a failure meanwhile is not unhandled
    // mined in its own block (instamine): one confirmation of two
    const sent = await until(async () => (await t.transactions()).find((row) => row.status === 'sent'), 'the anchor');
    await until(() => rpc('eth_getTransactionReceipt', [sent.tx_hash]), 'the receipt');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await t.certificates(campaignId)).map((row) => row.status_id)).toEqual([11, 11, 11]);
    startMining();
    await job;
    const rows = await t.certificates(campaignId);
    expect(rows.map((row) => row.status_id)).toEqual([1, 1, 1]);
    expect(rows.map((row) => row.nft_transaction)).toEqual(Array(3).fill(`${EXPLORER}/tx/${sent.tx_hash}`));
    expect(rows.map((row) => row.nft_token_id)).toEqual(['0', '1', '2']);
    const head = await t.db.selectFrom('ledger_heads').selectAll().executeTakeFirstOrThrow();
    expect(await t.chain.anchoredRoot(t.issuerId, 3)).toBe(`0x${head.root_hash}`);
    const [record] = await t.transactions();
    expect(record).toMatchObject({ head_id: head.id, status: 'confirmed', tx_hash: sent.tx_hash });
    // the batch page stays reachable from the leaf
    const page = await t.app.inject({ method: 'GET', url: `/ledger/${t.issuerId}/3?leaf=1` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(head.root_hash);
  });

  it('refuses an NFT publication the signer cannot pay for, before anything is written', async () => {
    const t = await setUp({ privateKey: POOR_KEY });
    const credits = () =>
      t.db.selectFrom('issuers').select('credits').where('id', '=', t.issuerId).executeTakeFirstOrThrow();
    const before = await credits();
    const refused = await publishRows(t.app, t.headers, t.templateId, recipientRows(2));
    expect(refused.statusCode, refused.body).toBe(400);
    const body = refused.json();
    expect(body.code).toBe('ERR_NFT_FUNDS');
    expect(body.errors[0].code).toBe('ERR_NFT_FUNDS');
    expect(body.errors[0].details[0]).toContain(privateKeyToAccount(POOR_KEY).address);
    expect(BigInt(body.needed)).toBeGreaterThan(BigInt(body.balance));
    expect(await t.db.selectFrom('campaigns').selectAll().execute()).toEqual([]);
    expect(await t.db.selectFrom('certificates').selectAll().execute()).toEqual([]);
    expect(await credits()).toEqual(before);
  });

  it('records an out-of-gas transaction on the job and anchors on the retry with a new one', async () => {
    let starve = true;
    const t = await setUp({ gasLimit: (estimate) => (starve ? 30_000n : (estimate * 125n) / 100n) });
    startMining();
    const campaignId = await t.publish(2);
    await t.app.laurel.jobs.runUntilIdle();
    const [failed] = await t.transactions();
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/ran out of gas/);
    expect((await t.certificates(campaignId)).map((row) => row.status_id)).toEqual([11, 11]);
    const [job] = await t.app.laurel.jobs.find({ type: 'campaign.followUp' });
    expect(job.state).toBe('queued');
    expect(job.lastError).toMatch(/ran out of gas/);
    expect(await t.chain.anchoredRoot(t.issuerId, 2)).toBeNull();

    starve = false;
    // the job's next attempt, after its retry delay
    await until(
      async () => {
        await t.app.laurel.jobs.runUntilIdle();
        return (await t.transactions())[0].status === 'confirmed';
      },
      'the retried job',
      15_000,
    );
    const [confirmed] = await t.transactions();
    expect(confirmed.status).toBe('confirmed');
    expect(confirmed.nonce).toBe(failed.nonce + 1);
    expect((await t.certificates(campaignId)).map((row) => row.status_id)).toEqual([1, 1]);
    const head = await t.db.selectFrom('ledger_heads').selectAll().executeTakeFirstOrThrow();
    expect(await t.chain.anchoredRoot(t.issuerId, 2)).toBe(`0x${head.root_hash}`);
    expect(await t.db.selectFrom('ledger_heads').selectAll().execute()).toHaveLength(1);
  });

  it('sends a transaction lost in a reorg again with its nonce and validates the campaign once', async () => {
    const t = await setUp();
    const snapshot = await rpc('evm_snapshot');
    const campaignId = await t.publish(2);
    const job = t.app.laurel.jobs.runUntilIdle();
    job.catch(() => undefined); // awaited below; handled now so that a failure meanwhile is not unhandled
    const sent = await until(async () => (await t.transactions()).find((row) => row.status === 'sent'), 'the anchor');
    await until(() => rpc('eth_getTransactionReceipt', [sent.tx_hash]), 'the receipt');
    // the block that held it is replaced: the transaction is gone from the chain
    expect(await rpc('evm_revert', [snapshot])).toBe(true);
    expect(await rpc('eth_getTransactionReceipt', [sent.tx_hash])).toBeNull();
    startMining();
    await job;
    const [record] = await t.transactions();
    const resent = JSON.parse(record.sent) as { hashes: string[]; nonce: number };
    expect(record.status).toBe('confirmed');
    expect(resent.hashes).toHaveLength(2);
    expect(resent.hashes[0]).toBe(sent.tx_hash);
    expect(record.tx_hash).toBe(resent.hashes[1]);
    expect(record.nonce).toBe(sent.nonce);
    expect((await t.certificates(campaignId)).map((row) => row.status_id)).toEqual([1, 1]);
    expect((await t.certificates(campaignId)).map((row) => row.nft_transaction)).toEqual(
      Array(2).fill(`${EXPLORER}/tx/${record.tx_hash}`),
    );
    const head = await t.db.selectFrom('ledger_heads').selectAll().executeTakeFirstOrThrow();
    expect(await t.chain.anchoredRoot(t.issuerId, 2)).toBe(`0x${head.root_hash}`);
    const events = await rpc('eth_getLogs', [{ address: contractAddress, fromBlock: '0x0' }]);
    const anchoredForSize2 = (events as { topics: string[]; data: string }[]).filter(
      (event) => BigInt(event.topics[1] ?? '0x0') === BigInt(t.issuerId) && BigInt(event.data.slice(0, 66)) === 2n,
    );
    expect(anchoredForSize2).toHaveLength(1);
  });

  it('serves the anchored root with the proof, mints on claim, sets the URI on reveal, MINT_FAILED on refusal', async () => {
    const t = await setUp();
    startMining();
    const campaignId = await t.publish(3);
    await t.app.laurel.jobs.runUntilIdle();
    const [first, second, third] = await t.certificates(campaignId);
    expect([first.status_id, second.status_id, third.status_id]).toEqual([1, 1, 1]);

    // the proof JSON carries the anchor as the chain holds it, read through the RPC: what the verify page checks
    const head = await t.db.selectFrom('ledger_heads').selectAll().executeTakeFirstOrThrow();
    const [record] = await t.transactions();
    const proof = await t.app.inject({ method: 'GET', url: `/ledger/${t.issuerId}/3/proof.json?leaf=1` });
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.json().chain).toEqual({
      chainId: CHAIN_ID,
      contract: getAddress(contractAddress),
      txHash: record.tx_hash,
      anchoredRoot: head.root_hash,
      unreadable: false,
    });
    expect(proof.json().head.rootHash).toBe(head.root_hash);
    // a node that does not answer: the log's proof is still served, the chain's root marked unknown
    const ownChain = t.app.laurel.chain;
    t.app.laurel.chain = new EvmChain({
      transport: custom(
        {
          request: async () => {
            throw new Error('connection refused');
          },
        },
        { retryCount: 0 },
      ),
      chainId: CHAIN_ID,
      privateKey: RICH_KEY,
      contractAddress: `0x${'42'.repeat(20)}`,
      confirmations: 2,
      explorerUrl: EXPLORER,
      resendAfterMs: 400,
      pollMs: 20,
    });
    try {
      const down = await t.app.inject({ method: 'GET', url: `/ledger/${t.issuerId}/3/proof.json?leaf=1` });
      expect(down.statusCode, down.body).toBe(200);
      expect(down.json().leaf.index).toBe(1);
      expect(down.json().chain).toMatchObject({ anchoredRoot: null, unreadable: true });
      expect(down.headers['cache-control']).toBe('no-cache');
    } finally {
      t.app.laurel.chain = ownChain;
    }
    const wallet = privateKeyToAccount(generatePrivateKey());
    const post = (key: string, action: 'claim' | 'reveal', payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/public/certificates/${key}/${action}`, payload });
    const status = async (id: number) =>
      (await t.db.selectFrom('certificates').select('status_id').where('id', '=', id).executeTakeFirstOrThrow())
        .status_id;

    const claimed = await post(first.key, 'claim', {
      wallet: wallet.address,
      signature: await wallet.signMessage({ message: claimMessage(first.key, wallet.address) }),
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().state).toBe('claimed');
    expect(await status(first.id)).toBe(13);
    const tokenId = chainTokenId(t.issuerId, Number(first.nft_token_id));
    expect(await readContract('ownerOf', tokenId)).toBe(wallet.address);
    const mint = claimed.json().claim.transaction as Hex;
    expect(await rpc('eth_getTransactionReceipt', [mint])).toMatchObject({ status: '0x1' });

    const revealed = await post(first.key, 'reveal', {
      signature: await wallet.signMessage({ message: revealMessage(first.key, wallet.address) }),
    });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json().state).toBe('revealed');
    expect(await status(first.id)).toBe(14);
    const uri = `http://laurel.test/nft/${t.issuerId}/${first.nft_token_id}.json`;
    expect(await readContract('tokenURI', tokenId)).toBe(uri);
    // the URI the contract holds is the token's public metadata, now the revealed credential's
    const metadata = await t.app.inject({ method: 'GET', url: new URL(uri).pathname });
    expect(metadata.statusCode).toBe(200);
    expect(metadata.json().external_url).toBe(`http://laurel.test/certificate/${first.key}`);

    // the contract refuses to mint a token that exists (minted here behind the server's back): nothing is claimed
    const other = privateKeyToAccount(generatePrivateKey());
    const secondToken = chainTokenId(t.issuerId, Number(second.nft_token_id));
    await t.chain.mintClaimed(secondToken, other.address);
    const refused = await post(second.key, 'claim', {
      wallet: wallet.address,
      signature: await wallet.signMessage({ message: claimMessage(second.key, wallet.address) }),
    });
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json().code).toBe('MINT_FAILED');
    expect(await status(second.id)).toBe(1);
    expect(await t.db.selectFrom('nft_claims').select('certificate_id').execute()).toEqual([
      { certificate_id: first.id },
    ]);
    expect(await readContract('ownerOf', secondToken)).toBe(other.address);

    // a reveal the chain refuses (a signer that is not the contract's owner, without funds) changes nothing
    const thirdClaim = await post(third.key, 'claim', {
      wallet: wallet.address,
      signature: await wallet.signMessage({ message: claimMessage(third.key, wallet.address) }),
    });
    expect(thirdClaim.statusCode, thirdClaim.body).toBe(200);
    const thirdToken = chainTokenId(t.issuerId, Number(third.nft_token_id));
    t.app.laurel.chain = new EvmChain({
      transport,
      chainId: CHAIN_ID,
      privateKey: POOR_KEY,
      contractAddress,
      confirmations: 2,
      explorerUrl: EXPLORER,
      resendAfterMs: 400,
      pollMs: 20,
    });
    try {
      const refusedReveal = await post(third.key, 'reveal', {
        signature: await wallet.signMessage({ message: revealMessage(third.key, wallet.address) }),
      });
      expect(refusedReveal.statusCode, refusedReveal.body).toBe(502);
      expect(refusedReveal.json().code).toBe('MINT_FAILED');
    } finally {
      t.app.laurel.chain = ownChain;
    }
    expect(await status(third.id)).toBe(13);
    expect(await readContract('tokenURI', thirdToken)).toBe('');
    const thirdRow = await t.db
      .selectFrom('nft_claims')
      .select(['revealed_at', 'reveal_signature'])
      .where('certificate_id', '=', third.id)
      .executeTakeFirstOrThrow();
    expect(thirdRow).toEqual({ revealed_at: null, reveal_signature: null });
  });
});
