import { describe, expect, it } from 'vitest';
import { designImageDataUrl, DESIGN_IMAGE_MAX_BYTES } from '../templateRules/images';
import { defaultStyle, STYLE_PRESETS } from '../templateRules/style';
import { safeColor, safeFontFamily, safePixels, safeStyle } from './styleSanitiser';

describe('style values', () => {
  it('accept colours, pixel sizes, weights and font lists of the right shape', () => {
    expect(safeColor('#1E3D2F', 'black')).toBe('#1E3D2F');
    expect(safeColor('rgba(10, 20, 30, 0.5)', 'black')).toBe('rgba(10, 20, 30, 0.5)');
    expect(safeColor('rebeccapurple', 'black')).toBe('rebeccapurple');
    expect(safePixels(14, 12)).toBe('14px');
    expect(safeFontFamily("'Helvetica Neue', Helvetica, Arial, sans-serif", 'serif')).toBe(
      "'Helvetica Neue', 'Helvetica', 'Arial', sans-serif",
    );
  });

  it('refuse anything that could leave its declaration', () => {
    for (const color of [
      'red;}body{background:url(https://evil.example/x)}',
      'url(https://evil.example/x)',
      'expression(alert(1))',
      '#fff</style><script>alert(1)</script>',
      'red !important',
      12,
    ]) {
      expect(safeColor(color, '#000000'), String(color)).toBe('#000000');
    }
    expect(safePixels('12px;}', 12)).toBe('12px');
    expect(safePixels(-3, 12)).toBe('12px');
    expect(safePixels(Number.NaN, 12)).toBe('12px');
    expect(safeFontFamily('Arial;}</style><script>alert(1)</script>', 'serif')).toBe('serif');
    expect(safeFontFamily("Arial', url(x)", 'serif')).toBe('serif');
  });

  it('reads every preset unchanged', () => {
    for (const preset of STYLE_PRESETS) {
      const style = safeStyle(preset.cstyle);
      expect(style.layout).toBe(preset.cstyle.layout);
      expect(style.title.background).toBe(preset.cstyle.style.title.background);
      expect(style.skill.borderRadius).toBe(`${preset.cstyle.style.skill.borderRadius}px`);
    }
  });
});

describe('the design image', () => {
  const png = (size: number) => {
    const bytes = new Uint8Array(size);
    bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    return designImageDataUrl(bytes);
  };

  it('is shown with the custom layout when it is a PNG data URL within the limit', () => {
    const designImage = png(DESIGN_IMAGE_MAX_BYTES);
    expect(safeStyle({ ...defaultStyle(), layout: 'CUSTOM_LAYOUT', designImage }).designImage).toBe(designImage);
  });

  it('is not shown with another layout, nor when the rules refuse it', () => {
    expect(safeStyle({ ...defaultStyle(), layout: 'oneCol', designImage: png(100) }).designImage).toBeNull();
    for (const designImage of [
      png(DESIGN_IMAGE_MAX_BYTES + 1),
      designImageDataUrl(new TextEncoder().encode('<svg onload="alert(1)"/>')),
      'data:image/svg+xml;base64,PHN2Zz4=',
      'javascript:alert(1)',
      '"><script>alert(1)</script>',
      42,
    ]) {
      expect(safeStyle({ ...defaultStyle(), layout: 'CUSTOM_LAYOUT', designImage }).designImage).toBeNull();
    }
    expect(safeStyle(null).designImage).toBeNull();
  });
});
