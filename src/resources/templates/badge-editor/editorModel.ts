import {
  validateBadgeContent,
  validateRegistryContent,
  withDefaultIssuer,
} from '../../../../domain/templateRules/badgeLimits';
import {
  checkReminderDays,
  DEFAULT_EXPIRY_SETTINGS,
  MAX_REMINDERS,
  parseValidity,
  type ExpirySettings,
  type ValidityUnit,
} from '../../../../domain/expiry';
import { cleanInput, cleanTags } from '../../../../domain/templateRules/inputCleaning';
import {
  DEFAULT_BADGE_LANGUAGE,
  DEFAULT_REGISTRY_LANGUAGE,
  isBadgeLanguage,
  orderLanguages,
  parseLanguagesList,
  type BadgeLanguage,
  type EditorMode,
} from '../../../../domain/templateRules/languages';
import {
  isRegistryType,
  registryParamsOnSubmit,
  type RegistryType,
} from '../../../../domain/templateRules/registryParams';
import { defaultStyle, storedStyle, validateStyle, type CStyle } from '../../../../domain/templateRules/style';
import {
  DEFAULT_TECHNICAL_FIELDS,
  parseTechnicalFields,
  validateTechnicalFields,
} from '../../../../domain/templateRules/technicalFields';
import {
  NFT_NETWORK,
  type TemplateDefinition,
  type TemplateFamily,
  type TemplatePayload,
  type TemplateType,
} from '../../../../domain/templates';

/**
 * The template editors' model (spec 001 sections 2 and 4), shared by the badge editor (/badge) and the
 * registry editor (/rncp): plain data, and a reducer whose every step is a pure function. The pages render
 * from it; the save flow turns it into the multipart payload.
 */

/** A logo: an image the issuer already stored (update, duplicate), a file just chosen, or none. */
export type LogoValue = { kind: 'stored'; key: string } | { kind: 'file'; file: File } | null;

/** The logo inputs; the badge logo is per language, the others are shared by every language. */
export type LogoSlot = 'badge_logo' | 'partner_logo' | 'issuer_logo';

/** The registry parameters the user fills in; the issuer's client id is derived on submit. */
export interface RegistryValues {
  type: RegistryType;
  idClientCertificateur: string;
  idContrat: string;
}

export interface EditorState {
  family: TemplateFamily;
  mode: EditorMode;
  /** the template updated (update mode) */
  id: number | null;
  type: TemplateType;
  isNft: boolean;
  /** the chosen languages, default first */
  languages: BadgeLanguage[];
  defaultLanguage: BadgeLanguage;
  /** languages that may not be unchecked (certificates were issued in them) */
  lockedLanguages: string[];
  certificationCounter: number;
  /** text content by language; kept for a language unchecked meanwhile, sent only for the chosen ones */
  content: Record<string, Record<string, string>>;
  badgeLogos: Record<string, LogoValue>;
  partnerLogo: LogoValue;
  issuerLogo: LogoValue;
  cstyle: CStyle;
  registry: RegistryValues;
  step: number;
  /** field path ('content.en.microcertitle', 'params.idContrat', 'cstyle.title.fontSize') → error code */
  errors: Record<string, string>;
  /** what a new language's content starts with (the issuer's name; the registry prefixes) */
  blankContent: Record<string, string>;
  issuerName: string;
  hasCustomDesign: boolean;
  /**
   * The registry's client and contract ids: asked here ('ask', the account has no contract id), taken from
   * the account ('account'), or offered without being required when the user cannot know ('unknown').
   */
  clientIds: ClientIds;
  /** the import columns that name a recipient, as typed ("ID; Email") */
  technicalFields: string;
  /** a template saved before technical fields existed may keep none (each row its own recipient) */
  technicalFieldsOptional: boolean;
  /** its sample page is public before any certificate is published (issue 27) */
  publicSample: boolean;
  /** the rows may leave out the recipient's name (issue 28): off unless the issuer says its certificates name nobody */
  namesOptional: boolean;
  /** the validity, reminder days and issuer's copy (issue 28), as the expiry card edits them */
  expiry: ExpiryDraft;
}

