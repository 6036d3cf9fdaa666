import { describe, expect, it } from 'vitest';
import { BUNDLED_FONTS, closestFace, drawnFont } from './fonts';

describe('bundled fonts', () => {
  it('offers several families, each with a regular face, and unique file names', () => {
    expect(BUNDLED_FONTS.map((f) => f.family)).toEqual(['DejaVu Sans', 'Open Sans', 'Lora', 'Oswald']);
    for (const family of BUNDLED_FONTS)
      expect(family.faces.some((f) => f.weight === 400 && f.style === 'normal')).toBe(true);
    const files = BUNDLED_FONTS.flatMap((f) => f.faces.map((face) => face.file));
    expect(new Set(files).size).toBe(files.length);
  });

  it('draws the nearest face a family has: same style first, then the nearest weight', () => {
    const oswald = BUNDLED_FONTS.find((f) => f.family === 'Oswald')!;
    expect(closestFace(oswald, 700, 'italic')).toMatchObject({ weight: 700, style: 'normal' });
    expect(drawnFont({ family: 'Open Sans', weight: 800, style: 'italic' })).toEqual({
      family: 'Open Sans',
      weight: 700,
      style: 'italic',
    });
    expect(drawnFont({ family: 'Lora', weight: 300, style: 'normal' })).toEqual({
      family: 'Lora',
      weight: 400,
      style: 'normal',
    });
    expect(drawnFont({ family: 'DejaVu Sans', weight: 900, style: 'normal' }).weight).toBe(700);
  });
});
