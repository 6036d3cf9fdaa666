import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { Ed25519Signature2020 } from '@digitalbazaar/ed25519-signature-2020';
import { Ed25519VerificationKey2020 } from '@digitalbazaar/ed25519-verification-key-2020';
import { cryptosuite as eddsaRdfc2022 } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { securityLoader } from '@digitalcredentials/security-document-loader';
import { verifyCredential as verifierCoreVerify } from '@digitalcredentials/verifier-core';
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import type { LaurelApp } from '../../server/app';
import { bumpStatusVersion } from '../../server/repositories/certificates';
import { findWalletClaims } from '../../server/repositories/walletOffers';
import { ob3SchemaErrors } from './credentials/ob3Schema';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { freePort } from '../support/freePort';
import { oid4vcTsWallet } from '../support/oid4vciWallet';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/**
 * The VC-API exchange as the Learner Credential Wallet runs it, against Laurel served over TLS (a TLS terminator in
 * front of the app, with a throw-away certificate made here by openssl, trusted through undici's global dispatcher
 * so that the wallet's and the DCC verifier's fetches reach it): every copy received is verified by
 * @digitalcredentials/verifier-core, the LCW's own verifier, which resolves our did:web and status list over https.
 */

const VC_V1_CONTEXT = 'https://www.w3.org/2018/credentials/v1';
const PRE_AUTHORIZED_GRANT = 'urn:ietf:params:oauth:grant-type:pre-authorized_code';
const OB3_SCHEMA_URL = 'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json';

interface Links {
  id: number;
  protocol: string;
  offerUri: string;
  credentialOfferUri: string;
  exchangeUrl: string;
  lcwUri: string;
  lcwOneStepUri: string;
  interactionUrl: string;
  txCode: string | null;
  expiresAt: string;
}
type Json = Record<string, unknown>;

/** A wallet's DID and key as the Learner Credential Wallet holds them: a did:key of an Ed25519 key. */
async function lcwHolder() {
  const key = await Ed25519VerificationKey2020.generate();
  const did = `did:key:${key.fingerprint()}`;
  key.controller = did;
  key.id = `${did}#${key.fingerprint()}`;
  return { did, key };
}
type Holder = Awaited<ReturnType<typeof lcwHolder>>;

/** The key's signer as a DataIntegrity (eddsa-rdfc-2022) suite takes it: the same key, its algorithm named. */
function eddsaSigner(holder: Holder) {
  return { ...holder.key.signer(), algorithm: 'Ed25519' };
}

/**
 * The wallet's document loader: the DCC security loader the LCW signs with (contexts bundled, nothing fetched). Its
 * documents lose their 'static' tag: jsonld shares the contexts so tagged across the process, and the server, in
 * this same process, would then verify with the wallet's contexts instead of its own.
 */
const securityDocuments = securityLoader().build();
const walletLoader = async (url: string) => {
  const { tag: _tag, ...document } = (await securityDocuments(url)) as unknown as { tag?: string } & Record<
    string,
    unknown
  >;
  return document;
};

/** A DIDAuth presentation as the LCW signs it: createPresentation({ holder }), signPresentation. */
async function didAuth(
  holder: Holder,
  options: {
    challenge: string;
    domain?: string;
    suite?: 'Ed25519Signature2020' | 'eddsa-rdfc-2022';
    as?: Holder;
    /** 1.1: the presentation of LCW builds before 2.1 (@digitalcredentials/vc 6: the VC 1.1 context) */
    vcVersion?: 1.1;
  },
) {
  const signing = options.as ?? holder;
  const suite =
    options.suite === 'eddsa-rdfc-2022'
      ? new DataIntegrityProof({ signer: eddsaSigner(signing), cryptosuite: eddsaRdfc2022 })
      : new Ed25519Signature2020({ key: signing.key });
  return (await vc.signPresentation({
    presentation:
      options.vcVersion === 1.1
        ? { '@context': [VC_V1_CONTEXT], type: ['VerifiablePresentation'], holder: holder.did }
        : vc.createPresentation({ holder: holder.did }),
    suite,
    challenge: options.challenge,
    ...(options.domain !== undefined ? { domain: options.domain } : {}),
    documentLoader: walletLoader,
  })) as Json;
}

