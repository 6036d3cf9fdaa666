import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { defaultStyle, LAYOUTS, STYLE_PRESETS, type CStyle } from '../../domain/templateRules/style';
import type { Template } from '../../server/db/schema';
import {
  formatDate,
  renderCredentialPage,
  renderNoticePage,
  type PageState,
} from '../../server/services/rendering/credentialPage';
import {
  designRules,
  designVariables,
  safeColor,
  safeFontFamily,
  safePixels,
  safeStyle,
} from '../../server/services/rendering/css';
import { credentialView, recipientFromRow, type RecipientData } from '../../server/services/rendering/credentialView';
import { escapeHtml, safeHref } from '../../server/services/rendering/html';
import { renderMarkdown } from '../../server/services/rendering/markdown';
import { renderThumbnailSvg, thumbnailContentId, wrapWords } from '../../server/services/rendering/thumbnail';

/** jsdom's DOMParser (jsdom ships no types): the rendered documents are checked as a browser parses them. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new () => { window: { DOMParser: typeof DOMParser } };
};
const parser = new new JSDOM().window.DOMParser();

const LOGO = 'templates/7/0f8fad5b-d9cb-469f-a165-70867728950e.svg';
const SCRIPT = '<script>alert(1)</script>';

function templateRow(overrides: Partial<Template> = {}, content: Record<string, Record<string, string | null>> = {}) {
  return {
    id: 3,
    issuer_id: 7,
    label: JSON.stringify({ en: 'Data', fr: 'Données' }),
    type: 'openbadge',
    enabled: 1,
    usable: 1,
    is_nft: 0,
    network: null,
    notes: '',
    certification_counter: 0,
    created_at: '2025-01-01T00:00:00.000Z',
    last_campaign_id: null,
    last_campaign_date: null,
    thumbnail: null,
    languages: 'en;fr',
    default_language: 'en',
    technical_fields: 'ID',
    fields_to_certified: '',
    nb_char_max: 0,
    file_fields: '',
    content: JSON.stringify({
      en: { microcertitle: 'Data analysis', issuer: 'Acme', badge_logo: LOGO, skills: 'SQL,Python', ...content.en },
      fr: { microcertitle: 'Analyse de données', issuer: 'Acme', badge_logo: LOGO, ...content.fr },
    }),
    params: '{}',
    meta: '{}',
    cstyle: JSON.stringify(defaultStyle()),
    reference_tables: '{}',
    is_pathway_parent: 0,
    is_pathway_child: 0,
    pathway_definition: null,
    ...overrides,
  } satisfies Template;
}

const ada: RecipientData = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  obtentionDate: '2025-03-05',
  expirationDate: null,
  fields: {},
};

const publicImage = (key: string) => `/api/template/image/7/${key.split('/')[2]}`;

function page(template: Template, language = 'en', recipient = ada, state: PageState = 'valid') {
  return renderCredentialPage({
    view: credentialView(template, language, recipient, publicImage),
    state,
    actions: {
      credential: '/certificate/k/credential.json',
      badge: '/certificate/k/badge.png',
      verify: '/verify?key=k',
    },
    brandName: 'Laurel',
  });
}

function parseHtml(html: string): Document {
  return parser.parseFromString(html, 'text/html');
}

/** What a browser could run from a document: script elements, event handler attributes, script addresses. */
function executables(document: Document): string[] {
  const found: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    if (['script', 'iframe', 'object', 'embed', 'form'].includes(element.localName)) found.push(element.localName);
    for (const attribute of element.attributes) {
      if (attribute.name.startsWith('on')) found.push(`${element.localName}@${attribute.name}`);
      if (
        ['href', 'src', 'action', 'xlink:href'].includes(attribute.name) &&
        /^\s*(?:javascript|vbscript):/i.test(attribute.value)
      ) {
        found.push(`${element.localName}@${attribute.name}=${attribute.value}`);
      }
    }
  }
  return found;
}

describe('escapeHtml and safeHref', () => {
  it('escape the five characters that matter in HTML', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('keep only http(s) and mailto addresses', () => {
    expect(safeHref('https://example.org/a?b=1')).toBe('https://example.org/a?b=1');
    expect(safeHref('mailto:someone@example.org')).toBe('mailto:someone@example.org');
    for (const address of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,hi',
      '//evil.example',
      'ftp://x',
      'https://a.example/"onmouseover="x',
    ]) {
      expect(safeHref(address), address).toBeNull();
    }
  });
});

