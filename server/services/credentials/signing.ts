import { contextDocumentLoader } from './contexts/documentLoader';
import { dataIntegrityLibraries } from './dataIntegrity';

/**
 * Signs with an issuer's current key without exposing it: the shape the Data Integrity libraries call
 * (`algorithm` must be Ed25519 for eddsa-rdfc-2022). Made once per issuer and reused: building the key object
 * costs more than a signature.
 */
export interface IssuerSigner {
  /** the verification method, `did:web:…#key-<version>` */
  readonly id: string;
  readonly algorithm: 'Ed25519';
  sign(input: { data: Uint8Array }): Promise<Uint8Array>;
}

export interface DataIntegrityProofValue {
  type: 'DataIntegrityProof';
  cryptosuite: 'eddsa-rdfc-2022';
  created: string;
  verificationMethod: string;
  proofPurpose: 'assertionMethod';
  proofValue: string;
}

export type SignedCredential<T extends object> = T & { proof: DataIntegrityProofValue[] };

/**
 * Adds a DataIntegrityProof (eddsa-rdfc-2022, assertionMethod) made by `signer`, written as an array as the
 * OB 3.0 schema wants (a proof set of one; verifiers read both forms). Contexts come from the shipped files.
 */
export async function signCredential<T extends object>(
  credential: T,
  signer: IssuerSigner,
  options: { created?: Date } = {},
): Promise<SignedCredential<T>> {
  const { vc, DataIntegrityProof, eddsaRdfc2022 } = await dataIntegrityLibraries();
  const suite = new DataIntegrityProof({
    signer,
    cryptosuite: eddsaRdfc2022,
    date: options.created ?? new Date(),
  });
  // vc.issue adds to the object it is given: pass a copy so the caller's credential stays unsigned.
  const signed = await vc.issue({
    credential: structuredClone(credential),
    suite,
    documentLoader: contextDocumentLoader,
  });
  const { proof } = signed;
  return { ...(signed as T), proof: (Array.isArray(proof) ? proof : [proof]) as DataIntegrityProofValue[] };
}
