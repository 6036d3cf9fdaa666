import { PROFILE, type ProfileId } from '../../domain/roles';

/**
 * The ONE expectations table of the isolation and rights matrices (issue 17 point 14, run by
 * routeMatrix.test.ts): every route the server answers, keyed by "METHOD /url" as Fastify holds it, says who may
 * call it (from spec 000 section 6: the four profiles' rights) and what each caller gets. A new route fails the
 * matrix until it has its line here.
 */

/** The ten callers of every route (see routeMatrix.test.ts). */
export const CALLERS = [
  'none',
  'key1',
  'key2',
  'key3',
  'key6',
  'Reader',
  'Publisher',
  'Manager',
  'other',
  'own',
] as const;
export type Caller = (typeof CALLERS)[number];

/** The first issuer's rows a URL or body may name, by placeholder: `{template}` in a URL. */
export interface SeedIds {
  issuer: number;
  template: number;
  /** a second template of the first issuer, for calls that delete or change one */
  spareTemplate: number;
  campaign: number;
  certificate: number;
  certificateKey: string;
  /** the first issuer's Reader */
  user: number;
  /** a user and an API key of the first issuer that call nothing, for the calls that delete one */
  spareUser: number;
  spareApiKey: number;
  creditOperation: number;
  /** one of the first issuer's badge images (its default library) */
  badgeImage: number;
  /** the other issuer, its published template and a template of it never published */
  otherIssuer: number;
  otherTemplate: number;
  otherSpareTemplate: number;
  /** a template id that no issuer has */
  unknownTemplate: number;
}

/**
 * How a route is called when its pattern and an empty body are not enough: the URL (placeholders `{name}` of
 * SeedIds, so that "other" names the first issuer's rows), the JSON body, and `last` for a call that ends the
 * callers' sessions (logout), made after every other route.
 */
export interface RouteRequest {
  url?: string;
  body?: unknown;
  last?: boolean;
}

const TEMPLATE = '/api/issuer/{issuer}/template/{template}';

