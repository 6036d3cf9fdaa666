/**
 * Icon SVG sanitising: an icon is accepted only when every tag and attribute is on a small allow-list (the
 * shapes the heroicons and lucide icons are drawn with), so no script, event attribute, link, style or foreign
 * object can ride inside a badge model. The parsed icon is what the renderer draws.
 */

const ELEMENTS = new Set(['svg', 'g', 'path', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'rect']);
const ATTRIBUTES = new Set([
  'xmlns',
  'viewbox',
  'width',
  'height',
  'fill',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'fill-rule',
  'clip-rule',
  'opacity',
  'fill-opacity',
  'stroke-opacity',
  'transform',
  'd',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'points',
  'class',
  'aria-hidden',
  'data-slot',
]);
/** Values are numbers, path data, colour names and keywords: nothing that could carry a URL or markup. */
const SAFE_VALUE = /^[A-Za-z0-9 .,#%()\-_:/\n\t]*$/;
/** Presentation attributes of the root <svg> that its shapes inherit. */
const INHERITED = ['fill', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin', 'fill-rule', 'clip-rule'];

export interface ParsedIcon {
  viewBox: [number, number, number, number];
  /** the root's inherited presentation attributes */
  attributes: Record<string, string>;
  /** the markup inside the root <svg>, re-serialised from the allowed parts only */
  body: string;
}

const TAG = /<\s*(\/)?\s*([A-Za-z][\w:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/)?\s*>/y;
const ATTRIBUTE = /\s+([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Parses icon markup; null when anything in it is not allowed. */
export function parseIconSvg(markup: string): ParsedIcon | null {
  const source = markup.replace(/<!--[\s\S]*?-->/g, '').trim();
  if (source === '' || source.length > 100_000) return null;
  const stack: string[] = [];
  let root: Record<string, string> | null = null;
  let body = '';
  let position = 0;
  while (position < source.length) {
    const next = source.indexOf('<', position);
    const text = source.slice(position, next === -1 ? source.length : next);
    if (text.trim() !== '') return null;
    if (next === -1) break;
    TAG.lastIndex = next;
    const match = TAG.exec(source);
    if (!match) return null;
    position = TAG.lastIndex;
    const [, closing, rawName, rawAttributes, selfClosing] = match;
    const name = rawName.toLowerCase();
    if (!ELEMENTS.has(name)) return null;
    if (closing) {
      if (rawAttributes.trim() !== '' || stack.pop() !== name) return null;
      if (stack.length > 0) body += `</${name}>`;
      continue;
    }
    const attributes: Record<string, string> = {};
    for (const [, attrName, double, single] of rawAttributes.matchAll(ATTRIBUTE)) {
      const key = attrName.toLowerCase();
      const value = double ?? single ?? '';
      if (!ATTRIBUTES.has(key) || !SAFE_VALUE.test(value) || /url\s*\(/i.test(value)) return null;
      attributes[key] = value;
    }
    if (stack.length === 0) {
      if (root !== null || name !== 'svg') return null;
      root = attributes;
    } else {
      if (name === 'svg') return null;
      const serialised = Object.entries(attributes)
        .filter(([key]) => key !== 'class' && key !== 'aria-hidden' && key !== 'data-slot')
        .map(([key, value]) => ` ${key}="${value}"`)
        .join('');
      body += `<${name}${serialised}${selfClosing ? '/>' : '>'}`;
    }
    if (!selfClosing) stack.push(name);
    else if (stack.length === 0) return null;
  }
  if (root === null || stack.length > 0) return null;
  const box = (root.viewbox ?? '0 0 24 24')
    .trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box.length !== 4 || box.some((n) => !Number.isFinite(n)) || box[2] <= 0 || box[3] <= 0) return null;
  const inherited: Record<string, string> = {};
  for (const key of INHERITED) if (root[key] !== undefined) inherited[key] = root[key];
  return { viewBox: box as ParsedIcon['viewBox'], attributes: inherited, body };
}