/** The expiry card's values: the amount and reminder days as typed, unit '' for a certificate that never expires. */
export interface ExpiryDraft {
  validityAmount: string;
  validityUnit: ValidityUnit | '';
  /** MAX_REMINDERS boxes, an empty one unused */
  reminderDays: string[];
  remindIssuer: boolean;
  issuerReminderEmail: string;
}

/** The card's values for saved settings (absent: the defaults, no validity and reminders 60 and 7 days before). */
export function expiryDraft(settings: ExpirySettings = DEFAULT_EXPIRY_SETTINGS): ExpiryDraft {
  const days = settings.reminderDays.slice(0, MAX_REMINDERS).map(String);
  return {
    validityAmount: settings.validity ? String(settings.validity.amount) : '',
    validityUnit: settings.validity?.unit ?? '',
    reminderDays: [...days, ...Array<string>(MAX_REMINDERS - days.length).fill('')],
    remindIssuer: settings.remindIssuer,
    issuerReminderEmail: settings.issuerReminderEmail,
  };
}

/** The settings the payload sends: the unused reminder boxes dropped, the address only when the issuer is reminded. */
export function expirySettings(draft: ExpiryDraft): ExpirySettings {
  return {
    validity:
      draft.validityUnit === '' ? null : { amount: Number(draft.validityAmount.trim()), unit: draft.validityUnit },
    reminderDays: draft.reminderDays.filter((day) => day.trim() !== '').map((day) => Number(day.trim())),
    remindIssuer: draft.remindIssuer,
    issuerReminderEmail: draft.remindIssuer ? draft.issuerReminderEmail.trim() : '',
  };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The expiry card's errors, by payload path (the server's own paths for the same mistakes). */
export function expiryErrors(draft: ExpiryDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  const settings = expirySettings(draft);
  if (settings.validity && parseValidity(settings.validity) === null) errors['expiry.validity'] = 'invalid';
  if (!checkReminderDays(settings.reminderDays).ok) errors['expiry.reminderDays'] = 'reminders_invalid';
  if (settings.issuerReminderEmail !== '' && !EMAIL.test(settings.issuerReminderEmail))
    errors['expiry.issuerReminderEmail'] = 'invalid';
  return errors;
}

export type ClientIds = 'ask' | 'account' | 'unknown';

export interface EditorContext {
  family: TemplateFamily;
  issuerName: string;
  hasCustomDesign: boolean;
  clientIds?: ClientIds;
  /** the registry's prefixes; the issuer is added to it */
  blankContent?: Record<string, string>;
  type?: TemplateType;
}

/** Tag-list fields, cleaned as tag lists; the others as single values. */
const TAG_FIELDS = new Set(['skills', 'otherpartners']);
const LOGO_FIELDS = new Set<string>(['badge_logo', 'partner_logo', 'issuer_logo']);

function blankContentOf(context: EditorContext): Record<string, string> {
  return { ...context.blankContent, issuer: context.issuerName };
}

/** A new template: the family's default language, the issuer's name, the first preset design. */
export function newEditorState(context: EditorContext): EditorState {
  const language = context.family === 'registry' ? DEFAULT_REGISTRY_LANGUAGE : DEFAULT_BADGE_LANGUAGE;
  const blankContent = blankContentOf(context);
  return {
    family: context.family,
    mode: 'insert',
    id: null,
    type: context.type ?? (context.family === 'registry' ? 'cpf_onshelf' : 'openbadge'),
    isNft: false,
    languages: [language],
    defaultLanguage: language,
    lockedLanguages: [],
    certificationCounter: 0,
    content: { [language]: { ...blankContent } },
    badgeLogos: { [language]: null },
    partnerLogo: null,
    issuerLogo: null,
    cstyle: defaultStyle(),
    registry: { type: 'RNCP', idClientCertificateur: '', idContrat: '' },
    step: 0,
    errors: {},
    blankContent,
    issuerName: context.issuerName,
    hasCustomDesign: context.hasCustomDesign,
    clientIds: context.clientIds ?? 'ask',
    technicalFields: DEFAULT_TECHNICAL_FIELDS.join(TECHNICAL_FIELDS_SEPARATOR),
    technicalFieldsOptional: false,
    publicSample: false,
    namesOptional: false,
    expiry: expiryDraft(),
  };
}

