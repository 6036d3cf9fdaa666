import { describe, expect, it } from 'vitest';
import { createBatchSigner } from '../../../server/services/credentials/batchSigning';
import { contextDocumentLoader } from '../../../server/services/credentials/contexts/documentLoader';
import { issuerDidDocumentUrl } from '../../../server/services/credentials/identifiers';
import {
  buildOpenBadgeCredential,
  type OpenBadgeCredentialInput,
} from '../../../server/services/credentials/openBadgeCredential';
import { canonizeWithLibrary, createShapeCanonizer } from '../../../server/services/credentials/shapeCanonizer';
import { signCredential } from '../../../server/services/credentials/signing';
import { createStatusBits, issueStatusListCredential } from '../../../server/services/credentials/statusList';
import { credentialInput, ISSUER_ID, memoryIssuerKey, PUBLIC_URL } from './fixtures';
import { verifyIndependently } from './independentVerifier';
import { ob3SchemaErrors } from './ob3Schema';

// Pure: no database. The fast canonical form must be byte for byte the library's, whatever the strings.

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'Premiers secours',
  '"',
  "'",
  '\\',
  '\\n',
  '\n',
  '\r\n',
  '\t',
  '\b',
  '\f',
  '\u0000',
  '\u0001',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
  '\u00a0',
  ']]>',
  '<b>&amp;</b>',
  '🎓',
  '中文',
  'é',
  'e\u0301',
  '_:b0',
  '_:c14n0',
  ' .\n<x> <y> <z> .',
  '"^^<http://www.w3.org/2001/XMLSchema#string>',
  '@fr',
  'urn:laurel-slot:0',
  'https://laurel.example/ob/credentials/c0ffee42',
  'did:web:laurel.example:ob:issuers:7',
  '{"@id":"x"}',
  '@context',
  '',
  ' ',
];

function awkwardText(next: () => number, maxPieces = 6): string {
  const count = Math.floor(next() * (maxPieces + 1));
  let text = '';
  for (let i = 0; i < count; i += 1) text += PIECES[Math.floor(next() * PIECES.length)];
  return text;
}

/** A corpus over every shape we issue: with and without image, caption, expiry, issuer site, suspension entry. */
function corpus(size: number, seed = 7): OpenBadgeCredentialInput[] {
  const next = random(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)];
  return Array.from({ length: size }, (_, i) => {
    const base = credentialInput();
    const openBadge = next() < 0.7;
    const name = awkwardText(next) || 'Badge';
    return {
      ...base,
      certificateKey: `k${i}${Math.floor(next() * 1e9).toString(36)}`,
      issuer: {
        id: ISSUER_ID,
        name: awkwardText(next) || 'Issuer',
        url: next() < 0.5 ? 'https://univ.example/a?b=c' : null,
      },
      achievement: {
        templateId: 1 + Math.floor(next() * 40),
        language: pick(['fr', 'en', 'es', 'es-MX']),
        name,
        description: awkwardText(next, 12),
        criteriaNarrative: awkwardText(next, 12),
        ...(openBadge
          ? {
              imageUrl: pick([
                'https://laurel.example/api/template/image/7/0b7c4d2e-1111-4222-8333-944455556666.png',
                'data:image/png;base64,iVBORw0KGgo=',
              ]),
              imageCaption: next() < 0.8 ? name : null,
              achievementType: 'Badge',
            }
          : {}),
      },
      recipient:
        next() < 0.85
          ? { email: `${awkwardText(next, 2).replace(/[\s@]/g, '')}learner${i}@example.org` }
          : { email: '', name: awkwardText(next, 3).trim() || 'Jean Dupont' },
      validFrom: new Date(Date.UTC(2000, 0, 1) + Math.floor(next() * 7.5e8) * 1000),
      validUntil: next() < 0.5 ? '2099-12-31' : null,
      status: { index: Math.floor(next() * 131_072), withRevocation: next() < 0.2 },
    };
  });
}

describe('the shape canonizer', () => {
  it('gives the library canonical N-Quads, byte for byte, on a generated corpus with awkward strings', async () => {
    const canonizer = createShapeCanonizer(contextDocumentLoader);
    const inputs = corpus(400);
    for (const input of inputs) {
      const credential = buildOpenBadgeCredential(input);
      const expected = await canonizeWithLibrary(credential, contextDocumentLoader);
      expect(await canonizer.canonize(credential)).toBe(expected);
    }
    // the fast path did the work: only the few templates went through JSON-LD
    expect(canonizer.counts.filled).toBe(inputs.length);
  }, 120_000);

  it('leaves to the library what could change the structure, with the same result', async () => {
    const canonizer = createShapeCanonizer(contextDocumentLoader);
    const base = buildOpenBadgeCredential(credentialInput());
    await canonizer.canonize(base);
    const variants = [
      // an image address with a space is not a plain IRI
      (c: typeof base) => (c.credentialSubject.achievement.image!.id = 'https://laurel.example/a b.png'),
      // a relative address
      (c: typeof base) => (c.credentialSubject.achievement.image!.id = 'badge.png'),
      // the image named like the achievement: JSON-LD merges the two nodes
      (c: typeof base) => (c.credentialSubject.achievement.image!.id = c.credentialSubject.achievement.id),
      // a blank-node-looking identifier
      (c: typeof base) => (c.credentialSubject.achievement.image!.id = '_:b0'),
    ];
    for (const change of variants) {
      const credential = structuredClone(base);
      change(credential);
      const before = canonizer.counts.library;
      const expected = await canonizeWithLibrary(credential, contextDocumentLoader).catch((error: Error) => error);
      const actual = await canonizer.canonize(credential).catch((error: Error) => error);
      expect(canonizer.counts.library).toBe(before + 1);
      if (expected instanceof Error) expect(actual).toBeInstanceOf(Error);
      else expect(actual).toBe(expected);
    }
  });
});

describe('the batch signer', () => {
  it('signs exactly as the library does: same proof, same JSON', async () => {
    const { signer } = memoryIssuerKey();
    const batch = createBatchSigner(signer);
    const created = new Date('2026-03-02T10:00:00.654Z');
    for (const input of corpus(30, 11)) {
      const credential = buildOpenBadgeCredential(input);
      const expected = await signCredential(credential, signer, { created });
      expect(JSON.stringify(await batch.sign(credential, created))).toBe(JSON.stringify(expected));
    }
  });

  it("makes credentials that @digitalbazaar/vc's own suite verifies and the OB 3.0 schema accepts", async () => {
    const key = memoryIssuerKey();
    const batch = createBatchSigner(key.signer);
    const lists = await Promise.all(
      (['revocation', 'suspension'] as const).map((purpose) =>
        issueStatusListCredential(
          { publicUrl: PUBLIC_URL, issuerId: ISSUER_ID, purpose, bits: createStatusBits() },
          key.signer,
        ),
      ),
    );
    const site = {
      [issuerDidDocumentUrl(PUBLIC_URL, ISSUER_ID)]: key.didDocument,
      ...Object.fromEntries(lists.map((list) => [list.id, list])),
    };
    for (const input of corpus(12, 23)) {
      const signed = await batch.sign(buildOpenBadgeCredential(input), new Date());
      const outcome = await verifyIndependently(signed, site);
      expect(outcome.errors).toEqual([]);
      expect(outcome.verified).toBe(true);
      if (!input.status.withRevocation) expect(ob3SchemaErrors(signed)).toEqual([]);
      const tampered = { ...signed, name: `${signed.name}.` };
      expect((await verifyIndependently(tampered, site)).verified).toBe(false);
    }
  });
});
