import { drawnFont } from './fonts';
import { parseIconSvg } from './iconSvg';
import {
  EXPORT_SIZE,
  splitColor,
  type BadgeElement,
  type BadgeModel,
  type IconElement,
  type ImageElement,
  type ShapeElement,
  type ShapeKind,
  type TextElement,
} from './model';

/**
 * The one model → SVG renderer: library tiles, the 480x480 export and the server's thumbnails all draw with it, and
 * the designer's canvas uses the same geometry (shapePath, textLayout), so what is edited is what is exported.
 * The view box is -1..1 on both axes.
 */

/** A stroke of strokeSize 1 is a tenth of the view box's half-width (strokeSize 0.75 draws 7.5% of it). */
export const STROKE_UNIT = 0.1;
/** A text of scale 1 has a font size of half the view box's half-width. */
export const TEXT_UNIT = 0.5;
/** Outset shadow: the shape in black at this opacity, moved down and right by this much. */
export const SHADOW = { opacity: 0.3, dx: 0.03, dy: 0.04, insetScale: 0.9, insetWidth: 0.03 } as const;

const round = (n: number) => Math.round(n * 10_000) / 10_000;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

function polygon(points: [number, number][]): string {
  return `M${points.map(([x, y]) => `${round(x)} ${round(y)}`).join(' L')} Z`;
}

function regular(sides: number, w: number, h: number, offset: number): [number, number][] {
  return Array.from({ length: sides }, (_, i) => {
    const angle = offset + (i * 2 * Math.PI) / sides;
    return [(Math.cos(angle) * w) / 2, (Math.sin(angle) * h) / 2];
  });
}

/** The outline of a shape of size w x h centred on 0,0, as SVG path data (Konva's Path draws the same data). */
export function shapePath(kind: ShapeKind, w: number, h: number): string {
  const [hw, hh] = [w / 2, h / 2];
  switch (kind) {
    case 'circle':
      return `M${round(-hw)} 0 A${round(hw)} ${round(hh)} 0 1 0 ${round(hw)} 0 A${round(hw)} ${round(hh)} 0 1 0 ${round(-hw)} 0 Z`;
    case 'square':
      return polygon([
        [-hw, -hh],
        [hw, -hh],
        [hw, hh],
        [-hw, hh],
      ]);
    case 'rounded': {
      const r = Math.min(hw, hh) * 0.25;
      const [a, b] = [round(hw - r), round(hh - r)];
      const [x, y, rr] = [round(hw), round(hh), round(r)];
      return `M${-a} ${-y} L${a} ${-y} A${rr} ${rr} 0 0 1 ${x} ${-b} L${x} ${b} A${rr} ${rr} 0 0 1 ${a} ${y} L${-a} ${y} A${rr} ${rr} 0 0 1 ${-x} ${b} L${-x} ${-b} A${rr} ${rr} 0 0 1 ${-a} ${-y} Z`;
    }
    case 'hexagon':
      return polygon(regular(6, w, h, -Math.PI / 2));
    case 'octagon':
      return polygon(regular(8, w, h, -Math.PI / 2 + Math.PI / 8));
    case 'star': {
      const outer = regular(5, w, h, -Math.PI / 2);
      const inner = regular(5, w * 0.45, h * 0.45, -Math.PI / 2 + Math.PI / 5);
      return polygon(outer.flatMap((p, i) => [p, inner[i]]));
    }
    case 'shield':
      return `M${round(-hw)} ${round(-hh)} L${round(hw)} ${round(-hh)} L${round(hw)} ${round(hh * 0.1)} C${round(hw)} ${round(hh * 0.6)} ${round(hw * 0.5)} ${round(hh * 0.85)} 0 ${round(hh)} C${round(-hw * 0.5)} ${round(hh * 0.85)} ${round(-hw)} ${round(hh * 0.6)} ${round(-hw)} ${round(hh * 0.1)} Z`;
  }
}

/**
 * The gradient of a two-colour fill, in the shape's own coordinates (its w x h box centred on 0,0): the line it
 * follows and its colour stops (offsets 0..1). Konva's linear gradients take the same points.
 */
