import { describe, expect, it } from 'vitest';
import type { EmailingSettings } from '../../../../domain/emailing';
import { canTest, emailPayload, initialDraft, isEmailTarget, type EmailTarget } from './emailForm';

const settings = (change: Partial<EmailingSettings> = {}): EmailingSettings => ({
  domains: ['campus.example'],
  mailingTemplates: [],
  defaults: {
    object: 'Your certificate',
    sender: { name: 'Campus', email: '' },
    replyTo: { name: '', email: 'office@campus.example' },
  },
  tracking: false,
  ...change,
});
const user = { email: 'Pat@Campus.example', issuerName: 'Campus school' };
const campaignTarget: EmailTarget = {
  templateId: 3,
  campaignId: 12,
  selection: false,
  testId: 40,
  count: 25,
  label: 'Data literacy',
  returnTo: '/reports/12',
};

describe('send-emails form', () => {
  it("opens with the issuer's defaults, the user's address when its domain is authorised", () => {
    const draft = initialDraft(settings(), user);
    expect(draft).toMatchObject({
      object: 'Your certificate',
      sender: { name: 'Campus', email: 'pat@campus.example' },
      replyTo: { name: '', email: 'office@campus.example' },
      recipients: 'pat@campus.example',
      test: false,
      language: 'en',
      mailingTemplateId: '',
    });
    const outsider = initialDraft(settings(), { email: 'pat@gmail.example', issuerName: 'Campus school' });
    expect(outsider.sender.email).toBe('office@campus.example');
    const configured = settings({
      defaults: { ...settings().defaults, sender: { name: '', email: 'news@campus.example' } },
      mailingTemplates: [
        { id: 'a', label: 'Plain', defaultValue: false },
        { id: 'b', label: 'Branded', defaultValue: true },
      ],
    });
    expect(initialDraft(configured, user)).toMatchObject({
      sender: { name: 'Campus school', email: 'news@campus.example' },
      mailingTemplateId: 'b',
    });
  });

  it('sends the campaign with the language and omits the empty optional parts', () => {
    const draft = { ...initialDraft(settings(), user), replyTo: { name: '', email: '' }, language: 'fr' as const };
    expect(emailPayload(draft, campaignTarget, false)).toEqual({
      templateId: 3,
      campaignId: 12,
      object: 'Your certificate',
      sender: { name: 'Campus', email: 'pat@campus.example' },
      language: 'fr',
    });
  });

  it('joins chosen lines by semicolons and names the mailing template when there are some', () => {
    const draft = {
      ...initialDraft(settings(), user),
      mailingTemplateId: 'b',
      replyTo: { name: 'Office', email: 'O@campus.example' },
    };
    const target = { ...campaignTarget, selection: true, ids: [40, 41, 42] };
    expect(emailPayload(draft, target, true)).toMatchObject({
      ids: '40;41;42',
      mailingTemplateId: 'b',
      replyTo: { name: 'Office', email: 'o@campus.example' },
    });
    expect(emailPayload(draft, target, true)).not.toHaveProperty('language');
  });

  it('tests with the first line only and the recipients without spaces', () => {
    const draft = { ...initialDraft(settings(), user), test: true, recipients: ' a@b.example ; c @d.example' };
    const payload = emailPayload(draft, { ...campaignTarget, ids: [41, 42], testId: undefined }, false);
    expect(payload).toMatchObject({ ids: '41', recipients: 'a@b.example,c@d.example' });
    expect(canTest(campaignTarget)).toBe(true);
    expect(canTest({ ...campaignTarget, testId: undefined })).toBe(false);
  });

  it('accepts only a well-formed target from the navigation state', () => {
    expect(isEmailTarget(campaignTarget)).toBe(true);
    expect(isEmailTarget(null)).toBe(false);
    expect(isEmailTarget({ ...campaignTarget, ids: ['1'] })).toBe(false);
    expect(isEmailTarget({ restore: true })).toBe(false);
  });
});
