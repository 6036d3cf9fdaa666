/**
 * An image's size in pixels read from its header, before anything decodes it (issue 17): PNG's IHDR, JPEG's
 * start-of-frame, GIF's logical screen, WebP's VP8/VP8L/VP8X header, an SVG root's width, height or viewBox.
 * A 12,000 × 12,000 PNG compresses to a few hundred kilobytes; decoding it takes half a gigabyte, so every
 * upload is bounded in pixels as well as in bytes.
 */
export type HeaderFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

export interface ImageDimensions {
  format: HeaderFormat;
  /** null when the header cannot be read (a truncated file), or for an SVG that states no absolute size */
  width: number | null;
  height: number | null;
}

/** The largest image an upload may hold: its longest side and its area. */
export interface PixelBounds {
  side: number;
  pixels: number;
}

/** Logos and badge images: far above anything drawn (the PDF draws them at most 220 pt wide). */
export const IMAGE_PIXEL_BOUNDS: PixelBounds = { side: 4096, pixels: 4096 * 4096 };
/** Documents and attachments people photograph: a 40-megapixel phone photo passes. */
export const DOCUMENT_PIXEL_BOUNDS: PixelBounds = { side: 10_000, pixels: 40_000_000 };
/** The design image, drawn at most 600 pixels wide by the designer. */
export const DESIGN_IMAGE_PIXEL_BOUNDS: PixelBounds = { side: 2048, pixels: 2048 * 2048 };

const u16be = (bytes: Uint8Array, at: number) => (bytes[at] << 8) | bytes[at + 1];
const u16le = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8);
const u24le = (bytes: Uint8Array, at: number) => bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16);
const u32be = (bytes: Uint8Array, at: number) =>
  ((bytes[at] << 24) | (bytes[at + 1] << 16) | (bytes[at + 2] << 8) | bytes[at + 3]) >>> 0;
const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngDimensions(bytes: Uint8Array): ImageDimensions {
  // the first chunk must be IHDR: width and height as 32-bit big-endian numbers
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return { format: 'png', width: null, height: null };
  return { format: 'png', width: u32be(bytes, 16), height: u32be(bytes, 20) };
}

/** Start-of-frame markers: C0–CF but DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

function jpegDimensions(bytes: Uint8Array): ImageDimensions {
  const unknown: ImageDimensions = { format: 'jpeg', width: null, height: null };
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) {
      at++; // decoders skip stray bytes to the next marker, so this does too
      continue;
    }
    const marker = bytes[at + 1];
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) {
      at += 2; // markers without a segment
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return unknown; // end of image or scan before any frame
    if (isStartOfFrame(marker)) {
      if (at + 9 > bytes.length) return unknown;
      return { format: 'jpeg', width: u16be(bytes, at + 7), height: u16be(bytes, at + 5) };
    }
    const length = u16be(bytes, at + 2);
    if (length < 2) return unknown;
    at += 2 + length;
  }
  return unknown;
}

function gifDimensions(bytes: Uint8Array): ImageDimensions {
  if (bytes.length < 10) return { format: 'gif', width: null, height: null };
  return { format: 'gif', width: u16le(bytes, 6), height: u16le(bytes, 8) };
}

function webpDimensions(bytes: Uint8Array): ImageDimensions {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ' && bytes.length >= 30)
    return { format: 'webp', width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  if (chunk === 'VP8L' && bytes.length >= 25) {
    const [b0, b1, b2, b3] = bytes.subarray(21, 25);
    return {
      format: 'webp',
      width: 1 + (((b1 & 0x3f) << 8) | b0),
      height: 1 + (((b3 & 0x0f) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)),
    };
  }
  if (chunk === 'VP8X' && bytes.length >= 30)
    return { format: 'webp', width: 1 + u24le(bytes, 24), height: 1 + u24le(bytes, 27) };
  return { format: 'webp', width: null, height: null };
}

/** CSS pixels per unit of an SVG length; percentages and font-relative units state no absolute size. */
const SVG_UNITS: Readonly<Record<string, number>> = {
  '': 1,
  px: 1,
  pt: 4 / 3,
  pc: 16,
  in: 96,
  cm: 96 / 2.54,
  mm: 96 / 25.4,
};
const SVG_LENGTH = /^\s*([+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)\s*([a-z%]*)\s*$/;
const SVG_ROOT = /<svg\b([^>]*)>/;
/** Enough for an XML declaration, an editor's comment and a doctype before the root. */
const SVG_HEADER_BYTES = 16 * 1024;

function svgLength(value: string | undefined): number | null {
  const match = value === undefined ? null : SVG_LENGTH.exec(value);
  const unit = match ? SVG_UNITS[match[2]] : undefined;
  return match && unit !== undefined ? Number(match[1]) * unit : null;
}

function svgAttribute(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attributes);
  return match ? (match[1] ?? match[2]) : undefined;
}

function svgDimensions(text: string): ImageDimensions {
  const attributes = SVG_ROOT.exec(text)?.[1] ?? '';
  const viewBox = (svgAttribute(attributes, 'viewBox') ?? '')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  const [boxWidth, boxHeight] = viewBox.length === 4 && viewBox.every(Number.isFinite) ? viewBox.slice(2) : [];
  return {
    format: 'svg',
    width: svgLength(svgAttribute(attributes, 'width')) ?? boxWidth ?? null,
    height: svgLength(svgAttribute(attributes, 'height')) ?? boxHeight ?? null,
  };
}

/** The format and size an image's header states, or null for bytes that are none of these formats. */
export function imageDimensions(bytes: Uint8Array): ImageDimensions | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return pngDimensions(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpegDimensions(bytes);
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a'))
    return gifDimensions(bytes);
  if (bytes.length >= 16 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP')
    return webpDimensions(bytes);
  const head = new TextDecoder('utf-8').decode(bytes.subarray(0, SVG_HEADER_BYTES));
  return /<svg\b/.test(head) ? svgDimensions(head) : null;
}

/**
 * Whether an upload holds more pixels than the bounds allow: an image whose header states a longer side or a
 * larger area. A file whose header states no size or an empty one (no IHDR, no frame, a zero width) is no
 * picture any decoder draws, and bytes that are no image (a PDF document) have no pixels: they pass, for the
 * type checks to judge. An SVG without an absolute size draws at the size the page gives it.
 */
export function exceedsPixelBounds(bytes: Uint8Array, bounds: PixelBounds): boolean {
  const dimensions = imageDimensions(bytes);
  if (!dimensions) return false;
  const { width, height } = dimensions;
  const tooLong = (side: number | null) => side !== null && side > bounds.side;
  if (tooLong(width) || tooLong(height)) return true;
  return width !== null && height !== null && width * height > bounds.pixels;
}
