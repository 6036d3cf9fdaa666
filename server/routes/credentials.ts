import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CERTIFICATE_STATUS } from '../../domain/certificates';
import { CERTIFICATE_KEY_INPUT, CHECK_CODES, VERIFICATION_CHECKS } from '../../domain/credentialVerification';
import { parseLanguagesList } from '../../domain/templateRules/languages';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { AppError, badRequest, notFound } from '../errors';
import { findCredentialTemplate, findPublicCertificate, type PublicCertificate } from '../repositories/credentials';
import { findIssuer } from '../repositories/issuers';
import { findPublicTemplate } from '../repositories/templates';
import { unbakePng, unbakeSvg, bakePng, bakeSvg } from '../services/credentials/baking';
import { achievementInput, issuerInput, templateBadgeLogo } from '../services/credentials/certificateCredential';
import { VC_V2_CONTEXT, OB_V3P0_CONTEXT } from '../services/credentials/contexts/documentLoader';
import {
  issuerDidDocument,
  listIssuerKeys,
  ensureIssuerKey,
  rotateIssuerKey,
} from '../services/credentials/issuerKeys';
import { STATUS_PURPOSES, verificationMethodId } from '../services/credentials/identifiers';
import { ob2Assertion, ob2BadgeClass, ob2Issuer, ob2RevokedAssertion } from '../services/credentials/openBadge2';
import { buildAchievement } from '../services/credentials/openBadgeCredential';
import { StatusLists } from '../services/credentials/statusLists';
import { CredentialVerifier } from '../services/credentials/verifier';
import { fileAnswer, jsonDocumentAnswer } from './responseSchemas';

/** Certificate keys are 128 letters and digits; the routes accept any length up to that and answer 404. */
const certificateKey = z.string().regex(CERTIFICATE_KEY_INPUT);
const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Signed documents never change once made; a certificate's status lives in the status lists, not here. */
const DOCUMENT_CACHE = 'public, max-age=300';
/** Verifiers re-read the lists: a deletion shows within a minute, and an unchanged list costs a 304. */
const STATUS_LIST_CACHE = 'public, max-age=60, must-revalidate';

const VERIFY_FILE_MAX_BYTES = 5 * 1024 * 1024;
const VERIFY_RATE = { perClient: 60, windowMs: 60_000 };

const publicKeyView = z.object({
  version: z.number(),
  verificationMethod: z.string(),
  publicKeyMultibase: z.string(),
  createdAt: z.string(),
  retiredAt: z.string().nullable(),
});

// the routes' own schemas, built once per process rather than for every app
const idParams = z.object({ id: positiveId });
const issuerIdParams = z.object({ issuerId: positiveId });
const statusListParams = z.object({ issuerId: positiveId, purpose: z.enum(STATUS_PURPOSES) });
const keyParams = z.object({ key: certificateKey });
const downloadQuery = z.object({ download: z.enum(['0', '1']).optional() });
const templateLanguageParams = z.object({ templateId: positiveId, language: z.string().max(20) });
const keysAnswer = z.object({ keys: z.array(publicKeyView) });
const rotatedKeysAnswer = z.object({ active: publicKeyView, keys: z.array(publicKeyView) });

const verifyBody = z
  .object({
    url: z.string().trim().max(2000).optional().describe('a certificate address of this service'),
    key: z.string().trim().max(200).optional().describe('a certificate key'),
    credential: z.record(z.string(), z.unknown()).optional().describe('a credential (JSON-LD, with its proof)'),
  })
  // a multipart request has no JSON body
  .nullish();

const verificationReport = z.object({
  verified: z.boolean(),
  checks: z.array(
    z.object({
      check: z.enum(VERIFICATION_CHECKS),
      verdict: z.enum(['pass', 'fail', 'unknown']),
      code: z.string().describe(`per check: ${JSON.stringify(CHECK_CODES)}`),
      details: z.array(z.string()),
    }),
  ),
  credential: z.object({
    id: z.string().nullable(),
    name: z.string().nullable(),
    issuer: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
    validFrom: z.string().nullable(),
    validUntil: z.string().nullable(),
    anchored: z
      .boolean()
      .describe("one of this service's certificates anchored in its issuer's transparency log (an NFT certificate)"),
  }),
});

