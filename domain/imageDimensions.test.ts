import { describe, expect, it } from 'vitest';
import { flatPng, gifHeader, jpegHeader, pngHeader, webpHeader } from '../tests/support/images';
import {
  DESIGN_IMAGE_PIXEL_BOUNDS,
  DOCUMENT_PIXEL_BOUNDS,
  exceedsPixelBounds,
  IMAGE_PIXEL_BOUNDS,
  imageDimensions,
} from './imageDimensions';

const svg = (root: string) => new TextEncoder().encode(`<?xml version="1.0"?>\n<!-- editor -->\n${root}<rect/></svg>`);

describe('image dimensions from the header', () => {
  it('reads PNG, JPEG, GIF and WebP headers without decoding', () => {
    expect(imageDimensions(pngHeader(12_000, 9_000))).toEqual({ format: 'png', width: 12_000, height: 9_000 });
    expect(imageDimensions(flatPng(30, 20))).toEqual({ format: 'png', width: 30, height: 20 });
    expect(imageDimensions(jpegHeader(640, 480))).toEqual({ format: 'jpeg', width: 640, height: 480 });
    expect(imageDimensions(gifHeader(65_535, 2))).toEqual({ format: 'gif', width: 65_535, height: 2 });
    expect(imageDimensions(webpHeader(16_383, 300))).toEqual({ format: 'webp', width: 16_383, height: 300 });
  });

  it('reads an SVG root: width and height in absolute units, else its viewBox', () => {
    expect(imageDimensions(svg('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="1in">'))).toEqual({
      format: 'svg',
      width: 200,
      height: 96,
    });
    expect(imageDimensions(svg("<svg viewBox='0 0 50000 20' width='100%'>"))).toEqual({
      format: 'svg',
      width: 50_000,
      height: 20,
    });
    expect(imageDimensions(svg('<svg>'))).toEqual({ format: 'svg', width: null, height: null });
  });

  it('knows no size for truncated headers and no format for other bytes', () => {
    expect(imageDimensions(pngHeader(10, 10).subarray(0, 20))).toEqual({ format: 'png', width: null, height: null });
    expect(imageDimensions(jpegHeader(10, 10).subarray(0, 12))).toEqual({ format: 'jpeg', width: null, height: null });
    expect(imageDimensions(new TextEncoder().encode('%PDF-1.7'))).toBeNull();
  });
});

describe('pixel bounds', () => {
  it('refuses a picture larger than the bounds by side or by area', () => {
    expect(exceedsPixelBounds(pngHeader(4096, 4096), IMAGE_PIXEL_BOUNDS)).toBe(false);
    expect(exceedsPixelBounds(pngHeader(4097, 10), IMAGE_PIXEL_BOUNDS)).toBe(true);
    expect(exceedsPixelBounds(pngHeader(12_000, 12_000), IMAGE_PIXEL_BOUNDS)).toBe(true);
    expect(exceedsPixelBounds(jpegHeader(8000, 6000), DOCUMENT_PIXEL_BOUNDS)).toBe(true);
    expect(exceedsPixelBounds(jpegHeader(8000, 4000), DOCUMENT_PIXEL_BOUNDS)).toBe(false);
    expect(exceedsPixelBounds(gifHeader(3000, 3000), DESIGN_IMAGE_PIXEL_BOUNDS)).toBe(true);
    expect(exceedsPixelBounds(webpHeader(5000, 5000), IMAGE_PIXEL_BOUNDS)).toBe(true);
    expect(exceedsPixelBounds(pngHeader(0, 10), IMAGE_PIXEL_BOUNDS)).toBe(false);
    // no frame, no picture: left to the type checks
    expect(exceedsPixelBounds(jpegHeader(10, 10).subarray(0, 12), IMAGE_PIXEL_BOUNDS)).toBe(false);
    // stray bytes before the frame do not hide it
    const header = jpegHeader(9000, 9000);
    const stray = Buffer.concat([header.subarray(0, 20), Buffer.from([1, 2, 3]), header.subarray(20)]);
    expect(exceedsPixelBounds(stray, IMAGE_PIXEL_BOUNDS)).toBe(true);
  });

  it('bounds an SVG by what it states, and lets one without an absolute size or a non-image through', () => {
    expect(exceedsPixelBounds(svg('<svg width="100000" height="10">'), IMAGE_PIXEL_BOUNDS)).toBe(true);
    expect(exceedsPixelBounds(svg('<svg width="-5">'), IMAGE_PIXEL_BOUNDS)).toBe(false);
    expect(exceedsPixelBounds(svg('<svg viewBox="0 0 500 500">'), IMAGE_PIXEL_BOUNDS)).toBe(false);
    expect(exceedsPixelBounds(svg('<svg>'), IMAGE_PIXEL_BOUNDS)).toBe(false);
    expect(exceedsPixelBounds(new TextEncoder().encode('%PDF-1.7'), DOCUMENT_PIXEL_BOUNDS)).toBe(false);
  });
});
