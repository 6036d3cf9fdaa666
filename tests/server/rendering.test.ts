import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { executables } from '../support/executables';
import { safeStyle } from '../../domain/rendering/styleSanitiser';
import { defaultStyle, LAYOUTS, STYLE_PRESETS, type CStyle } from '../../domain/templateRules/style';
import type { Template } from '../../server/db/schema';
import { parseTemplate, parseThumbnail, type ParsedTemplate } from '../../server/repositories/templateRows';
import {
  formatDate,
  renderCredentialPage,
  renderNoticePage,
  type PageState,
} from '../../server/services/rendering/credentialPage';
import { credentialView, recipientFromRow, type RecipientData } from '../../server/services/rendering/credentialView';
import { designRules, designVariables } from '../../server/services/rendering/pageStyles';
import { renderThumbnailSvg, thumbnailContentId, wrapWords } from '../../server/services/rendering/thumbnail';

/** jsdom's DOMParser (jsdom ships no types): the rendered documents are checked as a browser parses them. */
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new () => { window: { DOMParser: typeof DOMParser } };
};
const parser = new new JSDOM().window.DOMParser();

const LOGO = 'templates/7/0f8fad5b-d9cb-469f-a165-70867728950e.svg';
const SCRIPT = '<script>alert(1)</script>';

function templateRow(overrides: Partial<Template> = {}, content: Record<string, Record<string, string | null>> = {}) {
  return parseTemplate({
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
    public_sample: 0,
    names_optional: 0,
    expiry: null,
    ...overrides,
  } satisfies Template);
}

const ada: RecipientData = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  obtentionDate: '2025-03-05',
  expirationDate: null,
  fields: {},
};

const publicImage = (key: string) => `/api/template/image/7/${key.split('/')[2]}`;

function page(template: ParsedTemplate, language = 'en', recipient = ada, state: PageState = 'valid') {
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

describe("the design's CSS", () => {
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
    const stored = (column: string | null) => parseThumbnail(column);
    expect(thumbnailContentId(stored(id), 'en', 'en')).toBe(id);
    expect(thumbnailContentId(stored(JSON.stringify(id)), 'en', 'en')).toBe(id);
    expect(thumbnailContentId(stored(JSON.stringify({ fr: id })), 'fr', 'en')).toBe(id);
    expect(thumbnailContentId(stored(JSON.stringify({ en: id })), 'fr', 'en')).toBe(id);
    expect(thumbnailContentId(stored('Qm' + 'a'.repeat(43)), 'en', 'en')).toBeNull();
    expect(thumbnailContentId(stored('https://example.org/thumb.png'), 'en', 'en')).toBeNull();
    expect(thumbnailContentId(stored('12345'), 'en', 'en')).toBeNull();
    expect(thumbnailContentId(stored(null), 'en', 'en')).toBeNull();
  });
});
