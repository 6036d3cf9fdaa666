/**
 * Claiming an NFT certificate into a wallet (status 13) and revealing it (14), shared by the server, which checks
 * the signatures, and the claim page, which shows the messages to sign (issue 20). The messages are fixed English
 * text whatever the page's language: what is signed must be the same bytes for the recipient, the server and any
 * later checker. The certificate key (128 random characters) makes a signature useless for any other certificate.
 */

/** An EVM address as written (0x and 40 hex digits, any case); its checksum is checked when mixed case. */
export const WALLET_PATTERN = /^0x[0-9a-fA-F]{40}$/;

/** An EIP-191 personal_sign signature: 65 bytes in hex (some wallets give 64-byte compact ones). */
export const SIGNATURE_PATTERN = /^0x([0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/;

/** The message a recipient signs with the wallet to claim the certificate into it. */
export function claimMessage(certificateKey: string, wallet: string): string {
  return `Claim my certificate as an NFT\nCertificate: ${certificateKey}\nWallet: ${wallet}`;
}

/** The message the claimer signs with the same wallet to reveal the certificate in the token's metadata. */
export function revealMessage(certificateKey: string, wallet: string): string {
  return `Reveal my NFT certificate\nCertificate: ${certificateKey}\nWallet: ${wallet}`;
}

/** Where an NFT certificate stands, as the claim page and the verify page read it. */
export type NftState = 'minting' | 'claimable' | 'claimed' | 'revealed' | 'unavailable';

/** GET /api/public/certificates/{key}/nft */
export interface NftCertificateView {
  state: NftState;
  issuerId: number;
  /** the leaf index in the issuer's transparency log (the token id), null while minting */
  tokenId: number | null;
  /** the batch's proof JSON (relative to the site), null while minting */
  proofUrl: string | null;
  /** the token's metadata (ERC-721 JSON), null while minting */
  metadataUrl: string | null;
  /** the wallet the certificate was claimed into (checksummed), with the claim's signature */
  claim: {
    wallet: string;
    message: string;
    signature: string;
    claimedAt: string;
    revealedAt: string | null;
    transaction: string | null;
  } | null;
  /** whether the installation mints on an EVM chain (NFT_RPC_URL), else the transparency log alone */
  onChain: boolean;
}

/** The stable error codes of the claim and reveal calls, which the claim page explains. */
export const NFT_CLAIM_ERRORS = [
  'CERTIFICATE_NOT_FOUND',
  'NOT_AN_NFT',
  'CERTIFICATE_DELETED',
  'CERTIFICATE_DISABLED',
  'CERTIFICATE_EXPIRED',
  'NFT_NOT_ANCHORED',
  'ALREADY_CLAIMED',
  'NOT_CLAIMED',
  'ALREADY_REVEALED',
  'INVALID_WALLET',
  'INVALID_SIGNATURE',
  'MINT_FAILED',
  'TOO_MANY_REQUESTS',
] as const;
export type NftClaimError = (typeof NFT_CLAIM_ERRORS)[number];

/** The web app's public claim page (?key=…), linked from an NFT certificate's page. */
export const NFT_CLAIM_PATH = '/nft/claim';
