import type { AppContext } from '../../context';
import { findIssuer } from '../../repositories/issuers';
import { listUnsignedCertificates, storeCredentials } from '../../repositories/credentials';
import { findIssuerTemplate } from '../../repositories/templates';
import type { ParsedTemplate } from '../../repositories/templateRows';
import { cooperate } from '../../eventLoop';
import { createBatchSigner, signInputs, type SignResult } from './batchSigning';
import {
  achievementInput,
  certificateCredentialInput,
  issuerInput,
  type AchievementInput,
} from './certificateCredential';
import { contextDocumentLoader } from './contexts/documentLoader';
import { ensureIssuerKey, issuerSignerOf, loadIssuerSigningKey } from './issuerKeys';
import type { OpenBadgeCredentialInput } from './openBadgeCredential';
import { createShapeCanonizer, type ShapeCanonizer } from './shapeCanonizer';
import { sharedSigningPool, warmSigningPool, type SigningPool } from './signingPool';
import { inTransaction } from '../../db/transactions';

/** Certificates read, signed and stored per chunk: a failure loses little, and readers are never held long. */
const CHUNK = 500;
/** Credentials per request to a signing thread: small enough to spread a chunk over every thread. */
const SLICE = 100;
/** Chunks signing at once: the threads sign one while the main thread stores the previous one. */
const IN_FLIGHT = 2;
/** Below this many certificates in a job, starting the signing threads costs more than it saves. */
export const POOL_THRESHOLD = 200;

/**
 * Called when a publication of `certificates` rows is accepted: one that its signing job will hand to the signing
 * threads starts them now, so they are ready when the job reads its first chunk (signingPool.ts).
 */
export function prepareCampaignSigning(certificates: number): void {
  if (certificates >= POOL_THRESHOLD) warmSigningPool();
}

/** The main thread's canonizer, kept warm across jobs for the small ones it signs. */
let mainThreadCanonizer: ShapeCanonizer | null = null;

/**
 * The follow-up step of a publish: signs every certificate of the campaign that has no credential yet, with the
 * issuer's active key (created first for an issuer made before keys existed), and stores the JSON. Idempotent: a
 * retried job signs only what is left, and a credential is stored only where none is. A certificate that cannot be
 * built (a date that does not read) is left unsigned and the job fails after signing all the others, so the error
 * is seen and retried. Jobs of POOL_THRESHOLD certificates or more are signed by the signing threads
 * (signingPool.ts) while the main thread only reads and stores; smaller ones on the main thread, yielding to the
 * event loop between credentials.
 */
export async function signCampaignCredentials(
  ctx: AppContext,
  job: { issuerId: number; campaignId: number },
  options: { pool?: SigningPool } = {},
): Promise<void> {
  const { db, config } = ctx;
  const issuer = await findIssuer(db, job.issuerId);
  if (!issuer) throw new Error(`issuer ${job.issuerId} does not exist`);
  await ensureIssuerKey(db, issuer.id, config.credentialsKey);
  const key = await loadIssuerSigningKey(db, issuer.id, config.credentialsKey, config.publicUrl);
  const issuerProfile = issuerInput(issuer);
  const templates = new Map<number, ParsedTemplate | undefined>();
  const achievements = new Map<string, AchievementInput>();
  const achievementOf = async (templateId: number, language: string): Promise<AchievementInput> => {
    const key = `${templateId}/${language}`;
    let achievement = achievements.get(key);
    if (!achievement) {
      if (!templates.has(templateId)) templates.set(templateId, await findIssuerTemplate(db, issuer.id, templateId));
      const template = templates.get(templateId);
      if (!template) throw new Error(`template ${templateId} of issuer ${issuer.id} does not exist`);
      achievement = achievementInput(config.publicUrl, template, language);
      achievements.set(key, achievement);
    }
    return achievement;
  };

  const signingKey = { verificationMethodId: key.id, privateKey: key.privateKey, created: new Date() };
  const failures: string[] = [];
  let pool: SigningPool | null = options.pool ?? null;
  const sign = (inputs: OpenBadgeCredentialInput[]): Promise<SignResult[]> => {
    if (!pool) {
      mainThreadCanonizer ??= createShapeCanonizer(contextDocumentLoader);
      const signer = createBatchSigner(
        issuerSignerOf(key.id, key.privateKey),
        contextDocumentLoader,
        mainThreadCanonizer,
      );
      return signInputs(signer, inputs, signingKey.created, cooperate);
    }
    const slices: Promise<SignResult[]>[] = [];
    for (let start = 0; start < inputs.length; start += SLICE) {
      slices.push(pool.sign(signingKey, inputs.slice(start, start + SLICE)));
    }
    return Promise.all(slices).then((parts) => parts.flat());
  };

  let afterId = 0;
  let stored: Promise<void> = Promise.resolve();
  const inFlight: Promise<void>[] = [];
  try {
    for (;;) {
      const certificates = await listUnsignedCertificates(db, job.campaignId, afterId, CHUNK);
      if (certificates.length === 0) break;
      afterId = certificates[certificates.length - 1].id;
      if (!pool && certificates.length >= POOL_THRESHOLD) {
        pool = sharedSigningPool();
      }
      const ids: number[] = [];
      const inputs: OpenBadgeCredentialInput[] = [];
      for (const certificate of certificates) {
        try {
          const achievement = await achievementOf(certificate.template_id, certificate.language);
          inputs.push(certificateCredentialInput(config.publicUrl, certificate, issuerProfile, achievement));
          ids.push(certificate.id);
        } catch (error) {
          failures.push(`${certificate.id}: ${(error as Error).message}`);
        }
      }
      const signing = sign(inputs);
      // stored in the order signed, one transaction per chunk
      const previous = stored;
      stored = (async () => {
        const results = await signing;
        const signed: { id: number; credential: string }[] = [];
        results.forEach((result, index) => {
          if (result.ok) signed.push({ id: ids[index], credential: result.json });
          else failures.push(`${ids[index]}: ${result.error}`);
        });
        await previous;
        await inTransaction(db, (trx) => storeCredentials(trx, signed));
      })();
      stored.catch(() => undefined); // awaited below
      inFlight.push(stored);
      if (inFlight.length >= IN_FLIGHT) await inFlight.shift();
    }
  } finally {
    await Promise.allSettled(inFlight);
  }
  await stored;
  if (failures.length > 0) {
    throw new Error(`${failures.length} certificate(s) of campaign ${job.campaignId} not signed: ${failures[0]}`);
  }
}
