import { useLocaleState } from 'react-admin';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A count or an amount grouped the way the reader's language writes it: 10,000 in English, 10 000 in French,
 * 10.000 in Spanish (issue 14). The one place in src/ that formats plain numbers; messages do the same with
 * i18next's `{{count, number}}`.
 */
export function formatNumber(value: number, locale: string): string {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale);
    formatters.set(locale, formatter);
  }
  return formatter.format(value);
}

/** formatNumber bound to the language of the interface. */
export function useNumberFormat(): (value: number) => string {
  const [locale] = useLocaleState();
  return (value) => formatNumber(value, locale);
}

/** The numbers react-admin interpolates in its own messages: pagination range, page, selection and update counts. */
const RA_NUMBERS = /\{\{\s*(smart_count|offsetBegin|offsetEnd|total|page)\s*\}\}/g;

/**
 * react-admin's messages ("1-25 of 10000", "10000 items selected") interpolate bare numbers; once converted to
 * i18next they are given the `number` format so that they are grouped like every other count.
 */
export function groupRaNumbers<T>(messages: T): T {
  if (typeof messages === 'string') return messages.replace(RA_NUMBERS, '{{$1, number}}') as T;
  if (typeof messages !== 'object' || messages === null) return messages;
  return Object.fromEntries(Object.entries(messages).map(([key, value]) => [key, groupRaNumbers(value)])) as T;
}
