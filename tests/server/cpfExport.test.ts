import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PROFILE } from '../../domain/roles';
import { CPF_FLUX_SCHEMA } from '../../server/services/cpfExport/cpfSchema';
import {
  fluxHeader,
  fluxXml,
  registerCode,
  registerTimestamp,
  type FluxHeader,
} from '../../server/services/cpfExport/fluxDocument';
import {
  mapPassage,
  type CpfCertificate,
  type PassageCertification,
} from '../../server/services/cpfExport/passageCertification';
import { escapeXml } from '../../server/services/cpfExport/xmlText';
import { createBadgeTemplate, publishRows } from './publicationFixtures';
import { addIssuer, addUser, bearer, signIn, signInAdmin } from './signIn';
import { pngImage, postForm, registryPayload, setIssuer } from './templateFixtures';
import { createTestApp, TEST_DATABASES, type TestApp } from './testApp';

const SCHEMA_DIR = path.resolve('server/services/cpfExport/schema');
const XSD = path.join(SCHEMA_DIR, CPF_FLUX_SCHEMA.xsdFile);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'laurel-cpf-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

/** xmllint's verdict on a file against the register's XSD. */
function validateFile(file: string): { valid: boolean; output: string } {
  const result = spawnSync('xmllint', ['--noout', '--schema', XSD, file], { encoding: 'utf8' });
  if (result.error) throw new Error(`xmllint could not run (install libxml2-utils): ${result.error.message}`);
  return { valid: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

let written = 0;
function validateXml(xml: string): { valid: boolean; output: string } {
  written += 1;
  const file = path.join(workDir, `flux-${written}.xml`);
  fs.writeFileSync(file, xml);
  return validateFile(file);
}

const KEY = 'k'.repeat(128);
const certificate = (data: Record<string, unknown>, overrides: Partial<CpfCertificate> = {}): CpfCertificate => ({
  id: 7,
  key: KEY,
  firstName: 'Antoine',
  lastName: 'Dupont',
  obtentionDate: '2026-06-30',
  expirationDate: null,
  data,
  ...overrides,
});
const context = { publicUrl: 'https://laurel.example', speciality: 'Option réseaux' };
const header: FluxHeader = {
  idFlux: '6e3c7378-bda4-497a-9bd6-dc203f903ed9',
  horodatage: '2026-11-22T18:05:09+01:00',
  emetteurIdClient: 'AB123CDE',
  certificateurIdClient: 'E564ACB0',
  idContrat: '2560080000127J',
  type: 'RNCP',
  code: 'RNCP19117',
};
const passageOf = (data: Record<string, unknown>, overrides: Partial<CpfCertificate> = {}): PassageCertification => {
  const result = mapPassage(certificate(data, overrides), context);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  return result.passage;
};
const problemsOf = (data: Record<string, unknown>, overrides: Partial<CpfCertificate> = {}) => {
  const result = mapPassage(certificate(data, overrides), context);
  return result.ok ? [] : result.problems;
};
const MINIMAL = { sexe: 'M', anneeNaissance: '1996' };

describe('cpf export: the feed from a template and its certificates (pure mapping)', () => {
  it('stamps the file in the register time zone, with its offset and without milliseconds', () => {
    expect(registerTimestamp(new Date('2026-01-15T12:00:00.456Z'))).toBe('2026-01-15T13:00:00+01:00');
    expect(registerTimestamp(new Date('2026-07-01T22:30:05Z'))).toBe('2026-07-02T00:30:05+02:00');
    expect(registerTimestamp(new Date('2026-07-01T22:30:05Z'), 'America/New_York')).toBe('2026-07-01T18:30:05-04:00');
  });

  it('takes the code from the template reference and the ids from the template, the emitter from the account', () => {
    expect(registerCode(' rncp 19117 ', 'RNCP')).toBe('RNCP19117');
    expect(registerCode('1710', 'RS')).toBe('RS1710');
    const stamp = { idFlux: header.idFlux, horodatage: header.horodatage };
    const params = { type: 'RNCP', idClientEmetteur: 'E564ACB0', idClientCertificateur: 'E564ACB0', idContrat: 'C-1' };
    const own = fluxHeader(
      { params, content: { reference: 'RNCP19117' } },
      { idClientEmetteur: null, idContrat: null },
      stamp,
    );
    expect(own).toEqual({
      ok: true,
      header: {
        ...stamp,
        emetteurIdClient: 'E564ACB0',
        certificateurIdClient: 'E564ACB0',
        idContrat: 'C-1',
        type: 'RNCP',
        code: 'RNCP19117',
      },
    });
    const deposited = fluxHeader(
      { params: { type: 'RS' }, content: { reference: '5012' } },
      { idClientEmetteur: 'AB123CDE', idContrat: 'MCFCER000123' },
      stamp,
    );
    expect(deposited.ok && deposited.header).toMatchObject({
      emetteurIdClient: 'AB123CDE',
      certificateurIdClient: 'AB123CDE',
      idContrat: 'MCFCER000123',
      code: 'RS5012',
    });
    const wrong = fluxHeader(
      {
        params: { type: 'RS', idClientCertificateur: 'CERT-1', idContrat: 'x'.repeat(21) },
        content: { reference: 'RNCP1' },
      },
      { idClientEmetteur: null, idContrat: null },
      stamp,
    );
    expect(wrong.ok ? [] : wrong.problems.map((problem) => `${problem.field} ${problem.code}`)).toEqual([
      'emetteur.idClient invalid',
      'certificateur.idClient invalid',
      'certificateur.idContrat too_long',
      'certification.code invalid',
    ]);
    const empty = fluxHeader(
      { params: { type: 'BADGE' }, content: {} },
      { idClientEmetteur: null, idContrat: null },
      stamp,
    );
    expect(empty.ok ? [] : empty.problems.map((problem) => `${problem.field} ${problem.code}`)).toEqual([
      'emetteur.idClient required',
      'certificateur.idClient required',
      'certificateur.idContrat required',
      'certification.type invalid',
      'certification.code required',
    ]);
  });

  it('fills the required elements from the product and leaves the unknown optional ones out', () => {
    const passage = passageOf(MINIMAL);
    expect(passage).toEqual({
      idTechnique: KEY,
      urlPreuve: `https://laurel.example/certificate/${KEY}`,
      libelleOption: 'Option réseaux',
      obtentionCertification: 'PAR_ADMISSION',
      donneeCertifiee: true,
      dateDebutValidite: '2026-06-30',
      dateFinValidite: null,
      scoring: null,
      mentionValidee: null,
      modalitesInscription: { modaliteAcces: null },
      identificationTitulaire: {
        kind: 'titulaire',
        nomNaissance: 'Dupont',
        nomUsage: null,
        prenom1: 'Antoine',
        anneeNaissance: 1996,
        moisNaissance: null,
        jourNaissance: null,
        sexe: 'M',
        codePostalNaissance: null,
      },
    });
    const xml = fluxXml(header, [passage]);
    expect(xml).toContain('<cpf:dateFinValidite xsi:nil="true"/>');
    expect(xml).toContain('<cpf:codePostal xsi:nil="true"/>');
    expect(xml).not.toContain('niveauNumeriqueEuropeen');
    expect(validateXml(xml)).toMatchObject({ valid: true });
  });

  it('reads every column named after a schema element, in any case, and writes them in the schema order', () => {
    const passage = passageOf(
      {
        ID: 'A-1',
        nomnaissance: 'Martin',
        prenom2: 'Julien',
        prenom3: 'Philippe',
        dateNaissance: '15/11/1996',
        sexe: 'h',
        codeInseeNaissance: '2a004',
        libelleCommuneNaissance: 'Ajaccio',
        libelleOption: 'Mention spéciale',
        obtentionCertification: 'par scoring',
        donneeCertifiee: 'non',
        dateDebutExamen: '2026-06-01',
        dateFinExamen: '2026-06-03',
        modalitePassageExamen: 'en présentiel',
        codePostalCentreExamen: '75009',
        niveauLangueEuropeen: 'b2',
        scoreGeneral: '890',
        scoring: '12.4',
        mentionValidee: 'MENTION_ASSEZ_BIEN',
        modaliteAcces: 'VAE',
        voieAccessVAE: 'VAE_CLASSIQUE',
        initiativeInscription: 'OF',
        dateInscription: '2025-09-10',
        verbatim: 'TOSA',
      },
      { expirationDate: '2031-06-30' },
    );
    expect(passage).toMatchObject({
      libelleOption: 'Mention spéciale',
      obtentionCertification: 'PAR_SCORING',
      donneeCertifiee: false,
      modalitePassageExamen: 'EN_PRESENTIEL',
      dateFinValidite: '2031-06-30',
      niveauLangueEuropeen: 'B2',
      scoreGeneral: 890,
      modalitesInscription: {
        modaliteAcces: 'VAE',
        voieAccessVAE: 'VAE_CLASSIQUE',
        initiativeInscription: 'OF',
        dateInscription: '2025-09-10',
      },
      identificationTitulaire: {
        nomNaissance: 'Martin',
        nomUsage: 'Dupont',
        anneeNaissance: 1996,
        moisNaissance: 11,
        jourNaissance: 15,
        sexe: 'M',
        codeInseeNaissance: '2A004',
      },
    });
    const xml = fluxXml(header, [passage]);
    const order = [...xml.matchAll(/<cpf:(\w+)[ >]/g)].map((match) => match[1]);
    const passageOrder = order.slice(order.indexOf('passageCertification') + 1, order.indexOf('modalitesInscription'));
    expect(passageOrder).toEqual([
      'idTechnique',
      'urlPreuve',
      'libelleOption',
      'obtentionCertification',
      'donneeCertifiee',
      'dateDebutExamen',
      'dateFinExamen',
      'modalitePassageExamen',
      'codePostalCentreExamen',
      'dateDebutValidite',
      'dateFinValidite',
      'presenceNiveauLangueEuro',
      'niveauLangueEuropeen',
      'presenceNiveauNumeriqueEuro',
      'niveauNumeriqueEuropeen',
      'scoreGeneral',
      'scoring',
      'mentionValidee',
    ]);
    expect(validateXml(xml)).toMatchObject({ valid: true });
  });

  it('names the holder by a CPF file, or by a birth place abroad with its country', () => {
    const dossier = passageOf({ idDossier: '1234567891011' });
    expect(dossier.identificationTitulaire).toEqual({
      kind: 'dossierFormation',
      idDossier: '1234567891011',
      nomTitulaire: 'Dupont',
      prenom1Titulaire: 'Antoine',
    });
    const abroad = passageOf({ ...MINIMAL, codeInseeNaissance: '99134', libellePaysNaissance: 'Espagne' });
    expect(abroad.identificationTitulaire).toMatchObject({ codeInseeNaissance: '99134', codePaysNaissance: '134' });
    const byPostCode = passageOf({ ...MINIMAL, codePostalNaissance: '31000', codePaysNaissance: '99100' });
    expect(byPostCode.identificationTitulaire).toMatchObject({ codePostalNaissance: '31000' });
    expect(byPostCode.identificationTitulaire).not.toHaveProperty('codePaysNaissance');
    expect(validateXml(fluxXml(header, [dossier, abroad, byPostCode]))).toMatchObject({ valid: true });
  });

  it('reports every value the feed cannot take instead of writing it', () => {
    expect(problemsOf({}, { firstName: '', lastName: '' })).toEqual([
      { field: 'nomNaissance', code: 'required', detail: 'column nomNaissance or lastName' },
      { field: 'prenom1', code: 'required', detail: 'column prenom1 or firstName' },
      { field: 'anneeNaissance', code: 'required', detail: 'column dateNaissance or anneeNaissance' },
      { field: 'sexe', code: 'required', detail: 'column sexe: M or F' },
    ]);
    const wrong = problemsOf({
      sexe: 'X',
      dateNaissance: '1850-01-01',
      codeInseeNaissance: '7500',
      obtentionCertification: 'ADMISSION',
      voieAccessVAE: 'CONGES_VAE',
      dateDebutExamen: '2026-06-03',
      dateFinExamen: '2026-06-01',
      prenom2: 'p'.repeat(61),
      scoreGeneral: '1001',
    });
    expect(wrong.map((problem) => `${problem.field} ${problem.code}`)).toEqual([
      'obtentionCertification invalid',
      'dateFinExamen before_start',
      'scoreGeneral invalid',
      'voieAccessVAE not_allowed',
      'prenom2 too_long',
      'dateNaissance invalid',
      'sexe invalid',
      'codeInseeNaissance invalid',
    ]);
    expect(problemsOf(MINIMAL, { expirationDate: '2020-01-01' })).toEqual([
      { field: 'dateFinValidite', code: 'before_start', detail: 'dateDebutValidite (obtentionDate)' },
    ]);
    expect(problemsOf({ idDossier: '12345678910111' }).map((problem) => problem.field)).toEqual(['idDossier']);
  });

  it('escapes markup and drops the characters XML cannot hold', () => {
    expect(escapeXml(`a <b> & "c" 'd'\u0001`)).toBe('a &lt;b&gt; &amp; &quot;c&quot; &apos;d&apos;');
    const passage = passageOf({ ...MINIMAL, nomNaissance: 'Dupont <&> Fils', verbatim: ']]> <!-- x -->\u0007' });
    const xml = fluxXml(header, [passage]);
    expect(xml).toContain('<cpf:nomNaissance>Dupont &lt;&amp;&gt; Fils</cpf:nomNaissance>');
    expect(xml).toContain('<cpf:verbatim>]]&gt; &lt;!-- x --&gt;</cpf:verbatim>');
    expect(validateXml(xml)).toMatchObject({ valid: true });
  });

  it('is checked by a tool that accepts the official example and refuses a broken feed', () => {
    expect(validateFile(path.join(SCHEMA_DIR, 'exemple-flux-v2.0.0.xml'))).toMatchObject({ valid: true });
    const broken = fluxXml(header, [passageOf(MINIMAL)]).replace('<cpf:sexe>M</cpf:sexe>', '<cpf:sexe>H</cpf:sexe>');
    expect(validateXml(broken).valid).toBe(false);
    expect(validateXml(fluxXml(header, [])).valid).toBe(false);
  });
});

interface ExportError {
  idTechnique: string | null;
  EvidenzId: number | null;
  messageErreur: string;
  problems: { field: string; code: string }[];
}

/** Registry import rows: the standard columns and the holder's birth data, every row with the same columns. */
function holderRows(holders: Partial<Record<string, string>>[]): Record<string, string>[] {
  return holders.map((holder, index) => ({
    Language: 'fr',
    ID: `S-${index + 1}`,
    Email: '',
    firstName: `Prénom${index + 1}`,
    lastName: 'Durand',
    obtentionDate: '2026-06-30',
    ExpirationDate: '',
    sexe: 'F',
    dateNaissance: '2001-04-12',
    codeInseeNaissance: '31555',
    libelleCommuneNaissance: 'Toulouse',
    ...Object.fromEntries(Object.entries(holder).filter((entry): entry is [string, string] => entry[1] !== undefined)),
  }));
}

describe.each(TEST_DATABASES)('GET /api/export/cpf on %s', (database) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let issuerId: number;
  let templateId: number;

  const createRegistryTemplate = async (as: Record<string, string>, overrides: Record<string, unknown> = {}) => {
    const created = await postForm(
      t.app,
      as,
      registryPayload({
        content: { fr: { microcertitle: 'Titre RNCP', reference: 'RNCP19117', speciality: 'Réseaux & <Télécoms>' } },
        params: { type: 'RNCP', idClientCertificateur: 'E564ACB0', idContrat: '2560080000127J' },
        ...overrides,
      }),
      [pngImage('badgeImage', 'rncp.png')],
      'rncp',
    );
    expect(created.statusCode, created.body).toBe(201);
    return created.json<{ id: number }>().id;
  };
  const publish = async (rows: Record<string, string>[], template = templateId) => {
    const published = await publishRows(t.app, headers, template, rows);
    expect(published.statusCode, published.body).toBe(200);
    const campaignId = published.json<{ campaignId: number }>().campaignId;
    const certificates = await t.app.laurel.db
      .selectFrom('certificates')
      .select(['id', 'key', 'first_name'])
      .where('campaign_id', '=', campaignId)
      .orderBy('id')
      .execute();
    return { campaignId, certificates };
  };
  const exportCpf = (query: string, as = headers) =>
    t.app.inject({ method: 'GET', url: `/api/export/cpf?${query}`, headers: as });

  beforeEach(async () => {
    t = await createTestApp(database);
    ({ headers, issuerId } = await signInAdmin(t.app));
    await setIssuer(t.app, issuerId, { metatemplates: ['openbadge', 'cpf_onshelf'] });
    templateId = await createRegistryTemplate(headers);
  });
  afterEach(async () => {
    await t.close();
  });

  it('writes a published campaign as a feed that validates against the register schema', async () => {
    const { campaignId, certificates } = await publish(
      holderRows([{ lastName: 'Dupont <&> Fils', ExpirationDate: '2031-06-30' }, {}, { codeInseeNaissance: '99134' }]),
    );
    const answer = await exportCpf(`templateId=${templateId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      new RegExp(`^attachment; filename="\\d{4}-\\d{2}-\\d{2}_cpf_${templateId}\\.xml"$`),
    );
    const xml = answer.body;
    expect(validateXml(xml)).toMatchObject({ valid: true });
    expect([...xml.matchAll(/<cpf:idTechnique>(\w+)</g)].map((match) => match[1])).toEqual(
      certificates.map((row) => row.key),
    );
    expect(xml).toContain('<cpf:code>RNCP19117</cpf:code>');
    expect(xml).toContain('<cpf:idClient>E564ACB0</cpf:idClient>');
    expect(xml).toContain('<cpf:idContrat>2560080000127J</cpf:idContrat>');
    expect(xml).toContain('<cpf:nomNaissance>Dupont &lt;&amp;&gt; Fils</cpf:nomNaissance>');
    expect(xml).toContain('<cpf:libelleOption>Réseaux &amp; &lt;Télécoms&gt;</cpf:libelleOption>');
    expect(xml).toContain(`<cpf:urlPreuve>http://laurel.test/certificate/${certificates[0].key}</cpf:urlPreuve>`);
    expect(xml).toContain('<cpf:dateFinValidite>2031-06-30</cpf:dateFinValidite>');
    expect(xml).toContain('<cpf:codePaysNaissance>134</cpf:codePaysNaissance>');
    expect(xml).toMatch(/<cpf:horodatage>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00<\/cpf:horodatage>/);

    const second = await publish(holderRows([{ firstName: 'Other' }]));
    const onlyFirst = await exportCpf(`templateId=${templateId}&campaignId=${campaignId}`);
    expect(onlyFirst.body.match(/<cpf:passageCertification>/g)).toHaveLength(3);
    const onlySecond = await exportCpf(`templateId=${templateId}&campaignId=${second.campaignId}`);
    expect([...onlySecond.body.matchAll(/<cpf:idTechnique>(\w+)</g)].map((match) => match[1])).toEqual([
      second.certificates[0].key,
    ]);
    expect(validateXml(onlySecond.body)).toMatchObject({ valid: true });
    expect((await exportCpf(`templateId=${templateId}`)).body.match(/<cpf:passageCertification>/g)).toHaveLength(4);
  });

  it('lists per certificate the data the feed lacks instead of writing an invalid file', async () => {
    const { certificates } = await publish(
      holderRows([{}, { sexe: '', dateNaissance: '' }, { sexe: 'X', codeInseeNaissance: '' }]),
    );
    const answer = await exportCpf(`templateId=${templateId}`);
    expect(answer.statusCode).toBe(422);
    const body = answer.json<{ code: string; errors: ExportError[]; errorCount: number }>();
    expect(body.code).toBe('CPF_DATA_ERRORS');
    expect(body.errorCount).toBe(2);
    expect(
      body.errors.map(({ idTechnique, EvidenzId, messageErreur }) => ({ idTechnique, EvidenzId, messageErreur })),
    ).toEqual([
      {
        idTechnique: certificates[1].key,
        EvidenzId: certificates[1].id,
        messageErreur:
          'anneeNaissance is missing (column dateNaissance or anneeNaissance); sexe is missing (column sexe: M or F)',
      },
      {
        idTechnique: certificates[2].key,
        EvidenzId: certificates[2].id,
        messageErreur: 'sexe is not valid: expected M, F',
      },
    ]);
    // the control page filters the report rows on these ids
    const rows = await t.app.inject({
      method: 'POST',
      url: '/api/admin/data_post',
      headers,
      payload: { templateId, ids: body.errors.map((error) => error.EvidenzId) },
    });
    expect(rows.json<{ count: number }>().count).toBe(2);
  });

  it('refuses a template whose register account is incomplete, and one with no certificate to declare', async () => {
    expect((await exportCpf(`templateId=${templateId}`)).json()).toMatchObject({
      code: 'CPF_DATA_ERRORS',
      errors: [{ idTechnique: null, EvidenzId: null, problems: [{ field: 'passageCertification', code: 'required' }] }],
    });
    const shortIds = await createRegistryTemplate(headers, {
      params: { type: 'RNCP', idClientCertificateur: 'CERT-1', idContrat: 'CONTRACT-1' },
    });
    await publish(holderRows([{}]), shortIds);
    const refused = await exportCpf(`templateId=${shortIds}`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: ExportError[] }>().errors).toEqual([
      expect.objectContaining({
        idTechnique: null,
        problems: [
          { field: 'emetteur.idClient', code: 'invalid', detail: '8 characters (the register client id)' },
          { field: 'certificateur.idClient', code: 'invalid', detail: '8 characters (the register client id)' },
        ],
      }),
    ]);
  });

  it('reads and writes a large template a batch of certificates at a time', async () => {
    await t.app.laurel.db.updateTable('issuers').set({ credits: 5000 }).where('id', '=', issuerId).execute();
    const holders = Array.from({ length: 1001 }, (_, index) => ({ lastName: `Durand${index}` }));
    const { certificates } = await publish(
      holderRows(holders.map((holder, i) => (i === 1000 ? { sexe: '' } : holder))),
    );
    const refused = await exportCpf(`templateId=${templateId}`);
    expect(refused.json<{ errors: ExportError[] }>().errors.map((error) => error.EvidenzId)).toEqual([
      certificates[1000].id,
    ]);
    await t.app.laurel.db
      .updateTable('certificates')
      .set({ status_id: 9 })
      .where('id', '=', certificates[1000].id)
      .execute();
    const answer = await exportCpf(`templateId=${templateId}`);
    expect(answer.body.match(/<cpf:passageCertification>/g)).toHaveLength(1000);
    expect(validateXml(answer.body)).toMatchObject({ valid: true });
  });

  it('leaves disabled and deleted certificates out, whatever their data', async () => {
    const { certificates } = await publish(holderRows([{}, { sexe: '' }, {}]));
    const call = (method: 'PUT' | 'DELETE', payload: unknown) =>
      t.app.inject({ method, url: '/api/admin/keys', headers, payload: payload as object });
    expect((await call('PUT', { ids: [certificates[1].key], enable: false })).statusCode).toBe(200);
    expect((await call('DELETE', [certificates[2].key])).statusCode).toBe(200);
    const answer = await exportCpf(`templateId=${templateId}`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect([...answer.body.matchAll(/<cpf:idTechnique>(\w+)</g)].map((match) => match[1])).toEqual([
      certificates[0].key,
    ]);
    expect(validateXml(answer.body)).toMatchObject({ valid: true });
  });

  it('answers 404 for a badge template, another issuer template or campaign, and serves every role', async () => {
    const badge = await createBadgeTemplate(t.app, headers);
    expect((await exportCpf(`templateId=${badge}`)).statusCode).toBe(404);
    expect((await exportCpf('templateId=999999')).statusCode).toBe(404);
    expect((await exportCpf('templateId=abc')).statusCode).toBe(400);

    const otherIssuer = await addIssuer(t.app, 'Other school');
    await setIssuer(t.app, otherIssuer, { metatemplates: ['cpf_onshelf'] });
    await addUser(t.app, otherIssuer, 'other@example.org', PROFILE.Administrator);
    const other = bearer(await signIn(t.app, 'other@example.org'));
    const othersTemplate = await createRegistryTemplate(other);
    expect((await exportCpf(`templateId=${othersTemplate}`)).statusCode).toBe(404);

    const { campaignId } = await publish(holderRows([{}]));
    expect((await exportCpf(`templateId=${othersTemplate}&campaignId=${campaignId}`, other)).statusCode).toBe(404);
    const badgeCampaign = await publishRows(t.app, headers, badge, [
      {
        ID: 'B-1',
        Language: 'all',
        Email: 'a@example.org',
        firstName: 'A',
        lastName: 'B',
        obtentionDate: '2026-06-30',
      },
    ]);
    const badgeCampaignId = badgeCampaign.json<{ campaignId: number }>().campaignId;
    expect((await exportCpf(`templateId=${templateId}&campaignId=${badgeCampaignId}`)).statusCode).toBe(404);

    await addUser(t.app, issuerId, 'reader@example.org', PROFILE.Reader);
    const reader = bearer(await signIn(t.app, 'reader@example.org'));
    expect((await exportCpf(`templateId=${templateId}`, reader)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/export/cpf?templateId=${templateId}` })).statusCode).toBe(
      401,
    );
  });
});
