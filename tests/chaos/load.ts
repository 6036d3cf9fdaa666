import { generateKeyPairSync } from 'node:crypto';
import { ed25519PublicKeyMultibase } from '../../server/services/credentials/issuerKeys';
import { recipientRows } from '../server/publicationFixtures';
import { type SendStep, takeOfferRaw } from '../support/rawOid4vci';
import { classify, type Answer, type Tally } from './tally';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

/** What the clients share: where to call, as whom, what was published, and when to stop. */
export interface LoadState {
  /** the API processes (role all, and role web) */
  urls: string[];
  session: Record<string, string>;
  apiKey: Record<string, string>;
  templateIds: number[];
  tally: Tally;
  /** campaigns the server accepted, with how they were published */
  campaigns: Map<number, { rows: number; automatedEmailing: boolean; templateId: number }>;
  /** campaigns whose recipients were sent their mail by the report's send action (answered 200) */
  mailed: Set<number>;
  /** certificate keys seen in reports, for the public pages, PDFs and verify calls */
  keys: string[];
  /** the clients stop when this is false or their deadline passed */
  running: boolean;
  deadline: number;
}

/**
 * One call, counted: an answer by its status (tally.ts), no answer by the error's code. The body is read whole, so
 * a connection cut mid-answer counts too.
 */
