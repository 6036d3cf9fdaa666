import { describe, expect, it } from 'vitest';
import { issuerPublicProfile, ob3ProfileFields, PHONE_PATTERN } from './issuerPublicProfile';

describe("the issuer's public profile", () => {
  it('reads every field from the stored params, identity fields from the account verification', () => {
    const profile = issuerPublicProfile(
      JSON.stringify({
        description: '  Courses   for adults ',
        contactEmail: 'contact@campus.example',
        phone: '+34 912 345 678',
        registrationNumber: 'ES-123',
        country: 'ES',
        organizationId: ' 42 ',
        url: 'https://params.example/',
        identity: { address: 'Calle Mayor 1', legalReference: 'B12345678', logo: 'https://campus.example/l.png' },
      }),
    );
    expect(profile).toEqual({
      url: 'https://params.example/',
      image: 'https://campus.example/l.png',
      email: 'contact@campus.example',
      description: 'Courses for adults',
      phone: '+34 912 345 678',
      address: { text: 'Calle Mayor 1', countryCode: 'ES' },
      identifiers: [
        { kind: 'legalReference', identifier: 'B12345678' },
        { kind: 'registrationNumber', identifier: 'ES-123' },
        { kind: 'linkedInOrganizationId', identifier: '42' },
      ],
    });
  });

  it('leaves out what is empty or not what it says: no field at all for a bare profile', () => {
    expect(ob3ProfileFields(issuerPublicProfile(null))).toEqual({});
    expect(ob3ProfileFields(issuerPublicProfile('not json'))).toEqual({});
    const odd = issuerPublicProfile({
      contactEmail: 'nobody',
      phone: 'call me',
      country: 'France',
      identity: { logo: 'javascript:alert(1)', url: 'campus.example' },
    });
    expect(ob3ProfileFields(odd)).toEqual({});
  });

  it('writes the address and identifiers as the OB 3.0 schema wants them', () => {
    const fields = ob3ProfileFields(issuerPublicProfile({ country: 'FR', registrationNumber: '11 75' }));
    expect(fields).toEqual({
      address: { type: ['Address'], addressCountryCode: 'FR' },
      otherIdentifier: [{ type: 'IdentifierEntry', identifier: '11 75', identifierType: 'ext:RegistrationNumber' }],
    });
    // the schema's pattern for extension types
    for (const entry of fields.otherIdentifier ?? [])
      expect(entry.identifierType).toMatch(/^(ext:)[a-z|A-Z|0-9|.|-|_]+$/);
  });

  it('takes phone numbers as people write them, and nothing else', () => {
    for (const phone of ['+33 1 23 45 67 89', '(555) 123-4567', '01.23.45.67.89']) expect(phone).toMatch(PHONE_PATTERN);
    for (const phone of ['call me', '+', '12', '+33 1 23 45 67 89 ext. 5']) expect(phone).not.toMatch(PHONE_PATTERN);
  });
});
