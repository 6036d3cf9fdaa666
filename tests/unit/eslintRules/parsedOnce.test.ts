import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { serverLayers } from '../../../eslint-rules/serverLayers.js';

/** The server's floors as eslint.config.js applies them, on a source placed at `file` (relative to the repository). */
async function messagesAt(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({
    cwd: process.cwd(),
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...serverLayers],
  });
  const [result] = await eslint.lintText(code, { filePath: file });
  return result.messages.map((message) => message.message);
}

const PRELUDE = `
declare function parseJson<T>(raw: string | null, fallback: T): T;
declare function parseLabel(raw: string): unknown;
declare const issuer: { params: string; parsed: { params: Record<string, unknown> } };
declare const template: { label: string; content: string; cstyle: string; parsed: { label: unknown } };
declare const certificate: { data: string; translations: string | null };
declare const row: { message: string; metatemplates: string; pathway_definition: string | null };
`;

const PARSED_AGAIN = {
  "parseJson of an issuer's params": `parseJson<Record<string, unknown>>(issuer.params, {});`,
  'JSON.parse of params with a fallback text': `JSON.parse(issuer.params ?? '{}');`,
  "JSON.parse of a template's content": `JSON.parse(template.content);`,
  "parseLabel of a template's label": `parseLabel(template.label);`,
  'parseJson of metatemplates': `parseJson<string[]>(row.metatemplates, []);`,
  'parseJson of a pathway definition': `parseJson(row.pathway_definition, null);`,
};

const NOT_CONCERNED = {
  "a certificate's data": `parseJson(certificate.data, {}); parseJson(certificate.translations, null);`,
  "a mail's stored settings": `JSON.parse(row.message);`,
  'the parsed fields': `[issuer.parsed.params.tracking, template.parsed.label];`,
};

describe("a template's or an issuer's JSON parsed in the repositories only (issue 29)", () => {
  it.each(Object.entries(PARSED_AGAIN))('flags %s in a service or a route', async (_, code) => {
    for (const file of ['server/services/some.ts', 'server/routes/some.ts']) {
      const messages = await messagesAt(file, `${PRELUDE}${code}`);
      expect(messages, file).toHaveLength(1);
      expect(messages[0]).toContain('parsed by its repository');
    }
  });

  it.each(Object.entries(NOT_CONCERNED))('leaves %s alone', async (_, code) => {
    expect(await messagesAt('server/services/some.ts', `${PRELUDE}${code}`)).toEqual([]);
  });

  it('lets the repositories parse the columns', async () => {
    const code = `${PRELUDE}${Object.values(PARSED_AGAIN).join('\n')}`;
    expect(await messagesAt('server/repositories/templateRows.ts', code)).toEqual([]);
  });

  it('holds the wallet files to both rules like every service (no exception left)', async () => {
    const code = `${PRELUDE}declare const db: { selectFrom(table: string): unknown };
JSON.parse(issuer.params ?? '{}');
db.selectFrom('issuers');`;
    const messages = await messagesAt('server/services/wallets/oid4vci.ts', code);
    expect(messages).toHaveLength(2);
    expect(messages.some((message) => message.includes('Queries belong to server/repositories/'))).toBe(true);
  });
});
