import type { Kysely } from 'kysely';
import { CERTIFICATE_STATUS, isExpired } from '../../../domain/certificates';
import {
  claimMessage,
  revealMessage,
  SIGNATURE_PATTERN,
  WALLET_PATTERN,
  type NftCertificateView,
  type NftState,
} from '../../../domain/nftClaims';
import type { AppContext } from '../../context';
import { nowIso } from '../../db/clock';
import type { Certificate, Database } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { recountCampaigns } from '../../repositories/certificates';
import {
  claimOfCertificate,
  findCertificateByKey,
  insertNftClaim,
  leafAt,
  leafOfCertificate,
  moveCertificateStatus,
  recordReveal,
  templateNftFlag,
  tokenCertificate,
} from '../../repositories/nftClaims';
import { chainTokenId } from './chain';
import { inTransaction } from '../../db/transactions';

/**
 * Claiming an anchored NFT certificate into the recipient's wallet (validated 1 → claimed 13) and revealing it
 * (13 → revealed 14), issue 20. The recipient proves the wallet with an EIP-191 signature of a fixed message
 * (domain/nftClaims.ts); the claim keeps the message and signature, so anyone can check it against the wallet
 * address shown beside the certificate's leaf. With an EVM chain (ctx.chain) the token is minted to the wallet,
 * and its URI set on reveal, before the status moves: a failed transaction leaves the status as it was.
 */

const conflict = (code: string, message: string) => new AppError(409, code, message);

interface ClaimRow {
  wallet: string;
  claim_message: string;
  claim_signature: string;
  claimed_at: string;
  revealed_at: string | null;
  mint_transaction: string | null;
  reveal_transaction: string | null;
}

async function certificateOf(db: Kysely<Database>, key: string) {
  const certificate = await findCertificateByKey(db, key);
  if (!certificate) throw new AppError(404, 'CERTIFICATE_NOT_FOUND', 'There is no certificate with this key');
  const template = await templateNftFlag(db, certificate.template_id);
  const nft = template?.is_nft === 1 || certificate.status_id === CERTIFICATE_STATUS.minting;
  const leaf = await leafOfCertificate(db, certificate.id);
  const claim = await claimOfCertificate(db, certificate.id);
  return { certificate, nft, leaf: leaf ?? null, claim: (claim as ClaimRow | undefined) ?? null };
}

const today = () => nowIso().slice(0, 10);

function stateOf(certificate: Certificate): NftState {
  switch (certificate.status_id) {
    case CERTIFICATE_STATUS.minting:
      return 'minting';
    case CERTIFICATE_STATUS.validated:
      return isExpired(certificate.expiration_date, today()) ? 'unavailable' : 'claimable';
    case CERTIFICATE_STATUS.claimed:
      return 'claimed';
    case CERTIFICATE_STATUS.revealed:
      return 'revealed';
    default:
      return 'unavailable';
  }
}

/** The metadata address of a token (the leaf index in its issuer's log), relative to PUBLIC_URL. */
export const metadataPath = (issuerId: number, tokenId: number) => `/nft/${issuerId}/${tokenId}.json`;

/** What the claim page and the verify page read of an NFT certificate; refuses a certificate that is not one. */
export async function nftCertificateView(ctx: AppContext, key: string): Promise<NftCertificateView> {
  const { certificate, nft, leaf, claim } = await certificateOf(ctx.db, key);
  if (certificate.status_id === CERTIFICATE_STATUS.deleted) {
    throw new AppError(410, 'CERTIFICATE_DELETED', 'This certificate was deleted by its issuer');
  }
  if (!nft) throw conflict('NOT_AN_NFT', 'This certificate is not delivered as an NFT');
  return {
    state: stateOf(certificate),
    issuerId: certificate.issuer_id,
    tokenId: leaf?.leaf_index ?? null,
    proofUrl: leaf ? `/ledger/${certificate.issuer_id}/${leaf.tree_size}/proof.json?leaf=${leaf.leaf_index}` : null,
    metadataUrl: leaf ? metadataPath(certificate.issuer_id, leaf.leaf_index) : null,
    claim: claim
      ? {
          wallet: claim.wallet,
          message: claim.claim_message,
          signature: claim.claim_signature,
          claimedAt: claim.claimed_at,
          revealedAt: claim.revealed_at,
          transaction: claim.reveal_transaction ?? claim.mint_transaction,
        }
      : null,
    onChain: ctx.chain !== null,
  };
}

async function walletOf(given: string): Promise<`0x${string}`> {
  if (!WALLET_PATTERN.test(given)) throw badRequest('INVALID_WALLET', 'The wallet address is not 0x and 40 hex digits');
  // viem is loaded on first use: a server without NFT never holds it in memory
  const { getAddress } = await import('viem');
  const lower = given.slice(2);
  const mixed = lower !== lower.toLowerCase() && lower !== lower.toUpperCase();
  try {
    const address = getAddress(given);
    if (mixed && address !== given) throw new Error('checksum');
    return address;
  } catch {
    throw badRequest('INVALID_WALLET', 'The wallet address has a wrong checksum: copy it again from the wallet');
  }
}

