import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { newElement, type BadgeModel } from './model';
import { iconDocument, renderSvg, shapePath, textLayout } from './render';

const heroicon = readFileSync('node_modules/heroicons/24/outline/academic-cap.svg', 'utf8');

describe('model to SVG', () => {
  it('draws an empty 480x480 document over the -1..1 view box by default', () => {
    expect(renderSvg({ version: 1, data: [] })).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="-1 -1 2 2"></svg>',
    );
  });

  it('draws elements in stacking order with their placement, colours and opacity', () => {
    const model: BadgeModel = {
      version: 1,
      data: [
        { ...newElement('shape'), shape: 'square', width: 1, height: 0.5, x: 0.1, rotate: 45, fillColor: '#FF000080' },
        { ...newElement('text'), text: 'A & <B>', y: -0.5 },
        { ...newElement('icon', heroicon), color: '#0000FFFF', editThickness: true, thickness: 3 },
      ],
    };
    const svg = renderSvg(model, 100);
    expect(svg).toContain('width="100"');
    expect(svg).toContain(
      '<path transform="translate(0.1 0) rotate(45)" d="M-0.5 -0.25 L0.5 -0.25 L0.5 0.25 L-0.5 0.25 Z"',
    );
    expect(svg).toContain('fill="#FF0000" fill-opacity="0.502"');
    expect(svg).toContain('stroke="#444444" stroke-width="0.02"');
    expect(svg).toContain('>A &amp; &lt;B&gt;</text>');
    expect(svg).toContain('stroke="#0000FF"');
    expect(svg).toContain('stroke-width="3"');
    expect(svg.indexOf('<path transform')).toBeLessThan(svg.indexOf('<text'));
    expect(svg.indexOf('<text')).toBeLessThan(svg.indexOf('viewBox="0 0 24 24"'));
  });

  it('draws a two-colour fill as a gradient, sharp when gradiant is off, and both shadows', () => {
    const shape = {
      ...newElement('shape'),
      fillType: 'twoColors' as const,
      colorOffset: 0.4,
      shadow: 'outset' as const,
    };
    const smooth = renderSvg({ version: 1, data: [shape] }, 480, 't');
    expect(smooth).toContain(
      '<linearGradient id="t0" gradientUnits="userSpaceOnUse" x1="0" y1="-0.8" x2="0" y2="0.8">',
    );
    expect(smooth).toContain('<stop offset="0.15" stop-color="#555555"/><stop offset="0.65" stop-color="#333333"/>');
    expect(smooth).toContain('fill="#000000" fill-opacity="0.3"');
    const sharp = renderSvg({ version: 1, data: [{ ...shape, gradiant: false, shadow: 'inset' as const }] });
    expect(sharp).toContain('<stop offset="0.4" stop-color="#555555"/><stop offset="0.4" stop-color="#333333"/>');
    expect(sharp).toContain('stroke="#000000" stroke-opacity="0.3"');
  });

  it('draws curved text along a circle through its point, arched up or down', () => {
    const up = textLayout({ ...newElement('text'), radius: 0.5 });
    expect(up.arc).toBe('M0 1 A0.5 0.5 0 1 1 0 0 A0.5 0.5 0 1 1 0 1');
    expect(textLayout({ ...newElement('text'), radius: -0.5 }).arc).toBe(
      'M0 -1 A0.5 0.5 0 1 0 0 0 A0.5 0.5 0 1 0 0 -1',
    );
    const svg = renderSvg({ version: 1, data: [{ ...newElement('text'), radius: 0.5 }] }, 480, 'c');
    expect(svg).toContain('<textPath href="#c0" startOffset="50%">Text</textPath>');
  });

  it('has an outline for every shape kind', () => {
    for (const kind of ['circle', 'square', 'rounded', 'hexagon', 'octagon', 'star', 'shield'] as const) {
      expect(shapePath(kind, 1, 1)).toMatch(/^M.* Z$|^M.*Z$/);
    }
  });

  it('draws nothing for an image not yet chosen, and no icon from refused markup', () => {
    expect(renderSvg({ version: 1, data: [newElement('image')] })).not.toContain('<image');
    expect(iconDocument(newElement('icon', '<svg><script/></svg>'))).toBeNull();
  });
});
