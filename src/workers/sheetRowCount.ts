/**
 * What a spreadsheet's zip tells before SheetJS parses it (issues 16 and 17): its row count, authoritative, and
 * whether a part declares a document type. Parts are inflated by the platform's DecompressionStream (native zlib,
 * several times quicker than a JavaScript inflate) and the sheet's rows are counted on its bytes, never decoded
 * as text: the count costs a small part of SheetJS's own parse.
 */
import { importError, type ImportError } from '../../domain/import/errors';
import { readZipDirectory, zipLocalDataStart } from '../../domain/import/zipDirectory';
import { nativeInflateReader } from './nativeInflate';

/** A part of the zip, from its central directory. */
interface ZipPart {
  name: string;
  /** 0 stored, 8 deflated; others are not read */
  method: number;
  /** where its data starts and how many bytes it takes in the zip */
  start: number;
  size: number;
}

/** The parts of a zip by name, or null when its directory cannot be read (SheetJS then reports the file). */
function zipParts(bytes: Uint8Array): Map<string, ZipPart> | null {
  const entries = readZipDirectory(bytes);
  if (!entries) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts = new Map<string, ZipPart>();
  for (const { name, method, compressedSize: size, localOffset } of entries) {
    // a part whose data cannot be found is left out of the scan (SheetJS reports it if it needs it)
    const start = zipLocalDataStart(view, localOffset);
    if (start !== null && start + size <= bytes.length) parts.set(name, { name, method, start, size });
  }
  return parts;
}

/**
 * Hands the part's bytes to `onChunk` as they are inflated, until the end or until it answers true. A part that
 * cannot be inflated ends the reading quietly: SheetJS's parse reports the file.
 */
async function readPart(bytes: Uint8Array, part: ZipPart, onChunk: (chunk: Uint8Array) => boolean): Promise<void> {
  const data = bytes.subarray(part.start, part.start + part.size);
  if (part.method === 0) {
    onChunk(data);
    return;
  }
  if (part.method !== 8) return;
  const reader = nativeInflateReader(data);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (onChunk(value)) {
        void reader.cancel().catch(() => undefined);
        return;
      }
    }
  } catch {
    // a broken deflate stream: left to SheetJS
  }
}

/**
 * Reads the text of a part chunk by chunk, handing `onTags` only whole tags (a tag cut between two chunks waits
 * for the next one); `onTags` answers true to stop reading.
 */
async function scanTags(bytes: Uint8Array, part: ZipPart, onTags: (text: string) => boolean): Promise<void> {
  const decoder = new TextDecoder();
  let carry = '';
  let stopped = false;
  await readPart(bytes, part, (chunk) => {
    const text = carry + decoder.decode(chunk, { stream: true });
    const open = text.lastIndexOf('<');
    const whole = open >= 0 && text.indexOf('>', open) < 0 ? open : text.length;
    carry = text.slice(whole);
    stopped = onTags(text.slice(0, whole));
    return stopped;
  });
  if (!stopped) onTags(carry + decoder.decode());
}

/** A part's whole text (the small parts: workbook.xml and its relations). */
async function partText(bytes: Uint8Array, part: ZipPart | undefined): Promise<string | undefined> {
  if (!part) return undefined;
  let text = '';
  await scanTags(bytes, part, (chunk) => {
    text += chunk;
    return false;
  });
  return text;
}

/** The workbook's first sheet in an .xlsx/.xlsm zip. */
async function firstSheet(bytes: Uint8Array, parts: Map<string, ZipPart>): Promise<ZipPart | null> {
  const workbook = await partText(bytes, parts.get('xl/workbook.xml'));
  const relationId = workbook?.match(/<sheet\b[^>]*\br:id="([^"]+)"/)?.[1];
  const relations = await partText(bytes, parts.get('xl/_rels/workbook.xml.rels'));
  const relation = relations?.match(new RegExp(`<Relationship\\b[^>]*\\bId="${relationId}"[^>]*>`))?.[0];
  const target = relation?.match(/\bTarget="([^"]+)"/)?.[1];
  if (target) return parts.get(target.startsWith('/') ? target.slice(1) : `xl/${target}`) ?? null;
  return [...parts.values()].find((part) => /^xl\/worksheets\/sheet\d+\.xml$/.test(part.name)) ?? null;
}

const LESS_THAN = 0x3c;

/** A byte of an XML name (ASCII letters, digits, '_', '-', '.', ':'); names beyond ASCII are no tag counted here. */
function isNameByte(byte: number): boolean {
  return (
    (byte >= 0x61 && byte <= 0x7a) ||
    (byte >= 0x41 && byte <= 0x5a) ||
    (byte >= 0x30 && byte <= 0x3a) ||
    byte === 0x5f ||
    byte === 0x2d ||
    byte === 0x2e
  );
}

