import type { KeyObject } from 'node:crypto';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { checkStatus } from '@digitalbazaar/vc-bitstring-status-list';
import { OpenID4VCIClient } from '@sphereon/oid4vci-client';
import type { JWTHeaderParameters, JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import { PROFILE } from '../../domain/roles';
import type { LaurelApp } from '../../server/app';
import { bumpStatusVersion } from '../../server/repositories/certificates';
import { siteDocumentLoader } from './credentials/independentVerifier';
import { ob3SchemaErrors } from './credentials/ob3Schema';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { freePort } from '../support/freePort';
import { ed25519DidKey, type Holder, oid4vcTsWallet, p256DidJwk, p256DidKey, signJwt } from '../support/oid4vciWallet';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const PRE_AUTHORIZED_GRANT = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';

/** A holder proof as a wallet makes it, with what a test may change. */
function holderProof(holder: Holder, audience: string, nonce: string, signedBy: KeyObject = holder.privateKey) {
  return signJwt(
    { alg: holder.alg, typ: 'openid4vci-proof+jwt', kid: holder.kid },
    { aud: audience, iat: Math.floor(Date.now() / 1000), nonce },
    signedBy,
  );
}

/** The same with Sphereon's client, which sends one `proof` (older drafts). */
async function sphereonWallet(offerUri: string, txCode: string | undefined, holder: Holder) {
  const client = await OpenID4VCIClient.fromURI({
    uri: offerUri,
    kid: holder.kid,
    alg: holder.alg,
    retrieveServerMetadata: true,
  });
  await client.acquireAccessToken(txCode ? { pin: txCode } : {});
  const response = await client.acquireCredentials({
    credentialTypes: ['VerifiableCredential', 'OpenBadgeCredential'],
    format: 'ldp_vc',
    kid: holder.kid,
    alg: holder.alg,
    proofCallbacks: {
      signCallback: async ({ header, payload }) =>
        signJwt(header as JWTHeaderParameters, payload as JWTPayload, holder.privateKey),
    },
  });
  return response;
}

describe.each(TEST_DATABASES)('OID4VCI wallet offers on %s', (database) => {
  let t: TestApp;
  let app: LaurelApp;
  let base: string;
  let headers: Record<string, string>;
  let issuerId: number;
  let otherIssuerId: number;
  let keys: string[];

  const db = () => app.laurel.db;
  const credentialIssuer = () => `${base}/oid4vci/issuers/${issuerId}`;
  const makeOffer = async (key: string, body: object = {}, callerHeaders = headers) =>
    app.inject({
      method: 'POST',
      url: `/api/certificates/${key}/wallet-offers`,
      headers: callerHeaders,
      payload: body,
    });
  const offerOf = async (key: string, body: object = {}) => {
    const answer = await makeOffer(key, body);
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<{ offerUri: string; credentialOfferUri: string; txCode: string | null; id: number }>();
  };
  const codeOf = (offer: { credentialOfferUri: string }) => offer.credentialOfferUri.split('/').pop() as string;
  const token = (issuer: number, fields: Record<string, string>) =>
    fetch(`${base}/oid4vci/issuers/${issuer}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: PRE_AUTHORIZED_GRANT, ...fields }),
    });
  const nonce = async () => {
    const answer = await fetch(`${credentialIssuer()}/nonce`, { method: 'POST' });
    return (await answer.json()) as { c_nonce: string };
  };
  const credentialRequest = (accessToken: string, body: object) =>
    fetch(`${credentialIssuer()}/credential`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
      body: JSON.stringify(body),
    });
  /** The verifier path of the other credential tests (@digitalbazaar/vc), fed what our server answers. */
  const verifyWithLibraries = async (credential: object) => {
    const site: Record<string, unknown> = {};
    for (const path of [`/ob/issuers/${issuerId}/did.json`, `/ob/issuers/${issuerId}/status/suspension`]) {
      const answer = await app.inject({ method: 'GET', url: path });
      expect(answer.statusCode).toBe(200);
      // did:web resolves over https; the status list is named at PUBLIC_URL (http here)
      site[`https://${new URL(base).host}${path}`] = answer.json();
      site[`${base}${path}`] = answer.json();
    }
    const didWeb = siteDocumentLoader(site);
    const documentLoader = async (url: string) =>
      url.startsWith(base) && Object.hasOwn(site, url)
        ? { contextUrl: null, documentUrl: url, document: structuredClone(site[url]) as Record<string, unknown> }
        : didWeb(url);
    const result = await vc.verifyCredential({
      credential,
      suite: new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 }),
      documentLoader,
      checkStatus,
    });
    return {
      verified: result.verified as boolean,
      suspended: (result.statusResult?.results ?? []).some((entry: { status: boolean }) => entry.status),
    };
  };
  const ourVerifier = async (credential: object) => {
    const answer = await app.inject({ method: 'POST', url: '/api/verify', payload: { credential } });
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json<{ verified: boolean; checks: { check: string; verdict: string; code: string }[] }>();
    return {
      verified: report.verified,
      checks: Object.fromEntries(report.checks.map((c) => [c.check, `${c.verdict}:${c.code}`])),
    };
  };
  const setStatus = async (key: string, status: number) => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('certificates').set({ status_id: status }).where('key', '=', key).execute();
        await bumpStatusVersion(trx, issuerId);
      });
  };
  const expectWalletCopy = async (credential: Record<string, unknown>, holder: Holder, key: string) => {
    expect(credential).toMatchObject({
      id: `${base}/ob/credentials/${key}`,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      credentialSubject: { id: holder.did, type: ['AchievementSubject'] },
      credentialStatus: {
        statusPurpose: 'suspension',
        statusListCredential: `${base}/ob/issuers/${issuerId}/status/suspension`,
      },
      proof: [{ type: 'DataIntegrityProof', cryptosuite: 'eddsa-rdfc-2022' }],
    });
    expect(ob3SchemaErrors(credential)).toEqual([]);
    expect(await verifyWithLibraries(credential)).toEqual({ verified: true, suspended: false });
    expect((await ourVerifier(credential)).verified).toBe(true);
  };

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp(database, { PUBLIC_URL: base });
    app = t.app;
    await app.listen({ port, host: '127.0.0.1' });
    ({ headers, issuerId } = await signInAdmin(app));
    const published = await publishRows(app, headers, await createBadgeTemplate(app, headers), recipientRows(9));
    expect(published.statusCode, published.body).toBe(200);
    await app.laurel.jobs.runUntilIdle();
    const rows = await db()
      .selectFrom('certificates')
      .select('key')
      .where('campaign_id', '=', published.json<{ campaignId: number }>().campaignId)
      .orderBy('id')
      .execute();
    keys = rows.map((row) => row.key);
    otherIssuerId = await addIssuer(app, 'Other organisation');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('publishes per-issuer credential issuer and authorization server metadata (OID4VCI 1.0 and draft paths)', async () => {
    const inserted = await fetch(`${base}/.well-known/openid-credential-issuer/oid4vci/issuers/${issuerId}`);
    expect(inserted.status).toBe(200);
    const metadata = (await inserted.json()) as Record<string, unknown>;
    expect(metadata).toMatchObject({
      credential_issuer: credentialIssuer(),
      credential_endpoint: `${credentialIssuer()}/credential`,
      nonce_endpoint: `${credentialIssuer()}/nonce`,
      credential_configurations_supported: {
        OpenBadgeCredential_ldp_vc: { format: 'ldp_vc', credential_metadata: { display: expect.any(Array) } },
      },
    });
    expect((metadata.display as { locale: string }[]).map((d) => d.locale)).toEqual(['en', 'fr', 'es']);
    const appended = await fetch(`${credentialIssuer()}/.well-known/openid-credential-issuer`);
    expect(await appended.json()).toEqual(metadata);
    const server = await fetch(`${base}/.well-known/oauth-authorization-server/oid4vci/issuers/${issuerId}`);
    expect(await server.json()).toMatchObject({
      issuer: credentialIssuer(),
      token_endpoint: `${credentialIssuer()}/token`,
      grant_types_supported: [PRE_AUTHORIZED_GRANT],
    });
    expect((await fetch(`${base}/.well-known/openid-credential-issuer/oid4vci/issuers/999999`)).status).toBe(404);
  });

  it('delivers the credential to oid4vc-ts with a tx_code: bound to the holder did:key, verifying, OB 3.0 valid', async () => {
    const offer = await offerOf(keys[0]);
    expect(offer.offerUri).toBe(
      `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(offer.credentialOfferUri)}`,
    );
    expect(offer.txCode).toMatch(/^\d{6}$/);
    const holder = ed25519DidKey();
    const { response } = await oid4vcTsWallet(offer.offerUri, offer.txCode as string, holder);
    const credentials = response.credentialResponse.credentials as { credential: Record<string, unknown> }[];
    expect(credentials).toHaveLength(1);
    await expectWalletCopy(credentials[0].credential, holder, keys[0]);
    const stored = await db()
      .selectFrom('wallet_offers')
      .selectAll()
      .where('id', '=', offer.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      state: 'claimed',
      protocol: 'any',
      claimed_protocol: 'oid4vci',
      holder_did: holder.did,
    });
    expect(stored.claimed_at).not.toBeNull();
    // nothing secret is stored in clear
    expect(JSON.stringify(stored)).not.toContain(codeOf(offer));
    expect(JSON.stringify(stored)).not.toContain(offer.txCode);

    // the same code again, and the offer document once claimed
    const replay = await token(issuerId, { 'pre-authorized_code': codeOf(offer), tx_code: offer.txCode as string });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await fetch(offer.credentialOfferUri)).status).toBe(404);
  });

  it('delivers to oid4vc-ts with an ES256 did:jwk holder and no tx_code', async () => {
    const offer = await offerOf(keys[1], { txCode: false });
    expect(offer.txCode).toBeNull();
    const holder = p256DidJwk();
    const { response } = await oid4vcTsWallet(offer.offerUri, undefined, holder);
    const credentials = response.credentialResponse.credentials as { credential: Record<string, unknown> }[];
    await expectWalletCopy(credentials[0].credential, holder, keys[1]);
  });

  it('delivers to oid4vc-ts with an ES256 did:key holder (P-256)', async () => {
    const offer = await offerOf(keys[8], { txCode: false });
    const holder = p256DidKey();
    const { response } = await oid4vcTsWallet(offer.offerUri, undefined, holder);
    const credentials = response.credentialResponse.credentials as { credential: Record<string, unknown> }[];
    await expectWalletCopy(credentials[0].credential, holder, keys[8]);
  });

  it('delivers to the Sphereon client, which sends a single proof', async () => {
    const offer = await offerOf(keys[2]);
    const holder = ed25519DidKey();
    const response = await sphereonWallet(offer.offerUri, offer.txCode as string, holder);
    // our endpoint answers `{ credential }` (the drafts' shape) only to a request with a single `proof`
    const credential = (response as unknown as { credential: Record<string, unknown> }).credential;
    expect(credential).toBeDefined();
    await expectWalletCopy(credential, holder, keys[2]);
  });

  it('refuses an expired code, a wrong tx_code (then takes the right one), and a code at another issuer', async () => {
    const expired = await offerOf(keys[3]);
    await db()
      .updateTable('wallet_offers')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute();
    const late = await token(issuerId, { 'pre-authorized_code': codeOf(expired), tx_code: expired.txCode as string });
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await fetch(expired.credentialOfferUri)).status).toBe(404);

    const offer = await offerOf(keys[3]);
    const wrongCode = offer.txCode === '000000' ? '111111' : '000000';
    const wrong = await token(issuerId, { 'pre-authorized_code': codeOf(offer), tx_code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/transaction code/),
    });
    const missing = await token(issuerId, { 'pre-authorized_code': codeOf(offer) });
    expect(await missing.json()).toMatchObject({ error: 'invalid_grant' });

    const foreign = await token(otherIssuerId, {
      'pre-authorized_code': codeOf(offer),
      tx_code: offer.txCode as string,
    });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({ error: 'invalid_grant' });
    expect(
      (await fetch(offer.credentialOfferUri.replace(`/issuers/${issuerId}/`, `/issuers/${otherIssuerId}/`))).status,
    ).toBe(404);

    const right = await token(issuerId, { 'pre-authorized_code': codeOf(offer), tx_code: offer.txCode as string });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String) });
  });

  it('stops an offer after five wrong tx_codes', async () => {
    const offer = await offerOf(keys[4]);
    const wrongCode = offer.txCode === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      expect((await token(issuerId, { 'pre-authorized_code': codeOf(offer), tx_code: wrongCode })).status).toBe(400);
    }
    const right = await token(issuerId, { 'pre-authorized_code': codeOf(offer), tx_code: offer.txCode as string });
    expect(await right.json()).toMatchObject({
      error: 'invalid_grant',
      error_description: expect.stringMatching(/Too many/),
    });
  });

  it('refuses a proof with a wrong nonce and a proof signed by another key than its kid, then takes a good one', async () => {
    const offer = await offerOf(keys[5]);
    const answer = await token(issuerId, { 'pre-authorized_code': codeOf(offer), tx_code: offer.txCode as string });
    const { access_token: accessToken } = (await answer.json()) as { access_token: string };
    const holder = ed25519DidKey();
    const request = (jwt: string) =>
      credentialRequest(accessToken, {
        credential_configuration_id: 'OpenBadgeCredential_ldp_vc',
        proofs: { jwt: [jwt] },
      });

    const forged = `${(await nonce()).c_nonce.slice(0, -4)}AAAA`;
    const badNonce = await request(await holderProof(holder, credentialIssuer(), forged));
    expect(badNonce.status).toBe(400);
    expect(await badNonce.json()).toMatchObject({ error: 'invalid_nonce' });

    const otherNonce = (await fetch(`${base}/oid4vci/issuers/${otherIssuerId}/nonce`, { method: 'POST' }).then((r) =>
      r.json(),
    )) as { c_nonce: string };
    const foreignNonce = await request(await holderProof(holder, credentialIssuer(), otherNonce.c_nonce));
    expect(await foreignNonce.json()).toMatchObject({ error: 'invalid_nonce' });

    const intruder = ed25519DidKey();
    const stolen = await request(
      await holderProof(holder, credentialIssuer(), (await nonce()).c_nonce, intruder.privateKey),
    );
    expect(stolen.status).toBe(400);
    expect(await stolen.json()).toMatchObject({ error: 'invalid_proof' });

    const wrongAudience = await request(
      await holderProof(holder, `${base}/oid4vci/issuers/${otherIssuerId}`, (await nonce()).c_nonce),
    );
    expect(await wrongAudience.json()).toMatchObject({ error: 'invalid_proof' });

    const unauthenticated = await credentialRequest('not-a-token', { proofs: { jwt: ['x'] } });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.headers.get('www-authenticate')).toMatch(/invalid_token/);

    const good = await request(await holderProof(holder, credentialIssuer(), (await nonce()).c_nonce));
    expect(good.status).toBe(200);
    const { credentials } = (await good.json()) as { credentials: { credential: Record<string, unknown> }[] };
    expect(credentials[0].credential).toMatchObject({ credentialSubject: { id: holder.did } });
    // the access token served once
    const again = await request(await holderProof(holder, credentialIssuer(), (await nonce()).c_nonce));
    expect(again.status).toBe(401);
  });

  it('acts on the wallet copy through the certificate status: disabled reads suspended, enabled valid again', async () => {
    const offer = await offerOf(keys[6], { txCode: false });
    const holder = ed25519DidKey();
    const { response } = await oid4vcTsWallet(offer.offerUri, undefined, holder);
    const credential = (response.credentialResponse.credentials as { credential: Record<string, unknown> }[])[0]
      .credential;
    await setStatus(keys[6], CERTIFICATE_STATUS.disabled);
    expect((await ourVerifier(credential)).checks).toMatchObject({
      signature: 'pass:valid',
      suspension: 'fail:suspended',
    });
    expect(await verifyWithLibraries(credential)).toMatchObject({ suspended: true });
    await setStatus(keys[6], CERTIFICATE_STATUS.validated);
    expect((await ourVerifier(credential)).verified).toBe(true);
  });

  it('neither offers nor delivers a certificate past its expiration date', async () => {
    const offer = await offerOf(keys[8], { txCode: false });
    const expire = (date: string) =>
      db().updateTable('certificates').set({ expiration_date: date }).where('key', '=', keys[8]).execute();
    await expire('2020-01-31');
    // an offer made before the date: the wallet is refused rather than handed a copy that arrives expired
    await expect(oid4vcTsWallet(offer.offerUri, undefined, ed25519DidKey())).rejects.toThrow();
    const refused = await makeOffer(keys[8]);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CERTIFICATE_NOT_VALID' });
    await expire('2999-12-31');
    expect((await makeOffer(keys[8])).statusCode).toBe(201);
  });

  it('lets only publishers of the certificate issuer make an offer', async () => {
    await addUser(app, otherIssuerId, 'publisher-b@example.org', PROFILE.Publisher);
    const other = bearer(await signIn(app, 'publisher-b@example.org'));
    const foreign = await makeOffer(keys[7], {}, other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: 'CERTIFICATE_NOT_FOUND' });
    await addUser(app, issuerId, 'reader-a@example.org', PROFILE.Reader);
    const reader = await makeOffer(keys[7], {}, bearer(await signIn(app, 'reader-a@example.org')));
    expect(reader.statusCode).toBe(403);
    await addUser(app, issuerId, 'manager-a@example.org', PROFILE.Manager);
    const manager = await makeOffer(keys[7], {}, bearer(await signIn(app, 'manager-a@example.org')));
    expect(manager.statusCode, manager.body).toBe(201);
    expect(await db().selectFrom('wallet_offers').select('id').where('user_id', 'is', null).execute()).toEqual([]);
    await setStatus(keys[7], CERTIFICATE_STATUS.deleted);
    expect((await makeOffer(keys[7])).statusCode).toBe(409);
  });
});
