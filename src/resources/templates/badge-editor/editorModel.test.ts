import { describe, expect, it } from 'vitest';
import { BADGE_ELEMENTS, REGISTRY_ELEMENTS } from '../../../../domain/templateRules/badgeLimits';
import { designImageDataUrl } from '../../../../domain/templateRules/images';
import { defaultStyle, STYLE_PRESETS } from '../../../../domain/templateRules/style';
import type { TemplateDefinition } from '../../../../domain/templates';
import { REGISTRY_PREFIXES } from '../registry-editor/registryAccount';
import {
  buildPayload,
  canLeaveParameters,
  currentStep,
  editorReducer,
  editorSteps,
  newEditorState,
  readRefusal,
  parameterErrors,
  stateFromDefinition,
  templateProblems,
  type EditorAction,
  type EditorContext,
  type EditorState,
} from './editorModel';
import { BADGE_SECTIONS, REGISTRY_SECTIONS, sectionFields } from './fieldLayout';
import { EDITING, saveFlowReducer } from './saveFlow';

const badgeContext: EditorContext = { family: 'badge', issuerName: 'North College', hasCustomDesign: false };
const registryContext: EditorContext = {
  family: 'registry',
  issuerName: 'North College',
  hasCustomDesign: false,
  blankContent: REGISTRY_PREFIXES,
  clientIds: 'ask',
};

function run(state: EditorState, ...actions: EditorAction[]): EditorState {
  return actions.reduce(editorReducer, state);
}

const svg = (name = 'logo.svg') =>
  new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], name, { type: 'image/svg+xml' });

function definition(overrides: Partial<TemplateDefinition> = {}): TemplateDefinition {
  return {
    id: 12,
    type: 'openbadge',
    mode: 'update',
    DefaultLanguage: 'fr',
    network: null,
    cstyle: STYLE_PRESETS[2].cstyle,
    badge: {
      en: 'templates/5/aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa.svg',
      fr: 'templates/5/aaaaaaaa-aaaa-aaaa-aaaa-aaaaaaaaaaaa.svg',
    },
    partnerLogo: null,
    issuerLogo: 'templates/5/bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb.png',
    content: {
      en: {
        microcertitle: 'Data analysis',
        issuer: 'North College',
        badge_logo: 'templates/5/x.svg',
        skills: 'SQL,Python',
      },
      fr: { microcertitle: 'Analyse de données', issuer: 'North College', partner: null },
    },
    params: {},
    meta: { meta_url: '', meta_startdate: null, meta_enddate: null, meta_landscape: false, meta_type: 'certificate' },
    label: { en: 'Data analysis', fr: 'Analyse de données' },
    languagesList: 'fr;en',
    technicalFields: ['ID'],
    publicSample: false,
    namesOptional: false,
    certificationCounter: 4,
    lockedLanguages: ['fr', 'en'],
    ...overrides,
  };
}

