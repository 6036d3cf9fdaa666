/** Image rules of the template editors (spec 001 section 5), checked by the editors and again by the server. */
export type ImageType = 'png' | 'jpeg' | 'svg';

export const IMAGE_MIME_TYPES: Record<ImageType, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

export type LogoKind = 'badgeLogo' | 'issuerLogo' | 'partnerLogo' | 'registryLogo';

export const LOGO_TYPES: Record<LogoKind, readonly ImageType[]> = {
  badgeLogo: ['svg', 'png'],
  issuerLogo: ['png'],
  partnerLogo: ['jpeg', 'png'],
  registryLogo: ['svg', 'png'],
};

/** The logo inputs' size hint (spec 001 section 5), in pixels. */
export const LOGO_SIZE_HINT = 500;
export const UPLOAD_MAX_BYTES = 550 * 1024;

/** Message keys of the two upload errors. */
export const UPLOAD_ERRORS = {
  badType: 'editBadge.upload-error-bad-type',
  tooLarge: 'editBadge.upload-error-file-too-large',
} as const;
export type UploadError = (typeof UPLOAD_ERRORS)[keyof typeof UPLOAD_ERRORS];

export const SVG_TO_PNG_ERROR = 'error transforming SVG to PNG';

/** The image type a MIME type names, ignoring case and parameters; null for anything else. */
export function imageTypeOfMime(mime: string | null | undefined): ImageType | null {
  const essence = (mime ?? '').split(';')[0].trim().toLowerCase();
  if (essence === 'image/jpg' || essence === 'image/pjpeg') return 'jpeg';
  const entry = Object.entries(IMAGE_MIME_TYPES).find(([, type]) => type === essence);
  return entry ? (entry[0] as ImageType) : null;
}

/** The file input's accept attribute for a logo, MIME types and extensions, so the picker filters on both. */
export function acceptAttribute(kind: LogoKind): string {
  const extensions: Record<ImageType, string[]> = { png: ['.png'], jpeg: ['.jpg', '.jpeg'], svg: ['.svg'] };
  return LOGO_TYPES[kind].flatMap((type) => [IMAGE_MIME_TYPES[type], ...extensions[type]]).join(',');
}

function checkTypeAndSize(kind: LogoKind, type: ImageType | null, size: number): UploadError | null {
  if (type === null || !LOGO_TYPES[kind].includes(type)) return UPLOAD_ERRORS.badType;
  return size > UPLOAD_MAX_BYTES ? UPLOAD_ERRORS.tooLarge : null;
}

/** The editors' check of a chosen file, from the type and size the browser reports; the type is checked first. */
export function checkLogoUpload(kind: LogoKind, file: { type: string; size: number }): UploadError | null {
  return checkTypeAndSize(kind, imageTypeOfMime(file.type), file.size);
}

/**
 * The server's check of received bytes: the type is read from the content, not taken from the client. When
 * the client declared an image type it must be the one the content shows, so a renamed file is refused; a
 * generic declaration (application/octet-stream, none) leaves the decision to the content.
 */
export function checkLogoBytes(kind: LogoKind, bytes: Uint8Array, declaredMime?: string | null): UploadError | null {
  const type = sniffImageType(bytes);
  const declared = imageTypeOfMime(declaredMime);
  if (declared !== null && declared !== type) return UPLOAD_ERRORS.badType;
  return checkTypeAndSize(kind, type, bytes.length);
}

/** The design image chooser takes PNG only, at most 50000 bytes; above 75% of that it warns. */
export const DESIGN_IMAGE_MAX_BYTES = 50000;
export const DESIGN_IMAGE_WARNING_BYTES = DESIGN_IMAGE_MAX_BYTES * 0.75;

/** 'large' is a warning and the image is kept; 'too_large' and 'bad_type' refuse it. */
export type DesignImageCheck = 'ok' | 'large' | 'too_large' | 'bad_type';

export function checkDesignImage(file: { type: string; size: number }): DesignImageCheck {
  if (imageTypeOfMime(file.type) !== 'png') return 'bad_type';
  if (file.size > DESIGN_IMAGE_MAX_BYTES) return 'too_large';
  return file.size > DESIGN_IMAGE_WARNING_BYTES ? 'large' : 'ok';
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
/** Enough for an XML declaration, an editor's comment and a doctype with its internal subset. */
const SVG_SNIFF_BYTES = 16 * 1024;

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

/**
 * What the bytes are, by content: PNG and JPEG by their signatures, SVG by an <svg root element preceded only
 * by what XML allows before it (byte order mark, whitespace, XML declaration, processing instructions,
 * comments, a doctype). Only UTF-8 SVG is recognised. Recognising an SVG does not make it safe to serve: it
 * may hold scripts and must be sanitised.
 */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'jpeg';
  const text = new TextDecoder('utf-8').decode(bytes.subarray(0, SVG_SNIFF_BYTES));
  return startsWithSvgRoot(text) ? 'svg' : null;
}

function startsWithSvgRoot(text: string): boolean {
  let rest = text.replace(/^\uFEFF/u, '');
  for (;;) {
    rest = rest.replace(/^[ \t\r\n]+/u, '');
    if (/^<svg[ \t\r\n/>]/u.test(rest)) return true;
    const skipped = skipPrologItem(rest);
    if (skipped === null) return false;
    rest = skipped;
  }
}

/** The text after one declaration, processing instruction, comment or doctype at its start; null if none. */
function skipPrologItem(text: string): string | null {
  if (text.startsWith('<?')) return after(text, '?>');
  if (text.startsWith('<!--')) return after(text, '-->');
  if (text.startsWith('<!DOCTYPE')) return afterDoctype(text);
  return null;
}

function after(text: string, end: string): string | null {
  const index = text.indexOf(end);
  return index < 0 ? null : text.slice(index + end.length);
}

/** A doctype ends at the first > outside its bracketed internal subset and outside quoted identifiers. */
function afterDoctype(text: string): string | null {
  let quote: string | null = null;
  let inSubset = false;
  for (let index = '<!DOCTYPE'.length; index < text.length; index++) {
    const character = text[index];
    if (quote) {
      if (character === quote) quote = null;
    } else if (character === '"' || character === "'") quote = character;
    else if (character === '[') inSubset = true;
    else if (character === ']') inSubset = false;
    else if (character === '>' && !inSubset) return text.slice(index + 1);
  }
  return null;
}
