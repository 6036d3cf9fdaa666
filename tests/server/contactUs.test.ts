import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HELP_FILE_MAX_BYTES } from '../../domain/helpForm';
import { listOutbox } from '../../server/repositories/outbox';
import { loginLinkIn, startSmtpSink } from '../support/smtpSink';
import { bearer, decodeClaims, signInAdmin } from './signIn';
import { JPEG, multipartForm, PNG, type FormPart } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const SUPPORT = 'help-desk@laurel.test';

interface MimePart {
  headers: Record<string, string>;
  body: Buffer;
}

/** The headers of a MIME entity, names in lower case. */
function headersOf(entity: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of entity
    .slice(0, entity.indexOf('\r\n\r\n'))
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** The leaf parts of a raw MIME message, bodies decoded (enough of MIME for what nodemailer writes). */
function mimeParts(entity: string): MimePart[] {
  const headers = headersOf(entity);
  const content = entity.slice(entity.indexOf('\r\n\r\n') + 4);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (boundary && /^multipart\//i.test(headers['content-type'])) {
    return content
      .split(`--${boundary}`)
      .slice(1, -1)
      .flatMap((part) => mimeParts(part.replace(/^\r\n/, '')));
  }
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(content.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            content
              .replace(/=\r\n/g, '')
              .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          )
        : Buffer.from(content);
  return [{ headers, body }];
}

function attachmentsOf(raw: string): { filename: string; content: Buffer }[] {
  return mimeParts(raw)
    .filter((part) => /^attachment/i.test(part.headers['content-disposition'] ?? ''))
    .map((part) => ({
      filename: /filename="?([^";]+)"?/.exec(part.headers['content-disposition'])?.[1] ?? '',
      content: part.body,
    }));
}

function partOfType(raw: string, type: string): string {
  return mimeParts(raw)
    .find((part) => part.headers['content-type']?.startsWith(type))
    ?.body.toString('utf8')
    .replace(/\r\n/g, '\n') as string;
}

const fields = (overrides: Partial<Record<'type' | 'object' | 'description' | 'language', string>> = {}): FormPart[] =>
  Object.entries({
    type: 'question',
    object: 'Where is my campaign?',
    description: 'I published yesterday.\nIt is not in the list <script>alert(1)</script>',
    language: 'fr',
    ...overrides,
  }).map(([name, value]) => ({ name, value }));

const file = (filename: string, value: Buffer): FormPart => ({
  name: 'files',
  value,
  filename,
  contentType: 'application/octet-stream',
});

