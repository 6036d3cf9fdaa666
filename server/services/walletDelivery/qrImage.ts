import { crc32, deflateSync } from 'node:zlib';
import qrcode from 'qrcode-generator';

/** Blank modules around the code, as the QR specification asks (readers need the quiet zone). */
const QUIET_ZONE = 4;

function pngChunk(type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return chunk;
}

/**
 * `text` as a QR code in a PNG (8-bit greyscale, black on white, `scale` pixels per module): what a mail carries
 * as an inline attachment and the public page as a data URI. Written here rather than drawn by resvg: a QR code
 * is a grid of squares, and the mail job then loads no native renderer.
 */
export function qrPng(text: string, scale = 6): Buffer {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const modules = qr.getModuleCount();
  const size = (modules + 2 * QUIET_ZONE) * scale;
  // one filter byte (0: none) then one byte per pixel, per row
  const raw = Buffer.alloc(size * (size + 1), 0xff);
  for (let y = 0; y < size; y++) {
    raw[y * (size + 1)] = 0;
    const row = Math.floor(y / scale) - QUIET_ZONE;
    if (row < 0 || row >= modules) continue;
    for (let x = 0; x < size; x++) {
      const column = Math.floor(x / scale) - QUIET_ZONE;
      if (column >= 0 && column < modules && qr.isDark(row, column)) raw[y * (size + 1) + 1 + x] = 0;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
