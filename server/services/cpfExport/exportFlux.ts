import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { activeCertificateBatch, findCampaign } from '../../repositories/campaigns';
import type { ParsedIssuer } from '../../repositories/issuerRows';
import type { ParsedTemplate } from '../../repositories/templateRows';
import { findIssuerTemplate } from '../../repositories/templates';
import { templateNotFound } from '../templates/access';
import { parseJson } from '../../../domain/json';
import { exportError, type CpfExportError } from './cpfProblems';
import { fluxHeader, fluxParts, passageXml, registerTimestamp, type RegisterAccount } from './fluxDocument';
import { mapPassage, type CpfCertificate, type PassageContext } from './passageCertification';

/** The template type the register's feed is written for (spec 001: registry templates). */
export const CPF_TEMPLATE_TYPE = 'cpf_onshelf';
/** Certificates read from the database at a time. */
const BATCH = 1000;
/** The refusal lists this many errors at most (errorCount tells how many there are). */
export const MAX_REPORTED_ERRORS = 1000;

export interface CpfExportQuery {
  templateId: number;
  campaignId?: number;
}

export interface CpfExportFile {
  /** YYYY-MM-DD_cpf_<templateId>.xml, the date of the feed's horodatage */
  fileName: string;
  body: Readable;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function registerAccount(issuer: ParsedIssuer): RegisterAccount {
  const record = issuer.parsed.params;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return { idClientEmetteur: text(record.idClientEmetteur), idContrat: text(record.idContrat) };
}

function defaultContent(template: ParsedTemplate): Record<string, unknown> {
  const { content } = template.parsed;
  return { ...(content[template.default_language] ?? Object.values(content)[0] ?? {}) };
}

/** The certificates to declare (status 1, 13 or 14) of the template or one of its campaigns, by id, a batch at a time. */
async function* activeCertificates(
  db: Kysely<Database>,
  issuerId: number,
  query: CpfExportQuery,
  upToId?: number,
): AsyncGenerator<CpfCertificate[]> {
  let afterId = 0;
  for (;;) {
    const rows = await activeCertificateBatch(db, issuerId, query, afterId, BATCH, upToId);
    if (rows.length === 0) return;
    yield rows.map((row) => {
      const data = parseJson<unknown>(row.data, {});
      return {
        id: row.id,
        key: row.key,
        firstName: row.first_name,
        lastName: row.last_name,
        obtentionDate: row.obtention_date,
        expirationDate: row.expiration_date,
        data: isRecord(data) ? data : {},
      };
    });
    if (rows.length < BATCH) return;
    afterId = rows[rows.length - 1].id;
  }
}

/**
 * GET /api/export/cpf: the register's certification feed (docs/cpf-export.md) of a registry template of the
 * issuer, or of one of its campaigns. Every certificate is checked first; when any value cannot go into a
 * valid feed, nothing is written and 422 CPF_DATA_ERRORS lists the errors per certificate (idTechnique,
 * messageErreur) instead. The file is then written a batch of certificates at a time, never whole in memory.
 */
export async function exportCpfFlux(
  db: Kysely<Database>,
  issuer: ParsedIssuer,
  query: CpfExportQuery,
  options: { publicUrl: string; now?: Date },
): Promise<CpfExportFile> {
  const template = await findIssuerTemplate(db, issuer.id, query.templateId);
  if (!template || template.type !== CPF_TEMPLATE_TYPE) throw templateNotFound();
  if (query.campaignId !== undefined) {
    const campaign = await findCampaign(db, issuer.id, query.campaignId);
    if (!campaign || campaign.template_id !== template.id) throw notFound('CAMPAIGN_NOT_FOUND', 'No such campaign');
  }

  const content = defaultContent(template);
  const horodatage = registerTimestamp(options.now ?? new Date());
  const header = fluxHeader({ params: template.parsed.params, content }, registerAccount(issuer), {
    idFlux: randomUUID(),
    horodatage,
  });
  const context: PassageContext = {
    publicUrl: options.publicUrl,
    speciality: typeof content.speciality === 'string' ? content.speciality : null,
  };

  const errors: CpfExportError[] = header.ok ? [] : [exportError(header.problems)];
  let errorCount = errors.length;
  let passages = 0;
  let lastId = 0;
  for await (const batch of activeCertificates(db, issuer.id, query)) {
    for (const certificate of batch) {
      const result = mapPassage(certificate, context);
      if (result.ok) passages += 1;
      else {
        errorCount += 1;
        if (errors.length < MAX_REPORTED_ERRORS) errors.push(exportError(result.problems, certificate));
      }
      lastId = certificate.id;
    }
  }
  if (passages === 0 && errorCount === 0) {
    errorCount = 1;
    errors.push(
      exportError([
        {
          field: 'passageCertification',
          code: 'required',
          detail: 'at least one valid certificate (status 1, 13 or 14)',
        },
      ]),
    );
  }
  if (!header.ok || errorCount > 0) {
    throw new AppError(422, 'CPF_DATA_ERRORS', 'Some data cannot be declared to the register as they are', {
      errors,
      errorCount,
    });
  }

  const { head, tail } = fluxParts(header.header);
  async function* feed(): AsyncGenerator<string> {
    yield head;
    // The certificates checked above (a certificate published since waits for the next export).
    for await (const batch of activeCertificates(db, issuer.id, query, lastId)) {
      yield batch
        .map((certificate) => mapPassage(certificate, context))
        .map((result) => (result.ok ? passageXml(result.passage) : ''))
        .join('');
    }
    yield tail;
  }
  return { fileName: `${horodatage.slice(0, 10)}_cpf_${template.id}.xml`, body: Readable.from(feed()) };
}
