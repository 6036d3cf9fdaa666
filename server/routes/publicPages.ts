import { issuerPublicProfile } from '../../domain/issuerPublicProfile';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BRAND_NAMES, chooseBrand } from '../../domain/brand';
import { CERTIFICATE_KEY_PATTERN } from '../../domain/certificates';
import { NFT_NETWORK, TEMPLATE_IMAGE_KEY, templateImagePath } from '../../domain/templates';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import type { Template } from '../db/schema';
import { NFT_CLAIM_PATH } from '../../domain/nftClaims';
import { serverLanguage, translate } from '../i18n';
import { type CertificatePageRow, committedVersion, findCertificatePageRow } from '../repositories/certificates';
import { findIssuerParams } from '../repositories/issuers';
import { findIssuerTemplate, findIssuerTemplateForPage, findPublicIssuerTemplate } from '../repositories/templates';
import type { ParsedTemplate } from '../repositories/templateRows';
import { findRenewalLinks, findReplacementOf } from '../repositories/replacements';
import { certificateState } from '../services/rendering/certificateState';
import type { FileStore } from '../services/files/fileStore';
import {
  type CredentialShareActions,
  PAGE_POLICY_HEADER,
  renderCredentialPage,
  renderNoticePage,
} from '../services/rendering/credentialPage';
import type { CredentialView } from '../services/rendering/credentialView';
import { linkedInAddToProfileUrl, linkedInOrganizationId, shareLinks } from '../../domain/sharing/linkedIn';
import { PageCache } from '../services/rendering/pageCache';
import {
  certificateLanguages,
  contentImageKeys,
  contentIn,
  credentialView,
  fieldValue,
  recipientFromCertificate,
  recipientFromRow,
  templateLanguages,
  type ImageSource,
} from '../services/rendering/credentialView';
import { dataUri } from '../services/rendering/html';
import { DWEB_GATEWAYS, renderThumbnailSvg, thumbnailContentId } from '../services/rendering/thumbnail';
import { callerTemplate } from '../services/templates/access';
import { imageContentType } from '../services/templates/images';
import { fileAnswer, htmlAnswer } from './responseSchemas';
import { todayUtc } from '../db/clock';

/** Certificate pages follow status changes at once; template pages and thumbnails change rarely. */
const CERTIFICATE_CACHE = 'no-cache';
const TEMPLATE_CACHE = 'public, max-age=300';
/** A template seen through a preview token: kept by no shared cache, the page not even by the browser. */
const PREVIEW_PAGE_CACHE = 'private, no-store';
const PREVIEW_THUMBNAIL_CACHE = 'private, max-age=3600';

// the other schemas of these routes, built once per process rather than for every app
const keyParams = z.object({ key: z.string() });
const refParams = z.object({ ref: z.string() });
const langQuery = z.object({ lang: z.string().max(20).optional() });
const previewBody = z.object({
  templateId: z.number().int().positive(),
  row: z
    .record(z.string().max(200), z.string().max(20_000))
    .refine((row) => Object.keys(row).length <= 300, 'too many fields'),
  language: z.string().min(2).max(8).optional(),
});

/** The template page's and thumbnail's query: a language, and the preview token of the staff's templates list. */
const templatePageQuery = z.object({
  lang: z.string().max(20).optional(),
  // a token is about 60 characters; anything longer is refused before any lookup, whatever the template
  preview: z.string().max(100).optional(),
});

/** `{issuerId}&{templateId}`, the public template address of ARCHITECTURE.md. */
const TEMPLATE_REF = /^(\d{1,9})&(\d{1,9})$/;

export function parseTemplateRef(ref: string): { issuerId: number; templateId: number } | null {
  const match = TEMPLATE_REF.exec(ref);
  return match ? { issuerId: Number(match[1]), templateId: Number(match[2]) } : null;
}

