import {
  readZipDirectory,
  ZIP_END_SIGNATURE,
  ZIP_ENTRY_SIGNATURE,
  ZIP_LOCAL_SIGNATURE,
  zipLocalDataStart,
} from '../../domain/import/zipDirectory';
import { nativeInflateReader } from './nativeInflate';

/**
 * SheetJS inflates a workbook's zip with its own JavaScript inflate, which in a fresh Web Worker (its code not yet
 * optimised) took more than half of the read of a 10,000-row file (CPU profile of the import worker, issue 16
 * point 3). The platform's DecompressionStream (native zlib) does the same in a few milliseconds: the worker
 * inflates the parts with it and hands SheetJS the same zip with every part stored, which SheetJS only slices.
 * Anything unusual (a method other than stored or deflated, a data descriptor, sizes that disagree, a broken
 * deflate stream, encryption) answers null, and SheetJS reads the file as it is, with its own errors.
 */

interface Part {
  /** the name's bytes, as the zip has them */
  name: Uint8Array;
  method: number;
  time: number;
  date: number;
  crc: number;
  /** the part's data in the zip */
  data: Uint8Array;
  /** its size once inflated, as the zip declares it */
  size: number;
}

function partsOf(bytes: Uint8Array): Part[] | null {
  const entries = readZipDirectory(bytes);
  if (!entries) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const parts: Part[] = [];
  for (const entry of entries) {
    const { flags, method, compressedSize: compressed, uncompressedSize: size, localOffset: local } = entry;
    // encrypted (bit 0), strong encryption (bit 6), masked headers (bit 13), sizes after the data (bit 3)
    if ((flags & 0x2049) !== 0 || (method !== 0 && method !== 8)) return null;
    const start = zipLocalDataStart(view, local);
    if (start === null) return null;
    // SheetJS trusts the local header: it must say the same
    if (
      view.getUint16(local + 8, true) !== method ||
      view.getUint32(local + 18, true) !== compressed ||
      view.getUint32(local + 22, true) !== size
    )
      return null;
    if (method === 0 && compressed !== size) return null;
    if (start + compressed > bytes.length) return null;
    parts.push({
      name: bytes.subarray(entry.nameStart, entry.nameStart + entry.nameLength),
      method,
      time: entry.time,
      date: entry.date,
      crc: entry.crc,
      data: bytes.subarray(start, start + compressed),
      size,
    });
  }
  return parts;
}

/** The part's bytes inflated natively, or null when they are not exactly `size` bytes of a sound deflate stream. */
async function inflate(data: Uint8Array, size: number): Promise<Uint8Array | null> {
  const reader = nativeInflateReader(data);
  const out = new Uint8Array(size);
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      // more than declared: SheetJS refuses the size, and a bomb never fills memory here
      if (length + value.length > size) {
        void reader.cancel().catch(() => undefined);
        return null;
      }
      out.set(value, length);
      length += value.length;
    }
  } catch {
    return null;
  }
  return length === size ? out : null;
}

/**
 * The zip with each deflated part inflated by the platform and stored (method 0), in the same order with the
 * same names, dates and checksums; null when anything is unusual (SheetJS then reads the original). The caller
 * has checked the zip's bounds first (checkImportFileContent refuses a zip bomb before this).
 */
export async function inflateZip(bytes: Uint8Array): Promise<Uint8Array | null> {
  if (typeof DecompressionStream === 'undefined') return null;
  const parts = partsOf(bytes);
  if (!parts || parts.length === 0) return null;
  const contents = await Promise.all(
    parts.map((part) => (part.method === 0 ? Promise.resolve(part.data) : inflate(part.data, part.size))),
  );
  if (contents.some((content) => content === null)) return null;
  let total = 22;
  parts.forEach((part, i) => {
    total += 30 + 46 + 2 * part.name.length + (contents[i] as Uint8Array).length;
  });
  if (total > 0xffffffff) return null;
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  const locals: number[] = [];
  let at = 0;
  parts.forEach((part, i) => {
    const content = contents[i] as Uint8Array;
    locals.push(at);
    view.setUint32(at, ZIP_LOCAL_SIGNATURE, true);
    view.setUint16(at + 4, 20, true);
    view.setUint16(at + 8, 0, true);
    view.setUint16(at + 10, part.time, true);
    view.setUint16(at + 12, part.date, true);
    view.setUint32(at + 14, part.crc, true);
    view.setUint32(at + 18, content.length, true);
    view.setUint32(at + 22, content.length, true);
    view.setUint16(at + 26, part.name.length, true);
    out.set(part.name, at + 30);
    out.set(content, at + 30 + part.name.length);
    at += 30 + part.name.length + content.length;
  });
  const directory = at;
  parts.forEach((part, i) => {
    const size = (contents[i] as Uint8Array).length;
    view.setUint32(at, ZIP_ENTRY_SIGNATURE, true);
    view.setUint16(at + 4, 20, true);
    view.setUint16(at + 6, 20, true);
    view.setUint16(at + 12, part.time, true);
    view.setUint16(at + 14, part.date, true);
    view.setUint32(at + 16, part.crc, true);
    view.setUint32(at + 20, size, true);
    view.setUint32(at + 24, size, true);
    view.setUint16(at + 28, part.name.length, true);
    view.setUint32(at + 42, locals[i], true);
    out.set(part.name, at + 46);
    at += 46 + part.name.length;
  });
  view.setUint32(at, ZIP_END_SIGNATURE, true);
  view.setUint16(at + 8, parts.length, true);
  view.setUint16(at + 10, parts.length, true);
  view.setUint32(at + 12, at - directory, true);
  view.setUint32(at + 16, directory, true);
  return out;
}
