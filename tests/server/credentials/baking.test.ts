import fs from 'node:fs';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { bakePng, bakeSvg, unbakePng, unbakeSvg } from '../../../server/services/credentials/baking';
import { issueOpenBadgeCredential } from '../../../server/services/credentials/openBadgeCredential';
import { credentialInput, memoryIssuerKey } from './fixtures';

// Pure image handling: no database, so this file does not run per database.

/** CRC-32 as the PNG specification writes it (annex D), independent of the one the module uses. */
function referenceCrc(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + body.length);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(referenceCrc(body), 4 + body.length);
  return out;
}

/** A 2×2 RGBA PNG with a tEXt chunk, made by hand. */
function smallPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(2, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.from([0, 255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 0, 255, 255, 0, 255, 255, 255, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('tEXt', Buffer.from('Software\0Laurel tests', 'latin1')),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every chunk of a PNG, checked with the reference CRC. */
function readChunks(png: Buffer): { type: string; data: Buffer; crcOk: boolean }[] {
  const chunks = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const body = png.subarray(offset + 4, offset + 8 + length);
    chunks.push({
      type: body.toString('latin1', 0, 4),
      data: body.subarray(4),
      crcOk: referenceCrc(body) === png.readUInt32BE(offset + 8 + length),
    });
    offset += 12 + length;
  }
  return chunks;
}

async function signedCredential(overrides = {}) {
  return issueOpenBadgeCredential(credentialInput(overrides), memoryIssuerKey().signer);
}

describe('PNG baking', () => {
  it('round-trips the signed credential through an iTXt chunk with a correct CRC, before IEND', async () => {
    const credential = await signedCredential();
    const original = smallPng();
    const baked = bakePng(original, credential);
    const chunks = readChunks(baked);
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'tEXt', 'IDAT', 'iTXt', 'IEND']);
    expect(chunks.every((c) => c.crcOk)).toBe(true);
    const itxt = chunks[3].data;
    // keyword, NUL, compression flag 0, method 0, empty language tag NUL, empty translated keyword NUL, UTF-8 text
    expect(itxt.subarray(0, 24).toString('latin1')).toBe('openbadgecredential\0\0\0\0\0');
    expect(JSON.parse(itxt.subarray(24).toString('utf8'))).toEqual(credential);
    expect(JSON.parse(unbakePng(baked) ?? 'null')).toEqual(credential);
    // The image data is untouched.
    expect(chunks[2].data).toEqual(readChunks(original)[2].data);
  });

  it('keeps non-ASCII text intact and replaces a credential already baked (one chunk only)', async () => {
    const first = await signedCredential();
    const second = await signedCredential({
      achievement: { ...credentialInput().achievement, name: 'Évaluation ✓ 中文 ]]>' },
    });
    const rebaked = bakePng(bakePng(smallPng(), first), second);
    expect(readChunks(rebaked).filter((c) => c.type === 'iTXt')).toHaveLength(1);
    expect(JSON.parse(unbakePng(rebaked) ?? 'null')).toEqual(second);
  });

  it('reads a compressed iTXt chunk written by another tool, and answers null for an unbaked image', () => {
    const data = Buffer.concat([
      Buffer.from('openbadgecredential\0\x01\0en\0\0', 'latin1'),
      deflateSync(Buffer.from('header.payload.signature')),
    ]);
    const png = smallPng();
    const foreign = Buffer.concat([
      png.subarray(0, png.length - 12),
      chunk('iTXt', data),
      png.subarray(png.length - 12),
    ]);
    expect(unbakePng(foreign)).toBe('header.payload.signature');
    expect(unbakePng(smallPng())).toBeNull();
  });

  it('refuses what is not a sound PNG', () => {
    expect(() => bakePng(Buffer.from('GIF89a'), {})).toThrow(/not a PNG/);
    const png = smallPng();
    expect(() => unbakePng(png.subarray(0, png.length - 5))).toThrow(/truncated/);
    const corrupt = Buffer.from(png);
    corrupt[20] ^= 0xff;
    expect(() => unbakePng(corrupt)).toThrow(/CRC/);
  });
});

describe('SVG baking', () => {
  const favicon = fs.readFileSync(new URL('../../../public/favicon.svg', import.meta.url), 'utf8');

  it('adds the namespace and the credential element right after the root tag, and reads it back', async () => {
    const credential = await signedCredential();
    const baked = bakeSvg(favicon, credential);
    expect(baked).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 64 64" xmlns:openbadges="https:\/\/purl.imsglobal.org\/ob\/v3p0"><openbadges:credential><!\[CDATA\[\{/,
    );
    expect(baked).toContain('</openbadges:credential><rect width="64"');
    expect(JSON.parse(unbakeSvg(baked) ?? 'null')).toEqual(credential);
  });

  it('survives "]]>" and markup in the JSON, an XML declaration, a self-closing root and re-baking', async () => {
    const credential = await signedCredential({
      achievement: {
        ...credentialInput().achievement,
        name: 'a]]>b <openbadges:credential> & </openbadges:credential> </svg>',
      },
    });
    const svg =
      '<?xml version="1.0" encoding="UTF-8"?>\n<!-- a badge -->\n<svg xmlns="http://www.w3.org/2000/svg" data-x="a>b"/>';
    const baked = bakeSvg(svg, credential);
    expect(baked.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<!-- a badge -->\n<svg ')).toBe(true);
    expect(baked.endsWith('</openbadges:credential></svg>')).toBe(true);
    expect(JSON.parse(unbakeSvg(baked) ?? 'null')).toEqual(credential);
    const other = await signedCredential();
    const rebaked = bakeSvg(baked, other);
    expect(rebaked.match(/<openbadges:credential>/g)).toHaveLength(1);
    expect(rebaked.match(/xmlns:openbadges=/g)).toHaveLength(1);
    expect(JSON.parse(unbakeSvg(rebaked) ?? 'null')).toEqual(other);
  });

  it('reads the forms other issuers bake: a verify attribute, another prefix, escaped text', () => {
    const jws = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:openbadges="https://purl.imsglobal.org/ob/v3p0"><openbadges:credential verify="header.payload.signature"></openbadges:credential></svg>`;
    expect(unbakeSvg(jws)).toBe('header.payload.signature');
    const prefixed = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:ob='https://purl.imsglobal.org/ob/v3p0'>\n  <ob:credential>\n  {"name": "a &amp; b &#233;"}\n  </ob:credential></svg>`;
    expect(JSON.parse(unbakeSvg(prefixed) ?? 'null')).toEqual({ name: 'a & b é' });
    expect(unbakeSvg(favicon)).toBeNull();
    expect(() => bakeSvg('<html></html>', {})).toThrow(/not an SVG/);
  });
});
