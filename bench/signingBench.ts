import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Kysely } from 'kysely';
import { CERTIFICATE_STATUS } from '../domain/certificates';
import { buildApp } from '../server/app';
import { benchConfig } from './benchApp';
import type { Database } from '../server/db/schema';
import { nowIso } from '../server/db/clock';
import { insertCertificates } from '../server/repositories/certificates';
import { insertTemplate } from '../server/repositories/templates';
import { createBatchSigner } from '../server/services/credentials/batchSigning';
import { signCampaignCredentials } from '../server/services/credentials/campaignSigning';
import { contextDocumentLoader } from '../server/services/credentials/contexts/documentLoader';
import {
  buildOpenBadgeCredential,
  type OpenBadgeCredentialInput,
} from '../server/services/credentials/openBadgeCredential';
import { createShapeCanonizer } from '../server/services/credentials/shapeCanonizer';
import { signCredential, type IssuerSigner } from '../server/services/credentials/signing';

const PUBLIC_URL = 'https://laurel.example';
const COUNT = 10_000;
const LIBRARY_SAMPLE = 300;

function inputs(count: number): OpenBadgeCredentialInput[] {
  return Array.from({ length: count }, (_, i) => ({
    publicUrl: PUBLIC_URL,
    certificateKey: randomBytes(48).toString('base64url').replace(/[-_]/g, 'x'),
    issuer: { id: 7, name: 'Université de Laurel', url: 'https://univ.example' },
    achievement: {
      templateId: 12,
      language: 'fr',
      name: 'Premiers secours',
      description: 'Formation aux gestes de premiers secours : « alerter, protéger, secourir ».',
      criteriaNarrative: 'Avoir suivi les 7 heures de formation et réussi la mise en situation.',
      imageUrl: `${PUBLIC_URL}/api/template/image/7/0b7c4d2e-1111-4222-8333-944455556666.png`,
      imageCaption: 'Premiers secours',
      achievementType: 'Badge',
    },
    recipient: { email: `learner${i}@example.org` },
    validFrom: '2026-03-01',
    validUntil: i % 2 === 0 ? '2031-03-01' : null,
    status: { index: i },
  }));
}

function rate(count: number, milliseconds: number): string {
  return `${Math.round((count / milliseconds) * 1000).toLocaleString('en')}/s`;
}

/**
 * A French template and a campaign of `count` certificates of the database's first issuer, in `status`, with
 * `credential(i)` as each one's stored credential (none: to be signed). Shared by the signing and NFT benches.
 */
export async function seedBenchCampaign(
  db: Kysely<Database>,
  count: number,
  options: { status: number; outcome?: string; credential?: (index: number) => string },
): Promise<{ issuerId: number; templateId: number; campaignId: number }> {
  const issuer = await db.selectFrom('issuers').select('id').executeTakeFirstOrThrow();
  const templateId = await insertTemplate(db, {
    issuer_id: issuer.id,
    label: JSON.stringify({ fr: 'Premiers secours' }),
    type: 'openbadge',
    languages: 'fr',
    default_language: 'fr',
    content: JSON.stringify({
      fr: { microcertitle: 'Premiers secours', ...(options.outcome ? { outcome: options.outcome } : {}) },
    }),
  });
  const campaign = await db
    .insertInto('campaigns')
    .values({
      issuer_id: issuer.id,
      template_id: templateId,
      user_id: null,
      certified_degrees: count,
      created_at: nowIso(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const now = nowIso();
  await db.transaction().execute((trx) =>
    insertCertificates(
      trx,
      Array.from({ length: count }, (_, i) => ({
        key: randomBytes(96).toString('base64url').replace(/[-_]/g, 'x').slice(0, 128),
        issuer_id: issuer.id,
        template_id: templateId,
        campaign_id: campaign.id,
        status_id: options.status,
        language: 'fr',
        email: `learner${i}@example.org`,
        data: '{}',
        ...(options.credential ? { credential: options.credential(i) } : {}),
        obtention_date: '2026-03-01',
        expiration_date: null,
        status_index: i,
        created_at: now,
        updated_at: now,
      })),
    ),
  );
  return { issuerId: issuer.id, templateId, campaignId: campaign.id };
}

/** The signing job itself on the embedded SQLite database: read, build, sign, store in chunks. */
async function jobOnSqlite(count: number): Promise<number> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-bench-'));
  const app = await buildApp(benchConfig(dataDir, { PUBLIC_URL }), { logger: false });
  try {
    const { issuerId, campaignId } = await seedBenchCampaign(app.laurel.db, count, {
      status: CERTIFICATE_STATUS.validated,
      outcome: 'Alerter, protéger, secourir.',
    });
    const start = performance.now();
    await signCampaignCredentials(app.laurel, { issuerId, campaignId });
    return performance.now() - start;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * npm run bench (credentials): signs 10,000 OpenBadgeCredentials with the batch signer and compares with bare
 * node:crypto Ed25519 signing of the same canonical N-Quads bytes, in the same run; then the library path on a
 * sample, and the whole signing job (database included) on SQLite.
 */
export async function signingBench(): Promise<void> {
  const { privateKey } = generateKeyPairSync('ed25519');
  const signer: IssuerSigner = {
    id: `did:web:laurel.example:ob:issuers:7#key-1`,
    algorithm: 'Ed25519',
    sign: async ({ data }) => sign(null, data, privateKey),
  };
  const all = inputs(COUNT);
  const created = new Date();

  const canonizer = createShapeCanonizer(contextDocumentLoader);
  const canonical: Buffer[] = [];
  for (const input of all) canonical.push(Buffer.from(await canonizer.canonize(buildOpenBadgeCredential(input))));
  let start = performance.now();
  for (const bytes of canonical) sign(null, bytes, privateKey);
  const bare = performance.now() - start;

  const batch = createBatchSigner(signer);
  await batch.sign(buildOpenBadgeCredential(all[0]), created);
  start = performance.now();
  for (const input of all) JSON.stringify(await batch.sign(buildOpenBadgeCredential(input), created));
  const ours = performance.now() - start;

  start = performance.now();
  for (const input of all.slice(0, LIBRARY_SAMPLE))
    await signCredential(buildOpenBadgeCredential(input), signer, { created });
  const library = performance.now() - start;

  const job = await jobOnSqlite(COUNT);
  console.info(`credentials: ${COUNT.toLocaleString('en')} OpenBadgeCredentials, one core`);
  console.info(`  bare Ed25519 over the canonical bytes: ${rate(COUNT, bare)}`);
  console.info(
    `  ours (build, canonize, sign, JSON): ${rate(COUNT, ours)}, ratio ${(ours / bare).toFixed(2)} (target ≥ 2,000/s)`,
  );
  console.info(`  library path (jsonld + rdf-canonize), ${LIBRARY_SAMPLE} of them: ${rate(LIBRARY_SAMPLE, library)}`);
  console.info(`  the signing job on SQLite (read, sign, store): ${rate(COUNT, job)}`);
}

if (process.argv[1]?.endsWith('signingBench.ts')) await signingBench();
