import type { DOMPurify } from 'dompurify';

/**
 * Every SVG the server stores (template logos, the verification logo) goes through DOMPurify's SVG profile once, at
 * upload (issue 17, point 6): no script, no event attribute, no foreignObject, no animation that could set a
 * link, and no reference to anything outside the file — a link or image must point inside it (`#id`) or be an
 * embedded raster image (data:image/png|jpeg|gif|webp), and CSS loses its @import and outside url(). What is left
 * draws the same picture and cannot run or fetch anything, even opened from the disk after a download, where no
 * Content-Security-Policy applies.
 *
 * DOMPurify needs a DOM: jsdom's window, made on the first SVG (jsdom takes about 0.4 s to load, so a server that
 * never receives an SVG never pays for it).
 */
interface Sanitizer {
  purify: DOMPurify;
  window: Window & typeof globalThis;
}

let sanitizer: Promise<Sanitizer> | null = null;

const SVG_NS = 'http://www.w3.org/2000/svg';
const LOCAL_OR_EMBEDDED = /^\s*(#|data:image\/(png|jpeg|gif|webp)[;,])/i;
const OUTSIDE_URL = /url\(\s*(?!['"]?\s*#)[^)]*\)/gi;
const IMPORT = /@import[^;]*;?/gi;

function withoutOutsideReferences(css: string): string {
  return css.replace(IMPORT, '').replace(OUTSIDE_URL, 'none');
}

async function createSanitizer(): Promise<Sanitizer> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const { window } = new JSDOM('');
  const purify = createDOMPurify(window as never);
  purify.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if (name === 'href' || name === 'xlink:href' || name === 'src') {
      if (!LOCAL_OR_EMBEDDED.test(data.attrValue)) data.keepAttr = false;
      return;
    }
    if (/url\(|@import/i.test(data.attrValue)) data.attrValue = withoutOutsideReferences(data.attrValue);
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && node.textContent) node.textContent = withoutOutsideReferences(node.textContent);
  });
  return { purify, window };
}

/** The elements that put paint on the canvas. */
const GRAPHICS = ['path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'image', 'text'];
/** Containers whose content is drawn only where something else refers to it, or never. */
const NOT_DRAWN = new Set([
  'defs',
  'symbol',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'linearGradient',
  'radialGradient',
  'filter',
  'title',
  'desc',
  'metadata',
]);

/** Whether a sanitised <svg> still draws something: a shape, an image or a non-empty text outside definitions. */
function drawsSomething(svg: Element): boolean {
  for (const element of svg.getElementsByTagName('*')) {
    if (!GRAPHICS.includes(element.localName)) continue;
    if (element.localName === 'text' && (element.textContent ?? '').trim() === '') continue;
    let parent = element.parentElement;
    while (parent && parent !== svg && !NOT_DRAWN.has(parent.localName)) parent = parent.parentElement;
    if (parent === svg) return true;
  }
  return false;
}

/** A sanitised SVG, or why none is stored: not an SVG at all, or nothing left that draws once sanitised. */
export type SanitizedSvg = { ok: true; svg: string } | { ok: false; reason: 'not_svg' | 'empty' };

/**
 * The SVG with everything active or outside removed, as UTF-8 text. Refused when it is not well-formed XML with an
 * <svg> root (`not_svg`), or when nothing drawable is left (`empty`: an <svg> that held only a script would
 * otherwise be stored as an invisible logo). It is read as XML (as a browser reads an .svg file: an HTML parser
 * would read some markup differently), its entities are never expanded beyond the document, and it is written
 * back as XML.
 */
export async function sanitizeSvgChecked(svg: string): Promise<SanitizedSvg> {
  sanitizer ??= createSanitizer();
  const { purify, window } = await sanitizer;
  const notSvg = { ok: false, reason: 'not_svg' } as const;
  // a document type declaration can only declare entities (a way to multiply text): nothing a logo needs
  if (/<!DOCTYPE[^>]*\[/i.test(svg) || /<!ENTITY/i.test(svg)) return notSvg;
  const parsed = new window.DOMParser().parseFromString(svg, 'image/svg+xml');
  const root = parsed.documentElement;
  if (
    parsed.getElementsByTagName('parsererror').length > 0 ||
    root?.localName !== 'svg' ||
    root.namespaceURI !== SVG_NS
  ) {
    return notSvg;
  }
  const body = purify.sanitize(root, {
    USE_PROFILES: { svg: true, svgFilters: true },
    // <use> can pull in another file's content; <a> keeps only a local link (the hook above)
    FORBID_TAGS: ['use', 'foreignObject', 'animate', 'set', 'animateMotion', 'animateTransform', 'script'],
    RETURN_DOM: true,
  });
  const clean = (body as Element).firstElementChild;
  if (!clean || clean.localName !== 'svg') return notSvg;
  if (!drawsSomething(clean)) return { ok: false, reason: 'empty' };
  return {
    ok: true,
    svg: `<?xml version="1.0" encoding="UTF-8"?>\n${new window.XMLSerializer().serializeToString(clean)}\n`,
  };
}

/** The sanitised SVG (sanitizeSvgChecked), or null when it is not an SVG or draws nothing once sanitised. */
export async function sanitizeSvg(svg: string): Promise<string | null> {
  const result = await sanitizeSvgChecked(svg);
  return result.ok ? result.svg : null;
}

/** For stored bytes: the sanitised SVG's bytes, or why they are refused. */
export async function sanitizeSvgBytes(
  bytes: Uint8Array,
): Promise<{ ok: true; bytes: Buffer } | { ok: false; reason: 'not_svg' | 'empty' }> {
  const result = await sanitizeSvgChecked(new TextDecoder('utf-8').decode(bytes));
  return result.ok ? { ok: true, bytes: Buffer.from(result.svg, 'utf8') } : result;
}
