import { createPublicKey, type KeyObject } from 'node:crypto';
import { parentPort } from 'node:worker_threads';
import { createBatchSigner, signInputs, type BatchSigner, type SignResult } from './batchSigning';
import { contextDocumentLoader } from './contexts/documentLoader';
import { issuerSignerOf } from './issuerKeys';
import type { OpenBadgeCredentialInput } from './openBadgeCredential';
import { createShapeCanonizer } from './shapeCanonizer';

/**
 * A signing thread (signingPool.ts): it receives batches of credential inputs with the issuer key to sign them
 * with, builds each OpenBadgeCredential, signs it with a batch signer per key and job over one warm canonizer,
 * and answers each credential's JSON or its error, in order.
 */
export interface SignRequest {
  id: number;
  key: { verificationMethodId: string; privateKey: KeyObject; created: string };
  inputs: OpenBadgeCredentialInput[];
}

export interface SignAnswer {
  id: number;
  results: SignResult[];
}

const canonizer = createShapeCanonizer(contextDocumentLoader);
let last: { identity: string; signer: BatchSigner } | null = null;

/** The batch signer of this key and date, kept while the same job sends its batches. */
function signerFor(key: SignRequest['key']): BatchSigner {
  // two databases may hold different keys under one key id: the public key tells them apart
  const publicKey = createPublicKey(key.privateKey).export({ format: 'der', type: 'spki' }).toString('base64');
  const identity = `${key.verificationMethodId} ${key.created} ${publicKey}`;
  if (last?.identity !== identity) {
    const signer = createBatchSigner(
      issuerSignerOf(key.verificationMethodId, key.privateKey),
      contextDocumentLoader,
      canonizer,
    );
    last = { identity, signer };
  }
  return last.signer;
}

parentPort?.on('message', async (request: SignRequest) => {
  const results = await signInputs(signerFor(request.key), request.inputs, new Date(request.key.created));
  parentPort?.postMessage({ id: request.id, results } satisfies SignAnswer);
});
