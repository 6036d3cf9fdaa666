import MarkdownIt, { type Token } from 'markdown-it';
import { safeHref } from './html';

/**
 * Markdown of the template's outcome, assessment and component texts (spec 001 section 5: Markdown is sanitised
 * before display), read by markdown-it (CommonMark). The author's HTML is never read as HTML (`html: false`: it
 * shows as the text it is); only paragraphs with line breaks, headings (all shown as one small heading level),
 * bulleted and numbered lists, bold, italics and links (http, https and mailto only; bare web addresses too) are
 * made, so the result holds only the tags and attributes below. The public pages show it as it is; the web app
 * also passes it through DOMPurify with the same allow-list.
 */
export const MARKDOWN_ALLOWED_TAGS: readonly string[] = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'h3', 'a'];
export const MARKDOWN_ALLOWED_ATTRIBUTES: readonly string[] = ['href', 'rel', 'target', 'class', 'start'];

const markdown = new MarkdownIt('commonmark', { html: false, breaks: true, linkify: true });
// what would make other tags: code, quotes, rules, images, tables and raw HTML stay text
markdown.enable(['linkify']);
markdown.disable(['code', 'fence', 'blockquote', 'hr', 'html_block', 'html_inline', 'image', 'backticks']);
markdown.linkify.set({ fuzzyLink: false, fuzzyEmail: false, fuzzyIP: false });
// every address is parsed as a link, then the core rule below keeps only the safe ones (as their label otherwise)
markdown.validateLink = () => true;

function safeLinks(children: Token[]): Token[] {
  const kept: Token[] = [];
  const dropped: boolean[] = [];
  for (const token of children) {
    if (token.type === 'link_open') {
      const href = safeHref(String(token.attrGet('href') ?? ''));
      dropped.push(href === null);
      if (href === null) continue;
      const external = !href.toLowerCase().startsWith('mailto:');
      token.attrs = [
        ['href', href],
        ['rel', 'noopener noreferrer nofollow'],
      ];
      if (external) token.attrSet('target', '_blank');
    } else if (token.type === 'link_close' && dropped.pop()) {
      continue;
    }
    kept.push(token);
  }
  return kept;
}

markdown.core.ruler.push('laurel_links', (state) => {
  for (const token of state.tokens) {
    if (token.type === 'inline' && token.children) token.children = safeLinks(token.children);
    // lists are written on one line, as the pages always showed them
    const nestedClose = /^(bullet_list|ordered_list)_close$/.test(token.type) && token.level > 0;
    if (nestedClose || /^(bullet_list|ordered_list)_open$|^list_item_(open|close)$/.test(token.type)) {
      token.block = false;
    }
  }
});
markdown.renderer.rules.heading_open = () => '<h3 class="md-heading">';
markdown.renderer.rules.heading_close = () => '</h3>\n';
markdown.renderer.rules.softbreak = () => '<br>';
markdown.renderer.rules.hardbreak = () => '<br>';

/** Line breaks as \n and no control character. */
function normalise(source: string): string {
  // eslint-disable-next-line no-control-regex
  return source.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

export function renderMarkdown(source: string): string {
  return markdown.render(normalise(source)).trim();
}

function inlineText(children: Token[]): string {
  let text = '';
  const links: { href: string; start: number }[] = [];
  for (const token of children) {
    switch (token.type) {
      case 'text':
      case 'code_inline':
        text += token.content;
        break;
      case 'softbreak':
      case 'hardbreak':
        text += '\n';
        break;
      case 'link_open':
        links.push({ href: String(token.attrGet('href') ?? ''), start: text.length });
        break;
      case 'link_close': {
        const link = links.pop();
        if (!link) break;
        const label = text.slice(link.start);
        const address = decodeURI(link.href).replace(/^mailto:/i, '');
        if (label !== address) text += ` (${address})`;
        break;
      }
    }
  }
  return text;
}

/**
 * The same Markdown as plain text, for what shows text only (an OB 3.0 description, a mail's text part): one
 * paragraph, heading or list per block, blocks apart, list items as "- " or "1. " lines (nested ones indented),
 * links as "label (address)" (the address alone when it is the label), no markup and no HTML entities.
 */
export function markdownToPlainText(source: string): string {
  const blocks: string[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let listLines: string[] = [];
  let marker = '';
  for (const token of markdown.parse(normalise(source), {})) {
    switch (token.type) {
      case 'bullet_list_open':
      case 'ordered_list_open':
        lists.push({ ordered: token.type === 'ordered_list_open', next: Number(token.attrGet('start') ?? 1) });
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        lists.pop();
        if (lists.length === 0 && listLines.length > 0) {
          blocks.push(listLines.join('\n'));
          listLines = [];
        }
        break;
      case 'list_item_open': {
        const list = lists[lists.length - 1];
        marker = `${'  '.repeat(lists.length - 1)}${list.ordered ? `${list.next++}.` : '-'} `;
        break;
      }
      case 'inline': {
        const text = inlineText(token.children ?? [])
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '')
          .join('\n');
        if (text === '') break;
        if (lists.length === 0) {
          blocks.push(text);
        } else {
          const indent = '  '.repeat(lists.length);
          listLines.push(`${marker || indent}${text.replaceAll('\n', `\n${indent}`)}`);
          marker = '';
        }
        break;
      }
    }
  }
  return blocks.join('\n\n');
}