const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/**
 * The LCW 2.2 exchange (app/lib/exchanges.ts handleVcApiExchangeComplete): POST {} at protocols.vcapi; while the
 * answer holds a verifiablePresentationRequest, sign a DIDAuth for its challenge and domain and POST it as
 * { verifiablePresentation } to interact.service[0].serviceEndpoint. Answers every exchange answer in order.
 */
async function lcwTwoStep(lcwUri: string, holder: Holder, suite?: 'Ed25519Signature2020' | 'eddsa-rdfc-2022') {
  const request = JSON.parse(new URL(lcwUri).searchParams.get('request') as string) as {
    credentialRequestOrigin: string;
    protocols: { vcapi: string };
  };
  const answers: { status: number; body: Json }[] = [];
  let url = request.protocols.vcapi;
  let body: Json = {};
  for (let interactions = 0; interactions < 10; interactions += 1) {
    const response = await postJson(url, body);
    const answer = (await response.json()) as Json;
    answers.push({ status: response.status, body: answer });
    const vpr = answer.verifiablePresentationRequest as
      | {
          query: { type: string }[];
          challenge: string;
          domain: string;
          interact?: { service: { serviceEndpoint: string }[] };
        }
      | undefined;
    if (!vpr) return answers;
    const queries = ([] as { type: string }[]).concat(vpr.query);
    expect(queries.some((query) => query.type === 'DIDAuthentication')).toBe(true);
    body = { verifiablePresentation: await didAuth(holder, { challenge: vpr.challenge, domain: vpr.domain, suite }) };
    url = vpr.interact?.service[0]?.serviceEndpoint ?? url;
  }
  throw new Error('the exchange did not end');
}

/** The one-step link (app/lib/credentialRequest.ts requestCredential): the DIDAuth, bare, to vc_request_url. */
async function lcwOneStep(lcwOneStepUri: string, holder: Holder, vcVersion?: 1.1) {
  const params = new URL(lcwOneStepUri).searchParams;
  expect(params.get('auth_type')).toBe('bearer');
  const presentation = await didAuth(holder, { challenge: params.get('challenge') as string, vcVersion });
  const response = await postJson(params.get('vc_request_url') as string, presentation);
  return { status: response.status, body: (await response.json()) as Json };
}

/** A self-signed certificate for localhost, made with openssl for this test file only. */
function throwAwayCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const certificate = throwAwayCertificate();
let previousDispatcher: Dispatcher;
const realFetch = globalThis.fetch;
const officialSchema = JSON.parse(
  fs.readFileSync(
    new URL('../../server/services/credentials/contexts/ob-v3p0-achievementcredential.json', import.meta.url),
    'utf8',
  ),
) as Json;

beforeAll(() => {
  previousDispatcher = getGlobalDispatcher();
  // trust the throw-away certificate in this test process's fetch (the wallet, verifier-core, the test itself)
  setGlobalDispatcher(new Agent({ connect: { ca: certificate.cert } }));
  // verifier-core's schema check reads the official OB 3.0 schema from purl.imsglobal.org: answer it with the copy
  // the repository ships (the same file, sha256 in contexts/SOURCES.md), the machine being offline
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    String(input instanceof Request ? input.url : input) === OB3_SCHEMA_URL
      ? new Response(JSON.stringify(officialSchema), { headers: { 'content-type': 'application/json' } })
      : realFetch(input, init)) as typeof fetch;
});
afterAll(() => {
  setGlobalDispatcher(previousDispatcher);
  globalThis.fetch = realFetch;
});

