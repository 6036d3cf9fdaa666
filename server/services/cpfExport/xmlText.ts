/** Characters XML 1.0 does not allow anywhere (controls other than tab and line breaks, lone surrogates, FFFE/FFFF). */
const NOT_XML = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** A value as the feed writes it: canonical form, one line, single spaces, no character XML refuses. */
export function cleanText(value: string): string {
  return value.normalize('NFC').replace(NOT_XML, '').replace(/\s+/gu, ' ').trim();
}

/** Length as the XSD counts it: in characters (code points), not UTF-16 units. */
export function textLength(value: string): number {
  return [...value].length;
}

/** Text content escaped; quotes too, so that the same function is safe in an attribute. */
export function escapeXml(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/**
 * An element of the feed, in the cpf namespace: text, nil (null, written xsi:nil="true") or children in the
 * schema's order. A child left undefined is an optional element the export leaves out.
 */
export interface XmlNode {
  name: string;
  value: string | null | readonly (XmlNode | undefined)[];
}

export const node = (name: string, value: XmlNode['value']): XmlNode => ({ name, value });

/** An optional element: written only when it has a value. */
export const optional = (name: string, value: string | undefined): XmlNode | undefined =>
  value === undefined ? undefined : node(name, value);

const INDENT = '  ';
const PREFIX = 'cpf';

export const openTag = (name: string, depth: number) => `${INDENT.repeat(depth)}<${PREFIX}:${name}>\n`;
export const closeTag = (name: string, depth: number) => `${INDENT.repeat(depth)}</${PREFIX}:${name}>\n`;

/** The element and its children, indented by depth, one element a line. */
export function serializeNode(xml: XmlNode, depth: number): string {
  const indent = INDENT.repeat(depth);
  const tag = `${PREFIX}:${xml.name}`;
  if (xml.value === null) return `${indent}<${tag} xsi:nil="true"/>\n`;
  if (typeof xml.value === 'string') return `${indent}<${tag}>${escapeXml(xml.value)}</${tag}>\n`;
  const children = xml.value.filter((child): child is XmlNode => child !== undefined);
  return `${openTag(xml.name, depth)}${children.map((child) => serializeNode(child, depth + 1)).join('')}${closeTag(xml.name, depth)}`;
}
