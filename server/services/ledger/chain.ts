/**
 * An EVM chain that the transparency log's heads are anchored on and NFT tokens are minted on (issue 20), when
 * NFT_RPC_URL is set; null otherwise (the transparency log alone is the ledger). One contract per installation
 * (LaurelCertificates.sol), so a token id carries the issuer: see chainTokenId.
 */
export interface LedgerChain {
  /** the chain id the adapter talks to (NFT_CHAIN_ID) */
  readonly chainId: number;
  /** the address that signs the installation's transactions: the issuer information's blockchain address */
  address(): `0x${string}`;
  /** the explorer page of a transaction (NFT_EXPLORER_URL), or null without one */
  explorerUrl(txHash: string): string | null;
  /** mints an anchored certificate's token to the recipient's wallet; resolves once final */
  mintClaimed(tokenId: bigint, wallet: `0x${string}`): Promise<{ txHash: `0x${string}` }>;
  /** points the token's metadata at this URI; resolves once final */
  reveal(tokenId: bigint, uri: string): Promise<{ txHash: `0x${string}` }>;
  /** stops watching and sending (graceful shutdown) */
  close(): Promise<void>;
}

/** The token id of an issuer's leaf in the installation's one contract: the issuer in the high bits. */
export function chainTokenId(issuerId: number, leafIndex: number): bigint {
  return (BigInt(issuerId) << 64n) | BigInt(leafIndex);
}
