import { verifyMessage } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimMessage, revealMessage } from '../../domain/nftClaims';
import { createBadgeTemplate, publishRows, recipientRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

describe.each(TEST_DATABASES)('claiming and revealing NFT certificates on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  let templateId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
    templateId = await createBadgeTemplate(t.app, headers);
    await db().updateTable('templates').set({ is_nft: 1, network: 'gnosis' }).where('id', '=', templateId).execute();
  });
  afterEach(async () => {
    await t.close();
  });
  const db = () => t.app.laurel.db;
  const wallet = privateKeyToAccount(generatePrivateKey());
  const stranger = privateKeyToAccount(generatePrivateKey());

  const publish = async (count: number, template = templateId) => {
    const published = await publishRows(t.app, headers, template, recipientRows(count));
    expect(published.statusCode, published.body).toBe(200);
    const { campaignId } = published.json<{ campaignId: number }>();
    await t.app.laurel.jobs.runUntilIdle();
    return db()
      .selectFrom('certificates')
      .select(['id', 'key', 'status_id', 'campaign_id'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
  };
  const state = (key: string) => t.app.inject({ method: 'GET', url: `/api/public/certificates/${key}/nft` });
  const claim = (key: string, payload: Record<string, unknown>, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: `/api/public/certificates/${key}/claim`, payload, remoteAddress: ip });
  const reveal = (key: string, payload: Record<string, unknown>, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: `/api/public/certificates/${key}/reveal`, payload, remoteAddress: ip });
  const statusOf = async (id: number) =>
    (await db().selectFrom('certificates').select('status_id').where('id', '=', id).executeTakeFirstOrThrow())
      .status_id;
  const signedClaim = async (key: string, account = wallet, address = account.address) => ({
    wallet: address,
    signature: await account.signMessage({ message: claimMessage(key, address) }),
  });

  it("says in the verifier's report which certificates are anchored, so that the verify page asks only for those", async () => {
    const [anchored] = await publish(1);
    const classicTemplate = await createBadgeTemplate(t.app, headers);
    const [classic] = await publish(1, classicTemplate);
    const verify = async (key: string) => {
      const answer = await t.app.inject({ method: 'POST', url: '/api/verify', payload: { key } });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ credential: { anchored: boolean } }>().credential.anchored;
    };
    expect(await verify(anchored.key)).toBe(true);
    expect(await verify(classic.key)).toBe(false);
    expect((await state(classic.key)).json()).toMatchObject({ code: 'NOT_AN_NFT' });
  });

  it('claims a validated certificate into the signing wallet (1 → 13), reveals it (13 → 14), and the metadata follows', async () => {
    const [certificate, other] = await publish(2);
    expect(certificate.status_id).toBe(1);
    const before = await state(certificate.key);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ state: 'claimable', issuerId, tokenId: 0, claim: null, onChain: false });
    expect(before.json().proofUrl).toBe(`/ledger/${issuerId}/2/proof.json?leaf=0`);

    // the placeholder says nothing of the recipient
    const placeholder = await t.app.inject({ method: 'GET', url: `/nft/${issuerId}/0.json` });
    expect(placeholder.statusCode).toBe(200);
    expect(placeholder.json()).toMatchObject({ name: 'Certificate #0', claim: null });
    expect(placeholder.json().external_url).toBeUndefined();
    expect(placeholder.body).not.toContain(certificate.key);
    const row = recipientRows(2)[0];
    for (const value of [row.FirstName, row.LastName, row.Email].filter(Boolean)) {
      expect(placeholder.body).not.toContain(value);
    }

    // the address may be given in lower case: the claim keeps it checksummed, as in the signed message
    const claimed = await claim(certificate.key, {
      wallet: wallet.address.toLowerCase(),
      signature: await wallet.signMessage({ message: claimMessage(certificate.key, wallet.address) }),
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({ state: 'claimed', claim: { wallet: wallet.address, revealedAt: null } });
    expect(await statusOf(certificate.id)).toBe(13);
    expect(await statusOf(other.id)).toBe(1);
    // the claim is checkable by anyone from the metadata: the message, signed by the owner
    const afterClaim = (await t.app.inject({ method: 'GET', url: `/nft/${issuerId}/0.json` })).json();
    expect(afterClaim.claim.owner).toBe(wallet.address);
    expect(afterClaim.external_url).toBeUndefined();
    expect(
      await verifyMessage({
        address: afterClaim.claim.owner,
        message: afterClaim.claim.message,
        signature: afterClaim.claim.signature,
      }),
    ).toBe(true);
    expect(afterClaim.claim.message).toContain(certificate.key);

    // revealing needs the claim's wallet
    const strangerReveal = await reveal(certificate.key, {
      signature: await stranger.signMessage({ message: revealMessage(certificate.key, wallet.address) }),
    });
    expect(strangerReveal.statusCode).toBe(400);
    expect(strangerReveal.json().code).toBe('INVALID_SIGNATURE');
    const wrongMessage = await reveal(certificate.key, {
      signature: await wallet.signMessage({ message: claimMessage(certificate.key, wallet.address) }),
    });
    expect(wrongMessage.json().code).toBe('INVALID_SIGNATURE');
    expect(await statusOf(certificate.id)).toBe(13);

    const revealed = await reveal(certificate.key, {
      signature: await wallet.signMessage({ message: revealMessage(certificate.key, wallet.address) }),
    });
    expect(revealed.statusCode, revealed.body).toBe(200);
    expect(revealed.json().state).toBe('revealed');
    expect(await statusOf(certificate.id)).toBe(14);
    const metadata = (await t.app.inject({ method: 'GET', url: `/nft/${issuerId}/0.json` })).json();
    expect(metadata.external_url).toBe(`${t.config.publicUrl}/certificate/${certificate.key}`);
    expect(metadata.image).toBe(`${t.config.publicUrl}/certificate/${certificate.key}/badge.png`);
    expect(metadata.name).not.toBe('Certificate #0');
    expect(metadata.claim.revealedAt).not.toBeNull();

    // the ledger page shows the owner beside the leaf
    const page = await t.app.inject({ method: 'GET', url: `/ledger/${issuerId}/2?leaf=0` });
    expect(page.body).toContain(wallet.address);

    // once revealed, nothing more to do; the public page still shows a valid certificate
    const again = await reveal(certificate.key, {
      signature: await wallet.signMessage({ message: revealMessage(certificate.key, wallet.address) }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_REVEALED');
    expect((await claim(certificate.key, await signedClaim(certificate.key))).json().code).toBe('ALREADY_CLAIMED');
    expect((await t.app.inject({ method: 'GET', url: `/certificate/${certificate.key}` })).statusCode).toBe(200);
  });

  it('refuses each wrong claim with its code and changes nothing', async () => {
    const [certificate, second, third] = await publish(3);
    const refused = async (answer: Awaited<ReturnType<typeof claim>>, status: number, code: string) => {
      expect(answer.statusCode, answer.body).toBe(status);
      expect(answer.json().code).toBe(code);
    };
    // bad address: not an address, a wrong checksum
    await refused(await claim(certificate.key, { wallet: '0x1234', signature: '0x00' }), 400, 'INVALID_WALLET');
    // the same address with one letter's case flipped: a wrong checksum (keys without letters are skipped)
    const letter = [...wallet.address].findIndex((c, i) => i > 1 && /[a-fA-F]/.test(c));
    if (letter > 0) {
      const c = wallet.address[letter];
      const flipped = `${wallet.address.slice(0, letter)}${c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()}${wallet.address.slice(letter + 1)}`;
      await refused(await claim(certificate.key, { wallet: flipped, signature: '0x00' }), 400, 'INVALID_WALLET');
    }
    // bad signature: another wallet, another certificate's message, garbage
    const byStranger = {
      wallet: wallet.address,
      signature: await stranger.signMessage({ message: claimMessage(certificate.key, wallet.address) }),
    };
    await refused(await claim(certificate.key, byStranger), 400, 'INVALID_SIGNATURE');
    const forOther = await signedClaim(second.key);
    await refused(await claim(certificate.key, forOther), 400, 'INVALID_SIGNATURE');
    await refused(
      await claim(certificate.key, { wallet: wallet.address, signature: '0xzz' }),
      400,
      'INVALID_SIGNATURE',
    );
    // reveal before claim
    await refused(
      await reveal(certificate.key, {
        signature: await wallet.signMessage({ message: revealMessage(certificate.key, wallet.address) }),
      }),
      409,
      'NOT_CLAIMED',
    );
    expect(await statusOf(certificate.id)).toBe(1);
    expect(await db().selectFrom('nft_claims').selectAll().execute()).toEqual([]);

    // already claimed, even into the same wallet or by another
    expect((await claim(certificate.key, await signedClaim(certificate.key))).statusCode).toBe(200);
    await refused(await claim(certificate.key, await signedClaim(certificate.key, stranger)), 409, 'ALREADY_CLAIMED');

    // disabled and deleted certificates
    await db().updateTable('certificates').set({ status_id: 9 }).where('id', '=', second.id).execute();
    await refused(await claim(second.key, await signedClaim(second.key)), 409, 'CERTIFICATE_DISABLED');
    await db().updateTable('certificates').set({ status_id: 3 }).where('id', '=', second.id).execute();
    await refused(await claim(second.key, await signedClaim(second.key)), 410, 'CERTIFICATE_DELETED');
    // expired by its date
    await db().updateTable('certificates').set({ expiration_date: '2001-01-01' }).where('id', '=', third.id).execute();
    await refused(await claim(third.key, await signedClaim(third.key)), 409, 'CERTIFICATE_EXPIRED');
    // still minting
    await db()
      .updateTable('certificates')
      .set({ status_id: 11, expiration_date: null })
      .where('id', '=', third.id)
      .execute();
    await refused(await claim(third.key, await signedClaim(third.key)), 409, 'NFT_NOT_ANCHORED');
    expect((await state(third.key)).json().state).toBe('minting');
    // unknown key
    await refused(await claim('x'.repeat(128), await signedClaim('x'.repeat(128))), 404, 'CERTIFICATE_NOT_FOUND');

    // a classic (non-NFT) certificate
    const classic = await createBadgeTemplate(t.app, headers);
    const [plain] = await publish(1, classic);
    await refused(await claim(plain.key, await signedClaim(plain.key)), 409, 'NOT_AN_NFT');
    expect((await state(plain.key)).json().code).toBe('NOT_AN_NFT');
    expect(await statusOf(plain.id)).toBe(1);
    expect(await db().selectFrom('nft_claims').select('certificate_id').execute()).toEqual([
      { certificate_id: certificate.id },
    ]);
  });

  it('two claims of one certificate at once: one wins, the other is refused', async () => {
    const [certificate] = await publish(1);
    const answers = await Promise.all([
      claim(certificate.key, await signedClaim(certificate.key)),
      claim(certificate.key, await signedClaim(certificate.key, stranger)),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await db().selectFrom('nft_claims').selectAll().execute()).toHaveLength(1);
  });

  it('limits claims per client address', async () => {
    const [certificate] = await publish(1);
    const codes: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      codes.push((await claim(certificate.key, { wallet: '0x12', signature: '0x00' }, '10.9.9.9')).statusCode);
    }
    expect(codes.slice(0, 20).every((code) => code === 400)).toBe(true);
    expect(codes[20]).toBe(429);
    // another client is not held back
    expect((await claim(certificate.key, { wallet: '0x12', signature: '0x00' }, '10.9.9.8')).statusCode).toBe(400);
  });
});
