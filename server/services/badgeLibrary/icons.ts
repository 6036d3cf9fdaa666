import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { IconGroup } from '../../../domain/badgeImage/model';
import { parseIconSvg } from '../../../domain/badgeImage/iconSvg';

/** An entry of the icon catalogue (spec 002 section 3): name, SVG, group, style and a short content hash. */
export interface IconEntry {
  name: string;
  data: string;
  group: IconGroup;
  style: 'outline' | 'solid';
  hash: string;
}

const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/** The two icon sets, read from their npm packages: heroicons outline and solid (24 px), lucide outline. */
const SOURCES: { group: IconGroup; style: IconEntry['style']; dir: () => string }[] = [
  { group: 'heroicons', style: 'outline', dir: () => path.join(packageDir('heroicons'), '24', 'outline') },
  { group: 'heroicons', style: 'solid', dir: () => path.join(packageDir('heroicons'), '24', 'solid') },
  { group: 'lucide', style: 'outline', dir: () => path.join(packageDir('lucide-static'), 'icons') },
];

/** The markup kept for an icon: comments and layout whitespace dropped, so models stay small. */
const compact = (svg: string) =>
  svg
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, ' ')
    .replace(/>\s+</g, '><')
    .replace(/\s*(\/?>)/g, '$1')
    .trim();

let catalogue: IconEntry[] | null = null;

/** Every icon, read once; icons the allow-list would refuse are left out. */
export function iconCatalogue(): IconEntry[] {
  if (catalogue) return catalogue;
  const entries: IconEntry[] = [];
  for (const source of SOURCES) {
    const dir = source.dir();
    for (const file of readdirSync(dir).sort()) {
      if (!file.endsWith('.svg')) continue;
      const data = compact(readFileSync(path.join(dir, file), 'utf8'));
      if (!parseIconSvg(data)) continue;
      const hash = createHash('sha256').update(data).digest('hex').slice(0, 12);
      entries.push({ name: file.slice(0, -4), data, group: source.group, style: source.style, hash });
    }
  }
  catalogue = entries;
  return entries;
}

export function findIcon(group: IconGroup, style: IconEntry['style'], name: string): string {
  const icon = iconCatalogue().find((i) => i.group === group && i.style === style && i.name === name);
  if (!icon) throw new Error(`no ${group} ${style} icon named ${name}`);
  return icon.data;
}
