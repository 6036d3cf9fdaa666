import DOMPurify from 'dompurify';
import {
  MARKDOWN_ALLOWED_ATTRIBUTES,
  MARKDOWN_ALLOWED_TAGS,
  renderMarkdown,
} from '../../../../domain/rendering/markdown';

/**
 * The outcome, assessment and component texts as the public page shows them (markdown-it through the shared
 * renderer of domain/rendering/markdown.ts, which never reads the author's HTML), passed through DOMPurify with
 * the renderer's allow-list before the web app displays them.
 */
export function markdownToSafeHtml(source: string): string {
  return DOMPurify.sanitize(renderMarkdown(source), {
    ALLOWED_TAGS: [...MARKDOWN_ALLOWED_TAGS],
    ALLOWED_ATTR: [...MARKDOWN_ALLOWED_ATTRIBUTES],
  });
}
