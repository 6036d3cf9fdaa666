import {
  DEFAULT_EMAIL_LANGUAGE,
  EMAIL_LANGUAGE_CHOICES,
  testRecipients,
  type EmailForm,
  type EmailLanguageChoice,
  type EmailSendPayload,
  type EmailingSettings,
} from '../../../../domain/emailing';
import { isValidEmail, sanitizeEmail } from '../../../../domain/email';
import { isAllowedSenderEmail } from '../../../../domain/profileParams';

/** What a report hands to the send-emails page (in the navigation state). */
export interface EmailTarget {
  templateId: number;
  campaignId?: number;
  /** the lines (EvidenzId) to email; none: every active line of the campaign that has an address */
  ids?: number[];
  /** the user chose these lines (rather than the whole report) */
  selection: boolean;
  /** the line a test email is built from, when there is one */
  testId?: number;
  /** how many emails a send makes, for the confirmation */
  count: number;
  /** the report's name */
  label: string;
  /** the report to go back to */
  returnTo: string;
}

export function isEmailTarget(value: unknown): value is EmailTarget {
  const target = value as Partial<EmailTarget> | null;
  return (
    typeof target === 'object' &&
    target !== null &&
    typeof target.templateId === 'number' &&
    typeof target.count === 'number' &&
    typeof target.label === 'string' &&
    typeof target.returnTo === 'string' &&
    typeof target.selection === 'boolean' &&
    (target.ids === undefined || (Array.isArray(target.ids) && target.ids.every((id) => typeof id === 'number')))
  );
}

/** What the report page reads when the user comes back: restore its view, and how many emails left. */
export interface ReportReturn {
  restore: true;
  sent?: number;
}

/** The form plus the choice of message: a mailing template when the issuer has some, a language otherwise. */
export interface EmailDraft extends EmailForm {
  test: boolean;
  mailingTemplateId: string;
  language: EmailLanguageChoice;
}

/**
 * The form as it opens (spec 002 sections 2.3 and 5): the issuer's defaults; the sender address is the
 * issuer's configured one, else the user's own when its domain is authorised, else the default reply-to
 * address; test emails go to the user.
 */
export function initialDraft(settings: EmailingSettings, user: { email: string; issuerName: string }): EmailDraft {
  const userEmail = sanitizeEmail(user.email);
  const userAllowed = isValidEmail(userEmail) && isAllowedSenderEmail(userEmail, settings.domains);
  const senderEmail = settings.defaults.sender.email || (userAllowed ? userEmail : settings.defaults.replyTo.email);
  const mailingTemplate =
    settings.mailingTemplates.find((template) => template.defaultValue) ?? settings.mailingTemplates[0];
  return {
    object: settings.defaults.object,
    sender: { name: settings.defaults.sender.name || user.issuerName, email: senderEmail },
    replyTo: { name: settings.defaults.replyTo.name, email: settings.defaults.replyTo.email },
    recipients: userEmail,
    test: false,
    mailingTemplateId: mailingTemplate?.id ?? '',
    language: DEFAULT_EMAIL_LANGUAGE,
  };
}

export function isEmailLanguage(value: string): value is EmailLanguageChoice {
  return (EMAIL_LANGUAGE_CHOICES as readonly string[]).includes(value);
}

/**
 * The send or test call's payload (spec 002 section 3): empty optional parts omitted, the chosen lines joined by
 * semicolons (a test uses its one line), test recipients without spaces.
 */
export function emailPayload(draft: EmailDraft, target: EmailTarget, hasMailingTemplates: boolean): EmailSendPayload {
  const payload: EmailSendPayload = {
    templateId: target.templateId,
    object: draft.object.trim(),
    sender: { name: draft.sender.name.trim() },
  };
  if (target.campaignId !== undefined) payload.campaignId = target.campaignId;
  const senderEmail = sanitizeEmail(draft.sender.email);
  if (senderEmail !== '') payload.sender.email = senderEmail;
  const replyName = draft.replyTo.name.trim();
  const replyEmail = sanitizeEmail(draft.replyTo.email);
  if (replyEmail !== '')
    payload.replyTo = replyName !== '' ? { name: replyName, email: replyEmail } : { email: replyEmail };
  if (draft.test) {
    const first = target.testId ?? target.ids?.[0];
    if (first !== undefined) payload.ids = String(first);
    payload.recipients = testRecipients(draft.recipients).join(',');
  } else if (target.ids && target.ids.length > 0) {
    payload.ids = target.ids.join(';');
  }
  if (hasMailingTemplates && draft.mailingTemplateId !== '') payload.mailingTemplateId = draft.mailingTemplateId;
  else payload.language = draft.language;
  return payload;
}

/** A test email is built from one line (spec 002 section 5): the target's test line, else its first. */
export function canTest(target: EmailTarget): boolean {
  return target.testId !== undefined || (target.ids !== undefined && target.ids.length > 0);
}
