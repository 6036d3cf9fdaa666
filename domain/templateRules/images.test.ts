import { describe, expect, it } from 'vitest';
import {
  acceptAttribute,
  checkDesignImage,
  checkDesignImageDataUrl,
  checkLogoBytes,
  checkLogoUpload,
  decodeBase64,
  DESIGN_IMAGE_MAX_BYTES,
  DESIGN_IMAGE_WARNING_BYTES,
  designImageDataUrl,
  encodeBase64,
  fitWithin,
  isAcceptedDesignImage,
  imageTypeOfMime,
  LOGO_TYPES,
  sniffImageType,
  UPLOAD_MAX_BYTES,
} from './images';

const BAD_TYPE = 'editBadge.upload-error-bad-type';
const TOO_LARGE = 'editBadge.upload-error-file-too-large';

const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);
const gif = new TextEncoder().encode('GIF89a\u0001\u0000');

function text(value: string): Uint8Array {
  return new TextEncoder().encode(value);
}

function sized(bytes: Uint8Array, size: number): Uint8Array {
  const padded = new Uint8Array(size);
  padded.set(bytes);
  return padded;
}

describe('accepted logo types', () => {
  it('follow the spec per logo', () => {
    expect(LOGO_TYPES).toEqual({
      badgeLogo: ['svg', 'png'],
      issuerLogo: ['png'],
      partnerLogo: ['jpeg', 'png'],
      registryLogo: ['svg', 'png'],
    });
  });

  it('give the file picker MIME types and extensions', () => {
    expect(acceptAttribute('badgeLogo')).toBe('image/svg+xml,.svg,image/png,.png');
    expect(acceptAttribute('partnerLogo')).toBe('image/jpeg,.jpg,.jpeg,image/png,.png');
    expect(acceptAttribute('issuerLogo')).toBe('image/png,.png');
  });

  it('read MIME types loosely: case, parameters, the non-standard image/jpg', () => {
    expect(imageTypeOfMime('IMAGE/PNG')).toBe('png');
    expect(imageTypeOfMime('image/svg+xml; charset=utf-8')).toBe('svg');
    expect(imageTypeOfMime('image/jpg')).toBe('jpeg');
    for (const mime of ['', null, undefined, 'image/gif', 'image/webp', 'application/octet-stream', 'image/svg'])
      expect(imageTypeOfMime(mime)).toBeNull();
  });
});

describe('checkLogoUpload (what the browser reports)', () => {
  it('accepts each logo’s own types and refuses the others', () => {
    expect(checkLogoUpload('badgeLogo', { type: 'image/svg+xml', size: 10 })).toBeNull();
    expect(checkLogoUpload('badgeLogo', { type: 'image/png', size: 10 })).toBeNull();
    expect(checkLogoUpload('badgeLogo', { type: 'image/jpeg', size: 10 })).toBe(BAD_TYPE);
    expect(checkLogoUpload('issuerLogo', { type: 'image/png', size: 10 })).toBeNull();
    expect(checkLogoUpload('issuerLogo', { type: 'image/svg+xml', size: 10 })).toBe(BAD_TYPE);
    expect(checkLogoUpload('issuerLogo', { type: 'image/jpeg', size: 10 })).toBe(BAD_TYPE);
    expect(checkLogoUpload('partnerLogo', { type: 'image/jpeg', size: 10 })).toBeNull();
    expect(checkLogoUpload('partnerLogo', { type: 'image/png', size: 10 })).toBeNull();
    expect(checkLogoUpload('partnerLogo', { type: 'image/svg+xml', size: 10 })).toBe(BAD_TYPE);
    expect(checkLogoUpload('registryLogo', { type: 'image/svg+xml', size: 10 })).toBeNull();
    expect(checkLogoUpload('registryLogo', { type: 'image/gif', size: 10 })).toBe(BAD_TYPE);
    expect(checkLogoUpload('registryLogo', { type: '', size: 10 })).toBe(BAD_TYPE);
  });

  it('accepts exactly 550 KB and refuses one byte more', () => {
    expect(UPLOAD_MAX_BYTES).toBe(563200);
    expect(checkLogoUpload('badgeLogo', { type: 'image/png', size: 563200 })).toBeNull();
    expect(checkLogoUpload('badgeLogo', { type: 'image/png', size: 563201 })).toBe(TOO_LARGE);
  });

  it('reports the wrong type before the size', () => {
    expect(checkLogoUpload('issuerLogo', { type: 'image/jpeg', size: 10_000_000 })).toBe(BAD_TYPE);
  });
});

