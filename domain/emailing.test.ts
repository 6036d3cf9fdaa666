import { describe, expect, it } from 'vitest';
import { hasForbiddenWord, isShouting, testRecipients, validateEmailForm, type EmailForm } from './emailing';

const form = (overrides: Partial<EmailForm> = {}): EmailForm => ({
  object: 'Your certificate is ready',
  sender: { name: 'Campus', email: 'news@campus.example' },
  replyTo: { name: '', email: '' },
  recipients: '',
  ...overrides,
});
const domains = ['campus.example'];

describe('send-emails form', () => {
  it('accepts a good form', () => {
    expect(validateEmailForm(form(), { domains, test: false })).toEqual({});
  });

  it('checks the subject: empty, shouting above 10 characters, forbidden words', () => {
    expect(validateEmailForm(form({ object: '  ' }), { domains, test: false }).object).toBe('p-object-empty');
    expect(validateEmailForm(form({ object: 'YOUR DIPLOMA' }), { domains, test: false }).object).toBe('p-object-error');
    expect(isShouting('HELLO THERE')).toBe(true);
    expect(isShouting('SHORT ONE!')).toBe(false);
    expect(validateEmailForm(form({ object: 'A free badge' }), { domains, test: false }).object).toBe(
      'p-object-forbidden-words',
    );
    expect(hasForbiddenWord('Freedom of learning')).toBe(false);
  });

  it('checks the sender against the authorised domains only when there are some', () => {
    const sender = (email: string) => form({ sender: { name: 'Campus', email } });
    expect(validateEmailForm(sender(''), { domains, test: false }).senderEmail).toBe('missing-sender-email');
    expect(validateEmailForm(sender('news@'), { domains, test: false }).senderEmail).toBe('bad-email-format');
    expect(validateEmailForm(sender('news@other.example'), { domains, test: false }).senderEmail).toBe(
      'invalid-email-domain',
    );
    expect(validateEmailForm(sender('a@mail.campus.example'), { domains, test: false })).toEqual({});
    expect(validateEmailForm(sender(''), { domains: [], test: false })).toEqual({});
    expect(
      validateEmailForm(form({ sender: { name: ' ', email: 'a@campus.example' } }), { domains, test: false }),
    ).toEqual({
      senderName: 'missing-sender-name',
    });
  });

  it('checks the reply-to pair', () => {
    const reply = (name: string, email: string) =>
      validateEmailForm(form({ replyTo: { name, email } }), { domains, test: false });
    expect(reply('a@b.example', 'a@b.example').replyToName).toBe('reply-to-name-invalid');
    expect(reply('Office', '')).toEqual({ replyToEmail: 'reply-to-email-mandatory' });
    expect(reply('', 'nope')).toEqual({ replyToEmail: 'bad-email-format' });
    expect(reply('Office', 'office@b.example')).toEqual({});
  });

  it('needs valid test recipients in test mode', () => {
    const test = (recipients: string) => validateEmailForm(form({ recipients }), { domains, test: true }).recipients;
    expect(test(' ')).toBe('recipients-mandatory');
    expect(test('a@b.example; nope')).toBe('bad-email-format');
    expect(test('a@b.example, c @d.example')).toBeUndefined();
    expect(testRecipients(' a@b.example ;c @d.example,,')).toEqual(['a@b.example', 'c@d.example']);
  });
});