describe('the badge editor model', () => {
  it('starts a new badge in English with the issuer filled in and the first preset design', () => {
    const state = newEditorState(badgeContext);
    expect(state).toMatchObject({ mode: 'insert', type: 'openbadge', languages: ['en'], defaultLanguage: 'en' });
    expect(state.content.en).toEqual({ issuer: 'North College' });
    expect(state.cstyle).toEqual(defaultStyle());
    expect(editorSteps(state).map((step) => step.kind)).toEqual(['parameters', 'content', 'summary']);
  });

  it('keeps Next disabled until a language is checked, and forces the default to the first chosen', () => {
    let state = run(newEditorState(badgeContext), { type: 'toggleLanguage', language: 'en', checked: false });
    expect(state.languages).toEqual([]);
    expect(canLeaveParameters(state)).toBe(false);
    expect(run(state, { type: 'next' })).toMatchObject({ step: 0, errors: { languages: 'required' } });

    state = run(
      state,
      { type: 'toggleLanguage', language: 'fr', checked: true },
      { type: 'toggleLanguage', language: 'de', checked: true },
    );
    expect(state).toMatchObject({ languages: ['fr', 'de'], defaultLanguage: 'fr', errors: {} });
    state = run(state, { type: 'setDefaultLanguage', language: 'de' });
    expect(state).toMatchObject({ languages: ['de', 'fr'], defaultLanguage: 'de' });
    // a language not chosen cannot be the default
    expect(run(state, { type: 'setDefaultLanguage', language: 'es' }).defaultLanguage).toBe('de');
    state = run(state, { type: 'toggleLanguage', language: 'de', checked: false });
    expect(state).toMatchObject({ languages: ['fr'], defaultLanguage: 'fr' });
    expect(editorSteps(state)).toEqual([
      { kind: 'parameters' },
      { kind: 'content', language: 'fr' },
      { kind: 'summary' },
    ]);
  });

  it('lets a data step be left only once its language validates, and shows its errors otherwise', () => {
    let state = run(newEditorState(badgeContext), { type: 'next' });
    expect(currentStep(state)).toEqual({ kind: 'content', language: 'en' });
    state = run(state, { type: 'next' });
    expect(state.step).toBe(1);
    expect(state.errors).toEqual({ 'content.en.microcertitle': 'required', 'content.en.badge_logo': 'missing' });

    state = run(
      state,
      { type: 'setField', language: 'en', field: 'microcertitle', value: 'x'.repeat(301) },
      { type: 'setLogo', slot: 'badge_logo', language: 'en', logo: { kind: 'file', file: svg() } },
    );
    expect(state.errors).toEqual({});
    state = run(state, { type: 'next' });
    expect(state.errors).toEqual({ 'content.en.microcertitle': 'too_long' });
    state = run(
      state,
      { type: 'setField', language: 'en', field: 'microcertitle', value: 'Data analysis' },
      { type: 'next' },
    );
    expect(currentStep(state)).toEqual({ kind: 'summary' });
    expect(run(state, { type: 'previous' }).step).toBe(1);
  });

  it('requires the title only in the default language of an NFT badge', () => {
    let state = run(
      newEditorState(badgeContext),
      { type: 'setNft', isNft: true },
      { type: 'toggleLanguage', language: 'fr', checked: true },
      { type: 'setLogo', slot: 'badge_logo', language: 'en', logo: { kind: 'file', file: svg() } },
    );
    expect(state.badgeLogos.fr).toEqual(state.badgeLogos.en);
    expect(templateProblems(state).map((p) => p.path)).toEqual(['content.en.microcertitle']);
    state = run(state, { type: 'setField', language: 'en', field: 'microcertitle', value: 'Data analysis' });
    expect(templateProblems(state)).toEqual([]);
    state = run(state, { type: 'setNft', isNft: false });
    expect(templateProblems(state)).toEqual([{ path: 'content.fr.microcertitle', code: 'required', step: 2 }]);
  });

  it('cleans what is typed when the field is left: ¤, tabs, placeholders, tags and the default issuer', () => {
    const typed = (field: string, value: string) =>
      run(
        newEditorState(badgeContext),
        { type: 'setField', language: 'en', field, value },
        { type: 'cleanField', language: 'en', field },
      ).content.en[field];
    expect(typed('outcome', '  Can\tanalyse¤ data ')).toBe('Can analyse data');
    expect(typed('partner', '[[partner]]')).toBe('');
    expect(typed('skills', 'SQL; sql, Python,,')).toBe('SQL,Python');
    expect(typed('issuer', '   ')).toBe('North College');
  });

  it('checks the tag limits and the design before saving', () => {
    const state = run(
      newEditorState(badgeContext),
      { type: 'setField', language: 'en', field: 'microcertitle', value: 'Data analysis' },
      { type: 'setField', language: 'en', field: 'skills', value: `SQL, ${'s'.repeat(121)}` },
      { type: 'setLogo', slot: 'badge_logo', language: 'en', logo: { kind: 'file', file: svg() } },
      { type: 'setStyle', cstyle: { ...defaultStyle(), layout: 'CUSTOM_LAYOUT' } },
    );
    const broken = run(state, {
      type: 'setStyle',
      cstyle: {
        ...state.cstyle,
        style: { ...state.cstyle.style, title: { ...state.cstyle.style.title, fontSize: -1 } },
      },
    });
    expect(templateProblems(broken)).toEqual([
      { path: 'content.en.skills', code: 'too_long', step: 1 },
      { path: 'cstyle.layout', code: 'not_allowed', step: 2 },
      { path: 'cstyle.title.fontSize', code: 'below_minimum', step: 2 },
    ]);
  });

  it('builds the multipart payload: each file once under a unique name, cleaned content, the design', () => {
    const logo = svg();
    const otherLogo = svg();
    const partner = new File(['jpeg'], 'partner.jpg', { type: 'image/jpeg' });
    const state = run(
      newEditorState(badgeContext),
      { type: 'toggleLanguage', language: 'fr', checked: true },
      { type: 'toggleLanguage', language: 'es', checked: true },
      { type: 'setLogo', slot: 'badge_logo', language: 'en', logo: { kind: 'file', file: logo } },
      { type: 'setLogo', slot: 'badge_logo', language: 'es', logo: { kind: 'file', file: otherLogo } },
      { type: 'setLogo', slot: 'partner_logo', language: 'en', logo: { kind: 'file', file: partner } },
      { type: 'setField', language: 'en', field: 'microcertitle', value: ' Data analysis ' },
      { type: 'setField', language: 'fr', field: 'microcertitle', value: 'Analyse¤' },
      { type: 'setField', language: 'es', field: 'skills', value: 'SQL;SQL' },
      { type: 'setNft', isNft: true },
      { type: 'setStyle', cstyle: structuredClone(STYLE_PRESETS[1].cstyle) },
    );
    const payload = buildPayload(state);
    expect(payload.json).toEqual({
      mode: 'add',
      type: 'openbadge',
      DefaultLanguage: 'en',
      network: 'gnosis',
      badge: { en: 'logo.svg', fr: 'logo.svg', es: '2-logo.svg' },
      partnerLogo: 'partner.jpg',
      issuerLogo: null,
      content: {
        en: { issuer: 'North College', microcertitle: 'Data analysis' },
        fr: { issuer: 'North College', microcertitle: 'Analyse' },
        es: { issuer: 'North College', skills: 'SQL' },
      },
      cstyle: STYLE_PRESETS[1].cstyle,
      publicSample: false,
      namesOptional: false,
      expiry: { validity: null, reminderDays: [60, 7], remindIssuer: false, issuerReminderEmail: '' },
      technicalFields: ['ID'],
    });
    expect(buildPayload(run(state, { type: 'setPublicSample', publicSample: true })).json.publicSample).toBe(true);
    expect(buildPayload(run(state, { type: 'setNamesOptional', namesOptional: true })).json.namesOptional).toBe(true);
    expect(payload.files.map(({ part, name, file }) => [part, name, file])).toEqual([
      ['badgeImage', 'logo.svg', logo],
      ['badgeImage', '2-logo.svg', otherLogo],
      ['partnerImage', 'partner.jpg', partner],
    ]);
    expect(payload.fileFields['badgeImage/logo.svg']).toEqual(['content.en.badge_logo', 'content.fr.badge_logo']);
  });

  it('sends the design image with the custom layout only, and checks it before saving', () => {
    const custom: EditorContext = { ...badgeContext, hasCustomDesign: true };
    const image = designImageDataUrl(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const designed = run(newEditorState(custom), {
      type: 'setStyle',
      cstyle: { ...defaultStyle(), layout: 'CUSTOM_LAYOUT', designImage: image },
    });
    expect(buildPayload(designed).json.cstyle).toMatchObject({ layout: 'CUSTOM_LAYOUT', designImage: image });
    // another layout keeps the image in the editor, should the author come back, but does not send it
    const oneCol = run(designed, { type: 'setStyle', cstyle: { ...designed.cstyle, layout: 'oneCol' } });
    expect(oneCol.cstyle.designImage).toBe(image);
    expect(buildPayload(oneCol).json.cstyle).not.toHaveProperty('designImage');
    const broken = run(designed, {
      type: 'setStyle',
      cstyle: { ...designed.cstyle, designImage: 'data:image/png;base64,R0lGODlh' },
    });
    expect(templateProblems(broken)).toContainEqual({ path: 'cstyle.designImage', code: 'bad_type', step: 2 });
  });

  it('loads a used template in update mode with its languages locked, and a duplicate in insert mode', () => {
    const update = stateFromDefinition(definition(), badgeContext, 'update');
    expect(update).toMatchObject({
      mode: 'update',
      id: 12,
      languages: ['fr', 'en'],
      defaultLanguage: 'fr',
      lockedLanguages: ['fr', 'en'],
      certificationCounter: 4,
      cstyle: STYLE_PRESETS[2].cstyle,
      issuerLogo: { kind: 'stored', key: 'templates/5/bbbbbbbb-bbbb-bbbb-bbbb-bbbbbbbbbbbb.png' },
    });
    expect(update.content.en).toEqual({
      microcertitle: 'Data analysis',
      issuer: 'North College',
      skills: 'SQL,Python',
    });
    expect(run(update, { type: 'toggleLanguage', language: 'en', checked: false }).languages).toEqual(['fr', 'en']);
    expect(run(update, { type: 'setNft', isNft: true }).isNft).toBe(false);
    const sent = buildPayload(update).json;
    expect(sent).toMatchObject({ mode: 'update', id: 12, badge: definition().badge });
    expect(sent).not.toHaveProperty('network');

    const duplicate = stateFromDefinition(definition(), badgeContext, 'insert');
    expect(duplicate).toMatchObject({ mode: 'insert', id: null, lockedLanguages: [], certificationCounter: 0 });
    expect(buildPayload(duplicate).json).toMatchObject({ mode: 'add', network: null, badge: definition().badge });
    expect(buildPayload(duplicate).files).toEqual([]);
  });

  it('reads the server refusals: field errors, an image refused by content, a missing metatemplate', () => {
    let state = run(
      newEditorState(badgeContext),
      { type: 'toggleLanguage', language: 'fr', checked: true },
      { type: 'setLogo', slot: 'badge_logo', language: 'en', logo: { kind: 'file', file: svg() } },
    );
    state = { ...state, step: 3 };
    const payload = buildPayload(state);
    const fields = readRefusal(
      { code: 'VALIDATION_ERROR', fields: { 'content.fr.microcertitle': 'required' } },
      payload,
    );
    expect(fields).toEqual({ kind: 'fields', errors: { 'content.fr.microcertitle': 'required' } });
    expect(run(state, { type: 'showErrors', errors: (fields as { errors: Record<string, string> }).errors }).step).toBe(
      2,
    );
    expect(
      readRefusal({ code: 'editBadge.upload-error-bad-type', part: 'badgeImage', fileName: 'logo.svg' }, payload),
    ).toEqual({
      kind: 'fields',
      errors: {
        'content.en.badge_logo': 'editBadge.upload-error-bad-type',
        'content.fr.badge_logo': 'editBadge.upload-error-bad-type',
      },
    });
    expect(readRefusal({ code: 'METATEMPLATE_UNAVAILABLE' }, payload)).toEqual({ kind: 'metatemplate' });
    expect(readRefusal(null, payload)).toEqual({ kind: 'other' });
  });

  it('edits the expiry settings (issue 28): defaults, read back from the definition, checked, sent as expiry', () => {
    const fresh = newEditorState(badgeContext);
    expect(fresh.expiry).toEqual({
      validityAmount: '',
      validityUnit: '',
      reminderDays: ['60', '7', ''],
      remindIssuer: false,
      issuerReminderEmail: '',
    });
    const saved = stateFromDefinition(
      definition({
        expiry: {
          validity: { amount: 2, unit: 'years' },
          reminderDays: [90, 30, 1],
          remindIssuer: true,
          issuerReminderEmail: 'registrar@north.test',
        },
      }),
      badgeContext,
      'update',
    );
    expect(saved.expiry).toEqual({
      validityAmount: '2',
      validityUnit: 'years',
      reminderDays: ['90', '30', '1'],
      remindIssuer: true,
      issuerReminderEmail: 'registrar@north.test',
    });
    expect(buildPayload(saved).json.expiry).toEqual({
      validity: { amount: 2, unit: 'years' },
      reminderDays: [90, 30, 1],
      remindIssuer: true,
      issuerReminderEmail: 'registrar@north.test',
    });
    // a template saved before expiry existed gets the defaults
    expect(stateFromDefinition(definition(), badgeContext, 'update').expiry.reminderDays).toEqual(['60', '7', '']);

    const edited = run(
      fresh,
      { type: 'setExpiry', values: { validityUnit: 'months', validityAmount: '18' } },
      { type: 'setExpiry', values: { reminderDays: ['', '14', ''], remindIssuer: false, issuerReminderEmail: 'x' } },
    );
    expect(buildPayload(edited).json.expiry).toEqual({
      validity: { amount: 18, unit: 'months' },
      reminderDays: [14],
      remindIssuer: false,
      issuerReminderEmail: '',
    });
    expect(parameterErrors(edited)).toEqual({});

    const wrong = run(fresh, {
      type: 'setExpiry',
      values: {
        validityUnit: 'days',
        validityAmount: '0',
        reminderDays: ['7', '7', ''],
        remindIssuer: true,
        issuerReminderEmail: 'not an address',
      },
    });
    expect(parameterErrors(wrong)).toEqual({
      'expiry.validity': 'invalid',
      'expiry.reminderDays': 'reminders_invalid',
      'expiry.issuerReminderEmail': 'invalid',
    });
    expect(run(wrong, { type: 'next' }).step).toBe(0);
    const shown = run(wrong, { type: 'next' });
    expect(run(shown, { type: 'setExpiry', values: { validityAmount: '3' } }).errors).not.toHaveProperty(
      'expiry.reminderDays',
    );
  });
});

describe('the registry editor model', () => {
  it('starts in French with the French prefixes, one language, and sends the issuer id equal to the certifier id', () => {
    let state = newEditorState(registryContext);
    expect(state).toMatchObject({ type: 'cpf_onshelf', languages: ['fr'], defaultLanguage: 'fr' });
    expect(state.content.fr).toMatchObject({ location_prefix: 'Lieu', issuer: 'North College' });
    state = run(state, { type: 'toggleLanguage', language: 'en', checked: true });
    expect(state).toMatchObject({ languages: ['en'], defaultLanguage: 'en' });
    expect(run(state, { type: 'toggleLanguage', language: 'en', checked: false }).languages).toEqual(['en']);

    expect(run(state, { type: 'next' })).toMatchObject({
      step: 0,
      errors: { 'params.idClientCertificateur': 'required', 'params.idContrat': 'required' },
    });
    state = run(
      state,
      { type: 'setRegistry', values: { type: 'RS', idClientCertificateur: ' CERT-1 ', idContrat: 'K-1' } },
      { type: 'next' },
    );
    expect(state.step).toBe(1);
    expect(buildPayload(state).json.params).toEqual({
      type: 'RS',
      idClientEmetteur: 'CERT-1',
      idClientCertificateur: 'CERT-1',
      idContrat: 'K-1',
    });
    expect(buildPayload(state).json).not.toHaveProperty('issuerLogo');
  });

  it('applies the registry limits, and leaves the ids to the account that has a contract', () => {
    let state = newEditorState({ ...registryContext, clientIds: 'account' });
    state = run(
      state,
      { type: 'next' },
      { type: 'setField', language: 'fr', field: 'microcertitle', value: 'Titre' },
      { type: 'setField', language: 'fr', field: 'reference', value: 'r'.repeat(21) },
      { type: 'setField', language: 'fr', field: 'decision', value: 'd'.repeat(2001) },
      { type: 'setLogo', slot: 'badge_logo', language: 'fr', logo: { kind: 'file', file: svg() } },
      { type: 'next' },
    );
    expect(state.errors).toEqual({ 'content.fr.reference': 'too_long', 'content.fr.decision': 'too_long' });
    expect(buildPayload(state).json.params).toEqual({ type: 'RNCP' });
  });
});

describe('the data steps', () => {
  it('lay out every content element of each editor once', () => {
    const badge = sectionFields(BADGE_SECTIONS);
    expect([...badge].sort()).toEqual([...BADGE_ELEMENTS, 'label', 'issuer_url_label'].sort());
    const registry = sectionFields(REGISTRY_SECTIONS);
    expect([...registry].sort()).toEqual([...REGISTRY_ELEMENTS, 'label'].sort());
  });
});

describe('the save flow', () => {
  it('reviews, saves only a template without problems, and returns to editing on failure', () => {
    const problem = { path: 'content.en.microcertitle', code: 'required', step: 1 };
    let flow = saveFlowReducer(EDITING, { type: 'validate', problems: [problem] });
    expect(saveFlowReducer(flow, { type: 'confirm' })).toBe(flow);
    expect(saveFlowReducer(flow, { type: 'back' })).toEqual(EDITING);
    flow = saveFlowReducer(EDITING, { type: 'validate', problems: [] });
    flow = saveFlowReducer(flow, { type: 'confirm' });
    expect(flow).toEqual({ phase: 'saving' });
    expect(saveFlowReducer(flow, { type: 'failed', failure: 'refused' })).toEqual({
      phase: 'editing',
      failure: 'refused',
    });
    expect(saveFlowReducer(flow, { type: 'saved', id: 9 })).toEqual({ phase: 'saved', id: 9 });
  });
});

describe('the technical fields in the editors', () => {
  it('name a new template’s recipients by ID, and send what the user typed as a list', () => {
    const state = newEditorState(badgeContext);
    expect(state.technicalFields).toBe('ID');
    expect(parameterErrors(state)).toEqual({});
    const typed = editorReducer(state, { type: 'setTechnicalFields', value: ' studentNumber ; Email,' });
    expect(buildPayload(typed).json.technicalFields).toEqual(['studentNumber', 'Email']);
  });

  it('refuse an empty or invalid list on the parameters step, and clear the error once changed', () => {
    const start = newEditorState(badgeContext);
    const empty = editorReducer(editorReducer(start, { type: 'setTechnicalFields', value: ' ; ' }), { type: 'next' });
    expect(empty.step).toBe(0);
    expect(empty.errors).toMatchObject({ technicalFields: 'required' });
    const twice = editorReducer(empty, { type: 'setTechnicalFields', value: 'ID; id' });
    expect(twice.errors).not.toHaveProperty('technicalFields');
    expect(parameterErrors(twice)).toEqual({ technicalFields: 'duplicate' });
    expect(parameterErrors(editorReducer(start, { type: 'setTechnicalFields', value: 'language' }))).toEqual({
      technicalFields: 'invalid',
    });
  });

  it('load the saved ones, and let a template saved without any keep none', () => {
    const loaded = stateFromDefinition(definition({ technicalFields: ['ID', 'Email'] }), badgeContext, 'update');
    expect(loaded.technicalFields).toBe('ID; Email');
    const legacy = stateFromDefinition(definition({ technicalFields: [] }), badgeContext, 'update');
    expect(legacy.technicalFields).toBe('');
    expect(parameterErrors(legacy)).toEqual({});
    expect(buildPayload(legacy).json).not.toHaveProperty('technicalFields');
    // a copy is a new template: ID unless the original names its own
    const copy = stateFromDefinition(definition({ technicalFields: [] }), badgeContext, 'insert');
    expect(copy.technicalFields).toBe('ID');
  });
});
