import fs from 'node:fs';
import path from 'node:path';
import { isValidEmail } from '../domain/email';
import { isPlan, type Plan } from '../domain/plans';
import { loadCredentialsKey } from './settings/credentialsKey';
import type { S3Settings } from './settings/fileStorage';
import { webhookSettings, type WebhookSettings } from './settings/webhooks';

/** Every setting of the server, read from the environment with embedded defaults (documented in README.md). */
export interface Config {
  port: number;
  host: string;
  /** where the SQLite file, the generated secrets and the stored files live */
  dataDir: string;
  /** postgres://… to use PostgreSQL; empty for the embedded SQLite file */
  databaseUrl: string | null;
  /** smtp://… or smtps://… to send mail; empty to keep mail in the outbox table */
  smtpUrl: string | null;
  mailFrom: string;
  /** where the help drawer's support requests are sent (SUPPORT_EMAIL) */
  supportEmail: string;
  /** HELP_URL: the knowledge base the help links to (http or https); empty for the built-in guide */
  helpUrl: string | null;
  /** the address users reach the product at, used in links and as the token issuer */
  publicUrl: string;
  adminEmail: string;
  initialPlan: Plan;
  initialCredits: number;
  initialIssuerName: string;
  /** HS256 secret for session tokens; generated once and kept in the database when empty */
  jwtSecret: string | null;
  /** 32 bytes encrypting the issuers' signing keys: CREDENTIALS_KEY, or generated once into DATA_DIR/credentials.key */
  credentialsKey: Buffer;
  sessionTtlSeconds: number;
  loginLinkTtlSeconds: number;
  /** validity of the sign-in link sent with an invitation */
  invitationTtlSeconds: number;
  /** how long a wallet offer (issue 30) can be taken: WALLET_OFFER_TTL_SECONDS, 7 days by default */
  walletOfferTtlSeconds: number;
  /** login attempts allowed per address and per client in one window */
  loginRateLimit: { perEmail: number; perClient: number; windowMs: number };
  /** self-service sign-up from the login page (SIGNUP_ENABLED, off by default) and the new issuer's credits */
  signUp: { enabled: boolean; credits: number };
  /** the built web app to serve at /, or null to serve none (tests of the API alone) */
  webRoot: string | null;
  logLevel: string;
  /** WEBHOOK_ALLOWED_HOSTS and WEBHOOK_TIMEOUT_MS (docs/webhooks.md) */
  webhooks: WebhookSettings;
  /**
   * TRUST_PROXY, given to Fastify's trustProxy: false (the socket address is the client), a hop count, or the
   * addresses/CIDRs of the proxies whose X-Forwarded-For is believed
   */
  trustProxy: boolean | number | string[];
  /** S3_URL, S3_BUCKET…: stored files in an S3-compatible bucket shared by every server; null keeps DATA_DIR/files */
  s3: S3Settings | null;
  /** how often the background worker looks for due jobs; 0 turns the poller off (the server tests drain by hand) */
  jobPollMs: number;
  /** a database probe (GET /api/health, /api/ready, recovery) slower than this counts as down */
  databaseProbeTimeoutMs: number;
  /**
   * LAUREL_ROLE: `all` (default) serves HTTP and runs the background jobs; `web` serves HTTP and only enqueues jobs;
   * `worker` runs the jobs and serves only GET /api/health and GET /api/ready
   */
  role: LaurelRole;
  /** JOB_LEASE_SECONDS: a running job's lease (default 30), renewed by a heartbeat; a dead worker's job is taken up after it */
  jobLeaseSeconds: number;
  /** JOB_STOP_GRACE_SECONDS: on SIGTERM, how long a running job may finish before it is released to another worker */
  jobStopGraceSeconds: number;
  /** NFT_RPC_URL and the other NFT_* settings: the EVM chain NFT certificates are anchored on, or null (docs/nft.md) */
  nft: NftChainSettings | null;
}

/** The EVM chain's settings (NFT_*); the signing key is a function so that no log or dump of the config shows it. */
export interface NftChainSettings {
  rpcUrl: string;
  chainId: number;
  /** the installation's LaurelCertificates contract; null until deployed (`npm run laurel -- ledger deploy`) */
  contractAddress: `0x${string}` | null;
  /** blocks on top of a transaction's block before it counts as final (NFT_CONFIRMATIONS, default 2) */
  confirmations: number;
  /** an explorer's base address (NFT_EXPLORER_URL): a transaction's page is {base}/tx/{hash}; null links the ledger page */
  explorerUrl: string | null;
  /** NFT_RESEND_SECONDS (default 180): a transaction not mined after this is sent again, same nonce, higher fees */
  resendSeconds: number;
  /** NFT_PRIVATE_KEY, or the first line of the file NFT_PRIVATE_KEY_FILE: 0x and 64 hex digits */
  privateKey: () => `0x${string}`;
}

export type LaurelRole = 'web' | 'worker' | 'all';

