import { createHash, randomBytes } from 'node:crypto';
import { sanitizeEmail } from '../../../domain/email';
import type { Ob3ProfileFields } from '../../../domain/issuerPublicProfile';
import { OB_V3P0_CONTEXT, VC_V2_CONTEXT } from './contexts/documentLoader';
import { achievementUrl, credentialUrl, issuerDid, statusListCredentialUrl, type StatusPurpose } from './identifiers';
import { signCredential, type IssuerSigner, type SignedCredential } from './signing';

/** What an OpenBadgeCredential is built from; the publication flow fills it from the certificate. */
export interface OpenBadgeCredentialInput {
  /** PUBLIC_URL: every identifier in the credential derives from it */
  publicUrl: string;
  /** the certificate's public key; the credential is `<PUBLIC_URL>/ob/credentials/<key>` */
  certificateKey: string;
  /** the issuer's id and name, and the rest of its OB 3.0 Profile (url, image, email, address…) when it has them */
  issuer: { id: number; name: string; url?: string | null } & Partial<Omit<Ob3ProfileFields, 'url'>>;
  /** the template, in the certificate's language */
  achievement: {
    templateId: number;
    /** BCP 47, as the schema wants it: 'fr', 'en', 'es', 'fr-CA' */
    language: string;
    name: string;
    description: string;
    criteriaNarrative: string;
    /** an https address or a data: URI of the badge image */
    imageUrl?: string | null;
    imageCaption?: string | null;
    /** 'Badge' for open badge templates; leave it out for the generic Achievement of other template kinds */
    achievementType?: string | null;
    /** the template's other languages: each is the same Achievement in that language, named as `related` */
    otherLanguages?: readonly string[];
  };
  recipient: {
    /** the recipient's address; when it has none (some template kinds), `name` identifies them instead */
    email: string;
    name?: string | null;
    /** hex; a random one is drawn when absent */
    salt?: string;
  };
  /** the obtention date (a date alone means midnight UTC) */
  validFrom: Date | string;
  /** the expiration date, when the certificate has one */
  validUntil?: Date | string | null;
  status: {
    /** the certificate's index in its issuer's status lists (the same index in every list of the issuer) */
    index: number;
    /**
     * Also reference the revocation list. Off by default: the OB 3.0 schema allows a single credentialStatus, the
     * suspension entry, whose bit disabling sets and deleting sets for good (docs/credentials.md); a credential
     * with both entries is valid VC 2.0 but fails the official schema.
     */
    withRevocation?: boolean;
  };
}

export interface IdentityObject {
  type: 'IdentityObject';
  identityType: 'emailAddress' | 'name';
  hashed: true;
  identityHash: string;
  salt: string;
}

export interface BitstringStatusListEntry {
  id: string;
  type: 'BitstringStatusListEntry';
  statusPurpose: StatusPurpose;
  statusListIndex: string;
  statusListCredential: string;
}

export interface OpenBadgeCredential {
  '@context': [typeof VC_V2_CONTEXT, typeof OB_V3P0_CONTEXT];
  id: string;
  type: ['VerifiableCredential', 'OpenBadgeCredential'];
  name: string;
  issuer: { id: string; type: ['Profile']; name: string } & Partial<Ob3ProfileFields>;
  validFrom: string;
  validUntil?: string;
  credentialSubject: {
    type: ['AchievementSubject'];
    identifier: [IdentityObject];
    achievement: {
      id: string;
      type: ['Achievement'];
      achievementType?: string;
      name: string;
      description: string;
      criteria: { narrative: string };
      image?: { id: string; type: 'Image'; caption?: string };
      inLanguage: string;
      related?: { id: string; type: ['Related']; inLanguage: string }[];
    };
  };
  credentialStatus: BitstringStatusListEntry | BitstringStatusListEntry[];
}

/**
 * The recipient as the OB 3.0 IdentityObject: `sha256$` + hex SHA-256 of the address (trimmed, lowercased as
 * everywhere in Laurel) followed by the salt. The address itself never enters the credential.
 */
export function hashedEmailIdentity(email: string, salt: string = randomBytes(16).toString('hex')): IdentityObject {
  const address = sanitizeEmail(email);
  if (!address.includes('@')) throw new Error('the recipient of a credential needs an email address');
  return {
    type: 'IdentityObject',
    identityType: 'emailAddress',
    hashed: true,
    identityHash: `sha256$${createHash('sha256').update(`${address}${salt}`, 'utf8').digest('hex')}`,
    salt,
  };
}

/** A recipient without an address, by their name (NFC, trimmed), hashed and salted like an address. */
export function hashedNameIdentity(name: string, salt: string = randomBytes(16).toString('hex')): IdentityObject {
  const value = name.normalize('NFC').trim();
  if (value === '') throw new Error('the recipient of a credential needs an email address or a name');
  return {
    type: 'IdentityObject',
    identityType: 'name',
    hashed: true,
    identityHash: `sha256$${createHash('sha256').update(`${value}${salt}`, 'utf8').digest('hex')}`,
    salt,
  };
}

