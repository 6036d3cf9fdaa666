import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { claimWalletOffer, issueWalletOfferToken } from '../../server/repositories/walletOffers';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { publishRows, recipientRows } from './publicationFixtures';
import { generatedCampaign, reportPage } from './reportFixtures';
import { type CampaignApp, openCampaignApp } from './campaignApp';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

interface Row {
  key: string;
  EvidenzId: number;
  StatusID: number;
  email: string;
  EmailStatus: string;
  url: string;
  firstName: string;
  WalletTakenAt?: string | null;
  WalletProtocol?: string | null;
}

describe.each(TEST_DATABASES)('reports, bulk operations and search on %s', (database) => {
  // each test's own, from openCampaignApp
  let { t, headers, issuerId, templateId, campaignId } = {} as CampaignApp;
  beforeEach(async () => {
    ({ t, headers, issuerId, templateId, campaignId } = await openCampaignApp(database));
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, as = headers) =>
    t.app.inject({ method, url, headers: as, ...(payload !== undefined ? { payload: payload as object } : {}) });
  const rows = async (body: Record<string, unknown>) => {
    const answer = await call('POST', '/api/admin/data_post', body);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ data: Row[]; count: number; counters?: Record<string, number> }>();
  };
  const asProfile = async (profile: (typeof PROFILE)[keyof typeof PROFILE], email: string) => {
    await addUser(t.app, issuerId, email, profile);
    return bearer(await signIn(t.app, email));
  };

  it('pages, sorts, filters and counts a campaign in the database', async () => {
    const first = await rows({ campaignId, offset: 0, limit: 2, counter: 'true' });
    expect(first.count).toBe(5);
    expect(first.data).toHaveLength(2);
    expect(first.counters).toEqual({ total: 5, validated: 5, disabled: 0, minting: 0 });
    expect(first.data[0]).toMatchObject({
      StatusID: 1,
      EmailStatus: 'not sent',
      firstName: 'Learner5',
      url: `http://laurel.test/certificate/${first.data[0].key}`,
    });
    const ascending = await rows({ campaignId, offset: 0, limit: 5, sort: 'email', order: 'ASC' });
    expect(ascending.data.map((row) => row.email)).toEqual([1, 2, 3, 4, 5].map((i) => `learner${i}@example.org`));
    const third = await rows({ campaignId, offset: 4, limit: 2, sort: 'email', order: 'ASC' });
    expect(third.data.map((row) => row.email)).toEqual(['learner5@example.org']);
    expect((await rows({ campaignId, filter: 'LEARNER3' })).count).toBe(1);
    expect((await rows({ campaignId, filter: '%' })).count).toBe(0);
    expect((await rows({ templateId, status: '1,3,6,9' })).count).toBe(5);
    expect((await rows({ templateId, status: [9] })).count).toBe(0);
    expect((await rows({ templateId, mailSent: '1,2' })).count).toBe(0);
    expect((await rows({ templateId, mailSent: '0' })).count).toBe(5);
    expect((await rows({ templateId, dateRange: '2000-01-01;2000-12-31' })).count).toBe(0);
    const missing = await call('POST', '/api/admin/data_post', { offset: 0 });
    expect(missing.statusCode).toBe(400);
    const badSort = await call('POST', '/api/admin/data_post', { campaignId, sort: 'email; drop table' });
    expect(badSort.statusCode).toBe(400);
  });

  it('reads the report header and keeps the campaign note (max 60, empty deletes it)', async () => {
    const header = await call('GET', `/api/admin/report?campaignId=${campaignId}`);
    expect(header.json()).toMatchObject({
      campaign: { ID: campaignId, Status: 'Started', nbActives: 5 },
      template: { id: templateId, type: 'openbadge', fieldsToCertified: 'Email' },
      counters: { total: 5 },
    });
    expect((await call('PUT', '/api/admin/campaign/notes', { campaignId, notes: '  Spring cohort ' })).statusCode).toBe(
      200,
    );
    expect((await call('GET', `/api/admin/report?campaignId=${campaignId}`)).json().campaign.Notes).toBe(
      'Spring cohort',
    );
    expect((await call('PUT', '/api/admin/campaign/notes', { campaignId, notes: 'x'.repeat(61) })).statusCode).toBe(
      400,
    );
    await call('PUT', '/api/admin/campaign/notes', { campaignId, notes: '' });
    expect((await call('GET', `/api/admin/report?campaignId=${campaignId}`)).json().campaign.Notes).toBe('');
    const reader = await asProfile(PROFILE.Reader, 'reader@example.org');
    const byReader = await call('PUT', '/api/admin/campaign/notes', { campaignId, notes: 'mine' }, reader);
    expect(byReader.statusCode).toBe(403);
    expect((await call('GET', `/api/admin/report?campaignId=${campaignId}`, undefined, reader)).statusCode).toBe(200);
  });

  it('disables, enables and deletes by the status rules, and bumps the status-list version', async () => {
    const { data } = await rows({ campaignId, sort: 'email', order: 'ASC' });
    const keys = data.map((row) => row.key);
    const version = async () =>
      (
        await t.app.laurel.db
          .selectFrom('issuers')
          .select('status_version')
          .where('id', '=', issuerId)
          .executeTakeFirstOrThrow()
      ).status_version;
    const before = await version();

    const disabled = await call('PUT', '/api/admin/keys', { ids: keys.slice(0, 2), enable: false });
    expect(disabled.json()).toEqual({ updated: 2, skipped: 0 });
    expect(await version()).toBe(before + 1);
    const again = await call('PUT', '/api/admin/keys', { ids: keys.slice(0, 2), enable: false });
    expect(again.json()).toEqual({ updated: 0, skipped: 2 });
    const enabled = await call('PUT', '/api/admin/keys', { ids: keys.slice(0, 1), enable: true });
    expect(enabled.json()).toEqual({ updated: 1, skipped: 0 });

    const deleted = await call('DELETE', `/api/admin/keys?campaignId=${campaignId}`, keys.slice(1, 3));
    expect(deleted.json()).toEqual({ updated: 2, skipped: 0 });
    const statuses = (await rows({ campaignId, sort: 'email', order: 'ASC', status: [1, 3, 9] })).data.map(
      (row) => row.StatusID,
    );
    expect(statuses).toEqual([1, 3, 3, 1, 1]);
    expect((await call('PUT', '/api/admin/keys', { ids: [keys[1]], enable: true })).json()).toEqual({
      updated: 0,
      skipped: 1,
    });
    const counters = (await rows({ campaignId, counter: true })).counters;
    expect(counters).toEqual({ total: 5, validated: 3, disabled: 0, minting: 0 });

    const forged = await call('DELETE', '/api/admin/keys', ['short-key']);
    expect(forged.statusCode).toBe(400);
  });

  it('shows when and how each certificate was taken into a wallet, and filters on it (issue 30)', async () => {
    await t.app.laurel.jobs.runUntilIdle();
    const { data } = await rows({ campaignId, sort: 'email', order: 'ASC' });
    const offer = async (key: string) => {
      const answer = await call('POST', `/api/certificates/${key}/wallet-offers`, { txCode: false });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json<{ id: number }>().id;
    };
    const claimedAt = '2026-11-27T08:15:00.000Z';
    // the wallet's side is tested in wallets.*.test.ts: here the offers are taken as the protocols record it
    const take = async (id: number, protocol: 'oid4vci' | 'vcapi') => {
      const db = t.app.laurel.db;
      // OID4VCI claims after its token step; the VC-API exchange claims the offer as offered
      if (protocol === 'oid4vci') {
        const tokenTaken = await issueWalletOfferToken(db, id, {
          access_token_hash: `token-${id}`,
          c_nonce_hash: `nonce-${id}`,
          token_expires_at: '2026-12-01T00:00:00.000Z',
        });
        expect(tokenTaken).toBe(true);
      }
      const claim = { holder_did: 'did:key:z6Mkholder', claimed_at: claimedAt, claimed_protocol: protocol };
      expect(await claimWalletOffer(db, id, claim)).toBe(true);
    };
    await take(await offer(data[0].key), 'oid4vci');
    await take(await offer(data[1].key), 'vcapi');
    await offer(data[2].key); // offered, never taken

    const all = await rows({ campaignId, sort: 'email', order: 'ASC' });
    expect(all.data.map((row) => [row.WalletTakenAt, row.WalletProtocol])).toEqual([
      [claimedAt, 'oid4vci'],
      [claimedAt, 'vcapi'],
      [null, null],
      [null, null],
      [null, null],
    ]);
    const keysOf = (page: { data: Row[] }) => page.data.map((row) => row.key).sort();
    const taken = await rows({ campaignId, wallet: '1' });
    expect(taken.count).toBe(2);
    expect(keysOf(taken)).toEqual([data[0].key, data[1].key].sort());
    const notTaken = await rows({ templateId, wallet: [0], status: [1, 3, 6, 9] });
    expect(notTaken.count).toBe(3);
    expect((await rows({ campaignId, wallet: '0,1' })).count).toBe(5);
    // with the search box's words too (the search path has its own conditions)
    expect((await rows({ campaignId, wallet: '1', filter: 'learner1' })).count).toBe(1);
    expect((await rows({ campaignId, wallet: '0', filter: 'learner1' })).count).toBe(0);
  });

  it('refuses bulk operations to Readers and never touches another issuer', async () => {
    const { data } = await rows({ campaignId });
    const keys = data.map((row) => row.key);
    const reader = await asProfile(PROFILE.Reader, 'reader@example.org');
    expect((await call('PUT', '/api/admin/keys', { ids: keys, enable: false }, reader)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/admin/keys', keys, reader)).statusCode).toBe(403);
    expect((await call('POST', '/api/admin/data_post', { campaignId }, reader)).statusCode).toBe(200);

    const other = await addIssuer(t.app, 'Other school');
    await addUser(t.app, other, 'admin@other.example', PROFILE.Administrator);
    const outsider = bearer(await signIn(t.app, 'admin@other.example'));
    expect((await call('DELETE', '/api/admin/keys', keys, outsider)).json()).toEqual({ updated: 0, skipped: 5 });
    expect((await call('POST', '/api/admin/data_post', { campaignId }, outsider)).json().count).toBe(0);
    expect((await call('GET', `/api/admin/report?campaignId=${campaignId}`, undefined, outsider)).statusCode).toBe(404);
    expect((await rows({ campaignId, status: [1] })).count).toBe(5);
  });

  it('refuses to delete NFT certificates and to change an open badge address', async () => {
    const { data } = await rows({ campaignId });
    await t.app.laurel.db.updateTable('templates').set({ is_nft: 1 }).where('id', '=', templateId).execute();
    const nft = await call('DELETE', '/api/admin/keys', [data[0].key]);
    expect(nft.statusCode).toBe(409);
    expect(nft.json()).toMatchObject({ code: 'OPERATION_REFUSED', reason: 'nft' });
    const email = await call('PUT', '/api/admin/email', { id: data[0].EvidenzId, email: 'new@example.org' });
    expect(email.statusCode).toBe(409);
    await t.app.laurel.db.updateTable('templates').set({ type: 'cpf_onshelf' }).where('id', '=', templateId).execute();
    const bad = await call('PUT', '/api/admin/email', { id: data[0].EvidenzId, email: 'not an address' });
    expect(bad.json().code).toBe('BAD_EMAIL_FORMAT');
    const changed = await call('PUT', '/api/admin/email', { id: data[0].EvidenzId, email: ' New@Example.org ' });
    expect(changed.json()).toEqual({ id: data[0].EvidenzId, email: 'new@example.org' });
    const reader = await asProfile(PROFILE.Reader, 'reader@example.org');
    expect(
      (await call('PUT', '/api/admin/email', { id: data[0].EvidenzId, email: 'r@example.org' }, reader)).statusCode,
    ).toBe(403);
  });

  it('searches by address, key and URL, one row per key', async () => {
    const { data } = await rows({ campaignId, sort: 'email', order: 'ASC' });
    const search = (mode: string, value: string) =>
      call('GET', `/api/admin/data?mode=${mode}&value=${encodeURIComponent(value)}`);
    const byEmail = await search('email', ' Learner2@Example.org ');
    expect(byEmail.json().data.map((row: Row) => row.key)).toEqual([data[1].key]);
    expect((await search('key', data[3].key)).json().data).toHaveLength(1);
    expect((await search('url', `https://laurel.example/certificate/${data[4].key}?lang=fr`)).json().data[0].key).toBe(
      data[4].key,
    );
    expect((await search('email', 'nobody')).json().code).toBe('ERROR_INVALID_EMAIL');
    expect((await search('key', 'abc')).json().code).toBe('ERROR_INVALID_KEY');
    expect((await search('url', 'not a url')).json().code).toBe('ERROR_INVALID_URL');
    expect((await search('url', 'https://laurel.example/certificate/abc')).json().code).toBe(
      'ERROR_URL_WITHOUT_VALID_KEY',
    );
    const other = await addIssuer(t.app, 'Other school');
    await addUser(t.app, other, 'admin@other.example', PROFILE.Administrator);
    const outsider = bearer(await signIn(t.app, 'admin@other.example'));
    const theirs = await call('GET', `/api/admin/data?mode=key&value=${data[0].key}`, undefined, outsider);
    expect(theirs.json().data).toEqual([]);
    expect(theirs.json().total).toBe(0);
  });

  it('pages and sorts the search results in the database, with the total', async () => {
    const again = await publishRows(t.app, headers, templateId, recipientRows(5));
    expect(again.statusCode, again.body).toBe(200);
    const search = async (query: string) => {
      const answer = await call('GET', `/api/admin/data?mode=email&value=learner1@example.org${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<{ data: Row[]; total: number }>();
    };
    const all = await search('');
    expect(all.total).toBe(2);
    // newest first by default
    expect(all.data[0].EvidenzId).toBeGreaterThan(all.data[1].EvidenzId);
    const second = await search('&offset=1&limit=1');
    expect(second).toMatchObject({ total: 2 });
    expect(second.data.map((row) => row.key)).toEqual([all.data[1].key]);
    expect((await search('&sort=PublicationDate&order=ASC')).data.map((row) => row.key)).toEqual(
      [...all.data].reverse().map((row) => row.key),
    );
    const disabled = await call('PUT', '/api/admin/keys', { ids: [all.data[1].key], enable: false });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await search('&sort=StatusID&order=DESC')).data.map((row) => row.StatusID)).toEqual([9, 1]);
    expect((await call('GET', '/api/admin/data?mode=email&value=learner1@example.org&sort=key')).statusCode).toBe(400);
  });
});

describe.each(TEST_DATABASES)('a report over 100,000 certificates on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let campaignId: number;
  let templateId: number;
  beforeAll(async () => {
    t = await createTestApp(database);
    let issuerId: number;
    ({ headers, issuerId } = await signInAdmin(t.app));
    ({ templateId, campaignId } = await generatedCampaign(t.app, headers, issuerId, 100_000));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const rows = (body: Record<string, unknown>) =>
    reportPage<{ data: Row[]; count: number; counters?: Record<string, number> }>(t.app, headers, body);

  it('counts, filters by status and mail, and pages deep in the database', async () => {
    const all = await rows({ campaignId, limit: 20, counter: true });
    expect(all.count).toBe(100_000);
    expect(all.counters).toEqual({ total: 100_000, validated: 89_109, disabled: 9_901, minting: 0 });
    expect(all.data[0].email).toBe('learner100000@example.org');
    const disabled = await rows({ templateId, status: [9], limit: 20 });
    expect(disabled.count).toBe(9_901);
    const sent = await rows({ templateId, mailSent: [1], limit: 20 });
    expect(sent.count).toBe(33_333);
    const deep = await rows({ campaignId, offset: 99_990, limit: 20 });
    expect(deep.data.map((row) => row.email)).toEqual(
      Array.from({ length: 10 }, (_, i) => `learner${10 - i}@example.org`),
    );
  });

  it('searches by any part of the address, name and recipient key, and sorts, over the indexes', async () => {
    const byEmail = await rows({ templateId, filter: 'Learner9999', limit: 20, sort: 'email', order: 'ASC' });
    expect(byEmail.count).toBe(11);
    expect(byEmail.data.map((row) => row.email)).toContain('learner9999@example.org');
    expect(byEmail.data[0].email).toBe('learner99990@example.org');
    // each word anywhere: Doe7 or Doe70–79 (i mod 100 is 7 or 70–79) and a number that starts with 10
    // (107; 1007, 1070–1079; 10007, 10070–10079 … 10907, 10970–10979): 1 + 11 + 110
    const byName = await rows({ templateId, filter: 'doe7 learner10', limit: 5 });
    expect(byName.count).toBe(122);
    const byKey = await rows({ templateId, filter: 'ID-4242', status: [1, 3, 6, 9], limit: 5 });
    expect(byKey.count).toBe(11);
    const none = await rows({ templateId, filter: 'nobody', limit: 5 });
    expect(none).toMatchObject({ count: 0, data: [] });
  });
});
