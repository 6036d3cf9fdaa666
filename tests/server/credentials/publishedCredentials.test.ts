import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_STATUS } from '../../../domain/certificates';
import { PROFILE } from '../../../domain/roles';
import type { LaurelApp } from '../../../server/app';
import { bumpStatusVersion } from '../../../server/repositories/certificates';
import { unbakePng, unbakeSvg } from '../../../server/services/credentials/baking';
import { issuerDid } from '../../../server/services/credentials/identifiers';
import { loadIssuerSigner } from '../../../server/services/credentials/issuerKeys';
import { statusListEntry } from '../../../server/services/credentials/openBadgeCredential';
import { signCredential } from '../../../server/services/credentials/signing';
import { createTestApp, TEST_DATABASES, type TestApp } from '../testApp';
import { addUser, bearer, signIn, signInAdmin } from '../signIn';
import { createBadgeTemplate, publishRows, recipientRows } from '../publicationFixtures';
import { badgePayload, multipartForm, pngImage, postForm } from '../templateFixtures';
import { verifyIndependently } from './independentVerifier';
import { ob3SchemaErrors } from './ob3Schema';

// did:web resolves over https: the server is given an https PUBLIC_URL so that an independent verifier can
// resolve every address our credentials name against what the server answers there.
const PUBLIC_URL = 'https://laurel.test';

interface Report {
  verified: boolean;
  checks: { check: string; verdict: string; code: string; details: string[] }[];
  credential: { name: string | null; issuer: { id: string | null; name: string | null } };
}

const verdicts = (report: Report) => Object.fromEntries(report.checks.map((c) => [c.check, `${c.verdict}:${c.code}`]));

