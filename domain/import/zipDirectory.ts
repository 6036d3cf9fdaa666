/**
 * The one reader of a zip's central directory (APPNOTE 4.3.12 and 4.3.16): the end record, then each entry's name,
 * flags, method, sizes and where its local header is. It reads and checks nothing else; what an entry may be is for
 * each caller to decide: the import's content check (domain/import/files.ts: zip bombs, encryption, ZIP64), the
 * worker that inflates a workbook natively (src/workers/inflateZip.ts) and the row count (src/workers/sheetRowCount.ts).
 * Pure: used by the web app's workers and by the server. Hostile files come here, so every read stays in bounds.
 */

/** The signatures of a local header, a central directory entry and the end of central directory record. */
export const ZIP_LOCAL_SIGNATURE = 0x04034b50;
export const ZIP_ENTRY_SIGNATURE = 0x02014b50;
export const ZIP_END_SIGNATURE = 0x06054b50;

/** What the end of central directory record says. */
export interface ZipEnd {
  /** entries in the directory (in all, whatever the disk) */
  entries: number;
  /** where the directory starts */
  directory: number;
}

/** An entry of the central directory, its fields as the zip has them. */
export interface ZipDirectoryEntry {
  /** where the name's bytes are in the zip, and how many (numbers: no view of the bytes kept per entry) */
  nameStart: number;
  nameLength: number;
  /** the name read as UTF-8 (bytes that are no UTF-8 become U+FFFD) */
  name: string;
  /** general purpose flags: bit 0 encrypted, bit 3 sizes after the data, bit 6 strong encryption, bit 13 masked */
  flags: number;
  /** 0 stored, 8 deflated, anything else */
  method: number;
  /** MS-DOS time and date */
  time: number;
  date: number;
  crc: number;
  /** bytes of data in the zip */
  compressedSize: number;
  /** bytes once unpacked, as the directory declares */
  uncompressedSize: number;
  /** where the entry's local header is said to be (not checked here: see zipLocalDataStart) */
  localOffset: number;
}

const END_LENGTH = 22;
const ENTRY_LENGTH = 46;
const LOCAL_LENGTH = 30;

/**
 * The end of central directory record, searched from the end of the bytes back over a comment of up to 65,535
 * bytes; null when there is none.
 */
export function zipEnd(bytes: Uint8Array): ZipEnd | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = bytes.length - END_LENGTH;
  const stop = Math.max(0, end - 0xffff);
  while (end >= stop && view.getUint32(end, true) !== ZIP_END_SIGNATURE) end--;
  if (end < stop) return null;
  return { entries: view.getUint16(end + 10, true), directory: view.getUint32(end + 16, true) };
}

/** 0xFFFF entries or the directory at 0xFFFFFFFF: the real figures are in a ZIP64 record (not read here). */
export function endNeedsZip64(end: ZipEnd): boolean {
  return end.entries === 0xffff || end.directory === 0xffffffff;
}

/** The entries the end record announces, in order; null when one of them is not where the directory says. */
export function zipDirectoryEntries(bytes: Uint8Array, end: ZipEnd): ZipDirectoryEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const decoder = new TextDecoder();
  const entries: ZipDirectoryEntry[] = [];
  let offset = end.directory;
  for (let i = 0; i < end.entries; i++) {
    if (offset + ENTRY_LENGTH > bytes.length || view.getUint32(offset, true) !== ZIP_ENTRY_SIGNATURE) return null;
    const nameLength = view.getUint16(offset + 28, true);
    const nameStart = offset + ENTRY_LENGTH;
    entries.push({
      nameStart,
      nameLength,
      name: decoder.decode(bytes.subarray(nameStart, nameStart + nameLength)),
      flags: view.getUint16(offset + 8, true),
      method: view.getUint16(offset + 10, true),
      time: view.getUint16(offset + 12, true),
      date: view.getUint16(offset + 14, true),
      crc: view.getUint32(offset + 16, true),
      compressedSize: view.getUint32(offset + 20, true),
      uncompressedSize: view.getUint32(offset + 24, true),
      localOffset: view.getUint32(offset + 42, true),
    });
    offset += ENTRY_LENGTH + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return entries;
}

/** The entries of a zip's central directory (zipEnd then zipDirectoryEntries), null when it cannot be read. */
export function readZipDirectory(bytes: Uint8Array): ZipDirectoryEntry[] | null {
  const end = zipEnd(bytes);
  return end && zipDirectoryEntries(bytes, end);
}

/**
 * Where an entry's data starts: after the local header at `localOffset`, its name and its extra field; null when
 * no local header is there. `view` covers the zip's bytes. The data's end is for the caller to check.
 */
export function zipLocalDataStart(view: DataView, localOffset: number): number | null {
  if (localOffset + LOCAL_LENGTH > view.byteLength || view.getUint32(localOffset, true) !== ZIP_LOCAL_SIGNATURE)
    return null;
  return localOffset + LOCAL_LENGTH + view.getUint16(localOffset + 26, true) + view.getUint16(localOffset + 28, true);
}
