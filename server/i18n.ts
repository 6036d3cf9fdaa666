import fs from 'node:fs';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, isSupportedLanguage, type Language } from '../domain/language';

/** Server-side texts (emails) come from the same locale files as the web app, so one set of translations. */
const messages = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((language) => [
    language,
    JSON.parse(fs.readFileSync(new URL(`../locales/${language}.json`, import.meta.url), 'utf8')) as unknown,
  ]),
) as Record<Language, unknown>;

function lookup(tree: unknown, key: string): string | undefined {
  let node = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export function serverLanguage(value: unknown): Language {
  return isSupportedLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function translate(language: Language, key: string, vars: Record<string, string> = {}): string {
  const template = lookup(messages[language], key) ?? lookup(messages[DEFAULT_LANGUAGE], key) ?? `~${key}`;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
}
