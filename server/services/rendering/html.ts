/** Escaping and address checks shared by the public page renderers: user text never reaches HTML unescaped. */

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

/** Images on public pages: our own stored logos, or data URIs of the accepted image types. */
const IMAGE_SOURCE =
  /^(?:\/api\/template\/image\/\d+\/[0-9a-f-]+\.(?:png|jpg|svg)|data:image\/(?:png|jpeg|svg\+xml);base64,[A-Za-z0-9+/]+=*)$/;

export function isSafeImageSource(value: string): boolean {
  return IMAGE_SOURCE.test(value);
}

export function dataUri(contentType: string, bytes: Uint8Array): string {
  return `data:${contentType};base64,${Buffer.from(bytes).toString('base64')}`;
}

/** A BCP 47 tag for the lang attribute and Intl; anything else reads as English. */
export function languageTag(value: string): string {
  return /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/.test(value) ? value : 'en';
}
