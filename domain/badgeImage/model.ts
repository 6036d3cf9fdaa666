/**
 * The badge image model (spec 002 sections 3, 4 and 9; the "Design" rules of spec 001 section 5): plain data, an
 * ordered list of elements drawn in a -1..1 view box, and the pure actions of the designer. No canvas here: the
 * designer maps this model onto Konva nodes, and domain/badgeImage/render.ts onto SVG.
 */

export const MODEL_VERSION = 1;

/** Stacking order by type: new elements go after the last element of their type or a lower one. */
export const ELEMENT_TYPE_ORDER = { shape: 0, text: 1, icon: 2, image: 3 } as const;
export type ElementType = keyof typeof ELEMENT_TYPE_ORDER;
export const ELEMENT_TYPES = Object.keys(ELEMENT_TYPE_ORDER) as ElementType[];

export const SHAPES = ['circle', 'square', 'rounded', 'hexagon', 'octagon', 'star', 'shield'] as const;
export type ShapeKind = (typeof SHAPES)[number];
export const SHADOWS = ['none', 'outset', 'inset'] as const;
export type Shadow = (typeof SHADOWS)[number];
export const FILL_TYPES = ['oneColor', 'twoColors'] as const;
export type FillType = (typeof FILL_TYPES)[number];
export const COLOR_ORIENTATIONS = ['horizontal', 'vertical', 'diagonal'] as const;
export type ColorOrientation = (typeof COLOR_ORIENTATIONS)[number];
export const FONT_STYLES = ['normal', 'italic'] as const;
export type FontStyle = (typeof FONT_STYLES)[number];
export const ICON_GROUPS = ['heroicons', 'lucide'] as const;
export type IconGroup = (typeof ICON_GROUPS)[number];

export interface Range {
  min: number;
  max: number;
  step: number;
}

/** Every numeric field's range (spec 001 section 5 "Design", spec 002 section 3). */
export const RANGES = {
  width: { min: 0.01, max: 2, step: 0.01 },
  height: { min: 0.01, max: 2, step: 0.01 },
  rotate: { min: -180, max: 180, step: 5 },
  x: { min: -1, max: 1, step: 0.01 },
  y: { min: -1, max: 1, step: 0.01 },
  strokeSize: { min: 0, max: 0.75, step: 0.01 },
  colorOffset: { min: 0, max: 1, step: 0.01 },
  textScale: { min: 0.05, max: 2, step: 0.01 },
  radius: { min: -2, max: 2, step: 0.01 },
  letterSpacing: { min: -1, max: 1, step: 0.01 },
  iconScale: { min: 0.05, max: 1.5, step: 0.01 },
  thickness: { min: 0.25, max: 4, step: 0.01 },
  imageScale: { min: 0.05, max: 2, step: 0.01 },
  fontWeight: { min: 100, max: 900, step: 100 },
} as const satisfies Record<string, Range>;

export const DEFAULT_COLORS = {
  stroke: '#444444FF',
  fill: '#555555FF',
  fill2: '#333333FF',
  text: '#888888FF',
  icon: '#808080FF',
} as const;

/** The bundled font every new text starts with (see the font manifest). */
export const DEFAULT_FONT = { family: 'DejaVu Sans', weight: 400, style: 'normal' as FontStyle };

/** Embedded images: png or jpeg, at most 550 KB (spec 002 section 9). */
export const IMAGE_MAX_BYTES = 550 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
/** Icons are small SVG documents from the catalogue; anything much larger is not one of ours. */
export const ICON_MAX_CHARS = 20_000;
/** A model beyond this many elements is refused by the server (the designer stays interactive at 60). */
export const MAX_ELEMENTS = 200;
export const TEXT_MAX_LENGTH = 200;

/** Export size, canvas size and selection highlight (spec 002 section 9). */
export const EXPORT_SIZE = 480;
export const CANVAS_SIZE = 512;
export const HIGHLIGHT_MS = 750;

export interface ShapeElement {
  type: 'shape';
  shape: ShapeKind;
  width: number;
  height: number;
  linkWidthHeight: boolean;
  rotate: number;
  x: number;
  y: number;
  strokeSize: number;
  strokeColor: string;
  shadow: Shadow;
  fillColor: string;
  fillType: FillType;
  fill2Color: string;
  colorOrientation: ColorOrientation;
  colorOffset: number;
  /** a smooth gradient between the two colours; false gives a sharp split at colorOffset */
  gradiant: boolean;
}

export interface FontChoice {
  family: string;
  weight: number;
  style: FontStyle;
}

export interface TextElement {
  type: 'text';
  text: string;
  font: FontChoice;
  x: number;
  y: number;
  scale: number;
  rotate: number;
  /** 0 draws a straight line; otherwise the text follows a circle of this radius, arched up when positive */
  radius: number;
  letterSpacing: number;
  color: string;
}

