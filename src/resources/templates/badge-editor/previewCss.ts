import { safeStyle } from '../../../../domain/rendering/styleSanitiser';
import type { Layout } from '../../../../domain/templateRules/style';

/**
 * The public credential page's fixed stylesheet (server/services/rendering/pageStyles.ts) scoped to the live
 * preview: every rule sits under .lp-preview, and the page's viewport query becomes a container query, so the
 * three-column layout opens when the preview pane, not the window, is wide enough. The design's values come
 * from the custom properties previewStyle sets on the root.
 */
const RULES = `
.lp-preview{container:lp-preview/inline-size;background:var(--page-bg);font-family:var(--font);color:var(--text-color);line-height:1.5;border-radius:8px;text-align:left}
.lp-preview *,.lp-preview *::before,.lp-preview *::after{box-sizing:border-box}
.lp-preview .page{max-width:980px;margin:0 auto;padding:24px 16px;display:flex;flex-direction:column;gap:16px}
.lp-preview.layout-oneCol .page,.lp-preview.layout-CUSTOM_LAYOUT .page{max-width:760px}
.lp-preview .status{display:flex;gap:12px;align-items:flex-start;padding:12px 16px;border-radius:10px;border:1px solid #c9c9d6;font-size:14px;background:#f5f5f9;color:#33334d}
.lp-preview .status strong{display:block;font-size:15px}
.lp-preview .status p{margin:2px 0 0}
.lp-preview .status-icon{flex:none;width:22px;height:22px;border-radius:50%;display:inline-flex;align-items:center;justify-content:center;color:#fff;background:#55557a;font-weight:700;font-size:13px;line-height:1}
.lp-preview .card{background:var(--section-bg);border-radius:16px;box-shadow:0 1px 2px rgba(16,24,40,.06),0 12px 32px rgba(16,24,40,.10);overflow:hidden}
.lp-preview .title{margin:0;padding:28px 32px;text-align:center;font-weight:var(--title-weight);font-size:var(--title-size);color:var(--title-color);background:var(--title-bg)}
.lp-preview .title h2{margin:0;font:inherit;line-height:1.25;overflow-wrap:anywhere}
.lp-preview .register{display:inline-block;margin-top:8px;padding:2px 10px;border-radius:999px;border:1px solid currentColor;font-size:12px;font-weight:600;letter-spacing:.04em;opacity:.9}
.lp-preview .body{display:grid;gap:0;grid-template-columns:minmax(0,1fr);grid-template-areas:"badge" "recipient" "main" "aside" "orgs"}
.lp-preview .part{padding:24px 32px;min-width:0}
.lp-preview .part+.part{border-top:1px solid var(--splitter)}
.lp-preview .badge{grid-area:badge;display:flex;justify-content:center;padding-bottom:0}
.lp-preview .badge img{display:block;width:180px;max-width:100%;height:auto;max-height:220px;object-fit:contain}
.lp-preview .badge+.recipient{border-top:0}
.lp-preview .recipient{grid-area:recipient;text-align:center}
.lp-preview .main{grid-area:main}
.lp-preview .aside{grid-area:aside}
.lp-preview .orgs{grid-area:orgs}
.lp-preview .label{margin:0 0 4px;font-size:12px;text-transform:uppercase;letter-spacing:.08em;color:var(--accent);font-weight:600}
.lp-preview .graduate-name{margin:0;line-height:1.2;overflow-wrap:anywhere;font-weight:var(--name-weight);font-size:var(--name-size);color:var(--name-color)}
.lp-preview .dates{display:flex;flex-wrap:wrap;justify-content:center;gap:8px 32px;margin:16px 0 0}
.lp-preview .dates div{display:flex;flex-direction:column}
.lp-preview .dates dt{font-size:12px;text-transform:uppercase;letter-spacing:.08em;color:var(--accent);font-weight:600}
.lp-preview .dates dd{margin:0}
.lp-preview .subtitle{margin:0 0 8px;line-height:1.3;font-weight:var(--subtitle-weight);font-size:var(--subtitle-size);color:var(--subtitle-color)}
.lp-preview .block+.block{margin-top:20px}
.lp-preview .paragraph,.lp-preview .md{font-weight:var(--paragraph-weight);font-size:var(--paragraph-size);color:var(--paragraph-color)}
.lp-preview .md p,.lp-preview .md ul,.lp-preview .md ol{margin:0 0 8px}
.lp-preview .md p:last-child,.lp-preview .md ul:last-child,.lp-preview .md ol:last-child{margin-bottom:0}
.lp-preview .md ul,.lp-preview .md ol{padding-left:22px}
.lp-preview .md-heading{margin:12px 0 4px;font-size:1.05em}
.lp-preview .skills{display:flex;flex-wrap:wrap;gap:8px;margin:0;padding:0;list-style:none}
.lp-preview .skill{padding:4px 12px;line-height:1.4;font-weight:var(--skill-weight);font-size:var(--skill-size);color:var(--skill-color);background:var(--skill-bg);border:var(--skill-border-width) solid var(--skill-border-color);border-radius:var(--skill-radius)}
.lp-preview .entries{margin:0;display:grid;grid-template-columns:minmax(0,auto) minmax(0,1fr);gap:6px 16px}
.lp-preview .entries dt{font-weight:600;color:var(--accent)}
.lp-preview .entries dd{margin:0;white-space:pre-line;overflow-wrap:anywhere}
.lp-preview .org p{margin:0}
.lp-preview .org p+p{margin-top:2px}
.lp-preview .org{display:flex;align-items:center;gap:14px}
.lp-preview .org+.org{margin-top:16px}
.lp-preview .org img{flex:none;width:64px;height:64px;object-fit:contain}
.lp-preview .org-name{margin:0;font-weight:600;overflow-wrap:anywhere}
.lp-preview .tags{margin:4px 0 0;padding:0;list-style:none;display:flex;flex-wrap:wrap;gap:4px 10px}
.lp-preview .tags li+li::before{content:"\\00B7";margin-right:10px;opacity:.6}
.lp-preview a{text-decoration:underline;text-underline-offset:2px;overflow-wrap:anywhere;font-weight:var(--link-weight);font-size:var(--link-size);color:var(--link-color)}
.lp-preview .footer{text-align:center;font-size:12px;opacity:.75;margin:8px 0 0}
.lp-preview.layout-legacy .card{border:6px double var(--splitter);border-radius:6px}
.lp-preview.layout-legacy .title{padding:36px 40px}
.lp-preview.layout-legacy .body{text-align:center}
.lp-preview.layout-legacy .entries{text-align:left;grid-template-columns:auto auto;justify-content:center}
.lp-preview.layout-legacy .md ul,.lp-preview.layout-legacy .md ol{list-style-position:inside;padding-left:0}
.lp-preview.layout-legacy .skills,.lp-preview.layout-legacy .tags{justify-content:center}
.lp-preview.layout-legacy .orgs{display:flex;flex-wrap:wrap;justify-content:center;gap:24px 48px}
.lp-preview.layout-legacy .org+.org{margin-top:0}
.lp-preview.layout-legacy .org{flex-direction:column;gap:8px}
.lp-preview.layout-CUSTOM_LAYOUT .badge img{width:320px;max-height:360px}
.lp-preview.layout-CUSTOM_LAYOUT .badge img.design-image{width:auto;max-height:480px}
@container lp-preview (min-width:760px){
.lp-preview.layout-threeCol .body{grid-template-columns:minmax(0,1fr) minmax(0,2fr) minmax(0,1fr);grid-template-rows:auto 1fr;grid-template-areas:"badge recipient aside" "orgs main aside"}
.lp-preview.layout-threeCol .part+.part{border-top:0}
.lp-preview.layout-threeCol .badge,.lp-preview.layout-threeCol .orgs{border-right:1px solid var(--splitter)}
.lp-preview.layout-threeCol .aside{border-left:1px solid var(--splitter)}
.lp-preview.layout-threeCol .main{border-top:1px solid var(--splitter)}
.lp-preview.layout-threeCol .badge{padding-bottom:24px;align-items:flex-start}
.lp-preview.layout-threeCol .badge img{width:160px}
.lp-preview.layout-threeCol .org{flex-direction:column;align-items:flex-start;gap:8px}
}
@container lp-preview (max-width:520px){
.lp-preview .page{padding:16px 10px}
.lp-preview .title,.lp-preview .part{padding-left:18px;padding-right:18px}
}
`;

