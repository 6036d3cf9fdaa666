import { generateKeyPairSync, sign } from 'node:crypto';
import {
  ed25519PublicKeyMultibase,
  issuerDidDocument,
  type IssuerPublicKey,
} from '../../../server/services/credentials/issuerKeys';
import { verificationMethodId } from '../../../server/services/credentials/identifiers';
import type { OpenBadgeCredentialInput } from '../../../server/services/credentials/openBadgeCredential';
import type { IssuerSigner } from '../../../server/services/credentials/signing';

export const PUBLIC_URL = 'https://laurel.example';
export const ISSUER_ID = 7;

/** A key made in memory (no database) with the signer shape the key service returns. */
export function memoryIssuerKey(issuerId = ISSUER_ID, version = 1, publicUrl = PUBLIC_URL) {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const key: IssuerPublicKey = {
    issuerId,
    version,
    publicKeyMultibase: ed25519PublicKeyMultibase(publicKey),
    createdAt: new Date().toISOString(),
    retiredAt: null,
  };
  const signer: IssuerSigner = {
    id: verificationMethodId(publicUrl, issuerId, version),
    algorithm: 'Ed25519',
    sign: async ({ data }) => sign(null, data, privateKey),
  };
  return { key, signer, didDocument: issuerDidDocument(publicUrl, issuerId, [key]) };
}

export function credentialInput(overrides: Partial<OpenBadgeCredentialInput> = {}): OpenBadgeCredentialInput {
  return {
    publicUrl: PUBLIC_URL,
    certificateKey: 'c0ffee42',
    issuer: { id: ISSUER_ID, name: 'Université de Laurel', url: 'https://univ.example' },
    achievement: {
      templateId: 12,
      language: 'fr',
      name: 'Premiers secours',
      description: 'Formation aux gestes de premiers secours.',
      criteriaNarrative: 'Avoir suivi les 7 heures de formation et réussi la mise en situation.',
      imageUrl: 'https://laurel.example/files/templates/12/badge.png',
      imageCaption: 'Badge premiers secours',
      achievementType: 'Badge',
    },
    recipient: { email: 'Alice.Martin@Example.org', salt: '5a1t5a1t5a1t5a1t' },
    validFrom: '2026-03-01',
    validUntil: '2031-03-01',
    status: { index: 4242 },
    ...overrides,
  };
}
