import { describe, expect, it } from 'vitest';
import { linkedInAddToProfileUrl, linkedInOrganizationId, shareLinks } from './linkedIn';

const parsed = (address: string) => {
  const url = new URL(address);
  return { base: `${url.origin}${url.pathname}`, params: Object.fromEntries(url.searchParams) };
};

describe('LinkedIn Add to profile', () => {
  it('fills every field, each value encoded, names with accents, ampersands and quotes intact', () => {
    const address = linkedInAddToProfileUrl({
      name: 'Sécurité & "premiers secours" l’été',
      organizationName: 'École d’Art & Métiers',
      issued: '2026-03-05',
      expires: '2027-11-30',
      certUrl: 'https://laurel.example/certificate/abc?lang=fr',
      certId: 'abc',
    });
    expect(address).not.toMatch(/[ "&]{2}|"/);
    expect(parsed(address)).toEqual({
      base: 'https://www.linkedin.com/profile/add',
      params: {
        startTask: 'CERTIFICATION_NAME',
        name: 'Sécurité & "premiers secours" l’été',
        organizationName: 'École d’Art & Métiers',
        issueYear: '2026',
        issueMonth: '3',
        expirationYear: '2027',
        expirationMonth: '11',
        certUrl: 'https://laurel.example/certificate/abc?lang=fr',
        certId: 'abc',
      },
    });
  });

  it('names the organisation by its id when the issuer gives one, and leaves empty values out', () => {
    const { params } = parsed(
      linkedInAddToProfileUrl({
        name: 'First aid',
        organizationId: ' 1337 ',
        organizationName: 'Red Cross',
        issued: null,
        expires: null,
        certUrl: 'https://laurel.example/certificate/k',
        certId: 'k',
      }),
    );
    expect(params).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'First aid',
      organizationId: '1337',
      certUrl: 'https://laurel.example/certificate/k',
      certId: 'k',
    });
  });

  it('falls back to the name when the organisation id is not a number, and ignores a date that is not one', () => {
    const { params } = parsed(
      linkedInAddToProfileUrl({
        name: 'X',
        organizationId: 'linkedin.com/company/acme',
        organizationName: 'Acme',
        issued: '2026-13-01',
        certUrl: 'https://l/c',
        certId: 'c',
      }),
    );
    expect(params.organizationName).toBe('Acme');
    expect(params.organizationId).toBeUndefined();
    expect(params.issueYear).toBeUndefined();
  });
});

describe('share links', () => {
  it('are plain links carrying the page and the text, encoded', () => {
    const links = shareLinks('https://laurel.example/certificate/k?lang=fr', 'Mon badge & moi');
    expect(new URL(links.linkedIn).searchParams.get('url')).toBe('https://laurel.example/certificate/k?lang=fr');
    expect(new URL(links.x).searchParams.get('text')).toBe('Mon badge & moi');
    expect(links.email).toBe(
      'mailto:?subject=Mon%20badge%20%26%20moi&body=https%3A%2F%2Flaurel.example%2Fcertificate%2Fk%3Flang%3Dfr',
    );
  });
});

describe("the issuer's LinkedIn organisation id", () => {
  it('is read from the params when it is digits, and null otherwise', () => {
    expect(linkedInOrganizationId({ organizationId: ' 1337 ' })).toBe('1337');
    expect(linkedInOrganizationId({ organizationId: 'acme' })).toBeNull();
    expect(linkedInOrganizationId({ organizationId: 1337 })).toBeNull();
    expect(linkedInOrganizationId({})).toBeNull();
  });
});