function sendJson(reply: FastifyReply, body: string | object, cacheControl = DOCUMENT_CACHE) {
  return reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('access-control-allow-origin', '*')
    .send(typeof body === 'string' ? body : JSON.stringify(body));
}

const certificateNotFound = () => notFound('CERTIFICATE_NOT_FOUND', 'No certificate with this key');
const credentialNotReady = () =>
  new AppError(404, 'CREDENTIAL_NOT_READY', 'This certificate has no signed credential yet: try again in a moment');

/** The certificate's signed credential, parsed. */
async function signedCertificate(ctx: AppContext, key: string) {
  const certificate = await findPublicCertificate(ctx.db, key);
  if (!certificate) throw certificateNotFound();
  if (!certificate.credential) throw credentialNotReady();
  return { certificate, credential: certificate.credential };
}

/** The address part after PUBLIC_URL's path, when `url` is one of our addresses. */
function ourPath(publicUrl: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const base = new URL(publicUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  if (parsed.origin !== base.origin || !parsed.pathname.startsWith(`${prefix}/`)) return null;
  return parsed.pathname.slice(prefix.length);
}

/** The certificate key in one of our certificate, credential or assertion addresses. */
function certificateKeyInUrl(publicUrl: string, url: string): string | null {
  const pathname = ourPath(publicUrl, url);
  const match = pathname
    ? /^\/(?:certificate|ob\/credentials|ob\/v2\/assertions)\/([A-Za-z0-9]{1,128})(?:\/[A-Za-z0-9._-]*)?$/.exec(
        pathname,
      )
    : null;
  return match ? match[1] : null;
}

/** The credential a dropped file holds: JSON, or baked into a PNG or an SVG. */
function credentialInFile(bytes: Buffer): unknown {
  const isPng = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const textContent = isPng ? null : bytes.toString('utf8').replace(/^\uFEFF/, '');
  const isSvg = textContent !== null && /^\s*</.test(textContent);
  const found = isPng ? unbakePng(bytes) : isSvg ? unbakeSvg(textContent) : textContent;
  if (found === null) throw badRequest('NO_CREDENTIAL_IN_IMAGE', 'This image holds no Open Badges credential');
  if (/^[\w-]+\.[\w-]+\.[\w-]*$/.test(found.trim())) {
    throw badRequest('JWT_NOT_SUPPORTED', 'Credentials signed as JWT are not checked here');
  }
  try {
    return JSON.parse(found) as unknown;
  } catch {
    throw badRequest('UNREADABLE_FILE', 'The file is not a credential: neither JSON nor a baked PNG or SVG');
  }
}

async function readVerifyFile(request: FastifyRequest): Promise<Buffer> {
  let file: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw badRequest('FILE_TOO_LARGE', 'The file is larger than 5 MB');
      file ??= bytes;
    }
  }
  if (!file) throw badRequest('MISSING_FILE', 'No file was sent');
  return file;
}

/**
 * Issue 7's public documents and the verifier: the issuers' DID documents and status lists, each certificate's
 * signed credential (JSON, baked PNG or SVG), the Achievements, the Open Badges 2.0 hosted documents, the
 * Administrator's key rotation, and POST /api/verify. Public documents allow any origin, so that browser-based
 * verifiers can read them.
 */
