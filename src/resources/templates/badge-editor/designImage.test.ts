import { describe, expect, it } from 'vitest';
import { DESIGN_IMAGE_MAX_BYTES, SVG_TO_PNG_ERROR } from '../../../../domain/templateRules/images';
import { chooseDesignImage, svgToPng } from './designImage';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function pngFile(size: number, type = 'image/png'): Blob {
  const bytes = new Uint8Array(size);
  bytes.set(SIGNATURE);
  return new Blob([bytes], { type });
}

describe('chooseDesignImage', () => {
  it('keeps a PNG as a data URL, with a warning when it is large', async () => {
    const small = await chooseDesignImage(pngFile(100));
    expect(small).toMatchObject({ kind: 'chosen', size: 100, large: false });
    expect(small.kind === 'chosen' && small.dataUrl.startsWith('data:image/png;base64,iVBORw0KGgo')).toBe(true);
    expect(await chooseDesignImage(pngFile(DESIGN_IMAGE_MAX_BYTES))).toMatchObject({ kind: 'chosen', large: true });
  });

  it('refuses a PNG above 50000 bytes, and what is not a PNG whatever its declared type', async () => {
    expect(await chooseDesignImage(pngFile(DESIGN_IMAGE_MAX_BYTES + 1))).toEqual({
      kind: 'refused',
      reason: 'too_large',
      size: DESIGN_IMAGE_MAX_BYTES + 1,
    });
    const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], { type: 'image/png' });
    expect(await chooseDesignImage(jpeg)).toMatchObject({ kind: 'refused', reason: 'bad_type' });
    expect(await chooseDesignImage(new Blob(['hello'], { type: 'text/plain' }))).toMatchObject({ reason: 'bad_type' });
  });

  it('says so when an SVG cannot be converted to PNG (here: no canvas to draw on)', async () => {
    const svg = new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'], {
      type: 'image/svg+xml',
    });
    await expect(svgToPng(svg)).rejects.toThrow(SVG_TO_PNG_ERROR);
    expect(await chooseDesignImage(svg)).toEqual({ kind: 'refused', reason: 'svg_to_png' });
  });
});
