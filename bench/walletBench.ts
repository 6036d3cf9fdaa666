import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CERTIFICATE_STATUS } from '../domain/certificates';
import { buildApp } from '../server/app';
import { signCampaignCredentials } from '../server/services/credentials/campaignSigning';
import { ed25519PublicKeyMultibase, loadIssuerSigner } from '../server/services/credentials/issuerKeys';
import { signCredential } from '../server/services/credentials/signing';
import { createWalletOffer } from '../server/services/wallets/offers';
import { walletOfferLinks } from '../server/services/wallets/links';
import { freePort } from '../tests/support/freePort';
import { type SendStep, takeOfferRaw } from '../tests/support/rawOid4vci';
import { benchConfig } from './benchApp';
import { startHealthProbe } from './serverProbe';
import { seedBenchCampaign } from './signingBench';

/** 4 requests each: 100 per wallet, within the budget of 120 a minute per client */
const OFFERS = 200;
const WALLETS = 8;

interface Holder {
  did: string;
  kid: string;
  privateKey: KeyObject;
  /** each wallet is its own client (X-Forwarded-For through a trusted proxy): the per-client budget is 120 a minute */
  address: string;
}

function holder(_: unknown, index: number): Holder {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const multibase = ed25519PublicKeyMultibase(publicKey);
  return {
    did: `did:key:${multibase}`,
    kid: `did:key:${multibase}#${multibase}`,
    privateKey,
    address: `198.51.100.${index + 1}`,
  };
}

/** One OID4VCI wallet taking one offer as a wallet does, from its own client address. */
async function takeOffer(credentialOfferUri: string, wallet: Holder): Promise<void> {
  const send: SendStep = async (url, request) => {
    const response = await fetch(url, {
      ...request,
      headers: { ...request.headers, 'x-forwarded-for': wallet.address },
    });
    if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
    return { status: response.status, body: await response.text() };
  };
  await takeOfferRaw(send, credentialOfferUri, wallet);
}

/**
 * npm run bench wallets: OID4VCI offers completed per second by 8 wallets at once against one server on SQLite
 * (offer, token, nonce, credential: each copy re-signed with the issuer's key), with a health probe every 20 ms
 * (target: p99 < 100 ms), against the bare baseline of the same run: signing the same credential alone, which is
 * the dominant cost of an offer.
 */
export async function walletBench(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-bench-'));
  // the offers name PUBLIC_URL: the server's address is chosen before it is built
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const served = await buildApp(benchConfig(dataDir, { PUBLIC_URL: base, TRUST_PROXY: '127.0.0.1' }), {
    logger: false,
  });
  try {
    await served.listen({ port, host: '127.0.0.1' });
    {
      const { db } = served.laurel;
      const { issuerId, campaignId } = await seedBenchCampaign(db, OFFERS + 1, {
        status: CERTIFICATE_STATUS.validated,
        outcome: 'Alerter, protéger, secourir.',
      });
      await signCampaignCredentials(served.laurel, { issuerId, campaignId });
      const keys = (
        await db.selectFrom('certificates').select('key').where('campaign_id', '=', campaignId).execute()
      ).map((row) => row.key);
      const offers: string[] = [];
      for (const key of keys) {
        const offer = await createWalletOffer(db, {
          issuerId,
          certificateKey: key,
          ttlSeconds: 3600,
          withTxCode: false,
          userId: null,
        });
        offers.push(walletOfferLinks(base, issuerId, offer.code).credentialOfferUri);
      }

      // baseline: the same credential signed alone, one after another
      const stored = await db
        .selectFrom('certificates')
        .select('credential')
        .where('key', '=', keys[0])
        .executeTakeFirstOrThrow();
      const { proof: _proof, ...unsigned } = JSON.parse(stored.credential ?? '{}') as Record<string, unknown>;
      const signer = await loadIssuerSigner(db, issuerId, served.laurel.config.credentialsKey, base);
      const bareStart = performance.now();
      const BARE = 40;
      for (let i = 0; i < BARE; i += 1) await signCredential(unsigned, signer);
      const barePerSecond = (BARE / (performance.now() - bareStart)) * 1000;

      const wallets = Array.from({ length: WALLETS }, holder);
      // a first offer warms the server (its first copy of this shape goes through JSON-LD once)
      await takeOffer(offers.pop() as string, wallets[0]);
      const probe = startHealthProbe(`${base}/api/health`);
      const start = performance.now();
      let next = 0;
      await Promise.all(
        wallets.map(async (wallet) => {
          while (next < offers.length) await takeOffer(offers[next++], wallet);
        }),
      );
      const seconds = (performance.now() - start) / 1000;
      const health = await probe.stop();
      const perSecond = offers.length / seconds;
      console.info(
        `wallets: ${offers.length} OID4VCI offers taken by ${WALLETS} wallets in ${seconds.toFixed(1)} s (${perSecond.toFixed(1)}/s); ` +
          `bare signing of the same credential ${barePerSecond.toFixed(1)}/s (ratio ${(perSecond / barePerSecond).toFixed(2)}); ` +
          `health probe p99 ${health.p99.toFixed(0)} ms, max ${health.max.toFixed(0)} ms, ${health.failed} failed (target p99 < 100 ms)`,
      );
    }
  } finally {
    await served.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
