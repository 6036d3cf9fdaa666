import {
  MARKDOWN_SECTIONS,
  REGISTRY_ENTRIES,
  type MarkdownSection,
  type RegistryEntry,
} from '../../../domain/rendering/credentialParts';
import { cleanTags } from '../../../domain/templateRules/inputCleaning';
import { parseLanguagesList } from '../../../domain/templateRules/languages';
import { labelIn, templateFamily, type TemplateContent } from '../../../domain/templates';
import { parseJson } from '../../../domain/json';
import type { Certificate, Template } from '../../db/schema';
import type { ParsedTemplate } from '../../repositories/templateRows';
import { safeHref } from './html';

/** What a credential page shows of its recipient: the certificate's columns, or an import row, or a sample. */
export interface RecipientData {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD */
  obtentionDate: string | null;
  expirationDate: string | null;
  /** the import row's data fields (assessment, linkLabel, linkURL, the template's own fields) */
  fields: Record<string, string>;
}

/**
 * A credential's design filled in, in one language. Titles are the template author's; null means the author
 * left it empty and the page shows its own translated title. Images are sources ready for an img element.
 */
export interface CredentialView {
  language: string;
  cstyle: unknown;
  registry: { type: string | null; entries: { entry: RegistryEntry; prefix: string | null; value: string }[] } | null;
  title: string;
  badgeImage: string | null;
  issuer: { title: string | null; name: string; logo: string | null; url: string | null; urlLabel: string | null };
  partner: { title: string | null; name: string; logo: string | null; url: string | null } | null;
  otherPartners: { title: string | null; names: string[] } | null;
  recipient: { title: string | null; name: string };
  obtained: { title: string | null; date: string | null };
  expires: { title: string | null; date: string } | null;
  sections: { section: MarkdownSection; title: string | null; markdown: string }[];
  skills: { title: string | null; tags: string[] } | null;
  link: { label: string | null; url: string } | null;
  /** the template's fields to certify, with the recipient's values */
  details: { name: string; value: string }[];
}

/** Where a stored logo is shown from: a public address, or a data URI; null when it cannot be shown. */
export type ImageSource = (key: string) => string | null;

/** Columns of the import file that the page shows in their own places, not among the details. */
const STANDARD_FIELDS = new Set(
  [
    'language',
    'id',
    'email',
    'firstname',
    'lastname',
    'obtentiondate',
    'expirationdate',
    'assessment',
    'linklabel',
    'linkurl',
  ].map((name) => name.toLowerCase()),
);

/** A row's value by column name, whatever the case the spreadsheet used. */
export function fieldValue(fields: Record<string, string>, name: string): string {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(fields)) {
    if (key.toLowerCase() === wanted && typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return '';
}

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isoDate(value: string | null | undefined): string | null {
  const date = value?.trim().slice(0, 10) ?? '';
  return ISO_DATE.test(date) ? date : null;
}

/** The template's languages, the default first (as stored). */
export function templateLanguages(template: Template): string[] {
  const languages = parseLanguagesList(template.languages);
  return languages.length > 0 ? languages : [template.default_language];
}

/** The content of `language`, else of the default language, else the first there is. */
export function contentIn(template: ParsedTemplate, language: string): TemplateContent {
  const { content } = template.parsed;
  return content[language] ?? content[template.default_language] ?? Object.values(content)[0] ?? {};
}

/** The languages a certificate is given in: its own first, then those of its translations. */
export function certificateLanguages(certificate: Pick<Certificate, 'language' | 'translations'>): string[] {
  const translations = parseJson<unknown>(certificate.translations, null);
  const others =
    typeof translations === 'object' && translations !== null && !Array.isArray(translations)
      ? Object.keys(translations).filter((language) => language !== certificate.language)
      : [];
  return [certificate.language, ...others];
}

function stringFields(data: unknown): Record<string, string> | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return null;
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = String(value);
  }
  return fields;
}

/**
 * The certificate's recipient in `language`: the import row of that language when the certificate has a
 * translation in it (a bilingual recipient's other row), else its own row. The name stays the certificate's.
 */