describe('renderMarkdown', () => {
  it('renders bold, italics, lists, headings and paragraphs', () => {
    const html = renderMarkdown(
      '# Goals\nCan **analyse** data and _report_ it.\nSecond *line*.\n\n- SQL\n- Python\n\n1. first\n2. second',
    );
    expect(html).toBe(
      [
        '<h3 class="md-heading">Goals</h3>',
        '<p>Can <strong>analyse</strong> data and <em>report</em> it.<br>Second <em>line</em>.</p>',
        '<ul><li>SQL</li><li>Python</li></ul>',
        '<ol><li>first</li><li>second</li></ol>',
      ].join('\n'),
    );
  });

  it('links http(s) and mailto addresses with rel noopener, and nothing else', () => {
    const html = renderMarkdown(
      '[site](https://example.org/?a=1&b=2) [mail](mailto:x@example.org) [bad](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD4=) see https://bare.example/path.',
    );
    expect(html).toContain(
      '<a href="https://example.org/?a=1&amp;b=2" rel="noopener noreferrer nofollow" target="_blank">site</a>',
    );
    expect(html).toContain('<a href="mailto:x@example.org" rel="noopener noreferrer nofollow">mail</a>');
    expect(html).toContain(
      '<a href="https://bare.example/path" rel="noopener noreferrer nofollow" target="_blank">https://bare.example/path</a>.',
    );
    expect(html).not.toContain('javascript');
    expect(html).not.toContain('data:');
    expect(html).toContain(' bad ');
    expect(parseHtml(html).querySelectorAll('a')).toHaveLength(3);
  });

  it('keeps parentheses inside a link address', () => {
    expect(renderMarkdown('[Ada](https://en.wikipedia.org/wiki/Ada_(language))')).toBe(
      '<p><a href="https://en.wikipedia.org/wiki/Ada_(language)" rel="noopener noreferrer nofollow" target="_blank">Ada</a></p>',
    );
  });

  it('never lets HTML through: tags, attributes and addresses stay text', () => {
    const source = `${SCRIPT}\n<img src=x onerror=alert(1)>\n[x](https://a.example/"onclick="alert(1))\n**<b>bold</b>**\n<a href="javascript:alert(1)">a</a>`;
    const html = renderMarkdown(source);
    expect(html).not.toMatch(/<(?!\/?(?:p|br|strong|em|a|ul|ol|li|h3)[\s>])/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(executables(parseHtml(html))).toEqual([]);
  });

  it('leaves snake_case words and lone asterisks alone', () => {
    expect(renderMarkdown('use snake_case_names and 2 * 3 * 4')).toBe('<p>use snake_case_names and 2 * 3 * 4</p>');
  });
});

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

  it('turns a hostile design into the default values, block by block', () => {
    const hostile = structuredClone(defaultStyle()) as unknown as {
      layout: string;
      style: Record<string, Record<string, unknown>>;
    };
    hostile.layout = '"><script>';
    hostile.style.root.background = 'red;}*{background:url(//evil.example)}';
    hostile.style.title.fontSize = '99px;}</style><script>alert(1)</script>';
    hostile.style.skill.border = { width: 2, color: '#123456' };
    const style = safeStyle(hostile);
    const css = `${designVariables(style)}${designRules(style)}`;
    expect(style.layout).toBe('oneCol');
    expect(style.pageBackground).toBe(defaultStyle().style.root.background);
    expect(style.title.fontSize).toBe('24px');
    expect(style.skill.borderWidth).toBe('2px');
    expect(style.skill.borderColor).toBe('#123456');
    expect(css).not.toMatch(/url\(|<|>|!important|expression/);
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

describe('renderCredentialPage', () => {
  it('is a complete document with the design, the recipient and the content in its language', () => {
    const template = templateRow(
      { fields_to_certified: 'Grade' },
      {
        en: {
          outcome: 'Can **query** databases.',
          assessment: 'Written exam',
          componentof: 'Data track',
          partner: 'Partner Co',
          partner_logo: LOGO,
          otherpartners: 'Lab A, Lab B',
          issuer_url: 'https://acme.example',
          issuer_url_label: 'Acme online',
          issued_to: 'Presented to',
        },
      },
    );
    const html = page(template, 'en', {
      ...ada,
      expirationDate: '2027-03-05',
      fields: { Grade: 'A+', linkURL: 'https://portfolio.example/ada', linkLabel: 'Portfolio' },
    });
    const document = parseHtml(html);
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(document.documentElement.lang).toBe('en');
    expect(document.title).toBe('Data analysis — Ada Lovelace');
    expect(document.querySelector('h1')?.textContent).toBe('Data analysis');
    expect(document.querySelector('.graduate-name')?.textContent).toBe('Ada Lovelace');
    expect(document.querySelector('.recipient .label')?.textContent).toBe('Presented to');
    expect(document.querySelector('.dates')?.textContent).toContain('March 5, 2025');
    expect(document.querySelector('.dates')?.textContent).toContain('March 5, 2027');
    expect([...document.querySelectorAll('.skill')].map((skill) => skill.textContent)).toEqual(['SQL', 'Python']);
    expect(document.querySelector('.md strong')?.textContent).toBe('query');
    expect(document.querySelector('.badge img')?.getAttribute('src')).toBe(publicImage(LOGO));
    expect(document.querySelector('.badge img')?.getAttribute('alt')).toBe('Badge: Data analysis');
    expect(document.querySelector('.orgs')?.textContent).toContain('Partner Co');
    expect(document.querySelector('.orgs')?.textContent).toContain('Lab B');
    expect(document.querySelector('a[href="https://acme.example"]')?.textContent).toBe('Acme online');
    expect(document.querySelector('a.button')?.getAttribute('href')).toBe('https://portfolio.example/ada');
    expect(document.querySelector('.aside .entries')?.textContent).toBe('GradeA+');
    expect(document.querySelector('.status-valid')?.textContent).toContain('issued by Acme');
    expect(document.querySelector('a[href="/certificate/k/credential.json"]')?.textContent).toBe(
      'Download the verifiable credential',
    );
    expect(document.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content')).toContain(
      "default-src 'none'",
    );
    expect(document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(executables(document)).toEqual([]);
  });

  it('writes the page and its dates in the certificate language', () => {
    const french = parseHtml(page(templateRow(), 'fr'));
    expect(french.documentElement.lang).toBe('fr');
    expect(french.querySelector('h1')?.textContent).toBe('Analyse de données');
    expect(french.querySelector('.dates')?.textContent).toContain('5 mars 2025');
    expect(french.querySelector('.status')?.textContent).toContain('Certificat valide');
    expect(formatDate('2025-03-05', 'es')).toBe('5 de marzo de 2025');
    expect(formatDate('not a date', 'es')).toBe('not a date');
  });

  it('falls back to the default language content for a language the template lacks', () => {
    expect(parseHtml(page(templateRow(), 'de')).querySelector('h1')?.textContent).toBe('Data analysis');
  });

  it('escapes a script in the recipient data and in the template content', () => {
    const template = templateRow(
      { label: JSON.stringify(SCRIPT), fields_to_certified: 'Note' },
      {
        en: {
          microcertitle: SCRIPT,
          issuer: `Acme ${SCRIPT}`,
          outcome: `${SCRIPT} **bold**`,
          skills: `${SCRIPT},<img src=x onerror=alert(1)>`,
          issuer_url: 'javascript:alert(1)',
          partner: '"><svg onload=alert(1)>',
        },
      },
    );
    const html = page(template, 'en', {
      firstName: SCRIPT,
      lastName: '"><img src=x onerror=alert(2)>',
      obtentionDate: '2025-03-05"><script>',
      expirationDate: null,
      fields: {
        Note: SCRIPT,
        linkURL: 'javascript:alert(3)',
        linkLabel: SCRIPT,
        assessment: `[x](javascript:alert(4)) ${SCRIPT}`,
      },
    });
    const document = parseHtml(html);
    expect(executables(document)).toEqual([]);
    expect(html).not.toMatch(/<script|<img src=x|<svg|="javascript:/i);
    expect(document.querySelector('.graduate-name')?.textContent).toContain(SCRIPT);
    expect(document.querySelector('h1')?.textContent).toBe(SCRIPT);
    expect(document.title).toContain(SCRIPT);
  });

  it('shows each state with its own banner, and downloads only when valid', () => {
    const template = templateRow();
    const banner = (state: PageState, extra: object = {}) => {
      const document = parseHtml(
        renderCredentialPage({
          view: credentialView(template, 'en', ada, publicImage),
          state,
          brandName: 'Laurel',
          ...extra,
        }),
      );
      return document.querySelector(`.status-${state}`)?.textContent ?? '';
    };
    expect(banner('disabled')).toContain('suspended');
    expect(banner('expired', { expiredOn: '2024-12-31' })).toContain('expired on December 31, 2024');
    expect(banner('minting', { network: 'gnosis' })).toContain('gnosis network');
    expect(banner('sample')).toContain('not issued to anyone');
    expect(banner('preview')).toContain('once published');
  });

  it('draws each layout from its design', () => {
    for (const layout of LAYOUTS) {
      const cstyle: CStyle = { ...defaultStyle(), layout };
      const document = parseHtml(page(templateRow({ cstyle: JSON.stringify(cstyle) })));
      expect(document.body.className).toBe(`layout-${layout}`);
    }
    const terracotta = STYLE_PRESETS.find((preset) => preset.id === 'terracotta')?.cstyle;
    const html = page(templateRow({ cstyle: JSON.stringify(terracotta) }));
    expect(html).toContain(`--page-bg:${terracotta?.style.root.background}`);
    expect(html).toContain(`.title{font-weight:700;font-size:24px;color:#FFFFFF;background:#A4452C}`);
    expect(html).toContain("--font:'Trebuchet MS', 'Lucida Grande', sans-serif");
  });

  it('shows a registry template with its register and its elements, default titles in the page language', () => {
    const template = templateRow({
      type: 'cpf_onshelf',
      languages: 'fr',
      default_language: 'fr',
      params: JSON.stringify({ type: 'RNCP', idContrat: 'C-1' }),
      content: JSON.stringify({
        fr: {
          microcertitle: 'Titre RNCP',
          issuer: 'Acme',
          badge_logo: LOGO,
          location: 'Paris',
          reference: 'RNCP12345',
          reference_prefix: 'Fiche',
          decision: 'Ligne 1\nLigne 2',
        },
      }),
    });
    const document = parseHtml(page(template, 'fr'));
    expect(document.querySelector('.register')?.textContent).toBe('RNCP');
    const entries = [...document.querySelectorAll('.main .entries dt')].map((term) => term.textContent);
    expect(entries).toEqual(['Lieu', 'Décision', 'Fiche']);
    expect(document.querySelector('.main .entries')?.textContent).toContain('RNCP12345');
  });

  it('reads an import row as its certificate would hold it', () => {
    const recipient = recipientFromRow(
      {
        firstname: 'Grace',
        LASTNAME: 'Hopper',
        ExpirationDate: '2030-01-31',
        obtentionDate: '',
        linkURL: 'https://x.example',
      },
      '2025-06-01',
    );
    expect(recipient).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      obtentionDate: '2025-06-01',
      expirationDate: '2030-01-31',
    });
  });
});

describe('renderNoticePage', () => {
  it('says a credential was withdrawn without any of its data', () => {
    const document = parseHtml(renderNoticePage('deleted', 'es', 'Laurel', '/verify?key=k'));
    expect(document.documentElement.lang).toBe('es');
    expect(document.querySelector('.status-deleted')?.textContent).toContain('retirado');
    expect(document.querySelector('.card')).toBeNull();
    expect(executables(document)).toEqual([]);
  });
});

describe('thumbnails', () => {
  const svgOf = (input: Partial<Parameters<typeof renderThumbnailSvg>[0]> = {}) =>
    renderThumbnailSvg({
      title: 'Data analysis',
      issuer: 'Acme',
      badge: 'data:image/png;base64,iVBORw0KGgo=',
      cstyle: defaultStyle(),
      register: null,
      ...input,
    });
  const parseSvg = (svg: string) => parser.parseFromString(svg, 'image/svg+xml');

  it('are well-formed SVG with the badge embedded and the design colours', () => {
    const document = parseSvg(svgOf());
    expect(document.querySelector('parsererror')).toBeNull();
    expect(document.documentElement.localName).toBe('svg');
    expect(document.querySelector('image')?.getAttribute('href')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(document.querySelector('title')?.textContent).toBe('Data analysis');
    expect(svgOf()).toContain(`fill="${defaultStyle().style.title.background}"`);
  });

  it('escape the texts and drop characters XML refuses', () => {
    const svg = svgOf({ title: `${SCRIPT} & <b>\u0001`, issuer: '"/><script>alert(2)</script>', register: '<RS>' });
    const document = parseSvg(svg);
    expect(document.querySelector('parsererror')).toBeNull();
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(executables(document)).toEqual([]);
    expect(document.querySelector('title')?.textContent).toBe(`${SCRIPT} & <b>`);
  });

  it('refuse a badge that is not one of our image sources, and hostile colours', () => {
    const hostile = {
      ...defaultStyle(),
      style: { ...defaultStyle().style, root: { fontFamily: 'x', background: 'red"/><script>' } },
    };
    const svg = svgOf({ badge: 'javascript:alert(1)', cstyle: hostile });
    expect(svg).not.toContain('javascript');
    expect(svg).not.toContain('<script');
    expect(parseSvg(svg).querySelector('circle')).not.toBeNull();
  });

  it('wrap long titles on two lines at most', () => {
    expect(wrapWords('one two three', 8, 2)).toEqual(['one two', 'three']);
    expect(wrapWords('aaaa bbbb cccc dddd eeee', 9, 2)).toEqual(['aaaa bbbb', 'cccc ddd…']);
  });

  it('name a distributed-web content id of 46 letters and digits, per language too', () => {
    const id = 'Qm' + 'a'.repeat(44);
    expect(thumbnailContentId(id, 'en', 'en')).toBe(id);
    expect(thumbnailContentId(JSON.stringify({ fr: id }), 'fr', 'en')).toBe(id);
    expect(thumbnailContentId(JSON.stringify({ en: id }), 'fr', 'en')).toBe(id);
    expect(thumbnailContentId('Qm' + 'a'.repeat(43), 'en', 'en')).toBeNull();
    expect(thumbnailContentId('https://example.org/thumb.png', 'en', 'en')).toBeNull();
    expect(thumbnailContentId(null, 'en', 'en')).toBeNull();
  });
});