/** What ends a tag's name: white space, '>' or '/'. */
function endsName(byte: number): boolean {
  return byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d || byte === 0x3e || byte === 0x2f;
}

/** The tags the count looks at: a row, and a value in it (<v>, or <is> for an inline string). */
const ROW = 1;
const VALUE = 2;

/** Which counted tag the name bytes [from, to) are, with or without a namespace prefix (x:row). */
function tagOf(bytes: Uint8Array, from: number, to: number): number {
  let start = from;
  for (let i = to - 1; i >= from; i--)
    if (bytes[i] === 0x3a) {
      start = i + 1;
      break;
    }
  const length = to - start;
  if (length === 3 && bytes[start] === 0x72 && bytes[start + 1] === 0x6f && bytes[start + 2] === 0x77) return ROW;
  if (length === 1 && bytes[start] === 0x76) return VALUE;
  if (length === 2 && bytes[start] === 0x69 && bytes[start + 1] === 0x73) return VALUE;
  return 0;
}

/**
 * Counts the rows of a sheet's XML bytes given chunk by chunk (a tag cut between two chunks waits for the next
 * one): rows with a value, the last one included once `end` is called.
 */
function rowCounter() {
  let carry = new Uint8Array(0);
  let rows = 0;
  let rowHasValue = false;
  return {
    get rows() {
      return rows;
    },
    /** counts the rows of one more chunk */
    add(chunk: Uint8Array): void {
      let bytes = chunk;
      if (carry.length > 0) {
        bytes = new Uint8Array(carry.length + chunk.length);
        bytes.set(carry);
        bytes.set(chunk, carry.length);
      }
      const length = bytes.length;
      let i = bytes.indexOf(LESS_THAN);
      while (i >= 0) {
        let end = i + 1;
        while (end < length && isNameByte(bytes[end])) end++;
        if (end === length) {
          // the name goes on in the next chunk (a name longer than a chunk is no tag counted here)
          carry = end - i < 64 ? bytes.slice(i) : new Uint8Array(0);
          return;
        }
        if (end > i + 1 && endsName(bytes[end])) {
          const tag = tagOf(bytes, i + 1, end);
          if (tag === ROW) {
            if (rowHasValue) rows += 1;
            rowHasValue = false;
          } else if (tag === VALUE) rowHasValue = true;
        }
        i = bytes.indexOf(LESS_THAN, end);
      }
      carry = new Uint8Array(0);
    },
    /** the rows with a value, the last one included */
    end(): number {
      return rowHasValue ? rows + 1 : rows;
    },
  };
}

/** How much of a sheet's head is read as text for its <dimension> (it comes before the rows). */
const HEAD_BYTES = 64 * 1024;

/**
 * Rows holding a value in an xlsx sheet (`<row>` elements with a `<v>` or inline `<is>` value, no cell read). The
 * count is the authority (issue 17): a <dimension> declaring A1:C5 may sit over a million rows, so a sheet within
 * the limit is always read to its end. Past the limit the count stops; the dimension then gives the figure when
 * it covers the rows counted, else the count so far (at least that many rows).
 */
async function countXlsxRows(
  bytes: Uint8Array,
  parts: Map<string, ZipPart>,
  limit: number,
  onDeclared: (lastRow: number) => void,
): Promise<number | null> {
  const sheet = await firstSheet(bytes, parts);
  if (!sheet) return null;
  const counter = rowCounter();
  const head = new TextDecoder();
  let headText = '';
  let headRead = 0;
  let lastRow: number | null = null;
  await readPart(bytes, sheet, (chunk) => {
    if (headRead < HEAD_BYTES) {
      headText += head.decode(chunk.subarray(0, HEAD_BYTES - headRead), { stream: true });
      headRead += Math.min(chunk.length, HEAD_BYTES - headRead);
      const rowsStart = headText.search(/<(?:\w+:)?sheetData\b/);
      const declared = (rowsStart >= 0 ? headText.slice(0, rowsStart) : headText).match(
        /<(?:\w+:)?dimension\b[^>]*\bref="[A-Z]*\d*(?::[A-Z]*(\d+))?"/,
      )?.[1];
      if (declared && lastRow === null) {
        lastRow = Number(declared);
        onDeclared(lastRow);
      }
      if (rowsStart >= 0) headRead = HEAD_BYTES;
    }
    counter.add(chunk);
    // without a dimension the count goes on to the end, for the exact figure
    return lastRow !== null && counter.rows - 1 > limit;
  });
  if (lastRow !== null && counter.rows - 1 > limit) return Math.max(lastRow, counter.rows);
  return counter.end();
}

