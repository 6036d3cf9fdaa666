/** The string at a dotted key of a locale file's tree ('publicPage.title'), or undefined where there is none. */
export function messageAt(tree: unknown, key: string): string | undefined {
  let node = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** A message with its {{name}} placeholders filled from `vars` (a missing one left empty). */
export function fillMessage(template: string, vars: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
}
