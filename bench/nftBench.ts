import ganache from 'ganache';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { custom, type Hex } from 'viem';
import { CERTIFICATE_STATUS } from '../domain/certificates';
import { buildApp } from '../server/app';
import { benchConfig } from './benchApp';
import type { LedgerChain } from '../server/services/ledger/chain';
import { anchorCampaignOnChain } from '../server/services/ledger/evm/chainAnchoring';
import { deployLedgerContract, EvmChain } from '../server/services/ledger/evm/evmChain';
import { anchorCampaign } from '../server/services/ledger/transparencyLog';
import { seedBenchCampaign } from './signingBench';

const PUBLIC_URL = 'https://laurel.example';
const BATCH = 2_000;
const KEY = `0x${'11'.repeat(32)}` as Hex;

/** A campaign of `count` NFT certificates still minting, with stand-in signed credentials (1.5 KB each). */
async function mintingCampaign(app: Awaited<ReturnType<typeof buildApp>>, count: number) {
  const { issuerId, campaignId } = await seedBenchCampaign(app.laurel.db, count, {
    status: CERTIFICATE_STATUS.minting,
    credential: (i) => JSON.stringify({ id: `urn:uuid:${i}`, proof: randomBytes(1100).toString('base64') }),
  });
  return { issuerId, campaignId };
}

async function withApp<T>(chain: LedgerChain | null, work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-bench-'));
  const app = await buildApp(benchConfig(dataDir, { PUBLIC_URL }), { logger: false, chain });
  try {
    return await work(app);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * npm run bench nft: certificates anchored per second in the transparency log (SQLite, one batch of 2,000), and on
 * the EVM adapter (in-process ganache, 1 confirmation): certificates per transaction, the transaction's gas and the
 * time from send to final.
 */
export async function nftBench(): Promise<void> {
  const local = await withApp(null, async (app) => {
    const job = await mintingCampaign(app, BATCH);
    const start = performance.now();
    const anchored = await anchorCampaign(app.laurel, job);
    return { anchored, ms: performance.now() - start };
  });
  console.info(
    `nft: local ledger anchored ${local.anchored} certificates in ${local.ms.toFixed(0)} ms (${Math.round((local.anchored / local.ms) * 1000)}/s)`,
  );

  const provider = ganache.provider({
    logging: { quiet: true },
    chain: { chainId: 1337, hardfork: 'shanghai' },
    wallet: { accounts: [{ secretKey: KEY, balance: '0x56BC75E2D63100000' }] },
  });
  const transport = custom(provider);
  const settings = {
    transport,
    chainId: 1337,
    privateKey: KEY,
    confirmations: 1,
    explorerUrl: null,
    resendAfterMs: 60_000,
    pollMs: 20,
  };
  try {
    const contractAddress = await deployLedgerContract(settings);
    const chain = new EvmChain({ ...settings, contractAddress });
    const evm = await withApp(chain, async (app) => {
      const job = await mintingCampaign(app, BATCH);
      await anchorCampaign(app.laurel, job);
      const start = performance.now();
      const validated = await anchorCampaignOnChain(app.laurel, job);
      const ms = performance.now() - start;
      const head = await app.laurel.db.selectFrom('ledger_heads').select('root_hash').executeTakeFirstOrThrow();
      const onChain = await chain.anchoredRoot(job.issuerId, BATCH);
      if (onChain !== `0x${head.root_hash}`) throw new Error('the chain does not hold the head root');
      return { validated, ms };
    });
    console.info(
      `nft: EVM adapter (ganache) anchored ${evm.validated} certificates with 1 transaction (${evm.validated} per transaction), send to final ${evm.ms.toFixed(0)} ms`,
    );
  } finally {
    await provider.disconnect();
  }
}