/** An NFT certificate's way to its claim page: claim it (1), reveal it (13), see its token (14). */
function nftAction(certificate: CertificatePageRow): { href: string; label: 'claim' | 'reveal' | 'owned' } | undefined {
  const label = ({ 1: 'claim', 13: 'reveal', 14: 'owned' } as const)[certificate.status_id as 1 | 13 | 14];
  return certificate.nft_token_id !== null && label
    ? { href: `${NFT_CLAIM_PATH}?key=${certificate.key}`, label }
    : undefined;
}

function brandName(request: FastifyRequest): string {
  return BRAND_NAMES[chooseBrand(request.hostname)];
}

function sendPage(reply: FastifyReply, status: number, html: string | Buffer, cache: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', PAGE_POLICY_HEADER)
    .header('cache-control', cache)
    .send(html);
}

/** Whether a stored image key is one of this issuer's template images. */
function issuerImage(key: string, issuerId: number): boolean {
  const match = TEMPLATE_IMAGE_KEY.exec(key);
  return match !== null && Number(match[1]) === issuerId;
}

/** Logos by their public address: the page's browser fetches (and caches) them. */
function publicImages(template: Template): ImageSource {
  return (key) => (issuerImage(key, template.issuer_id) ? templateImagePath(key) : null);
}

/** Logos as data URIs, for documents shown where our addresses may not load (a sandboxed srcdoc, an SVG). */
async function embeddedImages(files: FileStore, template: Template, keys: readonly string[]): Promise<ImageSource> {
  const sources = new Map<string, string>();
  for (const key of keys) {
    if (!issuerImage(key, template.issuer_id)) continue;
    const bytes = await files.get(key);
    if (bytes) sources.set(key, dataUri(imageContentType(key), bytes));
  }
  return (key) => sources.get(key) ?? null;
}

/** LinkedIn's "Add to profile" form for this credential, every field filled in (issue 31). */
function linkedInProfileUrl(view: CredentialView, pageUrl: string, key: string, organizationId: string | null): string {
  return linkedInAddToProfileUrl({
    name: view.title,
    organizationId,
    organizationName: view.issuer.name,
    issued: view.obtained.date,
    expires: view.expires?.date ?? null,
    certUrl: pageUrl,
    certId: key,
  });
}

/**
 * What the recipient does with a valid credential beyond downloading it (issue 31): add it to their LinkedIn
 * profile (through our own address, which counts the click and leads to LinkedIn's form), share the page by
 * plain links, or copy its address.
 */
function shareActions(view: CredentialView, pageUrl: string, linkedIn: string): CredentialShareActions {
  return { pageUrl, linkedInProfile: linkedIn, ...shareLinks(pageUrl, view.title) };
}

/** The language asked for when the template has it, else the template's default. */
function chosenLanguage(template: Template, wanted: string | undefined): string {
  return wanted && templateLanguages(template).includes(wanted) ? wanted : template.default_language;
}

/**
 * The public pages (spec 002 certificates, spec 001 public template page and thumbnails) and the publication
 * page's preview. Pages are complete HTML documents without scripts, under a policy that lets none run.
 */
