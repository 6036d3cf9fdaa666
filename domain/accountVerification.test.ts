import { describe, expect, it } from 'vitest';
import {
  checkVerificationFile,
  contentMatchesExtension,
  COUNTRY_CODES,
  EMPTY_VERIFICATION_FORM,
  offersVerificationForm,
  validateVerificationForm,
  VERIFICATION_FILE_MAX_BYTES,
  type VerificationForm,
} from './accountVerification';

const complete: VerificationForm = {
  publicName: 'Open University of Lyon',
  officialName: 'Université ouverte de Lyon',
  juridicForm: 'Association loi 1901',
  address: '12 rue de la République, 69002 Lyon',
  website: 'univ-lyon.example.org',
  statementIntent: true,
  country: 'FR',
  hdLogo: { name: 'Logo.SVG', size: 20_000 },
  officialDoc: { name: 'statuts.pdf', size: 400_000 },
};

describe('account verification form', () => {
  it('accepts a complete form', () => {
    expect(validateVerificationForm(complete)).toEqual({});
    expect(validateVerificationForm({ ...complete, statementIntent: false })).toEqual({});
  });

  it('requires every field, with the logo and document messages', () => {
    expect(validateVerificationForm(EMPTY_VERIFICATION_FORM)).toEqual({
      publicName: 'required',
      officialName: 'required',
      juridicForm: 'required',
      address: 'required',
      website: 'required',
      country: 'required',
      hdLogo: 'required_logo',
      officialDoc: 'required_document',
    });
    expect(validateVerificationForm({ ...complete, address: '   ' })).toEqual({ address: 'required' });
  });

  it('checks the website, the country code and lengths', () => {
    expect(validateVerificationForm({ ...complete, website: 'not a site' })).toEqual({ website: 'invalid_url' });
    expect(validateVerificationForm({ ...complete, website: 'ftp://files.example.org' })).toEqual({
      website: 'invalid_url',
    });
    expect(validateVerificationForm({ ...complete, website: 'https://www.example.org/about' })).toEqual({});
    expect(validateVerificationForm({ ...complete, country: 'UK' })).toEqual({ country: 'invalid_country' });
    expect(validateVerificationForm({ ...complete, publicName: 'x'.repeat(301) })).toEqual({ publicName: 'too_long' });
  });

  it('takes the logo and document types of the spec, each up to 2 MB', () => {
    for (const name of ['a.png', 'a.svg', 'a.ai', 'a.eps', 'a.pdf', 'a.jpg', 'A.JPEG']) {
      expect(checkVerificationFile('hdLogo', { name, size: 10 })).toBeNull();
    }
    expect(checkVerificationFile('hdLogo', { name: 'a.gif', size: 10 })).toBe('unsupported_type');
    for (const name of ['a.pdf', 'a.doc', 'a.docx']) {
      expect(checkVerificationFile('officialDoc', { name, size: 10 })).toBeNull();
    }
    expect(checkVerificationFile('officialDoc', { name: 'a.png', size: 10 })).toBe('unsupported_type');
    expect(checkVerificationFile('officialDoc', { name: 'a.pdf', size: VERIFICATION_FILE_MAX_BYTES })).toBeNull();
    expect(checkVerificationFile('officialDoc', { name: 'a.pdf', size: VERIFICATION_FILE_MAX_BYTES + 1 })).toBe(
      'too_large',
    );
    expect(validateVerificationForm({ ...complete, hdLogo: { name: 'logo.gif', size: 1 } })).toEqual({
      hdLogo: 'unsupported_type',
    });
  });

  it('knows the 249 countries of ISO 3166-1', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect(COUNTRY_CODES).toEqual(expect.arrayContaining(['FR', 'ES', 'GB', 'US', 'CI']));
  });

  it('is offered only on ESSENTIALS_PACK before verification', () => {
    expect(offersVerificationForm({ plan: 'ESSENTIALS_PACK', verified: false })).toBe(true);
    expect(offersVerificationForm({ plan: 'ESSENTIALS_PACK', verified: true })).toBe(false);
    expect(offersVerificationForm({ plan: 'FREE_TRIAL', verified: false })).toBe(false);
    expect(offersVerificationForm({ plan: 'WHITE_LABEL', verified: false })).toBe(false);
  });
});

describe('file content against its extension', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);
  it('recognises each accepted kind and refuses a renamed file', () => {
    expect(contentMatchesExtension('a.pdf', bytes('%PDF-1.7\n'))).toBe(true);
    expect(contentMatchesExtension('a.ai', bytes('%PDF-1.5\n'))).toBe(true);
    expect(contentMatchesExtension('a.eps', bytes('%!PS-Adobe-3.0 EPSF-3.0'))).toBe(true);
    expect(contentMatchesExtension('a.svg', bytes('<?xml version="1.0"?>\n<svg xmlns="x">'))).toBe(true);
    expect(contentMatchesExtension('a.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(
      true,
    );
    expect(contentMatchesExtension('a.JPG', new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(contentMatchesExtension('a.docx', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0]))).toBe(true);
    expect(contentMatchesExtension('a.doc', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]))).toBe(
      true,
    );
    expect(contentMatchesExtension('a.pdf', bytes('<svg>'))).toBe(false);
    expect(contentMatchesExtension('a.png', bytes('%PDF-1.7'))).toBe(false);
    expect(contentMatchesExtension('a.svg', bytes('<html><script>'))).toBe(false);
    expect(contentMatchesExtension('a.exe', bytes('MZ'))).toBe(false);
  });
});
