import { defaultStyle, LAYOUTS, type CStyle, type Layout } from '../../../domain/templateRules/style';

/**
 * The design as the public page applies it (server/services/rendering/css.ts, mirrored for the live preview):
 * every colour, size, weight and font name is checked against a strict shape and falls back to the default
 * design's value, so the preview shows what the page will show. The values become CSS custom properties of
 * the preview's root, read by its fixed stylesheet (previewCss.ts).
 */
interface TextValues {
  weight: string;
  size: string;
  color: string;
}

export interface PreviewStyle {
  layout: Layout;
  variables: Record<`--${string}`, string>;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const FUNCTION_COLOR =
  /^(?:rgba?|hsla?)\(\s*-?\d{1,3}(?:\.\d+)?%?(?:\s*[,\s]\s*-?\d{1,3}(?:\.\d+)?%?){2}(?:\s*[,/]\s*\d*(?:\.\d+)?%?)?\s*\)$/i;
const NAMED_COLOR = /^[a-z]{3,20}$/i;

function safeColor(value: unknown, fallback: string): string {
  if (typeof value !== 'string') return fallback;
  const color = value.trim();
  return HEX_COLOR.test(color) || FUNCTION_COLOR.test(color) || NAMED_COLOR.test(color) ? color : fallback;
}

function safePixels(value: unknown, fallback: number, max: number): string {
  const size = typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.min(value, max) : fallback;
  return `${Math.round(size * 100) / 100}px`;
}

const WEIGHTS = new Set(['normal', 'bold', '100', '200', '300', '400', '500', '600', '700', '800', '900']);

function safeWeight(value: unknown, fallback: string): string {
  return (typeof value === 'string' || typeof value === 'number') && WEIGHTS.has(String(value))
    ? String(value)
    : fallback;
}

const GENERIC_FAMILIES = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui']);
const FAMILY_NAME = /^[A-Za-z0-9][A-Za-z0-9 _-]{0,59}$/;

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

const FALLBACK = defaultStyle();

function textValues(raw: unknown, fallback: CStyle['style']['paragraph']): TextValues {
  const block = record(raw);
  return {
    weight: safeWeight(block.fontWeight, String(fallback.fontWeight)),
    size: safePixels(block.fontSize, fallback.fontSize, 120),
    color: safeColor(block.color, fallback.color),
  };
}

/** The design (any shape) as the layout and the custom properties of the preview. */
export function previewStyle(cstyle: unknown): PreviewStyle {
  const design = record(cstyle);
  const style = record(design.style);
  const root = record(style.root);
  const skill = record(style.skill);
  const border = record(skill.border);
  const fallback = FALLBACK.style;
  const layout = (LAYOUTS as readonly unknown[]).includes(design.layout) ? (design.layout as Layout) : FALLBACK.layout;
  const blocks = {
    title: textValues(style.title, fallback.title),
    paragraph: textValues(style.paragraph, fallback.paragraph),
    subtitle: textValues(style.subTitle, fallback.subTitle),
    link: textValues(style.link, fallback.link),
    name: textValues(style.graduateName, fallback.graduateName),
    skill: textValues(skill, fallback.skill),
  };
  const variables: Record<`--${string}`, string> = {
    '--font': safeFontFamily(root.fontFamily, safeFontFamily(fallback.root.fontFamily, 'sans-serif')),
    '--page-bg': safeColor(root.background, fallback.root.background),
    '--section-bg': safeColor(record(style.section).background, fallback.section.background),
    '--splitter': safeColor(record(style.splitter).color, fallback.splitter.color),
    '--title-bg': safeColor(record(style.title).background, fallback.title.background),
    '--text-color': blocks.paragraph.color,
    '--accent': blocks.subtitle.color,
    '--skill-bg': safeColor(skill.background, fallback.skill.background),
    '--skill-radius': safePixels(skill.borderRadius, fallback.skill.borderRadius, 999),
    '--skill-border-width': safePixels(border.width, fallback.skill.border.width, 20),
    '--skill-border-color': safeColor(border.color, fallback.skill.border.color),
  };
  for (const [name, values] of Object.entries(blocks)) {
    variables[`--${name}-weight`] = values.weight;
    variables[`--${name}-size`] = values.size;
    variables[`--${name}-color`] = values.color;
  }
  return { layout, variables };
}