/** How the editors show a list of technical fields. */
const TECHNICAL_FIELDS_SEPARATOR = '; ';

function stored(key: string | null | undefined): LogoValue {
  return key ? { kind: 'stored', key } : null;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * The editor loaded from a saved definition: in update mode as it is (its languages locked once used), or as
 * the start of a new template when duplicating (insert mode, nothing locked, the stored logos reused).
 */
export function stateFromDefinition(
  definition: TemplateDefinition,
  context: EditorContext,
  mode: EditorMode,
): EditorState {
  const saved = parseLanguagesList(definition.languagesList).filter(isBadgeLanguage);
  const fallback = isBadgeLanguage(definition.DefaultLanguage) ? definition.DefaultLanguage : saved[0];
  const { languages, defaultLanguage } = orderLanguages(saved.length > 0 ? saved : [fallback], fallback);
  const content: Record<string, Record<string, string>> = {};
  const badgeLogos: Record<string, LogoValue> = {};
  for (const language of languages) {
    const values = definition.content[language] ?? {};
    content[language] = Object.fromEntries(
      Object.entries(values)
        .filter(([field, value]) => !LOGO_FIELDS.has(field) && typeof value === 'string')
        .map(([field, value]) => [field, value as string]),
    );
    badgeLogos[language] = stored(definition.badge[language] ?? values.badge_logo);
  }
  const params = definition.params ?? {};
  const savedTechnical = definition.technicalFields ?? [];
  const base = newEditorState({ ...context, type: definition.type });
  return {
    ...base,
    mode,
    id: mode === 'update' ? definition.id : null,
    isNft: definition.network !== null,
    languages,
    defaultLanguage,
    lockedLanguages:
      mode === 'update' ? definition.lockedLanguages.filter((l) => (languages as string[]).includes(l)) : [],
    certificationCounter: mode === 'update' ? definition.certificationCounter : 0,
    content,
    badgeLogos,
    partnerLogo: stored(definition.partnerLogo),
    issuerLogo: stored(definition.issuerLogo),
    cstyle: definition.cstyle ? structuredClone(definition.cstyle) : defaultStyle(),
    registry: {
      type: isRegistryType(params.type) ? params.type : 'RNCP',
      idClientCertificateur: text(params.idClientCertificateur),
      idContrat: text(params.idContrat),
    },
    // a copy is a new template, which names its recipients (by ID when the original names none)
    technicalFields: (savedTechnical.length > 0 || mode === 'update' ? savedTechnical : DEFAULT_TECHNICAL_FIELDS).join(
      TECHNICAL_FIELDS_SEPARATOR,
    ),
    technicalFieldsOptional: mode === 'update' && savedTechnical.length === 0,
    // a copy is a new template: nothing of it is public until someone chooses so
    publicSample: mode === 'update' && definition.publicSample,
    namesOptional: definition.namesOptional,
    expiry: expiryDraft(definition.expiry),
  };
}

export type EditorStep = { kind: 'parameters' } | { kind: 'content'; language: BadgeLanguage } | { kind: 'summary' };

/** Step 0 parameters, one data step per chosen language (default first), the summary. */
export function editorSteps(state: Pick<EditorState, 'languages'>): EditorStep[] {
  return [
    { kind: 'parameters' },
    ...state.languages.map((language) => ({ kind: 'content' as const, language })),
    { kind: 'summary' },
  ];
}

export function currentStep(state: EditorState): EditorStep {
  const steps = editorSteps(state);
  return steps[Math.min(state.step, steps.length - 1)];
}

/** The step showing the field at `path`: a language's data step, the summary for the design, else the parameters. */
export function stepOfPath(state: EditorState, path: string): number {
  const steps = editorSteps(state);
  const language = /^content\.([^.]+)(?:\.|$)/.exec(path)?.[1];
  if (language) {
    const index = steps.findIndex((step) => step.kind === 'content' && step.language === language);
    return index >= 0 ? index : 0;
  }
  if (path.startsWith('cstyle')) return steps.length - 1;
  if (path === 'partnerLogo' || path === 'issuerLogo') return 1;
  return 0;
}

/** The first step holding one of `errors`, for going there after the server refused the template. */
export function firstStepWithError(state: EditorState, errors: Record<string, string>): number {
  const indexes = Object.keys(errors).map((path) => stepOfPath(state, path));
  return indexes.length > 0 ? Math.min(...indexes) : state.step;
}

/** Whether Next is possible on the parameters step: at least one language is checked. */
export function canLeaveParameters(state: EditorState): boolean {
  return state.languages.length > 0;
}

export function cleanValue(field: string, value: string): string {
  return TAG_FIELDS.has(field) ? cleanTags(value).value : cleanInput(value);
}

/** One language's text content as it will be sent: cleaned, empty values left out. */
export function cleanedContent(values: Record<string, string>): Record<string, string> {
  const cleaned: Record<string, string> = {};
  for (const [field, value] of Object.entries(values)) {
    const clean = cleanValue(field, value);
    if (clean !== '') cleaned[field] = clean;
  }
  return cleaned;
}

/** The content checks of one language (limits, required title and issuer, the badge logo), by field path. */
export function contentErrors(state: EditorState, language: string): Record<string, string> {
  const values = {
    ...cleanedContent(state.content[language] ?? {}),
    badge_logo: state.badgeLogos[language] ? 'chosen' : null,
  };
  const complete = withDefaultIssuer(values, state.issuerName);
  const errors =
    state.family === 'registry'
      ? validateRegistryContent(complete)
      : validateBadgeContent(complete, { isNft: state.isNft, isDefaultLanguage: language === state.defaultLanguage });
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [`content.${language}.${field}`, error as string]),
  );
}

