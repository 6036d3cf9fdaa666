import { describe, expect, it } from 'vitest';
import {
  contextDocumentLoader,
  createDocumentLoader,
  ED25519_2020_CONTEXT,
  OB_V3P0_CONTEXT,
  shippedContextUrls,
  VC_V1_CONTEXT,
  VC_V2_CONTEXT,
} from '../../../server/services/credentials/contexts/documentLoader';

// Files and a pure function: no database, so this file does not run per database.

describe('shipped contexts and the offline document loader', () => {
  it('answers the VC v2, OB 3.0.3, Ed25519Signature2020 and VC 1.1 contexts as static documents', async () => {
    expect(shippedContextUrls).toEqual([VC_V2_CONTEXT, OB_V3P0_CONTEXT, ED25519_2020_CONTEXT, VC_V1_CONTEXT]);
    for (const url of shippedContextUrls) {
      const answer = await contextDocumentLoader(url);
      expect(answer).toMatchObject({ contextUrl: null, documentUrl: url, tag: 'static' });
      expect(answer.document).toHaveProperty('@context');
    }
    const ob = (await contextDocumentLoader(OB_V3P0_CONTEXT)).document as { '@context': Record<string, unknown> };
    expect(ob['@context']).toHaveProperty('OpenBadgeCredential');
  });

  it('refuses every other address, and answers given documents without caching them as static', async () => {
    for (const url of [
      'https://www.w3.org/2018/credentials/examples/v1',
      'https://purl.imsglobal.org/spec/ob/v3p0/context.json',
      'https://w3id.org/security/data-integrity/v2',
      'http://www.w3.org/ns/credentials/v2',
      'did:web:evil.example',
    ]) {
      await expect(contextDocumentLoader(url), url).rejects.toThrow(/not available offline/);
    }
    const loader = createDocumentLoader({ 'did:web:laurel.example:ob:issuers:1': { id: 'x' } });
    expect(await loader('did:web:laurel.example:ob:issuers:1')).toEqual({
      contextUrl: null,
      documentUrl: 'did:web:laurel.example:ob:issuers:1',
      document: { id: 'x' },
    });
    await expect(loader('toString')).rejects.toThrow(/not available offline/);
  });
});
