import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CERTIFICATE_STATUS } from '../../../domain/certificates';
import { headStatement, type TreeHead } from '../../../domain/transparencyLog';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/clock';
import type { Database } from '../../db/schema';
import { recountCampaigns } from '../../repositories/certificates';
import {
  certificateKeyOf,
  claimOf,
  findLedgerHead,
  headBefore,
  insertLedgerHead,
  insertLedgerLeaves,
  latestHead,
  leavesBelow,
  leavesWithCredentials,
  ledgerHeads,
  logLeafHashes,
  mintingCertificatesOutsideLog,
  recordLeafOfMintingCertificate,
} from '../../repositories/ledger';
import { verificationMethodId } from '../credentials/identifiers';
import { ensureIssuerKey, listIssuerKeys, loadIssuerSigningKey } from '../credentials/issuerKeys';
import { consistencyProof, inclusionProof, leafHash, rootFromLeafHashes, verifyConsistency, type Hash } from './merkle';
import { inTransaction } from '../../db/transactions';
import { base58Decode } from '../credentials/base58';

/**
 * The transparency log, the default NFT ledger (issue 20; the Certificate Transparency model, RFC 6962): each
 * issuer has one append-only log. An NFT certificate's leaf is its signed credential, byte for byte as served at
 * /ob/credentials/{key}, hashed as a leaf. Each anchoring batch (a campaign's certificates, once signed) appends its
 * leaves and signs a tree head over the whole log with the issuer's Ed25519 key, chained to the previous head by
 * that head's hash. A certificate's "transaction" is then the batch page (ledgerPages.ts) with its audit path; a
 * head's consistency proof shows that it extends the previous one.
 */

export const sha256Hex = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');

/** The leaf hash of a signed credential as stored (UTF-8 JSON). */
export function credentialLeafHash(credential: string): string {
  return leafHash(Buffer.from(credential, 'utf8')).toString('hex');
}

/** Where a certificate's anchoring is shown: its batch's public page, at its leaf (relative to PUBLIC_URL). */
export function ledgerPagePath(issuerId: number, treeSize: number, leafIndex?: number): string {
  return `/ledger/${issuerId}/${treeSize}${leafIndex === undefined ? '' : `?leaf=${leafIndex}`}`;
}

/**
 * Anchors a campaign's signed NFT certificates still minting: one batch, one signed head, and the certificates
 * move from minting (11) to validated (1) in the same transaction — unless an EVM chain is configured (ctx.chain):
 * then they stay minting with their leaf, and anchorCampaignOnChain (evm/chainAnchoring.ts) validates them once
 * the head's anchor transaction is final. Certificates without a credential yet stay
 * minting (the signing step runs first and fails the job for them). Idempotent: anchored certificates are no
 * longer minting. Two batches of one issuer racing for the same tree size: the unique (issuer, size) makes one
 * fail, and its job is tried again.
 */
