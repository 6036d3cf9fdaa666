import type { Kysely } from 'kysely';
import {
  PRODUCT_MAIL_DOMAINS,
  PROFILE_PARAMS,
  allowedSenderDomains,
  mergeProfileParams,
  profileFieldLocks,
  profilePlan,
  readProfileParams,
  storedParam,
  validateProfileChanges,
  type IssuerProfile,
  type ProfileContext,
  type ProfileParamKey,
  type ProfileValidation,
} from '../../domain/profileParams';
import { PLAN_ORDER, type Plan } from '../../domain/plans';
import { CUSTOM_LAYOUT } from '../../domain/templateRules/style';
import { isOpenBadgeType } from '../../domain/templates';
import type { Database } from '../db/schema';
import type { ParsedIssuer } from '../repositories/issuerRows';
import { AppError, badRequest, notFound } from '../errors';
import { findIssuer, replaceIssuerParamsIfUnchanged } from '../repositories/issuers';
import { issuerDid, verificationMethodId } from './credentials/identifiers';
import { listIssuerKeys } from './credentials/issuerKeys';
import { listOrgUnits } from '../repositories/orgUnits';
import { listIssuerTemplateKinds } from '../repositories/templates';
import { issuerTemplateOptions } from './templates/access';
import { listTags } from './templates/tags';

/** What the emailing rules take from outside the issuer; the defaults are the product's. */
export interface ProfileOptions {
  /** the product's own sender domains; PRODUCT_MAIL_DOMAINS when not given */
  productDomains?: readonly string[];
  /** the address mail goes out from by default (the address of MAIL_FROM) */
  defaultReplyTo?: string | null;
  /** the NFT ledger's signer: PUBLIC_URL (for the issuer key's id) and the EVM chain's address when NFT_RPC_URL is set */
  ledger?: { publicUrl: string; chainAddress: string | null };
}

/** The address of a From header such as `Laurel <no-reply@laurel.app>`. */
export function fromAddress(from: string): string | null {
  const address = /<([^<>]+)>\s*$/u.exec(from)?.[1] ?? from;
  return address.includes('@') ? address.trim() : null;
}

export const issuerNotFound = () => notFound('ISSUER_NOT_FOUND', 'No such issuer');

