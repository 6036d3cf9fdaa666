/**
 * Cleaning of what users type into the template editors (spec 001 section 5), applied by the editors as the
 * user leaves a field and again by the server, so that both store and count the same text.
 */

/** The generic currency sign is reserved (spec 001 section 5): it never reaches stored content. */
const CURRENCY_SIGN = /¤/gu;

/** A whole value of the form [[name]] is an unfilled placeholder from a template, not content. */
const PLACEHOLDER = /^\[\[(?:(?!\]\]).)*\]\]$/su;

/**
 * Cleans one value: canonical Unicode form (NFC, so that counts agree between browsers), line breaks as \n,
 * tabs as spaces, no ¤, no control characters other than the line break, trimmed. A value that is only a
 * [[placeholder]] becomes empty. HTML is not escaped here: content is shown as text, and the Markdown
 * fields are sanitised when displayed.
 */
export function cleanInput(value: string | null | undefined): string {
  if (value == null) return '';
  const cleaned = value
    .normalize('NFC')
    .replace(/\r\n?/gu, '\n')
    .replace(/\t/gu, ' ')
    .replace(CURRENCY_SIGN, '')
    .replace(/\p{Cc}/gu, (character) => (character === '\n' ? character : ''))
    .trim();
  return PLACEHOLDER.test(cleaned) ? '' : cleaned;
}

export interface CleanedTags {
  /** the tags in the order typed, each cleaned */
  tags: string[];
  /** the tags joined by commas, as stored */
  value: string;
}

/**
 * A tag list (skills, other partners): semicolons count as commas, each tag is cleaned, empty tags dropped,
 * and a tag repeating an earlier one (ignoring case: "SQL" and "sql" are the same skill) dropped; the first
 * spelling is kept.
 */
export function cleanTags(value: string | null | undefined): CleanedTags {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of (value ?? '').replace(/;/gu, ',').split(',')) {
    const tag = cleanInput(part);
    const identity = tag.toLowerCase();
    if (tag === '' || seen.has(identity)) continue;
    seen.add(identity);
    tags.push(tag);
  }
  return { tags, value: tags.join(',') };
}

/** One value for every language, or one value per language code: the shape of `Label` in domain/templates.ts. */
export type PerLanguage = string | Record<string, string>;

/**
 * A field whose values are identical in every language is stored once, as a plain string; otherwise the
 * per-language map is kept as given. A single language therefore collapses too, and an empty map stays an
 * empty map (there is no value to keep). Values are compared exactly, so clean them first.
 */
export function collapseIdenticalLanguages(valuesByLanguage: Readonly<Record<string, string>>): PerLanguage {
  const values = Object.values(valuesByLanguage);
  if (values.length === 0) return { ...valuesByLanguage };
  return values.every((value) => value === values[0]) ? values[0] : { ...valuesByLanguage };
}

/** The reverse of collapseIdenticalLanguages for the editors: one value per language asked for, '' when missing. */
export function expandLanguages(value: PerLanguage, languages: readonly string[]): Record<string, string> {
  return Object.fromEntries(
    languages.map((language) => [language, typeof value === 'string' ? value : (value[language] ?? '')]),
  );
}
