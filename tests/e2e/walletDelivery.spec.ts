import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { oid4vcTsWallet } from '../support/oid4vciWallet';
import { inlinePart, OFFER_URI } from '../support/walletMail';
import { expectNoSeriousViolations } from './accessibility';
import { createBadgeTemplate, expect, publishRows, screenshot, sessionToken, test } from './fixtures';

const JSQR = createRequire(import.meta.url).resolve('jsqr/dist/jsQR.js');

/**
 * What a QR image holds, read as a phone's camera would: the image drawn on a canvas in a blank page, its pixels
 * decoded by jsQR (loaded in that page: the public pages' CSP runs no script).
 */
async function decodeQr(page: Page, src: string): Promise<string | null> {
  const decoder = await page.context().newPage();
  try {
    await decoder.addScriptTag({ path: JSQR });
    return await decoder.evaluate(async (imageSrc) => {
      const image = new Image();
      image.src = imageSrc;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.drawImage(image, 0, 0);
      const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
      const decode = (
        window as unknown as { jsQR: (d: Uint8ClampedArray, w: number, h: number) => { data: string } | null }
      ).jsQR;
      return decode(data, width, height)?.data ?? null;
    }, src);
  } finally {
    await decoder.close();
  }
}

/**
 * Issue 30, "only the recipient claims", in a browser at phone width and in French: the certificate mail's QR code
 * (its inline PNG) holds the offer's interaction URL; the public page's "Add to a wallet" mails a code to the
 * recipient, takes it and shows a QR code and links that a wallet takes; a disabled certificate offers nothing more
 * and the copy taken is suspended.
 */