export async function anchorCampaign(ctx: AppContext, job: { issuerId: number; campaignId: number }): Promise<number> {
  const { db, config } = ctx;
  const minting = await mintingCertificatesOutsideLog(db, job.campaignId);
  if (minting.length === 0) return 0;
  await ensureIssuerKey(db, job.issuerId, config.credentialsKey);
  const key = await loadIssuerSigningKey(db, job.issuerId, config.credentialsKey, config.publicUrl);
  await inTransaction(db, async (trx) => {
    const previous = await latestHead(trx, job.issuerId);
    const stored = await logLeafHashes(trx, job.issuerId);
    const leaves = stored.map((row) => Buffer.from(row.leaf_hash, 'hex'));
    if (leaves.length !== (previous?.tree_size ?? 0)) {
      throw new Error(
        `the transparency log of issuer ${job.issuerId} has ${leaves.length} leaves, its head says ${previous?.tree_size}`,
      );
    }
    const firstIndex = leaves.length;
    const added = minting.map((certificate) => credentialLeafHash(certificate.credential as string));
    for (const hash of added) leaves.push(Buffer.from(hash, 'hex'));
    const head: TreeHead = {
      issuerId: job.issuerId,
      treeSize: leaves.length,
      rootHash: rootFromLeafHashes(leaves).toString('hex'),
      previousHeadHash: previous?.head_hash ?? null,
      timestamp: nowIso(),
    };
    const statement = headStatement(head);
    const inserted = await insertLedgerHead(trx, {
      issuer_id: head.issuerId,
      campaign_id: job.campaignId,
      tree_size: head.treeSize,
      root_hash: head.rootHash,
      previous_head_hash: head.previousHeadHash,
      head_hash: sha256Hex(statement),
      key_id: key.id,
      signature: sign(null, Buffer.from(statement, 'utf8'), key.privateKey).toString('base64url'),
      created_at: head.timestamp,
    });
    for (let start = 0; start < minting.length; start += 200) {
      await insertLedgerLeaves(
        trx,
        minting.slice(start, start + 200).map((certificate, offset) => ({
          issuer_id: job.issuerId,
          leaf_index: firstIndex + start + offset,
          certificate_id: certificate.id,
          head_id: inserted.id,
          leaf_hash: added[start + offset],
          created_at: head.timestamp,
        })),
      );
    }
    for (const [offset, certificate] of minting.entries()) {
      const leafIndex = firstIndex + offset;
      await recordLeafOfMintingCertificate(trx, certificate.id, {
        // with an EVM chain, anchorCampaignOnChain moves them once the anchor transaction is final
        status_id: ctx.chain ? CERTIFICATE_STATUS.minting : CERTIFICATE_STATUS.validated,
        nft_token_id: String(leafIndex),
        nft_transaction: ledgerPagePath(job.issuerId, head.treeSize, leafIndex),
        updated_at: head.timestamp,
      });
    }
    await recountCampaigns(trx, [job.campaignId]);
  });
  return minting.length;
}

/** What the batch page and its JSON show: a signed head, and a leaf's audit path and credential when asked. */
export interface BatchProof {
  head: TreeHead & { headHash: string; keyId: string; signature: string; statement: string };
  /** the leaves this batch appended: [first, last] */
  batch: { firstIndex: number; lastIndex: number };
  /** that this head extends the previous one */
  consistency: { fromSize: number; fromRoot: string; proof: string[] } | null;
  leaf: {
    index: number;
    hash: string;
    auditPath: string[];
    certificateKey: string | null;
    /** the wallet the certificate was claimed into, with its EIP-191 signature of the claim message */
    claim: { owner: string; message: string; signature: string; claimedAt: string } | null;
  } | null;
}

/** A head of the issuer's log and, for a leaf it covers, the leaf's inclusion proof; null when there is none. */
export async function batchProof(
  db: Kysely<Database>,
  issuerId: number,
  treeSize: number,
  leafIndex: number | null,
): Promise<BatchProof | null> {
  const head = await findLedgerHead(db, issuerId, treeSize);
  if (!head) return null;
  const rows = await leavesBelow(db, issuerId, treeSize);
  const leaves = rows.map((row) => Buffer.from(row.leaf_hash, 'hex'));
  const own = rows.filter((row) => row.head_id === head.id);
  const previous = await headBefore(db, issuerId, treeSize);
  const fields: TreeHead = {
    issuerId,
    treeSize: head.tree_size,
    rootHash: head.root_hash,
    previousHeadHash: head.previous_head_hash,
    timestamp: head.created_at,
  };
  let leaf: BatchProof['leaf'] = null;
  if (leafIndex !== null && leafIndex >= 0 && leafIndex < rows.length) {
    const certificate = await certificateKeyOf(db, rows[leafIndex].certificate_id);
    const claim = await claimOf(db, rows[leafIndex].certificate_id);
    leaf = {
      index: leafIndex,
      hash: rows[leafIndex].leaf_hash,
      auditPath: hexes(inclusionProof(leaves, leafIndex)),
      certificateKey: certificate?.key ?? null,
      claim: claim
        ? {
            owner: claim.wallet,
            message: claim.claim_message,
            signature: claim.claim_signature,
            claimedAt: claim.claimed_at,
          }
        : null,
    };
  }
  return {
    head: {
      ...fields,
      headHash: head.head_hash,
      keyId: head.key_id,
      signature: head.signature,
      statement: headStatement(fields),
    },
    batch: {
      firstIndex: own[0]?.leaf_index ?? treeSize,
      lastIndex: own[own.length - 1]?.leaf_index ?? treeSize - 1,
    },
    consistency: previous
      ? {
          fromSize: previous.tree_size,
          fromRoot: previous.root_hash,
          proof: hexes(consistencyProof(leaves, previous.tree_size)),
        }
      : null,
    leaf,
  };
}

