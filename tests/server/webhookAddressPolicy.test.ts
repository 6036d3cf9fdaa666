import { describe, expect, it } from 'vitest';
import {
  checkWebhookAddress,
  forbiddenAddressKind,
  type HostResolver,
} from '../../server/services/webhooks/addressPolicy';
import { webhookSettings } from '../../server/settings/webhooks';

// Pure rules and fake name resolution: no database and no traffic, so this file does not run per database.

const resolvesTo =
  (...addresses: string[]): HostResolver =>
  async () =>
    addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('webhook address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.10', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback'],
    ['::ffff:10.1.2.3', 'IPv4-mapped private'],
    ['::ffff:169.254.169.254', 'IPv4-mapped link-local'],
    ['::ffff:0.0.0.0', 'IPv4-mapped unspecified'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 link-local'],
    ['2002:c0a8:0101::1', '6to4 private'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(forbiddenAddressKind(address)).toBe(kind);
  });

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '2001:4860:4860::8888',
  ])('lets %s through', (address) => {
    expect(forbiddenAddressKind(address)).toBeNull();
  });
});

describe('webhook address policy', () => {
  const noDns: HostResolver = async () => {
    throw new Error('no name resolution expected');
  };

  it('allows only http and https', async () => {
    for (const url of ['ftp://files.example.org/x', 'file:///etc/passwd', 'gopher://example.org/', 'data:,x']) {
      const decision = await checkWebhookAddress(url, [], noDns);
      expect(decision).toMatchObject({ allowed: false, reason: expect.stringContaining('only http and https') });
    }
    expect(await checkWebhookAddress('not a url', [], noDns)).toMatchObject({ allowed: false });
  });

  it('judges address literals without resolving them, in every spelling the URL parser accepts', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://127.1/',
      'http://2130706433/',
      'http://0x7f.0.0.1/',
      'http://[::1]:8080/',
      'http://[::ffff:127.0.0.1]/',
      'http://10.0.0.1/',
      'https://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/',
      'http://[::]/',
    ]) {
      expect(await checkWebhookAddress(url, [], noDns), url).toMatchObject({ allowed: false });
    }
  });

  it('refuses a name when any of its addresses is not public, and pins the address it checked', async () => {
    expect(await checkWebhookAddress('https://hooks.example.org/x', [], resolvesTo('8.8.8.8', '10.0.0.5'))).toEqual({
      allowed: false,
      reason:
        'hooks.example.org resolves to 10.0.0.5, which is not a public address (private); list the host in WEBHOOK_ALLOWED_HOSTS to allow it',
    });
    expect(await checkWebhookAddress('https://hooks.example.org/x', [], resolvesTo('93.184.216.34'))).toMatchObject({
      allowed: true,
      hostname: 'hooks.example.org',
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('lets a listed host through, by name or literal, but not another name of the same address', async () => {
    expect(await checkWebhookAddress('http://127.0.0.1:9000/', ['127.0.0.1'], noDns)).toMatchObject({
      allowed: true,
      address: '127.0.0.1',
    });
    expect(await checkWebhookAddress('http://[::1]:9000/', ['[::1]'], noDns)).toMatchObject({ allowed: true });
    expect(
      await checkWebhookAddress('http://Hooks.Internal.:9000/', ['hooks.internal'], resolvesTo('10.1.1.1')),
    ).toMatchObject({ allowed: true, address: '10.1.1.1' });
    expect(await checkWebhookAddress('http://localhost:9000/', ['127.0.0.1'], resolvesTo('127.0.0.1'))).toMatchObject({
      allowed: false,
    });
  });

  it('lets resolution failures through to the caller', async () => {
    await expect(checkWebhookAddress('https://nowhere.invalid/', [], noDns)).rejects.toThrow(/no name resolution/);
  });
});

describe('webhook settings', () => {
  it('reads the allowed hosts and the time-out', () => {
    expect(webhookSettings({})).toEqual({ allowedHosts: [], timeoutMs: 5000 });
    expect(
      webhookSettings({ WEBHOOK_ALLOWED_HOSTS: ' 127.0.0.1, Hooks.Internal. ,[::1],,', WEBHOOK_TIMEOUT_MS: '2500' }),
    ).toEqual({ allowedHosts: ['127.0.0.1', 'hooks.internal', '::1'], timeoutMs: 2500 });
    expect(() => webhookSettings({ WEBHOOK_TIMEOUT_MS: '0' })).toThrow(/WEBHOOK_TIMEOUT_MS/);
    expect(() => webhookSettings({ WEBHOOK_TIMEOUT_MS: 'soon' })).toThrow(/WEBHOOK_TIMEOUT_MS/);
  });
});
