import { exceedsPixelBounds, IMAGE_PIXEL_BOUNDS } from '../imageDimensions';
import { UPLOAD_ERRORS } from '../templateRules/images';
import { isBundledFamily } from './fonts';
import { parseIconSvg } from './iconSvg';
import {
  COLOR_ORIENTATIONS,
  ELEMENT_TYPES,
  FILL_TYPES,
  FONT_STYLES,
  ICON_MAX_CHARS,
  IMAGE_MAX_BYTES,
  isColor,
  MAX_ELEMENTS,
  MODEL_VERSION,
  NUMERIC_FIELDS,
  RANGES,
  SHADOWS,
  SHAPES,
  TEXT_MAX_LENGTH,
  type BadgeElement,
  type BadgeModel,
  type ElementType,
} from './model';

/**
 * The server's check of a badge model (spec 002 section 5): version 1, known element types, every field of the
 * right kind and every number within its range, icon SVG on the allow-list, embedded images png or jpeg within the
 * size limit. Answers the model rebuilt from the known fields only, or the list of problems.
 */
export type ModelCheck = { ok: true; model: BadgeModel } | { ok: false; errors: string[] };

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Bytes of a base64 payload without decoding it. */
const base64Bytes = (payload: string) => Math.floor((payload.length * 3) / 4) - (payload.match(/=+$/)?.[0].length ?? 0);

/** The problem reported for an embedded image with more pixels than IMAGE_PIXEL_BOUNDS. */
export const TOO_MANY_PIXELS = `image is larger than ${IMAGE_PIXEL_BOUNDS.side} × ${IMAGE_PIXEL_BOUNDS.side} pixels`;

/**
 * Why an embedded image is refused, or null: a png or jpeg data URL whose bytes are what it says, within the byte
 * limit and, read from its header before anything decodes it, within IMAGE_PIXEL_BOUNDS (issue 17: a PNG of a few
 * hundred kilobytes can stand for 144 megapixels, which every thumbnail and export would decode).
 */
export function imageProblem(dataUrl: string): string | null {
  const match = /^data:(image\/png|image\/jpeg);base64,([A-Za-z0-9+/]+={0,2})$/.exec(dataUrl);
  if (!match) return 'image must be a png or jpeg data URL';
  if (base64Bytes(match[2]) > IMAGE_MAX_BYTES) return 'image is larger than the size limit';
  const head = atob(match[2].slice(0, 8));
  const png = head.startsWith('\x89PNG');
  const jpeg = head.startsWith('\xFF\xD8\xFF');
  if ((match[1] === 'image/png' && !png) || (match[1] === 'image/jpeg' && !jpeg))
    return 'image content is not its type';
  // at most 550 KB of base64 turned into bytes: a JPEG's frame header can come after large metadata
  const bytes = Uint8Array.from(atob(match[2]), (c) => c.charCodeAt(0));
  if (exceedsPixelBounds(bytes, IMAGE_PIXEL_BOUNDS)) return TOO_MANY_PIXELS;
  return null;
}

/** The shapes an icon draws with: an icon with none of them draws nothing. */
const ICON_SHAPE = /<(path|circle|ellipse|line|polyline|polygon|rect)\b/;

/**
 * The error code of a refused model: the pixel bound's own code when an embedded image has too many pixels (the
 * code every image upload answers), INVALID_BADGE_MODEL otherwise; `errors` says what and where.
 */
export function modelErrorCode(errors: readonly string[]): string {
  return errors.some((error) => error.endsWith(TOO_MANY_PIXELS)) ? UPLOAD_ERRORS.tooManyPixels : 'INVALID_BADGE_MODEL';
}

