import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { localFileStore } from '../server/services/files/fileStore';
import { certificatePdf } from '../server/services/pdf/certificateDocument';
import { insertGeneratedCertificates } from '../tests/server/bulkCertificates';
import { createBadgeTemplate, publishRows, recipientRows } from '../tests/server/publicationFixtures';
import { signInAdmin } from '../tests/server/signIn';
import { measure, report } from './measure';

const CERTIFICATES = 1_000_000;

/**
 * One report page (POST /api/admin/data_post: 20 rows, a status filter, a search text, the count) over a
 * template of 1,000,000 certificates on SQLite, against a bare indexed read of 20 rows of that template; and
 * certificate PDFs rendered per second against a bare one-line pdf-lib document.
 */
export async function reportBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-bench-'));
  const app = await buildApp(
    loadConfig({ DATA_DIR: dataDir, WEB_ROOT: 'none', LOG_LEVEL: 'silent', JOB_POLL_MS: '0' }),
    { logger: false },
  );
  try {
    const { headers, issuerId } = await signInAdmin(app);
    const templateId = await createBadgeTemplate(app, headers);
    const campaignId = (await publishRows(app, headers, templateId, recipientRows(1))).json<{ campaignId: number }>()
      .campaignId;
    const started = Date.now();
    await insertGeneratedCertificates(app, { issuerId, templateId, campaignId }, CERTIFICATES);
    console.info(`report: ${CERTIFICATES.toLocaleString('en')} certificates generated in ${Date.now() - started} ms`);
    const db = app.laurel.db;
    let n = 0;
    const baseline = await measure(
      () =>
        db
          .selectFrom('certificates')
          .selectAll()
          .where('template_id', '=', templateId)
          .orderBy('id', 'desc')
          .limit(20)
          .execute(),
      50,
      5,
    );
    const page = (filter: string) => async () => {
      const answer = await app.inject({
        method: 'POST',
        url: '/api/admin/data_post',
        headers,
        payload: { templateId, offset: 0, limit: 20, status: '1,3,6,9', filter, counter: false },
      });
      if (answer.statusCode !== 200) throw new Error(answer.body);
    };
    // a recipient's number (a dozen matches), then a broad prefix (about 11,000 matches to count)
    const ours = await measure(() => page(`learner${10_000 + (n++ % 80_000)}`)(), 50, 5);
    console.info(`report page p95: ${ours.p95.toFixed(1)} ms (target under 20 ms)`);
    report(
      'report page over 1,000,000 certificates vs bare indexed read of 20 rows',
      ours,
      baseline,
      'p95 under 20 ms',
    );
    const broad = await measure(() => page(`learner${(n++ % 90) + 10}`)(), 30, 3);
    console.info(
      `report page with a broad prefix (~11,000 matches): median ${broad.median.toFixed(1)} ms, p95 ${broad.p95.toFixed(1)} ms`,
    );
    const unfiltered = await measure(() => page('')(), 30, 3);
    console.info(
      `report page without search text: median ${unfiltered.median.toFixed(1)} ms, p95 ${unfiltered.p95.toFixed(1)} ms`,
    );

    const files = localFileStore(path.join(dataDir, 'files'));
    const certificate = await db
      .selectFrom('certificates')
      .selectAll()
      .where('template_id', '=', templateId)
      .limit(1)
      .executeTakeFirstOrThrow();
    const bare = await measure(
      async () => {
        const document = await PDFDocument.create();
        const page = document.addPage([842, 595]);
        page.drawText('Certificate', {
          x: 50,
          y: 500,
          size: 24,
          font: await document.embedFont(StandardFonts.Helvetica),
        });
        await document.save();
      },
      20,
      3,
    );
    const pdf = await measure(() => certificatePdf(db, files, 'http://localhost:8080', certificate), 20, 3);
    console.info(`PDF renders: ${(1000 / pdf.median).toFixed(0)} per second on one core`);
    report('certificate PDF vs bare one-line pdf-lib document', pdf, bare, 'renders per second, no target');
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('reportBench.ts')) await reportBench();