/**
 * Rows holding a value in the first table of an OpenDocument spreadsheet (content.xml): a row with a paragraph
 * counts as many times as it is repeated; the count stops at the end of the first table.
 */
async function countOdsRows(bytes: Uint8Array, parts: Map<string, ZipPart>): Promise<number | null> {
  const content = parts.get('content.xml');
  if (!content) return null;
  let rows = 0;
  let repeat = 0;
  let rowHasValue = false;
  const endRow = () => {
    if (rowHasValue) rows += repeat;
    rowHasValue = false;
  };
  await scanTags(bytes, content, (text) => {
    for (const [tag, attributes] of text.matchAll(/<(?:table:table-row|text:p|\/table:table)(?=[\s>/])([^>]*)>/g)) {
      if (tag.startsWith('</')) {
        endRow();
        return true;
      }
      if (tag.startsWith('<text:p')) rowHasValue = rowHasValue || !attributes.endsWith('/');
      else {
        endRow();
        repeat = Number(attributes.match(/table:number-rows-repeated="(\d+)"/)?.[1] ?? 1);
      }
    }
    return false;
  });
  endRow();
  return rows;
}

/**
 * Whether any XML part of the zip declares a document type (a DTD, where entities live: billion laughs, external
 * entities). Office files never hold one (ECMA-376 and ODF forbid it), so a file that does is refused before
 * SheetJS even though it expands none. Only each part's prolog is read: up to its root element.
 */
async function declaresDocumentType(bytes: Uint8Array, parts: Map<string, ZipPart>): Promise<boolean> {
  for (const part of parts.values()) {
    if (!/\.(xml|rels)$/i.test(part.name)) continue;
    let declared = false;
    await scanTags(bytes, part, (text) => {
      const root = text.search(/<[A-Za-z]/);
      declared = /<!(DOCTYPE|ENTITY)/i.test(root >= 0 ? text.slice(0, root) : text);
      return declared || root >= 0;
    });
    if (declared) return true;
  }
  return false;
}

/** What the zip of a spreadsheet tells before any parse. */
export interface SpreadsheetZipScan {
  /** Rows under the header when over the limit, else null (within it, or not known: the full read decides). */
  rowsOver: number | null;
  /** An XML part declares a document type (see declaresDocumentType). */
  declaresDocumentType: boolean;
}

/**
 * Reads a spreadsheet's zip before any parse (issues 16 and 17): how many recipient rows it holds beyond `limit`
 * — a 100,000-row file is refused in a fraction of the time SheetJS would take to read it whole — and whether it
 * declares a document type. Rows are counted when any cell holds a value, so blank rows never count.
 * `onDeclared` hears the last row an xlsx sheet's <dimension> declares (header included) as soon as it is read,
 * long before the count ends: only a claim, which the count then confirms or not.
 */
export async function scanSpreadsheetZip(
  data: Uint8Array,
  limit: number,
  onDeclared: (lastRow: number) => void = () => undefined,
): Promise<SpreadsheetZipScan> {
  const parts = zipParts(data);
  if (!parts) return { rowsOver: null, declaresDocumentType: false };
  if (await declaresDocumentType(data, parts)) return { rowsOver: null, declaresDocumentType: true };
  const withHeader = parts.has('xl/workbook.xml')
    ? await countXlsxRows(data, parts, limit, onDeclared)
    : await countOdsRows(data, parts);
  const rows = withHeader === null ? 0 : withHeader - 1;
  return { rowsOver: rows > limit ? rows : null, declaresDocumentType: false };
}

/** How many recipient rows a spreadsheet holds beyond `limit`, or null (see scanSpreadsheetZip). */
export async function rowsOverLimit(data: Uint8Array, limit: number): Promise<number | null> {
  return (await scanSpreadsheetZip(data, limit)).rowsOver;
}

/** Why the import refuses a file from its zip scan (the same answers as the parse's failures), or null. */
export type ScanRefusal = { ok: false; code: 'ERR_UNEXPECTED'; detail: string } | { ok: false; errors: ImportError[] };

/** The refusal a zip scan calls for: a document type declared, or more rows than `limit`; null for neither. */
export function scanRefusal(scan: SpreadsheetZipScan, limit: number): ScanRefusal | null {
  if (scan.declaresDocumentType) return { ok: false, code: 'ERR_UNEXPECTED', detail: 'document type declaration' };
  if (scan.rowsOver !== null)
    return { ok: false, errors: [importError('ERR_TOO_MANY_ROWS', [`${scan.rowsOver} > ${limit}`])] };
  return null;
}
