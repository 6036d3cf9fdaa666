import { describe, expect, it } from 'vitest';
import { recordedHashes, sha256 } from './vendoredSources';

// Files only: no database, so this file does not run per database.

const folders = {
  'JSON-LD contexts and the OB 3.0 schema': {
    folder: new URL('../../server/services/credentials/contexts/', import.meta.url),
    files: [
      'credentials-v1.json',
      'credentials-v2.json',
      'ed25519-signature-2020-v1.json',
      'ob-v3p0-achievementcredential.json',
      'ob-v3p0-context-3.0.3.json',
    ],
  },
  "the register's feed schema": {
    folder: new URL('../../server/services/cpfExport/schema/', import.meta.url),
    files: ['exemple-flux-v2.0.0.xml', 'flux-certifications-v2.0.0.xsd'],
  },
};

describe('vendored official files', () => {
  for (const [name, { folder, files }] of Object.entries(folders)) {
    it(`ships ${name} byte for byte, as their SOURCES.md records them`, () => {
      const hashes = recordedHashes(new URL('SOURCES.md', folder));
      expect([...hashes.keys()].sort()).toEqual(files);
      for (const [file, hash] of hashes) expect(sha256(new URL(file, folder)), file).toBe(hash);
    });
  }
});