async function signedBy(wallet: `0x${string}`, message: string, signature: string): Promise<boolean> {
  if (!SIGNATURE_PATTERN.test(signature)) return false;
  const { verifyMessage } = await import('viem');
  try {
    return await verifyMessage({ address: wallet, message, signature: signature as `0x${string}` });
  } catch {
    return false;
  }
}

/** Refuses what cannot be claimed or revealed, by its status, with the codes of NFT_CLAIM_ERRORS. */
function refuseUnavailable(certificate: Certificate): void {
  if (certificate.status_id === CERTIFICATE_STATUS.deleted) {
    throw new AppError(410, 'CERTIFICATE_DELETED', 'This certificate was deleted by its issuer');
  }
  if (certificate.status_id === CERTIFICATE_STATUS.disabled) {
    throw conflict('CERTIFICATE_DISABLED', 'This certificate is disabled by its issuer');
  }
  if (certificate.status_id === CERTIFICATE_STATUS.expired || isExpired(certificate.expiration_date, today())) {
    throw conflict('CERTIFICATE_EXPIRED', 'This certificate has expired');
  }
  if (certificate.status_id === CERTIFICATE_STATUS.minting) {
    throw conflict('NFT_NOT_ANCHORED', 'This certificate is still minting: try again in a few minutes');
  }
}

/** Claims a validated NFT certificate into the wallet that signed claimMessage(key, wallet). */
export async function claimCertificate(
  ctx: AppContext,
  key: string,
  input: { wallet: string; signature: string },
): Promise<NftCertificateView> {
  const { certificate, nft, leaf, claim } = await certificateOf(ctx.db, key);
  if (!nft) throw conflict('NOT_AN_NFT', 'This certificate is not delivered as an NFT');
  refuseUnavailable(certificate);
  if (
    claim ||
    certificate.status_id === CERTIFICATE_STATUS.claimed ||
    certificate.status_id === CERTIFICATE_STATUS.revealed
  ) {
    throw conflict('ALREADY_CLAIMED', 'This certificate is already claimed into a wallet');
  }
  if (certificate.status_id !== CERTIFICATE_STATUS.validated || !leaf) {
    throw conflict('NFT_NOT_ANCHORED', 'This certificate is not anchored in its ledger yet');
  }
  const wallet = await walletOf(input.wallet);
  const message = claimMessage(certificate.key, wallet);
  if (!(await signedBy(wallet, message, input.signature))) {
    throw badRequest('INVALID_SIGNATURE', 'The signature is not the message signed by this wallet');
  }
  let transaction: string | null = null;
  if (ctx.chain) {
    try {
      transaction = (await ctx.chain.mintClaimed(chainTokenId(certificate.issuer_id, leaf.leaf_index), wallet)).txHash;
    } catch (error) {
      throw new AppError(502, 'MINT_FAILED', 'The token could not be minted: nothing was claimed, try again later', {
        reason: error instanceof Error ? error.message.slice(0, 300) : String(error),
      });
    }
  }
  const at = nowIso();
  await inTransaction(ctx.db, async (trx) => {
    if (
      !(await moveCertificateStatus(trx, certificate.id, CERTIFICATE_STATUS.validated, CERTIFICATE_STATUS.claimed, at))
    ) {
      throw conflict('ALREADY_CLAIMED', 'This certificate was claimed or changed meanwhile');
    }
    await insertNftClaim(trx, {
      issuer_id: certificate.issuer_id,
      certificate_id: certificate.id,
      leaf_index: leaf.leaf_index,
      wallet,
      claim_message: message,
      claim_signature: input.signature,
      claimed_at: at,
      mint_transaction: transaction,
      reveal_message: null,
      reveal_signature: null,
      revealed_at: null,
      reveal_transaction: null,
    });
    await recountCampaigns(trx, [certificate.campaign_id]);
  });
  return nftCertificateView(ctx, key);
}