export const ROUTE_REQUESTS: Record<string, RouteRequest> = {
  'GET /api/admin/template': { url: '/api/admin/template?id={template}' },
  'GET /ledger/:issuerId/:treeSize': { url: '/ledger/{issuer}/1?leaf=0' },
  'GET /ledger/:issuerId/:treeSize/proof.json': { url: '/ledger/{issuer}/1/proof.json?leaf=0' },
  'GET /api/public/certificates/:key/nft': { url: '/api/public/certificates/{certificateKey}/nft' },
  'POST /api/public/certificates/:key/claim': { url: '/api/public/certificates/{certificateKey}/claim' },
  'POST /api/public/certificates/:key/reveal': { url: '/api/public/certificates/{certificateKey}/reveal' },
  'GET /nft/:issuerId/:file': { url: '/nft/{issuer}/0.json' },
  'GET /oid4vci/issuers/:issuerId/offers/:code': { url: '/oid4vci/issuers/{issuer}/offers/unknown' },
  'POST /vcapi/issuers/:issuerId/exchanges/:code': { url: '/vcapi/issuers/{issuer}/exchanges/unknown' },
  'POST /vcapi/issuers/:issuerId/exchanges/:code/direct': { url: '/vcapi/issuers/{issuer}/exchanges/unknown/direct' },
  'GET /wallet/interactions/:issuerId/:code': { url: '/wallet/interactions/{issuer}/unknown?iuv=1' },
  'GET /api/admin/correction-requests/:id': { url: '/api/admin/correction-requests/999999' },
  'POST /api/admin/correction-requests/:id/approve': { url: '/api/admin/correction-requests/999999/approve' },
  'POST /api/admin/correction-requests/:id/refuse': {
    url: '/api/admin/correction-requests/999999/refuse',
    body: { message: 'matrix' },
  },
  'GET /api/issuer/:issuer/template/:id/meta': { url: `${TEMPLATE}/meta` },
  'GET /api/issuer/:issuer/template/:id/json': { url: `${TEMPLATE}/json` },
  'GET /api/issuer/:issuer/template/:id/data': { url: `${TEMPLATE}/data` },
  'PUT /api/issuer/:issuer/template/:id': { url: TEMPLATE },
  'DELETE /api/issuer/:issuer/template/:id': { url: '/api/issuer/{issuer}/template/{spareTemplate}' },
  'PUT /api/issuer/:issuer/template/:id/enable': { url: `${TEMPLATE}/enable` },
  'PUT /api/issuer/:issuer/template/:id/notes': { url: `${TEMPLATE}/notes`, body: { notes: 'matrix' } },
  'PUT /api/issuer/:issuer/template/:id/pathway': { url: `${TEMPLATE}/pathway` },
  'GET /api/template/tables': { url: '/api/template/tables?templateId={template}' },
  'DELETE /api/admin/user': { url: '/api/admin/user?id={spareUser}' },
  'DELETE /api/admin/apikey': { url: '/api/admin/apikey?id={spareApiKey}' },
  'DELETE /api/admin/user/totp': { url: '/api/admin/user/totp?id={user}' },
  'GET /api/issuer/:id/all': { url: '/api/issuer/{issuer}/all' },
  'GET /api/issuer/:id/account': { url: '/api/issuer/{issuer}/account' },
  'PATCH /api/issuer/:id/account/onboard': { url: '/api/issuer/{issuer}/account/onboard' },
  'GET /api/issuer/:id/keys': { url: '/api/issuer/{issuer}/keys' },
  'POST /api/issuer/:id/keys/rotate': { url: '/api/issuer/{issuer}/keys/rotate' },
  'GET /api/issuer/:id/credits': { url: '/api/issuer/{issuer}/credits' },
  'GET /api/credit-operations/:id': { url: '/api/credit-operations/{creditOperation}' },
  'GET /api/badge-images/:id': { url: '/api/badge-images/{badgeImage}' },
  'PUT /api/badge-images/:id': {
    url: '/api/badge-images/{badgeImage}',
    body: { name: 'matrix', model: { version: 1, data: [] } },
  },
  'DELETE /api/badge-images/:id': { url: '/api/badge-images/{badgeImage}' },
  'GET /ob/issuers/:issuerId/status/:purpose': { url: '/ob/issuers/{issuer}/status/revocation' },
  'GET /ob/achievements/:templateId/:language': { url: '/ob/achievements/{template}/en' },
  'GET /ob/v2/badges/:templateId/:language': { url: '/ob/v2/badges/{template}/en' },
  'GET /api/admin/report': { url: '/api/admin/report?campaignId={campaign}' },
  'PUT /api/admin/campaign/notes': { body: { campaignId: '{campaign}', notes: 'matrix' } },
  'PUT /api/admin/keys': { body: { ids: ['{certificateKey}'], enable: true } },
  'PUT /api/admin/email': { body: { id: '{certificate}', email: 'matrix@example.org' } },
  'GET /api/admin/emailing': { url: '/api/admin/emailing?campaignId={campaign}' },
  'POST /api/admin/pdf': { body: { keys: ['{certificateKey}'] } },
  'GET /api/export/cpf': { url: '/api/export/cpf?templateId={template}&campaignId={campaign}' },
  'POST /api/admin/logout': { last: true },
  // rows no seed makes (a checkout, an uploaded image, a document being made): an unknown id, the same for all
  'GET /api/template/image/:issuerId/:file': { url: '/api/template/image/{issuer}/unknown.png' },
  'GET /billing/checkout/:id': { url: '/billing/checkout/{issuer}' },
  'POST /billing/checkout/:id/pay': { url: '/billing/checkout/{issuer}/pay' },
  'GET /billing/portal/:id': { url: '/billing/portal/{issuer}' },
  'POST /billing/portal/:id/cancel': { url: '/billing/portal/{issuer}/cancel' },
  'POST /billing/portal/:id/resume': { url: '/billing/portal/{issuer}/resume' },
  'GET /template/:ref': { url: '/template/{issuer}&{template}' },
  'GET /template/:ref/thumbnail.svg': { url: '/template/{issuer}&{template}/thumbnail.svg' },
  'GET /mail/open/:file': { url: '/mail/open/{issuer}' },
  'GET /api/document/ready/:token': { url: '/api/document/ready/{issuer}' },
  'GET /api/document/download/:token': { url: '/api/document/download/{issuer}' },
  'GET /api/badge_lib/fonts/:file': { url: '/api/badge_lib/fonts/unknown.woff2' },
  'GET /api/admin/data': { url: '/api/admin/data?mode=key&value={certificateKey}' },
  'PUT /api/admin/data/parts/:uploadId/:partNumber': { url: '/api/admin/data/parts/1/1' },
  'POST /api/admin/data/parts/:uploadId/commit': { url: '/api/admin/data/parts/1/commit' },
  'DELETE /api/admin/keys': { body: { keys: ['{certificateKey}'] } },
  'GET /api/admin/stats': { url: '/api/admin/stats?issuerIds={issuer}' },
  'GET /api/admin/activity': {
    url: '/api/admin/activity?startDate=2026-01-01&endDate=2026-12-31&issuerIds={issuer}',
  },
  'PUT /api/admin/terms': { body: { terms: true, gprd: true } },
  'PUT /api/admin/gprd': { body: { gprd: true } },
  'POST /api/admin/apikey': { body: { level: 3 } },
  'PUT /api/admin/user/totp': { body: { id: '{user}', key: 'JBSWY3DPEHPK3PXP', totp: '123456' } },
  'GET /api/billing/accounts/:issuer/upgrade-fee': { url: '/api/billing/accounts/{issuer}/upgrade-fee?product=none' },
  'POST /api/billing/accounts/:issuer/billing-portal': {
    body: { return_url: 'http://laurel.test/plan', language: 'en' },
  },
  'PATCH /api/billing/accounts/:issuer/plan': { body: { product: 'none', expected_fee: 0 } },
};

