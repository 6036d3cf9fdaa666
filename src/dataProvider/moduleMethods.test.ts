import { HttpResponse } from 'msw';
import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { storeToken } from '../session/tokenStorage';
import { accountMethods } from './account';
import { billingMethods } from './billing';
import { certificateMethods } from './certificates';
import { dashboardMethods } from './dashboard';
import { dataProvider } from './dataProvider';
import { recordingServer } from './testServer';
import { emailMethods } from './emails';
import { helpMethods } from './help';
import { profileMethods } from './profile';
import { referenceTableMethods } from './referenceTables';
import { securityMethods } from './security';
import { verificationMethods } from './verification';
import { nftClaimMethods } from './nftClaims';
import { publicationMethods } from './publication';
import { publicationPartsCalls } from './publicationParts';
import { tagMethods } from './tags';
import { templateEditorMethods } from './templateEditor';
import { webhookMethods } from './webhooks';

/**
 * The custom methods no other msw test sends (issue 13, "how it is checked"): per module, the request each sends
 * (method, path and query, body, token) and how the server's refusals (400 with field errors, 403, 404, 409, 500)
 * and a lost connection reach the page as react-admin's HttpError (status, message, body).
 */
// the credential's proof documents are read outside /api/
const api = recordingServer({ paths: '*' });
const { seen } = api;

const sent = () => seen.map(({ method, url, body }) => ({ method, url, body }));

/** The refusals every call can meet, and the HttpError each must become. */
const refusals: [string, () => Response, { status: number; message: string; body: object }][] = [
  [
    '400 with field errors',
    () =>
      HttpResponse.json(
        {
          code: 'VALIDATION_ERROR',
          message: 'The request is not valid',
          issues: [{ path: '/email', message: 'Invalid email' }],
        },
        { status: 400 },
      ),
    {
      status: 400,
      message: 'The request is not valid',
      body: { code: 'VALIDATION_ERROR', issues: [{ path: '/email', message: 'Invalid email' }] },
    },
  ],
  [
    '403',
    () => HttpResponse.json({ code: 'FORBIDDEN', message: 'Not allowed' }, { status: 403 }),
    { status: 403, message: 'Not allowed', body: { code: 'FORBIDDEN' } },
  ],
  [
    '404',
    () => HttpResponse.json({ code: 'NOT_FOUND', message: 'No such thing' }, { status: 404 }),
    { status: 404, message: 'No such thing', body: { code: 'NOT_FOUND' } },
  ],
  [
    '409',
    () => HttpResponse.json({ code: 'TEMPLATE_UNAVAILABLE', message: 'Unavailable' }, { status: 409 }),
    { status: 409, message: 'Unavailable', body: { code: 'TEMPLATE_UNAVAILABLE' } },
  ],
  [
    '500',
    () => HttpResponse.json({ code: 'INTERNAL_ERROR', message: 'Something went wrong' }, { status: 500 }),
    { status: 500, message: 'Something went wrong', body: { code: 'INTERNAL_ERROR' } },
  ],
];

