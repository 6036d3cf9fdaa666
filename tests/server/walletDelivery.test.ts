import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import { RECIPIENT_CODE_MAX_ATTEMPTS, RECIPIENT_CODE_TTL_SECONDS } from '../../domain/recipientCodes';
import { bumpStatusVersion } from '../../server/repositories/certificates';
import {
  RECIPIENT_CODE_EXPIRED,
  RECIPIENT_CODE_WRONG,
  sendRecipientCode,
  spendRecipientCode,
} from '../../server/services/recipientCodes/recipientCodes';
import { MAIL_OFFERS_KEPT } from '../../server/services/walletDelivery/walletDelivery';
import { freePort } from '../support/freePort';
import { startSmtpSink, type ReceivedMail } from '../support/smtpSink';
import { oid4vcTsWallet } from '../support/oid4vciWallet';
import { inlinePart, OFFER_URI } from '../support/walletMail';
import { type CampaignApp, openCampaignApp } from './campaignApp';
import { TEST_DATABASES } from './testApp';

/**
 * Issue 30, "only the recipient claims": the certificate mail's "Add to your wallet" section (a live offer of that
 * certificate, its QR code an inline PNG) and the public page's mailed-code flow (recipient codes, shared with the
 * correction requests), over a real SMTP server on loopback and a real wallet client (oid4vc-ts).
 */