/** The body with `{name}` strings (whole values) replaced by the seed's ids. */
export function fillBody(body: unknown, ids: SeedIds): unknown {
  if (typeof body === 'string') {
    const match = /^\{(\w+)\}$/.exec(body);
    return match ? ids[match[1] as keyof SeedIds] : body;
  }
  if (Array.isArray(body)) return body.map((item) => fillBody(item, ids));
  if (body && typeof body === 'object')
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, fillBody(value, ids)]));
  return body;
}

type Status = number | readonly number[];

export interface RouteExpectation {
  /**
   * Who may call: 'public' anyone, signed in or not (then `ok` for every caller); otherwise the profiles (of a
   * session, or the level of an API key) that pass the rights check.
   */
  who: 'public' | readonly ProfileId[];
  /** false: a call for a signed-in person only (their session, second factor, terms): API keys get `keyStatus` */
  apiKey?: boolean;
  /** what an API key gets when `apiKey` is false (403 by default) */
  keyStatus?: Status;
  /** what a permitted caller of the first issuer gets with this request */
  ok: Status;
  /**
   * what the other issuer's Administrator gets asking for the first issuer's rows; by default `ok` (the route
   * reads the caller's own issuer only, nothing of the first issuer's is named)
   */
  other?: Status;
  /** callers whose answer differs from the rule above, each for a reason the entry's comment gives */
  except?: Partial<Record<Caller, Status>>;
}

const { Administrator: A, Publisher: P, Reader: R, Manager: M } = PROFILE;
const ALL: readonly ProfileId[] = [A, P, R, M];
const ADMIN: readonly ProfileId[] = [A];
/** Administrator and Manager: templates, reference tables, tags */
const EDITORS: readonly ProfileId[] = [A, M];
/** Administrator, Manager and Publisher: publication, campaigns, emails */
const PUBLISHERS: readonly ProfileId[] = [A, M, P];

const PROFILE_OF: Record<Exclude<Caller, 'none'>, ProfileId> = {
  own: A,
  other: A,
  key1: A,
  key2: P,
  key3: R,
  key6: M,
  Reader: R,
  Publisher: P,
  Manager: M,
};

/** The status `caller` must get from the route of `entry`. */
export function expectedStatus(entry: RouteExpectation, caller: Caller): Status {
  const exception = entry.except?.[caller];
  if (exception !== undefined) return exception;
  if (entry.who === 'public') return entry.ok;
  if (caller === 'none') return 401;
  if (caller.startsWith('key') && entry.apiKey === false) return entry.keyStatus ?? 403;
  if (!entry.who.includes(PROFILE_OF[caller])) return 403;
  if (caller === 'other') return entry.other ?? entry.ok;
  return entry.ok;
}

const PARAMS: Record<string, keyof SeedIds> = {
  issuer: 'issuer',
  issuerId: 'issuer',
  key: 'certificateKey',
  templateId: 'template',
};

