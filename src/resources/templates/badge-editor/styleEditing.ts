import type { CStyle } from '../../../../domain/templateRules/style';

/**
 * The style tab's fields (spec 001 section 3, Style): every block of cstyle and each of its fields, by the
 * path the design editor changes and validateStyle names ('title.fontSize', 'skill.border.width').
 */
export type StyleFieldKind = 'font' | 'color' | 'weight' | 'size';

export interface StyleBlock {
  block: keyof CStyle['style'];
  fields: { path: string; kind: StyleFieldKind }[];
}

const text = (block: string) => [
  { path: `${block}.fontWeight`, kind: 'weight' as const },
  { path: `${block}.fontSize`, kind: 'size' as const },
  { path: `${block}.color`, kind: 'color' as const },
];

export const STYLE_BLOCKS: StyleBlock[] = [
  {
    block: 'root',
    fields: [
      { path: 'root.fontFamily', kind: 'font' },
      { path: 'root.background', kind: 'color' },
    ],
  },
  { block: 'section', fields: [{ path: 'section.background', kind: 'color' }] },
  { block: 'splitter', fields: [{ path: 'splitter.color', kind: 'color' }] },
  { block: 'title', fields: [...text('title'), { path: 'title.background', kind: 'color' }] },
  { block: 'paragraph', fields: text('paragraph') },
  { block: 'subTitle', fields: text('subTitle') },
  { block: 'link', fields: text('link') },
  { block: 'graduateName', fields: text('graduateName') },
  {
    block: 'skill',
    fields: [
      ...text('skill'),
      { path: 'skill.background', kind: 'color' },
      { path: 'skill.borderRadius', kind: 'size' },
      { path: 'skill.border.width', kind: 'size' },
      { path: 'skill.border.color', kind: 'color' },
    ],
  },
];

export const FONT_WEIGHTS = ['normal', 'bold', 100, 200, 300, 400, 500, 600, 700, 800, 900] as const;

/** Font stacks offered besides the one the design holds: the presets' and a monospace one. */
export const FONT_STACKS = [
  "'Helvetica Neue', Helvetica, Arial, sans-serif",
  "Georgia, 'Times New Roman', serif",
  "'Trebuchet MS', 'Lucida Grande', sans-serif",
  "Palatino, 'Palatino Linotype', 'Book Antiqua', serif",
  'Verdana, Geneva, sans-serif',
  "'Courier New', Courier, monospace",
];

export function styleValue(cstyle: CStyle, path: string): unknown {
  let node: unknown = cstyle.style;
  for (const key of path.split('.')) node = (node as Record<string, unknown> | undefined)?.[key];
  return node;
}

/** A copy of the design with one field changed. */
export function withStyleValue(cstyle: CStyle, path: string, value: string | number): CStyle {
  const next = structuredClone(cstyle);
  const keys = path.split('.');
  let node = next.style as unknown as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) node = node[key] as Record<string, unknown>;
  node[keys[keys.length - 1]] = value;
  return next;
}

/** A number typed in a size input: NaN when empty or not a number, so that validateStyle reports it. */
export function typedNumber(value: string): number {
  return value.trim() === '' ? Number.NaN : Number(value);
}

/** The colour an <input type="color"> can show: #rrggbb, or black for anything else. */
export function pickerColor(value: unknown): string {
  if (typeof value !== 'string') return '#000000';
  const color = value.trim();
  if (/^#[0-9a-f]{6}$/i.test(color)) return color.toLowerCase();
  if (/^#[0-9a-f]{8}$/i.test(color)) return color.slice(0, 7).toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(color)) return `#${[...color.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return '#000000';
}
