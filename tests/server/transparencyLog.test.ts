import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../server/cli/runCli';
import { signInAdmin } from './signIn';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const CHECKER = fileURLToPath(new URL('../support/ledgerProofCheck.mjs', import.meta.url));

describe.each(TEST_DATABASES)('the transparency log (NFT ledger) on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  let templateId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
    templateId = await createBadgeTemplate(t.app, headers);
    await db().updateTable('templates').set({ is_nft: 1 }).where('id', '=', templateId).execute();
  });
  afterEach(async () => {
    await t.close();
  });
  const db = () => t.app.laurel.db;

  const publish = async (count: number) => {
    const published = await publishRows(t.app, headers, templateId, recipientRows(count));
    expect(published.statusCode, published.body).toBe(200);
    const { campaignId } = published.json<{ campaignId: number }>();
    const rows = () =>
      db()
        .selectFrom('certificates')
        .select(['id', 'key', 'status_id', 'nft_token_id', 'nft_transaction'])
        .where('campaign_id', '=', campaignId)
        .orderBy('id')
        .execute();
    expect((await rows()).map((row) => row.status_id)).toEqual(Array(count).fill(11));
    await t.app.laurel.jobs.runUntilIdle();
    return rows();
  };
  const laurel = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const env = {
      DATA_DIR: t.config.dataDir,
      PUBLIC_URL: t.config.publicUrl,
      ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
    };
    const code = await runCli(argv, env, { out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };

  it('anchors each batch as signed, chained heads; an independent script checks a proof from the public data', async () => {
    const first = await publish(3);
    expect(first.map((row) => row.status_id)).toEqual([1, 1, 1]);
    expect(first.map((row) => row.nft_transaction)).toEqual([0, 1, 2].map((i) => `/ledger/${issuerId}/3?leaf=${i}`));
    expect(first.map((row) => row.nft_token_id)).toEqual(['0', '1', '2']);
    const second = await publish(2);
    expect(second.map((row) => row.nft_transaction)).toEqual([3, 4].map((i) => `/ledger/${issuerId}/5?leaf=${i}`));

    const heads = await db().selectFrom('ledger_heads').selectAll().orderBy('tree_size').execute();
    expect(heads.map((head) => head.tree_size)).toEqual([3, 5]);
    expect(heads[0].previous_head_hash).toBeNull();
    expect(heads[1].previous_head_hash).toBe(heads[0].head_hash);

    // the report links each certificate to its batch page
    const report = await t.app.inject({ method: 'POST', url: '/api/admin/data_post', headers, payload: {} });
    if (report.statusCode === 200) {
      const links = (report.json().data ?? report.json().rows ?? []).map(
        (row: { txInBlockchainExplorer: string }) => row.txInBlockchainExplorer,
      );
      for (const link of links) expect(link.startsWith(`${t.config.publicUrl}/ledger/${issuerId}/`)).toBe(true);
    }

    const page = await t.app.inject({ method: 'GET', url: `${second[1].nft_transaction}&lang=fr` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain(heads[1].root_hash);
    expect(page.body).toContain('Preuve d&#39;inclusion');
    expect(page.body).not.toContain('~ledgerPage');

    for (const row of [...first, ...second]) {
      const proofUrl = (row.nft_transaction as string).replace('?leaf=', '/proof.json?leaf=');
      const proof = await t.app.inject({ method: 'GET', url: proofUrl });
      expect(proof.statusCode).toBe(200);
      const credential = await t.app.inject({ method: 'GET', url: `/ob/credentials/${row.key}` });
      const didDocument = await t.app.inject({ method: 'GET', url: `/ob/issuers/${issuerId}/did.json` });
      const input = JSON.stringify({
        proof: proof.json(),
        credential: credential.body,
        didDocument: didDocument.json(),
      });
      const checked = spawnSync(process.execPath, [CHECKER], { input, encoding: 'utf8' });
      expect(checked.stdout.trim(), checked.stderr).toBe('ok');
      // the same script refuses another certificate's credential for this leaf
      const other = await t.app.inject({
        method: 'GET',
        url: `/ob/credentials/${first[0].key === row.key ? first[1].key : first[0].key}`,
      });
      const forged = spawnSync(process.execPath, [CHECKER], {
        input: JSON.stringify({ proof: proof.json(), credential: other.body, didDocument: didDocument.json() }),
        encoding: 'utf8',
      });
      expect(forged.stdout).toContain('the credential is not the leaf');
    }

    expect((await t.app.inject({ method: 'GET', url: `/ledger/${issuerId}/4` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/ledger/${issuerId}/4/proof.json` })).statusCode).toBe(404);
  });

  it('ledger verify finds the log intact, then reports a tampered leaf, credential or head', async () => {
    await publish(3);
    await publish(2);
    const intact = await laurel('ledger', 'verify');
    expect(intact.code, intact.err).toBe(0);
    expect(intact.out).toContain('5 leaves, 2 signed heads, intact');

    const leaf = await db()
      .selectFrom('ledger_leaves')
      .selectAll()
      .where('leaf_index', '=', 1)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('ledger_leaves')
      .set({ leaf_hash: '00'.repeat(32) })
      .where('id', '=', leaf.id)
      .execute();
    const tamperedLeaf = await laurel('ledger', 'verify', String(issuerId));
    expect(tamperedLeaf.code).toBe(1);
    expect(tamperedLeaf.err).toContain('leaf 1: certificate');
    expect(tamperedLeaf.err).toContain('head of size 3: its root is not the tree of its leaves');
    await db().updateTable('ledger_leaves').set({ leaf_hash: leaf.leaf_hash }).where('id', '=', leaf.id).execute();
    expect((await laurel('ledger', 'verify')).code).toBe(0);

    // a credential changed after anchoring no longer matches its leaf
    const certificate = await db()
      .selectFrom('certificates')
      .select(['id', 'credential'])
      .where('id', '=', leaf.certificate_id)
      .executeTakeFirstOrThrow();
    await db()
      .updateTable('certificates')
      .set({ credential: `${certificate.credential as string} ` })
      .where('id', '=', certificate.id)
      .execute();
    const tamperedCredential = await laurel('ledger', 'verify');
    expect(tamperedCredential.code).toBe(1);
    expect(tamperedCredential.err).toContain(
      `leaf 1: certificate ${certificate.id}'s credential does not match its leaf`,
    );
    await db()
      .updateTable('certificates')
      .set({ credential: certificate.credential })
      .where('id', '=', certificate.id)
      .execute();

    // a rewritten head (a new root for its size) breaks its hash, signature and the chain
    await db()
      .updateTable('ledger_heads')
      .set({ root_hash: 'ff'.repeat(32) })
      .where('tree_size', '=', 3)
      .execute();
    const tamperedHead = await laurel('ledger', 'verify');
    expect(tamperedHead.code).toBe(1);
    expect(tamperedHead.err).toContain('head of size 3: its hash does not match its fields');
    expect(tamperedHead.err).toContain('head of size 3: its signature does not verify');
  });
});
