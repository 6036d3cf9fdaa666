import { certificatePageUrl, ob2AssertionUrl, ob2BadgeClassUrl, ob2IssuerUrl } from './identifiers';
import type { AchievementInput, IssuerInput } from './certificateCredential';
import type { IdentityObject } from './openBadgeCredential';

/**
 * Open Badges 2.0 hosted verification, for platforms that read only 2.0: each document is served at its own id,
 * the assertion names its BadgeClass, which names its Issuer, all under PUBLIC_URL (hosted verification accepts
 * an assertion whose id shares the issuer's origin). The recipient is the OB 3.0 credential's salted hash, so
 * both versions identify the recipient the same way without the address.
 */
export const OB2_CONTEXT = 'https://w3id.org/openbadges/v2';

export interface Ob2Assertion {
  '@context': typeof OB2_CONTEXT;
  type: 'Assertion';
  id: string;
  recipient: { type: 'email'; hashed: true; salt: string; identity: string };
  badge: string;
  verification: { type: 'hosted' };
  issuedOn: string;
  expires?: string;
  image?: string;
  evidence: string;
}

/** The hosted assertion of a certificate, from its signed OB 3.0 credential; null when it has no email recipient. */
export function ob2Assertion(
  publicUrl: string,
  certificate: { key: string; template_id: number; language: string },
  credential: {
    validFrom: string;
    validUntil?: string;
    credentialSubject: { identifier: IdentityObject[]; achievement: { image?: { id: string } } };
  },
): Ob2Assertion | null {
  const identity = credential.credentialSubject.identifier.find((entry) => entry.identityType === 'emailAddress');
  if (!identity) return null;
  const image = credential.credentialSubject.achievement.image?.id;
  return {
    '@context': OB2_CONTEXT,
    type: 'Assertion',
    id: ob2AssertionUrl(publicUrl, certificate.key),
    recipient: { type: 'email', hashed: true, salt: identity.salt, identity: identity.identityHash },
    badge: ob2BadgeClassUrl(publicUrl, certificate.template_id, certificate.language),
    verification: { type: 'hosted' },
    issuedOn: credential.validFrom,
    ...(credential.validUntil ? { expires: credential.validUntil } : {}),
    ...(image ? { image } : {}),
    evidence: certificatePageUrl(publicUrl, certificate.key),
  };
}

/** What a revoked (deleted) or suspended (disabled) hosted assertion answers, with HTTP 410. */
export function ob2RevokedAssertion(publicUrl: string, certificateKey: string, reason: string) {
  return {
    '@context': OB2_CONTEXT,
    type: 'Assertion',
    id: ob2AssertionUrl(publicUrl, certificateKey),
    revoked: true,
    revocationReason: reason,
  };
}

/** The BadgeClass of an open badge template in one language; null without a badge image (2.0 requires one). */
export function ob2BadgeClass(publicUrl: string, achievement: AchievementInput, issuerId: number) {
  if (!achievement.imageUrl) return null;
  return {
    '@context': OB2_CONTEXT,
    type: 'BadgeClass',
    id: ob2BadgeClassUrl(publicUrl, achievement.templateId, achievement.language),
    name: achievement.name,
    description: achievement.description,
    image: achievement.imageUrl,
    criteria: { narrative: achievement.criteriaNarrative },
    issuer: ob2IssuerUrl(publicUrl, issuerId),
  };
}

/** The issuer's 2.0 Profile; its url is the issuer's site, or this service when it has none. */
export function ob2Issuer(publicUrl: string, issuer: IssuerInput) {
  return {
    '@context': OB2_CONTEXT,
    type: 'Issuer',
    id: ob2IssuerUrl(publicUrl, issuer.id),
    name: issuer.name,
    url: issuer.url || publicUrl,
  };
}
