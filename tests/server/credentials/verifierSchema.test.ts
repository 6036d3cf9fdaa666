import { describe, expect, it } from 'vitest';
import { buildOpenBadgeCredential } from '../../../server/services/credentials/openBadgeCredential';
import { ob3SchemaErrors as serverSchemaErrors } from '../../../server/services/credentials/verifier';
import { credentialInput } from './fixtures';
import { ob3SchemaErrors } from './ob3Schema';

// Files and pure functions: no database, so this file does not run per database.

describe("the verifier's schema check", () => {
  it('says what the tests’ own validator says, for a valid and an invalid credential', async () => {
    const credential = buildOpenBadgeCredential(credentialInput());
    expect(await serverSchemaErrors(credential)).toEqual([]);
    const invalid = { ...credential, credentialSubject: { ...credential.credentialSubject, type: 'Someone' } };
    const errors = await serverSchemaErrors(invalid);
    expect(errors).toEqual(ob3SchemaErrors(invalid));
    expect(errors.length).toBeGreaterThan(0);
  });
});