/** The URL with `{name}` placeholders and the usual `:param`s filled from the seed. */
export function fillUrl(url: string, ids: SeedIds): string {
  return url
    .replace(/\{(\w+)\}/g, (_, name: string) => {
      if (!(name in ids)) throw new Error(`no seed id ${name} for ${url}`);
      return encodeURIComponent(String(ids[name as keyof SeedIds]));
    })
    .replace(/:(\w+)/g, (_, name: string) => {
      if (!PARAMS[name]) throw new Error(`${url}: give the entry a url filling :${name}`);
      return encodeURIComponent(String(ids[PARAMS[name]]));
    });
}

export const ROUTE_EXPECTATIONS: Record<string, RouteExpectation> = {
  // ---- public: documentation, health, sign-in, sign-up, public pages and credentials (no session needed; the
  // answer is the same for every caller, 400 when the empty body is not a request)
  'GET /api/openapi.json': { who: 'public', ok: 200 },
  'GET /api/docs': { who: 'public', ok: 200 },
  'GET /api/docs/static/index.html': { who: 'public', ok: 302 },
  'GET /api/docs/static/swagger-initializer.js': { who: 'public', ok: 200 },
  'GET /api/docs/json': { who: 'public', ok: 200 },
  'GET /api/docs/yaml': { who: 'public', ok: 200 },
  'GET /api/docs/static/*': { who: 'public', ok: 404 },
  'GET /api/health': { who: 'public', ok: 200 },
  'GET /api/ready': { who: 'public', ok: 200 },
  'POST /api/admin/login': { who: 'public', ok: 400 },
  'POST /api/admin/login/token': { who: 'public', ok: 400 },
  'POST /api/admin/sso': { who: 'public', ok: 400 },
  // ---- the signed-in person's own calls: a session only, API keys 403
  'POST /api/admin/user/totp': { who: ALL, apiKey: false, ok: 400 },
  // the body names the Reader: only the Reader sets their own second factor (400: the code is wrong), nobody else
  'PUT /api/admin/user/totp': { who: ALL, apiKey: false, ok: 403, except: { Reader: 400 } },
  // ?id= the Reader: the Reader removes their own second factor, their Administrator may reset it, nobody else
  'DELETE /api/admin/user/totp': { who: ADMIN, apiKey: false, ok: 200, other: 403, except: { Reader: 200 } },
  'POST /api/admin/logout': { who: ALL, apiKey: false, ok: 200 },
  'GET /api/admin/who': { who: ALL, ok: 200 },
  'PUT /api/admin/terms': { who: ALL, apiKey: false, ok: 200 },
  'PUT /api/admin/gprd': { who: ALL, apiKey: false, ok: 200 },
  // ---- templates: everyone reads; Administrator and Manager write (spec 000 section 6); notes are a publisher's.
  // 400: an empty body, refused by the route's schema after the guard (the rights check of the guard passed)
  'GET /api/admin/templates': { who: ALL, ok: 200 },
  'GET /api/templates': { who: ALL, ok: 200 },
  'GET /api/templates/facets': { who: ALL, ok: 200 },
  'GET /api/admin/template': { who: ALL, ok: 200, other: 404 },
  'GET /api/issuer/:issuer/template/:id/meta': { who: ALL, ok: 200, other: 404 },
  'GET /api/issuer/:issuer/template/:id/json': { who: ALL, ok: 200, other: 404 },
  'GET /api/issuer/:issuer/template/:id/data': { who: ALL, ok: 200, other: 404 },
  'POST /api/issuer/:issuer/template': { who: EDITORS, ok: 400 },
  'PUT /api/issuer/:issuer/template/:id': { who: EDITORS, ok: 400 },
  'DELETE /api/issuer/:issuer/template/:id': { who: EDITORS, ok: 200, other: 404 },
  'PUT /api/issuer/:issuer/template/:id/enable': { who: EDITORS, ok: 200, other: 404 },
  'PUT /api/issuer/:issuer/template/:id/notes': { who: PUBLISHERS, ok: 200, other: 404 },
  'PUT /api/issuer/:issuer/template/:id/pathway': { who: EDITORS, ok: 400 },
  'POST /api/template/mc': { who: EDITORS, ok: 406 },
  'POST /api/template/rncp': { who: EDITORS, ok: 406 },
  'GET /api/template/image/:issuerId/:file': { who: 'public', ok: 404 },
  'GET /api/template/tables': { who: ALL, ok: 200, other: 404 },
  'PUT /api/template/tables': { who: EDITORS, ok: 400 },
  'GET /api/issuer/tags': { who: EDITORS, ok: 200 },
  // ---- administration: users, API keys, notifications, issuer profile (Administrator; a level-1 key is one)
  'GET /api/admin/users': { who: ADMIN, ok: 200 },
  'POST /api/admin/user': { who: ADMIN, ok: 400 },
  'PATCH /api/admin/user': { who: ADMIN, ok: 400 },
  // the first permitted caller (the level-1 key) deletes the spare user; after it there is nothing to delete
  'DELETE /api/admin/user': { who: ADMIN, ok: [200, 404], other: 404 },
  'POST /api/admin/units': { who: ADMIN, ok: 400 },
  'POST /api/admin/apikey': { who: ADMIN, apiKey: false, ok: 201 },
  'GET /api/admin/apikeys': { who: ADMIN, apiKey: false, ok: 200 },
  'DELETE /api/admin/apikey': { who: ADMIN, apiKey: false, ok: 200, other: 404 },
  'GET /api/issuer/notif': { who: ADMIN, ok: 200 },
  'PUT /api/issuer/notif': { who: ADMIN, ok: 400 },
  'POST /api/issuer/notif/secret': { who: ADMIN, ok: 200 },
  'GET /api/issuer/notif/secret': { who: ADMIN, ok: 200 },
  'GET /api/issuer/notif/deliveries': { who: ADMIN, ok: 200 },
  'GET /api/issuer/testnotif': { who: ADMIN, ok: 200 },
  'GET /api/issuer/:id/all': { who: ADMIN, ok: 200, other: 404 },
  'PUT /api/issuer/config': { who: EDITORS, ok: 400 },
  'POST /api/issuer/verification': { who: ADMIN, ok: 406 },
  // ---- account and plan: everyone reads their issuer's; billing changes are the Administrator's
  'GET /api/issuer/:id/account': { who: ALL, ok: 200, other: 404 },
  'GET /api/billing/products': { who: ALL, ok: 200 },
  'GET /api/billing/checkout/currencies': { who: ALL, ok: 200 },
  'POST /api/billing/checkout/:issuer': { who: ADMIN, ok: 400 },
  'GET /api/billing/accounts/:issuer': { who: ALL, ok: 200, other: 404 },
  'PATCH /api/billing/accounts/:issuer/onboard': { who: ALL, apiKey: false, ok: 200, other: 404 },
  'POST /api/billing/accounts/:issuer/verify': { who: ADMIN, ok: 409, other: 404 },
  'POST /api/billing/accounts/:issuer/billing-portal': { who: ADMIN, ok: 200, other: 404 },
  // product 'none' is unknown (404) to the first issuer too: these two prove the guard's rights only
  'GET /api/billing/accounts/:issuer/upgrade-fee': { who: ADMIN, ok: 404 },
  'PATCH /api/billing/accounts/:issuer/plan': { who: ADMIN, ok: 404 },
  'GET /api/billing/accounts/:issuer/invoices': { who: ADMIN, ok: 200, other: 404 },
  'GET /api/billing/usage/:issuer': { who: ALL, ok: 200, other: 404 },
  'GET /billing/checkout/:id': { who: 'public', ok: 404 },
  'POST /billing/checkout/:id/pay': { who: 'public', ok: 303 },
  'GET /billing/portal/:id': { who: 'public', ok: 404 },
  'POST /billing/portal/:id/cancel': { who: 'public', ok: 303 },
  'POST /billing/portal/:id/resume': { who: 'public', ok: 303 },
  'GET /api/admin/signup': { who: 'public', ok: 200 },
  'POST /api/admin/signup': { who: 'public', ok: 400 },
  'GET /api/credit-operations': { who: ALL, ok: 200 },
  'GET /api/credit-operations/:id': { who: ALL, ok: 200, other: 404 },
  'POST /api/onboarding/answers': { who: ALL, ok: 400 },
  'PATCH /api/issuer/:id/account/onboard': { who: ALL, apiKey: false, ok: 200, other: 404 },
  'GET /api/issuer/:id/keys': { who: ADMIN, ok: 200, other: 404 },
  'POST /api/issuer/:id/keys/rotate': { who: ADMIN, ok: 200, other: 404 },
  // ---- Open Badges documents and public pages (public by design: a credential is verified by anyone)
  'GET /ob/issuers/:issuerId/did.json': { who: 'public', ok: 200 },
  'GET /ob/issuers/:issuerId/status/:purpose': { who: 'public', ok: 200 },
  'GET /ob/credentials/:key': { who: 'public', ok: 404 },
  'GET /certificate/:key/credential.json': { who: 'public', ok: 404 },
  'GET /certificate/:key/badge.png': { who: 'public', ok: 404 },
  'GET /certificate/:key/badge.svg': { who: 'public', ok: 404 },
  'GET /ob/achievements/:templateId/:language': { who: 'public', ok: 200 },
  'GET /ob/v2/assertions/:key': { who: 'public', ok: 404 },
  'GET /ob/v2/badges/:templateId/:language': { who: 'public', ok: 200 },
  'GET /ob/v2/issuers/:issuerId': { who: 'public', ok: 200 },
  'POST /api/verify': { who: 'public', ok: 400 },
  // the VC-API verifier (issue 30): an empty body is a problem-details 400
  'POST /credentials/verify': { who: 'public', ok: 400 },
  'POST /presentations/verify': { who: 'public', ok: 400 },
  'GET /certificate/:key': { who: 'public', ok: 200 },
  // the LinkedIn button (issue 31): counts the click, then a redirect to LinkedIn's form (or back to the page)
  'GET /certificate/:key/linkedin': { who: 'public', ok: 302 },
  // the seed's template has a published certificate; PUBLIC_TEMPLATE_CASES tries the others
  'GET /template/:ref': { who: 'public', ok: 200 },
  'GET /template/:ref/thumbnail.svg': { who: 'public', ok: 200 },
  // the transparency log's batch pages (issue 20): public like the credentials they prove; no head in the seed
  'GET /ledger/:issuerId/:treeSize': { who: 'public', ok: 404 },
  'GET /ledger/:issuerId/:treeSize/proof.json': { who: 'public', ok: 404 },
  // claiming an NFT certificate (the seed's is a classic one) and a token's metadata (no log yet)
  'GET /api/public/certificates/:key/nft': { who: 'public', ok: 409 },
  'POST /api/public/certificates/:key/claim': { who: 'public', ok: 400 },
  'POST /api/public/certificates/:key/reveal': { who: 'public', ok: 400 },
  'GET /nft/:issuerId/:file': { who: 'public', ok: 404 },
  // wallets (issue 30): an offer of the first issuer's certificate (409 while it has no signed credential yet);
  // the OID4VCI endpoints are public by design (the pre-authorized code and the access token are the credentials)
  'POST /api/certificates/:key/wallet-offers': { who: PUBLISHERS, ok: [201, 409], other: 404 },
  'GET /.well-known/openid-credential-issuer/oid4vci/issuers/:issuerId': { who: 'public', ok: 200 },
  'GET /oid4vci/issuers/:issuerId/.well-known/openid-credential-issuer': { who: 'public', ok: 200 },
  'GET /.well-known/oauth-authorization-server/oid4vci/issuers/:issuerId': { who: 'public', ok: 200 },
  'GET /oid4vci/issuers/:issuerId/.well-known/oauth-authorization-server': { who: 'public', ok: 200 },
  'GET /oid4vci/issuers/:issuerId/offers/:code': { who: 'public', ok: 404 },
  'POST /oid4vci/issuers/:issuerId/token': { who: 'public', ok: 400 },
  'POST /oid4vci/issuers/:issuerId/nonce': { who: 'public', ok: 200 },
  'POST /oid4vci/issuers/:issuerId/credential': { who: 'public', ok: 401 },
  // the VC-API exchange and the interaction URL of the same offers (an unknown code: invalid_grant / not found)
  'POST /vcapi/issuers/:issuerId/exchanges/:code': { who: 'public', ok: 400 },
  'POST /vcapi/issuers/:issuerId/exchanges/:code/direct': { who: 'public', ok: 400 },
  'GET /wallet/interactions/:issuerId/:code': { who: 'public', ok: 404 },
  // "Add to a wallet" from the public page (issue 30): the seed's certificate has no signed credential (not found)
  'GET /certificate/:key/wallet': { who: 'public', ok: 404 },
  'POST /certificate/:key/wallet/code': { who: 'public', ok: 404 },
  'POST /certificate/:key/wallet/offer': { who: 'public', ok: 404 },
  'GET /certificate/:key/correction': { who: 'public', ok: 404 },
  'POST /certificate/:key/correction/code': { who: 'public', ok: 404 },
  'POST /certificate/:key/correction': { who: 'public', ok: 404 },
  // browsers' preflights of the protocol calls (server/routes/protocolCors.ts): any origin, nobody signed in
  'OPTIONS /oid4vci/issuers/:issuerId/*': { who: 'public', ok: 204 },
  'OPTIONS /vcapi/issuers/:issuerId/exchanges/:code': { who: 'public', ok: 204 },
  'OPTIONS /vcapi/issuers/:issuerId/exchanges/:code/direct': { who: 'public', ok: 204 },
  'OPTIONS /credentials/verify': { who: 'public', ok: 204 },
  'OPTIONS /presentations/verify': { who: 'public', ok: 204 },
  // ---- publication, reports, emails, documents: everyone reads, publishers act (Administrator, Manager, Publisher)
  'POST /api/admin/preview': { who: ALL, ok: 400 },
  'POST /api/admin/data': { who: PUBLISHERS, ok: 400 },
  'POST /api/admin/data/duplicates': { who: PUBLISHERS, ok: 400 },
  // publication in parts: no upload is seeded, so the empty or unnumbered requests are refused by their schemas
  'POST /api/admin/data/parts': { who: PUBLISHERS, ok: 400 },
  'PUT /api/admin/data/parts/:uploadId/:partNumber': { who: PUBLISHERS, ok: 400 },
  'POST /api/admin/data/parts/:uploadId/commit': { who: PUBLISHERS, ok: 400 },
  'POST /api/admin/campaigns': { who: ALL, ok: 200 },
  'GET /api/issuer/:id/credits': { who: ALL, ok: 200, other: 404 },
  'POST /api/admin/data_post': { who: ALL, ok: 400 },
  'GET /api/admin/report': { who: ALL, ok: 200, other: 404 },
  'PUT /api/admin/campaign/notes': { who: PUBLISHERS, ok: 200, other: 404 },
  // bulk operations on keys: keys of another issuer are not found and nothing changes (200, an empty result)
  'DELETE /api/admin/keys': { who: PUBLISHERS, ok: 200 },
  'PUT /api/admin/keys': { who: PUBLISHERS, ok: 200 },
  'PUT /api/admin/email': { who: PUBLISHERS, ok: 409, other: 404 },
  // corrected re-issue (issue 28): the rights of a publish; the empty body is refused by its schema
  'POST /api/admin/certificates/reissue': { who: PUBLISHERS, ok: 400 },
  'POST /api/admin/certificates/renew': { who: PUBLISHERS, ok: 400 },
  // the recipients' correction requests (issue 28): the rights of a re-issue; the seed has no request
  'GET /api/admin/correction-requests': { who: PUBLISHERS, ok: 200 },
  'GET /api/admin/correction-settings': { who: PUBLISHERS, ok: 200 },
  'PUT /api/admin/correction-settings': { who: ADMIN, ok: 400 },
  'GET /api/admin/correction-requests/:id': { who: PUBLISHERS, ok: 404 },
  'POST /api/admin/correction-requests/:id/approve': { who: PUBLISHERS, ok: 404 },
  'POST /api/admin/correction-requests/:id/refuse': { who: PUBLISHERS, ok: 404 },
  // search and e-mail report of the first issuer's key/campaign: the other issuer's answer is its own (empty) list
  'GET /api/admin/data': { who: ALL, ok: 200 },
  'GET /api/admin/emailing': { who: ALL, ok: 200 },
  'POST /api/admin/emails': { who: PUBLISHERS, ok: 400 },
  'POST /api/admin/emails/resend': { who: PUBLISHERS, ok: 400 },
  'POST /api/admin/emailTest': { who: PUBLISHERS, ok: 400 },
  'GET /mail/open/:file': { who: 'public', ok: 200 },
  'GET /certificate/:key/certificate.pdf': { who: 'public', ok: 200 },
  // 429: too many of the issuer's documents are being prepared at once (a bound checked after the rights)
  'GET /api/document/:key': { who: ALL, ok: [200, 429], other: 404 },
  // another issuer's keys are unknown keys: refused as a bad request, nothing made
  'POST /api/admin/pdf': { who: ALL, ok: [200, 202, 429], other: 400 },
  'GET /api/document/ready/:token': { who: 'public', ok: 200 },
  'GET /api/document/download/:token': { who: 'public', ok: 404 },
  // the seed's template is not a CPF one: 404 for every permitted caller (this line proves the rights only)
  'GET /api/export/cpf': { who: ALL, ok: 404 },
  'POST /api/contactus': { who: ALL, apiKey: false, ok: 406 },
  // ---- dashboard: another issuer's figures only for the validator
  'GET /api/admin/stats': { who: ALL, ok: 200, other: 404 },
  'GET /api/admin/activity': { who: ALL, ok: 200, other: 404 },
  // ---- badge library (images are a publisher's), fonts public
  'GET /api/badge_lib/list': { who: ALL, ok: 200 },
  'POST /api/badge_lib/details': { who: ALL, ok: 400 },
  'POST /api/badge_lib/model': { who: PUBLISHERS, ok: 400 },
  'DELETE /api/badge_lib/model': { who: PUBLISHERS, ok: 400 },
  'POST /api/badge_lib/render': { who: ALL, ok: 400 },
  'GET /api/badge_lib/icons': { who: ALL, ok: 200 },
  'GET /api/badge_lib/fonts': { who: 'public', ok: 200 },
  'GET /api/badge_lib/fonts/:file': { who: 'public', ok: 404 },
  // the same library on REST conventions (issue 13); the first caller allowed to delete the image deletes it
  'GET /api/badge-images': { who: ALL, ok: 200 },
  'GET /api/badge-images/:id': { who: ALL, ok: 200, other: 404 },
  'POST /api/badge-images': { who: PUBLISHERS, ok: 400 },
  'PUT /api/badge-images/:id': { who: PUBLISHERS, ok: 200, other: 404 },
  'DELETE /api/badge-images/:id': { who: PUBLISHERS, ok: [200, 404], other: 404 },
};

