import { checkDesignImageDataUrl } from './images';

/** The design of a template's public page, cstyle (spec 001 sections 3 and 5). Colours are #RRGGBB, sizes pixels. */
export const LAYOUTS = ['oneCol', 'legacy', 'threeCol', 'CUSTOM_LAYOUT'] as const;
export type Layout = (typeof LAYOUTS)[number];

/** The layout drawn in the badge designer; offered only to users whose parameter hasCustomDesign is true. */
export const CUSTOM_LAYOUT: Layout = 'CUSTOM_LAYOUT';

export function allowedLayouts(hasCustomDesign: boolean): Layout[] {
  return LAYOUTS.filter((layout) => hasCustomDesign || layout !== CUSTOM_LAYOUT);
}

export type FontWeight = 'normal' | 'bold' | 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900;

export interface TextStyle {
  fontWeight: FontWeight;
  fontSize: number;
  color: string;
}

export interface FilledTextStyle extends TextStyle {
  background: string;
}

export interface SkillStyle extends FilledTextStyle {
  borderRadius: number;
  border: { width: number; color: string };
}

export interface StyleBlocks {
  root: { fontFamily: string; background: string };
  section: { background: string };
  splitter: { color: string };
  title: FilledTextStyle;
  paragraph: TextStyle;
  subTitle: TextStyle;
  link: TextStyle;
  graduateName: TextStyle;
  skill: SkillStyle;
}

export interface CStyle {
  layout: Layout;
  style: StyleBlocks;
  /**
   * The custom layout's design image, a PNG data URL (data:image/png;base64,…) of at most 50000 bytes, shown
   * instead of the badge; absent for the other layouts.
   */
  designImage?: string;
}

/** The blocks that set a font. */
export const TEXT_BLOCKS = ['title', 'paragraph', 'subTitle', 'link', 'graduateName', 'skill'] as const;

export const STYLE_MINIMUMS = { fontSize: 0, borderWidth: 0 } as const;

export type StyleError = 'not_allowed' | 'below_minimum' | 'not_a_number' | 'bad_data_url' | 'bad_type' | 'too_large';

/**
 * Errors by path: 'layout', '<block>.fontSize', 'skill.border.width', 'designImage'. An empty object when the
 * style is valid.
 */
export type StyleErrors = Partial<Record<string, StyleError>>;

function numberError(value: number, minimum: number): StyleError | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return 'not_a_number';
  return value < minimum ? 'below_minimum' : null;
}

/**
 * The layout must be offered to this user, font sizes and the skill border width must be numbers from 0, and
 * a design image must be a PNG data URL of at most 50000 bytes (a 'large' one is accepted).
 */
export function validateStyle(cstyle: CStyle, { hasCustomDesign }: { hasCustomDesign: boolean }): StyleErrors {
  const errors: StyleErrors = {};
  if (!allowedLayouts(hasCustomDesign).includes(cstyle.layout)) errors.layout = 'not_allowed';
  for (const block of TEXT_BLOCKS) {
    const error = numberError(cstyle.style[block].fontSize, STYLE_MINIMUMS.fontSize);
    if (error) errors[`${block}.fontSize`] = error;
  }
  const borderError = numberError(cstyle.style.skill.border.width, STYLE_MINIMUMS.borderWidth);
  if (borderError) errors['skill.border.width'] = borderError;
  if (cstyle.designImage !== undefined) {
    const check = checkDesignImageDataUrl(cstyle.designImage);
    if (check !== 'ok' && check !== 'large') errors.designImage = check;
  }
  return errors;
}

/** The design as a template keeps it: the design image only with the custom layout, the one layout showing it. */
export function storedStyle(cstyle: CStyle): CStyle {
  if (cstyle.layout === CUSTOM_LAYOUT || cstyle.designImage === undefined) return cstyle;
  const { designImage: _notShown, ...rest } = cstyle;
  return rest;
}

export interface StylePreset {
  /** stable identifier, also the message key of the name */
  id: string;
  /** English name, for messages to fall back on */
  name: string;
  cstyle: CStyle;
}

interface Palette {
  fontFamily: string;
  page: string;
  section: string;
  splitter: string;
  titleText: string;
  titleBackground: string;
  text: string;
  accent: string;
  link: string;
  name: string;
  skillText: string;
  skillBackground: string;
  skillBorder: string;
}

/** Presets are shared data: frozen, so an editor copies one (structuredClone) instead of changing it for everyone. */
function freezeDeep<T extends object>(value: T): T {
  for (const child of Object.values(value)) if (typeof child === 'object' && child !== null) freezeDeep(child);
  return Object.freeze(value);
}

