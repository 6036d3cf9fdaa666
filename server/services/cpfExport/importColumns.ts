import { isIsoDate } from '../publication/recipientData';
import { CPF_YEARS } from './cpfSchema';
import type { CpfProblem } from './cpfProblems';
import { cleanText, textLength } from './xmlText';

/** A certificate's import row read by column name, without regard to case; empty cells read as absent. */
export function columnReader(data: Readonly<Record<string, unknown>>): (column: string) => string | undefined {
  const values = new Map<string, string>();
  for (const [column, raw] of Object.entries(data)) {
    if (typeof raw !== 'string' && typeof raw !== 'number') continue;
    const text = cleanText(String(raw));
    if (text !== '') values.set(column.trim().toLowerCase(), text);
  }
  return (column) => values.get(column.toLowerCase());
}

/** Upper case, no accents, words joined by underscores: "en présentiel" reads as EN_PRESENTIEL. */
export function enumForm(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .trim()
    .replace(/[\s-]+/g, '_');
}

/** YYYY-MM-DD, or DD/MM/YYYY as French sheets write it, as an ISO date the schema's date pattern accepts. */
export function feedDate(value: string): string | undefined {
  const french = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const iso = french ? `${french[3]}-${french[2].padStart(2, '0')}-${french[1].padStart(2, '0')}` : value;
  if (!isIsoDate(iso)) return undefined;
  const year = Number(iso.slice(0, 4));
  return year >= CPF_YEARS.min && year <= CPF_YEARS.max ? iso : undefined;
}

const TRUE_WORDS = new Set(['TRUE', 'VRAI', 'OUI', 'YES', '1']);
const FALSE_WORDS = new Set(['FALSE', 'FAUX', 'NON', 'NO', '0']);

/**
 * The checks of one certificate's values: each reader answers the value to write, or undefined when the
 * column is absent or its value is wrong, in which case the problem is recorded.
 */
export class ColumnChecks {
  readonly problems: CpfProblem[] = [];
  readonly read: (column: string) => string | undefined;

  constructor(data: Readonly<Record<string, unknown>>) {
    this.read = columnReader(data);
  }

  problem(field: string, code: CpfProblem['code'], detail?: string): undefined {
    this.problems.push(detail === undefined ? { field, code } : { field, code, detail });
    return undefined;
  }

  /** The column's text, of at most `max` characters. */
  text(field: string, max: number): string | undefined {
    return this.checkText(field, max, this.read(field));
  }

  /** A text of at most `max` characters that goes into `field`. */
  checkText(field: string, max: number, value: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    const text = cleanText(value);
    if (text === '') return undefined;
    return textLength(text) > max ? this.problem(field, 'too_long', String(max)) : text;
  }

  /** A text the schema requires: from the column, else from the product's own field. */
  requiredText(field: string, max: number, fallback: string, columns: string): string | undefined {
    const value = this.checkText(field, max, this.read(field) ?? fallback);
    if (value === undefined && !this.problems.some((problem) => problem.field === field)) {
      return this.problem(field, 'required', columns);
    }
    return value;
  }

  oneOf<T extends string>(
    field: string,
    values: readonly T[],
    aliases: Readonly<Record<string, T>> = {},
  ): T | undefined {
    const raw = this.read(field);
    if (raw === undefined) return undefined;
    const form = enumForm(raw);
    const value = (values as readonly string[]).includes(form) ? (form as T) : aliases[form];
    return value ?? this.problem(field, 'invalid', values.join(', '));
  }

  date(field: string): string | undefined {
    return this.checkDate(field, this.read(field));
  }

  checkDate(field: string, value: string | undefined): string | undefined {
    if (value === undefined) return undefined;
    return (
      feedDate(value) ??
      this.problem(field, 'invalid', `a date YYYY-MM-DD between ${CPF_YEARS.min} and ${CPF_YEARS.max}`)
    );
  }

  boolean(field: string): boolean | undefined {
    const raw = this.read(field);
    if (raw === undefined) return undefined;
    const form = enumForm(raw);
    if (TRUE_WORDS.has(form)) return true;
    if (FALSE_WORDS.has(form)) return false;
    return this.problem(field, 'invalid', 'true or false');
  }

  integer(field: string, min: number, max: number): number | undefined {
    const raw = this.read(field);
    if (raw === undefined) return undefined;
    const value = /^\d+$/.test(raw) ? Number(raw) : NaN;
    return value >= min && value <= max
      ? value
      : this.problem(field, 'invalid', `a whole number from ${min} to ${max}`);
  }
}
