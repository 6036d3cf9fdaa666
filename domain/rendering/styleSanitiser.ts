import { isAcceptedDesignImage } from '../templateRules/images';
import { CUSTOM_LAYOUT, defaultStyle, LAYOUTS, type CStyle, type Layout } from '../templateRules/style';

/**
 * A template's design as CSS values that cannot leave their declaration: every colour, size, weight and font
 * name is checked against a strict shape, and a value that fails (a stored design is only shape-checked when
 * saved) falls back to the default design's. So nothing of a design can add rules, load addresses or close
 * the style element. The public pages (server/services/rendering/pageStyles.ts) and the editor's live preview
 * (src/resources/templates/badge-editor/previewCss.ts) both read a design through safeStyle.
 */
export interface SafeTextStyle {
  fontWeight: string;
  fontSize: string;
  color: string;
}

export interface SafeStyle {
  layout: Layout;
  fontFamily: string;
  pageBackground: string;
  sectionBackground: string;
  splitter: string;
  title: SafeTextStyle & { background: string };
  paragraph: SafeTextStyle;
  subTitle: SafeTextStyle;
  link: SafeTextStyle;
  graduateName: SafeTextStyle;
  skill: SafeTextStyle & { background: string; borderRadius: string; borderWidth: string; borderColor: string };
  /** the custom layout's design image: a PNG data URL within the limit, shown instead of the badge; else null */
  designImage: string | null;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION_COLOR =
  /^(?:rgba?|hsla?)\(\s*-?\d{1,3}(?:\.\d+)?%?(?:\s*[,\s]\s*-?\d{1,3}(?:\.\d+)?%?){2}(?:\s*[,/]\s*\d*(?:\.\d+)?%?)?\s*\)$/i;
/** Named colours are letters only (red, transparent, rebeccapurple). */
const NAMED_COLOR = /^[a-z]{3,20}$/i;

export function safeColor(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const color = value.trim();
  return HEX_COLOR.test(color) || FUNCTION_COLOR.test(color) || NAMED_COLOR.test(color) ? color : fallback;
}

/** Pixels from 0 to `max`; anything else (text, NaN, negative) takes the fallback. */
export function safePixels(value: unknown, fallback: number, max = 200): string {
  const size = typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.min(value, max) : fallback;
  return `${Math.round(size * 100) / 100}px`;
}

const WEIGHTS = new Set(['normal', 'bold', '100', '200', '300', '400', '500', '600', '700', '800', '900']);

export function safeFontWeight(value: unknown, fallback: string): string {
  const weight = String(value);
  return (typeof value === 'string' || typeof value === 'number') && WEIGHTS.has(weight) ? weight : fallback;
}

const GENERIC_FAMILIES = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui']);
const FAMILY_NAME = /^[A-Za-z0-9][A-Za-z0-9 _-]{0,59}$/;

/** A list of font names, each re-quoted by us; one name that does not look like a font name refuses the list. */
export function safeFontFamily(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value.length > 300) return fallback;
  const names = value.split(',').map((name) =>
    name
      .trim()
      .replace(/^(['"])(.*)\1$/, '$2')
      .trim(),
  );
  if (names.length === 0 || names.length > 8 || !names.every((name) => FAMILY_NAME.test(name))) return fallback;
  return names.map((name) => (GENERIC_FAMILIES.has(name.toLowerCase()) ? name.toLowerCase() : `'${name}'`)).join(', ');
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function textStyle(raw: unknown, fallback: SafeTextStyle): SafeTextStyle {
  const block = record(raw);
  return {
    fontWeight: safeFontWeight(block.fontWeight, fallback.fontWeight),
    fontSize: safePixels(block.fontSize, Number.parseFloat(fallback.fontSize), 120),
    color: safeColor(block.color, fallback.color),
  };
}

function trusted(cstyle: CStyle): SafeStyle {
  const { style } = cstyle;
  const text = (block: { fontWeight: string | number; fontSize: number; color: string }): SafeTextStyle => ({
    fontWeight: String(block.fontWeight),
    fontSize: `${block.fontSize}px`,
    color: block.color,
  });
  return {
    layout: cstyle.layout,
    fontFamily: safeFontFamily(style.root.fontFamily, 'sans-serif'),
    pageBackground: style.root.background,
    sectionBackground: style.section.background,
    splitter: style.splitter.color,
    title: { ...text(style.title), background: style.title.background },
    paragraph: text(style.paragraph),
    subTitle: text(style.subTitle),
    link: text(style.link),
    graduateName: text(style.graduateName),
    skill: {
      ...text(style.skill),
      background: style.skill.background,
      borderRadius: `${style.skill.borderRadius}px`,
      borderWidth: `${style.skill.border.width}px`,
      borderColor: style.skill.border.color,
    },
    designImage: null,
  };
}

/** The default design, already safe: it is our own constant. */
const FALLBACK = trusted(defaultStyle());

/** The design of a template (null or any stored JSON) as safe CSS values. */
export function safeStyle(cstyle: unknown): SafeStyle {
  const design = record(cstyle);
  const style = record(design.style);
  const root = record(style.root);
  const skill = record(style.skill);
  const border = record(skill.border);
  const layout = (LAYOUTS as readonly unknown[]).includes(design.layout) ? (design.layout as Layout) : FALLBACK.layout;
  return {
    layout,
    fontFamily: safeFontFamily(root.fontFamily, FALLBACK.fontFamily),
    pageBackground: safeColor(root.background, FALLBACK.pageBackground),
    sectionBackground: safeColor(record(style.section).background, FALLBACK.sectionBackground),
    splitter: safeColor(record(style.splitter).color, FALLBACK.splitter),
    title: {
      ...textStyle(style.title, FALLBACK.title),
      background: safeColor(record(style.title).background, FALLBACK.title.background),
    },
    paragraph: textStyle(style.paragraph, FALLBACK.paragraph),
    subTitle: textStyle(style.subTitle, FALLBACK.subTitle),
    link: textStyle(style.link, FALLBACK.link),
    graduateName: textStyle(style.graduateName, FALLBACK.graduateName),
    skill: {
      ...textStyle(skill, FALLBACK.skill),
      background: safeColor(skill.background, FALLBACK.skill.background),
      borderRadius: safePixels(skill.borderRadius, Number.parseFloat(FALLBACK.skill.borderRadius), 999),
      borderWidth: safePixels(border.width, Number.parseFloat(FALLBACK.skill.borderWidth), 20),
      borderColor: safeColor(border.color, FALLBACK.skill.borderColor),
    },
    designImage: layout === CUSTOM_LAYOUT && isAcceptedDesignImage(design.designImage) ? design.designImage : null,
  };
}
