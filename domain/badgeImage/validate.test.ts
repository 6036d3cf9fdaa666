import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseIconSvg } from './iconSvg';
import { IMAGE_MAX_BYTES, newElement, NUMERIC_FIELDS, type BadgeModel } from './model';
import { imageProblem, validateModel } from './validate';

const heroicon = readFileSync('node_modules/heroicons/24/outline/academic-cap.svg', 'utf8');
const lucide = readFileSync('node_modules/lucide-static/icons/graduation-cap.svg', 'utf8');
const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==';

const full = (): BadgeModel => ({
  version: 1,
  data: [
    newElement('shape'),
    newElement('text'),
    newElement('icon', heroicon),
    newElement('icon', lucide),
    { ...newElement('image'), image: PNG_1PX },
    newElement('image'),
  ],
});

describe('badge model validation', () => {
  it('accepts a model of every element type, rebuilt from its known fields only', () => {
    const model = full();
    const check = validateModel({ ...model, data: [{ ...model.data[0], extra: 'dropped' }, ...model.data.slice(1)] });
    expect(check).toEqual({ ok: true, model });
  });

  it('refuses another version, unknown element types and a data that is not a list', () => {
    expect(validateModel({ version: 2, data: [] })).toEqual({ ok: false, errors: ['version: must be 1'] });
    const unknown = validateModel({ version: 1, data: [{ type: 'video' }] });
    expect(unknown).toEqual({ ok: false, errors: ['data[0]: unknown element type "video"'] });
    expect(validateModel({ version: 1, data: 'x' }).ok).toBe(false);
    expect(validateModel(null).ok).toBe(false);
  });

  it('refuses every numeric field just outside its range, and missing or non-numeric values', () => {
    for (const type of ['shape', 'text', 'icon', 'image'] as const) {
      const element = newElement(type, heroicon);
      for (const [field, range] of Object.entries(NUMERIC_FIELDS[type])) {
        for (const value of [range.min - 0.001, range.max + 0.001, '0', null]) {
          const check = validateModel({ version: 1, data: [{ ...element, [field]: value }] });
          expect([type, field, value, check.ok]).toEqual([type, field, value, false]);
        }
        const edge = validateModel({ version: 1, data: [{ ...element, [field]: range.max }] });
        expect([type, field, edge.ok]).toEqual([type, field, true]);
      }
    }
  });

  it('refuses unknown enumerations, bad colours, unknown fonts and over-long texts', () => {
    const bad = [
      { ...newElement('shape'), shape: 'triangle' },
      { ...newElement('shape'), shadow: 'drop' },
      { ...newElement('shape'), fillColor: 'red' },
      { ...newElement('text'), font: { family: 'Comic Sans MS', weight: 400, style: 'normal' } },
      { ...newElement('text'), font: { family: 'DejaVu Sans', weight: 450, style: 'normal' } },
      { ...newElement('text'), text: 'x'.repeat(201) },
      { ...newElement('icon', heroicon), editThickness: 'yes' },
    ];
    for (const element of bad) expect(validateModel({ version: 1, data: [element] }).ok).toBe(false);
  });

  it('refuses scripts, event attributes, links, styles and foreign objects inside an icon', () => {
    const attacks = [
      '<svg viewBox="0 0 24 24"><script>alert(1)</script></svg>',
      '<svg viewBox="0 0 24 24" onload="alert(1)"><path d="M0 0"/></svg>',
      '<svg viewBox="0 0 24 24"><path d="M0 0" onclick="x()"/></svg>',
      '<svg viewBox="0 0 24 24"><foreignObject><div>x</div></foreignObject></svg>',
      '<svg viewBox="0 0 24 24"><a href="javascript:alert(1)"><path d="M0 0"/></a></svg>',
      '<svg viewBox="0 0 24 24"><use href="#x"/></svg>',
      '<svg viewBox="0 0 24 24"><path d="M0 0" style="fill:red"/></svg>',
      '<svg viewBox="0 0 24 24"><path d="M0 0" fill="url(https://evil/x)"/></svg>',
      '<svg viewBox="0 0 24 24"><path d="M0 0"/>text</svg>',
      '<svg viewBox="0 0 24 24"><![CDATA[x]]></svg>',
      '<svg viewBox="0 0 24 24"><path d="M0 0"></svg>',
      '<svg viewBox="0 0 24 24"></svg><svg></svg>',
      '<path d="M0 0"/>',
    ];
    for (const icon of attacks) {
      expect([icon, parseIconSvg(icon)]).toEqual([icon, null]);
      expect(validateModel({ version: 1, data: [newElement('icon', icon)] }).ok).toBe(false);
    }
  });

  it('parses catalogue icons into their viewBox, inherited attributes and body', () => {
    const parsed = parseIconSvg(lucide)!;
    expect(parsed.viewBox).toEqual([0, 0, 24, 24]);
    expect(parsed.attributes).toMatchObject({ fill: 'none', stroke: 'currentColor', 'stroke-width': '2' });
    expect(parsed.body).toContain('<path d="M22 10v6"/>');
    expect(parseIconSvg(heroicon)!.body).not.toContain('data-slot');
  });

  it('accepts png and jpeg data URLs within 550 KB whose bytes match their type', () => {
    expect(imageProblem(PNG_1PX)).toBeNull();
    const jpeg = `data:image/jpeg;base64,${btoa('\xFF\xD8\xFF\xE0' + 'x'.repeat(20))}`;
    expect(imageProblem(jpeg)).toBeNull();
    expect(imageProblem(PNG_1PX.replace('image/png', 'image/jpeg'))).toMatch(/not its type/);
    expect(imageProblem('data:image/gif;base64,R0lGODlhAQABAAAAACw=')).toMatch(/png or jpeg/);
    expect(imageProblem('https://example.org/a.png')).toMatch(/png or jpeg/);
    const large = `data:image/png;base64,${btoa('\x89PNG' + 'x'.repeat(IMAGE_MAX_BYTES))}`;
    expect(imageProblem(large)).toMatch(/size limit/);
    expect(validateModel({ version: 1, data: [{ ...newElement('image'), image: large }] }).ok).toBe(false);
  });
});
