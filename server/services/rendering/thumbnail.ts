import { safeStyle } from '../../../domain/rendering/styleSanitiser';
import type { TemplateThumbnail } from '../../repositories/templateRows';
import { escapeHtml, isSafeImageSource } from './html';

/**
 * Gateways of the distributed web, tried in this order; the web card asks the second 100 ms after the first
 * (spec 001 section 3).
 */
export const DWEB_GATEWAYS = ['https://ipfs.io/ipfs/', 'https://dweb.link/ipfs/'] as const;

/** A thumbnail held on the distributed web is named by its 46-character content id (spec 001 section 9). */
const CONTENT_ID = /^[A-Za-z0-9]{46}$/;

/**
 * The content id the template's thumbnail names for `language`, if any. The column holds one value, or a map of
 * language to value (spec 001 section 3: "string or per-language").
 */
export function thumbnailContentId(
  thumbnail: TemplateThumbnail,
  language: string,
  defaultLanguage: string,
): string | null {
  if (thumbnail === null) return null;
  const value =
    typeof thumbnail === 'string'
      ? thumbnail
      : (thumbnail[language] ?? thumbnail[defaultLanguage] ?? Object.values(thumbnail)[0]);
  return typeof value === 'string' && CONTENT_ID.test(value.trim()) ? value.trim() : null;
}

export interface ThumbnailInput {
  title: string;
  issuer: string;
  /** a data URI of the badge logo, so that the SVG stands alone wherever it is shown */
  badge: string | null;
  /** the template's stored design (any JSON) */
  cstyle: unknown;
  /** RNCP or RS for a registry template */
  register: string | null;
}

/** Characters XML 1.0 forbids (controls other than tab and line breaks, lone surrogates, U+FFFE and U+FFFF). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function xmlText(value: string): string {
  return escapeHtml(value.replace(NOT_XML, ''));
}

/** Words laid on at most `maxLines` lines of about `width` characters; what does not fit ends in an ellipsis. */
export function wrapWords(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = text.split(/\s+/).filter(Boolean);
  for (let index = 0; index < words.length; index++) {
    const word = [...words[index]].length > width ? `${[...words[index]].slice(0, width - 1).join('')}…` : words[index];
    const candidate = line ? `${line} ${word}` : word;
    if ([...candidate].length <= width) {
      line = candidate;
      continue;
    }
    lines.push(line);
    line = word;
    if (lines.length === maxLines) {
      const last = [...lines[maxLines - 1]];
      lines[maxLines - 1] = `${last.slice(0, Math.max(0, width - 1)).join('')}…`;
      return lines;
    }
  }
  if (line) lines.push(line);
  return lines;
}

const WIDTH = 400;
const HEIGHT = 300;

/** A small card of the template drawn from its design: title band, badge logo, issuer, in its colours. */
export function renderThumbnailSvg(input: ThumbnailInput): string {
  const style = safeStyle(input.cstyle);
  const titleLines = wrapWords(input.title, 30, 2);
  const bandHeight = 28 + titleLines.length * 24;
  const titleText = titleLines
    .map((line, index) => `<tspan x="${WIDTH / 2}" dy="${index === 0 ? 0 : 24}">${xmlText(line)}</tspan>`)
    .join('');
  const badgeTop = bandHeight + 30;
  const badgeSize = HEIGHT - badgeTop - 54;
  // a custom design shows its design image where the others show the badge, as its pages do
  const picture = style.designImage ?? input.badge;
  const badge =
    picture && isSafeImageSource(picture)
      ? `<image x="${(WIDTH - badgeSize) / 2}" y="${badgeTop}" width="${badgeSize}" height="${badgeSize}" preserveAspectRatio="xMidYMid meet" href="${escapeHtml(picture)}" xlink:href="${escapeHtml(picture)}"/>`
      : `<circle cx="${WIDTH / 2}" cy="${badgeTop + badgeSize / 2}" r="${badgeSize / 2}" fill="${style.skill.background}" stroke="${style.splitter}" stroke-width="2"/>`;
  const register = input.register
    ? `<text x="${WIDTH - 28}" y="${bandHeight + 30}" text-anchor="end" font-size="11" font-weight="700" fill="${style.subTitle.color}">${xmlText(input.register)}</text>`
    : '';
  const issuer = wrapWords(input.issuer, 44, 1)[0] ?? '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${xmlText(input.title)}">
<title>${xmlText(input.title)}</title>
<defs><clipPath id="card"><rect x="12" y="12" width="${WIDTH - 24}" height="${HEIGHT - 24}" rx="14"/></clipPath></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="${style.pageBackground}"/>
<g clip-path="url(#card)">
<rect x="12" y="12" width="${WIDTH - 24}" height="${HEIGHT - 24}" fill="${style.sectionBackground}"/>
<rect x="12" y="12" width="${WIDTH - 24}" height="${bandHeight}" fill="${style.title.background}"/>
<rect x="12" y="${12 + bandHeight}" width="${WIDTH - 24}" height="2" fill="${style.splitter}"/>
</g>
<rect x="12.5" y="12.5" width="${WIDTH - 25}" height="${HEIGHT - 25}" rx="14" fill="none" stroke="${style.splitter}"/>
<text x="${WIDTH / 2}" y="${12 + 30}" text-anchor="middle" font-family="${escapeHtml(style.fontFamily)}" font-size="19" font-weight="700" fill="${style.title.color}">${titleText}</text>
${register}${badge}
<text x="${WIDTH / 2}" y="${HEIGHT - 30}" text-anchor="middle" font-family="${escapeHtml(style.fontFamily)}" font-size="13" font-weight="600" fill="${style.subTitle.color}">${xmlText(issuer)}</text>
</svg>
`;
}
