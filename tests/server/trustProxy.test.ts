import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../server/config';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/** TRUST_PROXY decides whose X-Forwarded-For names the client that the sign-in, contact and document limits count. */
describe('parseTrustProxy', () => {
  it('is off unless set, and takes true, a hop count or a list of addresses', () => {
    expect(parseTrustProxy(null)).toBe(false);
    expect(parseTrustProxy('off')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.1.0.0/16,loopback')).toEqual(['10.0.0.1', '10.1.0.0/16', 'loopback']);
    expect(() => parseTrustProxy('proxy.example.org')).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ DATA_DIR: '/tmp/laurel-unused' }).trustProxy).toBe(false);
  });
});

describe.each(TEST_DATABASES)('TRUST_PROXY on %s', (database) => {
  let t: TestApp;
  afterEach(async () => t.close());

  const login = (forwardedFor: string, email = 'admin@example.org', remoteAddress = '127.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/login?email=${encodeURIComponent(email)}`,
      headers: { 'x-forwarded-for': forwardedFor },
      remoteAddress,
    });

  it('off by default: a rotated X-Forwarded-For does not escape the per-client limit', async () => {
    t = await createTestApp(database, { LOGIN_RATE_PER_CLIENT: '3', LOGIN_RATE_PER_EMAIL: '100' });
    for (let i = 1; i <= 3; i++) expect((await login(`203.0.113.${i}`)).statusCode).toBe(200);
    expect((await login('203.0.113.99')).statusCode).toBe(429);
    // another socket address is another client
    expect((await login('203.0.113.99', 'admin@example.org', '127.0.0.2')).statusCode).toBe(200);
  });

  it('with the proxy listed, each forwarded client has its own count, and the per-account limit still holds', async () => {
    t = await createTestApp(database, {
      TRUST_PROXY: '127.0.0.1',
      LOGIN_RATE_PER_CLIENT: '2',
      LOGIN_RATE_PER_EMAIL: '5',
    });
    expect((await login('198.51.100.1')).statusCode).toBe(200);
    expect((await login('198.51.100.1')).statusCode).toBe(200);
    expect((await login('198.51.100.1')).statusCode).toBe(429);
    expect((await login('198.51.100.2')).statusCode).toBe(200);
    expect((await login('198.51.100.3')).statusCode).toBe(200);
    expect((await login('198.51.100.4')).statusCode).toBe(200);
    // five attempts on the account from four addresses: the sixth is refused whatever the address
    expect((await login('198.51.100.5')).statusCode).toBe(429);
    // a socket that is not the listed proxy is counted by its own address, not by what it forwards
    const direct = (forwardedFor: string) => login(forwardedFor, 'nobody@example.org', '192.0.2.7');
    expect((await direct('198.51.100.10')).statusCode).toBe(404);
    expect((await direct('198.51.100.11')).statusCode).toBe(404);
    expect((await direct('198.51.100.12')).statusCode).toBe(429);
  });

  it('a hop count believes that many proxies in front of the server', async () => {
    t = await createTestApp(database, { TRUST_PROXY: '1', LOGIN_RATE_PER_CLIENT: '1', LOGIN_RATE_PER_EMAIL: '100' });
    // one trusted hop: the client is the last address the proxy appended, whatever the client wrote before it
    expect((await login('6.6.6.6, 198.51.100.1')).statusCode).toBe(200);
    expect((await login('7.7.7.7, 198.51.100.1')).statusCode).toBe(429);
    expect((await login('7.7.7.7, 198.51.100.2')).statusCode).toBe(200);
  });
});
