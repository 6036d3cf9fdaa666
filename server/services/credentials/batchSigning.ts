import { createHash, randomBytes } from 'node:crypto';
import { contextDocumentLoader, type DocumentLoader } from './contexts/documentLoader';
import { base58btc } from './issuerKeys';
import { buildOpenBadgeCredential, type OpenBadgeCredentialInput } from './openBadgeCredential';
import { canonizeWithLibrary, createShapeCanonizer, type ShapeCanonizer } from './shapeCanonizer';
import type { DataIntegrityProofValue, IssuerSigner, SignedCredential } from './signing';

/**
 * eddsa-rdfc-2022 proofs for many credentials of one issuer, as `signCredential` makes them, without running
 * JSON-LD for each: the documents are canonized by the shape canonizer and the proof options, which are the
 * same for a whole batch, once. The bytes signed are the Data Integrity ones: SHA-256 of the canonical proof
 * options followed by SHA-256 of the canonical document.
 */
export interface BatchSigner {
  sign<T extends { '@context': unknown }>(credential: T, created: Date): Promise<SignedCredential<T>>;
  readonly canonizer: ShapeCanonizer;
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text, 'utf8').digest();
}

/** `created` as the Data Integrity library writes it: seconds, UTC. */
export function proofDate(date: Date): string {
  return `${date.toISOString().slice(0, -5)}Z`;
}

/** A canonizer may be shared by the signers of several keys: what it keeps warm is per credential shape. */
export function createBatchSigner(
  signer: IssuerSigner,
  documentLoader: DocumentLoader = contextDocumentLoader,
  canonizer: ShapeCanonizer = createShapeCanonizer(documentLoader),
): BatchSigner {
  const proofHashes = new Map<string, Promise<Buffer>>();
  const proofHash = (context: unknown, proof: Omit<DataIntegrityProofValue, 'proofValue'>) => {
    const key = JSON.stringify([context, proof]);
    let hash = proofHashes.get(key);
    if (!hash) {
      hash = canonizeWithLibrary({ '@context': context, ...proof }, documentLoader).then(sha256);
      if (proofHashes.size >= 16) proofHashes.clear();
      proofHashes.set(key, hash);
    }
    return hash;
  };
  return {
    canonizer,
    async sign(credential, created) {
      // the property order of the library's proofs
      const options = {
        type: 'DataIntegrityProof' as const,
        created: proofDate(created),
        verificationMethod: signer.id,
        cryptosuite: 'eddsa-rdfc-2022' as const,
        proofPurpose: 'assertionMethod' as const,
      };
      const [optionsHash, documentHash] = await Promise.all([
        proofHash(credential['@context'], options),
        canonizer.canonize(credential).then(sha256),
      ]);
      const signature = await signer.sign({ data: Buffer.concat([optionsHash, documentHash]) });
      return { ...credential, proof: [{ ...options, proofValue: `z${base58btc(signature)}` }] };
    },
  };
}

export type SignResult = { ok: true; json: string } | { ok: false; error: string };

/** Random bytes for the recipients' salts, drawn 4 KB at a time (one randomBytes call per credential cost more). */
let saltPool = Buffer.alloc(0);
let saltOffset = 0;

/** 16 random bytes as hex: the salt `hashedEmailIdentity` would draw itself. */
function nextSalt(): string {
  if (saltOffset + 16 > saltPool.length) {
    saltPool = randomBytes(4096);
    saltOffset = 0;
  }
  const salt = saltPool.toString('hex', saltOffset, saltOffset + 16);
  saltPool.fill(0, saltOffset, saltOffset + 16);
  saltOffset += 16;
  return salt;
}

/**
 * Builds, signs and serialises each input, one after the other (the first of a shape warms the canonizer for the
 * rest); `between` runs after each one (the main thread yields there).
 */
export async function signInputs(
  signer: BatchSigner,
  inputs: readonly OpenBadgeCredentialInput[],
  created: Date,
  between?: () => Promise<void>,
): Promise<SignResult[]> {
  const results: SignResult[] = [];
  for (const input of inputs) {
    try {
      const salted = input.recipient.salt ? input : { ...input, recipient: { ...input.recipient, salt: nextSalt() } };
      results.push({ ok: true, json: JSON.stringify(await signer.sign(buildOpenBadgeCredential(salted), created)) });
    } catch (error) {
      results.push({ ok: false, error: (error as Error).message });
    }
    if (between) await between();
  }
  return results;
}