export async function credentialRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config } = ctx;
  const { publicUrl, credentialsKey } = config;
  const statusLists = new StatusLists(db, credentialsKey, publicUrl);
  const verifier = new CredentialVerifier({ db, publicUrl, statusLists });
  const files = ctx.files;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const publicDocument = { config: { auth: 'public' as const } };

  const keyView = (issuerId: number, keys: Awaited<ReturnType<typeof listIssuerKeys>>) =>
    keys.map((key) => ({
      version: key.version,
      verificationMethod: verificationMethodId(publicUrl, issuerId, key.version),
      publicKeyMultibase: key.publicKeyMultibase,
      createdAt: key.createdAt,
      retiredAt: key.retiredAt,
    }));
  const ownIssuer = (request: FastifyRequest, id: number) => {
    if (authOf(request).issuer.id !== id) throw notFound('ISSUER_NOT_FOUND', 'No such issuer');
  };

  api.get(
    '/api/issuer/:id/keys',
    {
      config: { access: { resource: 'profile', action: 'show' } },
      schema: {
        summary: "The issuer's signing keys (public halves only), the active one last",
        params: idParams,
        response: { 200: keysAnswer },
      },
    },
    async (request) => {
      ownIssuer(request, request.params.id);
      await ensureIssuerKey(db, request.params.id, credentialsKey);
      return { keys: keyView(request.params.id, await listIssuerKeys(db, request.params.id)) };
    },
  );

  api.post(
    '/api/issuer/:id/keys/rotate',
    {
      config: { access: { resource: 'profile', action: 'edit' } },
      schema: {
        summary: "Retires the issuer's signing key and makes a new one; what the old key signed keeps verifying",
        params: idParams,
        response: { 200: rotatedKeysAnswer },
      },
    },
    async (request) => {
      const issuerId = request.params.id;
      ownIssuer(request, issuerId);
      const rotated = await rotateIssuerKey(db, issuerId, credentialsKey);
      const keys = keyView(issuerId, await listIssuerKeys(db, issuerId));
      return { active: keyView(issuerId, [rotated])[0], keys };
    },
  );

  api.get(
    '/ob/issuers/:issuerId/did.json',
    {
      ...publicDocument,
      schema: {
        summary: "The issuer's did:web DID document: every key it signed with, retired ones included",
        params: issuerIdParams,
        response: { 200: jsonDocumentAnswer('The DID document (did:web)') },
      },
    },
    async (request, reply) => {
      const issuer = await findIssuer(db, request.params.issuerId);
      if (!issuer) throw notFound('ISSUER_NOT_FOUND', 'No such issuer');
      await ensureIssuerKey(db, issuer.id, credentialsKey);
      // short-lived: after a rotation, verifiers must soon see the new key
      return sendJson(
        reply,
        issuerDidDocument(publicUrl, issuer.id, await listIssuerKeys(db, issuer.id)),
        'public, max-age=60',
      );
    },
  );

  api.get(
    '/ob/issuers/:issuerId/status/:purpose',
    {
      ...publicDocument,
      schema: {
        summary: "The issuer's signed BitstringStatusListCredential (revocation: deleted; suspension: disabled)",
        params: statusListParams,
        response: {
          200: jsonDocumentAnswer('The signed BitstringStatusListCredential'),
        },
      },
    },
    async (request, reply) => {
      const list = await statusLists.get(request.params.issuerId, request.params.purpose);
      if (!list) throw notFound('ISSUER_NOT_FOUND', 'No such issuer');
      const etag = `W/"${list.issuerId}-${list.purpose}-${list.version}"`;
      reply.header('etag', etag).header('vary', 'accept-encoding');
      if (request.headers['if-none-match'] === etag) {
        // no body: outside the typed answers, which name the 200 document
        return (reply as FastifyReply)
          .code(304)
          .header('cache-control', STATUS_LIST_CACHE)
          .header('access-control-allow-origin', '*')
          .send();
      }
      return sendJson(reply, list.body, STATUS_LIST_CACHE);
    },
  );

  const credentialDocument = async (key: string, reply: FastifyReply, download: boolean) => {
    const { credential } = await signedCertificate(ctx, key);
    if (download) reply.header('content-disposition', `attachment; filename="credential-${key.slice(0, 16)}.json"`);
    return sendJson(reply, credential);
  };

  api.get(
    '/ob/credentials/:key',
    {
      ...publicDocument,
      schema: {
        summary: "A certificate's signed OpenBadgeCredential, at its id",
        params: keyParams,
        response: { 200: jsonDocumentAnswer('The signed credential, byte for byte as it was signed') },
      },
    },
    async (request, reply) => credentialDocument(request.params.key, reply, false),
  );

  api.get(
    '/certificate/:key/credential.json',
    {
      ...publicDocument,
      schema: {
        summary: "A certificate's signed OpenBadgeCredential (a deleted one's status says revoked)",
        params: keyParams,
        querystring: downloadQuery,
        response: { 200: jsonDocumentAnswer('The signed credential (an attachment with download=1)') },
      },
    },
    async (request, reply) => credentialDocument(request.params.key, reply, request.query.download === '1'),
  );

  const bakedBadge = async (request: FastifyRequest, key: string, wanted: 'png' | 'svg', reply: FastifyReply) => {
    const { certificate, credential } = await signedCertificate(ctx, key);
    const template = await findCredentialTemplate(db, certificate.template_id);
    const logo = template ? templateBadgeLogo(template, certificate.language) : null;
    const type = logo?.slice(logo.lastIndexOf('.') + 1);
    if (!logo || (type !== 'png' && type !== 'svg')) throw notFound('BADGE_IMAGE_NOT_FOUND', 'This badge has no image');
    // a badge has one image: asked in the other format, the address of the one it has
    if (type !== wanted) return reply.redirect(`/certificate/${key}/badge.${type}`, 302);
    const bytes = await files.get(logo);
    if (!bytes) throw notFound('BADGE_IMAGE_NOT_FOUND', 'This badge has no image');
    // the recipient's download of their badge image (issue 31)
    ctx.activity.record(request, key, 'image');
    const name = `badge-${key.slice(0, 16)}.${type}`;
    reply
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', DOCUMENT_CACHE)
      .header('access-control-allow-origin', '*');
    if (type === 'png') return reply.type('image/png').send(bakePng(bytes, credential));
    return reply
      .type('image/svg+xml; charset=utf-8')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(bakeSvg(bytes.toString('utf8'), credential));
  };

  for (const type of ['png', 'svg'] as const) {
    api.get(
      `/certificate/:key/badge.${type}`,
      {
        ...publicDocument,
        schema: {
          summary: `The badge image baked with the certificate's credential (${type.toUpperCase()}; redirects to the image's own format)`,
          params: keyParams,
          response: {
            200: fileAnswer(
              type === 'png' ? 'image/png' : 'image/svg+xml',
              'The badge image with the credential baked in',
            ),
          },
        },
      },
      async (request, reply) => bakedBadge(request, request.params.key, type, reply),
    );
  }

  /**
   * Only a template with a published certificate (or one its issuer shows publicly) has these documents; any other
   * id answers as an unknown one. A disabled template keeps them unchanged: credentials issued from it still name
   * them, and a certificate's own state is told by the status lists and the hosted assertion, not by its class.
   */
  const templateInLanguage = async (templateId: number, language: string) => {
    const template = await findPublicTemplate(db, templateId);
    if (!template || !parseLanguagesList(template.languages).includes(language)) {
      throw notFound('ACHIEVEMENT_NOT_FOUND', 'No such achievement');
    }
    return template;
  };

  api.get(
    '/ob/achievements/:templateId/:language',
    {
      ...publicDocument,
      schema: {
        summary: 'A template in one language as an OB 3.0 Achievement',
        description: 'Only for a template with a published certificate, or one its issuer shows publicly',
        params: templateLanguageParams,
        response: { 200: jsonDocumentAnswer('The Achievement (JSON-LD)') },
      },
    },
    async (request, reply) => {
      const template = await templateInLanguage(request.params.templateId, request.params.language);
      const achievement = buildAchievement(publicUrl, achievementInput(publicUrl, template, request.params.language));
      return sendJson(reply, { '@context': [VC_V2_CONTEXT, OB_V3P0_CONTEXT], ...achievement });
    },
  );

  api.get(
    '/ob/v2/assertions/:key',
    {
      ...publicDocument,
      schema: {
        summary: 'Open Badges 2.0 hosted assertion of a certificate (410 once deleted or while disabled)',
        params: keyParams,
        response: {
          200: jsonDocumentAnswer('The hosted Assertion (JSON-LD)'),
          410: jsonDocumentAnswer('The revoked Assertion: its id, revoked: true and the reason'),
        },
      },
    },
    async (request, reply) => {
      const { certificate, credential } = await signedCertificate(ctx, request.params.key);
      const revokedReason = revocationReason(certificate);
      if (revokedReason) {
        return sendJson(reply.code(410), ob2RevokedAssertion(publicUrl, certificate.key, revokedReason), 'no-cache');
      }
      const assertion = ob2Assertion(publicUrl, certificate, JSON.parse(credential));
      if (!assertion) throw notFound('ASSERTION_NOT_FOUND', 'This certificate has no Open Badges 2.0 assertion');
      return sendJson(reply, assertion, 'no-cache');
    },
  );

  api.get(
    '/ob/v2/badges/:templateId/:language',
    {
      ...publicDocument,
      schema: {
        summary: 'Open Badges 2.0 BadgeClass of a template in one language',
        description: 'Only for a template with a published certificate, or one its issuer shows publicly',
        params: templateLanguageParams,
        response: { 200: jsonDocumentAnswer('The BadgeClass (JSON-LD)') },
      },
    },
    async (request, reply) => {
      const template = await templateInLanguage(request.params.templateId, request.params.language);
      const badgeClass = ob2BadgeClass(
        publicUrl,
        achievementInput(publicUrl, template, request.params.language),
        template.issuer_id,
      );
      if (!badgeClass) throw notFound('ACHIEVEMENT_NOT_FOUND', 'No such badge');
      return sendJson(reply, badgeClass);
    },
  );

  api.get(
    '/ob/v2/issuers/:issuerId',
    {
      ...publicDocument,
      schema: {
        summary: 'Open Badges 2.0 Issuer profile',
        params: issuerIdParams,
        response: { 200: jsonDocumentAnswer('The Issuer profile (JSON-LD)') },
      },
    },
    async (request, reply) => {
      const issuer = await findIssuer(db, request.params.issuerId);
      if (!issuer) throw notFound('ISSUER_NOT_FOUND', 'No such issuer');
      return sendJson(reply, ob2Issuer(publicUrl, issuerInput(issuer)));
    },
  );

  const verifyLimiter = ctx.limits.limiter('verify-client', VERIFY_RATE.perClient, VERIFY_RATE.windowMs);
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: VERIFY_FILE_MAX_BYTES, files: 1, fields: 3, parts: 4 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/verify',
      {
        config: { auth: 'public' },
        schema: {
          summary: 'Checks a credential: signature, issuer, validity dates, revocation, suspension, OB 3.0 schema',
          description:
            "JSON { url } (an address of this service), { key } (a certificate key) or { credential }; or multipart/form-data with a file (credential JSON, or a baked PNG or SVG, at most 5 MB). The same verifier as POST /credentials/verify (docs/wallets.md): this service's issuers, did:key, and another site's did:web document and status lists read over https (public addresses only, 5 s, 512 KB).",
          body: verifyBody,
          response: { 200: verificationReport },
        },
      },
      async (request) => {
        if (!(await verifyLimiter.take(request.ip))) {
          throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many verifications: wait a minute');
        }
        let credential: unknown;
        if (request.isMultipart()) {
          credential = credentialInFile(await readVerifyFile(request));
        } else {
          const body = request.body ?? {};
          const given = [body.url, body.key, body.credential].filter((value) => value !== undefined && value !== '');
          if (given.length !== 1) {
            throw badRequest('VALIDATION_ERROR', 'Send exactly one of url, key or credential');
          }
          if (body.credential) credential = body.credential;
          else {
            const key = body.key ?? certificateKeyInUrl(publicUrl, body.url as string);
            if (!key) {
              throw badRequest(
                'FOREIGN_URL',
                'Only certificate addresses of this service are read: download the credential and send the file',
              );
            }
            if (!CERTIFICATE_KEY_INPUT.test(key)) throw certificateNotFound();
            credential = JSON.parse((await signedCertificate(ctx, key)).credential) as unknown;
          }
        }
        if (typeof credential !== 'object' || credential === null || Array.isArray(credential)) {
          throw badRequest('UNREADABLE_FILE', 'The file is not a credential');
        }
        const report = await verifier.verify(credential as Record<string, unknown>);
        // one of our credentials checked by someone: counted on its certificate (issue 31)
        ctx.activity.verified(request, [report]);
        return report;
      },
    );
  });
}

/** Why a hosted 2.0 assertion no longer stands, or null while it does. */
function revocationReason(certificate: PublicCertificate): string | null {
  if (certificate.status_id === CERTIFICATE_STATUS.deleted) return 'Deleted by the issuer';
  if (certificate.status_id === CERTIFICATE_STATUS.disabled) return 'Suspended by the issuer';
  // the issuer's reason stays on our page: the assertion says only that it was replaced
  if (certificate.status_id === CERTIFICATE_STATUS.replaced) return 'Replaced by a corrected certificate';
  return null;
}
