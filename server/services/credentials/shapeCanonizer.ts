import { createHash } from 'node:crypto';
import type { DocumentLoader } from './contexts/documentLoader';
import { dataIntegrityLibraries } from './dataIntegrity';

/**
 * RDFC-1.0 canonical N-Quads of JSON-LD documents that share a few shapes, without running JSON-LD for each.
 *
 * The credentials of one campaign differ only in their string values: the structure, the types and the
 * contexts are the same. So the library canonizes a *template* once per shape: the document with every
 * variable string replaced by a slot marker (`urn:laurel-slot:<n>`, valid both as a text and as an IRI). Each
 * document of that shape then gets its N-Quads by putting its values back into the template's quads (escaped as
 * N-Quads escapes them), relabelling the blank nodes with RDFC-1.0's first-degree hashes, and sorting the lines.
 *
 * This is exactly what the library would do as long as a value cannot change the structure, which is checked
 * for each document; otherwise (a value in an IRI position that is not a plain absolute IRI, two nodes that
 * would merge, two blank nodes with the same first-degree hash) the document goes through the library.
 * tests/server/credentials/shapeCanonizer.test.ts compares both on a large generated corpus with awkward strings.
 */

/** Keys whose string values are part of the shape (they select terms and types), not values. */
const STRUCTURAL_KEYS = new Set([
  '@context',
  'type',
  'achievementType',
  'identityType',
  'statusPurpose',
  'cryptosuite',
]);

const SLOT_PREFIX = 'urn:laurel-slot:';

/** An absolute IRI JSON-LD leaves as it is and N-Quads writes without escapes; other values use the library. */
// eslint-disable-next-line no-control-regex -- control characters are what disqualifies an IRI
const PLAIN_IRI = /^(?:https?:\/\/|did:|urn:|data:)[^\u0000-\u0020<>"{}|^`\\]*$/;

type Part =
  /** text written as is (a fixed IRI, a fixed literal with its datatype) */
  | { kind: 'fixed'; text: string }
  | { kind: 'blank'; label: string }
  /** a value: `suffix` is the literal's datatype or language as written in the template */
  | { kind: 'iri'; slot: number }
  | { kind: 'literal'; slot: number; suffix: string };

interface TemplateQuad {
  parts: Part[];
}

interface Shape {
  quads: TemplateQuad[];
  /** blank node label → the quads that mention it */
  blankNodes: Map<string, number[]>;
  /** slots written as IRIs, and the fixed IRIs they must not equal (equal ids merge nodes) */
  iriSlots: number[];
  fixedIris: Set<string>;
}

const TERM = /<([^>]*)>|_:([A-Za-z0-9]+)|"((?:[^"\\]|\\.)*)"((?:\^\^<[^>]*>|@[A-Za-z0-9-]+)?)/y;

function parseTemplate(nquads: string, slotCount: number): Shape | null {
  const quads: TemplateQuad[] = [];
  const blankNodes = new Map<string, number[]>();
  const iriSlots = new Set<number>();
  const fixedIris = new Set<string>();
  const seen = new Set<number>();
  const slotOf = (text: string): number | null => {
    if (!text.startsWith(SLOT_PREFIX)) return text.includes(SLOT_PREFIX) ? -1 : null;
    const slot = Number(text.slice(SLOT_PREFIX.length));
    return Number.isInteger(slot) && slot >= 0 && slot < slotCount ? slot : -1;
  };
  for (const line of nquads.split('\n')) {
    if (line === '') continue;
    if (!line.endsWith(' .')) return null;
    const body = line.slice(0, -2);
    const parts: Part[] = [];
    let position = 0;
    while (position < body.length) {
      if (parts.length > 0) {
        if (body[position] !== ' ') return null;
        position += 1;
      }
      TERM.lastIndex = position;
      const match = TERM.exec(body);
      if (!match) return null;
      position = TERM.lastIndex;
      const [text, iri, blank, literal, suffix] = match;
      if (iri !== undefined) {
        const slot = slotOf(iri);
        if (slot === -1) return null;
        if (slot === null) {
          parts.push({ kind: 'fixed', text });
          fixedIris.add(iri);
        } else {
          parts.push({ kind: 'iri', slot });
          iriSlots.add(slot);
          seen.add(slot);
        }
      } else if (blank !== undefined) {
        parts.push({ kind: 'blank', label: blank });
        const list = blankNodes.get(blank) ?? [];
        if (list.at(-1) !== quads.length) list.push(quads.length);
        blankNodes.set(blank, list);
      } else {
        const slot = slotOf(literal);
        if (slot === -1) return null;
        if (slot === null) parts.push({ kind: 'fixed', text });
        else {
          parts.push({ kind: 'literal', slot, suffix });
          seen.add(slot);
        }
      }
    }
    if (parts.length < 3 || parts.length > 4) return null;
    quads.push({ parts });
  }
  // a value JSON-LD dropped (an unknown term) would be missing from the template: not a shape we can fill
  if (seen.size !== slotCount) return null;
  return { quads, blankNodes, iriSlots: [...iriSlots], fixedIris };
}