describe.each(TEST_DATABASES)('the VC-API exchange (Learner Credential Wallet) on %s', (database) => {
  let t: TestApp;
  let app: LaurelApp;
  let terminator: tls.Server;
  const connections = new Set<tls.TLSSocket>();
  let base: string;
  let domain: string;
  let headers: Record<string, string>;
  let issuerId: number;
  let keys: string[];
  let certificateIds: number[];

  const db = () => app.laurel.db;
  const offerOf = async (key: string, body: object = {}) => {
    const answer = await app.inject({
      method: 'POST',
      url: `/api/certificates/${key}/wallet-offers`,
      headers,
      payload: body,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    return answer.json<Links>();
  };
  const rowOf = (id: number) =>
    db().selectFrom('wallet_offers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const codeOf = (links: Links) => links.exchangeUrl.split('/').pop() as string;
  const token = (links: Links) =>
    fetch(`${base}/oid4vci/issuers/${issuerId}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: PRE_AUTHORIZED_GRANT,
        'pre-authorized_code': codeOf(links),
        ...(links.txCode ? { tx_code: links.txCode } : {}),
      }),
    });
  const setStatus = async (key: string, status: number) => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('certificates').set({ status_id: status }).where('key', '=', key).execute();
        await bumpStatusVersion(trx, issuerId);
      });
  };
  /** The LCW's own verifier, over https: signature (our did:web), expiry, status (our list), schema. */
  const verifierCore = async (credential: Json) => {
    const result = (await verifierCoreVerify({ credential: credential as never, knownDIDRegistries: [] })) as {
      errors?: unknown[];
      log?: { id: string; valid?: boolean; error?: unknown }[];
      additionalInformation?: { id: string; results: { schema: string; result: { valid: boolean } }[] }[];
    };
    expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
    return {
      log: Object.fromEntries((result.log ?? []).map((entry) => [entry.id, entry.valid ?? entry.error])),
      schema: result.additionalInformation?.find((entry) => entry.id === 'schema_check')?.results,
    };
  };
  const expectWalletCopy = async (credential: Json, holder: Holder, key: string) => {
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
    const verified = await verifierCore(credential);
    expect(verified.log).toMatchObject({ valid_signature: true, expiration: true, suspension_status: true });
    expect(verified.schema).toEqual([expect.objectContaining({ schema: OB3_SCHEMA_URL, result: { valid: true } })]);
  };
  const expectProblem = (answer: { status: number; body: Json }, status: number, code: string) => {
    expect(answer.status, JSON.stringify(answer.body)).toBe(status);
    expect(answer.body).toMatchObject({ type: `urn:laurel:wallet:${code}`, title: expect.any(String) });
  };
  const post = async (url: string, body: unknown, extra: Record<string, string> = {}) => {
    const response = await postJson(url, body, extra);
    expect(response.headers.get('content-type') ?? '').toMatch(/json/);
    return { status: response.status, body: (await response.json()) as Json };
  };

  beforeAll(async () => {
    const appPort = await freePort();
    const tlsPort = await freePort();
    base = `https://localhost:${tlsPort}`;
    domain = `localhost:${tlsPort}`;
    t = await createTestApp(database, { PUBLIC_URL: base });
    app = t.app;
    await app.listen({ port: appPort, host: '127.0.0.1' });
    // the TLS terminator in front of the app, as a reverse proxy would be
    terminator = tls.createServer(certificate, (socket) => {
      const upstream = net.connect(appPort, '127.0.0.1');
      connections.add(socket);
      socket.on('close', () => connections.delete(socket));
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => terminator.listen(tlsPort, '127.0.0.1', resolve));
    ({ headers, issuerId } = await signInAdmin(app));
    const published = await publishRows(app, headers, await createBadgeTemplate(app, headers), recipientRows(9));
    expect(published.statusCode, published.body).toBe(200);
    await app.laurel.jobs.runUntilIdle();
    const rows = await db()
      .selectFrom('certificates')
      .select(['id', 'key'])
      .where('campaign_id', '=', published.json<{ campaignId: number }>().campaignId)
      .orderBy('id')
      .execute();
    keys = rows.map((row) => row.key);
    certificateIds = rows.map((row) => row.id);
  }, 60_000);
  afterAll(async () => {
    // the clients keep their connections alive: end them, or close() waits for them
    for (const socket of connections) socket.destroy();
    await new Promise((resolve) => terminator?.close(resolve));
    await t?.close();
  });

  it('answers every address of one offer, for any wallet', async () => {
    const links = await offerOf(keys[0]);
    const code = codeOf(links);
    expect(links).toMatchObject({
      protocol: 'any',
      credentialOfferUri: `${base}/oid4vci/issuers/${issuerId}/offers/${code}`,
      offerUri: `openid-credential-offer://?credential_offer_uri=${encodeURIComponent(links.credentialOfferUri)}`,
      exchangeUrl: `${base}/vcapi/issuers/${issuerId}/exchanges/${code}`,
      interactionUrl: `${base}/wallet/interactions/${issuerId}/${code}?iuv=1`,
      txCode: expect.stringMatching(/^\d{6}$/),
    });
    const request = new URL(links.lcwUri);
    expect(`${request.origin}${request.pathname}`).toBe('https://lcw.app/request');
    expect(JSON.parse(request.searchParams.get('request') as string)).toEqual({
      credentialRequestOrigin: base,
      protocols: { vcapi: links.exchangeUrl },
    });
    const oneStep = new URL(links.lcwOneStepUri);
    expect(`${oneStep.origin}${oneStep.pathname}`).toBe('https://lcw.app/request.html');
    expect(Object.fromEntries(oneStep.searchParams)).toEqual({
      issuer: `did:web:localhost%3A${new URL(base).port}:ob:issuers:${issuerId}`,
      auth_type: 'bearer',
      challenge: expect.any(String),
      vc_request_url: `${links.exchangeUrl}/direct`,
    });

    // the interaction URL: the protocols to a wallet, the certificate's page to a browser
    const interaction = await fetch(links.interactionUrl, { headers: { accept: 'application/json' } });
    expect(interaction.status).toBe(200);
    expect(await interaction.json()).toEqual({ protocols: { vcapi: links.exchangeUrl, OID4VCI: links.offerUri } });
    const browser = await fetch(links.interactionUrl, { headers: { accept: 'text/html' }, redirect: 'manual' });
    expect(browser.status).toBe(303);
    expect(browser.headers.get('location')).toBe(`${base}/certificate/${keys[0]}`);
    // the OID4VCI offer the interaction lists is live
    const offer = await fetch(links.credentialOfferUri);
    expect(await offer.json()).toMatchObject({ credential_issuer: `${base}/oid4vci/issuers/${issuerId}` });
  });

  it('delivers through the two-step exchange exactly as LCW 2.2 runs it (Ed25519Signature2020 DIDAuth)', async () => {
    const links = await offerOf(keys[1]);
    const holder = await lcwHolder();
    const answers = await lcwTwoStep(links.lcwUri, holder);
    expect(answers).toHaveLength(2);
    expect(answers[0]).toEqual({
      status: 200,
      body: {
        verifiablePresentationRequest: {
          query: [{ type: 'DIDAuthentication', acceptedMethods: [{ method: 'key' }] }],
          challenge: expect.any(String),
          domain,
          interact: {
            service: [{ type: 'UnmediatedHttpPresentationService2021', serviceEndpoint: links.exchangeUrl }],
          },
        },
      },
    });
    expect(answers[1].status).toBe(200);
    const presentation = answers[1].body.verifiablePresentation as Json;
    expect(presentation.type).toEqual(['VerifiablePresentation']);
    const credentials = presentation.verifiableCredential as Json[];
    expect(credentials).toHaveLength(1);
    await expectWalletCopy(credentials[0], holder, keys[1]);
    const row = await rowOf(links.id);
    expect(row).toMatchObject({
      state: 'claimed',
      claimed_protocol: 'vcapi',
      holder_did: holder.did,
      challenge_hash: null,
    });
    expect(row.claimed_at).not.toBeNull();

    // the exchange is over: started again, or the same presentation again, it answers invalid_grant
    expectProblem(await post(links.exchangeUrl, {}), 400, 'invalid_grant');
    const replay = await post(links.exchangeUrl, {
      verifiablePresentation: await didAuth(holder, {
        challenge: (answers[0].body.verifiablePresentationRequest as { challenge: string }).challenge,
        domain,
      }),
    });
    expectProblem(replay, 400, 'invalid_grant');
    // and the same offer is no longer OID4VCI's to take
    const oid4vci = await token(links);
    expect(oid4vci.status).toBe(400);
    expect(await oid4vci.json()).toMatchObject({ error: 'invalid_grant' });
    expect((await fetch(links.credentialOfferUri)).status).toBe(404);
    expect((await fetch(links.interactionUrl, { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  it('delivers through the one-step link of older LCW builds and of the DCC transaction service', async () => {
    const links = await offerOf(keys[2]);
    const holder = await lcwHolder();
    const answer = await lcwOneStep(links.lcwOneStepUri, holder);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    // a presentation, which the LCW's extractCredentialsFrom reads
    expect(answer.body.type).toEqual(['VerifiablePresentation']);
    await expectWalletCopy((answer.body.verifiableCredential as Json[])[0], holder, keys[2]);
    expect(await rowOf(links.id)).toMatchObject({
      state: 'claimed',
      claimed_protocol: 'vcapi',
      holder_did: holder.did,
    });

    const again = await lcwOneStep(links.lcwOneStepUri, await lcwHolder());
    expectProblem(again, 400, 'invalid_grant');
  });

  it('takes the VC 1.1 DIDAuth of LCW builds before 2.1 through the one-step link', async () => {
    const links = await offerOf(keys[8]);
    const holder = await lcwHolder();
    const answer = await lcwOneStep(links.lcwOneStepUri, holder, 1.1);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await expectWalletCopy((answer.body.verifiableCredential as Json[])[0], holder, keys[8]);
  });

  it('takes a DIDAuth signed with DataIntegrity eddsa-rdfc-2022', async () => {
    const links = await offerOf(keys[3]);
    const holder = await lcwHolder();
    const answers = await lcwTwoStep(links.lcwUri, holder, 'eddsa-rdfc-2022');
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    const credential = ((answers[1].body.verifiablePresentation as Json).verifiableCredential as Json[])[0];
    await expectWalletCopy(credential, holder, keys[3]);
  });

  it('refuses a wrong challenge, wrong domain, another key than the holder and an expired offer, claiming nothing', async () => {
    const links = await offerOf(keys[4]);
    const other = await offerOf(keys[5]);
    const holder = await lcwHolder();
    const start = async (url: string) => {
      const answer = await post(url, {});
      expect(answer.status).toBe(200);
      return (answer.body.verifiablePresentationRequest as { challenge: string }).challenge;
    };
    const challenge = await start(links.exchangeUrl);
    const otherChallenge = await start(other.exchangeUrl);
    const present = async (vp: Json) => post(links.exchangeUrl, { verifiablePresentation: vp });

    // a made-up challenge, and the challenge of another offer's exchange
    expectProblem(await present(await didAuth(holder, { challenge: 'made-up', domain })), 400, 'invalid_presentation');
    expectProblem(
      await present(await didAuth(holder, { challenge: otherChallenge, domain })),
      400,
      'invalid_presentation',
    );
    // the right challenge for another domain, and without a domain
    expectProblem(
      await present(await didAuth(holder, { challenge, domain: 'elsewhere.example' })),
      400,
      'invalid_presentation',
    );
    expectProblem(await present(await didAuth(holder, { challenge })), 400, 'invalid_presentation');
    // the holder's DID, signed by another key
    const intruder = await lcwHolder();
    expectProblem(
      await present(await didAuth(holder, { challenge, domain, as: intruder })),
      400,
      'invalid_presentation',
    );
    // a presentation whose signature does not cover what it says (holder changed after signing)
    const tampered = { ...(await didAuth(intruder, { challenge, domain })), holder: holder.did };
    expectProblem(await present(tampered), 400, 'invalid_presentation');
    // the one-step address wants the link's challenge
    const params = new URL(links.lcwOneStepUri).searchParams;
    expectProblem(
      await post(params.get('vc_request_url') as string, await didAuth(holder, { challenge })),
      400,
      'invalid_presentation',
    );
    expectProblem(
      await post(
        params.get('vc_request_url') as string,
        await didAuth(holder, { challenge: params.get('challenge') as string }),
        { authorization: 'Bearer not-the-challenge' },
      ),
      401,
      'invalid_token',
    );
    expect(await rowOf(links.id)).toMatchObject({ state: 'offered', holder_did: null, claimed_at: null });

    // the right presentation still works
    const good = await present(await didAuth(holder, { challenge, domain }));
    expect(good.status, JSON.stringify(good.body)).toBe(200);

    // an expired offer: the exchange and the one-step address answer invalid_grant
    await db()
      .updateTable('wallet_offers')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', other.id)
      .execute();
    expectProblem(await post(other.exchangeUrl, {}), 400, 'invalid_grant');
    expectProblem(
      await post(other.exchangeUrl, {
        verifiablePresentation: await didAuth(holder, { challenge: otherChallenge, domain }),
      }),
      400,
      'invalid_grant',
    );
    expectProblem(await lcwOneStep(other.lcwOneStepUri, holder), 400, 'invalid_grant');
    expect(await rowOf(other.id)).toMatchObject({ state: 'offered', claimed_at: null });
    // an unknown exchange
    expectProblem(await post(`${base}/vcapi/issuers/${issuerId}/exchanges/unknown`, {}), 400, 'invalid_grant');
  });

  it('lets an OID4VCI wallet take the same kind of offer over TLS: verifier-core verifies its copy; the exchange is then refused', async () => {
    const links = await offerOf(keys[0]);
    const {
      holder: { did },
      credential,
    } = await oid4vcTsWallet(links.offerUri, links.txCode as string);
    await expectWalletCopy(credential, { did } as Holder, keys[0]);
    expect(await rowOf(links.id)).toMatchObject({ state: 'claimed', claimed_protocol: 'oid4vci', holder_did: did });
    expectProblem(await post(links.exchangeUrl, {}), 400, 'invalid_grant');
    expectProblem(await lcwOneStep(links.lcwOneStepUri, await lcwHolder()), 400, 'invalid_grant');
    expect((await fetch(links.interactionUrl, { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  it('refuses the VC-API exchange of an offer an OID4VCI wallet has taken', async () => {
    const links = await offerOf(keys[6]);
    const answer = await token(links);
    expect(answer.status).toBe(200);
    // the OID4VCI wallet holds the token: the offer is no longer the exchange's
    expectProblem(await post(links.exchangeUrl, {}), 400, 'invalid_grant');
    expectProblem(await lcwOneStep(links.lcwOneStepUri, await lcwHolder()), 400, 'invalid_grant');
    expect(await rowOf(links.id)).toMatchObject({ state: 'token_issued', claimed_protocol: null });
  });

  it('acts on the copy through the certificate: disabled, verifier-core sees it suspended; enabled, valid again', async () => {
    const links = await offerOf(keys[7], { txCode: false });
    const holder = await lcwHolder();
    const answers = await lcwTwoStep(links.lcwUri, holder);
    const credential = ((answers[1].body.verifiablePresentation as Json).verifiableCredential as Json[])[0];
    await setStatus(keys[7], CERTIFICATE_STATUS.disabled);
    expect((await verifierCore(credential)).log).toMatchObject({ valid_signature: true, suspension_status: false });
    await setStatus(keys[7], CERTIFICATE_STATUS.validated);
    expect((await verifierCore(credential)).log).toMatchObject({ valid_signature: true, suspension_status: true });
  });

  it('tells the report when and by which protocol each certificate was taken into a wallet', async () => {
    const claims = await findWalletClaims(db(), [...certificateIds, certificateIds[1]]);
    const byCertificate = Object.fromEntries(claims.map((claim) => [claim.certificate_id, claim.protocol]));
    expect(byCertificate).toEqual({
      [certificateIds[0]]: 'oid4vci',
      [certificateIds[1]]: 'vcapi',
      [certificateIds[2]]: 'vcapi',
      [certificateIds[3]]: 'vcapi',
      [certificateIds[4]]: 'vcapi',
      [certificateIds[7]]: 'vcapi',
      [certificateIds[8]]: 'vcapi',
    });
    expect(claims.every((claim) => !Number.isNaN(Date.parse(claim.claimed_at)))).toBe(true);
    // a later claim of the same certificate (by OID4VCI this time) is the one answered
    const links = await offerOf(keys[1], { txCode: false });
    const claimedAt = new Date(Date.now() + 60_000).toISOString();
    await db()
      .updateTable('wallet_offers')
      .set({ state: 'claimed', claimed_protocol: 'oid4vci', claimed_at: claimedAt, holder_did: 'did:key:z6Mk' })
      .where('id', '=', links.id)
      .execute();
    expect(await findWalletClaims(db(), [certificateIds[1]])).toEqual([
      { certificate_id: certificateIds[1], claimed_at: claimedAt, protocol: 'oid4vci' },
    ]);
    expect(await findWalletClaims(db(), [])).toEqual([]);
  });
});