/**
 * The parameters' checks: the technical fields (none only for a template saved without any); the registry's
 * ids, required when the account has no contract of its own.
 */
export function parameterErrors(state: EditorState): Record<string, string> {
  const errors: Record<string, string> = {};
  const technical = parseTechnicalFields(state.technicalFields);
  const technicalError =
    technical.length === 0 && state.technicalFieldsOptional ? null : validateTechnicalFields(technical);
  if (technicalError) errors.technicalFields = technicalError;
  Object.assign(errors, expiryErrors(state.expiry));
  if (state.family !== 'registry' || state.clientIds !== 'ask') return errors;
  if (state.registry.idClientCertificateur.trim() === '') errors['params.idClientCertificateur'] = 'required';
  if (state.registry.idContrat.trim() === '') errors['params.idContrat'] = 'required';
  return errors;
}

export function styleErrors(state: EditorState): Record<string, string> {
  return Object.fromEntries(
    Object.entries(validateStyle(storedStyle(state.cstyle), { hasCustomDesign: state.hasCustomDesign })).map(
      ([path, error]) => [`cstyle.${path}`, error as string],
    ),
  );
}

/** A problem the validation dialog lists, with the step to go to. */
export interface Problem {
  path: string;
  code: string;
  step: number;
}

/** Every check of the template at once, for the validation dialog; empty when it may be saved. */
export function templateProblems(state: EditorState): Problem[] {
  const errors: Record<string, string> = {
    ...(state.languages.length === 0 ? { languages: 'required' } : {}),
    ...parameterErrors(state),
    ...Object.assign({}, ...state.languages.map((language) => contentErrors(state, language))),
    ...styleErrors(state),
  };
  return Object.entries(errors).map(([path, code]) => ({ path, code, step: stepOfPath(state, path) }));
}

