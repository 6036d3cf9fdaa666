import type { SafeStyle, SafeTextStyle } from '../../../domain/rendering/styleSanitiser';

/**
 * The fixed stylesheet of the public credential pages. The template's design only supplies the values it
 * reads (custom properties and the text blocks' rules below, from the sanitised design), so a design changes
 * colours, fonts and the layout, never the page's structure, its responsiveness or its print rules.
 */
export const PAGE_STYLES = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;background:var(--page-bg);font-family:var(--font);color:var(--text-color);line-height:1.5;-webkit-print-color-adjust:exact;print-color-adjust:exact}
.page{max-width:980px;margin:0 auto;padding:32px 16px 24px;display:flex;flex-direction:column;gap:16px}
.layout-oneCol .page,.layout-CUSTOM_LAYOUT .page{max-width:760px}
.status{display:flex;gap:12px;align-items:flex-start;padding:12px 16px;border-radius:10px;border:1px solid;font-size:14px;background:#fff}
.status strong{display:block;font-size:15px}
.status p{margin:2px 0 0}
.status-icon{flex:none;width:22px;height:22px;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;color:#fff;font-weight:700;font-size:13px;line-height:1}
.status-valid{border-color:#9bd0ae;background:#eef8f1;color:#14532d}.status-valid .status-icon{background:#1e7a44}
.status-disabled,.status-deleted,.status-replaced{border-color:#f0b4b4;background:#fdf0f0;color:#7f1d1d}.status-disabled .status-icon,.status-deleted .status-icon,.status-replaced .status-icon{background:#b42318}
.status-expired{border-color:#f3cf8e;background:#fff7e8;color:#713f12}.status-expired .status-icon{background:#b45309}
.renewal-note{margin:-4px 0 16px;padding:10px 14px;border:1px solid #bcd9ce;border-radius:8px;background:#f1f8f5;color:#1f3d33}.renewal-note p{margin:0}.renewal-note a{color:#1f5c4a;font-weight:600}
.status-minting{border-color:#a9c5f0;background:#eef4fd;color:#1e3a8a}.status-minting .status-icon{background:#1d4ed8}
.status-sample,.status-preview{border-color:#c9c9d6;background:#f5f5f9;color:#33334d}.status-sample .status-icon,.status-preview .status-icon{background:#55557a}
.status-unpublished{border-color:#f3cf8e;background:#fff7e8;color:#713f12}.status-unpublished .status-icon{background:#b45309}
.languages{display:flex;flex-wrap:wrap;gap:8px;justify-content:flex-end;font-size:14px}
.languages a,.languages span{padding:4px 12px;border-radius:999px;border:1px solid var(--splitter);background:var(--section-bg);text-decoration:none;color:var(--text-color)}
.languages span{font-weight:700;border-color:var(--accent)}
.card{background:var(--section-bg);border-radius:16px;box-shadow:0 1px 2px rgba(16,24,40,.06),0 12px 32px rgba(16,24,40,.10);overflow:hidden}
.title{margin:0;padding:28px 32px;text-align:center}
.title h1{margin:0;font:inherit;line-height:1.25;overflow-wrap:anywhere}
.register{display:inline-block;margin-top:8px;padding:2px 10px;border-radius:999px;border:1px solid currentColor;font-size:12px;font-weight:600;letter-spacing:.04em;opacity:.9}
.body{display:grid;gap:0;grid-template-columns:minmax(0,1fr);grid-template-areas:"badge" "recipient" "main" "aside" "orgs"}
.part{padding:24px 32px;min-width:0}
.part:empty{display:none}
.part+.part{border-top:1px solid var(--splitter)}
.badge{grid-area:badge;display:flex;justify-content:center;padding-bottom:0}
.badge img{display:block;width:180px;max-width:100%;height:auto;max-height:220px;object-fit:contain}
.badge+.recipient{border-top:0}
.recipient{grid-area:recipient;text-align:center}
.main{grid-area:main}
.aside{grid-area:aside}
.orgs{grid-area:orgs}
.label{margin:0 0 4px;font-size:12px;text-transform:uppercase;letter-spacing:.08em;color:var(--accent);font-weight:600}
.graduate-name{margin:0;line-height:1.2;overflow-wrap:anywhere}
.dates{display:flex;flex-wrap:wrap;justify-content:center;gap:8px 32px;margin:16px 0 0}
.dates div{display:flex;flex-direction:column}
.dates dt{font-size:12px;text-transform:uppercase;letter-spacing:.08em;color:var(--accent);font-weight:600}
.dates dd{margin:0}
.subtitle{margin:0 0 8px;line-height:1.3}
.block+.block{margin-top:20px}
.md p,.md ul,.md ol{margin:0 0 8px}
.md p:last-child,.md ul:last-child,.md ol:last-child{margin-bottom:0}
.md ul,.md ol{padding-left:22px}
.md-heading{margin:12px 0 4px;font-size:1.05em}
.skills{display:flex;flex-wrap:wrap;gap:8px;margin:0;padding:0;list-style:none}
.skill{padding:4px 12px;line-height:1.4}
.entries{margin:0;display:grid;grid-template-columns:minmax(0,auto) minmax(0,1fr);gap:6px 16px}
.entries dt{font-weight:600;color:var(--accent)}
.org p{margin:0}
.org p+p{margin-top:2px}
.entries dd{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.org{display:flex;align-items:center;gap:14px}
.org+.org{margin-top:16px}
.org img{flex:none;width:64px;height:64px;object-fit:contain}
.org-name{margin:0;font-weight:600;overflow-wrap:anywhere}
.tags{margin:4px 0 0;padding:0;list-style:none;display:flex;flex-wrap:wrap;gap:4px 10px}
.tags li+li::before{content:"\\00B7";margin-right:10px;opacity:.6}
a{text-decoration:underline;text-underline-offset:2px;overflow-wrap:anywhere}
.button{display:inline-block;padding:8px 16px;border-radius:8px;border:1px solid var(--accent);text-decoration:none;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:10px;justify-content:center}
.actions a{display:inline-block;padding:10px 18px;border-radius:8px;background:var(--section-bg);border:1px solid var(--splitter);color:var(--text-color);text-decoration:none;font-weight:600;font-size:14px}
.actions a.primary{background:var(--title-bg);border-color:var(--title-bg);color:var(--title-color)}
.actions a:focus-visible,.languages a:focus-visible,.card a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.share{display:grid;gap:6px;justify-items:center;text-align:center;font-size:14px}
.share h2{margin:0}
.share input{width:min(100%,34rem);padding:8px 10px;border:1px solid var(--splitter);border-radius:6px;background:var(--section-bg);color:var(--text-color);font:inherit;text-align:center}
.share input:focus-visible,.share a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.share-links{display:flex;flex-wrap:wrap;gap:6px 16px;justify-content:center;margin:0}
.footer{text-align:center;font-size:12px;opacity:.75;margin:8px 0 0}
.layout-legacy .card{border:6px double var(--splitter);border-radius:6px}
.layout-legacy .title{padding:36px 40px}
.layout-legacy .body{text-align:center}
.layout-legacy .entries{text-align:left;grid-template-columns:auto auto;justify-content:center}
.layout-legacy .md ul,.layout-legacy .md ol{list-style-position:inside;padding-left:0}
.layout-legacy .skills,.layout-legacy .tags{justify-content:center}
.layout-legacy .orgs{display:flex;flex-wrap:wrap;justify-content:center;gap:24px 48px}
.layout-legacy .org+.org{margin-top:0}
.layout-legacy .org{flex-direction:column;gap:8px}
.layout-CUSTOM_LAYOUT .badge img{width:320px;max-height:360px}
.layout-CUSTOM_LAYOUT .badge img.design-image{width:auto;max-height:480px}
@media (min-width:760px){
.layout-threeCol .body{grid-template-columns:minmax(0,1fr) minmax(0,2fr) minmax(0,1fr);grid-template-rows:auto 1fr;grid-template-areas:"badge recipient aside" "orgs main aside"}
.layout-threeCol .part+.part{border-top:0}
.layout-threeCol .badge,.layout-threeCol .orgs{border-right:1px solid var(--splitter)}
.layout-threeCol .aside{border-left:1px solid var(--splitter)}
.layout-threeCol .main{border-top:1px solid var(--splitter)}
.layout-threeCol .badge{padding-bottom:24px;align-items:flex-start}
.layout-threeCol .badge img{width:160px}
.layout-threeCol .org{flex-direction:column;align-items:flex-start;gap:8px}
}
@media (max-width:520px){
.page{padding:16px 10px}
.title,.part{padding-left:18px;padding-right:18px}
}
@media print{
body{background:#fff}
.page{max-width:none;padding:0}
.card{box-shadow:none;break-inside:avoid}
.actions,.share,.languages,.footer{display:none}
a{text-decoration:none}
@page{margin:12mm}
}
`;

function declarations(block: SafeTextStyle): string {
  return `font-weight:${block.fontWeight};font-size:${block.fontSize};color:${block.color}`;
}

/** The design's custom properties, which the page's fixed stylesheet reads. */
export function designVariables(style: SafeStyle): string {
  const variables: [string, string][] = [
    ['font', style.fontFamily],
    ['page-bg', style.pageBackground],
    ['section-bg', style.sectionBackground],
    ['splitter', style.splitter],
    ['title-bg', style.title.background],
    ['title-color', style.title.color],
    ['text-color', style.paragraph.color],
    ['accent', style.subTitle.color],
    ['link-color', style.link.color],
    ['skill-bg', style.skill.background],
    ['skill-color', style.skill.color],
    ['skill-border', `${style.skill.borderWidth} solid ${style.skill.borderColor}`],
    ['skill-radius', style.skill.borderRadius],
  ];
  return `:root{${variables.map(([name, value]) => `--${name}:${value}`).join(';')}}`;
}

/** Per-block rules of the design: the text blocks' weight, size and colour. */
export function designRules(style: SafeStyle): string {
  return [
    `.title{${declarations(style.title)};background:${style.title.background}}`,
    `.paragraph,.md{${declarations(style.paragraph)}}`,
    `.subtitle{${declarations(style.subTitle)}}`,
    `a{${declarations(style.link)}}`,
    `.graduate-name{${declarations(style.graduateName)}}`,
    `.skill{${declarations(style.skill)};background:${style.skill.background};border:${style.skill.borderWidth} solid ${style.skill.borderColor};border-radius:${style.skill.borderRadius}}`,
  ].join('\n');
}
