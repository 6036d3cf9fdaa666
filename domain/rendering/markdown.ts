import { escapeHtml, safeHref } from './html';

/**
 * A small Markdown renderer for the template's outcome, assessment and component texts (spec 001 section 5:
 * Markdown is sanitised before display). The text is escaped first, so no HTML of the author's ever passes;
 * then bold, italics, links (http, https and mailto only) and bare web addresses, bulleted and numbered lists,
 * headings and paragraphs are recognised. Anything else shows as the text it is. The public pages show the
 * result as it is; the web app also passes it through DOMPurify before display.
 */
export function renderMarkdown(source: string): string {
  return markdownBlocks(normalise(source))
    .map((block) => {
      switch (block.kind) {
        case 'heading':
          return `<h3 class="md-heading">${inline(block.lines[0])}</h3>`;
        case 'ul':
        case 'ol':
          return `<${block.kind}>${block.lines.map((line) => `<li>${inline(line)}</li>`).join('')}</${block.kind}>`;
        case 'paragraph':
          return `<p>${block.lines.map(inline).join('<br>')}</p>`;
      }
    })
    .join('\n');
}

interface Block {
  kind: 'paragraph' | 'ul' | 'ol' | 'heading';
  lines: string[];
}

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/;
const HEADING = /^\s*#{1,6}\s+(.*?)\s*#*\s*$/;

/** Line breaks as \n, no control character, and no private-use marker of the ones set below. */
function normalise(source: string): string {
  // eslint-disable-next-line no-control-regex
  return source.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b-\u001f\u007f\ue000]/g, '');
}

function markdownBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  const start = (kind: Block['kind'], line: string) => {
    current = { kind, lines: [line] };
    blocks.push(current);
  };
  for (const line of text.split('\n')) {
    const open = current as Block | null;
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    const heading = HEADING.exec(line);
    if (line.trim() === '') {
      current = null;
    } else if (heading) {
      start('heading', heading[1]);
      current = null;
    } else if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      const item = (bullet ?? numbered)?.[1] ?? '';
      if (open?.kind === kind) open.lines.push(item);
      else start(kind, item);
    } else if (open && open.kind !== 'paragraph') {
      // a line under a list item continues that item
      open.lines[open.lines.length - 1] += ` ${line.trim()}`;
    } else if (open) {
      open.lines.push(line.trim());
    } else {
      start('paragraph', line.trim());
    }
  }
  return blocks;
}

/** Private-use characters around set-aside links; normalise removes them from the text. */
const MARK = '\ue000';
const MARKED = /\ue000(\d+)\ue000/g;

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function anchor(address: string, label: string): string {
  const external = address.toLowerCase().startsWith('mailto:') ? '' : ' target="_blank"';
  return `<a href="${escapeHtml(address)}" rel="noopener noreferrer nofollow"${external}>${label}</a>`;
}

function emphasis(html: string): string {
  return html
    .replace(/\*\*(?=\S)([^*]*?\S)\*\*/g, '<strong>$1</strong>')
    .replace(/(^|[^\w])__(?=\S)([^_]*?\S)__(?!\w)/g, '$1<strong>$2</strong>')
    .replace(/\*(?=\S)([^*]*?\S)\*/g, '<em>$1</em>')
    .replace(/(^|[^\w])_(?=\S)([^_]*?\S)_(?!\w)/g, '$1<em>$2</em>');
}

/** One line of text: escaped, then links set aside (so emphasis never cuts an address), then emphasis. */
function inline(text: string): string {
  const links: string[] = [];
  const keep = (html: string) => `${MARK}${links.push(html) - 1}${MARK}`;
  let html = escapeHtml(text).replace(
    /\[([^\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))+)\)/g,
    (_, label: string, target: string) => {
      const address = safeHref(unescapeHtml(target));
      return address ? keep(anchor(address, emphasis(label))) : label;
    },
  );
  html = html.replace(/\bhttps?:\/\/(?:(?!&quot;|&#39;|&lt;|&gt;)[^\s\ue000])+/gi, (found: string) => {
    const [, address, trailing] = /^(.*?)([.,;:!?)]*)$/.exec(unescapeHtml(found)) ?? ['', '', ''];
    const safe = safeHref(address);
    return safe ? keep(anchor(safe, escapeHtml(address))) + escapeHtml(trailing) : found;
  });
  return emphasis(html).replace(MARKED, (_, index: string) => links[Number(index)]);
}
