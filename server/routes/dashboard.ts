import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isIsoDate } from '../../domain/dashboard';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { dashboardScope, issuerStats, periodActivity } from '../services/dashboard';

const day = z.string().refine(isIsoDate, 'a real day, YYYY-MM-DD');

const statsItem = z.object({
  id: z.number().int(),
  label: z.string(),
  certifiedDegrees: z.number().int(),
  nbEmailSent: z.number().int(),
  Credits: z.number().int(),
  nbDeleted: z.number().int(),
});

const activityItem = z.object({
  id: z.number().int(),
  label: z.string(),
  TemplateID: z.number().int(),
  TemplateLabel: z.string(),
  nbActives: z.number().int(),
  nbEmailSent: z.number().int(),
  nbEmailOpened: z.number().int(),
  nbEmailRejected: z.number().int(),
  nbViews: z.number().int().optional().describe("people's views of the certificates' public pages (issue 31)"),
  nbDownloads: z.number().int().optional().describe('PDF and badge image downloads'),
  nbLinkedIn: z.number().int().optional().describe('clicks on the LinkedIn button'),
  nbVerifications: z.number().int().optional().describe('verifications by the verify page and the VC-API verifier'),
});

const access = { access: { resource: 'dashboard' as const, action: 'list' as const } };

/** The validator's issuer filter: some issuers of its scope, as comma-separated ids. */
const issuerIds = z
  .string()
  .regex(/^\d{1,10}(,\d{1,10}){0,499}$/, 'issuer ids separated by commas')
  .optional()
  .describe('only these issuers (comma-separated ids), each one the caller may see; any other issuer is 404');
const askedIssuers = (raw: string | undefined) => raw?.split(',').map(Number);

// the routes' own schemas, built once per process rather than for every app
const statsQuery = z.object({ issuerIds });
const statsAnswer = z.array(statsItem);
const activityAnswer = z.array(activityItem);

/**
 * The dashboard's calls (spec 000 section 7): a validator's figures cover its own issuer and the issuers it
 * validates, anyone else's their own issuer.
 */
export async function dashboardRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/admin/stats',
    {
      config: access,
      schema: {
        summary: "Each issuer's certificates, delivered emails, credits and deleted certificates, sorted by name",
        description:
          "The caller's issuer; for a validator (an Administrator of a validating issuer), its own issuer and the " +
          'issuers it validates.',
        querystring: statsQuery,
        response: { 200: statsAnswer },
      },
    },
    async (request) =>
      issuerStats(ctx.db, await dashboardScope(ctx.db, authOf(request), askedIssuers(request.query.issuerIds))),
  );

  api.get(
    '/api/admin/activity',
    {
      config: access,
      schema: {
        summary: "Per template, the period's active certificates and emails sent, opened and refused",
        description:
          'Days are UTC and both included. nbActives counts the active certificates of the campaigns created in the ' +
          'period; the email figures count the emails sent in the period, whenever their certificate was published.',
        querystring: z
          .object({ startDate: day, endDate: day, issuerIds })
          .refine((query) => query.startDate <= query.endDate, { message: 'startDate is after endDate' }),
        response: { 200: activityAnswer },
      },
    },
    async (request) =>
      periodActivity(
        ctx.db,
        await dashboardScope(ctx.db, authOf(request), askedIssuers(request.query.issuerIds)),
        request.query,
      ),
  );
}
