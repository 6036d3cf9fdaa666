import JSZip from 'jszip';

/** What a row count needs from a jszip file stream (jszip's StreamHelper). */
interface TextStream {
  on(event: 'data', listener: (chunk: string) => void): TextStream;
  on(event: 'end', listener: () => void): TextStream;
  on(event: 'error', listener: (error: Error) => void): TextStream;
  resume(): TextStream;
  pause(): TextStream;
}

/**
 * Reads the text of a zip entry chunk by chunk, handing `onTags` only whole tags (a tag cut between two chunks
 * waits for the next one); `onTags` answers true to stop reading.
 */
function scanTags(stream: TextStream, onTags: (text: string) => boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    let carry = '';
    let stopped = false;
    stream
      .on('data', (chunk) => {
        if (stopped) return;
        const text = carry + chunk;
        const open = text.lastIndexOf('<');
        const whole = open >= 0 && text.indexOf('>', open) < 0 ? open : text.length;
        carry = text.slice(whole);
        if (onTags(text.slice(0, whole))) {
          stopped = true;
          stream.pause();
          resolve();
        }
      })
      .on('end', () => {
        if (!stopped) onTags(carry);
        resolve();
      })
      .on('error', reject)
      .resume();
  });
}

/** An entry's text, inflated chunk by chunk (jszip's internal stream: its public streams are Node's only). */
function textStream(entry: JSZip.JSZipObject): TextStream {
  return (entry as unknown as { internalStream(type: 'string'): TextStream }).internalStream('string');
}

/** The path of the workbook's first sheet in an .xlsx/.xlsm zip. */
async function firstSheetPath(zip: JSZip): Promise<string | null> {
  const workbook = await zip.file('xl/workbook.xml')?.async('string');
  const relationId = workbook?.match(/<sheet\b[^>]*\br:id="([^"]+)"/)?.[1];
  const relations = await zip.file('xl/_rels/workbook.xml.rels')?.async('string');
  const relation = relations?.match(new RegExp(`<Relationship\\b[^>]*\\bId="${relationId}"[^>]*>`))?.[0];
  const target = relation?.match(/\bTarget="([^"]+)"/)?.[1];
  if (target) return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  return zip.file(/^xl\/worksheets\/sheet\d+\.xml$/)[0]?.name ?? null;
}

/**
 * Rows holding a value in an xlsx sheet (`<row>` elements with a `<v>` or inline `<is>` value, no cell read). The
 * streamed count is the authority (issue 17): a <dimension> declaring A1:C5 may sit over a million rows, so a
 * sheet within the limit is always read to its end. Past the limit the count stops; the dimension then gives the
 * figure when it covers the rows counted, else the count so far (at least that many rows).
 */
async function countXlsxRows(zip: JSZip, limit: number): Promise<number | null> {
  const sheetPath = await firstSheetPath(zip);
  const entry = sheetPath ? zip.file(sheetPath) : null;
  if (!entry) return null;
  let rows = 0;
  let rowHasValue = false;
  let beforeRows = true;
  let lastRow: number | null = null;
  await scanTags(textStream(entry), (text) => {
    if (beforeRows) {
      const declared = text.match(/<dimension\b[^>]*\bref="[A-Z]*\d*(?::[A-Z]*(\d+))?"/)?.[1];
      if (declared) lastRow = Number(declared);
      if (/<sheetData\b/.test(text)) beforeRows = false;
    }
    for (const [tag] of text.matchAll(/<(?:row|v|is)[\s>/]/g)) {
      if (tag.startsWith('<row')) {
        if (rowHasValue) rows += 1;
        rowHasValue = false;
      } else rowHasValue = true;
    }
    // without a dimension the count goes on to the end, for the exact figure
    return lastRow !== null && rows - 1 > limit;
  });
  if (lastRow !== null && rows - 1 > limit) return Math.max(lastRow, rows);
  return rowHasValue ? rows + 1 : rows;
}

/**
 * Rows holding a value in the first table of an OpenDocument spreadsheet (content.xml): a row with a paragraph
 * counts as many times as it is repeated; the count stops at the end of the first table.
 */
async function countOdsRows(zip: JSZip): Promise<number | null> {
  const entry = zip.file('content.xml');
  if (!entry) return null;
  let rows = 0;
  let repeat = 0;
  let rowHasValue = false;
  const endRow = () => {
    if (rowHasValue) rows += repeat;
    rowHasValue = false;
  };
  await scanTags(textStream(entry), (text) => {
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
 * SheetJS even though it expands none. Only each part's prolog is read: the first chunk up to its root element.
 */
async function declaresDocumentType(zip: JSZip): Promise<boolean> {
  for (const entry of zip.file(/\.(xml|rels)$/i)) {
    let declared = false;
    await scanTags(textStream(entry), (text) => {
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
 */
export async function scanSpreadsheetZip(data: Uint8Array, limit: number): Promise<SpreadsheetZipScan> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch {
    return { rowsOver: null, declaresDocumentType: false };
  }
  if (await declaresDocumentType(zip)) return { rowsOver: null, declaresDocumentType: true };
  const withHeader = zip.file('xl/workbook.xml') ? await countXlsxRows(zip, limit) : await countOdsRows(zip);
  const rows = withHeader === null ? 0 : withHeader - 1;
  return { rowsOver: rows > limit ? rows : null, declaresDocumentType: false };
}

/** How many recipient rows a spreadsheet holds beyond `limit`, or null (see scanSpreadsheetZip). */
export async function rowsOverLimit(data: Uint8Array, limit: number): Promise<number | null> {
  return (await scanSpreadsheetZip(data, limit)).rowsOver;
}
