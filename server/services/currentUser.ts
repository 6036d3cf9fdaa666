import type { Kysely } from 'kysely';
import type { CurrentApiKey, CurrentUser } from '../../domain/auth';
import { profileName } from '../../domain/roles';
import { asksClientIds } from '../../domain/templateRules/registryParams';
import type { ApiKeyAuth, SessionAuth } from '../auth/guard';
import type { Database } from '../db/schema';
import { findOrgUnitName } from '../repositories/users';

/** GET /api/admin/who: the User of spec 000 section 3, with the effective profile. */
export async function currentUser(db: Kysely<Database>, auth: SessionAuth): Promise<CurrentUser> {
  const { user, issuer, profileId } = auth;
  const { params, metatemplates } = issuer.parsed;
  return {
    id: user.id,
    firstName: user.first_name,
    lastName: user.last_name,
    email: user.email,
    profile: profileName(profileId),
    profileId,
    orgUnit: await findOrgUnitName(db, user.org_unit_id),
    hasTotp: user.totp_secret !== null,
    okCGU: user.ok_cgu === 1,
    okNotice: user.ok_notice === 1,
    timezone: user.timezone,
    issuerId: issuer.id,
    issuerName: issuer.name,
    isValidator: issuer.is_validator === 1 && profileId === 1,
    sso: issuer.sso_config !== null,
    provider: user.provider,
    verified: issuer.verified === 1,
    verificationSubmitted: params.verificationSubmitted === true,
    params: {
      tracking: params.tracking === true,
      hasCustomDesign: params.hasCustomDesign === true,
      canEditTables: params.canEditTables === true,
    },
    metatemplates: metatemplates.map((Type) => ({ Type })),
    hasPathway: issuer.has_pathway === 1,
    hasRegistryContract: !asksClientIds(typeof params.idContrat === 'string' ? params.idContrat : null),
    credits: issuer.credits,
    plan: issuer.plan,
    noTotpAlertDisabled: user.no_totp_alert_disabled === 1,
    notVerifiedAlertDisabled: user.not_verified_alert_disabled === 1,
  };
}

/** GET /api/admin/who with an API key: the key's identity, level and issuer (docs/decisions.md, 2026-11-25). */
export function currentApiKey(auth: ApiKeyAuth): CurrentApiKey {
  const { apiKey, issuer, profileId } = auth;
  return {
    kind: 'apikey',
    keyId: apiKey.id,
    profile: profileName(profileId),
    profileId,
    issuerId: issuer.id,
    issuerName: issuer.name,
    plan: issuer.plan,
    credits: issuer.credits,
  };
}
