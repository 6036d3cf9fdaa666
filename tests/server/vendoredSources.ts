import crypto from 'node:crypto';
import fs from 'node:fs';

/**
 * The sha256 of each file a SOURCES.md table lists (| `file` | … | sha256 |), and of the files the text after
 * the table names with "from `…`, sha256 …". The repository stands alone (issue 29): the official files are
 * vendored beside the code that uses them, and these hashes are the record of where they came from.
 */
export function recordedHashes(sourcesFile: URL): Map<string, string> {
  const text = fs.readFileSync(sourcesFile, 'utf8');
  const hashes = new Map<string, string>();
  for (const match of text.matchAll(/^\|\s*`([^`]+)`\s*\|.*\|\s*([0-9a-f]{64})\s*\|$/gm))
    hashes.set(match[1], match[2]);
  for (const match of text.matchAll(/^`([^`]+)` is [^]*?sha256 ([0-9a-f]{64})/gm)) hashes.set(match[1], match[2]);
  return hashes;
}

export function sha256(file: URL): string {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}
