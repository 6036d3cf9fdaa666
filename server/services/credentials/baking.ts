import { crc32, inflateSync } from 'node:zlib';

/**
 * Baked badges (Open Badges 3.0 section 5.3): the signed credential carried inside the badge image, in a PNG
 * iTXt chunk with the keyword `openbadgecredential`, or in an SVG `<openbadges:credential>` element. Baking
 * replaces a credential already in the image, so an image never carries two.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_KEYWORD = 'openbadgecredential';
/** A compressed chunk from elsewhere may not inflate beyond this. */
const MAX_TEXT_BYTES = 16 * 1024 * 1024;
export const OPENBADGES_NAMESPACE = 'https://purl.imsglobal.org/ob/v3p0';

function credentialText(credential: object | string): string {
  return typeof credential === 'string' ? credential : JSON.stringify(credential);
}

interface PngChunk {
  type: string;
  /** the whole chunk: length, type, data and CRC */
  bytes: Buffer;
  data: Buffer;
}

function pngChunks(png: Uint8Array): PngChunk[] {
  const buffer = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (buffer.length < PNG_SIGNATURE.length || !buffer.subarray(0, 8).equals(PNG_SIGNATURE)) {
    throw new Error('not a PNG image');
  }
  const chunks: PngChunk[] = [];
  let offset = PNG_SIGNATURE.length;
  while (offset < buffer.length) {
    if (offset + 12 > buffer.length) throw new Error('the PNG image is truncated');
    const length = buffer.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > buffer.length) throw new Error('the PNG image is truncated');
    const type = buffer.toString('latin1', offset + 4, offset + 8);
    const data = buffer.subarray(offset + 8, offset + 8 + length);
    if (crc32(buffer.subarray(offset + 4, offset + 8 + length)) !== buffer.readUInt32BE(offset + 8 + length)) {
      throw new Error(`the PNG chunk ${type} has a wrong CRC`);
    }
    chunks.push({ type, bytes: buffer.subarray(offset, end), data });
    offset = end;
    if (type === 'IEND') break;
  }
  if (chunks[0]?.type !== 'IHDR' || chunks.at(-1)?.type !== 'IEND') throw new Error('the PNG image is incomplete');
  return chunks;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

interface InternationalText {
  keyword: string;
  text: string;
}

function readInternationalText(data: Buffer): InternationalText | null {
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 1 || keywordEnd + 3 > data.length) return null;
  const compressed = data[keywordEnd + 1] === 1;
  const languageEnd = data.indexOf(0, keywordEnd + 3);
  const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) return null;
  const body = data.subarray(translatedEnd + 1);
  return {
    keyword: data.toString('latin1', 0, keywordEnd),
    text: (compressed ? inflateSync(body, { maxOutputLength: MAX_TEXT_BYTES }) : body).toString('utf8'),
  };
}

function isCredentialChunk(chunk: PngChunk): boolean {
  return chunk.type === 'iTXt' && readInternationalText(chunk.data)?.keyword === PNG_KEYWORD;
}

/** The PNG with the credential in an uncompressed iTXt chunk `openbadgecredential`, just before IEND. */
export function bakePng(png: Uint8Array, credential: object | string): Buffer {
  const chunks = pngChunks(png).filter((chunk) => !isCredentialChunk(chunk));
  const data = Buffer.concat([
    Buffer.from(PNG_KEYWORD, 'latin1'),
    // keyword terminator, compression flag 0, compression method 0, empty language tag and translated keyword
    Buffer.from([0, 0, 0, 0, 0]),
    Buffer.from(credentialText(credential), 'utf8'),
  ]);
  const iend = chunks.length - 1;
  return Buffer.concat([
    PNG_SIGNATURE,
    ...chunks.slice(0, iend).map((chunk) => chunk.bytes),
    pngChunk('iTXt', data),
    chunks[iend].bytes,
  ]);
}

/** The text of the first `openbadgecredential` chunk (signed JSON, or a compact JWS from other issuers), or null. */
export function unbakePng(png: Uint8Array): string | null {
  for (const chunk of pngChunks(png)) {
    if (chunk.type !== 'iTXt') continue;
    const entry = readInternationalText(chunk.data);
    if (entry?.keyword === PNG_KEYWORD) return entry.text;
  }
  return null;
}

