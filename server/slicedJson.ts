import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cooperate } from './eventLoop';

/** JSON bodies from this size up are parsed in slices (a 10,000-row publish is ≈ 1.4 MB). */
export const SLICED_FROM_CHARACTERS = 256 * 1024;
/** Elements of a large array parsed in one go, between two chances to yield. */
const ELEMENTS_PER_SLICE = 500;
/** Characters scanned between two chances to yield. */
const SCAN_STEP = 64 * 1024;
/** More top-level members than this and the body is parsed whole (no list of thousands of keys to check). */
const MAX_MEMBERS = 1000;

/** A top-level member whose value is an array: its key, as written, and the positions of its brackets and commas. */
interface ArrayMember {
  keyLiteral: string;
  open: number;
  close: number;
  commas: number[];
}

/**
 * Where the arrays of a JSON object's members begin, end and separate their elements, scanned in steps (strings,
 * escapes and nesting followed); null when the text is not an object of at most MAX_MEMBERS members (or not JSON:
 * the whole parse then says what is wrong).
 */
async function scanMembers(text: string): Promise<{ arrays: ArrayMember[]; keyLiterals: string[] } | null> {
  const arrays: ArrayMember[] = [];
  const keyLiterals: string[] = [];
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = -1;
  let lastString = '';
  let key = '';
  let current: ArrayMember | null = null;
  const first = text.search(/\S/);
  if (first < 0 || text.charCodeAt(first) !== 0x7b) return null;
  for (let i = first; i < text.length; i++) {
    if (i % SCAN_STEP === 0) await cooperate();
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true;
      else if (c === 0x22) {
        inString = false;
        if (depth === 1) lastString = text.slice(stringStart, i + 1);
      }
      continue;
    }
    switch (c) {
      case 0x22: // "
        inString = true;
        stringStart = i;
        break;
      case 0x3a: // :
        if (depth === 1) {
          key = lastString;
          keyLiterals.push(key);
          if (keyLiterals.length > MAX_MEMBERS) return null;
        }
        break;
      case 0x7b: // {
        depth++;
        break;
      case 0x5b: // [
        depth++;
        if (depth === 2) current = { keyLiteral: key, open: i, close: -1, commas: [] };
        break;
      case 0x7d: // }
      case 0x5d: // ]
        if (c === 0x5d && depth === 2 && current) {
          current.close = i;
          arrays.push(current);
          current = null;
        }
        depth--;
        break;
      case 0x2c: // ,
        if (depth === 2 && current) current.commas.push(i);
        break;
    }
  }
  return depth === 0 && !inString ? { arrays, keyLiterals } : null;
}

/**
 * JSON.parse of a large object in slices, so that a 10,000-row body never holds the event loop in one piece
 * (issue 16 point 1: 20–50 ms, and up to 105 ms when a garbage collection fell in it). The text is scanned for its
 * members' arrays; the object is parsed with those arrays left empty, then each array's elements are parsed
 * ELEMENTS_PER_SLICE at a time, yielding between slices. Every piece goes through `parse` (the server's own, which
 * refuses prototype poisoning). Anything unusual — not an object, a repeated key, a syntax error in a piece — and
 * the text is parsed whole by `parse`, which gives the usual answer (value or error).
 */
export async function parseJsonInSlices(text: string, parse: (text: string) => Promise<unknown>): Promise<unknown> {
  const scanned = await scanMembers(text);
  const large = scanned?.arrays.filter((array) => array.commas.length >= ELEMENTS_PER_SLICE) ?? [];
  if (!scanned || large.length === 0) return parse(text);
  try {
    const names = scanned.keyLiterals.map((literal) => JSON.parse(literal) as string);
    const largeNames = large.map((array) => JSON.parse(array.keyLiteral) as string);
    // a repeated key: JSON keeps the last one, which may not be the array scanned
    if (new Set(names).size !== names.length) return await parse(text);

    let outer = '';
    let from = 0;
    for (const array of large) {
      outer += text.slice(from, array.open + 1);
      from = array.close;
    }
    outer += text.slice(from);
    const value = (await parse(outer)) as Record<string, unknown>;

    for (const [index, array] of large.entries()) {
      const bounds = [array.open, ...array.commas, array.close];
      const elements: unknown[] = [];
      for (let first = 0; first < bounds.length - 1; first += ELEMENTS_PER_SLICE) {
        await cooperate();
        const last = Math.min(first + ELEMENTS_PER_SLICE, bounds.length - 1);
        const slice = (await parse(`[${text.slice(bounds[first] + 1, bounds[last])}]`)) as unknown[];
        for (const element of slice) elements.push(element);
      }
      value[largeNames[index]] = elements;
    }
    return value;
  } catch {
    return parse(text);
  }
}

/**
 * The server's application/json parser: Fastify's own (empty bodies, prototype poisoning, errors as usual), with
 * bodies from SLICED_FROM_CHARACTERS up parsed in slices.
 */
export function registerSlicedJsonParser(app: FastifyInstance): void {
  const whole = app.getDefaultJsonParser('error', 'error');
  const parseWith =
    (request: FastifyRequest) =>
    (text: string): Promise<unknown> =>
      new Promise((resolve, reject) => {
        // Fastify's default JSON parser answers through the callback; its type also allows the promise form
        void whole(request, text, (error, value) => (error ? reject(error) : resolve(value)));
      });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (text.length < SLICED_FROM_CHARACTERS) return whole(request, text, done);
    parseJsonInSlices(text, parseWith(request)).then(
      (value) => done(null, value),
      (error: Error) => done(error, undefined),
    );
  });
}
