import { isValidEmail, sanitizeEmail } from './email';
import { isAllowedSenderEmail } from './profileParams';

/**
 * The send-emails form (spec 002 sections 2.3, 3 and 5), checked by the page on validate and again by the
 * server before anything is sent. Error values are the spec's keys, which the page translates.
 */
export const EMAIL_LANGUAGES = ['en', 'fr', 'es'] as const;
export type EmailLanguage = (typeof EMAIL_LANGUAGES)[number];
export const DEFAULT_EMAIL_LANGUAGE: EmailLanguage = 'en';
/**
 * The language choice that writes each message in its recipient's language (the certificate's, see
 * server/services/publication/publish.ts), the chosen default for the others.
 */
export const RECIPIENT_LANGUAGE = 'recipient';
export const EMAIL_LANGUAGE_CHOICES = [RECIPIENT_LANGUAGE, ...EMAIL_LANGUAGES] as const;
export type EmailLanguageChoice = (typeof EMAIL_LANGUAGE_CHOICES)[number];

export interface EmailForm {
  object: string;
  sender: { name: string; email: string };
  replyTo: { name: string; email: string };
  /** test mode only: addresses split on commas or semicolons */
  recipients: string;
}

export type EmailFormField = 'object' | 'senderName' | 'senderEmail' | 'replyToName' | 'replyToEmail' | 'recipients';
export type EmailFormError =
  | 'p-object-empty'
  | 'p-object-error'
  | 'p-object-forbidden-words'
  | 'missing-sender-name'
  | 'missing-sender-email'
  | 'bad-email-format'
  | 'invalid-email-domain'
  | 'reply-to-name-invalid'
  | 'reply-to-email-mandatory'
  | 'recipients-mandatory';

/** Words that make a subject read as spam to mail filters (a small list, in the three languages). */
export const FORBIDDEN_SUBJECT_WORDS: readonly string[] = [
  'free',
  'winner',
  'urgent',
  'casino',
  'lottery',
  'viagra',
  'gratuit',
  'gagnant',
  'loterie',
  'gratis',
  'ganador',
  'lotería',
];

const LETTER = /\p{L}/u;

/** More capitals than small letters, in a subject above 10 characters: it reads as shouting. */
export function isShouting(subject: string): boolean {
  if (subject.length <= 10) return false;
  let upper = 0;
  let lower = 0;
  for (const char of subject) {
    if (!LETTER.test(char)) continue;
    if (char === char.toUpperCase() && char !== char.toLowerCase()) upper++;
    else if (char === char.toLowerCase() && char !== char.toUpperCase()) lower++;
  }
  return upper > lower;
}

export function hasForbiddenWord(subject: string): boolean {
  const words = subject.toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return words.some((word) => FORBIDDEN_SUBJECT_WORDS.includes(word));
}

/** The test recipients: split on commas or semicolons, spaces removed, empty entries dropped. */
export function testRecipients(recipients: string): string[] {
  return recipients
    .split(/[,;]/)
    .map((entry) => entry.replace(/\s+/g, ''))
    .filter((entry) => entry !== '');
}

/**
 * Every error of the form at once, by field. The sender address is checked only when authorised domains
 * exist; recipients only in test mode.
 */
export function validateEmailForm(
  form: EmailForm,
  options: { domains: readonly string[]; test: boolean },
): Partial<Record<EmailFormField, EmailFormError>> {
  const errors: Partial<Record<EmailFormField, EmailFormError>> = {};
  const object = form.object.trim();
  if (object === '') errors.object = 'p-object-empty';
  else if (isShouting(object)) errors.object = 'p-object-error';
  else if (hasForbiddenWord(object)) errors.object = 'p-object-forbidden-words';

  if (form.sender.name.trim() === '') errors.senderName = 'missing-sender-name';
  if (options.domains.length > 0) {
    const email = sanitizeEmail(form.sender.email);
    if (email === '') errors.senderEmail = 'missing-sender-email';
    else if (!isValidEmail(email)) errors.senderEmail = 'bad-email-format';
    else if (!isAllowedSenderEmail(email, options.domains)) errors.senderEmail = 'invalid-email-domain';
  }

  const replyName = form.replyTo.name.trim();
  const replyEmail = sanitizeEmail(form.replyTo.email);
  if (replyName !== '' && isValidEmail(sanitizeEmail(replyName))) errors.replyToName = 'reply-to-name-invalid';
  if (replyEmail !== '' && !isValidEmail(replyEmail)) errors.replyToEmail = 'bad-email-format';
  else if (replyEmail === '' && replyName !== '') errors.replyToEmail = 'reply-to-email-mandatory';

  if (options.test) {
    const recipients = testRecipients(form.recipients);
    if (recipients.length === 0) errors.recipients = 'recipients-mandatory';
    else if (recipients.some((recipient) => !isValidEmail(recipient))) errors.recipients = 'bad-email-format';
  }
  return errors;
}

/** The send and test calls' payload (spec 002 section 3, "Email send payload"). */
export interface EmailSendPayload {
  templateId: number;
  /** all active certificates of this campaign with an address, when ids are not given */
  campaignId?: number;
  /** certificate ids (EvidenzId) joined by semicolons; a test uses the first */
  ids?: string;
  object: string;
  sender: { name: string; email?: string };
  replyTo?: { name?: string; email: string };
  mailingTemplateId?: string;
  language?: EmailLanguageChoice;
  /** test only */
  recipients?: string;
}

export interface EmailingSettings {
  domains: string[];
  mailingTemplates: { id: string; label: string; defaultValue: boolean }[];
  defaults: { object: string; sender: { name: string; email: string }; replyTo: { name: string; email: string } };
  tracking: boolean;
}