export const PREVIEW_CSS = RULES.trim();

export interface PreviewStyle {
  layout: Layout;
  variables: Record<`--${string}`, string>;
  /** the custom layout's design image, shown instead of the badge */
  designImage: string | null;
}

/**
 * The design (any shape) as the public page applies it: sanitised by the pages' own safeStyle, so the preview
 * shows what the page will show, then set as the custom properties PREVIEW_CSS reads.
 */
export function previewStyle(cstyle: unknown): PreviewStyle {
  const style = safeStyle(cstyle);
  const variables: Record<`--${string}`, string> = {
    '--font': style.fontFamily,
    '--page-bg': style.pageBackground,
    '--section-bg': style.sectionBackground,
    '--splitter': style.splitter,
    '--title-bg': style.title.background,
    '--text-color': style.paragraph.color,
    '--accent': style.subTitle.color,
    '--skill-bg': style.skill.background,
    '--skill-radius': style.skill.borderRadius,
    '--skill-border-width': style.skill.borderWidth,
    '--skill-border-color': style.skill.borderColor,
  };
  const blocks = {
    title: style.title,
    paragraph: style.paragraph,
    subtitle: style.subTitle,
    link: style.link,
    name: style.graduateName,
    skill: style.skill,
  };
  for (const [name, block] of Object.entries(blocks)) {
    variables[`--${name}-weight`] = block.fontWeight;
    variables[`--${name}-size`] = block.fontSize;
    variables[`--${name}-color`] = block.color;
  }
  return { layout: style.layout, variables, designImage: style.designImage };
}
