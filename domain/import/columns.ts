import { BLANK_IMPORT_COLUMNS, REGISTER_IMPORT_COLUMNS } from './blankFile';

/**
 * The columns an import may have, and what a header that is none of them most likely meant (issue 28: no column
 * is silently dropped). Shared by the web app, which shows the suggestions and lets the user map each header, and
 * the server, which refuses unknown columns of rows sent by the API unless the call maps them.
 */

/** header as the file writes it → the template's column it stands for, or null to ignore the column. */
export type ColumnMapping = Readonly<Record<string, string | null>>;

/** A header that is none of the template's columns: where it is (A1 notation) and the column it most likely meant. */
export interface UnknownColumn {
  header: string;
  cell: string;
  suggestion: string | null;
}

/**
 * The recipient's fields every certificate shows (its public page, PDF and credential say who it was awarded to):
 * their columns must be in the file and their cells filled, for every kind of template today.
 */
export const REQUIRED_RECIPIENT_FIELDS = ['firstName', 'lastName'] as const;

/**
 * The register columns the registry export reads from a row (server/services/cpfExport), beyond those the blank
 * file writes (REGISTER_IMPORT_COLUMNS).
 */
export const REGISTER_READ_COLUMNS = [
  'anneeNaissance',
  'moisNaissance',
  'jourNaissance',
  'codePostalNaissance',
  'codePaysNaissance',
  'libellePaysNaissance',
  'nomUsage',
  'prenom1',
  'prenom2',
  'prenom3',
  'idDossier',
  'nomTitulaire',
  'prenom1Titulaire',
  'voieAccessVAE',
  'initiativeInscription',
  'dateInscription',
  'libelleOption',
  'obtentionCertification',
  'donneeCertifiee',
  'dateDebutExamen',
  'dateFinExamen',
  'modalitePassageExamen',
  'codePostalCentreExamen',
  'niveauLangueEuropeen',
  'scoreGeneral',
  'scoring',
  'mentionValidee',
  'verbatim',
] as const;

/**
 * What the standard columns are called in English, French and Spanish, as people head them in their own sheets
 * (and as the app labels them). Compared normalised (normalisedHeader), so case, spaces, punctuation and accents
 * do not matter. "Nom" is the family name in French; "Nombre" the given name in Spanish.
 */
export const COLUMN_LABELS: Readonly<Record<string, readonly string[]>> = {
  language: ['Language', 'Lang', 'Langue', 'Idioma', 'Lengua'],
  ID: ['Identifier', 'Identifiant', 'Identificador', 'Id number', 'Numéro', 'Número'],
  Email: [
    'E-mail',
    'Email address',
    'Mail',
    'Adresse e-mail',
    'Adresse électronique',
    'Courriel',
    'Correo',
    'Correo electrónico',
  ],
  firstName: ['First name', 'Given name', 'Forename', 'Prénom', 'Nombre'],
  lastName: ['Last name', 'Surname', 'Family name', 'Nom', 'Nom de famille', 'Apellido', 'Apellidos'],
  obtentionDate: [
    'Obtention date',
    'Date obtained',
    'Award date',
    'Date of award',
    'Issue date',
    "Date d'obtention",
    'Obtenu le',
    'Fecha de obtención',
    'Obtenido el',
  ],
  ExpirationDate: [
    'Expiration date',
    'Expiry date',
    'Expires',
    "Date d'expiration",
    'Expire le',
    'Fecha de caducidad',
    'Fecha de expiración',
    'Fecha de vencimiento',
  ],
  assessment: ['Assessment', 'Évaluation', 'Evaluación'],
  linkLabel: ['Link label', 'Link text', 'Libellé du lien', 'Texte du lien', 'Etiqueta del enlace', 'Texto del enlace'],
  linkURL: ['Link', 'URL', 'Link address', 'Lien', 'Adresse du lien', 'Enlace', 'Dirección del enlace'],
};

/** Whether a template type's rows may carry the register's columns: the registry certifications (cpf_onshelf, cpf). */
export function hasRegisterColumns(type: string): boolean {
  return type === 'cpf_onshelf' || type === 'cpf';
}

