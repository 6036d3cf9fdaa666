import type { AppContext } from '../../context';
import { findIssuer } from '../../repositories/issuers';
import { listUnsignedCertificates, storeCredentials } from '../../repositories/credentials';
import { findIssuerTemplate } from '../../repositories/templates';
import type { Template } from '../../db/schema';
import { createBatchSigner } from './batchSigning';
import {
  achievementInput,
  certificateCredentialInput,
  issuerInput,
  type AchievementInput,
} from './certificateCredential';
import { ensureIssuerKey, issuerSignerOf, loadIssuerSigningKey } from './issuerKeys';
import { buildOpenBadgeCredential } from './openBadgeCredential';
import { signingThreads, startSigningPool, type SigningPool } from './signingPool';

/** Certificates signed and stored per transaction: a failure loses little, and readers are never held long. */
const CHUNK = 500;
/** Below this many certificates in a chunk, starting worker threads costs more than it saves. */
export const POOL_THRESHOLD = 200;

/**
 * The follow-up step of a publish: signs every certificate of the campaign that has no credential yet, with the
 * issuer's active key (created first for an issuer made before keys existed), and stores the JSON. Idempotent: a
 * retried job signs only what is left. A certificate that cannot be built (a date that does not read) is left
 * unsigned and the job fails after signing all the others, so the error is seen and retried. Large chunks are
 * signed on every core by worker threads that each hold the key object (signingPool.ts).
 */
export async function signCampaignCredentials(
  ctx: AppContext,
  job: { issuerId: number; campaignId: number },
  options: { threads?: number } = {},
): Promise<void> {
  const { db, config } = ctx;
  const issuer = await findIssuer(db, job.issuerId);
  if (!issuer) throw new Error(`issuer ${job.issuerId} does not exist`);
  await ensureIssuerKey(db, issuer.id, config.credentialsKey);
  const key = await loadIssuerSigningKey(db, issuer.id, config.credentialsKey, config.publicUrl);
  const signer = createBatchSigner(issuerSignerOf(key.id, key.privateKey));
  const issuerProfile = issuerInput(issuer);
  const templates = new Map<number, Template | undefined>();
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

  const created = new Date();
  const failures: string[] = [];
  const threads = options.threads ?? signingThreads();
  let pool: SigningPool | null = null;
  let afterId = 0;
  // a chunk is stored while the next one is signed (PostgreSQL answers meanwhile)
  let storing: Promise<void> = Promise.resolve();
  // one after the other: the first credential of a shape warms the canonizer for the rest
  const signHere = async (items: { credential: ReturnType<typeof buildOpenBadgeCredential> }[]) => {
    const results: Awaited<ReturnType<SigningPool['sign']>> = [];
    for (const item of items) {
      try {
        results.push({ ok: true, json: JSON.stringify(await signer.sign(item.credential, created)) });
      } catch (error) {
        results.push({ ok: false, error: (error as Error).message });
      }
    }
    return results;
  };
  try {
    for (;;) {
      const certificates = await listUnsignedCertificates(db, job.campaignId, afterId, CHUNK);
      if (certificates.length === 0) break;
      afterId = certificates[certificates.length - 1].id;
      const built: { id: number; credential: ReturnType<typeof buildOpenBadgeCredential> }[] = [];
      for (const certificate of certificates) {
        try {
          const achievement = await achievementOf(certificate.template_id, certificate.language);
          built.push({
            id: certificate.id,
            credential: buildOpenBadgeCredential(
              certificateCredentialInput(config.publicUrl, certificate, issuerProfile, achievement),
            ),
          });
        } catch (error) {
          failures.push(`${certificate.id}: ${(error as Error).message}`);
        }
      }
      if (built.length >= POOL_THRESHOLD && pool === null && threads > 1) {
        pool = startSigningPool({ verificationMethodId: key.id, privateKey: key.privateKey, created }, threads);
      }
      const signed: { id: number; credential: string }[] = [];
      const results = pool ? await pool.sign(built.map((item) => item.credential)) : await signHere(built);
      results.forEach((result, index) => {
        if (result.ok) signed.push({ id: built[index].id, credential: result.json });
        else failures.push(`${built[index].id}: ${result.error}`);
      });
      await storing;
      storing = db.transaction().execute((trx) => storeCredentials(trx, signed));
      storing.catch(() => undefined); // awaited with the next chunk or after the last one
    }
    await storing;
  } finally {
    await pool?.close();
  }
  if (failures.length > 0) {
    throw new Error(`${failures.length} certificate(s) of campaign ${job.campaignId} not signed: ${failures[0]}`);
  }
}
