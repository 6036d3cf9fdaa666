import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listOutbox } from '../../server/repositories/outbox';
import { COMMANDS, runCli } from '../../server/cli/runCli';
import { loginLinkIn, startSmtpSink } from '../support/smtpSink';
import { compiledServerFile } from './compiledServer';
import { bearer, lastLinkSecret } from './signIn';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

/** The environment the server of `t` was built from: the tool reads the same settings. */
function serverEnv(t: TestApp, extra: Record<string, string> = {}): Record<string, string> {
  return {
    DATA_DIR: t.config.dataDir,
    PUBLIC_URL: t.config.publicUrl,
    ...(t.config.databaseUrl ? { DATABASE_URL: t.config.databaseUrl } : {}),
    ...extra,
  };
}

describe.each(TEST_DATABASES)('the operators’ tool on %s', (database) => {
  let t: TestApp;
  let env: Record<string, string>;
  beforeEach(async () => {
    t = await createTestApp(database);
    env = serverEnv(t);
  });
  afterEach(async () => {
    await t.close();
  });

  /** Runs one command in-process, as `npm run laurel -- …` would, and keeps what it printed. */
  const laurel = async (...argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(argv, env, { out: (line) => out.push(line), err: (line) => err.push(line) });
    return { code, out: out.join('\n'), err: err.join('\n') };
  };
  const issuerRow = (id: number) =>
    t.app.laurel.db.selectFrom('issuers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const issuerCount = async () => (await t.app.laurel.db.selectFrom('issuers').select('id').execute()).length;
  /** Signs in through the real calls with the newest link the outbox holds for `email`. */
  const signInWithOutboxLink = async (email: string) => {
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login/token',
      payload: { token: await lastLinkSecret(t.app, email) },
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    return bearer(exchange.json<{ token: string }>().token);
  };
  const createAcme = () =>
    laurel(
      'create-issuer',
      '--name',
      'Acme Academy',
      '--admin-email',
      'Ann@Acme.example ',
      '--first-name',
      'Ann',
      '--plan',
      'ESSENTIALS_PACK',
      '--credits',
      '250',
    );

  it('creates an issuer with its Administrator, key and credits, and invites the Administrator', async () => {
    const created = await createAcme();
    expect(created.code, created.err).toBe(0);
    expect(created.out).toMatch(/^created issuer (\d+) "Acme Academy": plan ESSENTIALS_PACK, 250 credits/);
    expect(created.out).toContain('no SMTP_URL is set');
    const id = Number(/issuer (\d+)/.exec(created.out)?.[1]);
    expect(await issuerRow(id)).toMatchObject({ name: 'Acme Academy', plan: 'ESSENTIALS_PACK', credits: 250 });
    const operations = await t.app.laurel.db
      .selectFrom('credit_operations')
      .select(['credits', 'reason'])
      .where('issuer_id', '=', id)
      .execute();
    expect(operations).toEqual([{ credits: 250, reason: 'initial credits' }]);
    const keys = await t.app.inject({ method: 'GET', url: `/ob/issuers/${id}/did.json` });
    expect(keys.json().verificationMethod).toHaveLength(1);

    // the invitation: a sign-in link in the outbox (no SMTP_URL), which opens a session as Administrator of Acme
    const [invitation] = await listOutbox(t.app.laurel.db, 'ann@acme.example');
    expect(invitation.text_body).toContain('Acme Academy');
    const who = await t.app.inject({
      method: 'GET',
      url: '/api/admin/who',
      headers: await signInWithOutboxLink('ann@acme.example'),
    });
    expect(who.json()).toMatchObject({ issuerId: id, issuerName: 'Acme Academy', profile: 'Administrator' });
    expect(who.json().firstName).toBe('Ann');

    // the same command again changes nothing and sends nothing; --resend-invitation sends a new link
    const again = await createAcme();
    expect(again).toMatchObject({ code: 0 });
    expect(again.out).toBe(
      `issuer ${id} "Acme Academy" already exists with Administrator ann@acme.example: nothing changed`,
    );
    expect(await issuerCount()).toBe(2);
    expect(await listOutbox(t.app.laurel.db, 'ann@acme.example')).toHaveLength(1);
    const resent = await laurel(
      'create-issuer',
      '--name',
      'ACME academy',
      '--admin-email',
      'ann@acme.example',
      '--resend-invitation',
    );
    expect(resent.code, resent.err).toBe(0);
    expect(await listOutbox(t.app.laurel.db, 'ann@acme.example')).toHaveLength(2);

    // a taken name with another Administrator is refused
    const taken = await laurel('create-issuer', '--name', 'acme academy', '--admin-email', 'eve@example.org');
    expect(taken.code).toBe(1);
    expect(taken.err).toContain('already has this name');
    expect(await issuerCount()).toBe(2);
  });

  it('mails the invitation over SMTP when SMTP_URL is set, in the asked language', async () => {
    const mailbox = await startSmtpSink();
    try {
      env = serverEnv(t, { SMTP_URL: mailbox.url, MAIL_FROM: 'Laurel <hello@laurel.test>' });
      const created = await laurel(
        'create-issuer',
        '--name',
        'École Lumière',
        '--admin-email',
        'jeanne@lumiere.example',
        '--language',
        'fr',
      );
      expect(created.code, created.err).toBe(0);
      expect(created.out).toContain('invitation mailed to jeanne@lumiere.example');
      const mail = await mailbox.waitFor('jeanne@lumiere.example');
      expect(mail.from).toBe('hello@laurel.test');
      expect(mail.text).toContain('École Lumière');
      expect(mail.subject).toMatch(/^École Lumière vous invite sur/);
      const link = loginLinkIn(mail);
      expect(link).toMatch(/^http:\/\/laurel\.test\/login\//);
      expect(await listOutbox(t.app.laurel.db)).toHaveLength(0);
      const exchange = await t.app.inject({
        method: 'POST',
        url: '/api/admin/login/token',
        payload: { token: link.split('/').at(-1) },
      });
      expect(exchange.statusCode, exchange.body).toBe(200);
    } finally {
      await mailbox.close();
    }
  });

  it('says so when the invitation cannot be sent, and sends it on a repeated run with --resend-invitation', async () => {
    // nothing listens on port 9 of loopback: the SMTP connection is refused
    env = serverEnv(t, { SMTP_URL: 'smtp://127.0.0.1:9' });
    const failed = await laurel('create-issuer', '--name', 'Delta', '--admin-email', 'dee@delta.example');
    expect(failed.code).toBe(1);
    expect(failed.out).toMatch(/^created issuer \d+ "Delta"/);
    expect(failed.err).toContain('the issuer was created but the invitation could not be sent');
    expect(await issuerCount()).toBe(2);
    const mailbox = await startSmtpSink();
    try {
      env = serverEnv(t, { SMTP_URL: mailbox.url });
      const resent = await laurel(
        'create-issuer',
        '--name',
        'Delta',
        '--admin-email',
        'dee@delta.example',
        '--resend-invitation',
      );
      expect(resent.code, resent.err).toBe(0);
      expect(resent.out).toContain('invitation mailed to dee@delta.example');
      expect(loginLinkIn(await mailbox.waitFor('dee@delta.example'))).toMatch(/\/login\//);
      expect(await issuerCount()).toBe(2);
    } finally {
      await mailbox.close();
    }
  });

  it('refuses bad input to create-issuer with a message and a non-zero status, changing nothing', async () => {
    const cases: [string[], number, RegExp][] = [
      [['--admin-email', 'a@b.example'], 1, /--name is required/],
      [['--name', '  ', '--admin-email', 'a@b.example'], 1, /--name is required/],
      [['--name', '1234', '--admin-email', 'a@b.example'], 1, /only digits/],
      [['--name', 'X'], 1, /--admin-email is required/],
      [['--name', 'X', '--admin-email', 'not an address'], 1, /not a valid address/],
      [['--name', 'X', '--admin-email', 'a@b.example', '--plan', 'GOLD'], 1, /--plan must be one of/],
      [['--name', 'X', '--admin-email', 'a@b.example', '--credits=-5'], 1, /--credits must be a whole number/],
      [['--name', 'X', '--admin-email', 'a@b.example', '--credits', '-5'], 2, /'--credits' argument is ambiguous/],
      [['--name', 'X', '--admin-email', 'a@b.example', '--credits', 'many'], 1, /--credits must be a whole number/],
      [['--name', 'X', '--admin-email', 'a@b.example', '--language', 'de'], 1, /--language must be one of/],
      [['--name', 'X', '--admin-email', 'a@b.example', '--colour', 'red'], 2, /Unknown option '--colour'/],
      [['--name', 'X', '--admin-email', 'a@b.example', 'extra'], 2, /expected 0 argument/],
    ];
    for (const [args, code, message] of cases) {
      const result = await laurel('create-issuer', ...args);
      expect(result.code, args.join(' ')).toBe(code);
      expect(result.err, args.join(' ')).toMatch(message);
      expect(result.out).toBe('');
    }
    expect(await issuerCount()).toBe(1);
    expect(await listOutbox(t.app.laurel.db, 'a@b.example')).toHaveLength(0);
  });

  it('lists the issuers as a table and as JSON', async () => {
    await createAcme();
    const table = await laurel('list-issuers');
    expect(table.code).toBe(0);
    const lines = table.out.split('\n');
    expect(lines[0]).toMatch(/^id\s+name\s+plan\s+credits\s+verified\s+blocked\s+sso\s+validates$/);
    expect(lines[1]).toMatch(/^1\s+My organisation\s+FREE_TRIAL\s+100\s+no\s+no\s+no\s+-$/);
    expect(lines[2]).toMatch(/^2\s+Acme Academy\s+ESSENTIALS_PACK\s+250\s+no\s+no\s+no\s+-$/);
    const json = await laurel('list-issuers', '--json');
    expect(JSON.parse(json.out)).toEqual([
      expect.objectContaining({ id: 1, name: 'My organisation', credits: 100, validates: [] }),
      {
        id: 2,
        name: 'Acme Academy',
        plan: 'ESSENTIALS_PACK',
        credits: 250,
        verified: false,
        blocked: false,
        sso: false,
        validates: [],
      },
    ]);
  });

  it('sets the plan, the verified and the blocked flags; a repeated run changes nothing', async () => {
    expect(await laurel('set-plan', 'my organisation', 'WHITE_LABEL')).toMatchObject({
      code: 0,
      out: 'issuer 1 "My organisation": plan FREE_TRIAL → WHITE_LABEL',
    });
    expect(await laurel('set-plan', '1', 'WHITE_LABEL')).toMatchObject({
      code: 0,
      out: 'issuer 1 "My organisation" is already on plan WHITE_LABEL: nothing changed',
    });
    expect(await laurel('set-verified', '1', 'yes')).toMatchObject({
      code: 0,
      out: 'issuer 1 "My organisation" is now verified',
    });
    expect((await laurel('set-verified', '1', 'on')).out).toContain('already verified: nothing changed');
    expect(await issuerRow(1)).toMatchObject({ plan: 'WHITE_LABEL', verified: 1, is_blocked: 0 });

    // the server applies them: a blocked issuer's Administrator has the Reader rights
    const headers = await (async () => {
      await t.app.inject({ method: 'POST', url: '/api/admin/login?email=admin@example.org' });
      return signInWithOutboxLink('admin@example.org');
    })();
    expect((await laurel('set-blocked', '1', 'yes')).out).toBe('issuer 1 "My organisation" is now blocked');
    const who = await t.app.inject({ method: 'GET', url: '/api/admin/who', headers });
    expect(who.json()).toMatchObject({ profile: 'Reader', plan: 'WHITE_LABEL', verified: true });
    expect((await laurel('set-blocked', '1', 'no')).out).toBe('issuer 1 "My organisation" is now not blocked');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/who', headers })).json().profile).toBe(
      'Administrator',
    );

    for (const [args, code, message] of [
      [['set-plan', '1', 'GOLD'], 1, /plan must be one of/],
      [['set-plan', '99', 'INFINITE'], 1, /no issuer with id 99/],
      [['set-plan', 'Nobody', 'INFINITE'], 1, /no issuer named "Nobody"/],
      [['set-plan', '1'], 2, /expected 2 argument/],
      [['set-verified', '1', 'maybe'], 1, /must be yes or no/],
      [['set-blocked', '1', 'yes', 'no'], 2, /expected 2 argument/],
    ] as [string[], number, RegExp][]) {
      const result = await laurel(...args);
      expect(result.code, args.join(' ')).toBe(code);
      expect(result.err, args.join(' ')).toMatch(message);
    }
    expect(await issuerRow(1)).toMatchObject({ plan: 'WHITE_LABEL', verified: 1, is_blocked: 0 });
  });

  it('sets and removes single sign-on, and refuses an incomplete or wrong provider', async () => {
    const provider = [
      '--oidc-issuer',
      'https://id.acme.example',
      '--client-id',
      'laurel',
      '--jwks-uri',
      'https://id.acme.example/jwks',
      '--authorization-endpoint',
      'https://id.acme.example/authorize',
    ];
    expect(await laurel('set-sso', '1', ...provider)).toMatchObject({
      code: 0,
      out: 'issuer 1 "My organisation": single sign-on through https://id.acme.example (client laurel)',
    });
    expect(JSON.parse((await issuerRow(1)).sso_config ?? 'null')).toEqual({
      issuer: 'https://id.acme.example',
      clientId: 'laurel',
      jwksUri: 'https://id.acme.example/jwks',
      authorizationEndpoint: 'https://id.acme.example/authorize',
    });
    expect((await laurel('set-sso', '1', ...provider)).out).toContain(
      'already has this single sign-on: nothing changed',
    );
    // the login call now answers with the provider to redirect to
    const login = await t.app.inject({ method: 'POST', url: '/api/admin/login?email=admin@example.org' });
    expect(login.statusCode).toBe(302);

    for (const [args, message] of [
      [provider.slice(0, 4), /missing --jwks-uri, --authorization-endpoint/],
      [[...provider.slice(0, 4), '--jwks-uri', 'keys', ...provider.slice(6)], /--jwks-uri: not a URL/],
      [[...provider, '--off'], /--off cannot be given/],
    ] as [string[], RegExp][]) {
      const result = await laurel('set-sso', '1', ...args);
      expect(result.code).toBe(1);
      expect(result.err).toMatch(message);
    }
    expect((await issuerRow(1)).sso_config).not.toBeNull();
    expect(await laurel('set-sso', '1', '--off')).toMatchObject({
      code: 0,
      out: 'issuer 1 "My organisation": single sign-on turned off',
    });
    expect((await laurel('set-sso', '1', '--off')).out).toContain('already has no single sign-on: nothing changed');
    expect((await issuerRow(1)).sso_config).toBeNull();
  });

  it('adds and removes credits as credit operations with their reason, never below zero', async () => {
    expect(await laurel('add-credits', '1', '500', '--reason', 'invoice 2026-114')).toMatchObject({
      code: 0,
      out: 'issuer 1 "My organisation": +500 credits (invoice 2026-114); balance 600',
    });
    expect(await laurel('remove-credits', '1', '50', '--reason', 'yearly expiration')).toMatchObject({
      code: 0,
      out: 'issuer 1 "My organisation": -50 credits (yearly expiration); balance 550',
    });
    for (const [args, code, message] of [
      [['remove-credits', '1', '551', '--reason', 'too many'], 1, /has 550 credits: 551 cannot be removed/],
      [['add-credits', '1', '10'], 1, /--reason is required/],
      [['add-credits', '1', '10', '--reason', ' '], 1, /--reason is required/],
      [['add-credits', '1', '10', '--reason', 'campaign 3'], 1, /cannot read like a publication/],
      [['add-credits', '1', '0', '--reason', 'nothing'], 1, /whole number from 1/],
      [['add-credits', '1', '2.5', '--reason', 'half'], 1, /whole number from 1/],
      [['add-credits', '42', '10', '--reason', 'nobody'], 1, /no issuer with id 42/],
      [['add-credits', '1', '--reason', 'x'], 2, /expected 2 argument/],
    ] as [string[], number, RegExp][]) {
      const result = await laurel(...args);
      expect(result.code, args.join(' ')).toBe(code);
      expect(result.err, args.join(' ')).toMatch(message);
    }
    expect((await issuerRow(1)).credits).toBe(550);

    // the issuer's credit log (My plan) shows them with their reason and kind
    await t.app.inject({ method: 'POST', url: '/api/admin/login?email=admin@example.org' });
    const headers = await signInWithOutboxLink('admin@example.org');
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/credit-operations?sort=["id","ASC"]&range=[0,9]',
      headers,
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(
      log.json().map((row: { credits: number; reason: string; kind: string }) => [row.credits, row.reason, row.kind]),
    ).toEqual([
      [100, 'initial credits', 'addition'],
      [500, 'invoice 2026-114', 'addition'],
      [-50, 'yearly expiration', 'expiration'],
    ]);
  });

  it('makes an issuer a validator of chosen issuers and removes it, idempotently', async () => {
    await createAcme();
    await laurel('create-issuer', '--name', 'Beta School', '--admin-email', 'bob@beta.example');
    await laurel('create-issuer', '--name', 'Gamma', '--admin-email', 'gil@gamma.example');
    const added = await laurel('add-validated', '1', 'acme academy', '3', '3');
    expect(added.code, added.err).toBe(0);
    expect(added.out.split('\n')).toEqual([
      'issuer 1 "My organisation" now validates issuer 2 "Acme Academy", issuer 3 "Beta School"',
      'issuer 1 "My organisation" validates issuer 2 "Acme Academy", issuer 3 "Beta School"; its Administrators see these and their own issuer',
    ]);
    expect((await issuerRow(1)).is_validator).toBe(1);
    const again = await laurel('add-validated', '1', '2');
    expect(again.out.split('\n')[0]).toBe('already validated, unchanged: issuer 2 "Acme Academy"');

    const self = await laurel('add-validated', '1', '2', '1');
    expect(self).toMatchObject({ code: 1 });
    expect(self.err).toContain('cannot validate itself');
    const unknown = await laurel('add-validated', '1', '4', '77');
    expect(unknown).toMatchObject({ code: 1 });
    expect(unknown.err).toContain('no issuer with id 77');
    expect(JSON.parse((await laurel('list-issuers', '--json')).out)[0].validates).toEqual([2, 3]);

    const removed = await laurel('remove-validated', '1', '3', '4');
    expect(removed.out.split('\n').slice(0, 2)).toEqual([
      'issuer 1 "My organisation" no longer validates issuers 3',
      'not validated, unchanged: issuer 4 "Gamma"',
    ]);
    expect((await laurel('remove-validated', '1')).code).toBe(1);
    expect((await laurel('remove-validated', '1', '2', '--all')).code).toBe(1);
    expect((await laurel('remove-validated', '1', '--all')).out).toContain('no longer validates issuers 2');
    expect((await issuerRow(1)).is_validator).toBe(0);
    expect((await laurel('remove-validated', '1', '--all')).out).toContain('validated no issuer: nothing changed');
  });

  it("rotates an issuer's signing key; the DID document keeps the retired key", async () => {
    const first = await laurel('rotate-key', '1');
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(
      /^issuer 1 "My organisation": signing key version 1 retired, version 2 active \(z6Mk\w+\)$/,
    );
    expect((await laurel('rotate-key', 'My Organisation')).out).toContain('version 2 retired, version 3 active');
    const did = await t.app.inject({ method: 'GET', url: '/ob/issuers/1/did.json' });
    expect(did.json().verificationMethod).toHaveLength(3);
    expect((await laurel('rotate-key', '9')).code).toBe(1);
  });

  it('explains itself: global and per-command help, unknown commands and options', async () => {
    const global = await laurel('--help');
    expect(global.code).toBe(0);
    for (const command of COMMANDS) expect(global.out).toContain(command.name);
    for (const command of COMMANDS) {
      const help = await laurel(command.name, '--help');
      expect(help.code).toBe(0);
      expect(help.out).toContain(`Usage: npm run laurel -- ${command.name}`);
      expect(help.out).toContain(command.summary);
    }
    expect((await laurel('help', 'add-credits')).out).toContain('--reason <text>');
    expect(await laurel()).toMatchObject({ code: 2, out: '' });
    const unknown = await laurel('delete-everything');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('unknown command "delete-everything"');
    const badConfig = await runCli(
      ['list-issuers'],
      { ...env, LAUREL_INITIAL_PLAN: 'GOLD' },
      { out: () => undefined, err: () => undefined },
    );
    expect(badConfig).toBe(1);
  });
});

describe('npm run laurel', () => {
  const run = promisify(execFile);

  it('runs as a program: --help answers 0, an unknown command 2', async () => {
    // what `npm run laurel -- --help` runs (tsx, without npx and npm's own start), then the same entry in the
    // server's bundle built once for the run (tests/server/compiledServerSetup.ts), which needs no TypeScript compiled
    const help = await run(path.resolve('node_modules/.bin/tsx'), ['server/cli/laurel.ts', '--help'], {
      cwd: process.cwd(),
    });
    expect(help.stdout).toContain('Usage: npm run laurel -- <command>');
    expect(help.stdout).toContain('create-issuer');
    const unknown = await run(process.execPath, [compiledServerFile('laurel'), 'frobnicate'], {
      cwd: process.cwd(),
    }).catch((error: { code: number; stderr: string }) => error);
    expect(unknown).toMatchObject({ code: 2 });
    expect((unknown as { stderr: string }).stderr).toContain('unknown command "frobnicate"');
  }, 60_000);
});
