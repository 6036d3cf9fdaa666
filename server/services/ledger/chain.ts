export type { AnchorOptions, ConfirmedTransaction, LedgerChain, SentTransaction } from '../../ports/ledgerChain';

/** The token id of an issuer's leaf in the installation's one contract: the issuer in the high bits. */
export function chainTokenId(issuerId: number, leafIndex: number): bigint {
  return (BigInt(issuerId) << 64n) | BigInt(leafIndex);
}
