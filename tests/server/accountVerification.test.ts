import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VERIFICATION_FILE_MAX_BYTES } from '../../domain/accountVerification';
import { PROFILE } from '../../domain/roles';
import { addUser, bearer, signIn, signInAdmin } from './signIn';
import { multipartForm, PNG } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';
import { postVerification, VERIFICATION_FIELDS, VERIFICATION_PDF, verificationForm } from './verificationFixtures';

describe.each(TEST_DATABASES)('account verification on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
    await t.app.laurel.db.updateTable('issuers').set({ plan: 'ESSENTIALS_PACK' }).where('id', '=', issuerId).execute();
  });
  afterEach(async () => {
    await t.close();
  });

  const submit = (body: ReturnType<typeof verificationForm>, as = headers) => postVerification(t.app, as, body);
  const requests = () => t.app.laurel.db.selectFrom('account_verifications').selectAll().execute();
  const who = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/who', headers })).json<{ verificationSubmitted: boolean }>();
  const storedFiles = () => {
    const folder = path.join(t.config.dataDir, 'files', 'verifications', String(issuerId));
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  };

  it('records a complete request with its two files, once', async () => {
    expect((await who()).verificationSubmitted).toBe(false);
    const response = await submit(verificationForm());
    expect(response.statusCode).toBe(201);
    const [request] = await requests();
    expect(request).toMatchObject({
      issuer_id: issuerId,
      public_name: VERIFICATION_FIELDS.publicName,
      official_name: VERIFICATION_FIELDS.officialName,
      country: 'FR',
      statement_intent: 1,
    });
    expect(storedFiles().sort()).toEqual(
      [path.basename(request.logo_file), path.basename(request.document_file)].sort(),
    );
    expect(fs.readFileSync(path.join(t.config.dataDir, 'files', request.document_file))).toEqual(VERIFICATION_PDF);
    expect((await who()).verificationSubmitted).toBe(true);

    const again = await submit(verificationForm());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'VERIFICATION_ALREADY_SUBMITTED' });
    expect(await requests()).toHaveLength(1);
  });

  it('keeps the statement of intent as sent', async () => {
    expect((await submit(verificationForm({ statementIntent: 'false' }))).statusCode).toBe(201);
    expect((await requests())[0].statement_intent).toBe(0);
  });

  it('refuses an incomplete or wrong form and records nothing', async () => {
    const cases: [ReturnType<typeof verificationForm>, Record<string, string>][] = [
      [verificationForm({ publicName: '  ' }), { publicName: 'required' }],
      [verificationForm({ country: 'XX' }), { country: 'invalid_country' }],
      [verificationForm({ website: 'javascript:alert(1)' }), { website: 'invalid_url' }],
      [
        verificationForm({}, [{ name: 'officialDoc', filename: 'statuts.pdf', value: VERIFICATION_PDF }]),
        { hdLogo: 'required_logo' },
      ],
      [
        verificationForm({}, [
          { name: 'hdLogo', filename: 'logo.gif', value: PNG },
          { name: 'officialDoc', filename: 'statuts.pdf', value: VERIFICATION_PDF },
        ]),
        { hdLogo: 'unsupported_type' },
      ],
      [
        // a PNG renamed .pdf
        verificationForm({}, [
          { name: 'hdLogo', filename: 'logo.png', value: PNG },
          { name: 'officialDoc', filename: 'statuts.pdf', value: PNG },
        ]),
        { officialDoc: 'unsupported_type' },
      ],
      [
        verificationForm({}, [
          { name: 'hdLogo', filename: 'logo.png', value: PNG },
          {
            name: 'officialDoc',
            filename: 'big.pdf',
            value: Buffer.concat([VERIFICATION_PDF, Buffer.alloc(VERIFICATION_FILE_MAX_BYTES)]),
          },
        ]),
        { officialDoc: 'too_large' },
      ],
    ];
    for (const [body, expected] of cases) {
      const response = await submit(body);
      expect(response.statusCode, JSON.stringify(expected)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', fields: expected });
    }
    const extra = await submit(multipartForm([{ name: 'isValidator', value: 'true' }]));
    expect(extra.statusCode).toBe(400);
    expect(await requests()).toHaveLength(0);
    expect(storedFiles()).toEqual([]);
    expect((await who()).verificationSubmitted).toBe(false);
  });

  it('is for Administrators of an ESSENTIALS_PACK issuer not yet verified', async () => {
    await addUser(t.app, issuerId, 'manager@example.org', PROFILE.Manager);
    const manager = bearer(await signIn(t.app, 'manager@example.org'));
    expect((await submit(verificationForm(), manager)).statusCode).toBe(403);
    expect((await submit(verificationForm(), {})).statusCode).toBe(401);

    await t.app.laurel.db.updateTable('issuers').set({ plan: 'FREE_TRIAL' }).where('id', '=', issuerId).execute();
    expect((await submit(verificationForm())).json()).toMatchObject({ code: 'VERIFICATION_NOT_OFFERED' });
    await t.app.laurel.db
      .updateTable('issuers')
      .set({ plan: 'ESSENTIALS_PACK', verified: 1 })
      .where('id', '=', issuerId)
      .execute();
    expect((await submit(verificationForm())).statusCode).toBe(409);
    expect(await requests()).toHaveLength(0);
  });
});
