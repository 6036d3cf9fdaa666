import { describe, expect, it } from 'vitest';
import { emailDomain, isValidEmail, sanitizeEmail } from './email';

describe('email helper', () => {
  it('accepts ordinary addresses', () => {
    for (const email of ['a@b.co', 'first.last+tag@example.org', 'x@sub.domain.fr'])
      expect(isValidEmail(email)).toBe(true);
  });

  it('refuses empty, blank, non-string and malformed values', () => {
    for (const value of [
      '',
      '   ',
      null,
      undefined,
      42,
      'plain',
      'a@b',
      'a@b.c',
      'a b@c.org',
      'a@@b.org',
      '<a@b.org>',
      'a@b.org;c@d.org',
    ]) {
      expect(isValidEmail(value)).toBe(false);
    }
    expect(isValidEmail(`${'a'.repeat(250)}@b.org`)).toBe(false);
  });

  it('sanitises what users paste: spaces, invisible characters, capitals', () => {
    expect(sanitizeEmail('  John.Doe@Example.ORG \n')).toBe('john.doe@example.org');
    expect(sanitizeEmail('jo\u200bhn@exa\u00admple.org')).toBe('john@example.org');
    expect(sanitizeEmail('ｊｏｈｎ@example.org')).toBe('john@example.org');
  });

  it('reads the domain', () => {
    expect(emailDomain('a@Mail.Example.org')).toBe('mail.example.org');
  });
});
