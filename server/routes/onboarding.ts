import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SUPPORTED_LANGUAGES } from '../../domain/language';
import { sessionOf } from '../auth/guard';
import type { AppContext } from '../context';
import { onboardAccount, recordOnboardingAnswers } from '../services/onboarding';
import { issuerNotFound } from '../services/issuerProfile';
import { accountSchema } from './account';

const access = { access: { resource: 'onboarding' as const, action: 'edit' as const } };

const answers = z
  .object({
    language: z.enum(SUPPORTED_LANGUAGES),
    answers: z.record(z.string().max(100), z.union([z.string().max(200), z.array(z.string().max(200)).max(20)])),
  })
  .strict();

// the routes' own schemas, built once per process rather than for every app
const onboardingAnswersAnswer201 = z.object({ id: z.number().int() });
const accountOnboardParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The onboarding questionnaire of free-trial accounts (spec 000 sections 2.6 and 7). The answers are stored by
 * us (docs/decisions.md); onboarding the account hides the questionnaire for every user of the issuer. Only
 * people answer it: an API key is refused.
 */
export async function onboardingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/onboarding/answers',
    {
      config: access,
      schema: {
        summary: "Store the onboarding questionnaire's answers",
        description:
          'For the signed-in users of a free-trial account not yet onboarded (409 ONBOARDING_NOT_OFFERED or ALREADY_ONBOARDED otherwise). answers maps each of the six question keys (company_industry, job_role, number_of_recipients_to_certify, product_usage, credentialing_solution_factors, expected_credentialing_growth) to the stable English value of a choice, or a list of them for product_usage and credentialing_solution_factors; an unknown key or value is 400 VALIDATION_ERROR with fields.',
        body: answers,
        response: { 201: onboardingAnswersAnswer201 },
      },
    },
    async (request, reply) => reply.code(201).send(await recordOnboardingAnswers(db, sessionOf(request), request.body)),
  );

  api.patch(
    '/api/issuer/:id/account/onboard',
    {
      config: access,
      schema: {
        summary: 'Mark the free-trial account onboarded',
        description:
          'For the signed-in users of a free-trial issuer (another issuer is 404); afterwards the account call answers onboarding true. Repeating it changes nothing. Answers the account.',
        params: accountOnboardParams,
        response: { 200: accountSchema },
      },
    },
    async (request) => {
      const auth = sessionOf(request);
      if (request.params.id !== auth.issuer.id) throw issuerNotFound();
      return onboardAccount(db, auth);
    },
  );
}
