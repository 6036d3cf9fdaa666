import type { Kysely } from 'kysely';
import { DOCUMENT_PIXEL_BOUNDS, exceedsPixelBounds } from '../../domain/imageDimensions';
import {
  contentMatchesExtension,
  offersVerificationForm,
  validateVerificationForm,
  type VerificationForm,
} from '../../domain/accountVerification';
import type { SessionAuth, ApiKeyAuth } from '../auth/guard';
import { nowIso } from '../db/clock';
import type { Database } from '../db/schema';
import { AppError, badRequest } from '../errors';
import { insertAccountVerification } from '../repositories/accountVerifications';
import { findIssuer, findIssuerParams, replaceIssuerParamsIfUnchanged } from '../repositories/issuers';
import { sanitizeSvgBytes } from '../security/svgSanitizer';
import { newFileKey, type FileStore } from './files/fileStore';
import { inTransaction } from '../db/transactions';

export interface VerificationFile {
  name: string;
  bytes: Buffer;
}

export interface VerificationSubmission extends Omit<VerificationForm, 'hdLogo' | 'officialDoc'> {
  hdLogo: VerificationFile | null;
  officialDoc: VerificationFile | null;
}

const notOffered = () =>
  new AppError(409, 'VERIFICATION_NOT_OFFERED', 'Account verification is for ESSENTIALS_PACK issuers not yet verified');
const alreadySubmitted = () =>
  new AppError(409, 'VERIFICATION_ALREADY_SUBMITTED', 'A verification request is already being processed');

/**
 * Records an account verification request (spec 000 section 2.12): the form is checked with the rules the page
 * uses, each file's content must match its extension, the files go to the file store, then one transaction
 * records the request and marks the issuer's params — only if no request was recorded meanwhile.
 */
export async function submitVerification(
  db: Kysely<Database>,
  files: FileStore,
  auth: SessionAuth | ApiKeyAuth,
  form: VerificationSubmission,
): Promise<{ id: number }> {
  const issuer = await findIssuer(db, auth.issuer.id);
  if (!issuer || !offersVerificationForm({ plan: issuer.plan, verified: issuer.verified === 1 })) throw notOffered();
  if (issuer.parsed.params.verificationSubmitted === true) throw alreadySubmitted();

  const errors = validateVerificationForm({
    ...form,
    hdLogo: form.hdLogo && { name: form.hdLogo.name, size: form.hdLogo.bytes.length },
    officialDoc: form.officialDoc && { name: form.officialDoc.name, size: form.officialDoc.bytes.length },
  });
  for (const kind of ['hdLogo', 'officialDoc'] as const) {
    const file = form[kind];
    if (!errors[kind] && file && !contentMatchesExtension(file.name, file.bytes)) errors[kind] = 'unsupported_type';
    // pixels bounded from the header, like every uploaded image (a small file can stand for a huge picture)
    if (!errors[kind] && file && exceedsPixelBounds(file.bytes, DOCUMENT_PIXEL_BOUNDS)) errors[kind] = 'too_large';
  }
  // an SVG logo is stored with nothing active in it (server/security/svgSanitizer.ts)
  let logoBytes = form.hdLogo?.bytes;
  if (!errors.hdLogo && form.hdLogo && form.hdLogo.name.toLowerCase().endsWith('.svg')) {
    // not an SVG, or one that draws nothing once sanitised: the form's own file error (spec 000)
    const sanitized = await sanitizeSvgBytes(form.hdLogo.bytes);
    logoBytes = sanitized.ok ? sanitized.bytes : undefined;
    if (!sanitized.ok) errors.hdLogo = 'unsupported_type';
  }
  if (Object.keys(errors).length > 0) {
    throw badRequest('VALIDATION_ERROR', 'The verification form is not complete or not valid', { fields: errors });
  }
  const logo = { ...(form.hdLogo as VerificationFile), bytes: logoBytes as Buffer };
  const document = form.officialDoc as VerificationFile;
  const folder = `verifications/${issuer.id}`;
  const extension = (name: string) => name.toLowerCase().slice(name.lastIndexOf('.') + 1);
  const logoKey = newFileKey(folder, extension(logo.name));
  const documentKey = newFileKey(folder, extension(document.name));
  await files.put(logoKey, logo.bytes);
  await files.put(documentKey, document.bytes);

  try {
    return await inTransaction(db, async (trx) => {
      const current = (await findIssuerParams(trx, issuer.id)) ?? { stored: '{}', parsed: {} };
      const params = current.parsed;
      if (params.verificationSubmitted === true) throw alreadySubmitted();
      const marked = await replaceIssuerParamsIfUnchanged(
        trx,
        issuer.id,
        current.stored,
        JSON.stringify({ ...params, verificationSubmitted: true }),
      );
      if (!marked) throw alreadySubmitted();
      const id = await insertAccountVerification(trx, {
        issuer_id: issuer.id,
        user_id: auth.kind === 'session' ? auth.user.id : null,
        public_name: form.publicName.trim(),
        official_name: form.officialName.trim(),
        juridic_form: form.juridicForm.trim(),
        address: form.address.trim(),
        website: form.website.trim(),
        statement_intent: form.statementIntent ? 1 : 0,
        country: form.country,
        logo_file: logoKey,
        document_file: documentKey,
        submitted_at: nowIso(),
      });
      return { id };
    });
  } catch (error) {
    await files.delete(logoKey);
    await files.delete(documentKey);
    throw error;
  }
}