/** Each module's calls, one per method, for the refusal table. */
const calls: [string, () => Promise<unknown>][] = [
  ['certificates.saveCampaignNote', () => certificateMethods.saveCampaignNote(3, 'x')],
  ['certificates.changeCertificateEmail', () => certificateMethods.changeCertificateEmail(4, 'a@b.org')],
  ['certificates.emailingState', () => certificateMethods.emailingState()],
  ['certificates.emailableIds', () => certificateMethods.emailableIds(7)],
  ['publication.templateForImport', () => publicationMethods.templateForImport(1, 2)],
  ['publication.credits', () => publicationMethods.credits(1)],
  ['publicationParts.createPublicationUpload', () => publicationPartsCalls.createPublicationUpload({ templateId: 2 })],
  ['publicationParts.sendPublicationPart', () => publicationPartsCalls.sendPublicationPart(5, 1, [])],
  ['publicationParts.commitPublicationUpload', () => publicationPartsCalls.commitPublicationUpload(5, 2, 'k')],
  ['tags.getTemplateTags', () => tagMethods.getTemplateTags()],
  ['tags.saveTemplateTags', () => tagMethods.saveTemplateTags([])],
  ['templateEditor.getEditorTemplates', () => templateEditorMethods.getEditorTemplates()],
  ['webhooks.getWebhookSecretState', () => webhookMethods.getWebhookSecretState()],
  ['webhooks.rotateWebhookSecret', () => webhookMethods.rotateWebhookSecret()],
  ['nftClaims.nftCertificate', () => nftClaimMethods.nftCertificate('k')],
  ['nftClaims.claimNft', () => nftClaimMethods.claimNft('k', { wallet: '0x1', signature: '0x2' })],
  ['nftClaims.revealNft', () => nftClaimMethods.revealNft('k', { signature: '0x2' })],
  // the modules whose requests areaMethods.test.ts and typedCalls.test.ts check: here their refusals
  ['certificates.reportHeader', () => certificateMethods.reportHeader({ campaignId: 3 })],
  ['certificates.cpfExport', () => certificateMethods.cpfExport({ templateId: 3 })],
  ['certificates.cpfControl', () => certificateMethods.cpfControl(3)],
  ['account.getAccount', () => accountMethods.getAccount(1)],
  ['account.saveOnboardingAnswers', () => accountMethods.saveOnboardingAnswers({} as never)],
  ['account.markOnboarded', () => accountMethods.markOnboarded(1)],
  ['account.acceptTerms', () => accountMethods.acceptTerms({} as never)],
  ['billing.getBillingAccount', () => billingMethods.getBillingAccount(1)],
  ['billing.getBillingProducts', () => billingMethods.getBillingProducts()],
  ['billing.startCheckout', () => billingMethods.startCheckout(1, {} as never)],
  ['billing.getUpgradeFee', () => billingMethods.getUpgradeFee(1, 'PRO')],
  ['billing.changePlan', () => billingMethods.changePlan(1, 'PRO', 10)],
  ['billing.openBillingPortal', () => billingMethods.openBillingPortal(1, {} as never)],
  ['dashboard.getDashboardStats', () => dashboardMethods.getDashboardStats()],
  [
    'dashboard.getDashboardActivity',
    () => dashboardMethods.getDashboardActivity({ startDate: '2026-11-01', endDate: '2026-11-26' } as never),
  ],
  ['emails.getEmailingSettings', () => emailMethods.getEmailingSettings()],
  ['emails.sendEmails', () => emailMethods.sendEmails({} as never)],
  ['emails.sendTestEmail', () => emailMethods.sendTestEmail({} as never)],
  ['emails.resendEmails', () => emailMethods.resendEmails(['k'])],
  [
    'help.sendSupportRequest',
    () => helpMethods.sendSupportRequest({ type: 'question', object: 'o', description: 'd', files: [] } as never, 'en'),
  ],
  ['profile.getIssuerProfile', () => profileMethods.getIssuerProfile(1)],
  ['profile.saveProfileParams', () => profileMethods.saveProfileParams({} as never)],
  ['profile.submitAccountVerification', () => profileMethods.submitAccountVerification(new FormData())],
  ['profile.getNotificationConfig', () => profileMethods.getNotificationConfig()],
  ['profile.saveNotificationConfig', () => profileMethods.saveNotificationConfig({} as never)],
  ['profile.testNotification', () => profileMethods.testNotification()],
  ['referenceTables.getReferenceTables', () => referenceTableMethods.getReferenceTables(3)],
  ['referenceTables.saveReferenceTables', () => referenceTableMethods.saveReferenceTables(3, [])],
  ['security.enableSecondFactor', () => securityMethods.enableSecondFactor(1, 'S', '123456')],
  ['security.disableSecondFactor', () => securityMethods.disableSecondFactor(1)],
  ['verification.verifyCredential', () => verificationMethods.verifyCredential({ key: 'k' } as never)],
  ['tags.assignTemplateTags', () => tagMethods.assignTemplateTags([1], [2])],
  // the resources' handlers (dataProvider.ts) and ra-data-simple-rest's credit operations
  ...resourceCalls(),
];

/** react-admin's methods on each resource its handler serves. */
function resourceCalls(): [string, () => Promise<unknown>][] {
  const list = { pagination: { page: 1, perPage: 25 }, sort: { field: 'id', order: 'ASC' as const }, filter: {} };
  const record = { id: 6, name: 'x' };
  const crud = (resource: string): [string, () => Promise<unknown>][] => [
    [`${resource} getList`, () => dataProvider.getList(resource, list)],
    [`${resource} getOne`, () => dataProvider.getOne(resource, { id: 6 })],
    [`${resource} create`, () => dataProvider.create(resource, { data: record })],
    [`${resource} update`, () => dataProvider.update(resource, { id: 6, data: record, previousData: record })],
    [`${resource} delete`, () => dataProvider.delete(resource, { id: 6, previousData: record })],
  ];
  return [
    ...crud('admin/users'),
    // org units have no getOne: their list carries every field the edit form needs
    ...crud('admin/org-units').filter(([name]) => !name.endsWith('getOne')),
    ...crud('template-tags'),
    [`admin/api-keys getList`, () => dataProvider.getList('admin/api-keys', list)],
    [`admin/api-keys create`, () => dataProvider.create('admin/api-keys', { data: { label: 'k' } })],
    [`admin/api-keys delete`, () => dataProvider.delete('admin/api-keys', { id: 6, previousData: record })],
    [`admin/notifications getList`, () => dataProvider.getList('admin/notifications', list)],
    [`campaigns getList`, () => dataProvider.getList('campaigns', list)],
    [`credit-operations getList`, () => dataProvider.getList('credit-operations', list)],
    [`credit-operations getOne`, () => dataProvider.getOne('credit-operations', { id: 6 })],
  ];
}