/** A PNG's pixels as RGBA, read from its chunks (8-bit greyscale, unfiltered rows: what the QR codes are). */
function pngPixels(png: Buffer): { width: number; height: number; data: Uint8ClampedArray } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      expect([data[8], data[9]]).toEqual([8, 0]);
    }
    if (type === 'IDAT') idat.push(data);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    expect(raw[y * (width + 1)]).toBe(0);
    for (let x = 0; x < width; x++) {
      const grey = raw[y * (width + 1) + 1 + x];
      rgba.set([grey, grey, grey, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data: rgba };
}

const CODE_IN_MAIL = /^(\d{6})$/m;

describe.each(TEST_DATABASES)('wallet delivery by mail and mailed code on %s', (database) => {
  let mailbox: Awaited<ReturnType<typeof startSmtpSink>>;
  let { t, headers, issuerId, templateId, campaignId } = {} as CampaignApp;
  let base: string;
  let certificates: { id: number; key: string; email: string }[];

  beforeAll(async () => {
    mailbox = await startSmtpSink({ reject: ['learner3@example.org'] });
  });
  afterAll(() => mailbox.close());

  beforeEach(async () => {
    mailbox.messages.length = 0;
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    ({ t, headers, issuerId, templateId, campaignId } = await openCampaignApp(database, {
      env: { MAIL_FROM: 'Laurel <hello@laurel.test>', PUBLIC_URL: base },
      recipients: 4,
      mailbox,
    }));
    await t.app.listen({ port, host: '127.0.0.1' });
    certificates = await t.app.laurel.db
      .selectFrom('certificates')
      .select(['id', 'key', 'email'])
      .where('campaign_id', '=', campaignId)
      .orderBy('email')
      .execute();
  }, 60_000);
  afterEach(async () => {
    vi.useRealTimers();
    await t.close();
  });

  const db = () => t.app.laurel.db;
  const sendCertificateMails = async (language = 'en') => {
    const queued = await t.app.inject({
      method: 'POST',
      url: '/api/admin/emails',
      headers,
      payload: {
        templateId,
        campaignId,
        object: 'Your badge',
        sender: { name: 'Campus', email: 'news@campus.example' },
        language,
      },
    });
    expect(queued.statusCode, queued.body).toBe(200);
    await t.app.laurel.jobs.runUntilIdle();
  };
  const setStatus = async (key: string, status: number) => {
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('certificates').set({ status_id: status }).where('key', '=', key).execute();
        await bumpStatusVersion(trx, issuerId);
      });
  };
  const form = (url: string, fields: Record<string, string>, ip = '198.51.100.7') =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
      remoteAddress: ip,
    });
  const askCode = (key: string, ip?: string) => form(`/certificate/${key}/wallet/code`, { lang: 'en' }, ip);
  const typeCode = (key: string, code: string, ip?: string) =>
    form(`/certificate/${key}/wallet/offer`, { lang: 'en', code }, ip);
  /** asks for a code and reads it from the mail the recipient gets */
  const mailedCode = async (key: string, email: string) => {
    const since = mailbox.messages.length;
    const asked = await askCode(key);
    expect(asked.statusCode, asked.body).toBe(200);
    await t.app.laurel.jobs.runUntilIdle();
    const mail = await mailbox.waitFor(email, { since });
    expect(mail.subject).toBe('Your code to add your credential to a wallet');
    return CODE_IN_MAIL.exec(mail.text)?.[1] as string;
  };
  const offerIn = (html: string) => ({
    offerUri: OFFER_URI.exec(html)?.[0].replace(/&amp;/g, '&') as string,
    txCode: /class="tx-code">(\d{6})</.exec(html)?.[1],
  });

  it('carries a live offer of that certificate in its mail: the QR (an inline PNG) holds the interaction URL, the links and tx code work once in oid4vc-ts', async () => {
    await sendCertificateMails();
    const [first] = certificates;
    const mail = await mailbox.waitFor(first.email);
    // the text part: each address once, the transaction code
    const offerUri = OFFER_URI.exec(mail.text)?.[0] as string;
    expect(offerUri).toBeDefined();
    const txCode = /If your wallet asks for a transaction code, type: (\d{6})/.exec(mail.text)?.[1];
    expect(txCode).toMatch(/^\d{6}$/);
    const interactionUrl = /The QR code holds this address: (\S+)/.exec(mail.text)?.[1] as string;
    expect(interactionUrl.startsWith(base)).toBe(true);
    expect(mail.text).toContain('https://lcw.app/request');
    // the HTML part shows the inline image, which is a PNG of the interaction URL
    expect(mail.text).toContain('src="cid:wallet-qr@laurel"');
    const qr = inlinePart(mail, 'wallet-qr@laurel');
    expect(qr.headers).toMatch(/Content-Type: image\/png/i);
    const pixels = pngPixels(qr.content);
    expect(jsQR(pixels.data, pixels.width, pixels.height)?.data).toBe(interactionUrl);

    // the offer is the certificate's, and works once
    const taken = await oid4vcTsWallet(offerUri, txCode);
    expect(taken.credential).toMatchObject({
      id: `${base}/ob/credentials/${first.key}`,
      credentialSubject: { id: taken.holder.did },
    });
    await expect(oid4vcTsWallet(offerUri, txCode)).rejects.toThrow();
    const offers = await db().selectFrom('wallet_offers').selectAll().where('certificate_id', '=', first.id).execute();
    expect(offers.map((o) => [o.state, o.user_id])).toEqual([['claimed', null]]);
    // the stored rows hold no secret of the mail
    expect(JSON.stringify(offers)).not.toContain(txCode);
  });

  it('withdraws the offer of a mail the server refused, and keeps at most MAIL_OFFERS_KEPT live offers per certificate', async () => {
    await sendCertificateMails();
    const refused = certificates.find((c) => c.email === 'learner3@example.org')!;
    expect(mailbox.messages.some((m) => m.to.includes(refused.email))).toBe(false);
    const refusedOffers = await db()
      .selectFrom('wallet_offers')
      .select(['state', 'expires_at'])
      .where('certificate_id', '=', refused.id)
      .execute();
    expect(refusedOffers).toHaveLength(1);
    expect(Date.parse(refusedOffers[0].expires_at)).toBeLessThanOrEqual(Date.now());
    expect(
      await db().selectFrom('wallet_mail_offers').selectAll().where('certificate_id', '=', refused.id).execute(),
    ).toEqual([]);

    // sent again and again: the oldest mails' offers are withdrawn, the newest work
    const [first] = certificates;
    for (let i = 1; i <= MAIL_OFFERS_KEPT; i++) await sendCertificateMails();
    const mails = mailbox.messages.filter((m) => m.to.includes(first.email));
    expect(mails).toHaveLength(MAIL_OFFERS_KEPT + 1);
    const kept = await db()
      .selectFrom('wallet_mail_offers')
      .select('offer_id')
      .where('certificate_id', '=', first.id)
      .execute();
    expect(kept).toHaveLength(MAIL_OFFERS_KEPT);
    const live = await db()
      .selectFrom('wallet_offers')
      .select('id')
      .where('certificate_id', '=', first.id)
      .where('state', '=', 'offered')
      .where('expires_at', '>', new Date().toISOString())
      .execute();
    expect(live.map((o) => o.id).sort()).toEqual(kept.map((o) => o.offer_id).sort());
    const linksOf = (mail: ReceivedMail) => ({
      offerUri: OFFER_URI.exec(mail.text)?.[0] as string,
      txCode: /type: (\d{6})/.exec(mail.text)?.[1],
    });
    const oldest = linksOf(mails[0]);
    // a withdrawn offer: its document is gone, its code refused
    const offerDocument = decodeURIComponent(oldest.offerUri.split('credential_offer_uri=')[1]);
    expect((await fetch(offerDocument)).status).toBe(404);
    const token = await fetch(`${base}/oid4vci/issuers/${issuerId}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:pre-authorized_code',
        'pre-authorized_code': offerDocument.split('/').pop() as string,
        tx_code: oldest.txCode as string,
      }),
    });
    expect(token.status).toBe(400);
    expect(await token.json()).toMatchObject({ error: 'invalid_grant' });
    const newest = linksOf(mails[mails.length - 1]);
    expect((await oid4vcTsWallet(newest.offerUri, newest.txCode)).credential).toMatchObject({
      id: `${base}/ob/credentials/${first.key}`,
    });
  });

  it("gives a test message the section's place and no offer: its readers are not the recipient", async () => {
    const [first] = certificates;
    const test = await t.app.inject({
      method: 'POST',
      url: '/api/admin/emailTest',
      headers,
      payload: {
        templateId,
        ids: String(first.id),
        object: 'Your badge',
        sender: { name: 'Campus', email: 'news@campus.example' },
        language: 'en',
        recipients: 'me@campus.example',
      },
    });
    expect(test.json()).toEqual({ ok: true, nbEmails: 1 });
    const received = await mailbox.waitFor('me@campus.example');
    expect(received.text).toContain('Add it to your wallet');
    expect(received.text).toContain('A test message does not carry them.');
    expect(received.text).not.toContain('openid-credential-offer://');
    expect(received.raw).not.toContain('wallet-qr@laurel');
    expect(await db().selectFrom('wallet_offers').selectAll().execute()).toEqual([]);
  });

  it("mails a code to the certificate's address (masked on the page) that buys a fresh offer, once", async () => {
    const [first] = certificates;
    const page = await t.app.inject({ method: 'GET', url: `/certificate/${first.key}/wallet?lang=en` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.body).toContain(`action="/certificate/${first.key}/wallet/code"`);
    expect(page.body).not.toContain(first.email);

    const asked = await askCode(first.key);
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('l***@example.org');
    expect(asked.body).not.toContain(first.email);
    expect(asked.headers['cache-control']).toBe('no-store');
    await t.app.laurel.jobs.runUntilIdle();
    const mail = await mailbox.waitFor(first.email);
    const code = CODE_IN_MAIL.exec(mail.text)?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    // stored hashed
    const stored = await db()
      .selectFrom('recipient_codes')
      .selectAll()
      .where('certificate_id', '=', first.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].purpose).toBe('wallet');
    expect(JSON.stringify(stored)).not.toContain(code);

    const answered = await typeCode(first.key, code);
    expect(answered.statusCode, answered.body).toBe(200);
    const offer = offerIn(answered.body);
    expect(answered.body).toContain('src="data:image/png;base64,');
    expect(answered.body).toContain('https://lcw.app/request');
    const taken = await oid4vcTsWallet(offer.offerUri, offer.txCode);
    expect(taken.credential).toMatchObject({ id: `${base}/ob/credentials/${first.key}` });

    // the code is spent
    const again = await typeCode(first.key, code);
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This code has been used or has expired');
  });

  it('refuses a wrong code a few times, then the code; another certificate’s code; an expired code; a replaced code', async () => {
    const [first, second] = certificates;
    const code = await mailedCode(first.key, first.email);
    const otherCode = await mailedCode(second.key, second.email);
    const wrong = code === '000000' ? '000001' : '000000';

    // another certificate's code is a wrong code here
    const foreign = await typeCode(first.key, otherCode === code ? wrong : otherCode);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain(`Tries left: ${RECIPIENT_CODE_MAX_ATTEMPTS - 1}.`);
    for (let left = RECIPIENT_CODE_MAX_ATTEMPTS - 2; left > 0; left--) {
      const answer = await typeCode(first.key, wrong);
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toContain(`Tries left: ${left}.`);
    }
    expect((await typeCode(first.key, wrong)).statusCode).toBe(410);
    // the right code no longer works after too many tries
    expect((await typeCode(first.key, code)).statusCode).toBe(410);

    // the second certificate's code still works, until it expires
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + (RECIPIENT_CODE_TTL_SECONDS + 1) * 1000);
    const late = await typeCode(second.key, otherCode);
    expect(late.statusCode).toBe(410);
    vi.useRealTimers();

    // a new code replaces the earlier one
    const earlier = await mailedCode(second.key, second.email);
    const later = await mailedCode(second.key, second.email);
    if (earlier !== later) expect((await typeCode(second.key, earlier)).statusCode).toBe(400);
    expect((await typeCode(second.key, later)).statusCode).toBe(200);
  });

  it('keeps codes to their purpose: a wallet code is no correction code (the shared service)', async () => {
    const [first] = certificates;
    const sent = await sendRecipientCode(t.app.laurel, first, 'correction', 'fr');
    expect(sent).toEqual({ sentTo: 'l***@example.org', validMinutes: RECIPIENT_CODE_TTL_SECONDS / 60 });
    await t.app.laurel.jobs.runUntilIdle();
    const mail = await mailbox.waitFor(first.email);
    expect(mail.subject).toBe('Votre code pour demander une correction de votre certificat');
    const correctionCode = CODE_IN_MAIL.exec(mail.text)?.[1] as string;
    // the correction code does not buy a wallet offer
    const asWallet = await typeCode(first.key, correctionCode);
    expect(asWallet.statusCode).toBe(410);
    const expectCode = async (promise: Promise<unknown>, code: string) => {
      const error = await promise.then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toMatchObject({ code });
    };
    const walletCode = await mailedCode(first.key, first.email);
    if (walletCode !== correctionCode) {
      await expectCode(spendRecipientCode(t.app.laurel, first, 'correction', walletCode), RECIPIENT_CODE_WRONG);
    }
    await spendRecipientCode(t.app.laurel, first, 'correction', correctionCode);
    await expectCode(spendRecipientCode(t.app.laurel, first, 'correction', correctionCode), RECIPIENT_CODE_EXPIRED);
    // spending the correction code left the wallet code alone
    expect((await typeCode(first.key, walletCode)).statusCode).toBe(200);
  });

  it('limits the codes mailed per certificate and per client', async () => {
    const [first, second] = certificates;
    for (let i = 0; i < 5; i++) expect((await askCode(first.key, `198.51.100.${10 + i}`)).statusCode).toBe(200);
    const tooMany = await askCode(first.key, '198.51.100.20');
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.body).toContain('Too many requests');
    // one client, many certificates (each under its own limit)
    const keys = [second.key, certificates[2].key, certificates[3].key];
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) answers.push((await askCode(keys[i % 3], '203.0.113.5')).statusCode);
    expect(answers).toEqual([...Array<number>(10).fill(200), 429]);
    await t.app.laurel.jobs.runUntilIdle();
    // the certificate's address got no more than its limit
    expect(mailbox.messages.filter((m) => m.to.includes(first.email))).toHaveLength(5);
  });

  it('offers nothing for a disabled certificate; a copy taken before is suspended', async () => {
    await sendCertificateMails();
    const [first] = certificates;
    const mail = await mailbox.waitFor(first.email);
    const code = await mailedCode(first.key, first.email);
    const { credential } = await oid4vcTsWallet(
      OFFER_URI.exec(mail.text)?.[0] as string,
      /type: (\d{6})/.exec(mail.text)?.[1],
    );
    await setStatus(first.key, CERTIFICATE_STATUS.disabled);
    expect((await t.app.inject({ method: 'GET', url: `/certificate/${first.key}/wallet` })).statusCode).toBe(404);
    expect((await askCode(first.key)).statusCode).toBe(404);
    expect((await typeCode(first.key, code)).statusCode).toBe(404);
    const verified = await t.app.inject({ method: 'POST', url: '/api/verify', payload: { credential } });
    const checks = verified.json<{ verified: boolean; checks: { check: string; verdict: string; code: string }[] }>();
    expect(checks.verified).toBe(false);
    expect(checks.checks).toContainEqual(expect.objectContaining({ check: 'suspension', verdict: 'fail' }));
    // enabled again: the code mailed before still works (it was not spent)
    await setStatus(first.key, CERTIFICATE_STATUS.validated);
    expect((await typeCode(first.key, code)).statusCode).toBe(200);
  });

  it('gives an unknown key or an unsigned certificate the not-found page, and its mail no wallet section', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/certificate/nope/wallet' })).statusCode).toBe(404);
    const [first] = certificates;
    await db().updateTable('certificates').set({ credential: null }).where('id', '=', first.id).execute();
    expect((await askCode(first.key)).statusCode).toBe(404);
    await sendCertificateMails();
    const mail = await mailbox.waitFor(first.email);
    expect(mail.text).not.toContain('openid-credential-offer://');
    expect(mail.raw).not.toContain('wallet-qr@laurel');
  });
});
