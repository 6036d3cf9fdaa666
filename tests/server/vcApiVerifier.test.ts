import { Ed25519Signature2020 } from '@digitalbazaar/ed25519-signature-2020';
import { Ed25519VerificationKey2020 } from '@digitalbazaar/ed25519-verification-key-2020';
import * as vc from '@digitalbazaar/vc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import type { LaurelApp } from '../../server/app';
import { bumpStatusVersion } from '../../server/repositories/certificates';
import {
  contextDocumentLoader,
  ED25519_2020_CONTEXT,
  VC_V2_CONTEXT,
} from '../../server/services/credentials/contexts/documentLoader';
import { fetchForeignJson } from '../../server/services/credentials/foreignDocuments';
import { createStatusBits, encodeStatusList, setStatusBit } from '../../server/services/credentials/statusList';
import { StatusLists } from '../../server/services/credentials/statusLists';
import { CredentialVerifier } from '../../server/services/credentials/verifier';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';
import { signInAdmin } from './signIn';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';

const PUBLIC_URL = 'https://laurel.test';

interface Problem {
  type: string;
  title: string;
  detail?: string;
}
interface Answer {
  verified: boolean;
  checks: string[];
  warnings: Problem[];
  errors: Problem[];
  holder?: string | null;
  credentialResults?: Answer[];
}

/** A wallet's key: a did:key made from an Ed25519 key, as the Learner Credential Wallet holds one. */
async function didKeyOf() {
  const key = await Ed25519VerificationKey2020.generate();
  const did = `did:key:${key.fingerprint()}`;
  key.controller = did;
  key.id = `${did}#${key.fingerprint()}`;
  return { did, key, suite: () => new Ed25519Signature2020({ key }) };
}

