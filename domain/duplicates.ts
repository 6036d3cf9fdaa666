import { ALL_LANGUAGES, type ImportRow } from './import';

/**
 * Recipients published again (issue 28, "The same people again"): rows whose recipient already holds a valid
 * certificate of the template. Shared by the server, which finds and enforces them, and the publication page,
 * which shows them before anything is spent.
 */

/**
 * What a publish does with them (like Credly's `duplicate_behavior`): `deny` refuses the publish
 * (409 ERR_DUPLICATE_RECIPIENTS), `allow` issues them a certificate again, `skip` leaves them out (not charged),
 * `replace` issues them a corrected certificate that replaces their valid one (the newest), as a corrected re-issue
 * does, in the publish's transaction. `renew` (issue 28, renewing from a file) issues the recipients who hold a
 * certificate of the template, valid OR expired, a new one issued today with a new validity (the row's
 * ExpirationDate, else today plus the template's validity), linked to the old one as its renewal: the old one is not
 * revoked. Recipients who hold none are issued as usual.
 */
export const DUPLICATE_BEHAVIORS = ['deny', 'allow', 'skip', 'replace', 'renew'] as const;
export type DuplicateBehavior = (typeof DUPLICATE_BEHAVIORS)[number];
export const DEFAULT_DUPLICATE_BEHAVIOR: DuplicateBehavior = 'deny';

export const DUPLICATE_RECIPIENTS_CODE = 'ERR_DUPLICATE_RECIPIENTS';
/** A publish whose every recipient was skipped: there is nothing left to issue. */
export const NOTHING_TO_PUBLISH_CODE = 'ERR_NOTHING_TO_PUBLISH';

/** The recipients listed in an answer; the count says how many there are in all. */
export const DUPLICATES_LISTED = 100;

/** One recipient who already holds a valid certificate of the template. */
export interface DuplicateRecipient {
  /** the recipient's first row, numbered as in the spreadsheet (the header is row 1, the first data row 2) */
  row: number;
  /** the recipient's key (its technical fields' values joined by " / "), or its address when the template has none */
  recipient: string;
  /** the key of the valid certificate they hold (the newest when several) */
  certificateKey: string;
}

/** How many recipients of a publish already hold a certificate, and the first of them. */
export interface DuplicatesReport {
  /** recipients of the rows, in all */
  recipients: number;
  /** of them, those who already hold a valid certificate of this template */
  count: number;
  /** the first DUPLICATES_LISTED of them, in the rows' order */
  duplicates: DuplicateRecipient[];
  /**
   * of the recipients, those a publish with `renew` would renew: they hold a certificate of the template, valid or
   * expired, not renewed or replaced yet (answered by the duplicates check, POST /api/admin/data/duplicates)
   */
  renewable?: number;
  /**
   * of those `renew` would renew, the recipients whose main row gives an ExpirationDate not after today: a publish
   * with renew refuses them (400 ERR_VALID_UNTIL_PAST); `duplicates` lists the first DUPLICATES_LISTED, each by its
   * main row (the row whose date to correct) and the certificate it would renew (answered by the duplicates check)
   */
  pastRenewals?: { count: number; duplicates: DuplicateRecipient[] };
}

/**
 * Who a row is, as the certificates table records it: the values of the template's technical fields joined by
 * " / " (the certificate's recipient_key), or, when the template names none, its address.
 */
export function recipientIdentity(row: Readonly<ImportRow>, technicalFields: readonly string[]): string {
  return technicalFields.length > 0 ? technicalFields.map((field) => row[field] ?? '').join(' / ') : row.Email;
}

/**
 * The key that makes rows one recipient in a publish: the values of the template's technical fields (a recipient's
 * language rows share them); without technical fields every row is its own recipient (`#` and its index).
 */
export function recipientGroupKey(row: Readonly<ImportRow>, index: number, technicalFields: readonly string[]): string {
  return technicalFields.length > 0 ? technicalFields.map((field) => row[field] ?? '').join('\u001f') : `#${index}`;
}

/**
 * A recipient's main row, given its rows by language in the file's order: its 'all' row, else the row of its first
 * language. The certificate is issued from it (its language, address, fields and dates); the other rows are its
 * translations. The publish and the import preview both ask this.
 */
export function mainRow<Row>(rowsByLanguage: ReadonlyMap<string, Row>): Row {
  return rowsByLanguage.get(ALL_LANGUAGES) ?? (rowsByLanguage.values().next().value as Row);
}