/** One type scale for every preset, so a preset changes the look without reflowing the page. */
function presetStyle(layout: Layout, palette: Palette, skillShape: { radius: number; border: number }): CStyle {
  return {
    layout,
    style: {
      root: { fontFamily: palette.fontFamily, background: palette.page },
      section: { background: palette.section },
      splitter: { color: palette.splitter },
      title: { fontWeight: 700, fontSize: 24, color: palette.titleText, background: palette.titleBackground },
      paragraph: { fontWeight: 400, fontSize: 14, color: palette.text },
      subTitle: { fontWeight: 600, fontSize: 16, color: palette.accent },
      link: { fontWeight: 400, fontSize: 14, color: palette.link },
      graduateName: { fontWeight: 700, fontSize: 28, color: palette.name },
      skill: {
        fontWeight: 600,
        fontSize: 12,
        color: palette.skillText,
        background: palette.skillBackground,
        borderRadius: skillShape.radius,
        border: { width: skillShape.border, color: palette.skillBorder },
      },
    },
  };
}

const SANS = "'Helvetica Neue', Helvetica, Arial, sans-serif";

/** The six preset designs; every text colour reads at WCAG AA contrast on its background. */
export const STYLE_PRESETS: readonly Readonly<StylePreset>[] = freezeDeep([
  {
    id: 'laurel',
    name: 'Laurel',
    cstyle: presetStyle(
      'oneCol',
      {
        fontFamily: SANS,
        page: '#F3F6F2',
        section: '#FFFFFF',
        splitter: '#A9C4B0',
        titleText: '#FFFFFF',
        titleBackground: '#2E6B4F',
        text: '#2B3A33',
        accent: '#2E6B4F',
        link: '#1F5E8C',
        name: '#1E3D2F',
        skillText: '#1E3D2F',
        skillBackground: '#E3EFE6',
        skillBorder: '#2E6B4F',
      },
      { radius: 12, border: 1 },
    ),
  },
  {
    id: 'ink-and-gold',
    name: 'Ink and gold',
    cstyle: presetStyle(
      'legacy',
      {
        fontFamily: "Georgia, 'Times New Roman', serif",
        page: '#EDEFF3',
        section: '#FFFFFF',
        splitter: '#C9A227',
        titleText: '#F7E7B4',
        titleBackground: '#1B2A41',
        text: '#1B2A41',
        accent: '#7A5F0E',
        link: '#1D4E89',
        name: '#1B2A41',
        skillText: '#1B2A41',
        skillBackground: '#F7EFD6',
        skillBorder: '#C9A227',
      },
      { radius: 4, border: 1 },
    ),
  },
  {
    id: 'terracotta',
    name: 'Terracotta',
    cstyle: presetStyle(
      'threeCol',
      {
        fontFamily: "'Trebuchet MS', 'Lucida Grande', sans-serif",
        page: '#F6EEE3',
        section: '#FFFBF5',
        splitter: '#D9A48F',
        titleText: '#FFFFFF',
        titleBackground: '#A4452C',
        text: '#3D2B24',
        accent: '#A4452C',
        link: '#8C3A24',
        name: '#5C2A1C',
        skillText: '#5C2A1C',
        skillBackground: '#F6DED3',
        skillBorder: '#A4452C',
      },
      { radius: 16, border: 0 },
    ),
  },
  {
    id: 'slate',
    name: 'Slate',
    cstyle: presetStyle(
      'oneCol',
      {
        fontFamily: SANS,
        page: '#E9ECEF',
        section: '#FFFFFF',
        splitter: '#ADB5BD',
        titleText: '#FFFFFF',
        titleBackground: '#343A40',
        text: '#343A40',
        accent: '#495057',
        link: '#1D4ED8',
        name: '#212529',
        skillText: '#212529',
        skillBackground: '#F1F3F5',
        skillBorder: '#ADB5BD',
      },
      { radius: 4, border: 1 },
    ),
  },
  {
    id: 'plum',
    name: 'Plum',
    cstyle: presetStyle(
      'legacy',
      {
        fontFamily: "Palatino, 'Palatino Linotype', 'Book Antiqua', serif",
        page: '#F4EFF7',
        section: '#FFFFFF',
        splitter: '#B89BC9',
        titleText: '#FFFFFF',
        titleBackground: '#5B2C6F',
        text: '#2E1A38',
        accent: '#5B2C6F',
        link: '#6B3FA0',
        name: '#4A2359',
        skillText: '#4A2359',
        skillBackground: '#EBDDF2',
        skillBorder: '#5B2C6F',
      },
      { radius: 20, border: 1 },
    ),
  },
  {
    id: 'lagoon',
    name: 'Lagoon',
    cstyle: presetStyle(
      'threeCol',
      {
        fontFamily: 'Verdana, Geneva, sans-serif',
        page: '#E8F4F5',
        section: '#FFFFFF',
        splitter: '#7FBFC7',
        titleText: '#FFFFFF',
        titleBackground: '#0F5E6B',
        text: '#16343A',
        accent: '#0F5E6B',
        link: '#0B5394',
        name: '#0F3F47',
        skillText: '#0F3F47',
        skillBackground: '#D4ECEF',
        skillBorder: '#0F5E6B',
      },
      { radius: 8, border: 2 },
    ),
  },
]);

/** The style a new template starts with, a copy of which the editor may change. */
export function defaultStyle(): CStyle {
  return structuredClone(STYLE_PRESETS[0].cstyle);
}
