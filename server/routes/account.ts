import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { readAccount } from '../services/account';
import { issuerNotFound } from '../services/issuerProfile';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** The Account of spec 000 section 3 (domain/account.ts). */
export const accountSchema = z.object({
  plan: z.object({
    contract: z.string(),
    unit: z.enum(['RECIPIENT', 'CERTIFICATE']),
    pay_as_you_go: z.boolean(),
    annual_volume_cap: z.number().int().nullable(),
    product: z.string().nullable(),
    cancel_at: z.string().nullable(),
  }),
  free_trial_end: isoDate.nullable(),
  anniversary: isoDate,
  onboarding: z.boolean(),
  verification: z.boolean(),
  verification_submitted: z.boolean(),
  currency: z.string(),
  usage: z.object({
    certificates: z.object({ total: z.number().int() }),
    recipients: z.object({ total: z.number().int() }),
    since: isoDate,
  }),
});

// the routes' own schemas, built once per process rather than for every app
const issuerAccountParams = z.object({ id: z.coerce.number().int().positive() });

/** The plan and usage of the My plan page (spec 000 section 2.14), for every signed-in user of the issuer. */
export async function accountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/api/issuer/:id/account',
    {
      config: { access: { resource: 'myplan', action: 'show' } },
      schema: {
        summary:
          "The issuer's account: plan, trial end, anniversary, verification, currency and this plan year's usage",
        description:
          'Every signed-in user of the issuer may read it (another issuer is 404). Usage counts the certificates and the distinct recipient addresses published since usage.since, the start of the current plan year.',
        params: issuerAccountParams,
        response: { 200: accountSchema },
      },
    },
    async (request) => {
      const { issuer } = authOf(request);
      if (request.params.id !== issuer.id) throw issuerNotFound();
      return readAccount(ctx.db, issuer);
    },
  );
}
