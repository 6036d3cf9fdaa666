import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
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

/**
 * As the thread starts, one throw-away credential is signed with a throw-away key: the Data Integrity libraries
 * load, the JSON-LD contexts are processed and the code is compiled before the first batch comes (a pool started
 * ahead of its job, signingPool.ts, then signs its first chunk at full speed; cold, a thread took ≈ 0.7 s of CPU
 * before its first credential). A failure is left for the first batch to meet and report.
 */
async function warmUp(): Promise<void> {
  const { privateKey } = generateKeyPairSync('ed25519');
  const signer = createBatchSigner(
    issuerSignerOf('did:web:warm.invalid#key-1', privateKey),
    contextDocumentLoader,
    canonizer,
  );
  await signInputs(
    signer,
    [
      {
        publicUrl: 'https://warm.invalid',
        certificateKey: 'warm',
        issuer: { id: 1, name: 'Issuer', url: 'https://warm.invalid' },
        achievement: {
          templateId: 1,
          language: 'en',
          name: 'Badge',
          description: 'Badge',
          criteriaNarrative: 'Badge',
          imageUrl: 'https://warm.invalid/badge.png',
          achievementType: 'Badge',
        },
        recipient: { email: 'learner@warm.invalid', name: 'Learner' },
        validFrom: '2026-01-01',
        status: { index: 0 },
      },
    ],
    new Date(),
  );
}
const warming = warmUp().catch(() => undefined);
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

async function answer(request: SignRequest): Promise<void> {
  await warming;
  const results = await signInputs(signerFor(request.key), request.inputs, new Date(request.key.created));
  parentPort?.postMessage({ id: request.id, results } satisfies SignAnswer);
}

parentPort?.on('message', (request: SignRequest) => {
  // each credential's error is in its result; anything else ends the thread (an uncaught error), and the pool
  // rejects the batches this worker held (signingPool.ts, its 'error' listener)
  answer(request).catch((error: unknown) =>
    setImmediate(() => {
      throw error;
    }),
  );
});
