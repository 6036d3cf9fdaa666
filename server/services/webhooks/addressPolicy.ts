import { lookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import net from 'node:net';
import { normalizeHost } from '../../settings/webhooks';

/**
 * Which addresses a webhook may call (docs/webhooks.md): only http and https, and never an address of the
 * server's own machine or network (loopback, link-local, private, shared, unspecified, multicast), unless the
 * host is listed in WEBHOOK_ALLOWED_HOSTS. Without this rule an administrator could make the server probe or
 * call services that are reachable only from inside, such as a cloud metadata endpoint.
 */

interface Range {
  bytes: number[];
  bits: number;
  kind: string;
}

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (zone id dropped), which net.isIPv6 has accepted. */
function ipv6Bytes(address: string): number[] {
  const groups = (part: string): number[] =>
    part === ''
      ? []
      : part.split(':').flatMap((group) => {
          if (!group.includes('.')) return [parseInt(group, 16)];
          const [a, b, c, d] = ipv4Bytes(group);
          return [(a << 8) | b, (c << 8) | d];
        });
  const [head, tail] = address.split('%')[0].split('::');
  const before = groups(head);
  const after = tail === undefined ? [] : groups(tail);
  const all = [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after];
  return all.flatMap((group) => [group >> 8, group & 0xff]);
}

function range(cidr: string, kind: string): Range {
  const [address, bits] = cidr.split('/');
  return { bytes: net.isIPv4(address) ? ipv4Bytes(address) : ipv6Bytes(address), bits: Number(bits), kind };
}

function inRange(bytes: number[], { bytes: prefix, bits }: Range): boolean {
  for (let bit = 0; bit < bits; bit += 8) {
    const mask = bits - bit >= 8 ? 0xff : (0xff << (8 - (bits - bit))) & 0xff;
    if ((bytes[bit / 8] & mask) !== (prefix[bit / 8] & mask)) return false;
  }
  return true;
}

const IPV4_FORBIDDEN: Range[] = [
  range('0.0.0.0/8', 'unspecified'),
  range('127.0.0.0/8', 'loopback'),
  range('169.254.0.0/16', 'link-local'),
  range('10.0.0.0/8', 'private'),
  range('172.16.0.0/12', 'private'),
  range('192.168.0.0/16', 'private'),
  range('100.64.0.0/10', 'shared (CGNAT)'),
  range('224.0.0.0/4', 'multicast'),
  range('255.255.255.255/32', 'broadcast'),
];

const IPV6_FORBIDDEN: Range[] = [
  range('::/128', 'unspecified'),
  range('::1/128', 'loopback'),
  range('fe80::/10', 'link-local'),
  range('fc00::/7', 'private'),
  range('fec0::/10', 'private'),
  range('ff00::/8', 'multicast'),
];

/** IPv6 forms that carry an IPv4 address, and where: such an address is judged by the IPv4 one. */
const IPV4_EMBEDDING: { range: Range; offset: number }[] = [
  { range: range('::ffff:0:0/96', 'IPv4-mapped'), offset: 12 },
  { range: range('::/96', 'IPv4-compatible'), offset: 12 },
  { range: range('64:ff9b::/96', 'NAT64'), offset: 12 },
  { range: range('2002::/16', '6to4'), offset: 2 },
];

/** Why an address must not be called ('loopback', 'IPv4-mapped private', …), or null when it may be. */
export function forbiddenAddressKind(address: string): string | null {
  if (net.isIPv4(address)) {
    const bytes = ipv4Bytes(address);
    return IPV4_FORBIDDEN.find((r) => inRange(bytes, r))?.kind ?? null;
  }
  if (!net.isIPv6(address)) return 'unreadable';
  const bytes = ipv6Bytes(address);
  const own = IPV6_FORBIDDEN.find((r) => inRange(bytes, r));
  if (own) return own.kind;
  for (const embedding of IPV4_EMBEDDING) {
    if (!inRange(bytes, embedding.range)) continue;
    const ipv4 = bytes.slice(embedding.offset, embedding.offset + 4).join('.');
    const kind = forbiddenAddressKind(ipv4);
    return kind ? `${embedding.range.kind} ${kind}` : null;
  }
  return null;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const resolveHost: HostResolver = (hostname) => lookup(hostname, { all: true });

/** An address the policy accepts: connect to exactly this address, not to a new resolution of the name. */
export interface CheckedAddress {
  allowed: true;
  url: URL;
  /** the URL's host, without IPv6 brackets */
  hostname: string;
  address: string;
  family: 4 | 6;
}

/** Makes a connection go to the address the policy checked, whatever the name resolves to by then. */
export function pinnedLookup({ address, family }: { address: string; family: number }): LookupFunction {
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options.all) callback(null, [{ address, family }]);
    else callback(null, address, family);
  }) as LookupFunction;
}

export type AddressDecision = CheckedAddress | { allowed: false; reason: string };

/**
 * Checks a webhook URL: http or https, and every address its host resolves to may be called (one bad address
 * is enough to refuse, as the system could pick it). Throws when the host does not resolve.
 */
export async function checkWebhookAddress(
  rawUrl: string,
  allowedHosts: readonly string[],
  resolve: HostResolver = resolveHost,
): Promise<AddressDecision> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { allowed: false, reason: 'the address is not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { allowed: false, reason: `only http and https are allowed, not ${url.protocol.replace(/:$/, '')}` };
  }
  const hostname = normalizeHost(url.hostname);
  const literal = net.isIP(hostname);
  const addresses = literal ? [{ address: hostname, family: literal }] : await resolve(hostname);
  if (addresses.length === 0) throw new Error(`${hostname} has no address`);
  if (!allowedHosts.map(normalizeHost).includes(hostname)) {
    for (const { address } of addresses) {
      const kind = forbiddenAddressKind(address);
      if (kind) {
        const subject = literal ? address : `${hostname} resolves to ${address}, which`;
        return {
          allowed: false,
          reason: `${subject} is not a public address (${kind}); list the host in WEBHOOK_ALLOWED_HOSTS to allow it`,
        };
      }
    }
  }
  const [first] = addresses;
  return { allowed: true, url, hostname, address: first.address, family: first.family === 6 ? 6 : 4 };
}