export interface IconElement {
  type: 'icon';
  /** SVG markup chosen from the icon catalogue */
  icon: string;
  scale: number;
  rotate: number;
  x: number;
  y: number;
  editThickness: boolean;
  thickness: number;
  color: string;
}

export interface ImageElement {
  type: 'image';
  /** a data: URL of a png or jpeg, or null until one is chosen */
  image: string | null;
  x: number;
  y: number;
  scale: number;
  rotate: number;
}

export type BadgeElement = ShapeElement | TextElement | IconElement | ImageElement;

export interface BadgeModel {
  version: number;
  data: BadgeElement[];
}

export const emptyModel = (): BadgeModel => ({ version: MODEL_VERSION, data: [] });

export function newElement(type: 'shape'): ShapeElement;
export function newElement(type: 'text'): TextElement;
export function newElement(type: 'icon', icon?: string): IconElement;
export function newElement(type: 'image'): ImageElement;
export function newElement(type: ElementType, icon?: string): BadgeElement;
export function newElement(type: ElementType, icon = ''): BadgeElement {
  switch (type) {
    case 'shape':
      return {
        type,
        shape: 'circle',
        width: 1.6,
        height: 1.6,
        linkWidthHeight: true,
        rotate: 0,
        x: 0,
        y: 0,
        strokeSize: 0.2,
        strokeColor: DEFAULT_COLORS.stroke,
        shadow: 'none',
        fillColor: DEFAULT_COLORS.fill,
        fillType: 'oneColor',
        fill2Color: DEFAULT_COLORS.fill2,
        colorOrientation: 'vertical',
        colorOffset: 0.5,
        gradiant: true,
      };
    case 'text':
      return {
        type,
        text: 'Text',
        font: { ...DEFAULT_FONT },
        x: 0,
        y: 0,
        scale: 0.25,
        rotate: 0,
        radius: 0,
        letterSpacing: 0,
        color: DEFAULT_COLORS.text,
      };
    case 'icon':
      return {
        type,
        icon,
        scale: 0.25,
        rotate: 0,
        x: 0,
        y: 0,
        editThickness: false,
        thickness: 1,
        color: DEFAULT_COLORS.icon,
      };
    case 'image':
      return { type, image: null, x: 0, y: 0, scale: 0.25, rotate: 0 };
  }
}

/** The numeric fields of each element type and the range each must keep. */
export const NUMERIC_FIELDS: { [T in ElementType]: Record<string, Range> } = {
  shape: {
    width: RANGES.width,
    height: RANGES.height,
    rotate: RANGES.rotate,
    x: RANGES.x,
    y: RANGES.y,
    strokeSize: RANGES.strokeSize,
    colorOffset: RANGES.colorOffset,
  },
  text: {
    x: RANGES.x,
    y: RANGES.y,
    scale: RANGES.textScale,
    rotate: RANGES.rotate,
    radius: RANGES.radius,
    letterSpacing: RANGES.letterSpacing,
  },
  icon: { scale: RANGES.iconScale, rotate: RANGES.rotate, x: RANGES.x, y: RANGES.y, thickness: RANGES.thickness },
  image: { x: RANGES.x, y: RANGES.y, scale: RANGES.imageScale, rotate: RANGES.rotate },
};

export function clamp(value: number, range: Range): number {
  if (!Number.isFinite(value)) return range.min;
  return Math.min(range.max, Math.max(range.min, value));
}

/** Rotation from a free drag (any angle) brought back into -180..180. */
export function normalizeRotation(degrees: number): number {
  const turned = ((((degrees + 180) % 360) + 360) % 360) - 180;
  return turned === -180 && degrees > 0 ? 180 : turned;
}

/**
 * Applies a change to one element, keeping every numeric field in its range; while a shape's width and height
 * are linked, a change of one keeps their ratio.
 */
export function patchElement<E extends BadgeElement>(element: E, patch: Partial<E>): E {
  const next = { ...element, ...patch, type: element.type } as E;
  if (next.type === 'shape' && element.type === 'shape' && next.linkWidthHeight) {
    const ratio = element.height / element.width;
    const p = patch as Partial<ShapeElement>;
    if (p.width !== undefined && p.height === undefined) next.height = p.width * ratio;
    else if (p.height !== undefined && p.width === undefined) next.width = p.height / ratio;
  }
  const ranges = NUMERIC_FIELDS[next.type];
  const record = next as unknown as Record<string, number>;
  for (const [field, range] of Object.entries(ranges)) record[field] = clamp(record[field], range);
  if (next.type === 'text') next.font = { ...next.font, weight: clamp(next.font.weight, RANGES.fontWeight) };
  return next;
}

