import { deflateSync } from 'node:zlib';

/**
 * Images whose header states a size far beyond what their bytes suggest, as an attacker would send them:
 * complete flat PNGs (a 12,000 × 12,000 one weighs about 170 KB and takes two seconds to make), and the
 * headers alone of JPEG, GIF and WebP pictures.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The IHDR chunk of an 8-bit greyscale PNG of width × height. */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([PNG_SIGNATURE, chunk('IHDR', ihdr)]);
}

/**
 * A complete, decodable greyscale PNG of width × height. The pixel data is deflated as a whole (level 9
 * shrinks a flat picture about 1,000 times), so a 12,000 × 12,000 picture weighs about 140 KB; `shade`
 * draws a diagonal so that a scaled copy is not flat.
 */
export function flatPng(width: number, height: number, shade = false): Buffer {
  const row = width + 1;
  const raw = Buffer.alloc(row * height, 0x80);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0; // filter: none
    if (shade) raw[y * row + 1 + Math.floor((y * width) / height)] = 0;
  }
  return Buffer.concat([
    pngHeader(width, height),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** The start of a baseline JPEG whose frame states width × height, and nothing after (a forged header). */
export function jpegHeader(width: number, height: number): Buffer {
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0, 0, 0, 0, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  sof.writeUInt16BE(height, 5);
  sof.writeUInt16BE(width, 7);
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.from([0xff, 0xd9])]);
}

/** A GIF's header and logical screen stating width × height, then a trailer. */
export function gifHeader(width: number, height: number): Buffer {
  const screen = Buffer.alloc(7);
  screen.writeUInt16LE(width, 0);
  screen.writeUInt16LE(height, 2);
  return Buffer.concat([Buffer.from('GIF89a', 'ascii'), screen, Buffer.from([0x3b])]);
}

/** A WebP's RIFF header with a VP8X chunk stating a canvas of width × height. */
export function webpHeader(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(10);
  vp8x.writeUIntLE(width - 1, 4, 3);
  vp8x.writeUIntLE(height - 1, 7, 3);
  const body = Buffer.concat([Buffer.from('WEBPVP8X', 'ascii'), Buffer.from([10, 0, 0, 0]), vp8x]);
  const riff = Buffer.alloc(8);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}
