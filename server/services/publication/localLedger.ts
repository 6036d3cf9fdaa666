import { createHash } from 'node:crypto';

/**
 * The issuer's account on the local ledger, shown beside its issuer id (spec 000 section 2.9): an address in
 * the EVM form (0x and 40 hex digits), stable for the issuer. An EVM adapter would show the issuer wallet's
 * address instead.
 */
export function ledgerAddress(issuerId: number): string {
  return `0x${createHash('sha256').update(`laurel-local-ledger:issuer:${issuerId}`).digest('hex').slice(0, 40)}`;
}
