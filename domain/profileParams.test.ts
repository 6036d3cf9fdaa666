import { describe, expect, it } from 'vitest';
import { PLAN_ORDER } from './plans';
import {
  PRODUCT_MAIL_DOMAINS,
  PROFILE_PARAMS,
  PROFILE_PARAM_KEYS,
  PROFILE_TABS,
  allowedSenderDomains,
  cleanProfileText,
  isCountryCode,
  mergeProfileParams,
  profileFieldLocks,
  profilePlan,
  readProfileParams,
  validateProfileChanges,
  type ProfileContext,
} from './profileParams';

const essentials: ProfileContext = {
  plan: 'ESSENTIALS_PACK',
  verified: true,
  domains: 'school.example, campus.example.org',
  productDomains: PRODUCT_MAIL_DOMAINS,
};
const whiteLabel: ProfileContext = { ...essentials, plan: 'WHITE_LABEL' };
const freeTrial: ProfileContext = { ...essentials, plan: 'FREE_TRIAL' };

const errorsOf = (changes: Record<string, unknown>, context: ProfileContext = essentials) =>
  validateProfileChanges(changes, context).errors;

describe('the profile parameter catalogue', () => {
  it('puts every parameter on a tab of spec 000 with a plan of section 4', () => {
    for (const key of PROFILE_PARAM_KEYS) {
      expect(PROFILE_TABS).toContain(PROFILE_PARAMS[key].tab);
      expect(PLAN_ORDER).toContain(PROFILE_PARAMS[key].minimumPlan);
    }
    expect(PROFILE_PARAMS['sender.email']).toMatchObject({ tab: 'emailing', minimumPlan: 'ESSENTIALS_PACK' });
    expect(PROFILE_PARAMS.custom_url).toMatchObject({ minimumPlan: 'WHITE_LABEL', editing: 'open' });
    expect(PROFILE_PARAMS.hasCustomDesign).toMatchObject({ minimumPlan: 'WHITE_LABEL', editing: 'open' });
    expect(PROFILE_PARAMS.tracking.minimumPlan).toBe('FREE_TRIAL');
    expect(PROFILE_PARAMS.canEditTables.editing).toBe('support');
    expect(PROFILE_PARAMS.idContrat).toMatchObject({ tab: 'accrochage', editing: 'once', requiresRncp: true });
    expect(PROFILE_PARAMS.name).toMatchObject({ editing: 'read_only', identity: true });
  });

  it('lists three product mail domains', () => {
    expect(PRODUCT_MAIL_DOMAINS).toHaveLength(3);
  });
});

describe('the effective contract', () => {
  it('counts an unverified issuer, or an unknown plan, as FREE_TRIAL', () => {
    expect(profilePlan('WHITE_LABEL', true)).toBe('WHITE_LABEL');
    expect(profilePlan('ESSENTIALS_PACK', false)).toBe('FREE_TRIAL');
    expect(profilePlan('GOLD', true)).toBe('FREE_TRIAL');
  });

  it('refuses a parameter above the contract and accepts it from its minimum on', () => {
    expect(errorsOf({ custom_url: 'https://certificates.school.example' })).toEqual({ custom_url: 'contract_level' });
    expect(errorsOf({ custom_url: 'https://certificates.school.example' }, whiteLabel)).toEqual({});
    expect(errorsOf({ custom_url: 'https://c.school.example' }, { ...whiteLabel, plan: 'LEGACY' })).toEqual({});
    expect(errorsOf({ title: 'Diplomas' }, { ...essentials, verified: false })).toEqual({ title: 'contract_level' });
    expect(errorsOf({ tracking: false }, freeTrial)).toEqual({});
  });

  it('does not judge the value of a locked field', () => {
    expect(errorsOf({ custom_url: 'not a url' })).toEqual({ custom_url: 'contract_level' });
  });

  it('lets a value equal to the stored one through, so a whole form can be sent after a downgrade', () => {
    const current = { custom_url: 'https://c.school.example', idContrat: 'K-1' };
    const result = validateProfileChanges(
      { custom_url: 'https://c.school.example', idContrat: ' K-1 ', title: 'Diplomas' },
      { ...essentials, current, hasRncp: true },
    );
    expect(result).toEqual({ errors: {}, values: { title: 'Diplomas' } });
  });
});