export function fillGradient(shape: ShapeElement): {
  from: [number, number];
  to: [number, number];
  stops: { offset: number; color: string }[];
} {
  const [hw, hh] = [shape.width / 2, shape.height / 2];
  const from: [number, number] =
    shape.colorOrientation === 'horizontal' ? [-hw, 0] : shape.colorOrientation === 'vertical' ? [0, -hh] : [-hw, -hh];
  const to: [number, number] =
    shape.colorOrientation === 'horizontal' ? [hw, 0] : shape.colorOrientation === 'vertical' ? [0, hh] : [hw, hh];
  const o = shape.colorOffset;
  const stops = shape.gradiant
    ? [
        { offset: Math.max(0, o - 0.25), color: shape.fillColor },
        { offset: Math.min(1, o + 0.25), color: shape.fill2Color },
      ]
    : [
        { offset: o, color: shape.fillColor },
        { offset: o, color: shape.fill2Color },
      ];
  return { from, to, stops };
}

const colorAttributes = (name: 'fill' | 'stroke', color: string) => {
  const { hex, opacity } = splitColor(color);
  return opacity < 1 ? `${name}="${hex}" ${name}-opacity="${opacity}"` : `${name}="${hex}"`;
};

const placement = (x: number, y: number, rotate: number) =>
  `translate(${round(x)} ${round(y)})${rotate ? ` rotate(${round(rotate)})` : ''}`;

function renderShape(shape: ShapeElement, id: string): string {
  const d = shapePath(shape.shape, shape.width, shape.height);
  let defs = '';
  let fill = colorAttributes('fill', shape.fillColor);
  if (shape.fillType === 'twoColors') {
    const g = fillGradient(shape);
    const stops = g.stops
      .map((s) => {
        const { hex, opacity } = splitColor(s.color);
        return `<stop offset="${round(s.offset)}" stop-color="${hex}"${opacity < 1 ? ` stop-opacity="${opacity}"` : ''}/>`;
      })
      .join('');
    defs = `<defs><linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${round(g.from[0])}" y1="${round(g.from[1])}" x2="${round(g.to[0])}" y2="${round(g.to[1])}">${stops}</linearGradient></defs>`;
    fill = `fill="url(#${id})"`;
  }
  const stroke =
    shape.strokeSize > 0
      ? ` ${colorAttributes('stroke', shape.strokeColor)} stroke-width="${round(shape.strokeSize * STROKE_UNIT)}"`
      : '';
  const parts: string[] = [defs];
  if (shape.shadow === 'outset') {
    parts.push(
      `<path transform="${placement(shape.x + SHADOW.dx, shape.y + SHADOW.dy, shape.rotate)}" d="${d}" fill="#000000" fill-opacity="${SHADOW.opacity}"/>`,
    );
  }
  parts.push(`<path transform="${placement(shape.x, shape.y, shape.rotate)}" d="${d}" ${fill}${stroke}/>`);
  if (shape.shadow === 'inset') {
    const inner = shapePath(shape.shape, shape.width * SHADOW.insetScale, shape.height * SHADOW.insetScale);
    parts.push(
      `<path transform="${placement(shape.x, shape.y, shape.rotate)}" d="${inner}" fill="none" stroke="#000000" stroke-opacity="${SHADOW.opacity}" stroke-width="${SHADOW.insetWidth}"/>`,
    );
  }
  return parts.join('');
}

/** Where a text is drawn: its font size, spacing, and for curved text the arc it follows. */
export function textLayout(text: TextElement): { fontSize: number; letterSpacing: number; arc: string | null } {
  const fontSize = text.scale * TEXT_UNIT;
  const letterSpacing = text.letterSpacing * fontSize * 0.5;
  if (text.radius === 0) return { fontSize, letterSpacing, arc: null };
  return { fontSize, letterSpacing, arc: textArc(text.radius) };
}

/**
 * A full circle of the given radius through the point 0,0, starting opposite it so that 50% of its length is that
 * point: clockwise with the centre below (text arched up), anticlockwise with the centre above (text curved down).
 * `unit` scales it for a text laid out in a larger grid.
 */
