import type { Kysely } from 'kysely';
import { TEMPLATE_IMAGE_KEY } from '../../../domain/templates';
import type { Certificate, Database } from '../../db/schema';
import { serverLanguage, translate } from '../../i18n';
import { findIssuerTemplate } from '../../repositories/templates';
import { certificateState } from '../rendering/certificateState';
import type { FileStore } from '../files/fileStore';
import { contentIn, credentialView, recipientFromCertificate } from '../rendering/credentialView';
import { PdfCache } from './pdfCache';
import { todayUtc } from '../../db/clock';

/** PDFs kept by each server's database handle (one per app, so test apps never share one). */
const caches = new WeakMap<Kysely<Database>, PdfCache>();
const PDF_CACHE_BYTES = 64 * 1024 * 1024;

/** The PDF cache of the app that owns `db`. */
export function pdfCacheOf(db: Kysely<Database>): PdfCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PdfCache(PDF_CACHE_BYTES);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The PDF of one certificate (deleted ones have none), its state stamped across when it is not valid. Drawn
 * once per certificate and language, then answered from the cache until the certificate, its template or its
 * state changes (pdfCache.ts).
 */
export async function certificatePdf(
  db: Kysely<Database>,
  files: FileStore,
  publicUrl: string,
  certificate: Certificate,
): Promise<Uint8Array | null> {
  const state = certificateState(certificate, todayUtc());
  if (state === 'deleted') return null;
  const template = await findIssuerTemplate(db, certificate.issuer_id, certificate.template_id);
  if (!template) return null;
  const cache = pdfCacheOf(db);
  const fingerprint = PdfCache.fingerprint({ certificate, template, state, publicUrl });
  const cached = cache.get(certificate.id, certificate.language, fingerprint);
  if (cached) return cached;
  const content = contentIn(template, certificate.language);
  // only the template's own stored images (the key names its issuer)
  const image = async (key: string | null | undefined) => {
    const match = key ? TEMPLATE_IMAGE_KEY.exec(key) : null;
    return key && match && Number(match[1]) === template.issuer_id ? await files.get(key) : null;
  };
  const [badge, issuerLogo, partnerLogo] = await Promise.all([
    image(content.badge_logo),
    image(content.issuer_logo),
    image(content.partner_logo),
  ]);
  const view = credentialView(template, certificate.language, recipientFromCertificate(certificate), () => null);
  const language = serverLanguage(certificate.language);
  // pdf-lib, fontkit and the QR code generator (≈ 30 MB once loaded) come with the first PDF drawn (issue 16 point 5)
  const { renderCertificatePdf } = await import('./certificatePdf');
  const pdf = await renderCertificatePdf({
    view,
    url: `${publicUrl}/certificate/${certificate.key}`,
    stamp: state === 'valid' ? null : translate(language, `publicPage.status.${state}.title`),
    badge,
    issuerLogo,
    partnerLogo: content.partner ? partnerLogo : null,
  });
  cache.set(certificate.id, certificate.language, fingerprint, pdf);
  return pdf;
}

/** Several certificates' PDFs in one .zip, named by recipient and key. */
export async function certificatesZip(
  db: Kysely<Database>,
  files: FileStore,
  publicUrl: string,
  certificates: readonly Certificate[],
): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const zip = new JSZip();
  for (const certificate of certificates) {
    const pdf = await certificatePdf(db, files, publicUrl, certificate);
    if (!pdf) continue;
    const name = `${certificate.last_name}_${certificate.first_name}`.replace(/[^\p{L}\p{N}_-]+/gu, '_').slice(0, 60);
    zip.file(`${name || 'certificate'}_${certificate.key.slice(0, 8)}.pdf`, pdf);
  }
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
