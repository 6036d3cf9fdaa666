import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { REGISTER_IMPORT_COLUMNS, type BlankImportColumn } from '../../domain/import';
import type { TemplateImportData } from '../../domain/templates';
import { CPF_FLUX_SCHEMA } from '../../server/services/cpfExport/cpfSchema';
import { templateBlankColumns } from '../../src/resources/templates/publication/importDefinition';
import { publishRows } from './publicationFixtures';
import { signInAdmin } from './signIn';
import { pngImage, postForm, registryPayload, setIssuer } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const XSD = path.resolve('server/services/cpfExport/schema', CPF_FLUX_SCHEMA.xsdFile);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-cpf-blank-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

function xmllint(xml: string): { valid: boolean; output: string } {
  const file = path.join(workDir, `flux-${Date.now()}-${Math.random().toString(36).slice(2)}.xml`);
  fs.writeFileSync(file, xml);
  const result = spawnSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8' });
  if (result.error) throw new Error(`xmllint could not run (install libxml2-utils): ${result.error.message}`);
  return { valid: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

/** What a certifier writes under each column of the blank file; the template's own fields get a word. */
const SAMPLE: Record<string, (row: number) => string> = {
  language: () => 'fr',
  ID: (row) => `S-${row}`,
  Email: () => '',
  firstName: (row) => `Prénom${row}`,
  lastName: () => 'Durand',
  obtentionDate: () => '2026-06-30',
  ExpirationDate: () => '',
  assessment: () => '',
  linkLabel: () => '',
  linkURL: () => '',
  sexe: (row) => (row % 2 ? 'F' : 'M'),
  dateNaissance: () => '2001-04-12',
  codeInseeNaissance: () => '31555',
  libelleCommuneNaissance: () => 'Toulouse',
  nomNaissance: () => 'Durand',
  modaliteAcces: () => 'FORMATION_CONTINUE_HORS_CONTRAT_DE_PROFESSIONNALISATION',
};

/** Rows with exactly the blank file's columns, each filled as a certifier would. */
function rowsFrom(columns: BlankImportColumn[], count: number): Record<string, string>[] {
  return Array.from({ length: count }, (_, index) =>
    Object.fromEntries(columns.map(({ header }) => [header, SAMPLE[header]?.(index + 1) ?? 'valeur'])),
  );
}

describe.each(TEST_DATABASES)("a registry template's blank import file on %s", (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  let templateId: number;

  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
    await setIssuer(t.app, issuerId, { metatemplates: ['openbadge', 'cpf_onshelf'] });
    const created = await postForm(
      t.app,
      headers,
      registryPayload({
        content: { fr: { microcertitle: 'Titre RNCP', reference: 'RNCP19117', speciality: 'Réseaux' } },
        params: { type: 'RNCP', idClientCertificateur: 'E564ACB0', idContrat: '2560080000127J' },
      }),
      [pngImage('badgeImage', 'rncp.png')],
      'rncp',
    );
    expect(created.statusCode, created.body).toBe(201);
    templateId = created.json<{ id: number }>().id;
  });
  afterEach(async () => {
    await t.close();
  });

  const importData = async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/issuer/${issuerId}/template/${templateId}/data`,
      headers,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<TemplateImportData>();
  };
  const publishAndExport = async (rows: Record<string, string>[]) => {
    const published = await publishRows(t.app, headers, templateId, rows);
    expect(published.statusCode, published.body).toBe(200);
    const { campaignId } = published.json<{ campaignId: number }>();
    return t.app.inject({
      method: 'GET',
      url: `/api/export/cpf?templateId=${templateId}&campaignId=${campaignId}`,
      headers,
    });
  };

  it('holds every column the register export needs: a file filled from it exports a valid feed', async () => {
    const columns = templateBlankColumns(await importData(), '2026-06-30');
    const headersOfFile = columns.map((column) => column.header);
    expect(headersOfFile).toEqual(expect.arrayContaining([...REGISTER_IMPORT_COLUMNS]));
    const answer = await publishAndExport(rowsFrom(columns, 3));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(xmllint(answer.body)).toMatchObject({ valid: true });
    expect(answer.body.match(/<cpf:passageCertification>/g)).toHaveLength(3);
    expect(answer.body).toContain('<cpf:sexe>F</cpf:sexe>');
    expect(answer.body).toContain('<cpf:anneeNaissance>2001</cpf:anneeNaissance>');
    expect(answer.body).toContain('<cpf:codeCommuneNaissance>');
    expect(answer.body).toContain(
      '<cpf:modaliteAcces>FORMATION_CONTINUE_HORS_CONTRAT_DE_PROFESSIONNALISATION</cpf:modaliteAcces>',
    );
  });

  it('without the register columns (the former blank file), the export names what is missing', async () => {
    const columns = templateBlankColumns(await importData(), '2026-06-30').filter(
      (column) => !(REGISTER_IMPORT_COLUMNS as readonly string[]).includes(column.header),
    );
    const answer = await publishAndExport(rowsFrom(columns, 1));
    expect(answer.statusCode).toBe(422);
    expect(answer.json()).toMatchObject({ code: 'CPF_DATA_ERRORS', errorCount: 1 });
    expect(answer.body).toMatch(/sexe is missing/);
    expect(answer.body).toMatch(/anneeNaissance is missing/);
  });
});
