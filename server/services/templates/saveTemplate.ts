import { checkReminderDays, parseValidity } from '../../../domain/expiry';
import type { Kysely } from 'kysely';
import { canEditTemplate } from '../../../domain/permissions';
import {
  BADGE_ELEMENTS,
  REGISTRY_ELEMENTS,
  validateBadgeContent,
  validateRegistryContent,
  withDefaultIssuer,
} from '../../../domain/templateRules/badgeLimits';
import { cleanInput, cleanTags, collapseIdenticalLanguages } from '../../../domain/templateRules/inputCleaning';
import {
  canChangeLanguages,
  DEFAULT_BADGE_LANGUAGE,
  DEFAULT_REGISTRY_LANGUAGE,
  formatLanguagesList,
  isBadgeLanguage,
  orderLanguages,
  parseLanguagesList,
} from '../../../domain/templateRules/languages';
import {
  asksClientIds,
  registryParamsOnSubmit,
  type RegistryParams,
} from '../../../domain/templateRules/registryParams';
import { defaultStyle, storedStyle, validateStyle } from '../../../domain/templateRules/style';
import {
  DEFAULT_TECHNICAL_FIELDS,
  formatTechnicalFields,
  validateTechnicalFields,
} from '../../../domain/templateRules/technicalFields';
import {
  DEFAULT_META_TYPE,
  requiredMetatemplate,
  templateFamily,
  type TemplateContent,
  type TemplateFamily,
  type TemplateMetaFields,
  type TemplatePayload,
} from '../../../domain/templates';
import { unauthorized, type AuthContext } from '../../auth/guard';
import type { Database, Template } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { insertTemplate, updateIssuerTemplate } from '../../repositories/templates';
import type { FileStore } from '../files/fileStore';
import { callerTemplate, issuerTemplateOptions, type IssuerTemplateOptions } from './access';
import { isIssuerImage, newImageKey, type ImagePart, type ImageUpload } from './images';

export interface SaveTemplateRequest {
  mode: 'add' | 'update';
  /** the template to update */
  id?: number;
  payload: TemplatePayload;
  /** images already checked (type, size) by checkedUpload */
  uploads: readonly ImageUpload[];
  /** the family the call is for (mc: badge, rncp: registry); any family the editors write when absent */
  family?: TemplateFamily;
}

/** Field → error code, e.g. 'content.en.microcertitle' → 'too_long', 'languages' → 'locked'. */
type FieldErrors = Record<string, string>;

const TAG_FIELDS = new Set(['skills', 'otherpartners']);
const LOGO_FIELDS = new Set(['badge_logo', 'partner_logo', 'issuer_logo']);
const CONTENT_FIELDS: Record<TemplateFamily, ReadonlySet<string>> = {
  badge: new Set([...BADGE_ELEMENTS, 'issuer_url_label', 'label']),
  registry: new Set([...REGISTRY_ELEMENTS, 'label']),
};

function defaultMeta(): TemplateMetaFields {
  return {
    meta_url: '',
    meta_startdate: null,
    meta_enddate: null,
    meta_landscape: false,
    meta_type: DEFAULT_META_TYPE,
  };
}

/**
 * Creates or updates a badge or registry template with every rule of spec 001 sections 5 and 6: the
 * metatemplate, languages (ordered, locked once certificates exist), the NFT choice (only when creating),
 * cleaned and checked content, logos, style and registry parameters. Nothing is stored unless all hold.
 * Returns the template's id.
 */