function profileContext(
  issuer: ParsedIssuer,
  params: Record<string, unknown>,
  options: ProfileOptions,
): ProfileContext {
  return {
    plan: issuer.plan,
    verified: issuer.verified === 1,
    domains: issuer.domains,
    productDomains: options.productDomains ?? PRODUCT_MAIL_DOMAINS,
    hasRncp: issuer.has_rncp === 1,
    current: params,
    defaultReplyTo: options.defaultReplyTo ?? null,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * The issuer information's blockchain address (spec 000 section 2.9): the address that signs for the issuer on its
 * NFT ledger. With an EVM chain, the installation's signing address; on the transparency log, the verification
 * method of the issuer key that signs its tree heads (its DID key id, as each head names it), or the issuer's DID
 * before it has a key.
 */
async function ledgerSigner(db: Kysely<Database>, issuerId: number, options: ProfileOptions): Promise<string> {
  if (options.ledger?.chainAddress) return options.ledger.chainAddress;
  if (!options.ledger) return '';
  const active = (await listIssuerKeys(db, issuerId)).find((key) => key.retiredAt === null);
  return active
    ? verificationMethodId(options.ledger.publicUrl, issuerId, active.version)
    : issuerDid(options.ledger.publicUrl, issuerId);
}

/** GET /api/issuer/{id}/all: the caller's issuer, with the lock of each profile field for its contract. */
export async function readIssuerProfile(
  db: Kysely<Database>,
  issuerId: number,
  options: ProfileOptions = {},
): Promise<IssuerProfile> {
  const issuer = await findIssuer(db, issuerId);
  if (!issuer) throw issuerNotFound();
  const { params } = issuer.parsed;
  const identity = parseIdentity(params.identity);
  const [tags, orgUnits, templates] = await Promise.all([
    listTags(db, issuerId),
    listOrgUnits(db, issuerId),
    listIssuerTemplateKinds(db, issuerId),
  ]);
  const { metatemplates } = issuerTemplateOptions(issuer);
  const context = profileContext(issuer, params, options);
  return {
    id: issuer.id,
    name: issuer.name,
    ...identity,
    credits: issuer.credits,
    blockchainAddress: await ledgerSigner(db, issuer.id, options),
    domains: issuer.domains,
    isValidator: issuer.is_validator === 1,
    verified: issuer.verified === 1,
    sso: issuer.sso_config !== null,
    isBlocked: issuer.is_blocked === 1,
    tags,
    orgUnits: orgUnits.map(({ id, name }) => ({ id, name })),
    usage: {
      hasCustomisedEmails: (['object', 'sender.name', 'sender.email', 'replyTo.name', 'replyTo.email'] as const).some(
        (key) => hasText(storedParam(params, key)),
      ),
      // A PDF exists for every template but a badge drawn without the custom layout (spec 002 row actions).
      hasTemplatesWithPdfRo: templates.some(
        (template) => !isOpenBadgeType(template.type) || template.layout === CUSTOM_LAYOUT,
      ),
      hasAccessToMicroCertifications: metatemplates.includes('openbadge'),
      hasCustomMc: metatemplates.includes('openbadge_custom'),
    },
    hasPathway: issuer.has_pathway === 1,
    hasRncp: issuer.has_rncp === 1,
    params: readProfileParams(params),
    profile: {
      plan: issuer.plan,
      effectivePlan: profilePlan(issuer.plan, issuer.verified === 1),
      senderDomains: allowedSenderDomains(context.domains, context.productDomains),
      defaultReplyTo: context.defaultReplyTo ?? null,
      fields: profileFieldLocks(context),
    },
  };
}

/** Identity fields are kept in params.identity by the account verification (or by support). */
function parseIdentity(
  value: unknown,
): Pick<IssuerProfile, 'address' | 'intentDeclaration' | 'legalReference' | 'KYB_hash' | 'logo' | 'url'> {
  const identity = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  return {
    address: text(identity.address),
    intentDeclaration: typeof identity.intentDeclaration === 'boolean' ? identity.intentDeclaration : null,
    legalReference: text(identity.legalReference),
    KYB_hash: text(identity.KYB_hash),
    logo: text(identity.logo),
    url: text(identity.url),
  };
}

const CONTRACT_LEVEL = 'contract_level';

/**
 * Turns the rules' errors into the answer: 403 CONTRACT_LEVEL when a field needs a higher contract (with the
 * fields and the lowest plan that opens them all), otherwise 400 VALIDATION_ERROR with the field map. `pathOf`
 * names a field as the request spelled it.
 */
function refuse(errors: ProfileValidation['errors'], plan: Plan, pathOf: (key: string) => string): never {
  const entries = Object.entries(errors);
  const locked = entries.filter(([, error]) => error === CONTRACT_LEVEL).map(([key]) => key as ProfileParamKey);
  if (locked.length > 0) {
    const minimumPlan =
      PLAN_ORDER[Math.max(...locked.map((key) => PLAN_ORDER.indexOf(PROFILE_PARAMS[key].minimumPlan)))];
    throw new AppError(403, 'CONTRACT_LEVEL', `Your contract does not include: ${locked.map(pathOf).join(', ')}`, {
      fields: locked.map(pathOf),
      plan,
      minimumPlan,
    });
  }
  throw badRequest('VALIDATION_ERROR', 'Some profile settings are not valid', {
    fields: Object.fromEntries(entries.map(([key, error]) => [pathOf(key), error])),
  });
}

const MAX_TRIES = 5;

/**
 * Applies profile changes to the issuer's params after checking them against the params as read, and writes
 * only if the params did not change meanwhile (the notification webhook is saved the same way), so neither
 * write ever loses the other's. On a conflict the changes are checked again against what is now stored.
 */
async function saveProfileChanges(
  db: Kysely<Database>,
  issuerId: number,
  changes: Readonly<Record<string, unknown>>,
  options: ProfileOptions,
  pathOf: (key: string) => string,
): Promise<Record<string, unknown>> {
  for (let tries = 0; tries < MAX_TRIES; tries += 1) {
    const issuer = await findIssuer(db, issuerId);
    if (!issuer) throw issuerNotFound();
    const { params } = issuer.parsed;
    const { errors, values } = validateProfileChanges(changes, profileContext(issuer, params, options));
    if (Object.keys(errors).length > 0) refuse(errors, profilePlan(issuer.plan, issuer.verified === 1), pathOf);
    if (Object.keys(values).length === 0) return params;
    const next = mergeProfileParams(params, values);
    if (await replaceIssuerParamsIfUnchanged(db, issuerId, issuer.params, JSON.stringify(next))) return next;
  }
  throw new Error(`the params of issuer ${issuerId} kept changing while saving its profile`);
}

/** PUT /api/issuer/config {params}: the profile parameters sent, merged into the stored ones. */
export async function saveProfileParams(
  db: Kysely<Database>,
  issuerId: number,
  changes: Readonly<Record<string, unknown>>,
  options: ProfileOptions = {},
): Promise<Record<string, unknown>> {
  const saved = await saveProfileChanges(db, issuerId, changes, options, (key) => `params.${key}`);
  return readProfileParams(saved);
}

/** The register account of the accrochage tab, as the cpf call names it. */
export interface RegistryAccount {
  idContrat: string;
  idClient: string;
}

const REGISTRY_FIELDS: Record<string, keyof RegistryAccount> = {
  idContrat: 'idContrat',
  idClientEmetteur: 'idClient',
};

/**
 * PUT /api/issuer/config {idContrat, idClient}: the register contract and client id the issuer's register
 * templates take (params idContrat and idClientEmetteur), under the catalogue's rules for those fields.
 */
export async function saveRegistryAccount(
  db: Kysely<Database>,
  issuerId: number,
  account: RegistryAccount,
  options: ProfileOptions = {},
): Promise<RegistryAccount> {
  const saved = await saveProfileChanges(
    db,
    issuerId,
    { idContrat: account.idContrat, idClientEmetteur: account.idClient },
    options,
    (key) => REGISTRY_FIELDS[key] ?? key,
  );
  return { idContrat: text(saved.idContrat) ?? '', idClient: text(saved.idClientEmetteur) ?? '' };
}
