/** Helpers of the public page renderers; escaping and address checks are shared with the web app's preview. */
export { escapeHtml, safeHref } from '../../../domain/rendering/html';

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
