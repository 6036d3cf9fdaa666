import { isValidEmail } from './email';
import { parseJson } from './json';
import { linkedInOrganizationId } from './sharing/linkedIn';

/**
 * What the world may know of an issuer (issue 31): the OB 3.0 Profile fields of its credentials (url, image,
 * email, description, address, phone, otherIdentifier) and the lines of its certificates' public pages, read
 * from the issuer's stored params (identity fields set by the account verification, the rest from the profile
 * page). One reading for the credential and the page, so both always say the same.
 */

/** OB 3.0 IdentifierEntry types for the issuer's registry numbers ("ext:" types are the schema's extension form). */
export const ISSUER_IDENTIFIER_TYPES = {
  legalReference: 'ext:LegalReference',
  registrationNumber: 'ext:RegistrationNumber',
  linkedInOrganizationId: 'ext:LinkedInOrganizationId',
} as const;
export type IssuerIdentifierKind = keyof typeof ISSUER_IDENTIFIER_TYPES;

export interface IssuerIdentifier {
  kind: IssuerIdentifierKind;
  identifier: string;
}

export interface IssuerPublicProfile {
  url: string | null;
  /** the logo's web address */
  image: string | null;
  email: string | null;
  description: string | null;
  phone: string | null;
  /** the street address as written (one text) and the ISO 3166-1 country code */
  address: { text: string | null; countryCode: string | null } | null;
  identifiers: IssuerIdentifier[];
}

/** A phone number as people write them: digits, spaces, dots, dashes, brackets and a leading +. */
export const PHONE_PATTERN = /^\+?[0-9(][0-9 ().-]{3,28}[0-9]$/u;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\s+/gu, ' ') : null;

/** A web address a credential or a page can name (the schema wants a URI; a bare host name is left out). */
export function webAddress(value: unknown): string | null {
  const candidate = text(value);
  if (!candidate) return null;
  try {
    const url = new URL(candidate);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** The issuer's public profile from its params (parsed, or the stored JSON text). */
export function issuerPublicProfile(stored: Record<string, unknown> | string | null | undefined): IssuerPublicProfile {
  const params =
    typeof stored === 'string' || stored == null ? parseJson<Record<string, unknown>>(stored ?? null, {}) : stored;
  const values = record(params);
  const identity = record(values.identity);
  const email = text(values.contactEmail);
  const phone = text(values.phone);
  const street = text(identity.address);
  const country = text(values.country);
  const countryCode = country && /^[A-Z]{2}$/u.test(country) ? country : null;
  const identifiers: IssuerIdentifier[] = [];
  const legal = text(identity.legalReference);
  if (legal) identifiers.push({ kind: 'legalReference', identifier: legal });
  const registration = text(values.registrationNumber);
  if (registration) identifiers.push({ kind: 'registrationNumber', identifier: registration });
  const linkedIn = linkedInOrganizationId(values);
  if (linkedIn) identifiers.push({ kind: 'linkedInOrganizationId', identifier: linkedIn });
  return {
    url: webAddress(identity.url) ?? webAddress(values.url),
    image: webAddress(identity.logo),
    email: email && isValidEmail(email) ? email : null,
    description: text(values.description),
    phone: phone && PHONE_PATTERN.test(phone) ? phone : null,
    address: street || countryCode ? { text: street, countryCode } : null,
    identifiers,
  };
}

/** The OB 3.0 Profile fields of the profile beside id, type and name: empty ones left out, as the schema wants. */
export function ob3ProfileFields(profile: IssuerPublicProfile) {
  return {
    ...(profile.url ? { url: profile.url } : {}),
    ...(profile.image ? { image: { id: profile.image, type: 'Image' as const } } : {}),
    ...(profile.email ? { email: profile.email } : {}),
    ...(profile.description ? { description: profile.description } : {}),
    ...(profile.phone ? { phone: profile.phone } : {}),
    ...(profile.address
      ? {
          address: {
            type: ['Address'] as ['Address'],
            ...(profile.address.text ? { streetAddress: profile.address.text } : {}),
            ...(profile.address.countryCode ? { addressCountryCode: profile.address.countryCode } : {}),
          },
        }
      : {}),
    ...(profile.identifiers.length > 0
      ? {
          otherIdentifier: profile.identifiers.map((entry) => ({
            type: 'IdentifierEntry' as const,
            identifier: entry.identifier,
            identifierType: ISSUER_IDENTIFIER_TYPES[entry.kind],
          })),
        }
      : {}),
  };
}
export type Ob3ProfileFields = ReturnType<typeof ob3ProfileFields>;