// eslint-disable-next-line no-control-regex -- N-Quads escapes control characters
const LITERAL_ESCAPES = /[\u0000-\u001F\u007F"\\]/g;
const ECHAR: Record<string, string> = {
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\f': '\\f',
  '\r': '\\r',
  '"': '\\"',
  '\\': '\\\\',
};

/** As rdf-canonize writes a literal: ECHARs for the usual ones, \uXXXX for other control characters. */
export function escapeLiteral(value: string): string {
  return value.replace(
    LITERAL_ESCAPES,
    (character) => ECHAR[character] ?? `\\u${character.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
}

function serialize(quad: TemplateQuad, values: readonly string[], blankText: (label: string) => string): string {
  let line = '';
  for (const part of quad.parts) {
    if (line !== '') line += ' ';
    switch (part.kind) {
      case 'fixed':
        line += part.text;
        break;
      case 'blank':
        line += blankText(part.label);
        break;
      case 'iri':
        line += `<${values[part.slot]}>`;
        break;
      case 'literal':
        line += `"${escapeLiteral(values[part.slot])}"${part.suffix}`;
        break;
    }
  }
  return `${line} .\n`;
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The canonical N-Quads of one document of this shape, or null when its values could change the structure. */
function fill(shape: Shape, values: readonly string[]): string | null {
  const iris = new Set<string>();
  for (const slot of shape.iriSlots) {
    const value = values[slot];
    if (!PLAIN_IRI.test(value) || shape.fixedIris.has(value) || iris.has(value)) return null;
    iris.add(value);
  }
  // RDFC-1.0 4.6: a blank node's first-degree hash, itself written _:a and the others _:z
  const byHash = new Map<string, string>();
  for (const [label, quadIndexes] of shape.blankNodes) {
    const lines = quadIndexes.map((index) =>
      serialize(shape.quads[index], values, (other) => (other === label ? '_:a' : '_:z')),
    );
    lines.sort();
    const hash = sha256Hex(lines.join(''));
    if (byHash.has(hash)) return null; // the N-degree algorithm would decide: leave it to the library
    byHash.set(hash, label);
  }
  const canonicalLabels = new Map<string, string>();
  [...byHash.keys()].sort().forEach((hash, index) => canonicalLabels.set(byHash.get(hash) as string, `_:c14n${index}`));
  const lines = shape.quads.map((quad) => serialize(quad, values, (label) => canonicalLabels.get(label) as string));
  lines.sort();
  for (let index = 1; index < lines.length; index += 1) {
    if (lines[index] === lines[index - 1]) return null;
  }
  return lines.join('');
}

/** The document with its variable strings replaced by slot markers, and those strings in order. */
function splitValues(document: unknown): { template: unknown; values: string[] } {
  const values: string[] = [];
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      values.push(node);
      return `${SLOT_PREFIX}${values.length - 1}`;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') {
      const copy: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node)) copy[key] = STRUCTURAL_KEYS.has(key) ? value : walk(value);
      return copy;
    }
    return node;
  };
  return { template: walk(document), values };
}

type LibraryCanonize = (document: object, options: object) => Promise<string>;

/** The library's canonical N-Quads, as the eddsa-rdfc-2022 suite computes them (safe mode, no base). */
export async function canonizeWithLibrary(document: object, documentLoader: DocumentLoader): Promise<string> {
  const { eddsaRdfc2022 } = await dataIntegrityLibraries();
  const libraryCanonize = (eddsaRdfc2022 as unknown as { canonize: LibraryCanonize }).canonize;
  return libraryCanonize(document, { documentLoader, base: null, safe: true });
}

export interface ShapeCanonizer {
  canonize(document: object): Promise<string>;
  /** how many documents took the fast path and how many the library (for the tests and the bench) */
  readonly counts: { filled: number; library: number };
}

/** A canonizer keeping the templates of the shapes it meets (at most `maxShapes`, the oldest dropped first). */
export function createShapeCanonizer(documentLoader: DocumentLoader, maxShapes = 64): ShapeCanonizer {
  const shapes = new Map<string, Promise<Shape | null>>();
  const counts = { filled: 0, library: 0 };
  const shapeOf = (template: unknown, slotCount: number): Promise<Shape | null> => {
    const key = JSON.stringify(template);
    let shape = shapes.get(key);
    if (!shape) {
      shape = canonizeWithLibrary(template as object, documentLoader).then(
        (nquads) => parseTemplate(nquads, slotCount),
        () => null,
      );
      if (shapes.size >= maxShapes) shapes.delete(shapes.keys().next().value as string);
      shapes.set(key, shape);
    }
    return shape;
  };
  return {
    counts,
    async canonize(document) {
      const { template, values } = splitValues(document);
      const shape = await shapeOf(template, values.length);
      const filled = shape ? fill(shape, values) : null;
      if (filled !== null) {
        counts.filled += 1;
        return filled;
      }
      counts.library += 1;
      return canonizeWithLibrary(document, documentLoader);
    },
  };
}
