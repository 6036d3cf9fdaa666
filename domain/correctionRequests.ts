/**
 * The recipient's correction requests (issue 28, "the recipient asks for a correction"): from the certificate's public
 * page, proved by a code mailed to its address, the recipient asks that a field be corrected; the issuer approves
 * (a corrected re-issue of that one certificate) or refuses with a message. Shared by the server and the web app.
 */

export const CORRECTION_STATES = ['pending', 'approved', 'refused'] as const;
export type CorrectionState = (typeof CORRECTION_STATES)[number];

/** A corrected value, and the recipient's and the issuer's messages, at most this many characters. */
export const CORRECTION_VALUE_MAX_LENGTH = 200;
export const CORRECTION_MESSAGE_MAX_LENGTH = 1000;
export const CORRECTION_ANSWER_MAX_LENGTH = 1000;
/** The letters a name may change by (in total over first and last name) and still be approved automatically. */
export const SMALL_NAME_CHANGE_MAX = 2;

/** The recipient's names: always correctable, and the only ones an automatic approval looks at. */
export const CORRECTION_NAME_FIELDS = ['firstName', 'lastName'] as const;

/**
 * Columns the recipient never corrects, even when the template lists them as its own fields:
 * - the address (`Email`): the code mailed to it is the proof of who asks; letting that person move the certificate to
 *   another address would hand it over (the issuer corrects it by a re-issue);
 * - the language and the technical fields (the recipient key): a re-issue refuses them anyway (ERR_CHANGE_NOT_ALLOWED);
 * - the dates (`obtentionDate`, `ExpirationDate`) and the assessment: they are what the issuer certifies, not facts
 *   about the recipient; a recipient who thinks one wrong says so in the message, and the issuer re-issues;
 * - the link (`linkLabel`, `linkURL`): a link on the issuer's certificate chosen by someone else could lead anywhere.
 * File fields are not text and are never offered either.
 */
export const NEVER_CORRECTED = [
  'email',
  'language',
  'id',
  'obtentiondate',
  'expirationdate',
  'assessment',
  'linklabel',
  'linkurl',
] as const;

/** What the correction needs of a template: its recipient columns (TemplateImportData's). */
export interface CorrectionTemplate {
  technicalFields: readonly string[];
  fieldsToCertified: readonly string[];
  fileFields: readonly string[];
}

/** The fields the recipient may ask to correct: first and last name, then the template's other text columns. */
export function correctableFields(template: CorrectionTemplate): string[] {
  const excluded = new Set<string>([
    ...NEVER_CORRECTED,
    ...template.technicalFields.map((field) => field.toLowerCase()),
    ...template.fileFields.map((field) => field.toLowerCase()),
  ]);
  const seen = new Set<string>();
  const fields: string[] = [];
  for (const raw of [...CORRECTION_NAME_FIELDS, ...template.fieldsToCertified]) {
    const field = raw.trim();
    const key = field.toLowerCase();
    if (field === '' || seen.has(key) || excluded.has(key)) continue;
    seen.add(key);
    fields.push(field);
  }
  return fields;
}

/** field → its value before and the value asked for. */
export type CorrectionChanges = Record<string, { from: string; to: string }>;

export type CorrectionError =
  | { error: 'nothing_changed' }
  | { error: 'field_not_allowed'; field: string }
  | { error: 'value_too_long'; field: string }
  | { error: 'value_empty'; field: string }
  | { error: 'message_too_long' };

/** Spaces at the ends dropped, runs of spaces made one: "  Ana  María " → "Ana María". */
export function cleanValue(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/**
 * Checks a request: `asked` maps fields to the values typed (a field left as it was is no change), `current` the
 * certificate's values. Answers the changes (only the fields that change), or the first problem: a field not
 * correctable, a value too long, a name emptied (a certificate says who it was awarded to), nothing changed, a
 * message too long.
 */
export function checkCorrection(
  template: CorrectionTemplate,
  current: Readonly<Record<string, string>>,
  asked: Readonly<Record<string, string>>,
  message: string,
): { ok: true; changes: CorrectionChanges; message: string } | ({ ok: false } & CorrectionError) {
  const allowed = correctableFields(template);
  const changes: CorrectionChanges = {};
  for (const [field, raw] of Object.entries(asked)) {
    if (!allowed.includes(field)) return { ok: false, error: 'field_not_allowed', field };
    const to = cleanValue(raw);
    if ([...to].length > CORRECTION_VALUE_MAX_LENGTH) return { ok: false, error: 'value_too_long', field };
    const from = current[field] ?? '';
    if (to === cleanValue(from)) continue;
    if (to === '' && (CORRECTION_NAME_FIELDS as readonly string[]).includes(field)) {
      return { ok: false, error: 'value_empty', field };
    }
    changes[field] = { from, to };
  }
  const cleanMessage = message.trim();
  if ([...cleanMessage].length > CORRECTION_MESSAGE_MAX_LENGTH) return { ok: false, error: 'message_too_long' };
  if (Object.keys(changes).length === 0) return { ok: false, error: 'nothing_changed' };
  return { ok: true, changes, message: cleanMessage };
}

/**
 * Edit distance between two texts counted in letters (code points, so "é" is one letter), with a transposition of
 * two neighbours counting as one: "Jhon" → "John" is 1.
 */
export function letterDistance(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  const rows: number[][] = [Array.from({ length: y.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1][j] + 1, row[j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        best = Math.min(best, rows[i - 2][j - 2] + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[x.length][y.length];
}

/**
 * Whether a change of the recipient's name is small enough to be approved automatically: at most
 * SMALL_NAME_CHANGE_MAX letters changed in total across first and last name (edit distance, NFC-normalised so the
 * same letter typed two ways is the same). A change of case or accent counts as a letter ("dupont" → "Dupont" is 1,
 * "Helene" → "Hélène" is 2): these are exactly the typos this is for, and each is still one visible letter. Names
 * swapped between first and last name, or emptied, are not small.
 */
export function isSmallNameChange(
  before: { firstName: string; lastName: string },
  after: { firstName: string; lastName: string },
): boolean {
  const norm = (value: string) => cleanValue(value).normalize('NFC');
  if (norm(after.firstName) === '' || norm(after.lastName) === '') return false;
  const total =
    letterDistance(norm(before.firstName), norm(after.firstName)) +
    letterDistance(norm(before.lastName), norm(after.lastName));
  return total > 0 && total <= SMALL_NAME_CHANGE_MAX;
}

/** Whether the changes touch only the recipient's names (an automatic approval never looks at other fields). */
export function onlyNamesChange(changes: CorrectionChanges): boolean {
  const fields = Object.keys(changes);
  return fields.length > 0 && fields.every((field) => (CORRECTION_NAME_FIELDS as readonly string[]).includes(field));
}

/** A request as the admin API answers it. */
export interface CorrectionRequestView {
  id: number;
  certificateKey: string;
  status: CorrectionState;
  changes: CorrectionChanges;
  message: string;
  answer: string | null;
  createdAt: string;
  answeredAt: string | null;
  /** null: answered automatically (or not yet answered) */
  answeredBy: number | null;
  automatic: boolean;
  replacementKey: string | null;
  email: string;
  templateId: number;
}