describe('certificates: notes, address change, emailing', () => {
  it('sends each call as the server expects it', async () => {
    storeToken('tok');
    api.answer = (url) =>
      url.pathname === '/api/admin/data_post'
        ? HttpResponse.json({
            // a full page, then a short one: the loop stops after the short page
            data: Array.from({ length: seen.length === 4 ? 1000 : 2 }, (_, i) => ({
              EvidenzId: i + 1,
              hasEmail: i % 2 === 0,
            })),
          })
        : url.pathname === '/api/admin/emailing'
          ? HttpResponse.json({ disabled: true })
          : HttpResponse.json({ id: 4, email: 'new@example.org' });
    await certificateMethods.saveCampaignNote(3, '  Spring  ');
    expect(await certificateMethods.changeCertificateEmail(4, 'new@example.org')).toEqual({
      id: 4,
      email: 'new@example.org',
    });
    expect(await certificateMethods.emailingState()).toEqual({ disabled: true });
    const ids = await certificateMethods.emailableIds(7);
    expect(ids).toHaveLength(501);
    expect(sent().slice(0, 3)).toEqual([
      { method: 'PUT', url: '/api/admin/campaign/notes', body: { campaignId: 3, notes: 'Spring' } },
      { method: 'PUT', url: '/api/admin/email', body: { id: 4, email: 'new@example.org' } },
      { method: 'GET', url: '/api/admin/emailing', body: null },
    ]);
    const pages = sent().slice(3);
    expect(pages.map((p) => (p.body as { offset: number }).offset)).toEqual([0, 1000]);
    expect(pages[0]).toMatchObject({
      method: 'POST',
      url: '/api/admin/data_post',
      body: { templateId: 7, limit: 1000, status: expect.any(String) },
    });
    expect(seen.every((s) => s.auth === 'Bearer tok')).toBe(true);
  });
});

describe('publication: the import data and the credits', () => {
  it('reads the template data and meta together, and the credits', async () => {
    api.answer = (url) =>
      url.pathname.endsWith('/data')
        ? HttpResponse.json({ id: 2, fields: [] })
        : url.pathname.endsWith('/meta')
          ? HttpResponse.json({ label: 'Diploma' })
          : HttpResponse.json({ credits: 12, operations: [] });
    expect(await publicationMethods.templateForImport(1, 2)).toEqual({
      data: { id: 2, fields: [] },
      meta: { label: 'Diploma' },
    });
    expect(await publicationMethods.credits(1)).toEqual({ credits: 12, operations: [] });
    expect(sent().map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /api/issuer/1/template/2/data',
      'GET /api/issuer/1/template/2/meta',
      'GET /api/issuer/1/credits',
    ]);
  });
});

describe('publicationParts: a publication sent in parts', () => {
  it('creates the upload, sends a part with its rows, commits with the idempotency key', async () => {
    api.answer = (url) =>
      url.pathname === '/api/admin/data/parts'
        ? HttpResponse.json({ uploadId: 5, expiresAt: '2026-11-26T07:00:00Z', partMaxRows: 5000, maxRows: 100_000 })
        : url.pathname.endsWith('/commit')
          ? HttpResponse.json({ campaignId: 41 })
          : HttpResponse.json({ partNumber: 1, rows: 1, recipients: 1, totalRows: 1 });
    const upload = await publicationPartsCalls.createPublicationUpload({
      templateId: 2,
      notes: 'Spring',
      'automated-emailing': true,
    });
    expect(upload.uploadId).toBe(5);
    const row = { ID: '1', Language: 'en', Email: 'ada@example.org' };
    expect((await publicationPartsCalls.sendPublicationPart(5, 1, [row])).totalRows).toBe(1);
    expect(await publicationPartsCalls.commitPublicationUpload(5, 1, 'key-9')).toEqual({ campaignId: 41 });
    expect(sent()).toEqual([
      {
        method: 'POST',
        url: '/api/admin/data/parts',
        body: { templateId: 2, notes: 'Spring', 'automated-emailing': true },
      },
      { method: 'PUT', url: '/api/admin/data/parts/5/1', body: { data: [row] } },
      { method: 'POST', url: '/api/admin/data/parts/5/commit', body: { parts: 1 } },
    ]);
    expect(seen[2].key).toBe('key-9');
  });
});

