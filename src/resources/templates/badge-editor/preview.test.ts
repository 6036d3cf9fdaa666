import { describe, expect, it } from 'vitest';
import { designImageDataUrl } from '../../../../domain/templateRules/images';
import { defaultStyle, STYLE_PRESETS } from '../../../../domain/templateRules/style';
import { REGISTRY_PREFIXES } from '../registry-editor/registryAccount';
import { editorReducer, newEditorState, type EditorAction, type EditorState } from './editorModel';
import { markdownToSafeHtml } from './markdown';
import { pageLanguage, pageTexts } from './pageTexts';
import { previewStyle } from './previewCss';
import { previewView } from './previewView';
import { pickerColor, typedNumber, withStyleValue } from './styleEditing';

const run = (state: EditorState, ...actions: EditorAction[]) => actions.reduce(editorReducer, state);
const badge = () => newEditorState({ family: 'badge', issuerName: 'North College', hasCustomDesign: false });

describe('the live preview', () => {
  it('shows the content of the chosen language, with the page texts for the captions left empty', () => {
    const state = run(
      badge(),
      { type: 'toggleLanguage', language: 'fr', checked: true },
      { type: 'setField', language: 'en', field: 'microcertitle', value: 'Data analysis' },
      { type: 'setField', language: 'fr', field: 'microcertitle', value: 'Analyse de données' },
      { type: 'setField', language: 'fr', field: 'skills', value: 'SQL, Python' },
      { type: 'setField', language: 'fr', field: 'skills_title', value: 'Savoir-faire' },
      { type: 'setField', language: 'fr', field: 'outcome', value: '**Lire** des tableaux' },
      { type: 'setField', language: 'fr', field: 'issuer_url', value: 'javascript:alert(1)' },
      { type: 'setField', language: 'fr', field: 'expiration_date', value: 'Valable jusqu’au' },
    );
    expect(previewView(state, 'en', '2025-03-05')).toMatchObject({
      title: 'Data analysis',
      skills: null,
      sections: [],
      expires: null,
      obtained: { title: null, date: '2025-03-05' },
    });
    expect(previewView(state, 'fr', '2025-03-05')).toMatchObject({
      title: 'Analyse de données',
      skills: { title: 'Savoir-faire', tags: ['SQL', 'Python'] },
      sections: [{ section: 'outcome', title: null, markdown: '**Lire** des tableaux' }],
      issuer: { name: 'North College', url: null },
      expires: { title: 'Valable jusqu’au', date: '2026-03-05' },
    });
  });

  it('shows the registry entries with their prefixes', () => {
    const state = run(
      newEditorState({
        family: 'registry',
        issuerName: 'North College',
        hasCustomDesign: false,
        blankContent: REGISTRY_PREFIXES,
      }),
      { type: 'setField', language: 'fr', field: 'location', value: 'Paris' },
      { type: 'setField', language: 'fr', field: 'reference_prefix', value: '' },
      { type: 'setField', language: 'fr', field: 'reference', value: 'RNCP12345' },
    );
    expect(previewView(state, 'fr', '2025-03-05')).toMatchObject({
      register: 'RNCP',
      registryEntries: [
        { entry: 'location', prefix: 'Lieu', value: 'Paris' },
        { entry: 'reference', prefix: null, value: 'RNCP12345' },
      ],
    });
  });

  it('applies the design as the public page does, falling back on values that are not safe', () => {
    const lagoon = previewStyle(STYLE_PRESETS[5].cstyle);
    expect(lagoon.layout).toBe('threeCol');
    expect(lagoon.variables).toMatchObject({
      '--font': "'Verdana', 'Geneva', sans-serif",
      '--title-bg': '#0F5E6B',
      '--title-size': '24px',
      '--skill-border-width': '2px',
    });
    const hostile = withStyleValue(
      withStyleValue(defaultStyle(), 'title.background', 'red;} body{display:none'),
      'skill.border.width',
      -3,
    );
    expect(previewStyle(hostile).variables).toMatchObject({
      '--title-bg': defaultStyle().style.title.background,
      '--skill-border-width': '1px',
    });
    expect(previewStyle(null).layout).toBe('oneCol');
  });

  it('shows the custom layout’s design image when the rules accept it, as the public page does', () => {
    const image = designImageDataUrl(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const custom = { ...defaultStyle(), layout: 'CUSTOM_LAYOUT' as const };
    expect(previewStyle({ ...custom, designImage: image }).designImage).toBe(image);
    expect(previewStyle({ ...custom, designImage: 'data:image/png;base64,R0lGODlh' }).designImage).toBeNull();
    expect(previewStyle({ ...defaultStyle(), designImage: image }).designImage).toBeNull();
  });

  it('sanitises Markdown before display', () => {
    expect(markdownToSafeHtml('**Bold** and *it*\n\n- one\n- two')).toBe(
      '<p><strong>Bold</strong> and <em>it</em></p>\n<ul><li>one</li><li>two</li></ul>',
    );
    const html = markdownToSafeHtml(
      '<img src=x onerror=alert(1)> [site](javascript:alert(1)) [ok](https://example.org)',
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer nofollow" target="_blank">ok</a>');
  });

  it('reads the page texts of the preview language; other badge languages use English', () => {
    expect(pageLanguage('cy')).toBe('en');
    expect(pageLanguage('es')).toBe('es');
    const t = pageTexts({ publicPage: { badgeAlt: 'Badge : {{title}}' } });
    expect(t('badgeAlt', { title: 'SQL' })).toBe('Badge : SQL');
  });
});

describe('the style fields', () => {
  it('change one field of a copy, read typed numbers and show colours in the picker', () => {
    const style = defaultStyle();
    const changed = withStyleValue(style, 'skill.border.color', '#123456');
    expect(changed.style.skill.border.color).toBe('#123456');
    expect(style.style.skill.border.color).not.toBe('#123456');
    expect(typedNumber('')).toBeNaN();
    expect(typedNumber('14')).toBe(14);
    expect(pickerColor('#ABC')).toBe('#aabbcc');
    expect(pickerColor('#11223344')).toBe('#112233');
    expect(pickerColor('red')).toBe('#000000');
  });
});