describe.each(TEST_DATABASES)('the VC-API verifier on %s', (database) => {
  let t: TestApp;
  let app: LaurelApp;
  let issuerId: number;
  let keys: string[];

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: payload as object, headers });
  const verifyCredential = async (verifiableCredential: object) => {
    const answer = await post('/credentials/verify', { verifiableCredential, options: {} });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Answer>();
  };
  const credentialOf = async (key: string) => {
    const answer = await app.inject({ method: 'GET', url: `/certificate/${key}/credential.json` });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Record<string, unknown>>();
  };
  const setStatus = async (key: string, status: number) => {
    await app.laurel.db.transaction().execute(async (trx) => {
      await trx.updateTable('certificates').set({ status_id: status }).where('key', '=', key).execute();
      await bumpStatusVersion(trx, issuerId);
    });
  };
  const signedByDidKey = async (wallet: Awaited<ReturnType<typeof didKeyOf>>) =>
    vc.issue({
      credential: {
        '@context': [VC_V2_CONTEXT, ED25519_2020_CONTEXT],
        id: 'urn:uuid:6f1c0f0e-2b7a-4d0e-9c55-3c4b1f0d2a11',
        type: ['VerifiableCredential'],
        issuer: wallet.did,
        validFrom: '2026-01-01T00:00:00Z',
        credentialSubject: { id: 'did:example:learner', name: 'Ada' },
      },
      suite: wallet.suite(),
      documentLoader: contextDocumentLoader,
    });

  beforeAll(async () => {
    t = await createTestApp(database, { PUBLIC_URL });
    app = t.app;
    let headers: Record<string, string>;
    ({ headers, issuerId } = await signInAdmin(app));
    const published = await publishRows(app, headers, await createBadgeTemplate(app, headers), recipientRows(3));
    expect(published.statusCode, published.body).toBe(200);
    const { campaignId } = published.json<{ campaignId: number }>();
    await app.laurel.jobs.runUntilIdle();
    const rows = await app.laurel.db
      .selectFrom('certificates')
      .select(['key'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    keys = rows.map((row) => row.key);
    expect(keys).toHaveLength(3);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('verifies one of our credentials, then says it is suspended (disabled) or revoked (deleted) as a warning', async () => {
    const credential = await credentialOf(keys[0]);
    const ok = await verifyCredential(credential);
    expect(ok).toEqual({
      verified: true,
      checks: ['proof', 'issuer', 'validity', 'revocation', 'suspension', 'dataModel'],
      warnings: [],
      errors: [],
    });

    await setStatus(keys[0], CERTIFICATE_STATUS.disabled);
    const suspended = await verifyCredential(credential);
    expect(suspended.verified).toBe(true);
    expect(suspended.errors).toEqual([]);
    expect(suspended.warnings.map((w) => w.type)).toEqual(['urn:laurel:verify:suspension:suspended']);
    expect(suspended.checks).not.toContain('suspension');

    await setStatus(keys[0], CERTIFICATE_STATUS.deleted);
    const revoked = await verifyCredential(credential);
    expect(revoked.verified).toBe(true);
    expect(revoked.warnings.map((w) => w.type)).toContain('urn:laurel:verify:revocation:revoked');

    // the verify page reads the same verifier: the same credential is revoked there too
    const page = await post('/api/verify', { credential });
    expect(page.statusCode, page.body).toBe(200);
    const verdicts = Object.fromEntries(
      page.json<{ checks: { check: string; verdict: string; code: string }[] }>().checks.map((c) => [c.check, c.code]),
    );
    expect(verdicts).toMatchObject({ signature: 'valid', revocation: 'revoked' });
  });

  it('runs and reports only the checks the caller names in options.checks', async () => {
    const credential = await credentialOf(keys[2]);
    const asked = async (checks: string[]) => {
      const answer = await post('/credentials/verify', { verifiableCredential: credential, options: { checks } });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<Answer>();
    };
    expect(await asked(['proof', 'suspension'])).toEqual({
      verified: true,
      checks: ['proof', 'suspension'],
      warnings: [],
      errors: [],
    });
    // a tampered credential whose status alone is asked: its list says valid, and the proof is not the question
    const tampered = { ...credential, name: 'Something else' };
    const statusOnly = await post('/credentials/verify', {
      verifiableCredential: tampered,
      options: { checks: ['revocation'] },
    });
    expect(statusOnly.json<Answer>()).toMatchObject({ verified: true, checks: ['revocation'], errors: [] });
    const proofOnly = await post('/credentials/verify', {
      verifiableCredential: tampered,
      options: { checks: ['proof'] },
    });
    expect(proofOnly.json<Answer>()).toMatchObject({ verified: false, checks: [] });
    expect(proofOnly.json<Answer>().errors.map((e) => (e as Problem & { check: string }).check)).toEqual(['proof']);
    // a check we do not know is refused, not silently skipped
    const unknown = await post('/credentials/verify', { verifiableCredential: credential, options: { checks: ['x'] } });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers browsers of any origin: the preflight, then the answer; the back office answers no preflight', async () => {
    for (const url of [
      '/credentials/verify',
      '/presentations/verify',
      `/oid4vci/issuers/${issuerId}/token`,
      `/oid4vci/issuers/${issuerId}/credential`,
      `/vcapi/issuers/${issuerId}/exchanges/abc`,
      `/vcapi/issuers/${issuerId}/exchanges/abc/direct`,
    ]) {
      const preflight = await app.inject({
        method: 'OPTIONS',
        url,
        headers: {
          origin: 'https://verifier.example.org',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type, authorization',
        },
      });
      expect(preflight.statusCode, url).toBe(204);
      expect(preflight.headers['access-control-allow-origin'], url).toBe('*');
      expect(String(preflight.headers['access-control-allow-methods']), url).toContain('POST');
      expect(String(preflight.headers['access-control-allow-headers']), url).toMatch(/content-type.*|authorization/);
    }
    const answer = await post(
      '/credentials/verify',
      { verifiableCredential: await credentialOf(keys[2]) },
      { origin: 'https://verifier.example.org' },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
    const problem = await post('/credentials/verify', { options: {} }, { origin: 'https://verifier.example.org' });
    expect(problem.statusCode).toBe(400);
    expect(problem.headers['access-control-allow-origin']).toBe('*');

    const backOffice = await app.inject({
      method: 'OPTIONS',
      url: '/api/templates',
      headers: { origin: 'https://evil.example.org', 'access-control-request-method': 'GET' },
    });
    expect(backOffice.headers['access-control-allow-origin']).toBeUndefined();
    expect(backOffice.statusCode).toBeGreaterThanOrEqual(400);
  });

  it('errs on a tampered credential of ours', async () => {
    const credential = await credentialOf(keys[1]);
    const tampered = await verifyCredential({ ...credential, name: 'Something else' });
    expect(tampered.verified).toBe(false);
    expect(tampered.errors.map((e) => e.type)).toEqual([
      'https://www.w3.org/TR/vc-data-model-2.0/#CRYPTOGRAPHIC_SECURITY_ERROR',
    ]);
    expect(tampered.checks).not.toContain('proof');
  });

  it('verifies a credential signed by a did:key with Ed25519Signature2020, and errs when it is tampered', async () => {
    const wallet = await didKeyOf();
    const credential = await signedByDidKey(wallet);
    expect((credential.proof as { type: string }).type).toBe('Ed25519Signature2020');
    const ok = await verifyCredential(credential);
    expect(ok.errors).toEqual([]);
    expect(ok.verified).toBe(true);
    expect(ok.checks).toEqual(expect.arrayContaining(['proof', 'issuer', 'validity', 'dataModel']));

    const tampered = await verifyCredential({
      ...credential,
      credentialSubject: { id: 'did:example:learner', name: 'Eve' },
    });
    expect(tampered.verified).toBe(false);
    expect(tampered.errors[0].title).toBe('The proof does not verify');

    // signed by another did:key than the issuer it names
    const other = await didKeyOf();
    const impostor = await verifyCredential({ ...(await signedByDidKey(other)), issuer: wallet.did });
    expect(impostor.verified).toBe(false);
  });

  it("verifies a did:key holder's presentation for the right challenge and domain only", async () => {
    const holder = await didKeyOf();
    const ours = await credentialOf(keys[2]);
    const presentation = vc.createPresentation({ verifiableCredential: [ours], holder: holder.did }) as Record<
      string,
      unknown
    >;
    presentation['@context'] = [VC_V2_CONTEXT, ED25519_2020_CONTEXT];
    const signed = await vc.signPresentation({
      presentation,
      suite: holder.suite(),
      documentLoader: contextDocumentLoader,
      challenge: 'challenge-123',
      domain: 'laurel.test',
    });
    const verifyPresentation = (options: object) =>
      post('/presentations/verify', { verifiablePresentation: signed, options });

    const good = await verifyPresentation({ challenge: 'challenge-123', domain: 'laurel.test' });
    expect(good.statusCode, good.body).toBe(200);
    const answer = good.json<Answer>();
    expect(answer.errors).toEqual([]);
    expect(answer).toMatchObject({ verified: true, holder: holder.did, checks: ['proof'] });
    expect(answer.credentialResults?.[0].verified).toBe(true);

    for (const options of [
      { challenge: 'another', domain: 'laurel.test' },
      { challenge: 'challenge-123', domain: 'elsewhere.test' },
    ]) {
      const wrong = (await verifyPresentation(options)).json<Answer>();
      expect(wrong.verified, JSON.stringify(options)).toBe(false);
      expect(wrong.errors[0].title).toBe('The presentation proof does not verify');
    }

    // the holder named is not the signer
    const other = await didKeyOf();
    const claimed = (
      await post('/presentations/verify', {
        verifiablePresentation: { ...signed, holder: other.did },
        options: { challenge: 'challenge-123', domain: 'laurel.test' },
      })
    ).json<Answer>();
    expect(claimed.verified).toBe(false);
  });

  it("verifies another site's did:web credential and reads its status list (the site answered by the test)", async () => {
    const did = 'did:web:issuer.example.org';
    const key = await Ed25519VerificationKey2020.generate();
    key.controller = did;
    key.id = `${did}#key-1`;
    const suite = () => new Ed25519Signature2020({ key });
    const didDocument = {
      '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
      id: did,
      verificationMethod: [
        { id: key.id, type: 'Multikey', controller: did, publicKeyMultibase: key.publicKeyMultibase },
      ],
      assertionMethod: [key.id],
    };
    const listUrl = 'https://issuer.example.org/status/1';
    const bits = createStatusBits();
    setStatusBit(bits, 5);
    const list = await vc.issue({
      credential: {
        '@context': [VC_V2_CONTEXT, ED25519_2020_CONTEXT],
        id: listUrl,
        type: ['VerifiableCredential', 'BitstringStatusListCredential'],
        issuer: did,
        validFrom: '2026-01-01T00:00:00Z',
        credentialSubject: {
          id: `${listUrl}#list`,
          type: 'BitstringStatusList',
          statusPurpose: 'revocation',
          encodedList: encodeStatusList(bits),
        },
      },
      suite: suite(),
      documentLoader: contextDocumentLoader,
    });
    const credentialAt = (index: number) =>
      vc.issue({
        credential: {
          '@context': [VC_V2_CONTEXT, ED25519_2020_CONTEXT],
          type: ['VerifiableCredential'],
          issuer: did,
          validFrom: '2026-01-01T00:00:00Z',
          credentialSubject: { id: 'did:example:learner' },
          credentialStatus: {
            id: `${listUrl}#${index}`,
            type: 'BitstringStatusListEntry',
            statusPurpose: 'revocation',
            statusListIndex: String(index),
            statusListCredential: listUrl,
          },
        },
        suite: suite(),
        documentLoader: contextDocumentLoader,
      });
    const site: Record<string, unknown> = {
      'https://issuer.example.org/.well-known/did.json': didDocument,
      [listUrl]: list,
    };
    const read: string[] = [];
    const { db } = app.laurel;
    const verifier = new CredentialVerifier({
      db,
      publicUrl: PUBLIC_URL,
      statusLists: new StatusLists(db, new Uint8Array(32), PUBLIC_URL),
      fetchForeign: async (url) => {
        read.push(url);
        return site[url] ?? null;
      },
    });
    const codes = (report: Awaited<ReturnType<CredentialVerifier['verify']>>) =>
      Object.fromEntries(report.checks.map((check) => [check.check, `${check.verdict}:${check.code}`]));

    expect(codes(await verifier.verify(await credentialAt(6)))).toEqual({
      signature: 'pass:valid',
      issuer: 'pass:known',
      dates: 'pass:valid',
      revocation: 'pass:not_revoked',
      suspension: 'unknown:no_status',
      schema: 'pass:valid',
    });
    expect(codes(await verifier.verify(await credentialAt(5))).revocation).toBe('fail:revoked');
    expect(read).toContain(listUrl);

    // a list the site no longer answers: unknown, not clear
    delete site[listUrl];
    expect(codes(await verifier.verify(await credentialAt(5))).revocation).toBe('unknown:foreign_list');

    // the real fetcher never reads reserved names, IP literals or plain http (no network in tests)
    for (const url of ['https://issuer.example.org/x', 'https://127.0.0.1/x', 'http://w3.org/x', 'https://[::1]/x']) {
      expect(await fetchForeignJson(url), url).toBeNull();
    }
  });

  it('refuses what it cannot read with RFC 9457 problem details', async () => {
    const expectProblem = (answer: Awaited<ReturnType<typeof post>>, status: number) => {
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      const problem = answer.json<Problem & { status: number }>();
      expect(problem.status).toBe(status);
      expect(problem.title).toEqual(expect.any(String));
    };
    expectProblem(await post('/credentials/verify', { options: {} }), 400);
    expectProblem(await post('/credentials/verify', { verifiableCredential: 'not an object' }), 400);
    expectProblem(await post('/presentations/verify', { verifiablePresentation: {}, options: {} }), 400);
    expectProblem(await post('/credentials/verify', 'verifiableCredential=x', { 'content-type': 'text/plain' }), 415);
    expectProblem(
      await post('/credentials/verify', '{"verifiableCredential":', { 'content-type': 'application/json' }),
      400,
    );
    const huge = JSON.stringify({ verifiableCredential: { padding: 'x'.repeat(1_100_000) } });
    expectProblem(await post('/credentials/verify', huge, { 'content-type': 'application/json' }), 413);
  });
});
