import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import laurel from '../../../eslint-rules/noLateAwaitedPromise.js';

/** Declarations every case may use: work that answers a promise, and one that answers a value. */
const PRELUDE = `
declare function f(n?: number): Promise<number>;
declare function g(): Promise<number | undefined>;
declare function ticks(): AsyncIterable<number>;
declare const xs: number[];
declare const c: boolean;
`;

const FLAGGED: Record<string, string> = {
  // server/services/reports/reportRows.ts before issue 27's fix
  'the report rows': `
export async function reportRows(counter: boolean) {
  const counters = counter ? f() : Promise.resolve(undefined);
  const templateId = await g();
  if (templateId === undefined) return [await counters];
  return Promise.all([templateId, counters]);
}`,
  'a promise that may reject, made by hand': `
export async function run() {
  const finished = new Promise<void>((resolve, reject) => (c ? resolve() : reject(new Error('no'))));
  await g();
  await finished;
}`,
  'another await before the kept one': `
export async function run() {
  const a = f();
  const b = await g();
  await a;
  return b;
}`,
  'an await on one branch only': `
export async function run() {
  const a = f();
  if (c) await g();
  return a;
}`,
  'promises pushed while the loop awaits': `
export async function run() {
  const started: Promise<number>[] = [];
  for (const x of xs) {
    started.push(f(x));
    await g();
  }
  return Promise.all(started);
}`,
  'an await at the top of the loop that pushes': `
export async function run() {
  const started: Promise<number>[] = [];
  for (const x of xs) {
    const y = await g();
    started.push(f(x + (y ?? 0)));
  }
  return Promise.all(started);
}`,
  'an array of started promises': `
export async function run() {
  const all = xs.map((x) => f(x));
  await g();
  return Promise.all(all);
}`,
  'a property': `
export class Runner {
  private pending: Promise<number> | null = null;
  async run() {
    this.pending = f();
    await g();
    return this.pending;
  }
}`,
  'a for await before the use': `
export async function run() {
  const a = f();
  for await (const tick of ticks()) console.info(tick);
  return a;
}`,
  'a variable assigned later': `
export async function run() {
  let a: Promise<number> | undefined;
  if (c) a = f();
  await g();
  return a;
}`,
};

const ACCEPTED: Record<string, string> = {
  'a promise that only resolves': `
export async function run() {
  let done = () => {};
  const finished = new Promise<void>((resolve) => (done = resolve));
  await g();
  done();
  await finished;
}`,
  'started together': `
export async function run() {
  return Promise.all([f(), g()]);
}`,
  'kept, then awaited together': `
export async function run() {
  const a = f();
  const b = g();
  return Promise.all([a, b]);
}`,
  'awaited at once': `
export async function run() {
  const a = f();
  await a;
  return g();
}`,
  'started after the other await': `
export async function run() {
  await g();
  const a = f();
  return await a;
}`,
  returned: `
export function run() {
  const a = f();
  return a;
}`,
  'given a handler first': `
export async function run() {
  const a = f().catch(() => 0);
  await g();
  return a;
}`,
  'awaited on every path before the await': `
export async function run() {
  const a = f();
  if (c) {
    await a;
  } else {
    await a;
  }
  await g();
}`,
  'pushed in a loop without awaits, awaited after': `
export async function run() {
  const started: Promise<number>[] = [];
  for (const x of xs) started.push(f(x));
  await Promise.all(started);
  await g();
}`,
  'a handled promise kept in a bounded list': `
export async function run() {
  const inFlight: Promise<number>[] = [];
  for (const x of xs) {
    const next = f(x);
    next.catch(() => undefined);
    inFlight.push(next);
    if (inFlight.length >= 4) await inFlight.shift();
  }
  await Promise.allSettled(inFlight);
}`,
  'a value, not a promise': `
export async function run() {
  const a = await f();
  await g();
  return a;
}`,
};

describe('laurel/no-late-awaited-promise', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-rule-'));
  const files = new Map<string, string>();
  let results: Map<string, ESLint.LintResult>;

  beforeAll(async () => {
    fs.writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { strict: true, target: 'ES2022', lib: ['ES2022', 'DOM'], types: [], noEmit: true },
        include: ['*.ts'],
      }),
    );
    Object.entries({ ...FLAGGED, ...ACCEPTED }).forEach(([name, source], index) => {
      const file = path.join(dir, `case${index}.ts`);
      fs.writeFileSync(file, `${PRELUDE}${source}\n`);
      files.set(name, file);
    });
    const eslint = new ESLint({
      cwd: dir,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: {
            parser: tseslint.parser,
            parserOptions: { projectService: true, tsconfigRootDir: dir },
          },
          plugins: { laurel },
          rules: { 'laurel/no-late-awaited-promise': 'error' },
        },
      ],
    });
    const linted = await eslint.lintFiles([...files.values()]);
    results = new Map(linted.map((result) => [result.filePath, result]));
  }, 60_000);

  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  const messagesOf = (name: string) => {
    const result = results.get(files.get(name) as string);
    expect(result, name).toBeDefined();
    const messages = result?.messages ?? [];
    expect(messages.filter((message) => message.fatal)).toEqual([]);
    return messages;
  };

  it.each(Object.keys(FLAGGED))('flags %s', (name) => {
    const messages = messagesOf(name);
    expect(messages.map((message) => message.ruleId)).toEqual(['laurel/no-late-awaited-promise']);
    expect(messages[0].message).toMatch(/is not used before the await on line \d+/);
  });

  it.each(Object.keys(ACCEPTED))('accepts %s', (name) => {
    expect(messagesOf(name)).toEqual([]);
  });

  it('names the await that comes first, in the report rows', () => {
    const [message] = messagesOf('the report rows');
    const source = fs.readFileSync(files.get('the report rows') as string, 'utf8').split('\n');
    expect(source[message.line - 1]).toContain('const counters =');
    const line = Number(/line (\d+)/.exec(message.message)?.[1]);
    expect(source[line - 1]).toContain('await g()');
  });
});
