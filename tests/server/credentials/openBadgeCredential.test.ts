import { describe, expect, it } from 'vitest';
import {
  achievementUrl,
  credentialUrl,
  issuerDid,
  issuerDidDocumentUrl,
  statusListCredentialUrl,
  verificationMethodId,
} from '../../../server/services/credentials/identifiers';
import {
  buildOpenBadgeCredential,
  hashedEmailIdentity,
  identityMatchesEmail,
  issueOpenBadgeCredential,
  type OpenBadgeCredentialInput,
} from '../../../server/services/credentials/openBadgeCredential';
import { createStatusBits, issueStatusListCredential } from '../../../server/services/credentials/statusList';
import { credentialInput, ISSUER_ID, memoryIssuerKey, PUBLIC_URL } from './fixtures';
import { didWebDocumentUrl, verifyIndependently } from './independentVerifier';
import { ob3SchemaErrors } from './ob3Schema';

// Pure building and signing with in-memory keys: no database, so this file does not run per database.

/** Our server's answers for the issuer: its DID document and its two (empty) status lists. */
async function issuerSite(key = memoryIssuerKey()) {
  const lists = await Promise.all(
    (['revocation', 'suspension'] as const).map((purpose) =>
      issueStatusListCredential(
        { publicUrl: PUBLIC_URL, issuerId: ISSUER_ID, purpose, bits: createStatusBits() },
        key.signer,
      ),
    ),
  );
  return {
    [issuerDidDocumentUrl(PUBLIC_URL, ISSUER_ID)]: key.didDocument,
    ...Object.fromEntries(lists.map((list) => [list.id, list])),
  };
}

const awkward =
  'Guillemets "doubles", \'simples\', \\ barre, ]]> <b>&amp;</b>\n\ttab, émoji 🎓, 中文, \u2028, null\u0000';

const kinds: [string, Partial<OpenBadgeCredentialInput>][] = [
  ['an open badge (image, expiry)', {}],
  [
    'another template kind (generic Achievement, no image, no expiry)',
    {
      achievement: {
        templateId: 3,
        language: 'en',
        name: 'Certificate of attendance',
        description: 'Attended the 2026 conference.',
        criteriaNarrative: 'Attend every session.',
      },
      validUntil: null,
    },
  ],
  [
    'a Spanish badge with a data URI image and a regional language tag',
    {
      achievement: {
        ...credentialInput().achievement,
        language: 'es-MX',
        name: 'Primeros auxilios',
        imageUrl: 'data:image/png;base64,iVBORw0KGgo=',
        imageCaption: null,
      },
    },
  ],
  [
    'awkward strings everywhere',
    {
      issuer: { id: ISSUER_ID, name: awkward, url: null },
      achievement: {
        ...credentialInput().achievement,
        name: awkward,
        description: awkward,
        criteriaNarrative: `# Markdown\n\n- ${awkward}`,
        imageCaption: awkward,
      },
      recipient: { email: ' ÉLODIE+tag@Exämple.org ' },
    },
  ],
];

