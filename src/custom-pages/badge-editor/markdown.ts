import DOMPurify from 'dompurify';

/**
 * The outcome, assessment and component texts as the public page shows them (the server's renderer in
 * server/services/rendering/markdown.ts, mirrored here for the live preview): the text is escaped, then
 * bold, italics, links (http, https, mailto), bulleted and numbered lists, headings and paragraphs are
 * recognised. The result goes through DOMPurify with a small allow-list before it is displayed.
 */
export function markdownToSafeHtml(source: string): string {
  return DOMPurify.sanitize(renderMarkdown(source), {
    ALLOWED_TAGS: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'h3', 'a'],
    ALLOWED_ATTR: ['href', 'rel', 'target', 'class'],
  });
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]);
}

function unescapeHtml(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** http(s) and mailto addresses only, as on the public pages. */
export function safeHref(value: string | null | undefined): string | null {
  const address = value?.trim() ?? '';
  if (address.length > 2000) return null;
  return /^https?:\/\/[^\s<>"'`]+$/i.test(address) || /^mailto:[^\s<>"'`]+$/i.test(address) ? address : null;
}

interface Block {
  kind: 'paragraph' | 'ul' | 'ol' | 'heading';
  lines: string[];
}

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/;
const HEADING = /^\s*#{1,6}\s+(.*?)\s*#*\s*$/;

function markdownBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  for (const line of text.split('\n')) {
    const open = current as Block | null;
    const bullet = BULLET.exec(line);
    const numbered = NUMBERED.exec(line);
    const heading = HEADING.exec(line);
    if (line.trim() === '') {
      current = null;
    } else if (heading) {
      blocks.push({ kind: 'heading', lines: [heading[1]] });
      current = null;
    } else if (bullet || numbered) {
      const kind = bullet ? 'ul' : 'ol';
      const item = (bullet ?? numbered)?.[1] ?? '';
      if (open?.kind === kind) open.lines.push(item);
      else blocks.push((current = { kind, lines: [item] }));
    } else if (open && open.kind !== 'paragraph') {
      // a line under a list item continues that item
      open.lines[open.lines.length - 1] += ` ${line.trim()}`;
    } else if (open) {
      open.lines.push(line.trim());
    } else {
      blocks.push((current = { kind: 'paragraph', lines: [line.trim()] }));
    }
  }
  return blocks;
}

const MARK = '\ue000';
const MARKED = /\ue000(\d+)\ue000/g;

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

/** One line: escaped, links set aside (so emphasis never cuts an address), then emphasis. */
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

function renderMarkdown(source: string): string {
  const text = source.replace(/\r\n?/g, '\n').replace(/\ue000/g, '');
  return markdownBlocks(text)
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