describe.each(TEST_DATABASES)('published credentials on %s', (database) => {
  let t: TestApp;
  let app: LaurelApp;
  let headers: Record<string, string>;
  let issuerId: number;
  let svgKeys: string[];
  let pngKeys: string[];

  const db = () => app.laurel.db;
  const get = (url: string, extra: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: extra });
  const credentialOf = async (key: string) => {
    const answer = await get(`/certificate/${key}/credential.json`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Record<string, unknown> & { proof: { verificationMethod: string }[] }>();
  };
  /** What the server answers at every address an independent verifier resolves for this issuer. */
  const site = async (id = issuerId) => {
    const answers: Record<string, unknown> = {};
    for (const path of [
      `/ob/issuers/${id}/did.json`,
      ...['revocation', 'suspension'].map((p) => `/ob/issuers/${id}/status/${p}`),
    ]) {
      const answer = await get(path);
      expect(answer.statusCode, path).toBe(200);
      answers[`${PUBLIC_URL}${path}`] = answer.json();
    }
    return answers;
  };
  const verify = async (payload: object) => {
    const answer = await app.inject({ method: 'POST', url: '/api/verify', payload });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<Report>();
  };
  const setStatus = async (key: string, status: number) => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('certificates').set({ status_id: status }).where('key', '=', key).execute();
        await bumpStatusVersion(trx, issuerId);
      });
  };
  const publish = async (templateId: number, count: number) => {
    const published = await publishRows(app, headers, templateId, recipientRows(count));
    expect(published.statusCode, published.body).toBe(200);
    const { campaignId } = published.json<{ campaignId: number }>();
    await app.laurel.jobs.runUntilIdle();
    const rows = await db()
      .selectFrom('certificates')
      .select(['key'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.key);
  };

  beforeAll(async () => {
    t = await createTestApp(database, { PUBLIC_URL });
    app = t.app;
    ({ headers, issuerId } = await signInAdmin(app));
    svgKeys = await publish(await createBadgeTemplate(app, headers), 6);
    const pngTemplate = await postForm(app, headers, badgePayload({ badge: { fr: 'logo.png', en: 'logo.png' } }), [
      pngImage('badgeImage', 'logo.png'),
    ]);
    expect(pngTemplate.statusCode, pngTemplate.body).toBe(201);
    pngKeys = await publish(pngTemplate.json<{ id: number }>().id, 2);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('gives the seeded issuer its key at the first start, and never shows a private key', async () => {
    const keys = await db().selectFrom('issuer_keys').selectAll().where('issuer_id', '=', issuerId).execute();
    expect(keys).toHaveLength(1);
    const listed = await get(`/api/issuer/${issuerId}/keys`, headers);
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      keys: [
        {
          version: 1,
          verificationMethod: `${issuerDid(PUBLIC_URL, issuerId)}#key-1`,
          publicKeyMultibase: keys[0].public_key_multibase,
          createdAt: keys[0].created_at,
          retiredAt: null,
        },
      ],
    });
    expect(listed.body).not.toContain(keys[0].private_key_encrypted.split('.')[3]);
  });

  it('signs every certificate of the campaign in the follow-up job: each verifies and validates', async () => {
    const unsigned = await db().selectFrom('certificates').select('id').where('credential', 'is', null).execute();
    expect(unsigned).toEqual([]);
    const answers = await site();
    for (const key of [...svgKeys, ...pngKeys]) {
      const credential = await credentialOf(key);
      expect(credential).toMatchObject({
        id: `${PUBLIC_URL}/ob/credentials/${key}`,
        type: ['VerifiableCredential', 'OpenBadgeCredential'],
        issuer: { id: issuerDid(PUBLIC_URL, issuerId), name: 'My organisation' },
        validFrom: '2026-11-20T00:00:00Z',
        credentialSubject: { achievement: { achievementType: 'Badge', inLanguage: 'en', name: 'Data analysis' } },
      });
      expect(JSON.stringify(credential)).not.toContain('example.org');
      expect(ob3SchemaErrors(credential)).toEqual([]);
      expect(await verifyIndependently(credential, answers)).toEqual({
        verified: true,
        errors: [],
        status: { suspension: false },
      });
    }
    const campaigns = await db().selectFrom('campaigns').select('status').execute();
    expect(campaigns.map((c) => c.status)).toEqual(['Done', 'Done']);
  });

  it('serves the credential at its id and as a download; 404 for an unknown key', async () => {
    const [key] = svgKeys;
    const atId = await get(`/ob/credentials/${key}`);
    expect(atId.statusCode).toBe(200);
    expect(atId.headers['access-control-allow-origin']).toBe('*');
    expect(atId.json()).toEqual(await credentialOf(key));
    const download = await get(`/certificate/${key}/credential.json?download=1`);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="credential-.*\.json"$/);
    expect((await get(`/certificate/${'x'.repeat(128)}/credential.json`)).statusCode).toBe(404);
    expect((await get(`/certificate/${'x'.repeat(128)}/badge.png`)).statusCode).toBe(404);
  });

  it('answers the Achievement at its id, as the credential embeds it', async () => {
    const credential = await credentialOf(svgKeys[0]);
    const achievement = (credential.credentialSubject as { achievement: { id: string } }).achievement;
    const answer = await get(new URL(achievement.id).pathname);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      ],
      ...achievement,
    });
    expect((await get(new URL(achievement.id).pathname.replace(/\/en$/, '/de'))).statusCode).toBe(404);
  });

  it('bakes the badge: PNG for a PNG logo, SVG for an SVG one, and each reads back as the stored credential', async () => {
    const png = await get(`/certificate/${pngKeys[0]}/badge.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toMatch(/attachment/);
    expect(JSON.parse(unbakePng(png.rawPayload) as string)).toEqual(await credentialOf(pngKeys[0]));

    const svg = await get(`/certificate/${svgKeys[0]}/badge.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(JSON.parse(unbakeSvg(svg.body) as string)).toEqual(await credentialOf(svgKeys[0]));

    // a badge has one image: asked in the other format, its own address
    const other = await get(`/certificate/${svgKeys[0]}/badge.png`);
    expect(other.statusCode).toBe(302);
    expect(other.headers.location).toBe(`/certificate/${svgKeys[0]}/badge.svg`);
  });

  it('serves an Open Badges 2.0 hosted assertion with its BadgeClass and Issuer at stable addresses', async () => {
    const key = pngKeys[1];
    const credential = await credentialOf(key);
    const assertion = await get(`/ob/v2/assertions/${key}`);
    expect(assertion.statusCode).toBe(200);
    const body = assertion.json<Record<string, unknown>>();
    const [identity] = (credential.credentialSubject as { identifier: { salt: string; identityHash: string }[] })
      .identifier;
    expect(body).toMatchObject({
      '@context': 'https://w3id.org/openbadges/v2',
      type: 'Assertion',
      id: `${PUBLIC_URL}/ob/v2/assertions/${key}`,
      recipient: { type: 'email', hashed: true, salt: identity.salt, identity: identity.identityHash },
      verification: { type: 'hosted' },
      issuedOn: '2026-11-20T00:00:00Z',
    });
    // 2.0 rules: the BadgeClass has name, description, image, criteria and its issuer, which has name and url
    const badge = await get(new URL(body.badge as string).pathname);
    expect(badge.statusCode).toBe(200);
    const badgeClass = badge.json<Record<string, unknown>>();
    expect(badgeClass).toMatchObject({ type: 'BadgeClass', id: body.badge, name: 'Data analysis' });
    for (const field of ['description', 'image', 'criteria', 'issuer']) expect(badgeClass[field]).toBeTruthy();
    const issuer = await get(new URL(badgeClass.issuer as string).pathname);
    expect(issuer.json()).toMatchObject({ type: 'Issuer', id: badgeClass.issuer, name: 'My organisation' });
    expect(new URL(badgeClass.issuer as string).origin).toBe(new URL(body.id as string).origin);
  });

  /** The issuer's revocation list as an outside verifier reads it: signature checked by the library, bit decoded. */
  const revokedInList = async (index: number) => {
    const list = (await get(`/ob/issuers/${issuerId}/status/revocation`)).json<{
      credentialSubject: { encodedList: string; statusPurpose: string };
    }>();
    const outcome = await verifyIndependently(list, await site());
    expect(outcome).toEqual({ verified: true, errors: [], status: {} });
    expect(list.credentialSubject.statusPurpose).toBe('revocation');
    const { decodeList } = await import('@digitalbazaar/vc-bitstring-status-list');
    return (await decodeList({ encodedList: list.credentialSubject.encodedList })).getStatus(index);
  };
  const statusIndexOf = async (key: string) => {
    const { credentialStatus } = (await credentialOf(key)) as unknown as {
      credentialStatus: { statusPurpose: string; statusListIndex: string };
    };
    expect(credentialStatus.statusPurpose).toBe('suspension');
    return Number(credentialStatus.statusListIndex);
  };

  /** The credential as signed before issue 14: the same, with the revocation entry as its one status. */
  const legacyCredential = async (key: string) => {
    const { proof: _proof, ...credential } = await credentialOf(key);
    const index = Number((credential.credentialStatus as { statusListIndex: string }).statusListIndex);
    const signer = await loadIssuerSigner(db(), issuerId, app.laurel.config.credentialsKey, PUBLIC_URL);
    return signCredential(
      { ...credential, credentialStatus: statusListEntry(PUBLIC_URL, issuerId, 'revocation', index) },
      signer,
    );
  };

  it('outside verifiers see a disabled certificate suspended, valid again once enabled, and the schema holds', async () => {
    const key = svgKeys[2];
    const credential = await credentialOf(key);
    const index = await statusIndexOf(key);
    const operate = async (operation: 'disable' | 'enable') => {
      const answer = await app.inject({
        method: 'PUT',
        url: '/api/admin/keys',
        headers,
        payload: { ids: [key], enable: operation === 'enable' },
      });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    await operate('disable');
    expect(await verifyIndependently(credential, await site())).toEqual({
      verified: true,
      errors: [],
      status: { suspension: true },
    });
    expect(await revokedInList(index)).toBe(false);
    expect(ob3SchemaErrors(credential)).toEqual([]);
    const report = await verify({ key });
    expect(verdicts(report)).toMatchObject({ revocation: 'pass:not_revoked', suspension: 'fail:suspended' });
    expect(report.verified).toBe(false);

    await operate('enable');
    expect(await verifyIndependently(credential, await site())).toEqual({
      verified: true,
      errors: [],
      status: { suspension: false },
    });
    expect((await verify({ key })).verified).toBe(true);
  });

  it('outside verifiers see a deleted certificate not valid for good, and revoked in the revocation list', async () => {
    const key = svgKeys[1];
    const index = await statusIndexOf(key);
    const before = await get(`/ob/issuers/${issuerId}/status/suspension`);
    const deleted = await app.inject({ method: 'DELETE', url: '/api/admin/keys', headers, payload: { keys: [key] } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await get(`/ob/issuers/${issuerId}/status/suspension`);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const credential = await credentialOf(key);
    expect(await verifyIndependently(credential, await site())).toMatchObject({ status: { suspension: true } });
    expect(await revokedInList(index)).toBe(true);
    const report = await verify({ key });
    expect(report.verified).toBe(false);
    expect(verdicts(report)).toMatchObject({ signature: 'pass:valid', revocation: 'fail:revoked' });
    expect((await get(`/ob/v2/assertions/${key}`)).statusCode).toBe(410);
    // for good: a deleted certificate cannot be enabled again
    await app.inject({ method: 'PUT', url: '/api/admin/keys', headers, payload: { ids: [key], enable: true } });
    expect(await verifyIndependently(credential, await site())).toMatchObject({ status: { suspension: true } });
    // the others are not touched
    expect(await verifyIndependently(await credentialOf(svgKeys[0]), await site())).toMatchObject({
      status: { suspension: false },
    });
    expect(await revokedInList(await statusIndexOf(svgKeys[0]))).toBe(false);
  });

  it('keeps credentials signed before the suspension entry (revocation entry) right for outside verifiers', async () => {
    const key = svgKeys[3];
    const index = await statusIndexOf(key);
    const legacy = await legacyCredential(key);
    expect(legacy.credentialStatus).toMatchObject({ statusPurpose: 'revocation', statusListIndex: String(index) });
    expect(ob3SchemaErrors(legacy)).toEqual([]);
    expect(await verifyIndependently(legacy, await site())).toEqual({
      verified: true,
      errors: [],
      status: { revocation: false },
    });
    // our verifier reads the suspension list at the same place
    await setStatus(key, CERTIFICATE_STATUS.disabled);
    expect(verdicts(await verify({ credential: legacy }))).toMatchObject({
      revocation: 'pass:not_revoked',
      suspension: 'fail:suspended',
    });
    await setStatus(key, CERTIFICATE_STATUS.validated);
  });

  it('caches the signed lists by status version, with ETag and Cache-Control', async () => {
    const first = await get(`/ob/issuers/${issuerId}/status/revocation`);
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    const again = await get(`/ob/issuers/${issuerId}/status/revocation`, {
      'if-none-match': first.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    expect((await get(`/ob/issuers/${issuerId}/status/revocation`)).body).toBe(first.body);
    await bumpStatusVersion(db(), issuerId);
    const next = await get(`/ob/issuers/${issuerId}/status/revocation`, {
      'if-none-match': first.headers.etag as string,
    });
    expect(next.statusCode).toBe(200);
    expect(next.headers.etag).not.toBe(first.headers.etag);
    expect((await get(`/ob/issuers/999999/status/revocation`)).statusCode).toBe(404);
  });

  it('verifies by key, by address, by credential and by baked file, each check passing', async () => {
    const key = pngKeys[0];
    const credential = await credentialOf(key);
    const expected = {
      signature: 'pass:valid',
      issuer: 'pass:known',
      dates: 'pass:valid',
      revocation: 'pass:not_revoked',
      suspension: 'pass:not_suspended',
      schema: 'pass:valid',
    };
    for (const payload of [
      { key },
      { url: `${PUBLIC_URL}/certificate/${key}` },
      { url: `${PUBLIC_URL}/ob/credentials/${key}` },
      { credential },
    ]) {
      const report = await verify(payload);
      expect(verdicts(report), JSON.stringify(payload).slice(0, 80)).toEqual(expected);
      expect(report.verified).toBe(true);
      expect(report.credential).toMatchObject({ name: 'Data analysis', issuer: { name: 'My organisation' } });
    }
    const png = (await get(`/certificate/${key}/badge.png`)).rawPayload;
    const svg = (await get(`/certificate/${svgKeys[0]}/badge.svg`)).rawPayload;
    for (const [file, name, type] of [
      [png, 'badge.png', 'image/png'],
      [svg, 'badge.svg', 'image/svg+xml'],
      [Buffer.from(JSON.stringify(credential)), 'credential.json', 'application/json'],
    ] as const) {
      const form = multipartForm([{ name: 'file', value: file, filename: name, contentType: type }]);
      const answer = await app.inject({
        method: 'POST',
        url: '/api/verify',
        headers: form.headers,
        payload: form.payload,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(verdicts(answer.json<Report>()), name).toEqual(expected);
    }
  });

  it('refuses a tampered credential, and says what it cannot know about a foreign or forged issuer', async () => {
    const credential = await credentialOf(svgKeys[3]);
    const tampered = await verify({ credential: { ...credential, name: 'Data analysiS' } });
    expect(tampered.verified).toBe(false);
    expect(verdicts(tampered).signature).toBe('fail:invalid');

    const foreignDid = 'did:web:elsewhere.example:ob:issuers:1';
    const foreign = await verify({
      credential: { ...credential, issuer: { ...(credential.issuer as object), id: foreignDid } },
    });
    expect(foreign.verified).toBe(false);
    expect(verdicts(foreign)).toMatchObject({ signature: 'unknown:unresolvable', issuer: 'unknown:foreign' });

    // our DID, but a key the issuer never had
    const forged = structuredClone(credential);
    forged.proof[0].verificationMethod = `${issuerDid(PUBLIC_URL, issuerId)}#key-99`;
    expect(verdicts(await verify({ credential: forged }))).toMatchObject({
      signature: 'fail:invalid',
      issuer: 'fail:unknown_key',
    });

    // a DID of this service for an issuer that does not exist
    const ghost = await verify({
      credential: { ...credential, issuer: { ...(credential.issuer as object), id: issuerDid(PUBLIC_URL, 424242) } },
    });
    expect(verdicts(ghost)).toMatchObject({ issuer: 'fail:unknown_issuer' });
  });

  it('says expired after validUntil', async () => {
    const key = svgKeys[4];
    await db()
      .updateTable('certificates')
      .set({ credential: null, expiration_date: '2026-11-21' })
      .where('key', '=', key)
      .execute();
    const campaign = await db()
      .selectFrom('certificates')
      .select('campaign_id')
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    const { signCampaignCredentials } = await import('../../../server/services/credentials/campaignSigning');
    await signCampaignCredentials(app.laurel, { issuerId, campaignId: campaign.campaign_id });
    const report = await verify({ key });
    expect(verdicts(report)).toMatchObject({ signature: 'pass:valid', dates: 'fail:expired' });
    expect(report.checks.find((c) => c.check === 'dates')?.details).toEqual(['2026-11-21T00:00:00Z']);
  });

  it('answers clear errors for what it cannot read', async () => {
    const post = (payload: object) => app.inject({ method: 'POST', url: '/api/verify', payload });
    expect((await post({ url: 'https://elsewhere.example/certificate/abc' })).json()).toMatchObject({
      code: 'FOREIGN_URL',
    });
    expect((await post({ key: 'x'.repeat(128) })).json()).toMatchObject({ code: 'CERTIFICATE_NOT_FOUND' });
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ key: 'a', url: 'b' })).statusCode).toBe(400);
    const form = multipartForm([
      { name: 'file', value: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), filename: 'x.svg' },
    ]);
    const noCredential = await app.inject({
      method: 'POST',
      url: '/api/verify',
      headers: form.headers,
      payload: form.payload,
    });
    expect(noCredential.json()).toMatchObject({ code: 'NO_CREDENTIAL_IN_IMAGE' });
  });

  it('rotates the key (Administrators only): the DID document keeps the old key and old credentials verify', async () => {
    const publisher = await addUser(app, issuerId, 'publisher@example.org', PROFILE.Publisher);
    expect(publisher).toBeGreaterThan(0);
    const publisherHeaders = bearer(await signIn(app, 'publisher@example.org'));
    const refused = await app.inject({
      method: 'POST',
      url: `/api/issuer/${issuerId}/keys/rotate`,
      headers: publisherHeaders,
    });
    expect(refused.statusCode).toBe(403);
    const otherIssuer = await app.inject({ method: 'POST', url: `/api/issuer/${issuerId + 1}/keys/rotate`, headers });
    expect(otherIssuer.statusCode).toBe(404);

    const oldCredential = await credentialOf(svgKeys[5]);
    const rotated = await app.inject({ method: 'POST', url: `/api/issuer/${issuerId}/keys/rotate`, headers });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const body = rotated.json<{ active: { version: number }; keys: { version: number; retiredAt: string | null }[] }>();
    expect(body.active.version).toBe(2);
    expect(body.keys.map((k) => [k.version, k.retiredAt === null])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(rotated.body).not.toMatch(/private|v1\.[A-Za-z0-9_-]+\./);
    const didDocument = (await get(`/ob/issuers/${issuerId}/did.json`)).json<{ assertionMethod: string[] }>();
    expect(didDocument.assertionMethod).toEqual([
      `${issuerDid(PUBLIC_URL, issuerId)}#key-1`,
      `${issuerDid(PUBLIC_URL, issuerId)}#key-2`,
    ]);
    expect(await verifyIndependently(oldCredential, await site())).toMatchObject({ verified: true });
    expect((await verify({ credential: oldCredential })).verified).toBe(true);
    // what is signed from now on uses the new key
    const [fresh] = await publish(
      (await db().selectFrom('templates').select('id').orderBy('id').executeTakeFirstOrThrow()).id,
      1,
    );
    const freshCredential = await credentialOf(fresh);
    expect(freshCredential.proof[0].verificationMethod).toBe(`${issuerDid(PUBLIC_URL, issuerId)}#key-2`);
    expect(await verifyIndependently(freshCredential, await site())).toMatchObject({ verified: true });
  });

  it('signs a large campaign on worker threads, each credential as the main thread would', async () => {
    const templateId = (await db().selectFrom('templates').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    await db().updateTable('issuers').set({ credits: 1000 }).where('id', '=', issuerId).execute();
    const published = await publishRows(app, headers, templateId, recipientRows(260));
    const { campaignId } = published.json<{ campaignId: number }>();
    // 260 certificates: beyond POOL_THRESHOLD, so the signing threads sign them
    const { signCampaignCredentials } = await import('../../../server/services/credentials/campaignSigning');
    await signCampaignCredentials(app.laurel, { issuerId, campaignId });
    await app.laurel.jobs.runUntilIdle();
    const keys = (
      await db().selectFrom('certificates').select('key').where('campaign_id', '=', campaignId).orderBy('id').execute()
    ).map((row) => row.key);
    const stored = await db()
      .selectFrom('certificates')
      .select(['key', 'credential'])
      .where('key', 'in', keys)
      .execute();
    const jobErrors = (await app.laurel.jobs.find({})).filter((job) => job.lastError !== null);
    expect(jobErrors).toEqual([]);
    expect(stored.filter((row) => row.credential !== null)).toHaveLength(260);
    const answers = await site();
    for (const key of [keys[0], keys[130], keys[259]]) {
      const credential = await credentialOf(key);
      expect(ob3SchemaErrors(credential)).toEqual([]);
      expect(await verifyIndependently(credential, answers)).toMatchObject({ verified: true });
    }
  });

  it("carries the issuer's full OB 3.0 Profile, schema-valid, and the public page shows it (issue 31)", async () => {
    const config = (params: Record<string, unknown>) =>
      app.inject({ method: 'PUT', url: '/api/issuer/config', headers, payload: { params } });
    const saved = await config({
      description: 'Data & "AI" courses for adults',
      contactEmail: 'Contact@Campus.example',
      phone: '+33 1 23 45 67 89',
      registrationNumber: '11 75 12345 75',
      country: 'FR',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await config({ phone: 'call me maybe' })).statusCode).toBe(400);
    // the identity fields come from the account verification, the LinkedIn id from a paid plan's sharing tab
    const row = await db().selectFrom('issuers').select('params').where('id', '=', issuerId).executeTakeFirstOrThrow();
    const params = {
      ...(JSON.parse(row.params) as Record<string, unknown>),
      organizationId: '1234567',
      identity: {
        address: '1 rue de la Paix, 75002 Paris',
        legalReference: '123 456 789 00012',
        logo: 'https://campus.example/logo.png',
        url: 'https://campus.example/',
      },
    };
    await db()
      .updateTable('issuers')
      .set({ params: JSON.stringify(params) })
      .where('id', '=', issuerId)
      .execute();
    const templateId = (await db().selectFrom('templates').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
    const [key] = await publish(templateId, 1);
    const credential = await credentialOf(key);
    expect(credential.issuer).toEqual({
      id: issuerDid(PUBLIC_URL, issuerId),
      type: ['Profile'],
      name: 'My organisation',
      url: 'https://campus.example/',
      image: { id: 'https://campus.example/logo.png', type: 'Image' },
      email: 'contact@campus.example',
      description: 'Data & "AI" courses for adults',
      phone: '+33 1 23 45 67 89',
      address: { type: ['Address'], streetAddress: '1 rue de la Paix, 75002 Paris', addressCountryCode: 'FR' },
      otherIdentifier: [
        { type: 'IdentifierEntry', identifier: '123 456 789 00012', identifierType: 'ext:LegalReference' },
        { type: 'IdentifierEntry', identifier: '11 75 12345 75', identifierType: 'ext:RegistrationNumber' },
        { type: 'IdentifierEntry', identifier: '1234567', identifierType: 'ext:LinkedInOrganizationId' },
      ],
    });
    expect(ob3SchemaErrors(credential)).toEqual([]);
    expect(await verifyIndependently(credential, await site())).toMatchObject({ verified: true });

    const page = await get(`/certificate/${key}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Data &amp; &quot;AI&quot; courses for adults');
    expect(page.body).toContain('href="mailto:contact@campus.example"');
    expect(page.body).toContain('href="tel:+33123456789"');
    expect(page.body).toContain('1 rue de la Paix, 75002 Paris, FR');
    expect(page.body).toContain('Registration number: 11 75 12345 75');
    expect(page.body).not.toContain('LinkedInOrganizationId');
  });
});

describe('signing threads', () => {
  it('signs on two threads on one or two cores too, one per further core up to four', async () => {
    const { signingThreads } = await import('../../../server/services/credentials/signingPool');
    expect([1, 2, 3, 4, 8, 64].map((cores) => signingThreads(cores))).toEqual([2, 2, 2, 3, 4, 4]);
  });
});