describe('who may change a field', () => {
  it('refuses identity fields, support fields and unknown keys', () => {
    expect(errorsOf({ name: 'Other', KYB_hash: 'x', intentDeclaration: false }, whiteLabel)).toEqual({
      name: 'read_only',
      KYB_hash: 'read_only',
      intentDeclaration: 'read_only',
    });
    expect(errorsOf({ canEditTables: true }, { ...whiteLabel, plan: 'INFINITE' })).toEqual({
      canEditTables: 'support_only',
    });
    expect(errorsOf({ notification: {}, sender: { phone: '1' } })).toEqual({
      notification: 'unknown',
      'sender.phone': 'unknown',
    });
  });

  it('lets the register contract be set once, with the register entitlement, then only by support', () => {
    expect(errorsOf({ idContrat: 'K-1' })).toEqual({ idContrat: 'not_available' });
    expect(errorsOf({ idContrat: 'K-1' }, { ...freeTrial, hasRncp: true })).toEqual({ idContrat: 'contract_level' });
    expect(errorsOf({ idContrat: 'K-1', idClientEmetteur: 'C-1' }, { ...essentials, hasRncp: true })).toEqual({});
    const registered = { ...essentials, hasRncp: true, current: { idContrat: 'K-1', idClientEmetteur: '' } };
    expect(errorsOf({ idContrat: 'K-2', idClientEmetteur: 'C-1' }, registered)).toEqual({ idContrat: 'support_only' });
    expect(errorsOf({ idContrat: null }, registered)).toEqual({ idContrat: 'support_only' });
  });

  it('gives each field its lock for the page', () => {
    const locks = profileFieldLocks({ plan: 'ESSENTIALS_PACK', verified: true, current: { idContrat: 'K-1' } });
    expect(Object.keys(locks)).toEqual(PROFILE_PARAM_KEYS);
    expect(locks.name.state).toBe('read_only');
    expect(locks.title.state).toBe('editable');
    expect(locks.custom_url).toEqual({
      tab: 'attestations_display',
      type: 'url',
      minimumPlan: 'WHITE_LABEL',
      state: 'upgrade',
    });
    expect(locks.canEditTables.state).toBe('support');
    expect(locks.idContrat.state).toBe('support');
    expect(locks.idClientEmetteur.state).toBe('unavailable');
    const unverified = profileFieldLocks({ plan: 'ESSENTIALS_PACK', verified: false, hasRncp: true });
    expect(unverified['sender.email'].state).toBe('upgrade');
    expect(unverified.tracking.state).toBe('editable');
    expect(unverified.idClientEmetteur.state).toBe('upgrade');
  });
});

describe('emailing rules (spec 000 section 5)', () => {
  it('accepts a sender in the issuer’s domains, their subdomains or the product’s', () => {
    for (const email of ['news@school.example', 'a@mail.campus.example.org', 'School@LAUREL.APP', 'x@3videnz.com']) {
      expect(errorsOf({ sender: { email } }), email).toEqual({});
    }
    expect(validateProfileChanges({ sender: { email: ' School@LAUREL.APP ' } }, essentials).values).toEqual({
      'sender.email': 'school@laurel.app',
    });
  });

  it('refuses a sender outside the allowed domains, an invalid or an empty one', () => {
    expect(errorsOf({ sender: { email: 'me@gmail.com' } })).toEqual({ 'sender.email': 'domain_not_allowed' });
    expect(errorsOf({ sender: { email: 'me@notschool.example' } })).toEqual({ 'sender.email': 'domain_not_allowed' });
    expect(errorsOf({ sender: { email: 'news@school' } })).toEqual({ 'sender.email': 'invalid' });
    expect(errorsOf({ sender: { email: '' } })).toEqual({ 'sender.email': 'invalid' });
    expect(errorsOf({ sender: { email: 'news@laurel.app' } }, { ...essentials, productDomains: [] })).toEqual({
      'sender.email': 'domain_not_allowed',
    });
  });

  it('accepts the default reply-to address as sender whatever its domain', () => {
    const context = { ...essentials, defaultReplyTo: 'No-Reply@mailer.example.net' };
    expect(errorsOf({ sender: { email: 'no-reply@mailer.example.net' } }, context)).toEqual({});
    expect(errorsOf({ sender: { email: 'other@mailer.example.net' } }, context)).toEqual({
      'sender.email': 'domain_not_allowed',
    });
  });

  it('accepts an empty reply-to, any valid one, and refuses an invalid one', () => {
    expect(errorsOf({ replyTo: { email: '', name: '' } })).toEqual({});
    expect(errorsOf({ replyTo: { email: 'registrar@gmail.com' } })).toEqual({});
    expect(errorsOf({ replyTo: { email: 'registrar at school' } })).toEqual({ 'replyTo.email': 'invalid' });
  });

  it('removes a whole group with null', () => {
    const current = { sender: { name: 'School', email: 'news@school.example' } };
    const result = validateProfileChanges({ sender: null }, { ...essentials, current });
    expect(result).toEqual({ errors: {}, values: { 'sender.name': null, 'sender.email': null } });
    expect(mergeProfileParams(current, result.values)).toEqual({});
  });

  it('lists the allowed domains once each', () => {
    expect(allowedSenderDomains(' School.example ,,@laurel.app', PRODUCT_MAIL_DOMAINS)).toEqual([
      'school.example',
      'laurel.app',
      'laurel.email',
      '3videnz.com',
    ]);
  });
});