test('a recipient adds their credential to a wallet from the mail and from the page, in French on a phone', async ({
  page,
  laurel,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const token = await sessionToken(laurel, 'admin@example.org');
  const templateId = await createBadgeTemplate(laurel, token, {
    content: { fr: { microcertitle: 'Premiers secours', label: 'Premiers secours' } },
    defaultLanguage: 'fr',
  });
  const campaignId = await publishRows(laurel, token, templateId, [
    { ID: 'lea', Language: 'fr', Email: 'lea@example.org', firstName: 'Léa', lastName: 'Dupré' },
  ]);
  const certificate = () =>
    laurel.app.laurel.db
      .selectFrom('certificates')
      .select(['key', 'credential'])
      .where('campaign_id', '=', campaignId)
      .executeTakeFirstOrThrow();
  // signed in the background
  await expect.poll(async () => (await certificate()).credential !== null, { timeout: 30_000 }).toBe(true);
  const { key } = await certificate();

  // the certificate mail, sent from the report's action, from an address of the issuer's domain
  const { issuer_id: issuerId } = await laurel.app.laurel.db
    .selectFrom('templates')
    .select('issuer_id')
    .where('id', '=', templateId)
    .executeTakeFirstOrThrow();
  await laurel.app.laurel.db
    .updateTable('issuers')
    .set({ domains: 'campus.example' })
    .where('id', '=', issuerId)
    .execute();
  const before = laurel.mailbox.messages.length;
  const sent = await page.request.post('/api/admin/emails', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      templateId,
      campaignId,
      object: 'Votre badge',
      sender: { name: 'Campus', email: 'news@campus.example' },
      language: 'fr',
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const mail = await laurel.mailbox.waitFor('lea@example.org', {
    since: before,
    matching: OFFER_URI,
    timeoutMs: 30_000,
  });
  const interactionUrl = /Le QR code contient cette adresse : (\S+)/.exec(mail.text)?.[1];
  expect(interactionUrl?.startsWith(`${laurel.baseURL}/wallet/interactions/`)).toBe(true);

  // the mail as its reader sees it, its inline image in place, at phone width
  const qrPng = inlinePart(mail, 'wallet-qr@laurel').content;
  const qrSrc = `data:image/png;base64,${qrPng.toString('base64')}`;
  const html = /<!doctype html>[\s\S]*<\/html>/i.exec(mail.text)?.[0] as string;
  await page.setContent(html.replace('cid:wallet-qr@laurel', qrSrc));
  await expect(page.getByRole('heading', { name: 'L’ajouter à votre portefeuille' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ouvrir dans mon portefeuille OpenID' })).toHaveAttribute(
    'href',
    OFFER_URI,
  );
  await expect(page.getByRole('link', { name: 'Ouvrir dans le Learner Credential Wallet' })).toHaveAttribute(
    'href',
    /^https:\/\/lcw\.app\/request/,
  );
  await page
    .getByRole('img', { name: 'QR code pour ajouter votre certificat à un portefeuille' })
    .scrollIntoViewIfNeeded();
  await screenshot(page, 'wallet-mail-fr-390');
  expect(await decodeQr(page, qrSrc)).toBe(interactionUrl);

  // the public page's "Add to a wallet": a code mailed to the recipient
  await page.goto(`/certificate/${key}?lang=fr`);
  await page.getByRole('link', { name: 'Ajouter à un portefeuille' }).click();
  await expect(page.getByRole('heading', { name: 'Ajouter à un portefeuille', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'the wallet page, first step');
  await screenshot(page, 'wallet-page-start-fr-390');
  const beforeCode = laurel.mailbox.messages.length;
  await page.getByRole('button', { name: 'M’envoyer un code' }).click();
  await expect(page.getByRole('status')).toContainText('l***@example.org');
  await expect(page.locator('body')).not.toContainText('lea@example.org');
  const codeMail = await laurel.mailbox.waitFor('lea@example.org', { since: beforeCode, timeoutMs: 30_000 });
  expect(codeMail.subject).toBe('Votre code pour ajouter votre certificat à un portefeuille');
  const code = /^(\d{6})$/m.exec(codeMail.text)?.[1] as string;

  // a wrong code first, then the right one, typed with the keyboard
  const field = page.getByLabel('Code reçu par e-mail');
  await field.fill(code === '000000' ? '111111' : '000000');
  await field.press('Enter');
  await expect(page.getByRole('alert')).toContainText('Ce n’est pas le code envoyé. Essais restants : 4.');
  await expectNoSeriousViolations(page, 'the wallet page, a wrong code');
  await screenshot(page, 'wallet-page-wrong-code-fr-390');
  await page.getByLabel('Code reçu par e-mail').fill(code);
  await page.getByRole('button', { name: 'Afficher mon QR code' }).click();

  const qr = page.getByRole('img', { name: 'QR code pour ajouter ce certificat à un portefeuille' });
  await expect(qr).toBeVisible();
  const offerLink = page.getByRole('link', { name: 'Ouvrir dans mon portefeuille OpenID' });
  await expect(offerLink).toHaveAttribute('href', OFFER_URI);
  await expect(page.getByRole('link', { name: 'Ouvrir dans le Learner Credential Wallet' })).toBeVisible();
  const txCode = (await page.locator('.tx-code').innerText()).trim();
  expect(txCode).toMatch(/^\d{6}$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousViolations(page, 'the wallet page, the offer');
  await screenshot(page, 'wallet-page-offer-fr-390');
  const pageQr = await decodeQr(page, (await qr.getAttribute('src')) as string);
  expect(pageQr?.startsWith(`${laurel.baseURL}/wallet/interactions/`)).toBe(true);
  expect(pageQr).not.toBe(interactionUrl);

  // a wallet takes the page's offer
  const { credential } = await oid4vcTsWallet((await offerLink.getAttribute('href')) as string, txCode);
  expect(credential).toMatchObject({ id: `${laurel.baseURL}/ob/credentials/${key}` });
  const verify = async () =>
    (await (await page.request.post('/api/verify', { data: { credential } })).json()) as { verified: boolean };
  expect((await verify()).verified).toBe(true);

  // the same code again: spent
  const spent = await page.request.post(`/certificate/${key}/wallet/offer`, { form: { code, lang: 'fr' } });
  expect(spent.status()).toBe(410);
  expect(await spent.text()).toContain('Ce code a déjà servi ou a expiré. Demandez-en un nouveau.');

  // disabled by its issuer: the page offers no wallet any more, and the copy taken is suspended
  const disabled = await page.request.put('/api/admin/keys', {
    headers: { authorization: `Bearer ${token}` },
    data: { ids: [key], enable: false },
  });
  expect(disabled.status(), await disabled.text()).toBe(200);
  await page.goto(`/certificate/${key}?lang=fr`);
  await expect(page.getByRole('link', { name: 'Ajouter à un portefeuille' })).toHaveCount(0);
  const again = await page.request.post(`/certificate/${key}/wallet/code`, { form: { lang: 'fr' } });
  expect(again.status()).toBe(404);
  expect((await verify()).verified).toBe(false);
});
