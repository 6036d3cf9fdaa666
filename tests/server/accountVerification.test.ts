import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VERIFICATION_FILE_MAX_BYTES } from '../../domain/accountVerification';
import { PROFILE } from '../../domain/roles';
import { addUser, bearer, signIn, signInAdmin } from './signIn';
import { multipartForm, PNG, SVG, type FormPart } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const fields = {
  publicName: 'Open University of Lyon',
  officialName: 'Université ouverte de Lyon',
  juridicForm: 'Association loi 1901',
  address: '12 rue de la République, 69002 Lyon',
  website: 'https://univ-lyon.example.org',
  statementIntent: 'true',
  country: 'FR',
};

function form(
  overrides: Partial<Record<keyof typeof fields, string>> = {},
  files: FormPart[] = [
    { name: 'hdLogo', filename: 'logo.svg', value: SVG, contentType: 'image/svg+xml' },
    { name: 'officialDoc', filename: 'statuts.pdf', value: PDF, contentType: 'application/pdf' },
  ],
) {
  const text = Object.entries({ ...fields, ...overrides }).map(([name, value]) => ({ name, value }));
  return multipartForm([...text, ...files]);
}

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

  const submit = (body: ReturnType<typeof form>, as = headers) =>
    t.app.inject({
      method: 'POST',
      url: '/api/issuer/verification',
      headers: { ...as, ...body.headers },
      payload: body.payload,
    });
  const requests = () => t.app.laurel.db.selectFrom('account_verifications').selectAll().execute();
  const who = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/who', headers })).json<{ verificationSubmitted: boolean }>();
  const storedFiles = () => {
    const folder = path.join(t.config.dataDir, 'files', 'verifications', String(issuerId));
    return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
  };

  it('records a complete request with its two files, once', async () => {
    expect((await who()).verificationSubmitted).toBe(false);
    const response = await submit(form());
    expect(response.statusCode).toBe(201);
    const [request] = await requests();
    expect(request).toMatchObject({
      issuer_id: issuerId,
      public_name: fields.publicName,
      official_name: fields.officialName,
      country: 'FR',
      statement_intent: 1,
    });
    expect(storedFiles().sort()).toEqual(
      [path.basename(request.logo_file), path.basename(request.document_file)].sort(),
    );
    expect(fs.readFileSync(path.join(t.config.dataDir, 'files', request.document_file))).toEqual(PDF);
    expect((await who()).verificationSubmitted).toBe(true);

    const again = await submit(form());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'VERIFICATION_ALREADY_SUBMITTED' });
    expect(await requests()).toHaveLength(1);
  });

  it('keeps the statement of intent as sent', async () => {
    expect((await submit(form({ statementIntent: 'false' }))).statusCode).toBe(201);
    expect((await requests())[0].statement_intent).toBe(0);
  });

  it('refuses an incomplete or wrong form and records nothing', async () => {
    const cases: [ReturnType<typeof form>, Record<string, string>][] = [
      [form({ publicName: '  ' }), { publicName: 'required' }],
      [form({ country: 'XX' }), { country: 'invalid_country' }],
      [form({ website: 'javascript:alert(1)' }), { website: 'invalid_url' }],
      [form({}, [{ name: 'officialDoc', filename: 'statuts.pdf', value: PDF }]), { hdLogo: 'required_logo' }],
      [
        form({}, [
          { name: 'hdLogo', filename: 'logo.gif', value: PNG },
          { name: 'officialDoc', filename: 'statuts.pdf', value: PDF },
        ]),
        { hdLogo: 'unsupported_type' },
      ],
      [
        // a PNG renamed .pdf
        form({}, [
          { name: 'hdLogo', filename: 'logo.png', value: PNG },
          { name: 'officialDoc', filename: 'statuts.pdf', value: PNG },
        ]),
        { officialDoc: 'unsupported_type' },
      ],
      [
        form({}, [
          { name: 'hdLogo', filename: 'logo.png', value: PNG },
          {
            name: 'officialDoc',
            filename: 'big.pdf',
            value: Buffer.concat([PDF, Buffer.alloc(VERIFICATION_FILE_MAX_BYTES)]),
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
    expect((await submit(form(), manager)).statusCode).toBe(403);
    expect((await submit(form(), {})).statusCode).toBe(401);

    await t.app.laurel.db.updateTable('issuers').set({ plan: 'FREE_TRIAL' }).where('id', '=', issuerId).execute();
    expect((await submit(form())).json()).toMatchObject({ code: 'VERIFICATION_NOT_OFFERED' });
    await t.app.laurel.db
      .updateTable('issuers')
      .set({ plan: 'ESSENTIALS_PACK', verified: 1 })
      .where('id', '=', issuerId)
      .execute();
    expect((await submit(form())).statusCode).toBe(409);
    expect(await requests()).toHaveLength(0);
  });
});
