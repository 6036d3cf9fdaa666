import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CERTIFICATE_KEY_PATTERN } from '../../domain/certificates';
import { checkSearch, REPORT_SORT_FIELDS, SEARCH_SORT_FIELDS } from '../../domain/reports';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import {
  changeCertificateStatuses,
  MAX_BULK_KEYS,
  updateCampaignNotes,
  updateCertificateEmail,
} from '../services/reports/certificateOperations';
import { reportHeader } from '../services/reports/reportHeader';
import { reportRows } from '../repositories/reports/reportRows';
import { withMailDeliveries } from '../services/emailing/deliveryStatus';
import { SEARCH_LIMIT, searchCertificates } from '../repositories/reports/search';
import type { ParsedIssuer } from '../repositories/issuerRows';
import { operationAnswer, reportHeaderAnswer, reportRowsAnswer, searchAnswer } from './responseSchemas';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');
/** A list given as an array or as a comma or semicolon separated string ("1,3,6,9"). */
const numberList = z
  .union([z.array(z.coerce.number().int()), z.string()])
  .transform((value) =>
    Array.isArray(value)
      ? value
      : value
          .split(/[,;]/)
          .map((item) => item.trim())
          .filter((item) => item !== '')
          .map(Number),
  )
  .pipe(z.array(z.number().int()).max(MAX_BULK_KEYS));
const certificateKey = z.string().regex(CERTIFICATE_KEY_PATTERN, '128 letters or digits');

const reportQuery = z
  .object({
    campaignId: z.coerce.number().int().positive().optional(),
    templateId: z.coerce.number().int().positive().optional(),
    offset: z.coerce.number().int().min(0).default(0),
    limit: z.coerce.number().int().min(1).max(1000).default(20),
    status: numberList.optional(),
    mailSent: numberList.optional(),
    startDate: isoDate.optional(),
    endDate: isoDate.optional(),
    /** "YYYY-MM-DD;YYYY-MM-DD", the other way to give startDate and endDate */
    dateRange: z.string().max(40).optional(),
    language: z.string().max(10).optional(),
    filter: z.string().max(200).optional(),
    sort: z.enum(REPORT_SORT_FIELDS).optional(),
    order: z.enum(['ASC', 'DESC']).optional(),
    counter: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
    ids: numberList.optional(),
    /** 1 taken into a wallet, 0 not taken (domain/reports.ts WALLET_FILTER) */
    wallet: numberList.optional(),
    /** 1 the public page viewed, 0 never viewed (domain/activity.ts VIEWED_FILTER) */
    viewed: numberList.optional(),
    /** expired (date passed, whatever the status), or expiring within expiringDays (default 60) */
    expiry: z.enum(['expiring', 'expired']).optional(),
    expiringDays: z.coerce.number().int().min(1).max(365).optional(),
    /** only the certificates with a pending correction request (issue 28) */
    correction: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
  })
  .refine((query) => query.campaignId !== undefined || query.templateId !== undefined, {
    message: 'campaignId or templateId is required',
  });

function tracking(issuer: ParsedIssuer): boolean {
  return issuer.parsed.params.tracking === true;
}

// the routes' own schemas, built once per process rather than for every app
const getReportQuery = z
  .object({
    campaignId: z.coerce.number().int().positive().optional(),
    templateId: z.coerce.number().int().positive().optional(),
  })
  .refine((query) => query.campaignId !== undefined || query.templateId !== undefined, {
    message: 'campaignId or templateId is required',
  });
const campaignNotesBody = z.object({ campaignId: z.coerce.number().int().positive(), notes: z.string().max(200) });
const campaignNotesAnswer = z.object({ campaignId: z.number(), notes: z.string() });
const keysQuery = z.object({ campaignId: z.coerce.number().int().positive().optional() });
const keysBody = z.union([
  z.array(certificateKey).min(1).max(MAX_BULK_KEYS),
  z.object({ keys: z.array(certificateKey).min(1).max(MAX_BULK_KEYS) }),
]);
const putKeysBody = z.object({ ids: z.array(certificateKey).min(1).max(MAX_BULK_KEYS), enable: z.boolean() });
const emailBody = z.object({ id: z.coerce.number().int().positive(), email: z.string().max(320) });
const emailAnswer = z.object({ id: z.number(), email: z.string() });
const dataQuery = z.object({
  mode: z.enum(['email', 'key', 'url']),
  value: z.string().max(2000),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMIT).default(SEARCH_LIMIT),
  sort: z.enum(SEARCH_SORT_FIELDS).optional(),
  order: z.enum(['ASC', 'DESC']).optional(),
});