function recipientIdentity(recipient: OpenBadgeCredentialInput['recipient']): IdentityObject {
  if (!sanitizeEmail(recipient.email).includes('@') && recipient.name?.trim()) {
    return hashedNameIdentity(recipient.name, recipient.salt);
  }
  return hashedEmailIdentity(recipient.email, recipient.salt);
}

/** Does the IdentityObject name this address? (What a verifier does with the address it was given.) */
export function identityMatchesEmail(identity: IdentityObject, email: string): boolean {
  return (
    identity.identityType === 'emailAddress' &&
    hashedEmailIdentity(email, identity.salt).identityHash === identity.identityHash.toLowerCase()
  );
}

/** An XML Schema dateTime in UTC without milliseconds; a bare date is its midnight UTC. */
export function toDateTime(value: Date | string): string {
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) throw new Error(`not a date: ${String(value)}`);
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export function statusListEntry(
  publicUrl: string,
  issuerId: number,
  purpose: StatusPurpose,
  index: number,
): BitstringStatusListEntry {
  if (!Number.isSafeInteger(index) || index < 0) throw new Error(`not a status list index: ${index}`);
  const list = statusListCredentialUrl(publicUrl, issuerId, purpose);
  return {
    id: `${list}#${index}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: purpose,
    statusListIndex: String(index),
    statusListCredential: list,
  };
}

/** The template in one language as an OB 3.0 Achievement: what the credential embeds and what its id serves. */
export function buildAchievement(
  publicUrl: string,
  achievement: OpenBadgeCredentialInput['achievement'],
): OpenBadgeCredential['credentialSubject']['achievement'] {
  return {
    id: achievementUrl(publicUrl, achievement.templateId, achievement.language),
    type: ['Achievement'],
    ...(achievement.achievementType ? { achievementType: achievement.achievementType } : {}),
    name: achievement.name,
    description: achievement.description,
    criteria: { narrative: achievement.criteriaNarrative },
    ...(achievement.imageUrl
      ? {
          image: {
            id: achievement.imageUrl,
            type: 'Image' as const,
            ...(achievement.imageCaption ? { caption: achievement.imageCaption } : {}),
          },
        }
      : {}),
    inLanguage: achievement.language,
    // OB 3.0's way to name alternate language editions of an Achievement (its schema wants one string per text)
    ...(achievement.otherLanguages?.length
      ? {
          related: achievement.otherLanguages.map((language) => ({
            id: achievementUrl(publicUrl, achievement.templateId, language),
            type: ['Related'] as ['Related'],
            inLanguage: language,
          })),
        }
      : {}),
  };
}

/** The unsigned credential. Pure: the same input (salt included) gives the same credential. */
export function buildOpenBadgeCredential(input: OpenBadgeCredentialInput): OpenBadgeCredential {
  const { publicUrl, issuer, achievement } = input;
  const { id: _id, name: _name, url, ...profileFields } = issuer;
  const validFrom = toDateTime(input.validFrom);
  const validUntil = input.validUntil ? toDateTime(input.validUntil) : undefined;
  if (validUntil && validUntil < validFrom) throw new Error(`the credential expires (${validUntil}) before it starts`);
  const suspension = statusListEntry(publicUrl, issuer.id, 'suspension', input.status.index);
  return {
    '@context': [VC_V2_CONTEXT, OB_V3P0_CONTEXT],
    id: credentialUrl(publicUrl, input.certificateKey),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: achievement.name,
    issuer: {
      id: issuerDid(publicUrl, issuer.id),
      type: ['Profile'],
      name: issuer.name,
      ...(url ? { url } : {}),
      ...profileFields,
    },
    validFrom,
    ...(validUntil ? { validUntil } : {}),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [recipientIdentity(input.recipient)],
      achievement: buildAchievement(publicUrl, achievement),
    },
    credentialStatus: input.status.withRevocation
      ? [statusListEntry(publicUrl, issuer.id, 'revocation', input.status.index), suspension]
      : suspension,
  };
}

/** Builds and signs: the credential the publication flow stores and serves. */
export async function issueOpenBadgeCredential(
  input: OpenBadgeCredentialInput,
  signer: IssuerSigner,
  options: { created?: Date } = {},
): Promise<SignedCredential<OpenBadgeCredential>> {
  const credential = buildOpenBadgeCredential(input);
  if (!signer.id.startsWith(`${credential.issuer.id}#`)) {
    throw new Error(`the key ${signer.id} is not a key of the credential's issuer ${credential.issuer.id}`);
  }
  return signCredential(credential, signer, options);
}