describe('tags: the issuer-wide tag list', () => {
  it('reads the list and writes it back whole', async () => {
    const tags = [{ id: 1, name: 'Math', templates: [3] }];
    api.answer = () => HttpResponse.json(tags);
    expect(await tagMethods.getTemplateTags()).toEqual(tags);
    await tagMethods.saveTemplateTags([{ id: 1, name: 'Math', templates: [3, 4] }] as never);
    expect(sent()).toEqual([
      { method: 'GET', url: '/api/issuer/tags', body: null },
      { method: 'PUT', url: '/api/issuer/config', body: { tags: [{ id: 1, name: 'Math', templates: [3, 4] }] } },
    ]);
  });
});

describe('templateEditor: the templates the editor offers', () => {
  it('reads the admin template list', async () => {
    api.answer = () => HttpResponse.json([{ id: 3 }]);
    expect(await templateEditorMethods.getEditorTemplates()).toEqual([{ id: 3 }]);
    expect(sent()).toEqual([{ method: 'GET', url: '/api/admin/templates', body: null }]);
  });
});

describe('webhooks: the signing secret', () => {
  it('reads whether a secret exists, and rotates it', async () => {
    storeToken('tok');
    api.answer = (_url, method) =>
      method === 'GET'
        ? HttpResponse.json({ exists: false, createdAt: null })
        : HttpResponse.json({ secret: 's3cr3t', createdAt: '2026-11-26T06:00:00Z' });
    expect(await webhookMethods.getWebhookSecretState()).toEqual({ exists: false, createdAt: null });
    expect((await webhookMethods.rotateWebhookSecret()).secret).toBe('s3cr3t');
    expect(sent()).toEqual([
      { method: 'GET', url: '/api/issuer/notif/secret', body: null },
      { method: 'POST', url: '/api/issuer/notif/secret', body: null },
    ]);
    expect(seen.map((s) => s.auth)).toEqual(['Bearer tok', 'Bearer tok']);
  });
});

describe('nftClaims: the public claim page and the proof documents', () => {
  it('sends claim and reveal without the session, and reads the three proof documents', async () => {
    storeToken('tok');
    const view = { issuerId: 2, tokenId: 7, proofUrl: '/ledger/2/16/proof.json?leaf=7' };
    api.answer = (url) =>
      url.pathname === '/ob/credentials/k'
        ? new HttpResponse('{"a":1}', { headers: { 'content-type': 'application/json' } })
        : HttpResponse.json({ ...view, path: url.pathname });
    await nftClaimMethods.nftCertificate('k');
    await nftClaimMethods.claimNft('k', { wallet: '0xabc', signature: '0xdef' });
    await nftClaimMethods.revealNft('k', { signature: '0x123' });
    const documents = await nftClaimMethods.ledgerProofDocuments(view as never, 'k');
    expect(new TextDecoder().decode(documents.credential)).toBe('{"a":1}');
    expect(documents.proof).toMatchObject({ path: '/ledger/2/16/proof.json' });
    expect(documents.didDocument).toMatchObject({ path: '/ob/issuers/2/did.json' });
    expect(sent().slice(0, 3)).toEqual([
      { method: 'GET', url: '/api/public/certificates/k/nft', body: null },
      {
        method: 'POST',
        url: '/api/public/certificates/k/claim',
        body: { wallet: '0xabc', signature: '0xdef' },
      },
      { method: 'POST', url: '/api/public/certificates/k/reveal', body: { signature: '0x123' } },
    ]);
    expect(
      sent()
        .slice(3)
        .map((s) => s.url)
        .sort(),
    ).toEqual(['/ledger/2/16/proof.json?leaf=7', '/ob/credentials/k', '/ob/issuers/2/did.json']);
    // public calls: the session token never leaves with them
    expect(seen.every((s) => s.auth === null)).toBe(true);
  });
});

describe('every refusal becomes the HttpError react-admin shows', () => {
  for (const [name, call] of calls) {
    it(`${name}: 400 with field errors, 403, 404, 409, 500, and a lost connection`, async () => {
      for (const [, respond, expected] of refusals) {
        api.answer = respond;
        const error = await call().then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(HttpError);
        expect(error).toMatchObject({ status: expected.status, message: expected.message });
        expect((error as HttpError).body).toMatchObject(expected.body);
      }
      api.answer = () => HttpResponse.error();
      const lost = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(lost).toBeInstanceOf(Error);
      expect(lost).not.toBeInstanceOf(HttpError);
    });
  }
});
