import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { addedLines, LINE_BUDGET, planResource, type ResourceRequest } from '../../scripts/newResource';

const root = process.cwd();
const replacements: ResourceRequest = {
  name: 'certificate-replacements',
  table: 'certificate_replacements',
  columns: ['old_certificate_id', 'new_certificate_id', 'reason', 'created_at'],
  readers: 'admins',
};

describe('npm run new-resource: what it refuses', () => {
  const refused = (change: Partial<ResourceRequest>) =>
    planResource(root, { ...replacements, ...change }).then(
      () => 'planned',
      (error: Error) => error.message,
    );

  it('refuses bad and taken names', async () => {
    expect(await refused({ name: 'Audit_Entries' })).toMatch(/not a resource name/);
    expect(await refused({ name: 'credit-operations' })).toMatch(/domain\/permissions\.ts already/);
    expect(await refused({ name: 'login' })).toMatch(/a path of the web app/);
    expect(await refused({ readers: 'anybody' as ResourceRequest['readers'] })).toMatch(/--readers is one of/);
  });

  it('refuses unknown tables and columns, tables of no issuer, and columns it must not serve', async () => {
    expect(await refused({ table: 'no_such_table' })).toMatch(/no table "no_such_table"/);
    expect(await refused({ table: 'settings', columns: ['value'] })).toMatch(/no numeric id and issuer_id/);
    expect(await refused({ columns: ['reason', 'nope'] })).toMatch(/has no column "nope"/);
    expect(await refused({ columns: ['issuer_id'] })).toMatch(/tenant boundary/);
    expect(await refused({ columns: ['id'] })).toMatch(/id is always listed/);
    expect(await refused({ columns: ['reason', 'reason'] })).toMatch(/a column twice/);
    expect(await refused({ columns: [] })).toMatch(/at least one column/);
    expect(await refused({ table: 'api_keys', columns: ['key_hash'] })).toMatch(/may hold a secret/);
    expect(await refused({ table: 'templates', columns: ['content'] })).toMatch(/is JSON/);
    // a campaign needs a template: the generated test could not make one
    expect(await refused({ table: 'campaigns', columns: ['status'] })).toMatch(/template_id references templates/);
  });

  it('plans the files within the line budget, every one of them new or an edit of an existing one', async () => {
    const files = await planResource(root, replacements);
    expect(files.filter((f) => f.created).map((f) => f.path)).toEqual([
      'server/repositories/certificateReplacements.ts',
      'server/routes/certificateReplacements.ts',
      'src/resources/certificate-replacements/paths.ts',
      'src/resources/certificate-replacements/index.tsx',
      'src/resources/certificate-replacements/CertificateReplacementList.tsx',
      'src/resources/certificate-replacements/CertificateReplacementShow.tsx',
      'tests/server/certificateReplacements.test.ts',
    ]);
    for (const file of files) expect(fs.existsSync(path.join(root, file.path)), file.path).toBe(!file.created);
    const counted = files.filter((f) => f.counted).reduce((sum, f) => sum + addedLines(root, f), 0);
    expect(counted).toBeGreaterThan(100);
    expect(counted).toBeLessThanOrEqual(LINE_BUDGET);
    const permissions = files.find((f) => f.path === 'domain/permissions.ts')!.text;
    expect(permissions).toContain("case 'certificate-replacements':");
    expect(permissions).toContain('return reading && isAdministrator(profile);');
    const fr = JSON.parse(files.find((f) => f.path === 'locales/fr.json')!.text);
    expect(fr.resources['certificate-replacements'].fields.reason).toBe('TODO(fr) Reason');
  });
});

/**
 * The scaffold run for real in a throw-away copy of the repository (its files as they are now, node_modules linked):
 * the result typechecks as a whole and its generated server test passes (on SQLite: the copy's test helper is given
 * one database). The typecheck of the whole copy (`npm run typecheck`, TypeScript 7) is most of this test's time.
 */
/** The environment without colours: picocolors colours whenever FORCE_COLOR is set at all, even to 0. */
function withoutColours(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { FORCE_COLOR: _force, ...rest } = env;
  return { ...rest, NO_COLOR: '1' };
}

describe('npm run new-resource in a throw-away copy', () => {
  let copy = '';
  afterAll(() => {
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });
  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { cwd: copy, encoding: 'utf8', env: withoutColours(process.env) });
    return {
      ...result,
      stdout: stripVTControlCharacters(result.stdout),
      stderr: stripVTControlCharacters(result.stderr),
    };
  };
  const { name, table, columns } = replacements;
  const scaffold = () =>
    run('npx', ['tsx', 'scripts/newResource.ts', name, '--table', table, '--columns', columns.join(','), '--no-docs']);

  it('writes a resource that typechecks and whose server test passes, and never overwrites it', async () => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-new-resource-'));
    const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root })
      .toString()
      .split('\0')
      .filter(
        (file) => file && fs.existsSync(path.join(root, file)) && !fs.lstatSync(path.join(root, file)).isSymbolicLink(),
      );
    for (const file of files) fs.cpSync(path.join(root, file), path.join(copy, file));
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'));

    const first = scaffold();
    expect(first.status, first.stderr).toBe(0);
    const counted = Number(/^(\d+) lines of route, repository/m.exec(first.stdout)?.[1]);
    expect(counted).toBeLessThanOrEqual(LINE_BUDGET);
    expect(first.stdout).toMatch(/wrote {2}src\/resources\/certificate-replacements\/CertificateReplacementList\.tsx/);
    const written = fs.readFileSync(path.join(copy, 'server/routes/certificateReplacements.ts'), 'utf8');

    const again = scaffold();
    expect(again.status).toBe(1);
    expect(again.stderr).toMatch(/new-resource: "certificate-replacements" is a resource of domain\/permissions\.ts/);
    expect(fs.readFileSync(path.join(copy, 'server/routes/certificateReplacements.ts'), 'utf8')).toBe(written);

    const typecheck = run('npm', ['run', '--silent', 'typecheck']);
    expect(typecheck.status, typecheck.stdout).toBe(0);

    const helper = path.join(copy, 'tests/server/testApp.ts');
    const helperText = fs.readFileSync(helper, 'utf8');
    expect(helperText).toContain("TEST_DATABASES: TestDatabase[] = ['sqlite', 'postgres']");
    fs.writeFileSync(helper, helperText.replace("['sqlite', 'postgres']", "['sqlite']"));
    fs.writeFileSync(
      path.join(copy, 'vitest.scaffold.config.ts'),
      "export default { test: { include: ['tests/server/certificateReplacements.test.ts'], testTimeout: 60_000 } };\n",
    );
    const test = run('npx', ['vitest', 'run', '--config', 'vitest.scaffold.config.ts', '--reporter', 'verbose']);
    expect(test.status, test.stdout + test.stderr).toBe(0);
    // eslint-disable-next-line no-control-regex -- the colour codes a reporter may still write
    const report = test.stdout.replace(/\u001b\[[0-9;]*m/g, '');
    expect(report).toMatch(/Tests +4 passed \(4\)/);
    expect(report).toContain('answers one row by id, and 404 for another issuer’s');
  }, 900_000);
});