/** Where a new element of `type` goes: after every element of its type or a lower one. */
export function insertionIndex(elements: readonly BadgeElement[], type: ElementType): number {
  const rank = ELEMENT_TYPE_ORDER[type];
  let index = 0;
  elements.forEach((element, i) => {
    if (ELEMENT_TYPE_ORDER[element.type] <= rank) index = i + 1;
  });
  return index;
}

/** The designer's state: the model being drawn and the one selected element (an index), if any. */
export interface DesignState {
  model: BadgeModel;
  selected: number | null;
}

export const designState = (model: BadgeModel): DesignState => ({ model, selected: null });

const withElements = (state: DesignState, data: BadgeElement[], selected: number | null): DesignState => ({
  model: { ...state.model, data },
  selected,
});

export function addElement(state: DesignState, element: BadgeElement): DesignState {
  const index = insertionIndex(state.model.data, element.type);
  const data = [...state.model.data];
  data.splice(index, 0, element);
  return withElements(state, data, index);
}

export function updateElement(state: DesignState, index: number, patch: Partial<BadgeElement>): DesignState {
  const current = state.model.data[index];
  if (!current) return state;
  const data = [...state.model.data];
  data[index] = patchElement(current, patch);
  return withElements(state, data, state.selected);
}

/** Follows a moved element with the selection, so the same element stays selected. */
function selectionAfterSwap(selected: number | null, a: number, b: number): number | null {
  if (selected === a) return b;
  if (selected === b) return a;
  return selected;
}

/** Moves an element one step up the stack (drawn later, on top); no-op at the top. */
export function moveUp(state: DesignState, index: number): DesignState {
  if (index < 0 || index >= state.model.data.length - 1) return state;
  const data = [...state.model.data];
  [data[index], data[index + 1]] = [data[index + 1], data[index]];
  return withElements(state, data, selectionAfterSwap(state.selected, index, index + 1));
}

/** Moves an element one step down the stack (drawn earlier, below); no-op at the bottom. */
export function moveDown(state: DesignState, index: number): DesignState {
  if (index <= 0 || index >= state.model.data.length) return state;
  const data = [...state.model.data];
  [data[index], data[index - 1]] = [data[index - 1], data[index]];
  return withElements(state, data, selectionAfterSwap(state.selected, index, index - 1));
}

/** Inserts a copy at the original's place (the original moves one up) and selects the copy. */
export function duplicateElement(state: DesignState, index: number): DesignState {
  const original = state.model.data[index];
  if (!original) return state;
  const data = [...state.model.data];
  data.splice(index, 0, structuredClone(original));
  return withElements(state, data, index);
}

export function deleteElement(state: DesignState, index: number): DesignState {
  if (!state.model.data[index]) return state;
  const data = state.model.data.filter((_, i) => i !== index);
  let selected = state.selected;
  if (selected === index) selected = null;
  else if (selected !== null && selected > index) selected -= 1;
  return withElements(state, data, selected);
}

export function selectElement(state: DesignState, index: number | null): DesignState {
  if (index !== null && !state.model.data[index]) return state;
  return { ...state, selected: index };
}

/** The colour palette: every distinct value of a field whose name ends in "color", in order of first use. */
export function palette(model: BadgeModel): string[] {
  const colors = new Set<string>();
  for (const element of model.data) {
    for (const [field, value] of Object.entries(element)) {
      if (/color$/i.test(field) && typeof value === 'string' && value !== '') colors.add(value.toUpperCase());
    }
  }
  return [...colors];
}

/** A library image's name: not blank once trimmed, at most this many characters (docs/decisions.md). */
export const IMAGE_NAME_MAX_LENGTH = 200;

export type ImageNameError = 'empty' | 'too_long';

export function imageNameProblem(name: string): ImageNameError | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'empty';
  return [...trimmed].length > IMAGE_NAME_MAX_LENGTH ? 'too_long' : null;
}

/** A clone's name: the original's plus the localized "(a copy)" suffix. */
export function cloneName(name: string, copySuffix: string): string {
  return `${name} (${copySuffix})`;
}

/** Parses #RGB, #RRGGBB or #RRGGBBAA into a six-digit colour and an opacity, for SVG and canvas alike. */
export function splitColor(color: string): { hex: string; opacity: number } {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(color.trim());
  if (!match) return { hex: '#000000', opacity: 1 };
  let digits = match[1];
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const opacity = digits.length === 8 ? parseInt(digits.slice(6), 16) / 255 : 1;
  return { hex: `#${digits.slice(0, 6).toUpperCase()}`, opacity: Math.round(opacity * 1000) / 1000 };
}

export const isColor = (value: unknown): value is string =>
  typeof value === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value);