// The root start tag: `<svg`, attributes (quoted values may hold '>'), then '>' or '/>'.
const SVG_START_TAG = /<svg(?=[\s/>])((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/;

function namespacePrefix(svg: string): string {
  const match = /\sxmlns:([A-Za-z_][\w.-]*)\s*=\s*(["'])https:\/\/purl\.imsglobal\.org\/ob\/v3p0\/?\2/.exec(svg);
  return match ? match[1] : 'openbadges';
}

interface ElementSpan {
  start: number;
  end: number;
  attributes: string;
  /** null for an empty-element tag */
  content: string | null;
}

/** The first `<prefix:credential>` element from `from`, its end found past any CDATA (which may hold `</…>`). */
function findCredentialElement(svg: string, prefix: string, from = 0): ElementSpan | null {
  const startTag = new RegExp(`<${prefix}:credential(?=[\\s/>])((?:[^>"']|"[^"]*"|'[^']*')*?)(/?)>`, 'g');
  startTag.lastIndex = from;
  const match = startTag.exec(svg);
  if (!match) return null;
  const contentStart = match.index + match[0].length;
  if (match[2]) return { start: match.index, end: contentStart, attributes: match[1], content: null };
  const endTag = `</${prefix}:credential`;
  for (let cursor = contentStart; ;) {
    const cdata = svg.indexOf('<![CDATA[', cursor);
    const close = svg.indexOf(endTag, cursor);
    if (close < 0) throw new Error('the credential element of the SVG is not closed');
    if (cdata >= 0 && cdata < close) {
      const cdataEnd = svg.indexOf(']]>', cdata);
      if (cdataEnd < 0) throw new Error('an unterminated CDATA section in the SVG credential');
      cursor = cdataEnd + 3;
      continue;
    }
    const end = svg.indexOf('>', close);
    if (end < 0) throw new Error('the credential element of the SVG is not closed');
    return { start: match.index, end: end + 1, attributes: match[1], content: svg.slice(contentStart, close) };
  }
}

function decodeXmlText(text: string): string {
  return text.replace(/&(?:#x([0-9a-fA-F]+)|#(\d+)|(amp|lt|gt|quot|apos));/g, (_, hex, dec, name) => {
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    if (dec) return String.fromCodePoint(parseInt(dec, 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[name as 'amp'];
  });
}

/** Element content: CDATA sections as they are, the rest with its character references decoded. */
function xmlContent(content: string): string {
  let text = '';
  let rest = content;
  for (let start = rest.indexOf('<![CDATA['); start >= 0; start = rest.indexOf('<![CDATA[')) {
    const end = rest.indexOf(']]>', start);
    if (end < 0) throw new Error('an unterminated CDATA section in the SVG credential');
    text += decodeXmlText(rest.slice(0, start)) + rest.slice(start + 9, end);
    rest = rest.slice(end + 3);
  }
  return text + decodeXmlText(rest);
}

/**
 * The SVG with `xmlns:openbadges` on its root and, directly after the root start tag, an
 * `<openbadges:credential>` holding the JSON in CDATA (a `]]>` inside the JSON is split across two sections).
 */
export function bakeSvg(svg: string, credential: object | string): string {
  const prefix = namespacePrefix(svg);
  let withoutCredential = svg;
  for (let found = findCredentialElement(svg, prefix); found;) {
    withoutCredential = withoutCredential.slice(0, found.start) + withoutCredential.slice(found.end);
    found = findCredentialElement(withoutCredential, prefix, found.start);
  }
  const root = SVG_START_TAG.exec(withoutCredential);
  if (!root) throw new Error('not an SVG image');
  const [startTag, attributes, selfClosing] = root;
  const declared = new RegExp(`\\sxmlns:${prefix}\\s*=`).test(attributes);
  const newStartTag = `<svg${attributes}${declared ? '' : ` xmlns:${prefix}="${OPENBADGES_NAMESPACE}"`}>`;
  const cdata = credentialText(credential).replaceAll(']]>', ']]]]><![CDATA[>');
  const element = `<${prefix}:credential><![CDATA[${cdata}]]></${prefix}:credential>`;
  return (
    withoutCredential.slice(0, root.index) +
    newStartTag +
    element +
    (selfClosing ? '</svg>' : '') +
    withoutCredential.slice(root.index + startTag.length)
  );
}

/** The credential of the first `<openbadges:credential>`: its `verify` attribute (a JWS) or its content; or null. */
export function unbakeSvg(svg: string): string | null {
  const element = findCredentialElement(svg, namespacePrefix(svg));
  if (!element) return null;
  const verify = /\sverify\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(element.attributes);
  if (verify) return decodeXmlText(verify[1] ?? verify[2]).trim();
  return xmlContent(element.content ?? '').trim();
}