export async function publicPageRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const files = ctx.files;
  const certificatePages = new PageCache();
  const api = app.withTypeProvider<ZodTypeProvider>();
  const notFoundPage = (request: FastifyRequest, reply: FastifyReply, language = 'en') =>
    sendPage(reply, 404, renderNoticePage('notFound', language, brandName(request)), 'no-cache');

  /**
   * A published template, or one its issuer shows publicly; another of the issuer's templates only with a preview
   * token made for exactly it (staff's cards carry one). Anything else reads as an address that leads nowhere.
   */
  async function shownTemplate(
    ref: string,
    previewToken: string | undefined,
  ): Promise<{ template: ParsedTemplate; unpublished: boolean } | null> {
    const parsed = parseTemplateRef(ref);
    if (!parsed) return null;
    const { issuerId, templateId } = parsed;
    const shown = await findPublicIssuerTemplate(db, issuerId, templateId);
    if (shown) return { template: shown, unpublished: false };
    if (previewToken === undefined || !ctx.previews.check(previewToken, issuerId, templateId)) return null;
    const template = await findIssuerTemplate(db, issuerId, templateId);
    return template ? { template, unpublished: true } : null;
  }

  api.get(
    '/certificate/:key',
    {
      config: { auth: 'public' },
      schema: {
        summary: "A certificate's public page (HTML) in its language, with its state",
        description: 'lang chooses another of the languages the certificate was given in (a bilingual recipient)',
        params: keyParams,
        querystring: langQuery,
        response: {
          200: htmlAnswer('The certificate page'),
          410: htmlAnswer('The page of a deleted certificate'),
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const pageName = PageCache.nameOf(key, request.query.lang ?? null, brandName(request));
      // The database's committed state (SQLite only) and the day: while nothing has been committed since a page's
      // inputs were read, the page is answered again without a read. Any commit (a revocation, a template edited, a
      // visit counted) moves the version. Read before anything else: a commit made while this visit reads is then
      // never taken for this version.
      const version = committedVersion(db);
      const today = todayUtc();
      const committed = version === undefined ? undefined : [version, today];
      const unchanged = committed && certificatePages.unchangedAt(pageName, committed);
      if (unchanged !== undefined) {
        ctx.activity.record(request, key, 'view');
        return sendPage(reply, 200, unchanged, CERTIFICATE_CACHE);
      }
      const certificate = CERTIFICATE_KEY_PATTERN.test(key) ? await findCertificatePageRow(db, key) : undefined;
      if (!certificate) return notFoundPage(request, reply);
      const state = certificateState(certificate, today);
      const base = `/certificate/${key}`;
      const verify = `/verify?key=${key}`;
      if (state === 'deleted') {
        const html = renderNoticePage('deleted', certificate.language, brandName(request), verify);
        return sendPage(reply, 410, html, CERTIFICATE_CACHE);
      }
      const stored = await findIssuerTemplateForPage(db, certificate.issuer_id, certificate.template_id);
      if (!stored) return notFoundPage(request, reply, certificate.language);
      // a person's visit, counted before the page cache answers (issue 31): machines and repeats of the day are not
      ctx.activity.record(request, key, 'view');
      // a replaced certificate's page says when, why, and links the one that replaced it (issue 28)
      const replacement = state === 'replaced' ? ((await findReplacementOf(db, key)) ?? null) : null;
      // a renewed one (still valid until its own expiry) links its renewal; a renewal links the one it renews
      const links = await findRenewalLinks(db, key);
      const renewal = state === 'valid' || state === 'expired' ? (links.renewal ?? null) : null;
      const renews = renewal ? null : (links.renews ?? null);
      const issuerParams = await findIssuerParams(db, certificate.issuer_id);
      // the template's stored row: a page answered from the cache never parses it
      const inputs = [certificate, stored.row, state, replacement, renewal, renews, issuerParams?.stored];
      const cached = certificatePages.get(pageName, inputs, committed);
      if (cached !== undefined) return sendPage(reply, 200, cached, CERTIFICATE_CACHE);
      const template = stored.parse();
      const languages = certificateLanguages(certificate);
      const language = languages.find((code) => code === request.query.lang) ?? certificate.language;
      const view = credentialView(
        template,
        language,
        recipientFromCertificate(certificate, language),
        publicImages(template),
      );
      const html = renderCredentialPage({
        view,
        state,
        languages: languages.map((code) => ({ language: code, href: `?lang=${encodeURIComponent(code)}` })),
        expiredOn: certificate.expiration_date,
        replacement: replacement && {
          date: replacement.created_at,
          reason: replacement.reason,
          href: `/certificate/${replacement.new_key}`,
        },
        renewal: renewal && { date: renewal.created_at, href: `/certificate/${renewal.new_key}` },
        renews: renews && { href: `/certificate/${renews.old_key}` },
        // only NFT certificates are ever minting; their network is the one the product anchors on
        network: template.is_nft === 1 || state === 'minting' ? (template.network ?? NFT_NETWORK) : null,
        issuerProfile: issuerPublicProfile(issuerParams?.parsed),
        actions:
          state === 'valid'
            ? {
                credential: `${base}/credential.json`,
                badge: `${base}/badge.png`,
                pdf: `${base}/certificate.pdf`,
                verify,
                // NFT certificates go into a wallet by their token's claim (see walletDelivery.ts)
                wallet: template.is_nft === 1 ? undefined : `${base}/wallet?lang=${encodeURIComponent(language)}`,
                // the recipient's correction request (issue 28): not for NFT certificates, which are not re-issued
                correction:
                  template.is_nft === 1 ? undefined : `${base}/correction?lang=${encodeURIComponent(language)}`,
                nft: nftAction(certificate),
                share: shareActions(
                  view,
                  `${ctx.config.publicUrl}${base}`,
                  `${base}/linkedin?lang=${encodeURIComponent(language)}`,
                ),
              }
            : { verify },
        brandName: brandName(request),
      });
      const page = Buffer.from(html);
      certificatePages.set(pageName, inputs, page, committed);
      return sendPage(reply, 200, page, CERTIFICATE_CACHE);
    },
  );

  api.get(
    '/certificate/:key/linkedin',
    {
      config: { auth: 'public' },
      schema: {
        summary: "The public page's and the mail's LinkedIn button: counts the click, then leads to LinkedIn's form",
        description:
          "A redirect (302) to LinkedIn's Add to profile form filled in with the certificate (https://www.linkedin.com/profile/add?startTask=CERTIFICATION_NAME&name=…&certUrl=…&certId=…) in the language lang chooses among the certificate's; a certificate that is not valid leads back to its page, which tells why. Crawlers, link previewers and mail scanners are led there too, not counted.",
        params: keyParams,
        querystring: langQuery,
        response: {
          302: htmlAnswer("No body: Location is LinkedIn's form, or the certificate's page"),
          404: htmlAnswer('The page of an unknown certificate'),
        },
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const certificate = CERTIFICATE_KEY_PATTERN.test(key) ? await findCertificatePageRow(db, key) : undefined;
      if (!certificate) return notFoundPage(request, reply);
      const base = `/certificate/${key}`;
      const template = await findIssuerTemplate(db, certificate.issuer_id, certificate.template_id);
      if (!template || certificateState(certificate, todayUtc()) !== 'valid') {
        return reply.header('cache-control', 'no-store').redirect(base, 302);
      }
      const language = certificateLanguages(certificate).find((code) => code === request.query.lang);
      const shown = language ?? certificate.language;
      const view = credentialView(
        template,
        shown,
        recipientFromCertificate(certificate, shown),
        publicImages(template),
      );
      // the issuer's LinkedIn page (profile, sharing tab) gives the "Add to profile" form its logo
      const issuerParams = await findIssuerParams(db, certificate.issuer_id);
      const organizationId = linkedInOrganizationId(issuerParams?.parsed ?? {});
      ctx.activity.record(request, key, 'linkedin');
      const target = linkedInProfileUrl(view, `${ctx.config.publicUrl}${base}`, key, organizationId);
      return reply.header('cache-control', 'no-store').redirect(target, 302);
    },
  );

  api.get(
    '/template/:ref',
    {
      config: { auth: 'public' },
      schema: {
        summary: "A template's public page (HTML): its design with a sample recipient, in each of its languages",
        description:
          "ref is {issuerId}&{templateId} (the & may be URL-encoded); lang chooses one of its languages. Only a template with a published certificate, or one its issuer shows publicly, has a page; a disabled one says so. preview is the previewToken of the templates list (GET /api/templates): with it the issuer's staff see a template that is not public yet, under a banner saying so, never cached or indexed.",
        params: refParams,
        querystring: templatePageQuery,
        response: { 200: htmlAnswer('The template page, or the notice that it is disabled') },
      },
    },
    async (request, reply) => {
      const { lang, preview } = request.query;
      const shown = await shownTemplate(request.params.ref, preview);
      if (!shown) return notFoundPage(request, reply, serverLanguage(lang));
      const { template, unpublished } = shown;
      const cache = unpublished ? PREVIEW_PAGE_CACHE : TEMPLATE_CACHE;
      const language = chosenLanguage(template, lang);
      const page = serverLanguage(language);
      if (template.enabled !== 1) {
        const notice = renderNoticePage('templateDisabled', page, brandName(request), null, unpublished);
        return sendPage(reply, 200, notice, cache);
      }
      const recipient = {
        firstName: translate(page, 'publicPage.sample.firstName'),
        lastName: translate(page, 'publicPage.sample.lastName'),
        obtentionDate: todayUtc(),
        expirationDate: null,
        fields: {},
      };
      // the other languages of a preview stay previews
      const keepPreview = unpublished && preview ? `&preview=${encodeURIComponent(preview)}` : '';
      const html = renderCredentialPage({
        view: credentialView(template, language, recipient, publicImages(template)),
        state: 'sample',
        languages: templateLanguages(template).map((code) => ({
          language: code,
          href: `?lang=${encodeURIComponent(code)}${keepPreview}`,
        })),
        unpublished,
        brandName: brandName(request),
      });
      return sendPage(reply, 200, html, cache);
    },
  );

  api.get(
    '/template/:ref/thumbnail.svg',
    {
      config: { auth: 'public' },
      schema: {
        summary: "A template's thumbnail: an SVG drawn from its design, or a redirect to its distributed-web image",
        description:
          "Only for a template with a published certificate, or one its issuer shows publicly; or with preview, the templates list's previewToken for exactly this template (then cached privately)",
        params: refParams,
        querystring: templatePageQuery,
        response: { 200: fileAnswer('image/svg+xml', 'The thumbnail drawn from the design') },
      },
    },
    async (request, reply) => {
      const shown = await shownTemplate(request.params.ref, request.query.preview);
      if (!shown) return notFoundPage(request, reply);
      const { template, unpublished } = shown;
      const cache = unpublished ? PREVIEW_THUMBNAIL_CACHE : TEMPLATE_CACHE;
      const language = chosenLanguage(template, request.query.lang);
      const contentId = thumbnailContentId(template.parsed.thumbnail, language, template.default_language);
      if (contentId) {
        return reply.header('cache-control', cache).redirect(`${DWEB_GATEWAYS[0]}${contentId}`, 302);
      }
      const badgeKey = contentIn(template, language).badge_logo;
      const images = await embeddedImages(files, template, badgeKey ? [badgeKey] : []);
      const view = credentialView(
        template,
        language,
        { firstName: '', lastName: '', obtentionDate: null, expirationDate: null, fields: {} },
        images,
      );
      const svg = renderThumbnailSvg({
        title: view.title,
        issuer: view.issuer.name,
        badge: view.badgeImage,
        cstyle: view.cstyle,
        register: view.registry?.type ?? null,
      });
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; img-src data:; style-src 'unsafe-inline'")
        .header('cache-control', cache)
        .send(svg);
    },
  );

  api.post(
    '/api/admin/preview',
    {
      config: { access: { resource: 'publication', action: 'show' } },
      schema: {
        summary: 'An import row rendered as its certificate page would be (text/html), for the publication preview',
        description:
          'The answer is a complete HTML document without scripts, meant for a sandboxed iframe srcdoc; logos are embedded as data URIs.',
        body: previewBody,
        response: { 200: htmlAnswer('The page as the recipient would see it') },
      },
    },
    async (request, reply) => {
      const { templateId, row, language } = request.body;
      const template = await callerTemplate(db, authOf(request), templateId);
      const chosen = chosenLanguage(template, language ?? fieldValue(row, 'Language'));
      const images = await embeddedImages(files, template, contentImageKeys(contentIn(template, chosen)));
      const html = renderCredentialPage({
        view: credentialView(template, chosen, recipientFromRow(row, todayUtc()), images),
        state: 'preview',
        brandName: brandName(request),
      });
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', PAGE_POLICY_HEADER)
        .send(html);
    },
  );
}
