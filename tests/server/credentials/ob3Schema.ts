import fs from 'node:fs';
import Ajv2019 from 'ajv/dist/2019.js';
import addFormats from 'ajv-formats';

/**
 * The official OB 3.0 AchievementCredential schema (draft 2019-09), vendored beside the shipped contexts with its
 * source and hash in their SOURCES.md (checked by documentLoader.test.ts).
 */
const schemaFile = new URL(
  '../../../server/services/credentials/contexts/ob-v3p0-achievementcredential.json',
  import.meta.url,
);

// strict: false because the schema uses a 2-tuple `items` on @context, which strict mode refuses.
const ajv = new Ajv2019({ strict: false, allErrors: true });
addFormats(ajv);
const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));

/** The schema's errors for this credential as `path: message` lines; empty when it is valid. */
export function ob3SchemaErrors(credential: unknown): string[] {
  return validate(credential) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'}: ${e.message}`);
}