function withoutPrefix(errors: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !path.startsWith(prefix)));
}

function withoutPath(errors: Record<string, string>, path: string): Record<string, string> {
  if (!(path in errors)) return errors;
  const rest = { ...errors };
  delete rest[path];
  return rest;
}

export type EditorAction =
  | { type: 'toggleLanguage'; language: BadgeLanguage; checked: boolean }
  | { type: 'setDefaultLanguage'; language: BadgeLanguage }
  | { type: 'setNft'; isNft: boolean }
  | { type: 'setTemplateType'; templateType: TemplateType }
  | { type: 'setField'; language: string; field: string; value: string }
  | { type: 'cleanField'; language: string; field: string }
  | { type: 'setLogo'; slot: LogoSlot; language: string; logo: LogoValue }
  | { type: 'setStyle'; cstyle: CStyle }
  | { type: 'setRegistry'; values: Partial<RegistryValues> }
  | { type: 'setTechnicalFields'; value: string }
  | { type: 'setPublicSample'; publicSample: boolean }
  | { type: 'setNamesOptional'; namesOptional: boolean }
  | { type: 'setExpiry'; values: Partial<ExpiryDraft> }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goTo'; step: number }
  /** errors to show (the server's answer, or the validation dialog's problems), going to `step` or the first one */
  | { type: 'showErrors'; errors: Record<string, string>; step?: number };

function toggleLanguage(state: EditorState, language: BadgeLanguage, checked: boolean): EditorState {
  if (!checked && state.lockedLanguages.includes(language)) return state;
  // The registry form has a single language: checking one replaces the other, unless that one is locked.
  if (state.family === 'registry') {
    if (!checked || state.lockedLanguages.length > 0) return state;
    return {
      ...state,
      languages: [language],
      defaultLanguage: language,
      content: { ...state.content, [language]: state.content[language] ?? { ...state.blankContent } },
      badgeLogos: {
        ...state.badgeLogos,
        [language]: state.badgeLogos[language] ?? state.badgeLogos[state.defaultLanguage],
      },
    };
  }
  const chosen = checked
    ? [...state.languages.filter((l) => l !== language), language]
    : state.languages.filter((l) => l !== language);
  const { languages, defaultLanguage } = orderLanguages(chosen, state.defaultLanguage);
  const inherited = state.badgeLogos[state.defaultLanguage] ?? null;
  return {
    ...state,
    languages,
    defaultLanguage,
    content: checked
      ? { ...state.content, [language]: state.content[language] ?? { ...state.blankContent } }
      : state.content,
    badgeLogos: checked
      ? { ...state.badgeLogos, [language]: state.badgeLogos[language] ?? inherited }
      : state.badgeLogos,
    errors: withoutPath(state.errors, 'languages'),
  };
}

function setLogo(state: EditorState, slot: LogoSlot, language: string, logo: LogoValue): EditorState {
  if (slot === 'partner_logo') return { ...state, partnerLogo: logo, errors: withoutPath(state.errors, 'partnerLogo') };
  if (slot === 'issuer_logo') return { ...state, issuerLogo: logo, errors: withoutPath(state.errors, 'issuerLogo') };
  // A badge logo chosen in one language also fills the languages that have none yet.
  const badgeLogos = { ...state.badgeLogos, [language]: logo };
  let errors = withoutPath(state.errors, `content.${language}.badge_logo`);
  if (logo) {
    for (const other of state.languages) {
      if (!badgeLogos[other]) {
        badgeLogos[other] = logo;
        errors = withoutPath(errors, `content.${other}.badge_logo`);
      }
    }
  }
  return { ...state, badgeLogos, errors };
}