/**
 * Issue 27, "nothing unpublished is public": the public addresses that show a template, each with the URL it is
 * asked at (`{issuer}` and `{template}` filled by each case) and whether the URL names the issuer (the Open Badges
 * documents name the template alone).
 */
export const PUBLIC_TEMPLATE_ROUTES: Record<string, { url: string; namesIssuer: boolean }> = {
  'GET /template/:ref': { url: '/template/{issuer}&{template}', namesIssuer: true },
  'GET /template/:ref/thumbnail.svg': { url: '/template/{issuer}&{template}/thumbnail.svg', namesIssuer: true },
  'GET /ob/achievements/:templateId/:language': { url: '/ob/achievements/{template}/en', namesIssuer: false },
  'GET /ob/v2/badges/:templateId/:language': { url: '/ob/v2/badges/{template}/en', namesIssuer: false },
};

/**
 * Which seed rows fill `{issuer}` and `{template}`, and whether the template is shown (200) or answers exactly as
 * the unknown template does (404, the same body): only a template with a published certificate is shown, to every
 * caller alike, signed in or not, of its issuer or not.
 */
export const PUBLIC_TEMPLATE_CASES: readonly {
  name: string;
  issuer: keyof SeedIds;
  template: keyof SeedIds;
  /** shown when the URL names the issuer, and when it does not */
  shown: { namesIssuer: boolean; templateOnly: boolean };
}[] = [
  { name: 'published', issuer: 'issuer', template: 'template', shown: { namesIssuer: true, templateOnly: true } },
  {
    name: "the other issuer's published",
    issuer: 'otherIssuer',
    template: 'otherTemplate',
    shown: { namesIssuer: true, templateOnly: true },
  },
  {
    name: 'never published',
    issuer: 'issuer',
    template: 'spareTemplate',
    shown: { namesIssuer: false, templateOnly: false },
  },
  {
    name: "the other issuer's never published",
    issuer: 'otherIssuer',
    template: 'otherSpareTemplate',
    shown: { namesIssuer: false, templateOnly: false },
  },
  {
    name: "the first issuer's published template under the other issuer's id",
    issuer: 'otherIssuer',
    template: 'template',
    shown: { namesIssuer: false, templateOnly: true },
  },
  {
    name: "the other issuer's never published under the first issuer's id",
    issuer: 'issuer',
    template: 'otherSpareTemplate',
    shown: { namesIssuer: false, templateOnly: false },
  },
  {
    name: 'unknown',
    issuer: 'issuer',
    template: 'unknownTemplate',
    shown: { namesIssuer: false, templateOnly: false },
  },
];
