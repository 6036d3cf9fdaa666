/** Escaping and address checks shared by the public pages and the editor's preview: user text never reaches HTML unescaped. */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text safe in element content and in quoted attribute values (HTML and SVG alike). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]);
}

const WEB_ADDRESS = /^https?:\/\/[^\s<>"'`]+$/i;
const MAIL_ADDRESS = /^mailto:[^\s<>"'`]+$/i;

/** The address when it is http(s) or mailto (so never javascript: or data:), else null. */
export function safeHref(value: string | null | undefined): string | null {
  const address = value?.trim() ?? '';
  if (address.length > 2000) return null;
  return WEB_ADDRESS.test(address) || MAIL_ADDRESS.test(address) ? address : null;
}