export function recipientFromCertificate(
  certificate: Pick<
    Certificate,
    'data' | 'translations' | 'language' | 'first_name' | 'last_name' | 'obtention_date' | 'expiration_date'
  >,
  language = certificate.language,
): RecipientData {
  const own = stringFields(parseJson<unknown>(certificate.data, {})) ?? {};
  const translations = parseJson<Record<string, unknown> | null>(certificate.translations, null);
  const translated =
    language !== certificate.language && translations && Object.hasOwn(translations, language)
      ? stringFields(translations[language])
      : null;
  const fields = translated ? { ...own, ...translated } : own;
  return {
    firstName: certificate.first_name,
    lastName: certificate.last_name,
    obtentionDate: certificate.obtention_date,
    expirationDate: certificate.expiration_date,
    fields,
  };
}

/** An import row as its certificate would hold it; the obtention date defaults to `today` as on import. */
export function recipientFromRow(row: Record<string, string>, today: string): RecipientData {
  return {
    firstName: fieldValue(row, 'firstName'),
    lastName: fieldValue(row, 'lastName'),
    obtentionDate: isoDate(fieldValue(row, 'obtentionDate')) ?? today,
    expirationDate: isoDate(fieldValue(row, 'ExpirationDate')),
    fields: row,
  };
}

/** The template's design filled in with the recipient's data, in `language`. */
export function credentialView(
  template: ParsedTemplate,
  language: string,
  recipient: RecipientData,
  imageSource: ImageSource,
): CredentialView {
  const content = contentIn(template, language);
  const image = (key: string | null | undefined) => (key ? imageSource(key) : null);
  const registry = templateFamily(template.type) === 'registry';
  const partnerName = text(content.partner);
  const otherPartners = cleanTags(content.otherpartners).tags;
  const skills = cleanTags(content.skills).tags;
  const expiration = isoDate(recipient.expirationDate);
  const linkUrl = safeHref(fieldValue(recipient.fields, 'linkURL'));
  const markdown: Record<MarkdownSection, string | null> = {
    outcome: text(content.outcome),
    assessment: text(fieldValue(recipient.fields, 'assessment')) ?? text(content.assessment),
    component: text(content.componentof),
  };
  const titles: Record<MarkdownSection, string | null> = {
    outcome: text(content.outcome_title),
    assessment: text(content.assessment_title),
    component: text(content.component_title),
  };
  const { params } = template.parsed;
  const certified = template.parsed.importData.fieldsToCertified.filter(
    (name) => !STANDARD_FIELDS.has(name.toLowerCase()),
  );
  return {
    language,
    cstyle: template.parsed.cstyle,
    registry: registry
      ? {
          type: typeof params.type === 'string' ? params.type : null,
          entries: REGISTRY_ENTRIES.flatMap((entry) => {
            const value = text(content[entry]);
            return value ? [{ entry, prefix: text(content[`${entry}_prefix`]), value }] : [];
          }),
        }
      : null,
    title: text(content.microcertitle) ?? labelIn(template.parsed.label, language),
    badgeImage: image(content.badge_logo),
    issuer: {
      title: text(content.issuer_title),
      name: text(content.issuer) ?? '',
      logo: image(content.issuer_logo),
      url: safeHref(content.issuer_url),
      urlLabel: text(content.issuer_url_label),
    },
    partner: partnerName
      ? {
          title: text(content.partner_title),
          name: partnerName,
          logo: image(content.partner_logo),
          url: safeHref(content.partner_url),
        }
      : null,
    otherPartners: otherPartners.length > 0 ? { title: text(content.otherpartners_title), names: otherPartners } : null,
    recipient: {
      title: text(content.issued_to),
      name: [recipient.firstName, recipient.lastName]
        .map((part) => part.trim())
        .filter(Boolean)
        .join(' '),
    },
    obtained: { title: text(content.certification_date), date: isoDate(recipient.obtentionDate) },
    expires: expiration ? { title: text(content.expiration_date), date: expiration } : null,
    sections: MARKDOWN_SECTIONS.flatMap((section) => {
      const value = markdown[section];
      return value ? [{ section, title: titles[section], markdown: value }] : [];
    }),
    skills: skills.length > 0 ? { title: text(content.skills_title), tags: skills } : null,
    link: linkUrl ? { label: text(fieldValue(recipient.fields, 'linkLabel')), url: linkUrl } : null,
    details: certified.flatMap((name) => {
      const value = fieldValue(recipient.fields, name);
      return value ? [{ name, value }] : [];
    }),
  };
}

/** The stored logo keys one language's content names. */
export function contentImageKeys(content: TemplateContent): string[] {
  return [content.badge_logo, content.issuer_logo, content.partner_logo].filter((key): key is string => Boolean(key));
}
