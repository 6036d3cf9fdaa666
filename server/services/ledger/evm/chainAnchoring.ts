import type { Kysely } from 'kysely';
import { importError } from '../../../../domain/import';
import { AppError } from '../../../errors';
import { CERTIFICATE_STATUS } from '../../../../domain/certificates';
import type { AppContext } from '../../../context';
import { nowIso } from '../../../db/clock';
import type { Database } from '../../../db/schema';
import { recountCampaigns } from '../../../repositories/certificates';
import type { LedgerChain, SentTransaction } from '../chain';
import { ledgerPagePath } from '../transparencyLog';
import { inTransaction } from '../../../db/transactions';

/** A head's anchoring transaction (migration 2026-11-26T0120_chain_transactions). */
export interface ChainTransactionTable {
  id: number;
  issuer_id: number;
  head_id: number;
  chain_id: number;
  nonce: number | null;
  tx_hash: string | null;
  /** the SentTransaction, JSON: every hash broadcast with this nonce and the fields to send it again */
  sent: string | null;
  status: 'sent' | 'confirmed' | 'failed';
  block_number: number | null;
  attempts: number;
  error: string | null;
  created_at: string;
  updated_at: string;
}

type ChainDatabase = Database & { chain_transactions: ChainTransactionTable };
const chainDb = (db: Kysely<Database>) => db as unknown as Kysely<ChainDatabase>;

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
  const db = chainDb(ctx.db);
  const heads = await db
    .selectFrom('ledger_heads')
    .select(['id', 'issuer_id', 'tree_size', 'root_hash'])
    .where('campaign_id', '=', job.campaignId)
    .where('issuer_id', '=', job.issuerId)
    .orderBy('tree_size')
    .execute();
  let validated = 0;
  for (const head of heads) {
    const record = await db
      .selectFrom('chain_transactions')
      .selectAll()
      .where('head_id', '=', head.id)
      .executeTakeFirst();
    let confirmed: { hash: string; blockNumber: number };
    if (record?.status === 'confirmed' && record.tx_hash) {
      confirmed = { hash: record.tx_hash, blockNumber: record.block_number ?? 0 };
    } else {
      const known = record?.status === 'sent' && record.sent ? (JSON.parse(record.sent) as SentTransaction) : undefined;
      const onSent = (sent: SentTransaction) => recordSent(ctx.db, chain, head, sent);
      try {
        confirmed = await chain.anchor(
          { issuerId: head.issuer_id, treeSize: head.tree_size, root: `0x${head.root_hash}` },
          { known, onSent },
        );
      } catch (error) {
        await recordFailure(ctx.db, chain, head, error as Error);
        throw error;
      }
      await db
        .updateTable('chain_transactions')
        .set({
          status: 'confirmed',
          tx_hash: confirmed.hash,
          block_number: confirmed.blockNumber,
          error: null,
          updated_at: nowIso(),
        })
        .where('head_id', '=', head.id)
        .execute();
    }
    validated += await validateHead(ctx, chain, head, confirmed.hash, job.campaignId);
  }
  return validated;
}

async function recordSent(
  db: Kysely<Database>,
  chain: LedgerChain,
  head: { id: number; issuer_id: number },
  sent: SentTransaction,
): Promise<void> {
  const now = nowIso();
  const values = {
    nonce: sent.nonce,
    tx_hash: sent.hash,
    sent: JSON.stringify(sent),
    status: 'sent' as const,
    error: null,
    updated_at: now,
  };
  const updated = await chainDb(db)
    .updateTable('chain_transactions')
    .set({ ...values, attempts: (eb) => eb('attempts', '+', 1) })
    .where('head_id', '=', head.id)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await chainDb(db)
    .insertInto('chain_transactions')
    .values({
      issuer_id: head.issuer_id,
      head_id: head.id,
      chain_id: chain.chainId,
      block_number: null,
      attempts: 1,
      created_at: now,
      ...values,
    } as never)
    .execute();
}

async function recordFailure(
  db: Kysely<Database>,
  chain: LedgerChain,
  head: { id: number; issuer_id: number },
  error: Error,
): Promise<void> {
  const now = nowIso();
  const message = (error.message || String(error)).slice(0, 2000);
  const updated = await chainDb(db)
    .updateTable('chain_transactions')
    .set({ status: 'failed', error: message, updated_at: now })
    .where('head_id', '=', head.id)
    .where('status', '!=', 'confirmed')
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return;
  await chainDb(db)
    .insertInto('chain_transactions')
    .values({
      issuer_id: head.issuer_id,
      head_id: head.id,
      chain_id: chain.chainId,
      nonce: null,
      tx_hash: null,
      sent: null,
      status: 'failed',
      block_number: null,
      attempts: 0,
      error: message,
      created_at: now,
      updated_at: now,
    } as never)
    .execute()
    .catch(() => undefined);
}

/** The head's certificates still minting become validated, their transaction the explorer's page of the anchor. */
async function validateHead(
  ctx: AppContext,
  chain: LedgerChain,
  head: { id: number; issuer_id: number; tree_size: number },
  txHash: string,
  campaignId: number,
): Promise<number> {
  const leaves = await ctx.db
    .selectFrom('ledger_leaves')
    .innerJoin('certificates', 'certificates.id', 'ledger_leaves.certificate_id')
    .select(['ledger_leaves.certificate_id', 'ledger_leaves.leaf_index'])
    .where('ledger_leaves.head_id', '=', head.id)
    .where('certificates.status_id', '=', CERTIFICATE_STATUS.minting)
    .orderBy('ledger_leaves.leaf_index')
    .execute();
  if (leaves.length === 0) return 0;
  const explorer = chain.explorerUrl(txHash);
  const now = nowIso();
  await inTransaction(ctx.db, async (trx) => {
    for (const leaf of leaves) {
      await trx
        .updateTable('certificates')
        .set({
          status_id: CERTIFICATE_STATUS.validated,
          nft_transaction: explorer ?? ledgerPagePath(head.issuer_id, head.tree_size, leaf.leaf_index),
          updated_at: now,
        })
        .where('id', '=', leaf.certificate_id)
        .where('status_id', '=', CERTIFICATE_STATUS.minting)
        .execute();
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
  const record = await chainDb(ctx.db)
    .selectFrom('chain_transactions')
    .innerJoin('ledger_heads', 'ledger_heads.id', 'chain_transactions.head_id')
    .select(['chain_transactions.tx_hash', 'chain_transactions.status'])
    .where('ledger_heads.issuer_id', '=', issuerId)
    .where('ledger_heads.tree_size', '=', treeSize)
    .executeTakeFirst();
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
