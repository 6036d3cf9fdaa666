/**
 * An EVM chain that the transparency log's heads are anchored on and NFT tokens are minted on (issue 20), when
 * NFT_RPC_URL is set; null otherwise (the transparency log alone is the ledger). One contract per installation
 * (LaurelCertificates.sol), so a token id carries the issuer: see chainTokenId.
 */
export interface LedgerChain {
  /** the chain id the adapter talks to (NFT_CHAIN_ID) */
  readonly chainId: number;
  /** the installation's LaurelCertificates contract (NFT_CONTRACT_ADDRESS) */
  readonly contractAddress: `0x${string}`;
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

  // Added with the viem adapter (server/services/ledger/evm/evmChain.ts):
  /** blocks (the transaction's own included) before a transaction counts as final (NFT_CONFIRMATIONS) */
  readonly confirmations: number;
  /**
   * Anchors a transparency-log head: one `anchor(issuer, size, root)` transaction; resolves once final. With
   * `known` (a transaction recorded by an earlier attempt) it waits for that one, or sends it again with the same
   * nonce, instead of sending a new one; `onSent` is told of every broadcast (the first and each resend).
   */
  anchor(
    head: { issuerId: number; treeSize: number; root: `0x${string}` },
    options?: AnchorOptions,
  ): Promise<ConfirmedTransaction>;
  /** the root anchored on the chain for this issuer and tree size, or null */
  anchoredRoot(issuerId: number, treeSize: number): Promise<`0x${string}` | null>;
  /** the signer's balance and what anchoring a batch would cost now, with a margin (wei) */
  anchoringFunds(issuerId: number): Promise<{ balance: bigint; needed: bigint }>;
}

/** A broadcast transaction: its latest hash, every hash sent with its nonce, and the fields to send it again. */
export interface SentTransaction {
  hash: `0x${string}`;
  hashes: `0x${string}`[];
  nonce: number;
  /** decimal strings (wei, gas units): the record is JSON */
  gas: string;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  data: `0x${string}`;
}

export interface ConfirmedTransaction {
  hash: `0x${string}`;
  blockNumber: number;
  nonce: number;
}

export interface AnchorOptions {
  known?: SentTransaction;
  onSent?: (transaction: SentTransaction) => Promise<void>;
}
