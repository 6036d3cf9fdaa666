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
