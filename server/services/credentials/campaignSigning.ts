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
import { ensureIssuerKey, loadIssuerSigner } from './issuerKeys';
import { buildOpenBadgeCredential } from './openBadgeCredential';

/** Certificates signed and stored per transaction: a failure loses little, and readers are never held long. */
const CHUNK = 500;

/**
 * The follow-up step of a publish: signs every certificate of the campaign that has no credential yet, with the
 * issuer's active key (created first for an issuer made before keys existed), and stores the JSON. Idempotent: a
 * retried job signs only what is left. A certificate that cannot be built (a date that does not read) is left
 * unsigned and the job fails after signing all the others, so the error is seen and retried.
 */
export async function signCampaignCredentials(
  ctx: AppContext,
  job: { issuerId: number; campaignId: number },
): Promise<void> {
  const { db, config } = ctx;
  const issuer = await findIssuer(db, job.issuerId);
  if (!issuer) throw new Error(`issuer ${job.issuerId} does not exist`);
  await ensureIssuerKey(db, issuer.id, config.credentialsKey);
  const signer = createBatchSigner(await loadIssuerSigner(db, issuer.id, config.credentialsKey, config.publicUrl));
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
  let afterId = 0;
  // a chunk is stored while the next one is signed (PostgreSQL answers meanwhile)
  let storing: Promise<void> = Promise.resolve();
  for (;;) {
    const certificates = await listUnsignedCertificates(db, job.campaignId, afterId, CHUNK);
    if (certificates.length === 0) break;
    afterId = certificates[certificates.length - 1].id;
    const signed: { id: number; credential: string }[] = [];
    for (const certificate of certificates) {
      try {
        const achievement = await achievementOf(certificate.template_id, certificate.language);
        const credential = buildOpenBadgeCredential(
          certificateCredentialInput(config.publicUrl, certificate, issuerProfile, achievement),
        );
        signed.push({ id: certificate.id, credential: JSON.stringify(await signer.sign(credential, created)) });
      } catch (error) {
        failures.push(`${certificate.id}: ${(error as Error).message}`);
      }
    }
    await storing;
    storing = db.transaction().execute((trx) => storeCredentials(trx, signed));
    storing.catch(() => undefined); // awaited with the next chunk or after the last one
  }
  await storing;
  if (failures.length > 0) {
    throw new Error(`${failures.length} certificate(s) of campaign ${job.campaignId} not signed: ${failures[0]}`);
  }
}
