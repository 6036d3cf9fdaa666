/**
 * The account verification form of spec 000 sections 2.12 and 5: its fields, what each needs, the two files'
 * types and size, and when the form is offered. Pure rules, checked by the form and again by the server.
 */
export const VERIFICATION_TEXT_FIELDS = ['publicName', 'officialName', 'juridicForm', 'address', 'website'] as const;
export type VerificationTextField = (typeof VERIFICATION_TEXT_FIELDS)[number];

export const VERIFICATION_TEXT_MAX_LENGTH = 300;

export type VerificationFileKind = 'hdLogo' | 'officialDoc';

export const VERIFICATION_FILE_EXTENSIONS: Record<VerificationFileKind, readonly string[]> = {
  hdLogo: ['.png', '.svg', '.ai', '.eps', '.pdf', '.jpg', '.jpeg'],
  officialDoc: ['.pdf', '.doc', '.docx'],
};

/** Each file at most 2 MB (spec 000 section 9). */
export const VERIFICATION_FILE_MAX_BYTES = 2 * 1024 * 1024;

export type VerificationFileError = 'unsupported_type' | 'too_large';

/** null when the chosen file may be sent; the form shows the error and forgets the choice otherwise. */
export function checkVerificationFile(
  kind: VerificationFileKind,
  file: { name: string; size: number },
): VerificationFileError | null {
  const name = file.name.toLowerCase();
  if (!VERIFICATION_FILE_EXTENSIONS[kind].some((extension) => name.endsWith(extension))) return 'unsupported_type';
  return file.size > VERIFICATION_FILE_MAX_BYTES ? 'too_large' : null;
}

/** ISO 3166-1 alpha-2 codes; the form shows them by their name in the user's language, sorted by that name. */
export const COUNTRY_CODES: readonly string[] = [
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ',
  'BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM',
  'DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS',
  'GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN',
  'KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ',
  'MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM',
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV',
  'SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI',
  'VN VU WF WS YE YT ZA ZM ZW',
]
  .join(' ')
  .split(' ');

export interface VerificationForm {
  publicName: string;
  officialName: string;
  juridicForm: string;
  address: string;
  website: string;
  /** the statement of intent, True by default */
  statementIntent: boolean;
  country: string;
  hdLogo: { name: string; size: number } | null;
  officialDoc: { name: string; size: number } | null;
}

export const EMPTY_VERIFICATION_FORM: VerificationForm = {
  publicName: '',
  officialName: '',
  juridicForm: '',
  address: '',
  website: '',
  statementIntent: true,
  country: '',
  hdLogo: null,
  officialDoc: null,
};

export type VerificationFieldError =
  | 'required'
  | 'required_logo'
  | 'required_document'
  | 'too_long'
  | 'invalid_url'
  | 'invalid_country'
  | VerificationFileError;

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Every field is required (spec 000 section 5); the errors by field, empty when the form may be sent. */
export function validateVerificationForm(
  form: VerificationForm,
): Partial<Record<keyof VerificationForm, VerificationFieldError>> {
  const errors: Partial<Record<keyof VerificationForm, VerificationFieldError>> = {};
  for (const field of VERIFICATION_TEXT_FIELDS) {
    const value = form[field].trim();
    if (value === '') errors[field] = 'required';
    else if (value.length > VERIFICATION_TEXT_MAX_LENGTH) errors[field] = 'too_long';
  }
  if (!errors.website && !isWebAddress(form.website.trim())) errors.website = 'invalid_url';
  if (form.country === '') errors.country = 'required';
  else if (!COUNTRY_CODES.includes(form.country)) errors.country = 'invalid_country';
  if (!form.hdLogo) errors.hdLogo = 'required_logo';
  else errors.hdLogo = checkVerificationFile('hdLogo', form.hdLogo) ?? undefined;
  if (!form.officialDoc) errors.officialDoc = 'required_document';
  else errors.officialDoc = checkVerificationFile('officialDoc', form.officialDoc) ?? undefined;
  for (const key of Object.keys(errors) as (keyof VerificationForm)[]) if (!errors[key]) delete errors[key];
  return errors;
}

export interface VerificationFacts {
  plan: string;
  verified: boolean;
}

/** The profile's child route of the form (spec 000 section 2.1). */
export const VERIFICATION_TAB = 'AccountVerificationForm';

/** The profile's verification tab: only on the ESSENTIALS_PACK contract of an issuer not yet verified. */
export function offersVerificationForm(facts: VerificationFacts): boolean {
  return facts.plan === 'ESSENTIALS_PACK' && !facts.verified;
}

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return signature.every((byte, index) => bytes[index] === byte);
}

function startsWithText(bytes: Uint8Array, text: string): boolean {
  return startsWith(
    bytes,
    Array.from(text, (c) => c.charCodeAt(0)),
  );
}

/**
 * The server's check that a file's content is what its extension says (a renamed file is refused). Illustrator
 * files are PDF or PostScript inside; an SVG is XML text with an svg element near its start.
 */
export function contentMatchesExtension(name: string, bytes: Uint8Array): boolean {
  const extension = name.toLowerCase().slice(name.lastIndexOf('.'));
  const pdf = startsWithText(bytes, '%PDF-');
  const postScript = startsWithText(bytes, '%!PS') || startsWith(bytes, [0xc5, 0xd0, 0xd3, 0xc6]);
  switch (extension) {
    case '.png':
      return startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case '.jpg':
    case '.jpeg':
      return startsWith(bytes, [0xff, 0xd8, 0xff]);
    case '.svg':
      return /<svg[\s>]/i.test(new TextDecoder().decode(bytes.subarray(0, 4096)));
    case '.pdf':
      return pdf;
    case '.eps':
      return postScript;
    case '.ai':
      return pdf || postScript;
    case '.doc':
      return startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
    case '.docx':
      return startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]);
    default:
      return false;
  }
}
