import type { Kysely } from 'kysely';
import { CERTIFICATE_STATUS } from '../../../domain/certificates';
import type { Database } from '../../db/schema';
import { findIssuerStatusState, listFlaggedStatusIndexes } from '../../repositories/credentials';
import type { StatusPurpose } from './identifiers';
import { ensureIssuerKey, loadIssuerSigner } from './issuerKeys';
import type { SignedCredential } from './signing';
import {
  createStatusBits,
  issueStatusListCredential,
  readStatusBit,
  setStatusBit,
  STATUS_LIST_LENGTH,
  type BitstringStatusListCredential,
} from './statusList';

/**
 * Which certificate statuses set the bit of each list. Deleted and replaced revoke; the suspension list, the one
 * entry our credentials carry, says "not valid" for disabled (cleared again on enable) and for deleted and replaced
 * (for good: neither ever comes back), so every verifier sees them all (docs/credentials.md). Why one was replaced
 * is never in a list (issue 28: reason codes in status lists were rejected for privacy).
 */
export const FLAGGING_STATUSES: Record<StatusPurpose, readonly number[]> = {
  revocation: [CERTIFICATE_STATUS.deleted, CERTIFICATE_STATUS.replaced],
  suspension: [CERTIFICATE_STATUS.disabled, CERTIFICATE_STATUS.deleted, CERTIFICATE_STATUS.replaced],
};

export interface SignedStatusList {
  issuerId: number;
  purpose: StatusPurpose;
  /** issuers.status_version the list was built at: its ETag */
  version: number;
  bits: Uint8Array;
  credential: SignedCredential<BitstringStatusListCredential>;
  /** the JSON served, made once */
  body: string;
}

/** Lists grow by whole 131,072-entry blocks, so that their length says little about how many were issued. */
export function statusListLength(allocated: number): number {
  return Math.max(1, Math.ceil(allocated / STATUS_LIST_LENGTH)) * STATUS_LIST_LENGTH;
}

/**
 * The issuers' signed status lists, built from the certificates' statuses (so a bit changes in the transaction
 * that changes the status) and kept while issuers.status_version stays the same. Every server keeps its own
 * copies; a list signed twice is the same list with another proof.
 */
export class StatusLists {
  private readonly cache = new Map<string, Promise<SignedStatusList>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly credentialsKey: Uint8Array,
    private readonly publicUrl: string,
  ) {}

  /** The current signed list, or null when there is no such issuer. */
  async get(issuerId: number, purpose: StatusPurpose): Promise<SignedStatusList | null> {
    // the version is read before the statuses: a change in between gives a newer list under the older version,
    // which the next call replaces, never the reverse
    const state = await findIssuerStatusState(this.db, issuerId);
    if (!state) return null;
    const key = `${issuerId}/${purpose}`;
    const cached = this.cache.get(key);
    if (cached) {
      const list = await cached.catch(() => null);
      if (list && list.version === state.status_version) return list;
    }
    const building = this.build(issuerId, purpose, state.status_version, state.next_status_index);
    this.cache.set(key, building);
    building.catch(() => {
      if (this.cache.get(key) === building) this.cache.delete(key);
    });
    return building;
  }

  /** Whether the bit of `index` is set in the issuer's list; null when there is no such issuer. */
  async isSet(issuerId: number, purpose: StatusPurpose, index: number): Promise<boolean | null> {
    const list = await this.get(issuerId, purpose);
    if (!list) return null;
    return index >= 0 && index < list.bits.length * 8 ? readStatusBit(list.bits, index) : false;
  }

  private async build(
    issuerId: number,
    purpose: StatusPurpose,
    version: number,
    allocated: number,
  ): Promise<SignedStatusList> {
    const bits = createStatusBits(statusListLength(allocated));
    for (const row of await listFlaggedStatusIndexes(this.db, issuerId)) {
      if (FLAGGING_STATUSES[purpose].includes(row.status_id) && row.status_index < bits.length * 8) {
        setStatusBit(bits, row.status_index);
      }
    }
    await ensureIssuerKey(this.db, issuerId, this.credentialsKey);
    const signer = await loadIssuerSigner(this.db, issuerId, this.credentialsKey, this.publicUrl);
    const credential = await issueStatusListCredential({ publicUrl: this.publicUrl, issuerId, purpose, bits }, signer);
    return { issuerId, purpose, version, bits, credential, body: JSON.stringify(credential) };
  }
}