function next(state: EditorState): EditorState {
  const step = currentStep(state);
  if (step.kind === 'summary') return state;
  if (step.kind === 'parameters') {
    if (!canLeaveParameters(state)) return { ...state, errors: { ...state.errors, languages: 'required' } };
    const errors = parameterErrors(state);
    if (Object.keys(errors).length > 0)
      return { ...state, errors: { ...withoutPrefix(state.errors, 'params.'), ...errors } };
    return { ...state, step: state.step + 1 };
  }
  // Leaving a data step needs its language to validate; otherwise its errors show and the step stays.
  const errors = contentErrors(state, step.language);
  const others = withoutPrefix(state.errors, `content.${step.language}.`);
  if (Object.keys(errors).length > 0) return { ...state, errors: { ...others, ...errors } };
  return { ...state, step: state.step + 1, errors: others };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'toggleLanguage':
      return toggleLanguage(state, action.language, action.checked);
    case 'setDefaultLanguage':
      if (!state.languages.includes(action.language)) return state;
      return { ...state, ...orderLanguages(state.languages, action.language) };
    case 'setNft':
      return state.mode === 'insert' ? { ...state, isNft: action.isNft } : state;
    case 'setTemplateType':
      return state.mode === 'insert' ? { ...state, type: action.templateType } : state;
    case 'setField': {
      const values = { ...state.content[action.language], [action.field]: action.value };
      return {
        ...state,
        content: { ...state.content, [action.language]: values },
        errors: withoutPath(state.errors, `content.${action.language}.${action.field}`),
      };
    }
    case 'cleanField': {
      const raw = state.content[action.language]?.[action.field] ?? '';
      let value = cleanValue(action.field, raw);
      // The issuer defaults to the user's issuer name (spec 001 section 5).
      if (action.field === 'issuer' && value === '') value = state.issuerName;
      if (value === raw) return state;
      return {
        ...state,
        content: { ...state.content, [action.language]: { ...state.content[action.language], [action.field]: value } },
      };
    }
    case 'setLogo':
      return setLogo(state, action.slot, action.language, action.logo);
    case 'setStyle':
      return { ...state, cstyle: action.cstyle, errors: withoutPrefix(state.errors, 'cstyle.') };
    case 'setRegistry': {
      let errors = state.errors;
      for (const key of Object.keys(action.values)) errors = withoutPath(errors, `params.${key}`);
      return { ...state, registry: { ...state.registry, ...action.values }, errors };
    }
    case 'setTechnicalFields':
      return { ...state, technicalFields: action.value, errors: withoutPath(state.errors, 'technicalFields') };
    case 'setPublicSample':
      return { ...state, publicSample: action.publicSample };
    case 'setNamesOptional':
      return { ...state, namesOptional: action.namesOptional };
    case 'setExpiry':
      return {
        ...state,
        expiry: { ...state.expiry, ...action.values },
        errors: withoutPrefix(state.errors, 'expiry.'),
      };
    case 'next':
      return next(state);
    case 'previous':
      return { ...state, step: Math.max(0, state.step - 1) };
    case 'goTo':
      return { ...state, step: Math.max(0, Math.min(action.step, editorSteps(state).length - 1)) };
    case 'showErrors':
      return { ...state, errors: action.errors, step: action.step ?? firstStepWithError(state, action.errors) };
  }
}

/** A file sent with the payload, under the name the payload uses for it. */
export interface PayloadFile {
  part: 'badgeImage' | 'partnerImage' | 'issuerImage';
  name: string;
  file: File;
}

export interface EditorPayload {
  json: TemplatePayload & { mode: 'add' | 'update'; id?: number };
  files: PayloadFile[];
  /** '<part>/<name>' → the field paths showing that file, for the server's image errors */
  fileFields: Record<string, string[]>;
}

/**
 * The multipart request of the save: the payload (spec 001 section 3, openbadge template payload) and the
 * chosen files. A file is sent once per part however many languages use it; two different files with the
 * same name are told apart by a numbered prefix. Stored logos are named by their key.
 */