/** What the import needs of a template to know its columns (a subset of ImportDefinition). */
export interface ColumnDefinition {
  technicalFields: readonly string[];
  fieldsToCertify: readonly string[];
  fileFields: readonly string[];
  /** a registry template: the register's columns are its own too */
  register?: boolean;
}

/** Lowercase, no accents, letters and digits only: "Date d'obtention" → "datedobtention", "First name" → "firstname". */
export function normalisedHeader(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');
}

/**
 * The template's columns, in the blank file's order, each once (compared without regard to case): the standard
 * ones, the technical fields, the template's fields and file fields, and for a registry template the register's.
 */
export function importColumns(definition: ColumnDefinition): string[] {
  const seen = new Set<string>();
  const columns: string[] = [];
  const register = definition.register ? [...REGISTER_IMPORT_COLUMNS, ...REGISTER_READ_COLUMNS] : [];
  for (const raw of [
    ...BLANK_IMPORT_COLUMNS,
    ...definition.technicalFields,
    ...definition.fieldsToCertify,
    ...definition.fileFields,
    ...register,
  ]) {
    const name = raw.trim();
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    columns.push(name);
  }
  return columns;
}

/** Edit distance with transpositions (optimal string alignment), stopping early past `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, before[j - 2] + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return previous[b.length];
}

/** Typos allowed between a header and a column's name: none for short names, one from 5 letters, two from 9. */
function typoLimit(length: number): number {
  return length >= 9 ? 2 : length >= 5 ? 1 : 0;
}

/**
 * The column each header most likely meant, by header (those that are already columns are left out), null when
 * none is close. A header matches a column by the column's name or one of its labels (COLUMN_LABELS), normalised;
 * then by a typo or two. Only columns the file lacks are suggested, each for one header at most (the first that
 * matches it best), so that following every suggestion never makes two headers one column.
 */
export function suggestHeaderMapping(
  headers: readonly string[],
  definition: ColumnDefinition,
): Map<string, string | null> {
  const columns = importColumns(definition);
  const byLowerName = new Map(columns.map((column) => [column.toLowerCase(), column]));
  const present = new Set<string>();
  const unknown: string[] = [];
  for (const raw of headers) {
    const header = raw.trim();
    if (header === '') continue;
    const column = byLowerName.get(header.toLowerCase());
    if (column) present.add(column);
    else if (!unknown.includes(header)) unknown.push(header);
  }
  const names: { column: string; name: string }[] = [];
  for (const column of columns) {
    if (present.has(column)) continue;
    for (const text of [column, ...(COLUMN_LABELS[column] ?? [])]) {
      const name = normalisedHeader(text);
      if (name !== '') names.push({ column, name });
    }
  }
  const suggestions = new Map<string, string | null>();
  const taken = new Set<string>();
  // exact (normalised) matches first, so that a typo never takes the column another header names exactly
  const candidates = unknown.map((header) => {
    const name = normalisedHeader(header);
    let best: { column: string; cost: number } | null = null;
    for (const entry of names) {
      const cost = name === entry.name ? 0 : distance(name, entry.name, typoLimit(entry.name.length));
      if (cost <= typoLimit(entry.name.length) && (best === null || cost < best.cost))
        best = { column: entry.column, cost };
    }
    return { header, best };
  });
  for (const pass of [0, 1]) {
    for (const { header, best } of candidates) {
      if (!best || (pass === 0) !== (best.cost === 0) || taken.has(best.column)) continue;
      taken.add(best.column);
      suggestions.set(header, best.column);
    }
  }
  for (const header of unknown) if (!suggestions.has(header)) suggestions.set(header, null);
  return new Map(unknown.map((header) => [header, suggestions.get(header) ?? null]));
}

/**
 * A header as the mapping renames it: the column it is mapped to, '' when mapped to null (ignored: a column
 * without a header is not read), or the header itself. Keys are compared trimmed.
 */
export function mappedHeader(header: string, mapping: ColumnMapping | undefined): string {
  if (!mapping) return header;
  const key = header.trim();
  if (!Object.hasOwn(mapping, key)) return header;
  return mapping[key] ?? '';
}
