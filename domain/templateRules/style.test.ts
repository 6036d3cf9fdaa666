import { describe, expect, it } from 'vitest';
import { designImageDataUrl, DESIGN_IMAGE_MAX_BYTES } from './images';
import {
  allowedLayouts,
  type CStyle,
  defaultStyle,
  LAYOUTS,
  storedStyle,
  STYLE_PRESETS,
  TEXT_BLOCKS,
  validateStyle,
} from './style';

const standard = { hasCustomDesign: false };

function withStyle(change: (style: CStyle) => void): CStyle {
  const style = defaultStyle();
  change(style);
  return style;
}

/** WCAG 2 relative luminance and contrast ratio of two #RRGGBB colours. */
function contrast(first: string, second: string): number {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((start) => {
      const channel = parseInt(hex.slice(start, start + 2), 16) / 255;
      return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

describe('layouts', () => {
  it('are the four of the spec', () => {
    expect(LAYOUTS).toEqual(['oneCol', 'legacy', 'threeCol', 'CUSTOM_LAYOUT']);
  });

  it('offer the custom layout only to users with custom design', () => {
    expect(allowedLayouts(false)).toEqual(['oneCol', 'legacy', 'threeCol']);
    expect(allowedLayouts(true)).toEqual(['oneCol', 'legacy', 'threeCol', 'CUSTOM_LAYOUT']);
  });
});

describe('validateStyle', () => {
  it('accepts the default style', () => {
    expect(validateStyle(defaultStyle(), standard)).toEqual({});
  });

  it('refuses the custom layout without custom design, and accepts it with', () => {
    const custom = withStyle((style) => (style.layout = 'CUSTOM_LAYOUT'));
    expect(validateStyle(custom, standard)).toEqual({ layout: 'not_allowed' });
    expect(validateStyle(custom, { hasCustomDesign: true })).toEqual({});
  });

  it('refuses an unknown layout', () => {
    const unknown = { ...defaultStyle(), layout: 'twoCol' } as unknown as CStyle;
    expect(validateStyle(unknown, { hasCustomDesign: true })).toEqual({ layout: 'not_allowed' });
  });

  it('accepts font sizes and the border width at 0 and refuses them below', () => {
    const atZero = withStyle((style) => {
      for (const block of TEXT_BLOCKS) style.style[block].fontSize = 0;
      style.style.skill.border.width = 0;
    });
    expect(validateStyle(atZero, standard)).toEqual({});
    const below = withStyle((style) => {
      style.style.title.fontSize = -1;
      style.style.graduateName.fontSize = -0.5;
      style.style.skill.border.width = -1;
    });
    expect(validateStyle(below, standard)).toEqual({
      'title.fontSize': 'below_minimum',
      'graduateName.fontSize': 'below_minimum',
      'skill.border.width': 'below_minimum',
    });
  });

  it('checks every text block’s font size', () => {
    for (const block of TEXT_BLOCKS) {
      const style = withStyle((s) => (s.style[block].fontSize = -2));
      expect(validateStyle(style, standard)).toEqual({ [`${block}.fontSize`]: 'below_minimum' });
    }
  });

  it('refuses sizes that are not numbers', () => {
    const broken = withStyle((style) => {
      style.style.paragraph.fontSize = Number.NaN;
      style.style.link.fontSize = Number.POSITIVE_INFINITY;
      (style.style.skill.border as { width: unknown }).width = '2';
    });
    expect(validateStyle(broken, standard)).toEqual({
      'paragraph.fontSize': 'not_a_number',
      'link.fontSize': 'not_a_number',
      'skill.border.width': 'not_a_number',
    });
  });
});

describe('the design image', () => {
  const custom = { hasCustomDesign: true };
  const png = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return designImageDataUrl(bytes);
  };
  const withImage = (designImage: string): CStyle => ({ ...defaultStyle(), layout: 'CUSTOM_LAYOUT', designImage });

  it('accepts a PNG data URL up to 50000 bytes, a large one too', () => {
    expect(validateStyle(withImage(png(100)), custom)).toEqual({});
    expect(validateStyle(withImage(png(DESIGN_IMAGE_MAX_BYTES)), custom)).toEqual({});
  });

  it('refuses an image that is too large, not a PNG, or not a base64 PNG data URL', () => {
    expect(validateStyle(withImage(png(DESIGN_IMAGE_MAX_BYTES + 1)), custom)).toEqual({ designImage: 'too_large' });
    expect(validateStyle(withImage(designImageDataUrl(new TextEncoder().encode('GIF89a'))), custom)).toEqual({
      designImage: 'bad_type',
    });
    expect(validateStyle(withImage('https://example.org/design.png'), custom)).toEqual({ designImage: 'bad_data_url' });
  });

  it('is kept only with the custom layout, the one that shows it', () => {
    const image = withImage(png(100));
    expect(storedStyle(image)).toBe(image);
    const oneCol = { ...image, layout: 'oneCol' as const };
    expect(storedStyle(oneCol)).toEqual({ layout: 'oneCol', style: image.style });
    expect(oneCol.designImage).toBe(image.designImage);
    const plain = defaultStyle();
    expect(storedStyle(plain)).toBe(plain);
  });
});

describe('preset designs', () => {
  it('are six, with distinct ids and names', () => {
    expect(STYLE_PRESETS).toHaveLength(6);
    expect(new Set(STYLE_PRESETS.map(({ id }) => id)).size).toBe(6);
    expect(new Set(STYLE_PRESETS.map(({ name }) => name)).size).toBe(6);
  });

  it('are valid for every user, so none uses the custom layout', () => {
    for (const { id, cstyle } of STYLE_PRESETS) expect(validateStyle(cstyle, standard), id).toEqual({});
  });

  it('have distinct colour schemes', () => {
    const schemes = STYLE_PRESETS.map(({ cstyle: { style } }) =>
      [style.root.background, style.title.background, style.paragraph.color, style.link.color].join(),
    );
    expect(new Set(schemes).size).toBe(6);
    expect(new Set(STYLE_PRESETS.map(({ cstyle }) => cstyle.style.title.background)).size).toBe(6);
  });

  it('use #RRGGBB colours', () => {
    for (const { id, cstyle } of STYLE_PRESETS) {
      const colours = JSON.stringify(cstyle.style).match(/"(?:color|background)":"[^"]*"/g) ?? [];
      expect(colours.length, id).toBeGreaterThan(10);
      for (const colour of colours) expect(colour, id).toMatch(/"#[0-9A-F]{6}"$/);
    }
  });

  it('keep every text readable at WCAG AA contrast (4.5:1) on its background', () => {
    for (const { id, cstyle } of STYLE_PRESETS) {
      const { section, title, skill } = cstyle.style;
      expect(contrast(title.color, title.background), `${id} title`).toBeGreaterThanOrEqual(4.5);
      expect(contrast(skill.color, skill.background), `${id} skill`).toBeGreaterThanOrEqual(4.5);
      for (const block of ['paragraph', 'subTitle', 'link', 'graduateName'] as const)
        expect(contrast(cstyle.style[block].color, section.background), `${id} ${block}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('cannot be changed by accident; the default style is a copy to edit', () => {
    expect(Object.isFrozen(STYLE_PRESETS)).toBe(true);
    expect(Object.isFrozen(STYLE_PRESETS[0])).toBe(true);
    expect(Object.isFrozen(STYLE_PRESETS[0].cstyle.style.skill.border)).toBe(true);
    const style = defaultStyle();
    style.style.title.color = '#000000';
    expect(STYLE_PRESETS[0].cstyle.style.title.color).toBe('#FFFFFF');
    expect(defaultStyle()).toEqual(STYLE_PRESETS[0].cstyle);
  });
});