function role(env: Env): LaurelRole {
  const raw = (env.LAUREL_ROLE ?? '').trim().toLowerCase() || 'all';
  if (raw !== 'web' && raw !== 'worker' && raw !== 'all') {
    throw new Error(`LAUREL_ROLE must be web, worker or all, not "${env.LAUREL_ROLE}"`);
  }
  return raw;
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a non-negative integer, not "${raw}"`);
  return value;
}

function text(env: Env, name: string): string | null {
  const raw = env[name]?.trim();
  return raw ? raw : null;
}

/** NFT_RPC_URL, NFT_CHAIN_ID, NFT_CONTRACT_ADDRESS, NFT_CONFIRMATIONS, NFT_EXPLORER_URL, NFT_PRIVATE_KEY(_FILE). */
export function nftChainSettings(env: Env): NftChainSettings | null {
  const rpcUrl = text(env, 'NFT_RPC_URL');
  if (!rpcUrl) {
    const stray = ['NFT_CHAIN_ID', 'NFT_CONTRACT_ADDRESS', 'NFT_PRIVATE_KEY', 'NFT_PRIVATE_KEY_FILE'].find((name) =>
      text(env, name),
    );
    if (stray) throw new Error(`${stray} is set but NFT_RPC_URL is not: set NFT_RPC_URL to use an EVM chain`);
    return null;
  }
  if (!/^https?:\/\//.test(rpcUrl)) throw new Error('NFT_RPC_URL must be an http(s) address');
  const chainId = integer(env, 'NFT_CHAIN_ID', 0);
  if (chainId === 0) throw new Error('NFT_CHAIN_ID must be set with NFT_RPC_URL (100 for Gnosis, 10200 for Chiado)');
  const contractAddress = text(env, 'NFT_CONTRACT_ADDRESS');
  if (contractAddress !== null && !/^0x[0-9a-fA-F]{40}$/.test(contractAddress)) {
    throw new Error('NFT_CONTRACT_ADDRESS must be 0x and 40 hex digits');
  }
  const explorerUrl = text(env, 'NFT_EXPLORER_URL');
  if (explorerUrl !== null && !/^https?:\/\//.test(explorerUrl))
    throw new Error('NFT_EXPLORER_URL must be an http(s) address');
  const inline = text(env, 'NFT_PRIVATE_KEY');
  const file = text(env, 'NFT_PRIVATE_KEY_FILE');
  if (inline && file) throw new Error('NFT_PRIVATE_KEY and NFT_PRIVATE_KEY_FILE: set one of them, not both');
  let key: string;
  if (file) {
    try {
      key = fs.readFileSync(file, 'utf8').split(/\r?\n/)[0].trim();
    } catch {
      throw new Error(`NFT_PRIVATE_KEY_FILE cannot be read: ${file}`);
    }
  } else if (inline) key = inline;
  else throw new Error('NFT_RPC_URL needs the signing key: set NFT_PRIVATE_KEY or NFT_PRIVATE_KEY_FILE');
  if (!key.startsWith('0x')) key = `0x${key}`;
  // the message never repeats the key
  if (!/^0x[0-9a-fA-F]{64}$/.test(key))
    throw new Error('the NFT signing key must be 64 hex digits (with or without 0x)');
  const privateKey = key as `0x${string}`;
  return {
    rpcUrl,
    chainId,
    contractAddress: contractAddress as `0x${string}` | null,
    confirmations: Math.max(1, integer(env, 'NFT_CONFIRMATIONS', 2)),
    explorerUrl: explorerUrl?.replace(/\/+$/, '') ?? null,
    resendSeconds: Math.max(1, integer(env, 'NFT_RESEND_SECONDS', 180)),
    privateKey: () => privateKey,
  };
}

/** TRUST_PROXY: empty/false/off/0 → false; true → every proxy; a number → that many hops; else a list of addresses. */
export function parseTrustProxy(raw: string | null): boolean | number | string[] {
  if (raw === null || ['false', 'off', 'no', '0'].includes(raw.toLowerCase())) return false;
  if (['true', 'on', 'yes'].includes(raw.toLowerCase())) return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  const list = raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const address = /^([0-9a-fA-F:.]+)(\/\d{1,3})?$|^(loopback|linklocal|uniquelocal)$/;
  const wrong = list.find((part) => !address.test(part));
  if (wrong !== undefined) {
    throw new Error(`TRUST_PROXY must be true, a hop count or a list of addresses/CIDRs, not "${wrong}"`);
  }
  return list;
}

/** The setting in the form Fastify's types take: a hop count becomes the function Fastify itself would make. */
export function fastifyTrustProxy(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/** S3_URL with S3_BUCKET (both or neither), S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_PATH_STYLE, S3_PREFIX. */
export function s3Settings(env: Env): S3Settings | null {
  const url = text(env, 'S3_URL');
  const bucket = text(env, 'S3_BUCKET');
  if (!url && !bucket) return null;
  if (!url || !bucket) throw new Error('S3_URL and S3_BUCKET go together: set both to store files in S3, or neither');
  if (!/^https?:\/\//.test(url)) throw new Error(`S3_URL must be an http(s) address, not "${url}"`);
  const prefix = text(env, 'S3_PREFIX') ?? '';
  if (prefix && !/^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*\/$/.test(prefix)) {
    throw new Error(`S3_PREFIX must be folder names ending with "/", not "${prefix}"`);
  }
  return {
    url,
    bucket,
    region: text(env, 'S3_REGION') ?? 'us-east-1',
    accessKeyId: text(env, 'S3_ACCESS_KEY_ID'),
    secretAccessKey: text(env, 'S3_SECRET_ACCESS_KEY'),
    forcePathStyle: !['false', 'off', 'no', '0'].includes((text(env, 'S3_PATH_STYLE') ?? 'true').toLowerCase()),
    prefix,
  };
}

export function loadConfig(env: Env = process.env, overrides: Partial<Config> = {}): Config {
  const port = integer(env, 'PORT', 8080);
  const dataDir = path.resolve(text(env, 'DATA_DIR') ?? './data');
  const publicUrl = (text(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const adminEmail = text(env, 'LAUREL_ADMIN_EMAIL') ?? 'admin@example.org';
  if (!isValidEmail(adminEmail)) throw new Error(`LAUREL_ADMIN_EMAIL is not a valid address: "${adminEmail}"`);
  const initialPlan = text(env, 'LAUREL_INITIAL_PLAN') ?? 'FREE_TRIAL';
  if (!isPlan(initialPlan)) throw new Error(`LAUREL_INITIAL_PLAN is not a plan: "${initialPlan}"`);
  const webRoot = text(env, 'WEB_ROOT');
  const supportEmail = text(env, 'SUPPORT_EMAIL') ?? 'support@laurel.local';
  if (!isValidEmail(supportEmail)) throw new Error(`SUPPORT_EMAIL is not a valid address: "${supportEmail}"`);
  const helpUrl = text(env, 'HELP_URL');
  if (helpUrl !== null && !/^https?:\/\/[^\s]+$/i.test(helpUrl))
    throw new Error(`HELP_URL is not an http or https address: "${helpUrl}"`);
  return {
    port,
    host: text(env, 'HOST') ?? '0.0.0.0',
    dataDir,
    databaseUrl: text(env, 'DATABASE_URL'),
    smtpUrl: text(env, 'SMTP_URL'),
    mailFrom: text(env, 'MAIL_FROM') ?? 'Laurel <no-reply@laurel.local>',
    supportEmail,
    helpUrl,
    publicUrl,
    adminEmail,
    initialPlan,
    initialCredits: integer(env, 'LAUREL_INITIAL_CREDITS', 100),
    initialIssuerName: text(env, 'LAUREL_ISSUER_NAME') ?? 'My organisation',
    jwtSecret: text(env, 'JWT_SECRET'),
    credentialsKey: overrides.credentialsKey ?? loadCredentialsKey(text(env, 'CREDENTIALS_KEY'), dataDir),
    sessionTtlSeconds: integer(env, 'SESSION_TTL_SECONDS', 8 * 3600),
    loginLinkTtlSeconds: integer(env, 'LOGIN_LINK_TTL_SECONDS', 15 * 60),
    invitationTtlSeconds: integer(env, 'INVITATION_TTL_SECONDS', 7 * 24 * 3600),
    walletOfferTtlSeconds: integer(env, 'WALLET_OFFER_TTL_SECONDS', 7 * 24 * 3600),
    loginRateLimit: {
      perEmail: integer(env, 'LOGIN_RATE_PER_EMAIL', 5),
      perClient: integer(env, 'LOGIN_RATE_PER_CLIENT', 30),
      windowMs: integer(env, 'LOGIN_RATE_WINDOW_SECONDS', 15 * 60) * 1000,
    },
    signUp: {
      enabled: ['1', 'true', 'on', 'yes'].includes((text(env, 'SIGNUP_ENABLED') ?? '').toLowerCase()),
      credits: integer(env, 'SIGNUP_CREDITS', 100),
    },
    webRoot: webRoot === 'none' ? null : path.resolve(webRoot ?? './dist'),
    logLevel: text(env, 'LOG_LEVEL') ?? 'info',
    webhooks: webhookSettings(env),
    jobPollMs: integer(env, 'JOB_POLL_MS', 1000),
    databaseProbeTimeoutMs: Math.max(1, integer(env, 'DATABASE_PROBE_TIMEOUT_MS', 2000)),
    role: role(env),
    jobLeaseSeconds: Math.max(1, integer(env, 'JOB_LEASE_SECONDS', 30)),
    jobStopGraceSeconds: integer(env, 'JOB_STOP_GRACE_SECONDS', 20),
    s3: s3Settings(env),
    trustProxy: parseTrustProxy(text(env, 'TRUST_PROXY')),
    nft: nftChainSettings(env),
    ...overrides,
  };
}
