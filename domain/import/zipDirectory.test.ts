import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import {
  endNeedsZip64,
  readZipDirectory,
  zipDirectoryEntries,
  zipEnd,
  zipLocalDataStart,
  type ZipDirectoryEntry,
} from './zipDirectory';

interface Entry {
  name: string;
  data: string;
  flags?: number;
  method?: number;
  /** bytes of extra field in the local header and in the directory */
  extra?: number;
}

/** A zip written by hand, entries stored, so that each field is known: a comment may follow the end record. */
function zip(entries: Entry[], comment = ''): Uint8Array {
  const encoder = new TextEncoder();
  const chunks: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let at = 0;
  entries.forEach(({ name, data, flags = 0, method = 0, extra = 0 }, i) => {
    const nameBytes = encoder.encode(name);
    const content = encoder.encode(data);
    const local = new Uint8Array(30 + nameBytes.length + extra + content.length);
    const view = new DataView(local.buffer);
    view.setUint32(0, 0x04034b50, true);
    view.setUint16(6, flags, true);
    view.setUint16(8, method, true);
    view.setUint32(18, content.length, true);
    view.setUint32(22, content.length, true);
    view.setUint16(26, nameBytes.length, true);
    view.setUint16(28, extra, true);
    local.set(nameBytes, 30);
    local.set(content, 30 + nameBytes.length + extra);
    const record = new Uint8Array(46 + nameBytes.length + extra);
    const entry = new DataView(record.buffer);
    entry.setUint32(0, 0x02014b50, true);
    entry.setUint16(8, flags, true);
    entry.setUint16(10, method, true);
    entry.setUint16(12, 0x6000 + i, true);
    entry.setUint16(14, 0x5b7a, true);
    entry.setUint32(16, 0xdeadbeef - i, true);
    entry.setUint32(20, content.length, true);
    entry.setUint32(24, content.length * 3, true);
    entry.setUint16(28, nameBytes.length, true);
    entry.setUint16(30, extra, true);
    entry.setUint32(42, at, true);
    record.set(nameBytes, 46);
    chunks.push(local);
    directory.push(record);
    at += local.length;
  });
  const directorySize = directory.reduce((total, record) => total + record.length, 0);
  const commentBytes = encoder.encode(comment);
  const end = new Uint8Array(22 + commentBytes.length);
  const view = new DataView(end.buffer);
  view.setUint32(0, 0x06054b50, true);
  view.setUint16(8, entries.length, true);
  view.setUint16(10, entries.length, true);
  view.setUint32(12, directorySize, true);
  view.setUint32(16, at, true);
  view.setUint16(20, commentBytes.length, true);
  end.set(commentBytes, 22);
  const out = new Uint8Array(at + directorySize + end.length);
  let offset = 0;
  for (const chunk of [...chunks, ...directory, end]) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function viewOf(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** An entry's data, found from its local header. */
function dataOf(bytes: Uint8Array, entry: ZipDirectoryEntry): string | null {
  const start = zipLocalDataStart(viewOf(bytes), entry.localOffset);
  return start === null ? null : new TextDecoder().decode(bytes.subarray(start, start + entry.compressedSize));
}

describe('the central directory of a zip', () => {
  it('reads every entry in order: name, flags, method, time, date, checksum, sizes, local header', () => {
    const bytes = zip([
      { name: 'mimetype', data: 'application/vnd.oasis.opendocument.spreadsheet' },
      { name: 'content.xml', data: '<office:document-content/>', method: 8, extra: 9 },
    ]);
    const entries = readZipDirectory(bytes) as ZipDirectoryEntry[];
    // the directory follows the two local headers and their data (the second with 9 bytes of extra field)
    const directory = 30 + 8 + 46 + (30 + 11 + 9 + 26);
    expect(entries).toEqual([
      {
        name: 'mimetype',
        nameStart: directory + 46,
        nameLength: 8,
        flags: 0,
        method: 0,
        time: 0x6000,
        date: 0x5b7a,
        crc: 0xdeadbeef,
        compressedSize: 46,
        uncompressedSize: 138,
        localOffset: 0,
      },
      {
        name: 'content.xml',
        nameStart: directory + 46 + 8 + 46,
        nameLength: 11,
        flags: 0,
        method: 8,
        time: 0x6001,
        date: 0x5b7a,
        crc: 0xdeadbeee,
        compressedSize: 26,
        uncompressedSize: 78,
        localOffset: 30 + 8 + 46,
      },
    ]);
    expect(entries.map((entry) => dataOf(bytes, entry))).toEqual([
      'application/vnd.oasis.opendocument.spreadsheet',
      '<office:document-content/>',
    ]);
  });

  it('reads the zip SheetJS writes, its parts where their local headers say', () => {
    const sheet = XLSX.utils.aoa_to_sheet([
      ['language', 'ID'],
      ['en', 1],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Recipients');
    const bytes = new Uint8Array(XLSX.write(book, { type: 'array', bookType: 'xlsx', compression: false }));
    const entries = readZipDirectory(bytes) as ZipDirectoryEntry[];
    expect(entries.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['[Content_Types].xml', 'xl/workbook.xml']),
    );
    const workbook = entries.find((entry) => entry.name === 'xl/workbook.xml') as ZipDirectoryEntry;
    expect(dataOf(bytes, workbook)).toContain('<sheet name="Recipients"');
  });

  it('reads an empty zip as no entries, and the same slice of a larger buffer', () => {
    expect(readZipDirectory(zip([]))).toEqual([]);
    const bytes = zip([{ name: 'a.txt', data: 'hello' }]);
    const padded = new Uint8Array(bytes.length + 20);
    padded.set(bytes, 10);
    const entries = readZipDirectory(padded.subarray(10, 10 + bytes.length)) as ZipDirectoryEntry[];
    expect(entries.map((entry) => entry.name)).toEqual(['a.txt']);
    expect(dataOf(padded.subarray(10, 10 + bytes.length), entries[0])).toBe('hello');
  });

  it('finds the end record behind a comment, but not behind more than 65,535 bytes', () => {
    const commented = zip([{ name: 'a.txt', data: 'hello' }], 'made by hand');
    expect(readZipDirectory(commented)?.map((entry) => entry.name)).toEqual(['a.txt']);
    const longest = zip([{ name: 'a.txt', data: 'hello' }], 'x'.repeat(0xffff));
    expect(readZipDirectory(longest)?.map((entry) => entry.name)).toEqual(['a.txt']);
    const bytes = zip([{ name: 'a.txt', data: 'hello' }]);
    const buried = new Uint8Array(bytes.length + 0x10000);
    buried.set(bytes);
    expect(zipEnd(buried)).toBeNull();
  });

  it('reads nothing from bytes that are no zip, too short, or cut', () => {
    expect(readZipDirectory(new Uint8Array(0))).toBeNull();
    expect(readZipDirectory(new Uint8Array(21))).toBeNull();
    expect(readZipDirectory(new TextEncoder().encode('language,ID\nen,1\n'))).toBeNull();
    const bytes = zip([
      { name: 'a.txt', data: 'hello' },
      { name: 'b.txt', data: 'world' },
    ]);
    // the end record cut off
    expect(readZipDirectory(bytes.subarray(0, bytes.length - 1))).toBeNull();
    // the start of the file cut off: the directory is no longer where the end record says
    expect(readZipDirectory(bytes.subarray(5))).toBeNull();
    // an entry record overwritten
    const broken = bytes.slice();
    const end = zipEnd(broken) as { directory: number };
    broken[end.directory + 46 + 5] = 0;
    expect(readZipDirectory(broken)).toBeNull();
  });

  it('tells an end record that needs ZIP64, without refusing it itself', () => {
    const bytes = zip([{ name: 'a.txt', data: 'hello' }]);
    expect(endNeedsZip64(zipEnd(bytes) as NonNullable<ReturnType<typeof zipEnd>>)).toBe(false);
    const entries = bytes.slice();
    new DataView(entries.buffer).setUint16(entries.length - 22 + 10, 0xffff, true);
    const manyEnd = zipEnd(entries) as NonNullable<ReturnType<typeof zipEnd>>;
    expect(manyEnd.entries).toBe(0xffff);
    expect(endNeedsZip64(manyEnd)).toBe(true);
    // the directory holds one entry, not 65,535
    expect(zipDirectoryEntries(entries, manyEnd)).toBeNull();
    const offset = bytes.slice();
    new DataView(offset.buffer).setUint32(offset.length - 22 + 16, 0xffffffff, true);
    const farEnd = zipEnd(offset) as NonNullable<ReturnType<typeof zipEnd>>;
    expect(endNeedsZip64(farEnd)).toBe(true);
    expect(zipDirectoryEntries(offset, farEnd)).toBeNull();
  });

  it('gives the flags as they are: encryption, data descriptors', () => {
    const bytes = zip([
      { name: 'locked.xml', data: 'secret', flags: 0x0001 },
      { name: 'streamed.xml', data: '<a/>', flags: 0x0008, method: 8 },
      { name: 'strong.xml', data: 'x', flags: 0x0041 },
    ]);
    const entries = readZipDirectory(bytes) as ZipDirectoryEntry[];
    expect(entries.map((entry) => [entry.name, entry.flags])).toEqual([
      ['locked.xml', 0x0001],
      ['streamed.xml', 0x0008],
      ['strong.xml', 0x0041],
    ]);
    // the directory's sizes hold even when the local header's come after the data
    expect(entries[1].compressedSize).toBe(4);
  });

  it('reads names as UTF-8, and keeps their bytes', () => {
    const bytes = zip([
      { name: 'reçu/élève.pdf', data: 'pdf' },
      { name: '証明書.png', data: 'png' },
    ]);
    const entries = readZipDirectory(bytes) as ZipDirectoryEntry[];
    expect(entries.map((entry) => entry.name)).toEqual(['reçu/élève.pdf', '証明書.png']);
    const { nameStart, nameLength } = entries[1];
    expect(new TextDecoder().decode(bytes.subarray(nameStart, nameStart + nameLength))).toBe('証明書.png');
    expect(nameLength).toBe(13);
    // bytes that are no UTF-8 do not stop the read
    const latin = bytes.slice();
    latin[(zipEnd(latin) as { directory: number }).directory + 46 + 2] = 0xe7;
    expect((readZipDirectory(latin) as ZipDirectoryEntry[])[0].name).toBe('re\ufffdu/élève.pdf');
  });

  it('reports an entry whose local header is outside the file, or not a local header, and leaves it to the caller', () => {
    const bytes = zip([
      { name: 'a.txt', data: 'hello' },
      { name: 'b.txt', data: 'world' },
    ]);
    const view = viewOf(bytes);
    const directory = (zipEnd(bytes) as { directory: number }).directory;
    // b.txt's local header said to be past the end, a.txt's in the middle of its data
    view.setUint32(directory + 46 + 5 + 42, bytes.length + 100, true);
    view.setUint32(directory + 42, 35, true);
    const entries = readZipDirectory(bytes) as ZipDirectoryEntry[];
    expect(entries.map((entry) => entry.localOffset)).toEqual([35, bytes.length + 100]);
    expect(zipLocalDataStart(view, entries[0].localOffset)).toBeNull();
    expect(zipLocalDataStart(view, entries[1].localOffset)).toBeNull();
    expect(zipLocalDataStart(view, bytes.length - 29)).toBeNull();
    expect(zipLocalDataStart(view, 0xffffffff)).toBeNull();
    // a name and extra field that run past the end: the start is given, its bounds are the caller's to check
    const long = zip([{ name: 'a.txt', data: 'hello', extra: 4 }]);
    new DataView(long.buffer).setUint16(28, 0xffff, true);
    expect(zipLocalDataStart(viewOf(long), 0)).toBe(30 + 5 + 0xffff);
  });
});
