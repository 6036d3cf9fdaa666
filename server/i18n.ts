import fs from 'node:fs';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES, isSupportedLanguage, type Language } from '../domain/language';
import { fillMessage, messageAt } from '../domain/messageTree';

/** Server-side texts (emails) come from the same locale files as the web app, so one set of translations. */
const messages = Object.fromEntries(
  SUPPORTED_LANGUAGES.map((language) => [
    language,
    JSON.parse(fs.readFileSync(new URL(`../locales/${language}.json`, import.meta.url), 'utf8')) as unknown,
  ]),
) as Record<Language, unknown>;

export function serverLanguage(value: unknown): Language {
  return isSupportedLanguage(value) ? value : DEFAULT_LANGUAGE;
}

export function translate(language: Language, key: string, vars: Record<string, string> = {}): string {
  const template = messageAt(messages[language], key) ?? messageAt(messages[DEFAULT_LANGUAGE], key) ?? `~${key}`;
  return fillMessage(template, vars);
}

/**
 * The language of an API answer's message: the lang query parameter, else the first supported language of the
 * Accept-Language header (the browser's order), else English.
 */
export function requestLanguage(request: { query?: unknown; headers: Record<string, unknown> }): Language {
  const query = (request.query as { lang?: unknown } | undefined)?.lang;
  if (isSupportedLanguage(query)) return query;
  const header = request.headers['accept-language'];
  for (const part of typeof header === 'string' ? header.split(',') : []) {
    const code = part.trim().slice(0, 2).toLowerCase();
    if (isSupportedLanguage(code)) return code;
  }
  return DEFAULT_LANGUAGE;
}
