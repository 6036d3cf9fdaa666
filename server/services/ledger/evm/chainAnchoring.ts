import { importError } from '../../../../domain/import';
import { AppError } from '../../../errors';
import type { AppContext } from '../../../context';
import { nowIso } from '../../../db/clock';
import {
  campaignHeads,
  chainTransactionAt,
  chainTransactionOfHead,
  mintingLeavesOfHead,
  recordConfirmed,
  recordFailure,
  recordSent,
  validateAnchoredCertificate,
} from '../../../repositories/chainTransactions';
import { recountCampaigns } from '../../../repositories/certificates';
import type { LedgerChain, SentTransaction } from '../chain';
import { ledgerPagePath } from '../transparencyLog';
import { inTransaction } from '../../../db/transactions';

/**
 * The EVM step of a campaign's anchoring (issue 20), after anchorCampaign wrote its head and leaves with the
 * certificates still minting (11): one anchor transaction per head of the campaign, recorded with its nonce and
 * hash, then, once it has the configured confirmations, the head's certificates become validated (1) and their
 * transaction is the explorer's page of it (or the batch page without NFT_EXPLORER_URL). A failure (revert, out of
 * gas, a nonce taken) is recorded on the row and thrown: the job is tried again, and a new transaction is sent
 * only when the recorded one cannot be mined any more.
 */
export async function anchorCampaignOnChain(
  ctx: AppContext,
  job: { issuerId: number; campaignId: number },
): Promise<number> {
  const chain = ctx.chain;
  if (!chain) return 0;
  const heads = await campaignHeads(ctx.db, job.issuerId, job.campaignId);
  let validated = 0;
  for (const head of heads) {
    const record = await chainTransactionOfHead(ctx.db, head.id);
    let confirmed: { hash: string; blockNumber: number };
    if (record?.status === 'confirmed' && record.tx_hash) {
      confirmed = { hash: record.tx_hash, blockNumber: record.block_number ?? 0 };
    } else {
      const known = record?.status === 'sent' && record.sent ? (JSON.parse(record.sent) as SentTransaction) : undefined;
      const onSent = (sent: SentTransaction) => recordSent(ctx.db, chain.chainId, head, sent);
      try {
        confirmed = await chain.anchor(
          { issuerId: head.issuer_id, treeSize: head.tree_size, root: `0x${head.root_hash}` },
          { known, onSent },
        );
      } catch (error) {
        await recordFailure(ctx.db, chain.chainId, head, error as Error);
        throw error;
      }
      await recordConfirmed(ctx.db, head.id, confirmed);
    }
    validated += await validateHead(ctx, chain, head, confirmed.hash, job.campaignId);
  }
  return validated;
}

/** The head's certificates still minting become validated, their transaction the explorer's page of the anchor. */
async function validateHead(
  ctx: AppContext,
  chain: LedgerChain,
  head: { id: number; issuer_id: number; tree_size: number },
  txHash: string,
  campaignId: number,
): Promise<number> {
  const leaves = await mintingLeavesOfHead(ctx.db, head.id);
  if (leaves.length === 0) return 0;
  const explorer = chain.explorerUrl(txHash);
  const now = nowIso();
  await inTransaction(ctx.db, async (trx) => {
    for (const leaf of leaves) {
      await validateAnchoredCertificate(
        trx,
        leaf.certificate_id,
        explorer ?? ledgerPagePath(head.issuer_id, head.tree_size, leaf.leaf_index),
        now,
      );
    }
    await recountCampaigns(trx, [campaignId]);
  });
  return leaves.length;
}

/**
 * Refuses an NFT publication (400 ERR_NFT_FUNDS, before anything is written) when the signer's balance does not
 * cover the anchoring transaction's estimated cost times FUNDS_MARGIN. The detail line is the signing address, its
 * balance and the amount needed (in the chain's coin).
 */
export async function checkAnchoringFunds(chain: LedgerChain, issuerId: number): Promise<void> {
  const { balance, needed } = await chain.anchoringFunds(issuerId);
  if (balance >= needed) return;
  const { formatEther } = await import('viem');
  const line = `${chain.address()}: ${formatEther(balance)} / ${formatEther(needed)}`;
  throw new AppError(
    400,
    'ERR_NFT_FUNDS',
    `The blockchain address ${chain.address()} holds ${formatEther(balance)}; anchoring this campaign needs ${formatEther(needed)}`,
    { errors: [importError('ERR_NFT_FUNDS', [line])], balance: balance.toString(), needed: needed.toString() },
  );
}

/** What a verifier needs to check a head's anchor on the chain itself: the batch proof JSON's `chain`. */
export interface ChainAnchor {
  chainId: number;
  contract: string;
  /** the confirmed anchor transaction, or null while none is */
  txHash: string | null;
  /** the root the contract holds for this issuer and size (hex, without 0x, as the head's), or null */
  anchoredRoot: string | null;
  /** true when the RPC node could not be read now (anchoredRoot is then null: unknown, not "not anchored") */
  unreadable: boolean;
}

/** Roots read from the chain, briefly: a proof page read by many does not make as many RPC calls. */
const ANCHORED_ROOT_CACHE_MS = 60_000;
const ANCHORED_ROOT_CACHE_SIZE = 10_000;
const anchoredRoots = new Map<string, { root: string; at: number }>();

/**
 * The head's anchor as the chain holds it now, read through the configured RPC (never an explorer). A root found is
 * kept a minute (a size is anchored once); a size not anchored yet is read again each time. A node that does not
 * answer leaves the proof served, with `unreadable`. Null without a chain.
 */
export async function chainAnchorOf(
  ctx: AppContext,
  issuerId: number,
  treeSize: number,
  log?: { warn: (details: object, message: string) => void },
): Promise<ChainAnchor | null> {
  const chain = ctx.chain;
  if (!chain) return null;
  const record = await chainTransactionAt(ctx.db, issuerId, treeSize);
  const cacheKey = `${chain.chainId}:${chain.contractAddress}:${issuerId}:${treeSize}`;
  const cached = anchoredRoots.get(cacheKey);
  let anchoredRoot: string | null = null;
  let unreadable = false;
  if (cached && Date.now() - cached.at < ANCHORED_ROOT_CACHE_MS) {
    anchoredRoot = cached.root;
  } else {
    try {
      const root = await chain.anchoredRoot(issuerId, treeSize);
      anchoredRoot = root ? root.slice(2).toLowerCase() : null;
    } catch (error) {
      log?.warn({ err: error, issuerId, treeSize }, 'the anchored root could not be read from the chain');
      unreadable = true;
    }
    if (anchoredRoots.size >= ANCHORED_ROOT_CACHE_SIZE) anchoredRoots.clear();
    if (anchoredRoot) anchoredRoots.set(cacheKey, { root: anchoredRoot, at: Date.now() });
    else anchoredRoots.delete(cacheKey);
  }
  // viem is loaded on first use: a server without NFT never holds it in memory
  const { getAddress } = await import('viem');
  return {
    chainId: chain.chainId,
    contract: getAddress(chain.contractAddress),
    txHash: record?.status === 'confirmed' ? record.tx_hash : null,
    anchoredRoot,
    unreadable,
  };
}