export async function saveTemplate(
  db: Kysely<Database>,
  files: FileStore,
  auth: AuthContext,
  request: SaveTemplateRequest,
): Promise<number> {
  if (!canEditTemplate(auth.profileId)) throw unauthorized();
  const { payload, mode } = request;
  const family = templateFamily(payload.type);
  if (family === null || (request.family && family !== request.family)) {
    throw badRequest('UNSUPPORTED_TEMPLATE_TYPE', `This call does not write ${payload.type} templates`);
  }
  const existing = mode === 'update' ? await callerTemplate(db, auth, request.id ?? 0) : undefined;
  const options = issuerTemplateOptions(auth.issuer);
  if (!options.metatemplates.includes(requiredMetatemplate(payload.type))) {
    throw new AppError(403, 'METATEMPLATE_UNAVAILABLE', `Your account does not include ${payload.type} templates`);
  }

  const fields: FieldErrors = {};
  if (existing && existing.type !== payload.type) fields.type = 'locked';
  const { languages, defaultLanguage } = chooseLanguages(payload, family, existing, fields);
  const network = chooseNetwork(payload, existing, fields);
  const images = new ImageKeys(files, auth.issuer.id, request.uploads);
  const content: Record<string, TemplateContent> = {};
  const labels: Record<string, string> = {};
  for (const language of languages) {
    const values = await languageContent(payload, language, family, images, fields);
    const complete = withDefaultIssuer(values, auth.issuer.name) as TemplateContent;
    const errors =
      family === 'badge'
        ? validateBadgeContent(complete, { isNft: network !== null, isDefaultLanguage: language === defaultLanguage })
        : validateRegistryContent(complete);
    for (const [field, error] of Object.entries(errors)) fields[`content.${language}.${field}`] = error as string;
    content[language] = complete;
    labels[language] = complete.label || complete.microcertitle || '';
  }
  if (family === 'registry' && (payload.issuerLogo || request.uploads.some((u) => u.part === 'issuerImage'))) {
    fields.issuerLogo = 'not_allowed';
  }
  const cstyle = storedStyle(payload.cstyle ?? existing?.parsed.cstyle ?? defaultStyle());
  if (payload.cstyle) {
    for (const [path, error] of Object.entries(validateStyle(cstyle, options))) {
      fields[`cstyle.${path}`] = error as string;
    }
  }
  const params = templateParams(payload, family, options, fields);
  const technicalFields = chooseTechnicalFields(payload, existing, fields);
  const expiry = payload.expiry ?? existing?.parsed.expiry ?? null;
  if (expiry) {
    const days = checkReminderDays(expiry.reminderDays);
    if (!days.ok) fields['expiry.reminderDays'] = days.error;
    else expiry.reminderDays = days.days;
    if (expiry.validity && !parseValidity(expiry.validity)) fields['expiry.validity'] = 'invalid';
  }
  if (Object.keys(fields).length > 0) {
    throw badRequest('VALIDATION_ERROR', 'The template is not valid', { fields });
  }

  // A language without a title of its own (NFT badges need one only in the default language) shows the default's.
  for (const language of languages) labels[language] ||= labels[defaultLanguage] ?? '';
  const values = {
    label: JSON.stringify(collapseIdenticalLanguages(labels)),
    type: payload.type,
    is_nft: network === null ? 0 : 1,
    network,
    languages: formatLanguagesList(languages),
    default_language: defaultLanguage,
    content: JSON.stringify(content),
    params: JSON.stringify(params),
    meta: JSON.stringify({ ...(existing?.parsed.meta ?? defaultMeta()), ...payload.meta }),
    cstyle: JSON.stringify(cstyle),
    technical_fields: technicalFields,
    public_sample: (payload.publicSample ?? existing?.public_sample === 1) ? 1 : 0,
    names_optional: (payload.namesOptional ?? existing?.names_optional === 1) ? 1 : 0,
    expiry: expiry ? JSON.stringify(expiry) : null,
  };
  const stored = await images.storeUsed();
  try {
    if (existing) {
      await updateIssuerTemplate(db, auth.issuer.id, existing.id, values);
      return existing.id;
    }
    return await insertTemplate(db, {
      issuer_id: auth.issuer.id,
      ...values,
      fields_to_certified: DEFAULT_FIELDS_TO_CERTIFY[family],
    });
  } catch (error) {
    await Promise.all(stored.map((key) => files.delete(key)));
    throw error;
  }
}

/**
 * What a new template certifies about each recipient (its fieldsToCertified): a badge its recipient's address,
 * a registry certificate its holder's name. Imports must give these columns, and a template without them
 * cannot have its certificates disabled or enabled (spec 002 section 4).
 */
const DEFAULT_FIELDS_TO_CERTIFY: Record<TemplateFamily, string> = { badge: 'Email', registry: 'firstName;lastName' };

/**
 * The content's languages, the default first (the first chosen when the asked default is not among them).
 * Registry templates have one language. Once certificates exist, the saved languages stay; others may be added.
 */
function chooseLanguages(
  payload: TemplatePayload,
  family: TemplateFamily,
  existing: Template | undefined,
  fields: FieldErrors,
): { languages: string[]; defaultLanguage: string } {
  const chosen = Object.keys(payload.content);
  for (const language of chosen) if (!isBadgeLanguage(language)) fields[`content.${language}`] = 'unknown_language';
  if (payload.DefaultLanguage !== undefined && !isBadgeLanguage(payload.DefaultLanguage)) {
    fields.DefaultLanguage = 'unknown_language';
  }
  const fallback = family === 'registry' ? DEFAULT_REGISTRY_LANGUAGE : DEFAULT_BADGE_LANGUAGE;
  const choice = orderLanguages(chosen, payload.DefaultLanguage ?? existing?.default_language ?? fallback);
  if (choice.languages.length === 0) fields.languages = 'required';
  else if (family === 'registry' && choice.languages.length > 1) fields.languages = 'single_language';
  if (existing && !canChangeLanguages({ mode: 'update', certificationCounter: existing.certification_counter })) {
    const saved = parseLanguagesList(existing.languages);
    if (!saved.every((language) => choice.languages.includes(language))) fields.languages = 'locked';
  }
  return choice;
}

/**
 * The columns that name a recipient, as the stored semicolon list: the payload's (checked), else the saved
 * ones on an update (a template migrated without any keeps none: each row is its own recipient), else ID.
 */
function chooseTechnicalFields(payload: TemplatePayload, existing: Template | undefined, fields: FieldErrors): string {
  if (payload.technicalFields === undefined) {
    return existing ? existing.technical_fields : formatTechnicalFields(DEFAULT_TECHNICAL_FIELDS);
  }
  const technical = payload.technicalFields.map((field) => field.trim());
  const error = validateTechnicalFields(technical);
  if (error) fields.technicalFields = error;
  return formatTechnicalFields(technical);
}