/** Reveals a claimed certificate: the claim's wallet signed revealMessage(key, wallet). */
export async function revealCertificate(
  ctx: AppContext,
  key: string,
  input: { signature: string },
): Promise<NftCertificateView> {
  const { certificate, nft, leaf, claim } = await certificateOf(ctx.db, key);
  if (!nft) throw conflict('NOT_AN_NFT', 'This certificate is not delivered as an NFT');
  refuseUnavailable(certificate);
  if (certificate.status_id === CERTIFICATE_STATUS.revealed) {
    throw conflict('ALREADY_REVEALED', 'This certificate is already revealed');
  }
  if (certificate.status_id !== CERTIFICATE_STATUS.claimed || !claim || !leaf) {
    throw conflict('NOT_CLAIMED', 'Claim this certificate into a wallet before revealing it');
  }
  const wallet = claim.wallet as `0x${string}`;
  const message = revealMessage(certificate.key, wallet);
  if (!(await signedBy(wallet, message, input.signature))) {
    throw badRequest('INVALID_SIGNATURE', 'The signature is not the message signed by the wallet of the claim');
  }
  let transaction: string | null = null;
  if (ctx.chain) {
    try {
      const uri = `${ctx.config.publicUrl}${metadataPath(certificate.issuer_id, leaf.leaf_index)}`;
      transaction = (await ctx.chain.reveal(chainTokenId(certificate.issuer_id, leaf.leaf_index), uri)).txHash;
    } catch (error) {
      throw new AppError(502, 'MINT_FAILED', 'The token could not be revealed: nothing changed, try again later', {
        reason: error instanceof Error ? error.message.slice(0, 300) : String(error),
      });
    }
  }
  const at = nowIso();
  await inTransaction(ctx.db, async (trx) => {
    if (
      !(await moveCertificateStatus(trx, certificate.id, CERTIFICATE_STATUS.claimed, CERTIFICATE_STATUS.revealed, at))
    ) {
      throw conflict('ALREADY_REVEALED', 'This certificate was revealed or changed meanwhile');
    }
    await recordReveal(trx, certificate.id, {
      reveal_message: message,
      reveal_signature: input.signature,
      revealed_at: at,
      reveal_transaction: transaction,
    });
    await recountCampaigns(trx, [certificate.campaign_id]);
  });
  return nftCertificateView(ctx, key);
}

/** ERC-721 metadata JSON of a token (OpenSea's shape), with the claim beside it. */
export interface TokenMetadata {
  name: string;
  description: string;
  image: string;
  external_url?: string;
  attributes: { trait_type: string; value: string }[];
  /** the claim, checkable by anyone: the wallet's EIP-191 signature of the message */
  claim: { owner: string; message: string; signature: string; claimedAt: string; revealedAt: string | null } | null;
  /** the leaf's inclusion proof in the issuer's transparency log */
  proof: string;
}

/**
 * The token's metadata: before it is revealed, a placeholder that says nothing of the recipient (the template's
 * thumbnail, the token number, the owner's wallet); once revealed (14), the credential's name and description, its
 * badge image and its public page. Null when the issuer's log has no such leaf.
 */
export async function tokenMetadata(ctx: AppContext, issuerId: number, tokenId: number): Promise<TokenMetadata | null> {
  const { db, config } = ctx;
  const leaf = await leafAt(db, issuerId, tokenId);
  if (!leaf) return null;
  const certificate = await tokenCertificate(db, leaf.certificate_id);
  const claim = await claimOfCertificate(db, leaf.certificate_id);
  const base = config.publicUrl;
  const proof = `${base}/ledger/${issuerId}/${leaf.tree_size}?leaf=${tokenId}`;
  const claimView = claim
    ? {
        owner: claim.wallet,
        message: claim.claim_message,
        signature: claim.claim_signature,
        claimedAt: claim.claimed_at,
        revealedAt: claim.revealed_at,
      }
    : null;
  const status = certificate?.status_id ?? CERTIFICATE_STATUS.deleted;
  const attributes = [{ trait_type: 'Ledger leaf', value: String(tokenId) }];
  if (certificate && status === CERTIFICATE_STATUS.revealed && certificate.credential) {
    const credential = JSON.parse(certificate.credential) as {
      name?: string;
      credentialSubject?: { achievement?: { name?: string; description?: string } };
    };
    const achievement = credential.credentialSubject?.achievement ?? {};
    return {
      name: achievement.name ?? credential.name ?? `Certificate #${tokenId}`,
      description: achievement.description ?? '',
      image: `${base}/certificate/${certificate.key}/badge.png`,
      external_url: `${base}/certificate/${certificate.key}`,
      attributes: [...attributes, { trait_type: 'Status', value: 'revealed' }],
      claim: claimView,
      proof,
    };
  }
  const state =
    status === CERTIFICATE_STATUS.deleted
      ? 'deleted'
      : status === CERTIFICATE_STATUS.disabled
        ? 'disabled'
        : 'not revealed';
  return {
    name: `Certificate #${tokenId}`,
    description: 'A certificate anchored in its issuer’s transparency log; its owner has not revealed it.',
    image: certificate
      ? `${base}/template/${issuerId}&${certificate.template_id}/thumbnail.svg`
      : `${base}/favicon.svg`,
    attributes: [...attributes, { trait_type: 'Status', value: state }],
    claim: claimView,
    proof,
  };
}