export async function call(
  state: LoadState,
  kind: string,
  path: string,
  init: RequestInit & { expected?: readonly number[]; timeoutMs?: number } = {},
): Promise<Answer | null> {
  const { expected = [], timeoutMs = 120_000, ...request } = init;
  try {
    const response = await fetch(`${pick(state.urls)}${path}`, {
      redirect: 'manual',
      ...request,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const answer: Answer = { status: response.status, headers: response.headers, body: await response.text() };
    const { label, verdict } = classify(answer, expected);
    state.tally.record(kind, label, verdict, `${path} ${answer.body.slice(0, 200)}`);
    return answer;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    state.tally.record(kind, `${cause}!`, 'failure', path);
    await sleep(100);
    return null;
  }
}

const json = (headers: Record<string, string>) => ({ ...headers, 'content-type': 'application/json' });
const active = (state: LoadState) => state.running && Date.now() < state.deadline;

/**
 * Publishes `rows` rows with an Idempotency-Key, asking again (same key) after a 503 or no answer until the server
 * accepts it: the campaign is recorded once whatever the number of tries.
 */
export async function publish(
  state: LoadState,
  headers: Record<string, string>,
  rows: number,
  automatedEmailing: boolean,
  key: string,
): Promise<number | null> {
  const templateId = pick(state.templateIds);
  const body = JSON.stringify({
    templateId,
    data: recipientRows(rows),
    contentType: 'json',
    notes: key,
    'automated-emailing': automatedEmailing,
    // the same recipients again on purpose: every campaign is new work (the duplicates refusal has its own tests)
    duplicateBehavior: 'allow',
  });
  for (let attempt = 0; attempt < 60; attempt++) {
    const answer = await call(state, 'publish', '/api/admin/data', {
      method: 'POST',
      headers: { ...json(headers), 'idempotency-key': key },
      body,
    });
    if (answer?.status === 200) {
      const { campaignId } = JSON.parse(answer.body) as { campaignId: number };
      state.campaigns.set(campaignId, { rows, automatedEmailing, templateId });
      return campaignId;
    }
    if (answer && answer.status !== 503) return null;
    await sleep(500 + Math.random() * 1000);
  }
  return null;
}

/** Publishes campaigns of `rows()` rows one after another, half of them mailed by the publication itself. */
export async function publisher(
  state: LoadState,
  name: string,
  headers: Record<string, string>,
  rows: () => number,
  pauseMs: number,
) {
  for (let n = 0; n < 1000 && active(state); n++) {
    await publish(state, headers, rows(), n % 2 === 0, `chaos-${name}-${n}`);
    await sleep(pauseMs);
  }
}

const knownCampaign = (state: LoadState) => (state.campaigns.size ? pick([...state.campaigns.keys()]) : null);

/** The report: a page with its counters and the header, the way the report page asks for them. */
export async function reportReader(state: LoadState) {
  for (let n = 0; n < 10_000 && active(state); n++) {
    const campaignId = knownCampaign(state);
    if (!campaignId) {
      await sleep(200);
      continue;
    }
    const page = await call(state, 'report', '/api/admin/data_post', {
      method: 'POST',
      headers: json(state.session),
      body: JSON.stringify({ campaignId, counter: true, limit: 20, sort: 'email', order: 'ASC' }),
    });
    if (page?.status === 200) {
      const { data } = JSON.parse(page.body) as { data: { key: string }[] };
      for (const row of data.slice(0, 2)) if (state.keys.length < 5000) state.keys.push(row.key);
    }
    await call(state, 'report', `/api/admin/report?campaignId=${campaignId}`, { headers: state.session });
    await sleep(50);
  }
}

/** Search by address and by key, and the export's source (a page of 1,000 rows, what the xlsx export reads). */
export async function searcher(state: LoadState) {
  for (let n = 0; n < 10_000 && active(state); n++) {
    const email = `learner${1 + Math.floor(Math.random() * 20)}@example.org`;
    await call(state, 'search', `/api/admin/data?mode=email&value=${encodeURIComponent(email)}&limit=20`, {
      headers: state.apiKey,
    });
    if (state.keys.length) {
      await call(state, 'search', `/api/admin/data?mode=key&value=${pick(state.keys)}`, { headers: state.session });
    }
    const campaignId = knownCampaign(state);
    if (campaignId) {
      await call(state, 'export', '/api/admin/data_post', {
        method: 'POST',
        headers: json(state.apiKey),
        body: JSON.stringify({ campaignId, limit: 1000 }),
      });
    }
    await sleep(100);
  }
}

/**
 * Public pages, PDFs and the verify call on certificates seen in the reports (a certificate not signed yet may
 * answer 404 or 409 on its credential), and the PDF export of a few as one .zip, polled until ready.
 */
export async function visitor(state: LoadState) {
  for (let n = 0; n < 10_000 && active(state); n++) {
    if (!state.keys.length) {
      await sleep(200);
      continue;
    }
    const key = pick(state.keys);
    await call(state, 'public page', `/certificate/${key}`, { expected: [404] });
    await call(state, 'public page', `/ob/credentials/${key}`, { expected: [404] });
    await call(state, 'pdf', `/certificate/${key}/certificate.pdf`, { expected: [404] });
    await call(state, 'verify', '/api/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key }),
      // the verify call is limited per address: a busy loop meets the limit
      expected: [404, 429],
    });
    if (n % 5 === 0) await zipExport(state, [key, pick(state.keys), pick(state.keys)]);
    await sleep(100);
  }
}

async function zipExport(state: LoadState, keys: string[]) {
  const asked = await call(state, 'export', '/api/admin/pdf', {
    method: 'POST',
    headers: json(state.session),
    body: JSON.stringify({ keys: [...new Set(keys)] }),
    // a certificate not active any more, or not signed yet; 429 while too many documents are being made
    expected: [400, 404, 409, 429],
  });
  if (asked?.status !== 200) return;
  const { token } = JSON.parse(asked.body) as { token: string };
  for (let i = 0; i < 40 && active(state); i++) {
    const ready = await call(state, 'export', `/api/document/ready/${token}`, { expected: [410] });
    if (ready?.status === 200 && (JSON.parse(ready.body) as { ready: boolean }).ready) {
      await call(state, 'export', `/api/document/download/${token}`, { expected: [410] });
      return;
    }
    await sleep(500);
  }
}

/**
 * The report's send action on campaigns published without their mails, once each is Done (a campaign still being
 * signed answers 409): each recipient gets one mail. Asked again only after a 503 or a 409.
 */
export async function mailer(state: LoadState) {
  for (let n = 0; n < 10_000 && active(state); n++) {
    const waiting = [...state.campaigns].filter(([id, c]) => !c.automatedEmailing && !state.mailed.has(id));
    if (!waiting.length) {
      await sleep(500);
      continue;
    }
    const [campaignId, campaign] = pick(waiting);
    const answer = await call(state, 'mail', '/api/admin/emails', {
      method: 'POST',
      headers: json(state.session),
      body: JSON.stringify({
        templateId: campaign.templateId,
        campaignId,
        object: 'Your badge is ready',
        sender: { name: 'Campus', email: 'news@campus.example' },
        language: 'en',
      }),
      expected: [409],
    });
    if (answer?.status === 200) state.mailed.add(campaignId);
    await sleep(300);
  }
}

/** The path and query of one of the server's addresses (PUBLIC_URL names none of the chaos run's processes). */
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/**
 * A wallet (issue 30): makes an offer of a published certificate, takes it by OID4VCI as a wallet does (offer,
 * token with the transaction code, nonce, credential with a holder proof), then has the copy checked by the VC-API
 * verifier. A step answered 503 leaves that offer (it expires); a copy that does not verify is a failure.
 */
export async function walletTaker(state: LoadState) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const multibase = ed25519PublicKeyMultibase(publicKey);
  const holder = { did: `did:key:${multibase}`, kid: `did:key:${multibase}#${multibase}`, privateKey };
  // wallet calls are limited per client address, and every chaos client is 127.0.0.1
  const limited = [404, 429];
  for (let n = 0; n < 10_000 && active(state); n++) {
    await sleep(400);
    if (!state.keys.length) continue;
    const made = await call(state, 'wallet', `/api/certificates/${pick(state.keys)}/wallet-offers`, {
      method: 'POST',
      headers: json(state.session),
      body: JSON.stringify({ txCode: true }),
      // a certificate disabled, deleted or not signed yet
      expected: [404, 409],
    });
    if (made?.status !== 201) continue;
    const { credentialOfferUri, txCode } = JSON.parse(made.body) as { credentialOfferUri: string; txCode: string };
    const send: SendStep = (url, request) => call(state, 'wallet', pathOf(url), { ...request, expected: limited });
    let copy: Record<string, unknown> | null;
    try {
      copy = await takeOfferRaw(send, credentialOfferUri, holder, txCode);
    } catch (error) {
      state.tally.record('wallet', 'bad copy!', 'failure', (error as Error).message);
      continue;
    }
    if (!copy) continue;
    const verified = await call(state, 'wallet copy', '/credentials/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ verifiableCredential: copy }),
      expected: [429],
    });
    if (verified?.status !== 200) continue;
    const answer = JSON.parse(verified.body) as { verified: boolean; errors: unknown[] };
    if (!answer.verified) {
      state.tally.record('wallet', 'copy not verified!', 'failure', JSON.stringify(answer.errors).slice(0, 200));
    }
  }
}