const hexes = (hashes: Hash[]) => hashes.map((hash) => hash.toString('hex'));

/** An Ed25519 Multikey ('z' base58btc over 0xed01 and 32 bytes) as a key object. */
export function publicKeyFromMultibase(multibase: string): KeyObject {
  const bytes = base58Decode(multibase.slice(1));
  if (!multibase.startsWith('z') || bytes.length !== 34 || bytes[0] !== 0xed || bytes[1] !== 0x01) {
    throw new Error('not an Ed25519 Multikey');
  }
  return createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: bytes.subarray(2).toString('base64url') },
    format: 'jwk',
  });
}

export interface LogProblem {
  issuerId: number;
  problem: string;
}

/**
 * Checks an issuer's whole log from the database: every leaf still hashes its certificate's credential, the
 * leaves are numbered without gaps, every head's root is the tree of its first tree_size leaves, its signature
 * verifies under the issuer key it names, it chains to the previous head, and each head is consistent with the
 * previous one. Answers the problems found (none: the log is intact) and how many leaves and heads were checked.
 */
export async function verifyIssuerLog(
  db: Kysely<Database>,
  issuerId: number,
  publicUrl: string,
): Promise<{ leaves: number; heads: number; problems: string[] }> {
  const problems: string[] = [];
  const keys = new Map<string, KeyObject>();
  for (const key of await listIssuerKeys(db, issuerId)) {
    keys.set(verificationMethodId(publicUrl, issuerId, key.version), publicKeyFromMultibase(key.publicKeyMultibase));
  }
  const rows = await leavesWithCredentials(db, issuerId);
  const leaves: Hash[] = [];
  for (const [position, row] of rows.entries()) {
    if (row.leaf_index !== position) problems.push(`leaf ${position} is missing (found ${row.leaf_index})`);
    if (row.credential == null) {
      problems.push(`leaf ${row.leaf_index}: certificate ${row.certificate_id} or its credential is gone`);
    } else if (credentialLeafHash(row.credential) !== row.leaf_hash) {
      problems.push(`leaf ${row.leaf_index}: certificate ${row.certificate_id}'s credential does not match its leaf`);
    }
    leaves.push(Buffer.from(row.leaf_hash, 'hex'));
  }
  const heads = await ledgerHeads(db, issuerId);
  let previous: (typeof heads)[number] | null = null;
  for (const head of heads) {
    const label = `head of size ${head.tree_size}`;
    if (head.tree_size > leaves.length) {
      problems.push(`${label}: the log has only ${leaves.length} leaves`);
      previous = head;
      continue;
    }
    const root = rootFromLeafHashes(leaves.slice(0, head.tree_size));
    if (root.toString('hex') !== head.root_hash) problems.push(`${label}: its root is not the tree of its leaves`);
    const fields: TreeHead = {
      issuerId,
      treeSize: head.tree_size,
      rootHash: head.root_hash,
      previousHeadHash: head.previous_head_hash,
      timestamp: head.created_at,
    };
    const statement = headStatement(fields);
    if (sha256Hex(statement) !== head.head_hash) problems.push(`${label}: its hash does not match its fields`);
    const key = keys.get(head.key_id);
    if (!key) problems.push(`${label}: signed by ${head.key_id}, which is not a key of the issuer`);
    else if (!verify(null, Buffer.from(statement, 'utf8'), key, Buffer.from(head.signature, 'base64url'))) {
      problems.push(`${label}: its signature does not verify`);
    }
    if ((previous?.head_hash ?? null) !== head.previous_head_hash) {
      problems.push(`${label}: it does not chain to the previous head`);
    }
    if (previous && previous.tree_size <= leaves.length) {
      const proof = consistencyProof(leaves.slice(0, head.tree_size), previous.tree_size);
      const ok = verifyConsistency(
        previous.tree_size,
        head.tree_size,
        Buffer.from(previous.root_hash, 'hex'),
        Buffer.from(head.root_hash, 'hex'),
        proof,
      );
      if (!ok) problems.push(`${label}: it is not consistent with the head of size ${previous.tree_size}`);
    }
    previous = head;
  }
  if (heads.length > 0 && previous && previous.tree_size !== leaves.length) {
    problems.push(`the last head covers ${previous.tree_size} leaves, the log has ${leaves.length}`);
  }
  return { leaves: rows.length, heads: heads.length, problems };
}