export function buildPayload(state: EditorState): EditorPayload {
  const files: PayloadFile[] = [];
  const fileFields: Record<string, string[]> = {};
  const names = new Map<File, string>();
  const logoName = (part: PayloadFile['part'], logo: LogoValue, path: string): string | null => {
    if (!logo) return null;
    if (logo.kind === 'stored') return logo.key;
    let name = names.get(logo.file);
    if (name === undefined) {
      const original = logo.file.name || 'image';
      name = original;
      for (let n = 2; files.some((f) => f.part === part && f.name === name); n++) name = `${n}-${original}`;
      names.set(logo.file, name);
      files.push({ part, name, file: logo.file });
    }
    (fileFields[`${part}/${name}`] ??= []).push(path);
    return name;
  };

  const badge: Record<string, string> = {};
  const content: Record<string, Record<string, string>> = {};
  for (const language of state.languages) {
    const name = logoName('badgeImage', state.badgeLogos[language] ?? null, `content.${language}.badge_logo`);
    if (name) badge[language] = name;
    content[language] = cleanedContent(state.content[language] ?? {});
  }
  const json: EditorPayload['json'] = {
    mode: state.mode === 'insert' ? 'add' : 'update',
    ...(state.mode === 'update' && state.id !== null ? { id: state.id } : {}),
    type: state.type,
    DefaultLanguage: state.defaultLanguage,
    // The delivery mode is chosen when the template is created; an update leaves it as it is.
    ...(state.mode === 'insert' ? { network: state.isNft ? NFT_NETWORK : null } : {}),
    badge,
    partnerLogo: logoName('partnerImage', state.partnerLogo, 'partnerLogo'),
    content,
    cstyle: storedStyle(state.cstyle),
    publicSample: state.publicSample,
    namesOptional: state.namesOptional,
    expiry: expirySettings(state.expiry),
  };
  const technicalFields = parseTechnicalFields(state.technicalFields);
  if (technicalFields.length > 0 || !state.technicalFieldsOptional) json.technicalFields = technicalFields;
  if (state.family === 'badge') {
    json.issuerLogo = logoName('issuerImage', state.issuerLogo, 'issuerLogo');
  } else {
    const params = registryParamsOnSubmit({
      type: state.registry.type,
      idClientEmetteur: '',
      idClientCertificateur: state.registry.idClientCertificateur.trim(),
      idContrat: state.registry.idContrat.trim(),
    });
    json.params = state.clientIds === 'account' ? { type: params.type } : params;
  }
  return { json, files, fileFields };
}

/** What the server answered about a refused save, as the editor shows it. */
export type SaveRefusal =
  { kind: 'fields'; errors: Record<string, string> } | { kind: 'metatemplate' } | { kind: 'other' };

/**
 * Reads a 400/403 answer: field errors (VALIDATION_ERROR), an image refused by the server's content check
 * (its upload error code, shown under the inputs that chose that file), or the account lacking the type.
 */
export function readRefusal(body: unknown, payload: EditorPayload): SaveRefusal {
  const answer = (typeof body === 'object' && body !== null ? body : {}) as {
    code?: unknown;
    fields?: unknown;
    part?: unknown;
    fileName?: unknown;
  };
  if (answer.code === 'VALIDATION_ERROR' && typeof answer.fields === 'object' && answer.fields !== null) {
    return { kind: 'fields', errors: answer.fields as Record<string, string> };
  }
  if (typeof answer.code === 'string' && answer.code.startsWith('editBadge.upload-error')) {
    const paths = payload.fileFields[`${String(answer.part)}/${String(answer.fileName)}`] ?? [];
    if (paths.length > 0)
      return { kind: 'fields', errors: Object.fromEntries(paths.map((p) => [p, answer.code as string])) };
  }
  if (answer.code === 'METATEMPLATE_UNAVAILABLE') return { kind: 'metatemplate' };
  return { kind: 'other' };
}
