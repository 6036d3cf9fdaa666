/**
 * Dates typed and shown in the interface language's format (issue 29: a native date input follows the browser's
 * language, so a French screen showed mm/dd/yyyy in an English browser). The app's English is British: day first.
 */

type Part = 'day' | 'month' | 'year';

export interface DateFormat {
  /** the parts in the order the language writes them */
  order: readonly Part[];
  separator: string;
}

const REGIONS: Record<string, string> = { en: 'en-GB', fr: 'fr-FR', es: 'es-ES' };

const formats = new Map<string, DateFormat>();

/** The numeric date format of a language (en, fr, es, or any BCP 47 tag). */
export function dateFormatOf(language: string): DateFormat {
  const tag = REGIONS[language] ?? language;
  let format = formats.get(tag);
  if (!format) {
    const parts = new Intl.DateTimeFormat(tag, { day: '2-digit', month: '2-digit', year: 'numeric' }).formatToParts(
      new Date(Date.UTC(2026, 10, 28)),
    );
    const order = parts.filter((part) => ['day', 'month', 'year'].includes(part.type)).map((part) => part.type as Part);
    format = { order, separator: parts.find((part) => part.type === 'literal')?.value ?? '/' };
    formats.set(tag, format);
  }
  return format;
}

/** An ISO date (yyyy-mm-dd) as the language writes it: 28/11/2026; '' stays ''. */
export function formatLocalDate(iso: string, language: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return '';
  const values: Record<Part, string> = { year: match[1], month: match[2], day: match[3] };
  const { order, separator } = dateFormatOf(language);
  return order.map((part) => values[part]).join(separator);
}

/** The format as a placeholder, with the language's letters for day, month and year: jj/mm/aaaa. */
export function localDatePlaceholder(language: string, letters: Record<Part, string>): string {
  const { order, separator } = dateFormatOf(language);
  return order.map((part) => letters[part].repeat(part === 'year' ? 4 : 2)).join(separator);
}

/**
 * A typed date in the language's order, with any of / . - or spaces between its numbers, as an ISO date;
 * '' for an empty text; null for anything else (a part missing, a day that does not exist, a two-digit year).
 * Also read, since nobody means anything else by them: eight digits without separators in the language's order
 * (01012020, as a native date input lets one type) and an ISO date (2020-01-01, as pasted from a file).
 */
export function parseLocalDate(text: string, language: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const { order } = dateFormatOf(language);
  let numbers = trimmed.split(/[\s/.-]+/);
  if (numbers.length === 1 && /^\d{8}$/.test(trimmed)) {
    let at = 0;
    numbers = order.map((part) => trimmed.slice(at, (at += part === 'year' ? 4 : 2)));
  }
  if (numbers.length !== 3 || numbers.some((value) => !/^\d+$/.test(value))) return null;
  if (numbers[0].length === 4 && order[0] !== 'year') return isoDate(numbers[0], numbers[1], numbers[2]);
  const value = (part: Part) => numbers[order.indexOf(part)];
  return isoDate(value('year'), value('month'), value('day'));
}

/** yyyy-mm-dd from its parts as typed, or null when they do not name an existing day of a four-digit year. */
function isoDate(yearText: string, monthText: string, dayText: string): string | null {
  if (yearText.length !== 4 || dayText.length > 2 || monthText.length > 2) return null;
  const [year, month, day] = [Number(yearText), Number(monthText), Number(dayText)];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${yearText}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