function checkElement(raw: unknown, at: string, errors: string[]): BadgeElement | null {
  if (!isObject(raw)) {
    errors.push(`${at}: not an element`);
    return null;
  }
  const type = raw.type as ElementType;
  if (!ELEMENT_TYPES.includes(type)) {
    errors.push(`${at}: unknown element type ${JSON.stringify(raw.type)}`);
    return null;
  }
  const out: Raw = { type };
  const before = errors.length;
  for (const [field, range] of Object.entries(NUMERIC_FIELDS[type])) {
    const value = raw[field];
    if (typeof value !== 'number' || !Number.isFinite(value)) errors.push(`${at}.${field}: not a number`);
    else if (value < range.min || value > range.max)
      errors.push(`${at}.${field}: ${value} outside ${range.min}..${range.max}`);
    else out[field] = value;
  }
  const oneOf = (field: string, allowed: readonly string[]) => {
    if (typeof raw[field] === 'string' && allowed.includes(raw[field])) out[field] = raw[field];
    else errors.push(`${at}.${field}: not one of ${allowed.join(', ')}`);
  };
  const color = (field: string) => {
    if (isColor(raw[field])) out[field] = raw[field];
    else errors.push(`${at}.${field}: not a colour`);
  };
  const flag = (field: string) => {
    if (typeof raw[field] === 'boolean') out[field] = raw[field];
    else errors.push(`${at}.${field}: not a boolean`);
  };
  switch (type) {
    case 'shape':
      oneOf('shape', SHAPES);
      flag('linkWidthHeight');
      color('strokeColor');
      oneOf('shadow', SHADOWS);
      color('fillColor');
      oneOf('fillType', FILL_TYPES);
      color('fill2Color');
      oneOf('colorOrientation', COLOR_ORIENTATIONS);
      flag('gradiant');
      break;
    case 'text': {
      if (typeof raw.text === 'string' && raw.text.length <= TEXT_MAX_LENGTH) out.text = raw.text;
      else errors.push(`${at}.text: not a text of at most ${TEXT_MAX_LENGTH} characters`);
      const font = raw.font;
      if (
        isObject(font) &&
        typeof font.family === 'string' &&
        isBundledFamily(font.family) &&
        typeof font.weight === 'number' &&
        Number.isInteger(font.weight / 100) &&
        font.weight >= RANGES.fontWeight.min &&
        font.weight <= RANGES.fontWeight.max &&
        FONT_STYLES.includes(font.style as never)
      )
        out.font = { family: font.family, weight: font.weight, style: font.style };
      else errors.push(`${at}.font: not a bundled font with a weight and style`);
      color('color');
      break;
    }
    case 'icon': {
      const parsed = typeof raw.icon === 'string' && raw.icon.length <= ICON_MAX_CHARS ? parseIconSvg(raw.icon) : null;
      if (!parsed) errors.push(`${at}.icon: not an allowed icon SVG`);
      // an <svg> with no shape in it would be an invisible layer
      else if (!ICON_SHAPE.test(parsed.body)) errors.push(`${at}.icon: the icon SVG draws nothing`);
      else out.icon = raw.icon;
      flag('editThickness');
      color('color');
      break;
    }
    case 'image':
      if (raw.image === null || raw.image === undefined) out.image = null;
      else if (typeof raw.image !== 'string') errors.push(`${at}.image: not a data URL`);
      else {
        const problem = imageProblem(raw.image);
        if (problem) errors.push(`${at}.image: ${problem}`);
        else out.image = raw.image;
      }
      break;
  }
  return errors.length === before ? (out as unknown as BadgeElement) : null;
}

export function validateModel(input: unknown): ModelCheck {
  if (!isObject(input)) return { ok: false, errors: ['model: not an object'] };
  const errors: string[] = [];
  if (input.version !== MODEL_VERSION) errors.push(`version: must be ${MODEL_VERSION}`);
  if (!Array.isArray(input.data)) return { ok: false, errors: [...errors, 'data: not a list'] };
  if (input.data.length > MAX_ELEMENTS) errors.push(`data: more than ${MAX_ELEMENTS} elements`);
  const data = input.data.map((raw, i) => checkElement(raw, `data[${i}]`, errors));
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, model: { version: MODEL_VERSION, data: data as BadgeElement[] } };
}
