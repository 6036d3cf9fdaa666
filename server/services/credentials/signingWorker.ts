import type { KeyObject } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import { createBatchSigner } from './batchSigning';
import { issuerSignerOf } from './issuerKeys';

/**
 * A signing thread (signingPool.ts): it receives the issuer's key object once, keeps its shape canonizer warm,
 * and signs the batches of built credentials it is sent, answering each credential's JSON or its error.
 */
interface WorkerData {
  verificationMethodId: string;
  privateKey: KeyObject;
  created: string;
}

export interface SignRequest {
  id: number;
  credentials: { '@context': unknown }[];
}

export interface SignAnswer {
  id: number;
  results: ({ ok: true; json: string } | { ok: false; error: string })[];
}

const data = workerData as WorkerData;
const signer = createBatchSigner(issuerSignerOf(data.verificationMethodId, data.privateKey));
const created = new Date(data.created);

parentPort?.on('message', async (request: SignRequest) => {
  const results: SignAnswer['results'] = [];
  for (const credential of request.credentials) {
    try {
      results.push({ ok: true, json: JSON.stringify(await signer.sign(credential, created)) });
    } catch (error) {
      results.push({ ok: false, error: (error as Error).message });
    }
  }
  parentPort?.postMessage({ id: request.id, results } satisfies SignAnswer);
});
