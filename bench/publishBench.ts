import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { benchConfig } from './benchApp';
import { nowIso } from '../server/db/clock';
import { insertCertificates } from '../server/repositories/certificates';
import { insertTemplate } from '../server/repositories/templates';
import { newCertificateKey } from '../server/services/publication/publish';
import { signInAdmin } from '../tests/server/signIn';
import { measure, report } from './measure';

const ROWS = 10_000;

function rows(count: number, batch: number): Record<string, string>[] {
  return Array.from({ length: count }, (_, i) => ({
    Language: 'en',
    ID: `B${batch}-${i}`,
    Email: `learner${i}@example.org`,
    firstName: `First${i}`,
    lastName: `Last${i}`,
    obtentionDate: '2026-11-20',
    assessment: `Assessed on module ${i % 17}`,
  }));
}

/**
 * Publishing 10,000 rows through POST /api/admin/data on SQLite (the whole call: JSON, validation again,
 * credits, campaign, certificates, job) against a bare insert of the same certificate rows in one
 * transaction on the same database.
 */
export async function publishBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-bench-'));
  const app = await buildApp(benchConfig(dataDir, { LAUREL_INITIAL_CREDITS: '1000000' }), { logger: false });
  try {
    const { headers, issuerId } = await signInAdmin(app);
    const db = app.laurel.db;
    const templateId = await insertTemplate(db, {
      issuer_id: issuerId,
      label: JSON.stringify({ en: 'Bench badge' }),
      type: 'openbadge',
      technical_fields: 'ID',
    });
    let batch = 0;
    const baseline = await measure(
      async () => {
        const now = nowIso();
        const certificates = rows(ROWS, batch++).map((row, i) => ({
          key: newCertificateKey(),
          issuer_id: issuerId,
          template_id: templateId,
          campaign_id: 0,
          status_id: 1,
          language: 'en',
          email: row.Email,
          recipient_key: row.ID,
          first_name: row.firstName,
          last_name: row.lastName,
          data: JSON.stringify(row),
          translations: null,
          obtention_date: row.obtentionDate,
          expiration_date: null,
          status_index: 10_000_000 + batch * ROWS + i,
          created_at: now,
          updated_at: now,
        }));
        await db.transaction().execute(async (trx) => {
          const campaign = await trx
            .insertInto('campaigns')
            .values({ issuer_id: issuerId, template_id: templateId, certified_degrees: ROWS, created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
          await insertCertificates(
            trx,
            certificates.map((c) => ({ ...c, campaign_id: campaign.id })),
          );
        });
      },
      5,
      1,
    );
    const ours = await measure(
      async () => {
        const answer = await app.inject({
          method: 'POST',
          url: '/api/admin/data',
          headers,
          payload: { templateId, data: rows(ROWS, batch++), contentType: 'json' },
        });
        if (answer.statusCode !== 200) throw new Error(answer.body);
      },
      5,
      1,
    );
    report(
      'publish 10,000 rows (POST /api/admin/data, SQLite) vs bare insert in one transaction',
      ours,
      baseline,
      '≤ 2.00, and under 2,000 ms',
    );
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