export function textArc(radius: number, unit = 1): string {
  const r = round(Math.abs(radius) * unit);
  return radius > 0
    ? `M0 ${2 * r} A${r} ${r} 0 1 1 0 0 A${r} ${r} 0 1 1 0 ${2 * r}`
    : `M0 ${-2 * r} A${r} ${r} 0 1 0 0 0 A${r} ${r} 0 1 0 0 ${-2 * r}`;
}

/**
 * Texts are laid out 100 times larger inside a group scaled back down: rasterisers round glyph metrics at the
 * view box's tiny font sizes (0.1 units), which breaks text on a path.
 */
const TEXT_GRID = 100;

function renderText(text: TextElement, id: string): string {
  const { fontSize, letterSpacing, arc } = textLayout(text);
  const g = (n: number) => round(n * TEXT_GRID);
  const face = drawnFont(text.font);
  const font = `font-family="${escapeXml(face.family)}" font-size="${g(fontSize)}" font-weight="${face.weight}" font-style="${face.style}"${letterSpacing ? ` letter-spacing="${g(letterSpacing)}"` : ''}`;
  const content = escapeXml(text.text);
  const open = `<g transform="${placement(text.x, text.y, text.rotate)} scale(${1 / TEXT_GRID})">`;
  // Straight text: baseline placed so that capitals are centred on y.
  if (arc === null) {
    return `${open}<text x="0" y="${g(fontSize * 0.35)}" text-anchor="middle" ${font} ${colorAttributes('fill', text.color)}>${content}</text></g>`;
  }
  const path = textArc(text.radius, TEXT_GRID);
  return `${open}<defs><path id="${id}" d="${path}"/></defs><text text-anchor="middle" ${font} ${colorAttributes('fill', text.color)}><textPath href="#${id}" startOffset="50%">${content}</textPath></text></g>`;
}

/** An icon as a standalone SVG document in its colour and thickness (the designer draws it as an image). */
export function iconDocument(icon: IconElement, pixels = 256): string | null {
  const parsed = parseIconSvg(icon.icon);
  if (!parsed) return null;
  const { hex, opacity } = splitColor(icon.color);
  const attributes = { ...parsed.attributes };
  if (icon.editThickness) attributes['stroke-width'] = String(icon.thickness);
  const rootAttributes = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${value.replace(/currentColor/g, hex)}"`)
    .join('');
  const body = parsed.body.replace(/currentColor/g, hex);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${pixels}" height="${pixels}" viewBox="${parsed.viewBox.join(' ')}"${rootAttributes}${opacity < 1 ? ` opacity="${opacity}"` : ''}>${body}</svg>`;
}

function renderIcon(icon: IconElement): string {
  const document = iconDocument(icon);
  if (!document) return '';
  const half = icon.scale;
  const inner = document.replace(/^<svg xmlns="[^"]*" width="\d+" height="\d+"/, '');
  return `<g transform="${placement(icon.x, icon.y, icon.rotate)}"><svg x="${round(-half)}" y="${round(-half)}" width="${round(half * 2)}" height="${round(half * 2)}"${inner.slice(0, -6)}</svg></g>`;
}

function renderImage(image: ImageElement): string {
  if (!image.image) return '';
  const half = image.scale;
  return `<g transform="${placement(image.x, image.y, image.rotate)}"><image x="${round(-half)}" y="${round(-half)}" width="${round(half * 2)}" height="${round(half * 2)}" preserveAspectRatio="xMidYMid meet" href="${escapeXml(image.image)}"/></g>`;
}

function renderElement(element: BadgeElement, id: string): string {
  switch (element.type) {
    case 'shape':
      return renderShape(element, id);
    case 'text':
      return renderText(element, id);
    case 'icon':
      return renderIcon(element);
    case 'image':
      return renderImage(element);
  }
}

/**
 * The model as an SVG document of size x size pixels over the -1..1 view box, elements in stacking order.
 * `idPrefix` keeps gradient and path ids unique when several badges are inlined in one page.
 */
export function renderSvg(model: BadgeModel, size = EXPORT_SIZE, idPrefix = 'b'): string {
  const body = model.data.map((element, i) => renderElement(element, `${idPrefix}${i}`)).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="-1 -1 2 2">${body}</svg>`;
}
