// The Digital Bazaar credential libraries ship JavaScript without type declarations; these cover what we call.

declare module '@digitalbazaar/vc' {
  import type { DocumentLoader } from './contexts/documentLoader';

  export interface VerifyCredentialResult {
    verified: boolean;
    error?: Error & { errors?: Error[] };
    results?: unknown[];
    statusResult?: {
      verified: boolean;
      error?: Error;
      results?: { verified: boolean; status: boolean; credentialStatus: object }[];
    };
  }

  export function issue(options: {
    credential: object;
    suite: unknown;
    documentLoader: DocumentLoader;
    now?: Date | string;
  }): Promise<Record<string, unknown>>;

  export function verifyCredential(options: {
    credential: object;
    suite: unknown;
    documentLoader: DocumentLoader;
    checkStatus?: (options: { credential: object; documentLoader: DocumentLoader; suite: unknown }) => Promise<unknown>;
    now?: Date | string;
  }): Promise<VerifyCredentialResult>;

  export function verify(options: {
    presentation: object;
    suite: unknown;
    documentLoader: DocumentLoader;
    challenge?: string;
    domain?: string;
    checkStatus?: (options: { credential: object; documentLoader: DocumentLoader; suite: unknown }) => Promise<unknown>;
  }): Promise<{
    verified: boolean;
    error?: Error;
    presentationResult?: { verified: boolean; error?: Error; results?: { error?: Error }[] };
  }>;

  export function createPresentation(options: { verifiableCredential?: object | object[]; holder?: string }): object;

  export function signPresentation(options: {
    presentation: object;
    suite: unknown;
    documentLoader: DocumentLoader;
    challenge: string;
    domain?: string;
  }): Promise<Record<string, unknown>>;
}

declare module '@digitalbazaar/ed25519-signature-2020' {
  export class Ed25519Signature2020 {
    constructor(options?: { key?: unknown; signer?: unknown; date?: Date | string });
  }
}

declare module '@digitalbazaar/ed25519-verification-key-2020' {
  export class Ed25519VerificationKey2020 {
    static generate(options?: {
      seed?: Uint8Array;
      controller?: string;
      id?: string;
    }): Promise<Ed25519VerificationKey2020>;
    id: string;
    controller: string;
    publicKeyMultibase: string;
    fingerprint(): string;
    signer(): { id: string; algorithm: string; sign(input: { data: Uint8Array }): Promise<Uint8Array> };
  }
}

declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: {
      cryptosuite: unknown;
      signer?: { id: string; algorithm: string; sign(input: { data: Uint8Array }): Promise<Uint8Array> };
      date?: Date | string;
    });
  }
}

declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: { name: string; requiredAlgorithm: string };
}

declare module '@digitalbazaar/ed25519-multikey' {
  export function fromJwk(options: { jwk: object }): Promise<{ publicKeyMultibase: string }>;
}

declare module '@digitalbazaar/vc-bitstring-status-list' {
  export function decodeList(options: { encodedList: string }): Promise<{ getStatus(index: number): boolean }>;
  export function checkStatus(options: {
    credential: object;
    documentLoader: unknown;
    suite: unknown;
  }): Promise<{ verified: boolean; error?: Error; results?: { verified: boolean; status: boolean }[] }>;
}
