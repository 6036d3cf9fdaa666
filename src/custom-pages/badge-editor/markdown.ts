import DOMPurify from 'dompurify';
import { renderMarkdown } from '../../../domain/rendering/markdown';

/**
 * The outcome, assessment and component texts as the public page shows them (the shared renderer of
 * domain/rendering/markdown.ts, which escapes the author's text first), passed through DOMPurify with the
 * renderer's small allow-list before the web app displays them.
 */
export function markdownToSafeHtml(source: string): string {
  return DOMPurify.sanitize(renderMarkdown(source), {
    ALLOWED_TAGS: ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'h3', 'a'],
    ALLOWED_ATTR: ['href', 'rel', 'target', 'class'],
  });
}