/** Reports, bulk operations, email change, campaign notes and search (spec 002 section 7). */
export async function reportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const options = (issuer: ParsedIssuer) => ({ publicUrl: ctx.config.publicUrl, tracking: tracking(issuer) });

  api.post(
    '/api/admin/data_post',
    {
      config: { access: { resource: 'reports', action: 'list' } },
      schema: {
        summary: "One page of a campaign's or a template's certificates, filtered, sorted and counted by the database",
        body: reportQuery,
        response: { 200: reportRowsAnswer },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { dateRange, status, counter, correction, ...query } = request.body;
      const [rangeStart, rangeEnd] = (dateRange ?? '').split(';');
      const startDate = query.startDate ?? (isoDate.safeParse(rangeStart).success ? rangeStart : undefined);
      const endDate = query.endDate ?? (isoDate.safeParse(rangeEnd).success ? rangeEnd : undefined);
      const page = await reportRows(
        ctx.db,
        auth.issuer.id,
        {
          ...query,
          statuses: status,
          startDate,
          endDate,
          counter: counter === true || counter === 'true',
          correction: correction === true || correction === 'true',
        },
        options(auth.issuer),
      );
      return { ...page, data: await withMailDeliveries(ctx.db, auth.issuer.id, page.data) };
    },
  );

  api.get(
    '/api/admin/report',
    {
      config: { access: { resource: 'reports', action: 'show' } },
      schema: {
        summary: "A report's header: the campaign (note, state, period) or the template, and the counters",
        querystring: getReportQuery,
        response: { 200: reportHeaderAnswer },
      },
    },
    async (request) => reportHeader(ctx.db, authOf(request).issuer.id, request.query),
  );

  api.put(
    '/api/admin/campaign/notes',
    {
      config: { access: { resource: 'campaign-notes', action: 'edit' } },
      schema: {
        summary: "A campaign's note (max 60 characters; an empty text deletes it)",
        body: campaignNotesBody,
        response: { 200: campaignNotesAnswer },
      },
    },
    async (request) =>
      updateCampaignNotes(ctx.db, authOf(request).issuer.id, request.body.campaignId, request.body.notes),
  );

  api.delete(
    '/api/admin/keys',
    {
      config: { access: { resource: 'certificates', action: 'delete' } },
      schema: {
        summary: 'Delete certificates by key (not for NFT templates); their revocation bit is set',
        querystring: keysQuery,
        body: keysBody,
        response: { 200: operationAnswer },
      },
    },
    async (request) => {
      const keys = Array.isArray(request.body) ? request.body : request.body.keys;
      return changeCertificateStatuses(ctx.db, authOf(request).issuer.id, keys, 'delete', request.query.campaignId);
    },
  );

  api.put(
    '/api/admin/keys',
    {
      config: { access: { resource: 'certificates', action: 'edit' } },
      schema: {
        summary: 'Enable (9 → 1) or disable (1, 13, 14 → 9) certificates by key; their suspension bit follows',
        body: putKeysBody,
        response: { 200: operationAnswer },
      },
    },
    async (request) =>
      changeCertificateStatuses(
        ctx.db,
        authOf(request).issuer.id,
        request.body.ids,
        request.body.enable ? 'enable' : 'disable',
      ),
  );

  api.put(
    '/api/admin/email',
    {
      config: { access: { resource: 'certificates', action: 'edit' } },
      schema: {
        summary: "Change a certificate's recipient address (not for open badges)",
        body: emailBody,
        response: { 200: emailAnswer },
      },
    },
    async (request) => updateCertificateEmail(ctx.db, authOf(request).issuer.id, request.body.id, request.body.email),
  );

  api.get(
    '/api/admin/data',
    {
      config: { access: { resource: 'search', action: 'list' } },
      schema: {
        summary:
          "Search the issuer's certificates by recipient address, key or certificate URL: one page (offset, limit) " +
          'in the asked order, with the total',
        querystring: dataQuery,
        response: { 200: searchAnswer },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { mode, value, ...page } = request.query;
      const check = checkSearch(mode, value);
      if (!check.ok) throw badRequest(check.error.toUpperCase(), check.error);
      const found = await searchCertificates(ctx.db, auth.issuer.id, check, options(auth.issuer), page);
      return { ...found, data: await withMailDeliveries(ctx.db, auth.issuer.id, found.data) };
    },
  );
}
