import type { Brand } from './brand';
import { emailDomain, isValidEmail, sanitizeEmail } from './email';
import { PHONE_PATTERN } from './issuerPublicProfile';
import { effectivePlan, isPlan, planAtLeast, type Plan } from './plans';
import type { Tag } from './templates';

/**
 * The issuer profile's parameters (spec 000 sections 2.11, 3 and 5): which tab shows each one, the lowest
 * contract that may change it, and whether the Administrator may change it at all. Shared by the profile
 * page (locks, upgrade offers, field checks) and by the server, which enforces the same rules.
 */

/** Domains the product sends mail from: an issuer may always use them as sender (spec 000 section 9). */
export const PRODUCT_MAIL_DOMAINS: readonly string[] = ['laurel.app', 'laurel.email', '3videnz.com'];

/** Each brand's own sender domains: the send-emails form never offers the other brand's (spec 002 section 5). */
export const BRAND_MAIL_DOMAINS: Record<Brand, readonly string[]> = {
  laurel: ['laurel.app', 'laurel.email'],
  '3videnz': ['3videnz.com'],
};

export const PROFILE_TABS = [
  'issuer',
  'emailing',
  'analytics',
  'attestations_display',
  'sharing',
  'functionnalities',
  'accrochage',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const ANALYTICS_PROVIDERS = ['matomo', 'gtag'] as const;
export type AnalyticsProvider = (typeof ANALYTICS_PROVIDERS)[number];

export const PROFILE_PARAM_TYPES = [
  'text',
  'email',
  'url',
  'boolean',
  'country',
  'digits',
  'analytics_provider',
  'phone',
] as const;
export type ProfileParamType = (typeof PROFILE_PARAM_TYPES)[number];

/**
 * Who changes a parameter: 'open' the Administrator (from its minimum contract on); 'read_only' nobody here
 * (identity fields, set by the account verification); 'support' only the support team (the page offers to
 * contact it); 'once' the Administrator while it is empty, then only the support team.
 */
export type ProfileParamEditing = 'open' | 'read_only' | 'support' | 'once';

export interface ProfileParamDefinition {
  tab: ProfileTab;
  type: ProfileParamType;
  minimumPlan: Plan;
  editing: ProfileParamEditing;
  /** characters, for text, url and digits values */
  maxLength?: number;
  /** the accrochage tab exists only for issuers with the register (RNCP) entitlement */
  requiresRncp?: boolean;
  /** a field of the Issuer itself (name, legal identity), not one of its params */
  identity?: boolean;
}

const TEXT_MAX = 100;
const URL_MAX = 500;
const ID_MAX = 50;

const identity = (type: ProfileParamType, maxLength?: number): ProfileParamDefinition => ({
  tab: 'issuer',
  type,
  minimumPlan: 'FREE_TRIAL',
  editing: 'read_only',
  identity: true,
  ...(maxLength ? { maxLength } : {}),
});

const catalogue = {
  name: identity('text', TEXT_MAX),
  address: identity('text', 300),
  legalReference: identity('text', TEXT_MAX),
  KYB_hash: identity('text', 200),
  intentDeclaration: identity('boolean'),
  logo: identity('text', URL_MAX),
  country: { tab: 'issuer', type: 'country', minimumPlan: 'FREE_TRIAL', editing: 'open' },
  // the public profile every credential carries (issue 31: OB 3.0 Profile description, email, phone, otherIdentifier)
  description: { tab: 'issuer', type: 'text', minimumPlan: 'FREE_TRIAL', editing: 'open', maxLength: 500 },
  contactEmail: { tab: 'issuer', type: 'email', minimumPlan: 'FREE_TRIAL', editing: 'open' },
  phone: { tab: 'issuer', type: 'phone', minimumPlan: 'FREE_TRIAL', editing: 'open', maxLength: 30 },
  registrationNumber: { tab: 'issuer', type: 'text', minimumPlan: 'FREE_TRIAL', editing: 'open', maxLength: ID_MAX },

  object: { tab: 'emailing', type: 'text', minimumPlan: 'ESSENTIALS_PACK', editing: 'open', maxLength: 150 },
  'sender.name': { tab: 'emailing', type: 'text', minimumPlan: 'ESSENTIALS_PACK', editing: 'open', maxLength: 70 },
  'sender.email': { tab: 'emailing', type: 'email', minimumPlan: 'ESSENTIALS_PACK', editing: 'open' },
  'replyTo.name': { tab: 'emailing', type: 'text', minimumPlan: 'ESSENTIALS_PACK', editing: 'open', maxLength: 70 },
  'replyTo.email': { tab: 'emailing', type: 'email', minimumPlan: 'ESSENTIALS_PACK', editing: 'open' },
  tracking: { tab: 'emailing', type: 'boolean', minimumPlan: 'FREE_TRIAL', editing: 'open' },

  'analytics.provider': {
    tab: 'analytics',
    type: 'analytics_provider',
    minimumPlan: 'ESSENTIALS_PACK',
    editing: 'open',
  },
  'analytics.id': {
    tab: 'analytics',
    type: 'text',
    minimumPlan: 'ESSENTIALS_PACK',
    editing: 'open',
    maxLength: ID_MAX,
  },
  'analytics.url': {
    tab: 'analytics',
    type: 'url',
    minimumPlan: 'ESSENTIALS_PACK',
    editing: 'open',
    maxLength: URL_MAX,
  },

  title: {
    tab: 'attestations_display',
    type: 'text',
    minimumPlan: 'ESSENTIALS_PACK',
    editing: 'open',
    maxLength: TEXT_MAX,
  },
  url: { tab: 'attestations_display', type: 'url', minimumPlan: 'FREE_TRIAL', editing: 'open', maxLength: URL_MAX },
  ob_url: {
    tab: 'attestations_display',
    type: 'url',
    minimumPlan: 'ESSENTIALS_PACK',
    editing: 'open',
    maxLength: URL_MAX,
  },
  custom_url: {
    tab: 'attestations_display',
    type: 'url',
    minimumPlan: 'WHITE_LABEL',
    editing: 'open',
    maxLength: URL_MAX,
  },

  organizationId: { tab: 'sharing', type: 'digits', minimumPlan: 'ESSENTIALS_PACK', editing: 'open', maxLength: 20 },

  hasCustomDesign: { tab: 'functionnalities', type: 'boolean', minimumPlan: 'WHITE_LABEL', editing: 'open' },
  canEditTables: { tab: 'functionnalities', type: 'boolean', minimumPlan: 'ESSENTIALS_PACK', editing: 'support' },

  idContrat: {
    tab: 'accrochage',
    type: 'text',
    minimumPlan: 'ESSENTIALS_PACK',
    editing: 'once',
    maxLength: ID_MAX,
    requiresRncp: true,
  },
  idClientEmetteur: {
    tab: 'accrochage',
    type: 'text',
    minimumPlan: 'ESSENTIALS_PACK',
    editing: 'once',
    maxLength: ID_MAX,
    requiresRncp: true,
  },
} satisfies Record<string, ProfileParamDefinition>;

export type ProfileParamKey = keyof typeof catalogue;

/** The catalogue, by key; a dotted key is a member of a group (sender, replyTo, analytics). */
export const PROFILE_PARAMS: Readonly<Record<ProfileParamKey, ProfileParamDefinition>> = catalogue;

export const PROFILE_PARAM_KEYS = Object.keys(catalogue) as ProfileParamKey[];

/** The parameters stored in the issuer's params (everything but the identity fields). */
export const STORED_PARAM_KEYS = PROFILE_PARAM_KEYS.filter((key) => !PROFILE_PARAMS[key].identity);

export function isProfileParamKey(key: string): key is ProfileParamKey {
  return Object.hasOwn(catalogue, key);
}

export type ProfileValue = string | boolean;

export type ProfileParamError =
  | 'unknown'
  | 'read_only'
  | 'support_only'
  | 'not_available'
  | 'contract_level'
  | 'invalid'
  | 'too_long'
  | 'required'
  | 'not_allowed'
  | 'domain_not_allowed';

/** What the rules need to know about the issuer. */
export interface ProfileContext {
  /** the stored contract; anything that is not a plan counts as FREE_TRIAL */
  plan: string;
  verified: boolean;
  /** the issuer's own domains, as a list or as the stored comma list */
  domains: readonly string[] | string;
  /** the product's own sender domains (PRODUCT_MAIL_DOMAINS unless configured otherwise) */
  productDomains: readonly string[];
  /** the register entitlement that opens the accrochage tab */
  hasRncp?: boolean;
  /** the params as stored: unchanged values pass, 'once' fields already set are locked, analytics is checked whole */
  current?: Readonly<Record<string, unknown>>;
  /** the address mail goes out from by default; always accepted as sender */
  defaultReplyTo?: string | null;
}

export interface ProfileValidation {
  /** one error per field that has one; empty when every change may be saved */
  errors: Partial<Record<string, ProfileParamError>>;
  /** the cleaned changes by key, null to remove a parameter; values equal to the stored ones are left out */
  values: Partial<Record<ProfileParamKey, ProfileValue | null>>;
}

/** The contract the rules apply: an unverified issuer counts as FREE_TRIAL (spec 000 section 4). */
export function profilePlan(plan: string, verified: boolean): Plan {
  return effectivePlan(isPlan(plan) ? plan : 'FREE_TRIAL', verified);
}

const WHITESPACE_CONTROLS = /[\t\n\v\f\r]/gu;
/** Embedding and isolate controls reorder the text around them: a sender name could pose as another. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/gu;

/**
 * Cleans a one-line text: canonical Unicode form, line breaks and tabs as spaces, no other control character,
 * trimmed. Markup is kept as typed: the values are shown as text, never as HTML.
 */
export function cleanProfileText(value: string): string {
  return value
    .normalize('NFC')
    .replace(WHITESPACE_CONTROLS, ' ')
    .replace(/\p{Cc}/gu, '')
    .replace(BIDI_CONTROLS, '')
    .trim();
}

/** The domains a sender address may use: the issuer's own and the product's, lowercased, without repeats. */
export function allowedSenderDomains(
  domains: readonly string[] | string,
  productDomains: readonly string[] = PRODUCT_MAIL_DOMAINS,
): string[] {
  const issuerDomains = typeof domains === 'string' ? domains.split(',') : domains;
  const cleaned = [...issuerDomains, ...productDomains].map((domain) =>
    domain.trim().toLowerCase().replace(/^@/u, '').replace(/\.$/u, ''),
  );
  return [...new Set(cleaned.filter((domain) => domain !== ''))];
}

/** An address belongs to a domain when its domain is that domain or one of its subdomains. */
export function isAllowedSenderEmail(email: string, allowedDomains: readonly string[]): boolean {
  const domain = emailDomain(email);
  return allowedDomains.some((allowed) => domain === allowed || domain.endsWith(`.${allowed}`));
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** An ISO 3166-1 alpha-2 code the runtime knows as a region. */
export function isCountryCode(code: string): boolean {
  if (!/^[A-Z]{2}$/u.test(code) || code === 'ZZ') return false;
  try {
    return regionNames.of(code) !== code;
  } catch {
    return false;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const MATOMO_SITE_ID = /^\d{1,10}$/u;
/** Google tag ids: G- (GA4), GT-, AW- (Ads), DC- (Floodlight), UA- (Universal Analytics, still found in old accounts). */
const GTAG_ID = /^(?:G|GT|AW|DC|UA)-[A-Z0-9-]{4,30}$/u;

const length = (value: string) => [...value].length;

type Cleaned = { value: ProfileValue | null } | { error: ProfileParamError };

/** The value as it is stored, or the error of a value that cannot be. null removes the parameter. */
function cleanValue(definition: ProfileParamDefinition, raw: unknown): Cleaned {
  if (raw === null) return { value: null };
  if (definition.type === 'boolean') return typeof raw === 'boolean' ? { value: raw } : { error: 'invalid' };
  if (typeof raw !== 'string') return { error: 'invalid' };
  switch (definition.type) {
    case 'email':
      return { value: sanitizeEmail(raw) };
    case 'country': {
      const code = cleanProfileText(raw).toUpperCase();
      return code === '' || isCountryCode(code) ? { value: code } : { error: 'invalid' };
    }
    case 'analytics_provider': {
      const provider = cleanProfileText(raw).toLowerCase();
      return provider === '' || (ANALYTICS_PROVIDERS as readonly string[]).includes(provider)
        ? { value: provider }
        : { error: 'invalid' };
    }
    default: {
      const text = cleanProfileText(raw);
      if (definition.maxLength !== undefined && length(text) > definition.maxLength) return { error: 'too_long' };
      if (text === '') return { value: text };
      if (definition.type === 'url' && !isHttpUrl(text)) return { error: 'invalid' };
      if (definition.type === 'digits' && !/^\d+$/u.test(text)) return { error: 'invalid' };
      if (definition.type === 'phone' && !PHONE_PATTERN.test(text)) return { error: 'invalid' };
      return { value: text };
    }
  }
}

/** The stored value at a key; the analytics provider was once stored as `type`. */
export function storedParam(params: Readonly<Record<string, unknown>>, key: ProfileParamKey): unknown {
  const [group, member] = key.split('.');
  if (member === undefined) return params[group];
  const values = params[group];
  if (typeof values !== 'object' || values === null) return undefined;
  const record = values as Record<string, unknown>;
  return key === 'analytics.provider' ? (record.provider ?? record.type) : record[member];
}

const isSet = (value: unknown) => value !== undefined && value !== null && value !== '';
const isUnchanged = (value: ProfileValue | null, stored: unknown) =>
  value === stored || (value === null && stored === undefined);

/**
 * Changes as sent (the params' own shape: `{ sender: { email } }`, null to remove) flattened to catalogue keys;
 * a group set to null removes each of its members. Entries that name nothing in the catalogue are errors.
 */
function flattenChanges(changes: Readonly<Record<string, unknown>>): {
  entries: [ProfileParamKey, unknown][];
  errors: Partial<Record<string, ProfileParamError>>;
} {
  const entries: [ProfileParamKey, unknown][] = [];
  const errors: Partial<Record<string, ProfileParamError>> = {};
  for (const [key, value] of Object.entries(changes)) {
    if (isProfileParamKey(key)) {
      entries.push([key, value]);
      continue;
    }
    const members = PROFILE_PARAM_KEYS.filter((candidate) => candidate.startsWith(`${key}.`));
    if (members.length === 0) errors[key] = 'unknown';
    else if (value === null) members.forEach((member) => entries.push([member, null]));
    else if (typeof value !== 'object' || Array.isArray(value)) errors[key] = 'invalid';
    else {
      for (const [member, memberValue] of Object.entries(value as Record<string, unknown>)) {
        const path = `${key}.${member}`;
        if (isProfileParamKey(path)) entries.push([path, memberValue]);
        else errors[path] = 'unknown';
      }
    }
  }
  return { entries, errors };
}

/** Why the issuer may not change this field now, if it may not (identity, support, entitlement, contract). */
function lockOf(
  key: ProfileParamKey,
  context: ProfileContext,
  plan: Plan,
): 'read_only' | 'support_only' | 'not_available' | 'contract_level' | null {
  const definition = PROFILE_PARAMS[key];
  if (definition.editing === 'read_only') return 'read_only';
  if (definition.editing === 'support') return 'support_only';
  if (definition.editing === 'once' && isSet(storedParam(context.current ?? {}, key))) return 'support_only';
  if (definition.requiresRncp && !context.hasRncp) return 'not_available';
  if (!planAtLeast(plan, definition.minimumPlan)) return 'contract_level';
  return null;
}

/** The emailing rules of spec 000 section 5 on cleaned addresses. */
function emailError(key: ProfileParamKey, email: string, context: ProfileContext): ProfileParamError | null {
  // only the sender address is held to the issuer's mail domains: a reply-to or a public contact may be anywhere
  if (key === 'replyTo.email' || key === 'contactEmail') return email === '' || isValidEmail(email) ? null : 'invalid';
  if (!isValidEmail(email)) return 'invalid';
  const defaultReplyTo = context.defaultReplyTo ? sanitizeEmail(context.defaultReplyTo) : null;
  if (email === defaultReplyTo) return null;
  return isAllowedSenderEmail(email, allowedSenderDomains(context.domains, context.productDomains))
    ? null
    : 'domain_not_allowed';
}

/** The analytics settings as they would be saved, checked together: the provider decides what id and url mean. */
function analyticsErrors(
  values: ProfileValidation['values'],
  current: Readonly<Record<string, unknown>>,
): Partial<Record<string, ProfileParamError>> {
  const after = (key: 'analytics.provider' | 'analytics.id' | 'analytics.url') => {
    const value = key in values ? values[key] : storedParam(current, key);
    return typeof value === 'string' ? value : '';
  };
  const [provider, id, url] = [after('analytics.provider'), after('analytics.id'), after('analytics.url')];
  if (provider === '') return id === '' && url === '' ? {} : { 'analytics.provider': 'required' };
  const errors: Partial<Record<string, ProfileParamError>> = {};
  if (id === '') errors['analytics.id'] = 'required';
  if (provider === 'matomo') {
    if (id !== '' && !MATOMO_SITE_ID.test(id)) errors['analytics.id'] = 'invalid';
    if (url === '') errors['analytics.url'] = 'required';
  } else {
    if (id !== '' && !GTAG_ID.test(id.toUpperCase())) errors['analytics.id'] = 'invalid';
    if (url !== '') errors['analytics.url'] = 'not_allowed';
  }
  return errors;
}

/**
 * Checks the changes an Administrator asks for. A field is refused, in this order, when it names nothing,
 * is read-only, belongs to the support team, needs the register entitlement, or needs a higher contract than
 * the issuer's effective one; otherwise its value is cleaned and checked. A value equal to the stored one is
 * no change and passes whatever its lock, so a whole form can be sent back after a downgrade.
 */
export function validateProfileChanges(
  changes: Readonly<Record<string, unknown>>,
  context: ProfileContext,
): ProfileValidation {
  const plan = profilePlan(context.plan, context.verified);
  const current = context.current ?? {};
  const { entries, errors } = flattenChanges(changes);
  const values: ProfileValidation['values'] = {};
  for (const [key, raw] of entries) {
    const definition = PROFILE_PARAMS[key];
    // Identity fields are not params: whatever is sent for them is refused as read-only.
    const cleaned: Cleaned = definition.identity ? { error: 'read_only' } : cleanValue(definition, raw);
    if ('value' in cleaned && isUnchanged(cleaned.value, storedParam(current, key))) continue;
    const lock = lockOf(key, context, plan);
    if (lock) errors[key] = lock;
    else if ('error' in cleaned) errors[key] = cleaned.error;
    else {
      const error =
        definition.type === 'email' && typeof cleaned.value === 'string'
          ? emailError(key, cleaned.value, context)
          : null;
      if (error) errors[key] = error;
      else values[key] = cleaned.value;
    }
  }
  const analyticsChanged = entries.some(([key]) => key.startsWith('analytics.'));
  if (analyticsChanged) {
    for (const [key, error] of Object.entries(analyticsErrors(values, current))) errors[key] ??= error;
  }
  return { errors, values };
}

/**
 * The stored params with the cleaned changes applied: null removes a parameter, a group left empty is removed,
 * and every param the catalogue does not know (the notification webhook, …) stays as it was.
 */
export function mergeProfileParams(
  stored: Readonly<Record<string, unknown>>,
  values: ProfileValidation['values'],
): Record<string, unknown> {
  const next: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(values) as [ProfileParamKey, ProfileValue | null][]) {
    const [group, member] = key.split('.');
    if (member === undefined) {
      if (value === null) delete next[group];
      else next[group] = value;
      continue;
    }
    const previous = next[group];
    const members: Record<string, unknown> =
      typeof previous === 'object' && previous !== null && !Array.isArray(previous) ? { ...previous } : {};
    if (group === 'analytics') delete members.type;
    if (value === null) delete members[member];
    else members[member] = value;
    if (Object.keys(members).length === 0) delete next[group];
    else next[group] = members;
  }
  return next;
}

/** The profile's parameters as stored, in the params' own shape; anything else the params hold is left out. */
export function readProfileParams(stored: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const key of STORED_PARAM_KEYS) {
    const value = storedParam(stored, key);
    const definition = PROFILE_PARAMS[key];
    if (definition.type === 'boolean' ? typeof value !== 'boolean' : typeof value !== 'string') continue;
    const [group, member] = key.split('.');
    if (member === undefined) view[group] = value;
    else view[group] = { ...(view[group] as Record<string, unknown> | undefined), [member]: value };
  }
  return view;
}

/**
 * How the profile page shows a field: 'editable'; 'read_only'; 'support' (a Contact button); 'unavailable'
 * (the issuer lacks the entitlement the tab needs); 'upgrade' (locked below minimumPlan, with an upgrade offer).
 */
export type ProfileFieldState = 'editable' | 'read_only' | 'support' | 'unavailable' | 'upgrade';

export interface ProfileFieldLock {
  tab: ProfileTab;
  type: ProfileParamType;
  minimumPlan: Plan;
  state: ProfileFieldState;
}

const STATE_OF_LOCK = {
  read_only: 'read_only',
  support_only: 'support',
  not_available: 'unavailable',
  contract_level: 'upgrade',
} as const;

/** Every field of the catalogue with its lock for this issuer, as the profile page draws it. */
export function profileFieldLocks(
  context: Omit<ProfileContext, 'domains' | 'productDomains'>,
): Record<ProfileParamKey, ProfileFieldLock> {
  const plan = profilePlan(context.plan, context.verified);
  const full: ProfileContext = { ...context, domains: [], productDomains: [] };
  return Object.fromEntries(
    PROFILE_PARAM_KEYS.map((key) => {
      const { tab, type, minimumPlan } = PROFILE_PARAMS[key];
      const lock = lockOf(key, full, plan);
      return [key, { tab, type, minimumPlan, state: lock ? STATE_OF_LOCK[lock] : 'editable' }];
    }),
  ) as Record<ProfileParamKey, ProfileFieldLock>;
}

/** GET /api/issuer/{id}/all: the Issuer of spec 000 section 3, with the profile page's locks. */
export interface IssuerProfile {
  id: number;
  name: string;
  /** identity fields, set by the account verification: null until it has */
  address: string | null;
  intentDeclaration: boolean | null;
  legalReference: string | null;
  KYB_hash: string | null;
  logo: string | null;
  url: string | null;
  credits: number;
  /** the issuer's address on the ledger its NFT credentials are anchored on */
  blockchainAddress: string;
  /** the issuer's own mail domains, as a comma list */
  domains: string;
  isValidator: boolean;
  verified: boolean;
  /** whether the issuer signs in through its identity provider; the provider's settings are never sent */
  sso: boolean;
  isBlocked: boolean;
  tags: Tag[];
  orgUnits: { id: number; name: string }[];
  usage: {
    hasCustomisedEmails: boolean;
    hasTemplatesWithPdfRo: boolean;
    hasAccessToMicroCertifications: boolean;
    hasCustomMc: boolean;
  };
  hasPathway: boolean;
  hasRncp: boolean;
  /** the catalogue's params as stored (readProfileParams) */
  params: Record<string, unknown>;
  profile: {
    /** the stored contract, and the one the locks apply (FREE_TRIAL while unverified) */
    plan: string;
    effectivePlan: Plan;
    /** the domains a sender address may use, and the address always accepted as sender */
    senderDomains: string[];
    defaultReplyTo: string | null;
    fields: Record<ProfileParamKey, ProfileFieldLock>;
  };
}
