import { issuerPublicProfile, ob3ProfileFields } from '../../../domain/issuerPublicProfile';
import { markdownToPlainText } from '../../../domain/rendering/markdown';
import { parseLanguagesList } from '../../../domain/templateRules/languages';
import { isOpenBadgeType, labelIn, templateImagePath } from '../../../domain/templates';
import type { Certificate, Template } from '../../db/schema';
import type { ParsedIssuer } from '../../repositories/issuerRows';
import type { ParsedTemplate } from '../../repositories/templateRows';
import type { OpenBadgeCredentialInput } from './openBadgeCredential';

/**
 * What a certificate's OpenBadgeCredential is built from: the issuer's public profile, the template in the
 * certificate's language (its Achievement), and the certificate's own recipient, dates and status place.
 */
export type AchievementInput = OpenBadgeCredentialInput['achievement'];
export type IssuerInput = OpenBadgeCredentialInput['issuer'];

/** The credential's issuer: its name and the OB 3.0 Profile fields of its public profile (issue 31). */
export function issuerInput(issuer: Pick<ParsedIssuer, 'id' | 'name' | 'parsed'>): IssuerInput {
  const profile = ob3ProfileFields(issuerPublicProfile(issuer.parsed.params));
  return { id: issuer.id, name: issuer.name, ...profile };
}

/** A language code the OB 3.0 schema accepts in inLanguage. */
function isLanguageCode(value: string): boolean {
  return /^[a-z]{2,4}(-[A-Z][a-z]{3})?(-([A-Z]{2}|[0-9]{3}))?$/.test(value);
}

function text(value: string | null | undefined): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** The public address of a stored template image, or null when the key is not one. */
export function templateImageUrl(publicUrl: string, key: string | null | undefined): string | null {
  const path = key ? templateImagePath(key) : null;
  return path ? `${publicUrl.replace(/\/+$/, '')}${path}` : null;
}

/** What a credential reads of a template: a few columns, and its label and content parsed. */
export type CredentialTemplate = Pick<Template, 'id' | 'type' | 'default_language' | 'languages'> & {
  parsed: Pick<ParsedTemplate['parsed'], 'label' | 'content'>;
};

/** The stored key of the template's badge logo in `language` (or its default language), if it has one. */
export function templateBadgeLogo(template: Pick<CredentialTemplate, 'parsed' | 'default_language'>, language: string) {
  const { content } = template.parsed;
  return (content[language]?.badge_logo ?? content[template.default_language]?.badge_logo ?? null) || null;
}

/**
 * The template's Achievement in one language: its title (or label) as name, the learning outcome as
 * description (the name when there is none), the assessment as criteria (then the outcome, then the name),
 * Markdown written as plain text. Content missing in that language comes from the template's default
 * language; the template's other languages are named as related Achievements.
 */
export function achievementInput(publicUrl: string, template: CredentialTemplate, language: string): AchievementInput {
  const { content } = template.parsed;
  const values = content[language] ?? content[template.default_language] ?? Object.values(content)[0] ?? {};
  const name = text(values.microcertitle) || text(labelIn(template.parsed.label, language)) || `#${template.id}`;
  const description = markdownToPlainText(text(values.outcome)) || name;
  const criteriaNarrative =
    markdownToPlainText(text(values.assessment)) || markdownToPlainText(text(values.outcome)) || name;
  const otherLanguages = parseLanguagesList(template.languages).filter(
    (other) => other !== language && isLanguageCode(other),
  );
  const common = { templateId: template.id, language, name, description, criteriaNarrative, otherLanguages };
  // open badge templates get an Achievement of type Badge with the badge image; other kinds a generic one
  if (!isOpenBadgeType(template.type)) return common;
  return {
    ...common,
    imageUrl: templateImageUrl(publicUrl, templateBadgeLogo(template, language)),
    imageCaption: name,
    achievementType: 'Badge',
  };
}

export function certificateCredentialInput(
  publicUrl: string,
  certificate: Pick<
    Certificate,
    | 'key'
    | 'email'
    | 'first_name'
    | 'last_name'
    | 'recipient_key'
    | 'obtention_date'
    | 'expiration_date'
    | 'status_index'
  >,
  issuer: IssuerInput,
  achievement: AchievementInput,
): OpenBadgeCredentialInput {
  return {
    publicUrl,
    certificateKey: certificate.key,
    issuer,
    achievement,
    recipient: {
      email: certificate.email,
      // without an address, the recipient's name, or the template's identifying fields
      name: `${certificate.first_name} ${certificate.last_name}`.trim() || certificate.recipient_key || null,
    },
    validFrom: certificate.obtention_date,
    validUntil: certificate.expiration_date || null,
    status: { index: certificate.status_index },
  };
}
