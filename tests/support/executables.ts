/**
 * What a browser could run from a parsed document: script-like elements, event handler attributes and script
 * addresses. The rendering tests expect none from hostile content.
 */
export function executables(document: Document): string[] {
  const found: string[] = [];
  for (const element of document.querySelectorAll('*')) {
    if (['script', 'iframe', 'object', 'embed', 'form'].includes(element.localName)) found.push(element.localName);
    for (const attribute of element.attributes) {
      if (attribute.name.startsWith('on')) found.push(`${element.localName}@${attribute.name}`);
      if (
        ['href', 'src', 'action', 'xlink:href'].includes(attribute.name) &&
        /^\s*(?:javascript|vbscript):/i.test(attribute.value)
      ) {
        found.push(`${element.localName}@${attribute.name}=${attribute.value}`);
      }
    }
  }
  return found;
}