describe('values', () => {
  it('keeps markup as text and strips control characters', () => {
    expect(cleanProfileText('  <script>alert(1)</script>  ')).toBe('<script>alert(1)</script>');
    expect(cleanProfileText('Dip\u0000lo\u0007mas\nof\t2026\u202E')).toBe('Diplomas of 2026');
    expect(validateProfileChanges({ object: 'Your diploma\r\nBcc: x@y.z' }, essentials).values).toEqual({
      object: 'Your diploma  Bcc: x@y.z',
    });
  });

  it('refuses texts above their length, urls that are not http(s), wrong types', () => {
    expect(errorsOf({ title: 'x'.repeat(101) })).toEqual({ title: 'too_long' });
    expect(errorsOf({ title: ` ${'é'.repeat(100)} ` })).toEqual({});
    expect(errorsOf({ url: 'javascript:alert(1)', ob_url: 'school.example' })).toEqual({
      url: 'invalid',
      ob_url: 'invalid',
    });
    expect(errorsOf({ tracking: 'yes', title: 3, sender: 'x' })).toEqual({
      tracking: 'invalid',
      title: 'invalid',
      sender: 'invalid',
    });
    expect(errorsOf({ organizationId: '12a' })).toEqual({ organizationId: 'invalid' });
    expect(errorsOf({ organizationId: '1234567' })).toEqual({});
  });

  it('takes country codes the runtime knows, uppercased', () => {
    expect(validateProfileChanges({ country: ' fr ' }, freeTrial)).toEqual({ errors: {}, values: { country: 'FR' } });
    expect(errorsOf({ country: 'QQ' }, freeTrial)).toEqual({ country: 'invalid' });
    expect(errorsOf({ country: 'France' }, freeTrial)).toEqual({ country: 'invalid' });
    expect(isCountryCode('XK')).toBe(true);
    expect(isCountryCode('ZZ')).toBe(false);
  });
});

describe('analytics', () => {
  it('needs a matomo site number and the matomo address', () => {
    expect(errorsOf({ analytics: { provider: 'matomo', id: '12', url: 'https://stats.school.example' } })).toEqual({});
    expect(errorsOf({ analytics: { provider: 'matomo', id: 'G-ABC123' } })).toEqual({
      'analytics.id': 'invalid',
      'analytics.url': 'required',
    });
  });

  it('needs a Google tag id and no address for gtag', () => {
    expect(errorsOf({ analytics: { provider: 'gtag', id: 'G-AB12CD34' } })).toEqual({});
    expect(errorsOf({ analytics: { provider: 'gtag', id: '12', url: 'https://stats.example' } })).toEqual({
      'analytics.id': 'invalid',
      'analytics.url': 'not_allowed',
    });
  });

  it('needs a known provider once anything is set, and checks the settings as they will be saved', () => {
    expect(errorsOf({ analytics: { provider: 'plausible' } })).toEqual({ 'analytics.provider': 'invalid' });
    expect(errorsOf({ analytics: { id: '12' } })).toEqual({ 'analytics.provider': 'required' });
    const current = { analytics: { type: 'matomo', id: '3', url: 'https://stats.school.example' } };
    expect(errorsOf({ analytics: { id: '4' } }, { ...essentials, current })).toEqual({});
    expect(errorsOf({ analytics: { provider: 'gtag' } }, { ...essentials, current })).toEqual({
      'analytics.id': 'invalid',
      'analytics.url': 'not_allowed',
    });
    expect(errorsOf({ analytics: null }, { ...essentials, current })).toEqual({});
  });

  it('stores the provider under its current name', () => {
    const current = { analytics: { type: 'matomo', id: '3', url: 'https://stats.school.example' } };
    const { values } = validateProfileChanges({ analytics: { id: '4' } }, { ...essentials, current });
    expect(mergeProfileParams(current, values)).toEqual({
      analytics: { id: '4', url: 'https://stats.school.example' },
    });
    expect(readProfileParams(current)).toEqual({
      analytics: { provider: 'matomo', id: '3', url: 'https://stats.school.example' },
    });
  });
});

describe('merging', () => {
  it('changes only the keys sent and keeps params the catalogue does not know', () => {
    const stored = {
      tracking: true,
      notification: { url: 'https://hooks.example', method: 'GET', content: '' },
      sender: { name: 'School', email: 'news@school.example' },
      title: 'Old',
    };
    const { values } = validateProfileChanges(
      { sender: { name: 'Registrar' }, title: null },
      { ...essentials, current: stored },
    );
    expect(mergeProfileParams(stored, values)).toEqual({
      tracking: true,
      notification: stored.notification,
      sender: { name: 'Registrar', email: 'news@school.example' },
    });
    expect(stored.title).toBe('Old');
  });

  it('reads back only the catalogue’s params, of the right type', () => {
    expect(readProfileParams({ tracking: true, notification: {}, title: 3, identity: { address: 'x' } })).toEqual({
      tracking: true,
    });
  });
});
