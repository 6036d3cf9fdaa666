import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setIssuerSso } from '../../server/repositories/issuers';
import { bearer, decodeClaims } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const ADMIN = 'admin@example.org';
const CLIENT_ID = 'laurel-test-client';

/** An identity provider of our own: a key pair and a JWKS document served on loopback. */
let idp: { url: string; privateKey: CryptoKey; close(): Promise<void> };
let strangerKey: CryptoKey;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const server = http.createServer((request, response) => {
    response.writeHead(request.url === '/jwks' ? 200 : 404, { 'content-type': 'application/json' });
    response.end(request.url === '/jwks' ? JSON.stringify({ keys: [jwk] }) : '{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  idp = {
    url: `http://127.0.0.1:${port}`,
    privateKey,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  strangerKey = (await generateKeyPair('RS256')).privateKey;
});
afterAll(() => idp.close());

function idToken(claims: Record<string, unknown>, key: CryptoKey = idp.privateKey, audience = CLIENT_ID) {
  return new SignJWT({ email: ADMIN, email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
    .setIssuer(idp.url)
    .setAudience(audience)
    .setSubject('idp-user-1')
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

describe.each(TEST_DATABASES)('single sign-on on %s', (database) => {
  let t: TestApp;
  let nonce: string;
  beforeEach(async () => {
    t = await createTestApp(database);
    const issuer = await t.app.laurel.db.selectFrom('issuers').select('id').executeTakeFirstOrThrow();
    await setIssuerSso(t.app.laurel.db, issuer.id, {
      issuer: idp.url,
      clientId: CLIENT_ID,
      jwksUri: `${idp.url}/jwks`,
      authorizationEndpoint: `${idp.url}/authorize`,
    });
    const login = await t.app.inject({ method: 'POST', url: `/api/admin/login?email=${ADMIN}` });
    expect(login.statusCode).toBe(302);
    const redirectUrl = new URL(login.json<{ redirectUrl: string }>().redirectUrl);
    expect(redirectUrl.origin + redirectUrl.pathname).toBe(`${idp.url}/authorize`);
    expect(redirectUrl.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(redirectUrl.searchParams.get('redirect_uri')).toBe('http://laurel.test/login/sso');
    nonce = redirectUrl.searchParams.get('nonce') ?? '';
  });
  afterEach(async () => {
    await t.close();
  });

  const sso = (token: string, form = false) =>
    form
      ? t.app.inject({
          method: 'POST',
          url: '/api/admin/sso',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams({ id_token: token }).toString(),
        })
      : t.app.inject({ method: 'POST', url: '/api/admin/sso', payload: { id_token: token } });

  it('signs in with an id_token signed by the issuer’s provider (form field id_token)', async () => {
    const response = await sso(await idToken({ nonce }), true);
    expect(response.statusCode).toBe(200);
    const session = response.json<{ token: string }>().token;
    expect(decodeClaims(session)).toMatchObject({ sub: ADMIN, authLevel: 2 });
    const who = await t.app.inject({ method: 'GET', url: '/api/admin/who', headers: bearer(session) });
    expect(who.json()).toMatchObject({ email: ADMIN, sso: true });
  });

  it('refuses a forged token, a wrong audience, a missing or foreign nonce and an unknown user', async () => {
    expect((await sso(await idToken({ nonce }, strangerKey))).statusCode).toBe(401);
    expect((await sso(await idToken({ nonce }, idp.privateKey, 'someone-else'))).statusCode).toBe(401);
    expect((await sso(await idToken({}))).statusCode).toBe(401);
    expect((await sso(await idToken({ nonce: 'made-up' }))).statusCode).toBe(401);
    expect((await sso(await idToken({ nonce, email: 'stranger@example.org' }))).statusCode).toBe(401);
    const refused = await sso('not.a.jwt');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ code: 'SSO_REFUSED' });
  });
});