describe('OpenBadgeCredential', () => {
  it.each(kinds)('%s validates against the official OB 3.0 schema, unsigned and signed', async (_, overrides) => {
    const { signer } = memoryIssuerKey();
    const input = credentialInput(overrides);
    expect(ob3SchemaErrors(buildOpenBadgeCredential(input))).toEqual([]);
    const signed = await issueOpenBadgeCredential(input, signer);
    expect(ob3SchemaErrors(signed)).toEqual([]);
  });

  it('has the shape of issue 7: contexts, types, issuer profile, dates, subject, status, proof array', async () => {
    const { signer } = memoryIssuerKey();
    const credential = await issueOpenBadgeCredential(credentialInput(), signer, {
      created: new Date('2026-03-02T10:00:00Z'),
    });
    expect(credential).toMatchObject({
      '@context': [
        'https://www.w3.org/ns/credentials/v2',
        'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
      ],
      id: 'https://laurel.example/ob/credentials/c0ffee42',
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      name: 'Premiers secours',
      issuer: {
        id: 'did:web:laurel.example:ob:issuers:7',
        type: ['Profile'],
        name: 'Université de Laurel',
        url: 'https://univ.example',
      },
      validFrom: '2026-03-01T00:00:00Z',
      validUntil: '2031-03-01T00:00:00Z',
      credentialSubject: {
        type: ['AchievementSubject'],
        identifier: [{ type: 'IdentityObject', identityType: 'emailAddress', hashed: true, salt: '5a1t5a1t5a1t5a1t' }],
        achievement: {
          id: 'https://laurel.example/ob/achievements/12/fr',
          type: ['Achievement'],
          achievementType: 'Badge',
          name: 'Premiers secours',
          description: 'Formation aux gestes de premiers secours.',
          criteria: { narrative: 'Avoir suivi les 7 heures de formation et réussi la mise en situation.' },
          image: {
            id: 'https://laurel.example/files/templates/12/badge.png',
            type: 'Image',
            caption: 'Badge premiers secours',
          },
          inLanguage: 'fr',
        },
      },
      credentialStatus: {
        id: 'https://laurel.example/ob/issuers/7/status/suspension#4242',
        type: 'BitstringStatusListEntry',
        statusPurpose: 'suspension',
        statusListIndex: '4242',
        statusListCredential: 'https://laurel.example/ob/issuers/7/status/suspension',
      },
    });
    expect(credential.proof).toEqual([
      {
        type: 'DataIntegrityProof',
        cryptosuite: 'eddsa-rdfc-2022',
        created: '2026-03-02T10:00:00Z',
        verificationMethod: 'did:web:laurel.example:ob:issuers:7#key-1',
        proofPurpose: 'assertionMethod',
        proofValue: expect.stringMatching(/^z[1-9A-HJ-NP-Za-km-z]{80,90}$/),
      },
    ]);
  });

  it('identifies the recipient by a salted SHA-256 of the address, never the address', async () => {
    const { signer } = memoryIssuerKey();
    const input = credentialInput({ recipient: { email: '  Alice.Martin@Example.ORG ' } });
    const credential = await issueOpenBadgeCredential(input, signer);
    const text = JSON.stringify(credential).toLowerCase();
    expect(text).not.toContain('alice');
    expect(text).not.toContain('example.org');
    const [identity] = credential.credentialSubject.identifier;
    expect(identity.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(identity.identityHash).toMatch(/^sha256\$[0-9a-f]{64}$/);
    expect(identityMatchesEmail(identity, 'alice.martin@example.org')).toBe(true);
    expect(identityMatchesEmail(identity, 'bob@example.org')).toBe(false);
    // Two credentials of one person are not linkable by their hash: the salt differs.
    const again = await issueOpenBadgeCredential(input, signer);
    expect(again.credentialSubject.identifier[0].identityHash).not.toBe(identity.identityHash);
    // The documented rule, recomputed here: sha256 over the lowercased address followed by the salt.
    const { createHash } = await import('node:crypto');
    expect(hashedEmailIdentity('a@b.org', 'pepper').identityHash).toBe(
      `sha256$${createHash('sha256').update('a@b.orgpepper').digest('hex')}`,
    );
  });

  it('derives stable addresses from PUBLIC_URL, with a port and a path, and a resolvable did:web', () => {
    const publicUrl = 'https://certs.example.org:8443/laurel/';
    expect(issuerDid(publicUrl, 5)).toBe('did:web:certs.example.org%3A8443:laurel:ob:issuers:5');
    expect(issuerDidDocumentUrl(publicUrl, 5)).toBe('https://certs.example.org:8443/laurel/ob/issuers/5/did.json');
    expect(didWebDocumentUrl(issuerDid(publicUrl, 5))).toBe(issuerDidDocumentUrl(publicUrl, 5));
    expect(verificationMethodId(publicUrl, 5, 3)).toBe('did:web:certs.example.org%3A8443:laurel:ob:issuers:5#key-3');
    expect(statusListCredentialUrl(publicUrl, 5, 'suspension')).toBe(
      'https://certs.example.org:8443/laurel/ob/issuers/5/status/suspension',
    );
    expect(credentialUrl(publicUrl, 'AbC-12_x')).toBe('https://certs.example.org:8443/laurel/ob/credentials/AbC-12_x');
    expect(achievementUrl(publicUrl, 9, 'fr')).toBe('https://certs.example.org:8443/laurel/ob/achievements/9/fr');
    expect(issuerDid('https://laurel.example', 1)).toBe('did:web:laurel.example:ob:issuers:1');
    expect(() => credentialUrl(publicUrl, '../x')).toThrow(/certificate key/);
    expect(() => issuerDid(publicUrl, 0)).toThrow(/issuer id/);
  });

  it('refuses impossible input', () => {
    expect(() => buildOpenBadgeCredential(credentialInput({ validFrom: 'yesterday' }))).toThrow(/not a date/);
    expect(() =>
      buildOpenBadgeCredential(credentialInput({ validFrom: '2026-03-01', validUntil: '2026-02-01' })),
    ).toThrow(/expires/);
    expect(() => buildOpenBadgeCredential(credentialInput({ status: { index: -1 } }))).toThrow(/index/);
    expect(() => buildOpenBadgeCredential(credentialInput({ recipient: { email: 'nobody' } }))).toThrow(/email/);
  });

  it("refuses to sign with another issuer's key", async () => {
    const other = memoryIssuerKey(ISSUER_ID + 1);
    await expect(issueOpenBadgeCredential(credentialInput(), other.signer)).rejects.toThrow(/not a key of/);
  });
});

describe('an independent verifier (@digitalbazaar/vc, eddsa-rdfc-2022, bitstring status list; offline)', () => {
  it('accepts our credential', async () => {
    const key = memoryIssuerKey();
    const credential = await issueOpenBadgeCredential(credentialInput(), key.signer);
    const outcome = await verifyIndependently(credential, await issuerSite(key));
    expect(outcome).toEqual({ verified: true, errors: [], status: { suspension: false } });
  });

  it('accepts the credential with awkward strings', async () => {
    const key = memoryIssuerKey();
    const credential = await issueOpenBadgeCredential(credentialInput(kinds[3][1]), key.signer);
    expect((await verifyIndependently(credential, await issuerSite(key))).verified).toBe(true);
  });

  it('refuses it when one character of the name changed, in the credential or in the achievement', async () => {
    const key = memoryIssuerKey();
    const site = await issuerSite(key);
    const credential = await issueOpenBadgeCredential(credentialInput(), key.signer);
    const renamed = { ...credential, name: 'Premiers secourS' };
    expect(await verifyIndependently(renamed, site)).toMatchObject({ verified: false, errors: ['Invalid signature.'] });
    const tampered = structuredClone(credential);
    tampered.credentialSubject.achievement.name = 'Premiers secours!';
    expect((await verifyIndependently(tampered, site)).verified).toBe(false);
  });

  it("refuses it when signed by a key that is not in the issuer's DID document", async () => {
    const published = memoryIssuerKey();
    const impostor = memoryIssuerKey();
    const credential = await issueOpenBadgeCredential(credentialInput(), impostor.signer);
    expect((await verifyIndependently(credential, await issuerSite(published))).verified).toBe(false);
  });

  it('says expired after validUntil, and not yet valid before validFrom', async () => {
    const key = memoryIssuerKey();
    const site = await issuerSite(key);
    const credential = await issueOpenBadgeCredential(credentialInput(), key.signer);
    const expired = await verifyIndependently(credential, site, new Date('2031-03-02T00:00:00Z'));
    expect(expired.verified).toBe(false);
    expect(expired.errors.join(' ')).toMatch(/after "validUntil"/);
    const early = await verifyIndependently(credential, site, new Date('2026-02-27T00:00:00Z'));
    expect(early.errors.join(' ')).toMatch(/before "validFrom"/);
  });

  it('with the revocation entry too: verifies and reads both lists, but the OB 3.0 schema refuses two statuses', async () => {
    const key = memoryIssuerKey();
    const input = credentialInput({ status: { index: 9, withRevocation: true } });
    const credential = await issueOpenBadgeCredential(input, key.signer);
    expect(await verifyIndependently(credential, await issuerSite(key))).toEqual({
      verified: true,
      errors: [],
      status: { revocation: false, suspension: false },
    });
    // OB 3.0 gives credentialStatus a multiplicity of 0..1 (1EdTech/openbadges-specification#623).
    expect(ob3SchemaErrors(credential)).toEqual(['/credentialStatus: must be object']);
  });
});
