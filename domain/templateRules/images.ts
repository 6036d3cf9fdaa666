import { DESIGN_IMAGE_PIXEL_BOUNDS, exceedsPixelBounds } from '../imageDimensions';

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
  /** more pixels than IMAGE_PIXEL_BOUNDS (domain/imageDimensions.ts), read from the header by the server */
  tooManyPixels: 'editBadge.upload-error-too-many-pixels',
  /** an SVG with nothing drawable left once sanitised by the server (a script alone, an empty <svg>) */
  emptyImage: 'editBadge.upload-error-empty-image',
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

/**
 * The longest side, in pixels, of the PNG an SVG design image is drawn into: 600, or smaller when the PNG
 * would weigh more than the limit (a vector image loses nothing drawn smaller).
 */
export const DESIGN_IMAGE_SVG_SIDES = [600, 480, 360, 240] as const;

/** The size an image of `width` × `height` is drawn at so that its longest side is `side` (an SVG scales freely). */
export function fitWithin(width: number, height: number, side: number): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: side, height: side };
  const scale = side / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * The design image is kept in the template's cstyle as a data URL of this shape (docs/decisions.md), so that
 * it travels with the design (import of another template's style, the public pages) and needs no file.
 */
export const DESIGN_IMAGE_DATA_URL_PREFIX = 'data:image/png;base64,';

/** 'bad_data_url': not a base64 PNG data URL; the other refusals are the chooser's. */
export type DesignImageDataUrlCheck = DesignImageCheck | 'bad_data_url';

export function designImageDataUrl(bytes: Uint8Array): string {
  return `${DESIGN_IMAGE_DATA_URL_PREFIX}${encodeBase64(bytes)}`;
}

/**
 * The server's check of a design image (and the pages' before showing one): a data URL of the one accepted
 * shape whose bytes are, by content, a PNG of at most DESIGN_IMAGE_MAX_BYTES and of at most 2048 × 2048 pixels
 * by its header (a small PNG can stand for a huge canvas); 'large' is accepted.
 */
export function checkDesignImageDataUrl(value: unknown): DesignImageDataUrlCheck {
  if (typeof value !== 'string' || !value.startsWith(DESIGN_IMAGE_DATA_URL_PREFIX)) return 'bad_data_url';
  const encoded = value.slice(DESIGN_IMAGE_DATA_URL_PREFIX.length);
  // far longer than the largest accepted image: refused before any decoding
  if (encoded.length > Math.ceil(DESIGN_IMAGE_MAX_BYTES / 3) * 4) return 'too_large';
  const bytes = decodeBase64(encoded);
  if (bytes === null) return 'bad_data_url';
  if (sniffImageType(bytes) !== 'png') return 'bad_type';
  if (exceedsPixelBounds(bytes, DESIGN_IMAGE_PIXEL_BOUNDS)) return 'too_large';
  return checkDesignImage({ type: IMAGE_MIME_TYPES.png, size: bytes.length });
}

export function isAcceptedDesignImage(value: unknown): value is string {
  const check = checkDesignImageDataUrl(value);
  return check === 'ok' || check === 'large';
}

const BASE64_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const BASE64_VALUES: Record<number, number> = Object.fromEntries(
  [...BASE64_ALPHABET].map((character, value) => [character.charCodeAt(0), value]),
);
/** Standard base64 with its padding, nothing else (no line breaks, no URL-safe alphabet). */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** Base64 without Buffer or atob, so the rules read the same bytes in the browser and on the server. */
export function encodeBase64(bytes: Uint8Array): string {
  let text = '';
  for (let index = 0; index < bytes.length; index += 3) {
    const chunk = (bytes[index] << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
    const remaining = bytes.length - index;
    text += BASE64_ALPHABET[(chunk >> 18) & 63] + BASE64_ALPHABET[(chunk >> 12) & 63];
    text += remaining > 1 ? BASE64_ALPHABET[(chunk >> 6) & 63] : '=';
    text += remaining > 2 ? BASE64_ALPHABET[chunk & 63] : '=';
  }
  return text;
}

/** The bytes of strict base64 text; null when the text is not that. */
export function decodeBase64(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const bytes = new Uint8Array((text.length / 4) * 3 - padding);
  // padding reads as 0; the pattern above admitted nothing else outside the alphabet
  const value = (index: number) => BASE64_VALUES[text.charCodeAt(index)] ?? 0;
  let written = 0;
  for (let index = 0; index < text.length; index += 4) {
    const chunk = (value(index) << 18) | (value(index + 1) << 12) | (value(index + 2) << 6) | value(index + 3);
    for (const shift of [16, 8, 0]) if (written < bytes.length) bytes[written++] = (chunk >> shift) & 255;
  }
  return bytes;
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