/** NFT (network gnosis) is chosen when the template is created and never changes afterwards. */
function chooseNetwork(payload: TemplatePayload, existing: Template | undefined, fields: FieldErrors): string | null {
  if (!existing) return payload.network ?? null;
  const network = payload.network === undefined ? existing.network : payload.network;
  if (network !== existing.network) fields.network = 'locked';
  return existing.network;
}

/**
 * One language's content, cleaned as the editors clean it (tags as tag lists), with its logos resolved to
 * stored image keys. A logo named in the payload that is neither a received image nor one of the issuer's
 * stored images is left empty, so the content checks report the badge logo missing.
 */
async function languageContent(
  payload: TemplatePayload,
  language: string,
  family: TemplateFamily,
  images: ImageKeys,
  fields: FieldErrors,
): Promise<TemplateContent> {
  const raw = payload.content[language] ?? {};
  const values: TemplateContent = {};
  for (const [field, value] of Object.entries(raw)) {
    if (!CONTENT_FIELDS[family].has(field)) {
      fields[`content.${language}.${field}`] = 'unknown';
      continue;
    }
    if (LOGO_FIELDS.has(field)) continue;
    const cleaned = TAG_FIELDS.has(field) ? cleanTags(value).value : cleanInput(value);
    if (cleaned !== '') values[field] = cleaned;
  }
  values.badge_logo = (await images.resolve('badgeImage', payload.badge?.[language] ?? raw.badge_logo)) ?? null;
  const partner = await images.resolve(
    'partnerImage',
    payload.partnerLogo !== undefined ? payload.partnerLogo : raw.partner_logo,
  );
  if (partner === undefined) fields.partnerLogo = 'unknown_image';
  else values.partner_logo = partner;
  if (family === 'badge') {
    const issuerLogo = await images.resolve(
      'issuerImage',
      payload.issuerLogo !== undefined ? payload.issuerLogo : raw.issuer_logo,
    );
    if (issuerLogo === undefined) fields.issuerLogo = 'unknown_image';
    else values.issuer_logo = issuerLogo;
  }
  return values;
}

/** Registry parameters: asked of the user only when the account has no contract of its own (spec 001 section 5). */
function templateParams(
  payload: TemplatePayload,
  family: TemplateFamily,
  options: IssuerTemplateOptions,
  fields: FieldErrors,
): Record<string, unknown> {
  if (family !== 'registry') {
    if (payload.params) fields.params = 'not_allowed';
    return {};
  }
  const asked = payload.params;
  if (!asked) {
    fields.params = 'required';
    return {};
  }
  const fromUser = asksClientIds(options.contractId);
  const idContrat = (fromUser ? asked.idContrat?.trim() : options.contractId) ?? '';
  const certifier =
    (fromUser ? asked.idClientCertificateur?.trim() : (options.clientId ?? asked.idClientCertificateur?.trim())) ?? '';
  if (idContrat === '') fields['params.idContrat'] = 'required';
  if (certifier === '') fields['params.idClientCertificateur'] = 'required';
  const params: RegistryParams = {
    type: asked.type as RegistryParams['type'],
    idClientEmetteur: '',
    idClientCertificateur: certifier,
    idContrat,
  };
  return { ...registryParamsOnSubmit(params) };
}

/**
 * Logo names to stored keys. A name is the file name of a received image of that part (stored under a new
 * key, once, only if the template uses it) or the key of an image the issuer already stored (an update or a
 * duplicate keeps its logos). With no name, a part's only received image is used.
 */
class ImageKeys {
  private readonly keys = new Map<ImageUpload, string>();

  constructor(
    private readonly files: FileStore,
    private readonly issuerId: number,
    private readonly uploads: readonly ImageUpload[],
  ) {}

  /** the key; null when no logo is named; undefined when the name matches nothing */
  async resolve(part: ImagePart, name: string | null | undefined): Promise<string | null | undefined> {
    const ofPart = this.uploads.filter((upload) => upload.part === part);
    const upload =
      name === undefined || name === null
        ? ofPart.length === 1 && name === undefined
          ? ofPart[0]
          : undefined
        : ofPart.find((candidate) => candidate.fileName === name);
    if (upload) {
      const key = this.keys.get(upload) ?? newImageKey(this.issuerId, upload.type);
      this.keys.set(upload, key);
      return key;
    }
    if (!name) return null;
    return (await isIssuerImage(this.files, this.issuerId, name)) ? name : undefined;
  }

  /** Stores the received images the template uses; returns their keys. */
  async storeUsed(): Promise<string[]> {
    const stored: string[] = [];
    try {
      for (const [upload, key] of this.keys) {
        await this.files.put(key, upload.bytes);
        stored.push(key);
      }
    } catch (error) {
      // one image refused (a full disk): those stored before it are removed, so no template's file is left alone
      await Promise.all(stored.map((key) => this.files.delete(key)));
      throw error;
    }
    return stored;
  }
}
