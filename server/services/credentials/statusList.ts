import { gunzipSync, gzipSync } from 'node:zlib';
import { VC_V2_CONTEXT } from './contexts/documentLoader';
import { issuerDid, statusListCredentialUrl, type StatusPurpose } from './identifiers';
import { toDateTime } from './openBadgeCredential';
import { signCredential, type IssuerSigner, type SignedCredential } from './signing';

/**
 * Bitstring Status List v1.0: one list per issuer and purpose, bit i (counted from the most significant bit of
 * the first byte) set when the credential with statusListIndex i is revoked or suspended. The lists hold at least
 * 131,072 entries (16 KB), the spec's minimum, so that a list reveals little about any one credential.
 */
export const STATUS_LIST_LENGTH = 131_072;

/** Decoding refuses lists larger than this (a gzip bomb in a foreign list would otherwise fill memory). */
const MAX_DECODED_BYTES = 16 * 1024 * 1024;

/** An empty list (every credential valid) of `length` bits, a multiple of 8 not below 131,072. */
export function createStatusBits(length: number = STATUS_LIST_LENGTH): Uint8Array {
  if (!Number.isSafeInteger(length) || length < STATUS_LIST_LENGTH || length % 8 !== 0) {
    throw new Error(`a status list has a multiple of 8 entries, at least ${STATUS_LIST_LENGTH}, not ${length}`);
  }
  return new Uint8Array(length / 8);
}

function position(bits: Uint8Array, index: number): { byte: number; mask: number } {
  if (!Number.isSafeInteger(index) || index < 0 || index >= bits.length * 8) {
    throw new Error(`status list index ${index} is outside the list (0 to ${bits.length * 8 - 1})`);
  }
  return { byte: index >> 3, mask: 0x80 >> (index & 7) };
}

export function setStatusBit(bits: Uint8Array, index: number): void {
  const { byte, mask } = position(bits, index);
  bits[byte] |= mask;
}

export function clearStatusBit(bits: Uint8Array, index: number): void {
  const { byte, mask } = position(bits, index);
  bits[byte] &= ~mask;
}

export function readStatusBit(bits: Uint8Array, index: number): boolean {
  const { byte, mask } = position(bits, index);
  return (bits[byte] & mask) !== 0;
}

/** The `encodedList`: multibase base64url (no padding, prefix 'u') of the GZIP-compressed bits. */
export function encodeStatusList(bits: Uint8Array): string {
  return `u${gzipSync(bits).toString('base64url')}`;
}

export function decodeStatusList(encodedList: string): Uint8Array {
  if (!encodedList.startsWith('u') || !/^[A-Za-z0-9_-]+$/.test(encodedList.slice(1))) {
    throw new Error('an encoded status list is multibase base64url (starts with "u")');
  }
  const bits = gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'), { maxOutputLength: MAX_DECODED_BYTES });
  return new Uint8Array(bits.buffer, bits.byteOffset, bits.byteLength);
}

export interface BitstringStatusListCredential {
  '@context': [typeof VC_V2_CONTEXT];
  id: string;
  type: ['VerifiableCredential', 'BitstringStatusListCredential'];
  issuer: string;
  validFrom: string;
  validUntil?: string;
  credentialSubject: {
    id: string;
    type: 'BitstringStatusList';
    statusPurpose: StatusPurpose;
    encodedList: string;
  };
}

export interface StatusListCredentialInput {
  publicUrl: string;
  issuerId: number;
  purpose: StatusPurpose;
  bits: Uint8Array;
  /** when this state of the list was made; defaults to now */
  validFrom?: Date | string;
  /** how long verifiers may keep it, when the caller wants to say so */
  validUntil?: Date | string | null;
}

/** The unsigned list credential, at statusListCredentialUrl, issued by the issuer's DID. */
export function buildStatusListCredential(input: StatusListCredentialInput): BitstringStatusListCredential {
  if (input.bits.length * 8 < STATUS_LIST_LENGTH) {
    throw new Error(`a status list has at least ${STATUS_LIST_LENGTH} entries`);
  }
  const id = statusListCredentialUrl(input.publicUrl, input.issuerId, input.purpose);
  return {
    '@context': [VC_V2_CONTEXT],
    id,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: issuerDid(input.publicUrl, input.issuerId),
    validFrom: toDateTime(input.validFrom ?? new Date()),
    ...(input.validUntil ? { validUntil: toDateTime(input.validUntil) } : {}),
    credentialSubject: {
      id: `${id}#list`,
      type: 'BitstringStatusList',
      statusPurpose: input.purpose,
      encodedList: encodeStatusList(input.bits),
    },
  };
}

/** Builds and signs the list credential with the issuer's key, as its credentials are signed. */
export async function issueStatusListCredential(
  input: StatusListCredentialInput,
  signer: IssuerSigner,
  options: { created?: Date } = {},
): Promise<SignedCredential<BitstringStatusListCredential>> {
  const credential = buildStatusListCredential(input);
  if (!signer.id.startsWith(`${credential.issuer}#`)) {
    throw new Error(`the key ${signer.id} is not a key of the list's issuer ${credential.issuer}`);
  }
  return signCredential(credential, signer, options);
}