describe.each(TEST_DATABASES)('POST /api/contactus over SMTP on %s', (database) => {
  let mailbox: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  let headers: Record<string, string>;
  let claims: Record<string, unknown>;
  beforeAll(async () => {
    mailbox = await startSmtpSink();
  });
  afterAll(() => mailbox.close());
  beforeEach(async () => {
    mailbox.messages.length = 0;
    t = await createTestApp(database, { SMTP_URL: mailbox.url, SUPPORT_EMAIL: SUPPORT });
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login?email=admin@example.org' });
    expect(login.statusCode).toBe(200);
    // the link is queued; the worker sends it
    await t.app.laurel.jobs.runUntilIdle();
    const secret = loginLinkIn(await mailbox.waitFor('admin@example.org'))
      .split('/')
      .at(-1);
    const exchange = await t.app.inject({ method: 'POST', url: '/api/admin/login/token', payload: { token: secret } });
    const token = exchange.json<{ token: string }>().token;
    headers = bearer(token);
    claims = decodeClaims(token);
    await t.app.laurel.db
      .updateTable('users')
      .set({ first_name: 'Ada', last_name: 'Lovelace' })
      .where('id', '=', claims.uid as number)
      .execute();
    mailbox.messages.length = 0;
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (parts: FormPart[], as: Record<string, string> = headers) => {
    const form = multipartForm(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      headers: { ...as, ...form.headers },
      payload: form.payload,
    });
  };

  it('mails the request to the support address with its attachments, the user as reply-to', async () => {
    const photo = JPEG;
    const almostTooBig = Buffer.concat([PNG, Buffer.alloc(HELP_FILE_MAX_BYTES - 1 - PNG.length, 7)]);
    const response = await post([
      ...fields(),
      file('C:\\Users\\ada\\screen shot.png', PNG),
      file('photo.JPG', photo),
      file('large.png', almostTooBig),
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    // answered before the mail went out: the worker sends it
    expect(mailbox.messages).toHaveLength(0);
    await t.app.laurel.jobs.runUntilIdle();
    const mail = await mailbox.waitFor(SUPPORT);
    expect(mail.to).toEqual([SUPPORT]);
    expect(mail.from).toBe('no-reply@laurel.local');
    expect(mail.subject).toBe('Support request (question): Where is my campaign?');
    expect(headersOf(mail.raw)['reply-to']).toMatch(/^"?Ada Lovelace"? <admin@example\.org>$/);

    const text = partOfType(mail.raw, 'text/plain');
    expect(text).toContain(`From: Ada Lovelace <admin@example.org> (user ${String(claims.uid)})`);
    expect(text).toContain(`Issuer: My organisation (id ${String(claims.iid)}, plan FREE_TRIAL)`);
    expect(text).toContain('Language: fr');
    expect(text).toContain('I published yesterday.\nIt is not in the list');
    const html = partOfType(mail.raw, 'text/html');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script>');

    const attachments = attachmentsOf(mail.raw);
    expect(attachments.map((a) => a.filename)).toEqual(['screen shot.png', 'photo.JPG', 'large.png']);
    expect(attachments[0].content.equals(PNG)).toBe(true);
    expect(attachments[1].content.equals(photo)).toBe(true);
    expect(attachments[2].content.equals(almostTooBig)).toBe(true);
  });

  it('takes the sales team type and no attachment', async () => {
    const response = await post(fields({ type: 'sales team', object: 'Upgrade', language: 'en' }));
    expect(response.statusCode, response.body).toBe(200);
    await t.app.laurel.jobs.runUntilIdle();
    const mail = await mailbox.waitFor(SUPPORT);
    expect(mail.subject).toBe('Support request (sales team): Upgrade');
    expect(attachmentsOf(mail.raw)).toEqual([]);
  });

  it('refuses a request that breaks a rule, and sends nothing', async () => {
    const cases: [FormPart[], string][] = [
      [fields({ type: '', object: ' ', description: '' }), 'TYPE_INVALID'],
      [fields({ object: '' }), 'OBJECT_EMPTY'],
      [fields({ description: '  ' }), 'DESCRIPTION_EMPTY'],
      [fields({ type: 'sales_team' }), 'TYPE_INVALID'],
      [fields({ language: 'de' }), 'LANGUAGE_INVALID'],
      [fields({ object: 'x'.repeat(101) }), 'OBJECT_TOO_LONG'],
      [fields({ description: 'x'.repeat(10_001) }), 'DESCRIPTION_TOO_LONG'],
      // beyond the parser's limit for a text part: cut, then refused
      [fields({ description: '🙂'.repeat(10_001) }), 'DESCRIPTION_TOO_LONG'],
      [[...fields(), ...['a', 'b', 'c', 'd', 'e'].map((name) => file(`${name}.png`, PNG))], 'TOO_MANY_FILES'],
      [[...fields(), file('big.png', Buffer.alloc(HELP_FILE_MAX_BYTES))], 'FILE_TOO_BIG'],
      [[...fields(), file('bigger.png', Buffer.alloc(HELP_FILE_MAX_BYTES + 4096))], 'FILE_TOO_BIG'],
      // only PNG and JPEG (spec 000: jpg/png), by content and by name alike
      [[...fields(), file('tool.exe', Buffer.from('MZ\x90\x00\x03 program'))], 'FILE_TYPE_NOT_ALLOWED'],
      [
        [...fields(), file('page.html', Buffer.from('<html><script>alert(1)</script></html>'))],
        'FILE_TYPE_NOT_ALLOWED',
      ],
      [[...fields(), file('page.png', Buffer.from('<html><script>alert(1)</script></html>'))], 'FILE_TYPE_NOT_ALLOWED'],
      [[...fields(), file('shot.html', PNG)], 'FILE_TYPE_NOT_ALLOWED'],
      [[...fields(), file('shot.jpg', PNG)], 'FILE_TYPE_NOT_ALLOWED'],
      [[...fields(), file('shot', PNG)], 'FILE_TYPE_NOT_ALLOWED'],
      [
        [...fields(), file('logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))],
        'FILE_TYPE_NOT_ALLOWED',
      ],
      [[...fields(), file('ok.png', PNG), file('notes.txt', Buffer.from('text'))], 'FILE_TYPE_NOT_ALLOWED'],
    ];
    for (const [parts, code] of cases) {
      const response = await post(parts);
      expect(response.statusCode, code).toBe(400);
      expect(response.json().code).toBe(code);
    }
    const empty = await post(fields({ type: '', object: '', description: '' }));
    expect(empty.json().problems).toEqual(['type_invalid', 'object_empty', 'description_empty']);
    await t.app.laurel.jobs.runUntilIdle();
    expect(mailbox.messages).toHaveLength(0);
  });

  it('refuses a caller without a token, with a bad one, or a program with an API key', async () => {
    expect((await post(fields(), {})).statusCode).toBe(401);
    expect((await post(fields(), bearer('not.a.token'))).statusCode).toBe(401);
    const key = await t.app.inject({ method: 'POST', url: '/api/admin/apikey', headers, payload: { level: 1 } });
    const program = await post(fields(), bearer(key.json<{ token: string }>().token));
    expect(program.statusCode).toBe(403);
    await t.app.laurel.jobs.runUntilIdle();
    expect(mailbox.messages).toHaveLength(0);
  });
});

describe('POST /api/contactus without SMTP', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp('sqlite');
    ({ headers } = await signInAdmin(t.app));
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (parts: FormPart[]) => {
    const form = multipartForm(parts);
    return t.app.inject({
      method: 'POST',
      url: '/api/contactus',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };

  it('keeps the request in the outbox for the default support address, naming its attachments', async () => {
    expect((await post([...fields(), file('shot.png', PNG)])).statusCode).toBe(200);
    const [message] = await listOutbox(t.app.laurel.db, 'support@laurel.local');
    expect(message.subject).toBe('Support request (question): Where is my campaign?');
    expect(message.text_body).toContain('Attachments: shot.png (1 KB)');
  });

  it('limits one person to 10 requests an hour', async () => {
    for (let i = 0; i < 10; i += 1) expect((await post(fields())).statusCode).toBe(200);
    const refused = await post(fields());
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_REQUESTS');
    expect(await listOutbox(t.app.laurel.db, 'support@laurel.local')).toHaveLength(10);
  });
});