describe('checkLogoBytes (what the server receives)', () => {
  it('judges by content', () => {
    expect(checkLogoBytes('issuerLogo', png)).toBeNull();
    expect(checkLogoBytes('issuerLogo', jpeg)).toBe(BAD_TYPE);
    expect(checkLogoBytes('badgeLogo', text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(checkLogoBytes('badgeLogo', gif)).toBe(BAD_TYPE);
  });

  it('refuses a file whose declared image type is not what it holds', () => {
    expect(checkLogoBytes('badgeLogo', jpeg, 'image/png')).toBe(BAD_TYPE);
    expect(checkLogoBytes('badgeLogo', text('<html></html>'), 'image/png')).toBe(BAD_TYPE);
    expect(checkLogoBytes('partnerLogo', png, 'image/jpeg')).toBe(BAD_TYPE);
    expect(checkLogoBytes('partnerLogo', png, 'image/png')).toBeNull();
  });

  it('leaves a generic declaration to the content', () => {
    expect(checkLogoBytes('partnerLogo', jpeg, 'application/octet-stream')).toBeNull();
    expect(checkLogoBytes('partnerLogo', jpeg, null)).toBeNull();
  });

  it('measures the bytes received', () => {
    expect(checkLogoBytes('badgeLogo', sized(png, UPLOAD_MAX_BYTES))).toBeNull();
    expect(checkLogoBytes('badgeLogo', sized(png, UPLOAD_MAX_BYTES + 1))).toBe(TOO_LARGE);
  });
});

describe('checkDesignImage', () => {
  it('takes PNG only', () => {
    expect(checkDesignImage({ type: 'image/png', size: 100 })).toBe('ok');
    expect(checkDesignImage({ type: 'image/jpeg', size: 100 })).toBe('bad_type');
    expect(checkDesignImage({ type: 'image/svg+xml', size: 100 })).toBe('bad_type');
  });

  it('warns above 75% of 50000 bytes and refuses above 50000', () => {
    expect(DESIGN_IMAGE_WARNING_BYTES).toBe(37500);
    expect(checkDesignImage({ type: 'image/png', size: 0 })).toBe('ok');
    expect(checkDesignImage({ type: 'image/png', size: 37500 })).toBe('ok');
    expect(checkDesignImage({ type: 'image/png', size: 37501 })).toBe('large');
    expect(checkDesignImage({ type: 'image/png', size: 50000 })).toBe('large');
    expect(checkDesignImage({ type: 'image/png', size: 50001 })).toBe('too_large');
  });
});

/** A PNG's signature followed by zeros, `size` bytes in all: what the content check reads. */
function pngOfSize(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  bytes.set(png);
  return bytes;
}

describe('base64', () => {
  it('encodes and decodes every padding case, as Buffer does', () => {
    for (const text of ['', 'a', 'ab', 'abc', 'abcd', 'é\u0000\u00ff']) {
      const bytes = Uint8Array.from(new TextEncoder().encode(text));
      const encoded = encodeBase64(bytes);
      expect(encoded).toBe(Buffer.from(bytes).toString('base64'));
      expect(decodeBase64(encoded)).toEqual(bytes);
    }
    const all = Uint8Array.from({ length: 256 }, (_, index) => index);
    expect(decodeBase64(encodeBase64(all))).toEqual(all);
  });

  it('decodes strict base64 only', () => {
    for (const text of ['abc', 'ab=c', 'a===', 'YWJj\n', 'YW Jj', 'YW-j', 'YWJj=', '====']) {
      expect(decodeBase64(text), text).toBeNull();
    }
  });
});

describe('the design image data URL', () => {
  it('is a base64 PNG data URL', () => {
    const dataUrl = designImageDataUrl(png);
    expect(dataUrl).toBe(`data:image/png;base64,${Buffer.from(png).toString('base64')}`);
    expect(checkDesignImageDataUrl(dataUrl)).toBe('ok');
    expect(isAcceptedDesignImage(dataUrl)).toBe(true);
  });

  it('refuses other data URLs and text that is not base64', () => {
    for (const value of [
      undefined,
      42,
      '',
      'https://example.org/design.png',
      `data:image/jpeg;base64,${encodeBase64(png)}`,
      `data:image/png,${encodeBase64(png)}`,
      `DATA:image/png;base64,${encodeBase64(png)}`,
      'data:image/png;base64,iVBO%%%',
      `data:image/png;base64,${encodeBase64(png)}"><script>`,
    ]) {
      expect(checkDesignImageDataUrl(value), String(value)).toBe('bad_data_url');
      expect(isAcceptedDesignImage(value)).toBe(false);
    }
  });

  it('reads the type from the bytes, not from the URL', () => {
    expect(checkDesignImageDataUrl(designImageDataUrl(jpeg))).toBe('bad_type');
    expect(checkDesignImageDataUrl(designImageDataUrl(new TextEncoder().encode('<svg/>')))).toBe('bad_type');
    expect(checkDesignImageDataUrl('data:image/png;base64,')).toBe('bad_type');
  });

  it('warns above 75% of 50000 bytes and refuses above 50000, measured on the decoded bytes', () => {
    expect(checkDesignImageDataUrl(designImageDataUrl(pngOfSize(DESIGN_IMAGE_WARNING_BYTES)))).toBe('ok');
    expect(checkDesignImageDataUrl(designImageDataUrl(pngOfSize(DESIGN_IMAGE_WARNING_BYTES + 1)))).toBe('large');
    expect(checkDesignImageDataUrl(designImageDataUrl(pngOfSize(DESIGN_IMAGE_MAX_BYTES)))).toBe('large');
    expect(isAcceptedDesignImage(designImageDataUrl(pngOfSize(DESIGN_IMAGE_MAX_BYTES)))).toBe(true);
    expect(checkDesignImageDataUrl(designImageDataUrl(pngOfSize(DESIGN_IMAGE_MAX_BYTES + 1)))).toBe('too_large');
    expect(checkDesignImageDataUrl(`data:image/png;base64,${'A'.repeat(1_000_000)}`)).toBe('too_large');
  });
});

describe('fitWithin', () => {
  it('scales the longest side to the given size, keeping the proportions', () => {
    expect(fitWithin(200, 100, 600)).toEqual({ width: 600, height: 300 });
    expect(fitWithin(1000, 2000, 600)).toEqual({ width: 300, height: 600 });
    expect(fitWithin(3000, 1, 600)).toEqual({ width: 600, height: 1 });
  });

  it('draws an image without a size of its own as a square', () => {
    expect(fitWithin(0, 0, 600)).toEqual({ width: 600, height: 600 });
    expect(fitWithin(Number.NaN, 10, 600)).toEqual({ width: 600, height: 600 });
  });
});

describe('sniffImageType', () => {
  it('recognises PNG and JPEG by their signatures', () => {
    expect(sniffImageType(png)).toBe('png');
    expect(sniffImageType(jpeg)).toBe('jpeg');
    expect(sniffImageType(png.subarray(0, 8))).toBe('png');
  });

  it('refuses truncated signatures, other formats and empty content', () => {
    expect(sniffImageType(png.subarray(0, 7))).toBeNull();
    expect(sniffImageType(jpeg.subarray(0, 2))).toBeNull();
    expect(sniffImageType(gif)).toBeNull();
    expect(sniffImageType(text('\u0089PNG'))).toBeNull();
    expect(sniffImageType(new Uint8Array())).toBeNull();
    expect(sniffImageType(text('%PDF-1.7'))).toBeNull();
  });

  it('recognises an SVG root element', () => {
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"></svg>',
      '<svg>',
      '<svg/>',
      '<svg\n  width="10">',
      '\n\t  <svg version="1.1">',
      '\uFEFF<svg>',
    ])
      expect(sniffImageType(text(svg)), svg).toBe('svg');
  });

  it('skips the XML declaration, comments, processing instructions and a doctype', () => {
    const illustrator = [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->',
      '<?xml-stylesheet href="style.css" type="text/css"?>',
      '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [',
      '  <!ENTITY ns_flows "http://ns.adobe.com/Flows/1.0/">',
      '  <!ENTITY ns_extend "http://ns.adobe.com/Extensibility/1.0/">',
      ']>',
      '<svg version="1.1" xmlns="http://www.w3.org/2000/svg">',
    ].join('\r\n');
    expect(sniffImageType(text(illustrator))).toBe('svg');
    expect(sniffImageType(text('<?xml version="1.0"?><!DOCTYPE svg><svg>'))).toBe('svg');
    expect(sniffImageType(text('<!DOCTYPE svg PUBLIC "a>b" \'c>d\'><svg>'))).toBe('svg');
  });

  it('refuses text whose root is not svg', () => {
    for (const notSvg of [
      '<html><body><svg></svg></body></html>',
      '<?xml version="1.0"?><html/>',
      '<svgx>',
      '<SVG>',
      '<svg:svg xmlns:svg="http://www.w3.org/2000/svg">',
      'hello <svg>',
      '<!-- never closed <svg>',
      '<?xml never closed <svg>',
      '<!DOCTYPE svg [ <svg>',
      '',
      '   ',
      '<script>alert(1)</script><svg>',
    ])
      expect(sniffImageType(text(notSvg)), notSvg).toBeNull();
  });

  it('looks no further than 16 KB for the root', () => {
    const padding = `<!--${' '.repeat(16 * 1024)}-->`;
    expect(sniffImageType(text(`<!--${' '.repeat(15 * 1024)}--><svg>`))).toBe('svg');
    expect(sniffImageType(text(`${padding}<svg>`))).toBeNull();
  });
});
