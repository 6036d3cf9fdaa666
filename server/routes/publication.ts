import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEFAULT_DUPLICATE_BEHAVIOR, DUPLICATE_BEHAVIORS } from '../../domain/duplicates';
import { NO_VALIDITY_CODE, VALID_UNTIL_PAST_CODE } from '../../domain/expiry';
import { CAMPAIGN_PAGE_SIZE, IDEMPOTENCY_HEADER, NOTE_MAX_LENGTH } from '../../domain/publication';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { AppError, badRequest } from '../errors';
import { requestLanguage, translate } from '../i18n';
import { cooperate, yieldNow } from '../eventLoop';
import { parseJsonInSlices } from '../slicedJson';
import { listCampaigns, readCredits } from '../services/publication/campaigns';
import { checkDuplicates } from '../services/publication/duplicates';
import { MAX_PUBLISH_ROWS, publish } from '../services/publication/publish';
import { checkIssuerParam } from '../services/templates/access';
import { campaignsAnswer, creditsAnswer } from './responseSchemas';

/** The largest archive of the rows' files one publish takes. */
const ARCHIVE_MAX_BYTES = 100 * 1024 * 1024;

/** One row of a publish: column → text. */
const publishRow = z.record(z.string(), z.string().max(20_000));

/** The call's mapping of the rows' columns onto the template's (issue 28), also taken by a part of a publication. */
export const columnMapping = z
  .record(z.string().max(200), z.string().max(200).nullable())
  .describe(
    'Columns of the rows that are not the template’s, each renamed to one of its columns ({"First name": "firstName"}) or left out (null). Without it, such columns are refused with ERR_UNKNOWN_COLUMNS, which names them and the column each most likely meant.',
  );

/**
 * The body's shape; its rows are checked one by one afterwards (parseBody), with pauses between slices: zod over
 * 10,000 rows at once held the event loop ≈ 300 ms (issue 16 point 1).
 */
const publishBody = z.object({
  templateId: z.coerce.number().int().positive(),
  data: z.array(z.unknown()).min(1).max(MAX_PUBLISH_ROWS),
  contentType: z.literal('json').optional(),
  notes: z.string().max(NOTE_MAX_LENGTH).optional(),
  'automated-emailing': z.boolean().optional(),
  duplicateBehavior: z
    .enum(DUPLICATE_BEHAVIORS)
    .optional()
    .describe(
      'Recipients who already hold a valid certificate of this template: deny (default) refuses the publish with 409 ERR_DUPLICATE_RECIPIENTS, allow issues them another, skip leaves them out (not charged), replace issues them a corrected certificate that replaces their valid one (the newest: revoked for good, its page links the new one; free on a plan whose corrections are free), renew renews the certificate they hold, valid OR expired (the newest not yet renewed or replaced): a new one issued today, expiring on the row’s ExpirationDate, else today plus the template’s validity period, linked to the old one as its renewal (the old one is not revoked, stays valid until its own expiry and gets no more reminders; one credit each, never free); recipients who hold none are issued as usual',
    ),
  reason: z
    .string()
    .max(500)
    .optional()
    .describe(
      'With duplicateBehavior replace: why the certificates held are replaced, shown on their pages (never in a status list); the notes when absent. With renew: kept with the renewal links (optional)',
    ),
  columnMapping: columnMapping.optional(),
});
type PublishBody = Omit<z.infer<typeof publishBody>, 'data'> & { data: z.infer<typeof publishRow>[] };

/**
 * The JSON body as the contract declares it (OpenAPI, and the web app's generated types): publishBody with its rows.
 * Fastify does not check it (publishValidator): parseBody checks the same shape, the rows in slices.
 */
const publishBodyContract = publishBody.extend({ data: z.array(publishRow).min(1).max(MAX_PUBLISH_ROWS) });

/** The multipart form as OpenAPI 3.0 describes it (the contract only: readPublishForm reads it). */
const publishFormSchema = {
  type: 'object',
  properties: {
    body: { type: 'string', description: 'The JSON body of a JSON publish (templateId, data, …), as text' },
    file: { type: 'string', format: 'binary', description: 'The .zip of the files the rows name' },
  },
  required: ['body'],
} as const;

/**
 * The route's validator: headers through zod as everywhere, the body left to the handler (parseBody for JSON,
 * readPublishForm for multipart), whose refusals (VALIDATION_ERROR with each issue's path, MISSING_PART) the
 * clients know; zod over 10,000 rows at once would also hold the event loop (issue 16 point 1).
 */
const publishValidator: FastifySchemaCompiler<unknown> = (route) =>
  route.httpPart === 'body'
    ? (value) => ({ value })
    : validatorCompiler({ ...route, schema: route.schema as z.ZodType });

/** The OpenAPI operation: the zod transform, then the request body under both content types. */
const publishSwaggerTransform: typeof jsonSchemaTransform = (document) => {
  const transformed = jsonSchemaTransform(document);
  const { body, ...schema } = transformed.schema as Record<string, unknown>;
  return {
    ...transformed,
    schema: {
      ...schema,
      body: {
        content: { 'application/json': { schema: body }, 'multipart/form-data': { schema: publishFormSchema } },
      },
    },
  };
};

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'YYYY-MM-DD');

function invalidBody(issues: readonly z.core.$ZodIssue[], prefix: PropertyKey[] = []) {
  return badRequest('VALIDATION_ERROR', 'The request is not valid', {
    issues: issues.map((issue) => ({
      path: `/${[...prefix, ...issue.path].map(String).join('/')}`,
      message: issue.message,
    })),
  });
}

async function parseBody(value: unknown): Promise<PublishBody> {
  // the body was parsed from JSON in this turn of the event loop (≈ 20 ms for 10,000 rows): the checks start the next
  await yieldNow();
  const parsed = publishBody.safeParse(value);
  if (!parsed.success) throw invalidBody(parsed.error.issues);
  const data: z.infer<typeof publishRow>[] = [];
  for (let index = 0; index < parsed.data.data.length; index++) {
    await cooperate();
    const row = publishRow.safeParse(parsed.data.data[index]);
    if (!row.success) throw invalidBody(row.error.issues, ['data', index]);
    data.push(row.data);
  }
  return { ...parsed.data, data };
}

/** The multipart form: `body` (the JSON of a JSON publish) and `file` (the .zip). */
async function readPublishForm(request: FastifyRequest): Promise<{ body: PublishBody; archive: Buffer | null }> {
  let json: string | null = null;
  let archive: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'file' && archive === null) archive = bytes;
      else if (part.fieldname === 'body' && json === null) json = bytes.toString('utf8');
    } else if (part.fieldname === 'body' && json === null) {
      json = String(part.value);
    }
  }
  if (json === null) throw badRequest('MISSING_PART', 'The body part is missing');
  let value: unknown;
  try {
    // a 10,000-row body part is as large as a JSON publish's body: parsed in slices too
    value = await parseJsonInSlices(json, async (text) => JSON.parse(text) as unknown);
  } catch {
    throw badRequest('VALIDATION_ERROR', 'The body part is not JSON');
  }
  return { body: await parseBody(value), archive };
}

/** Publish, campaigns and credits (spec 001 section 7). */
/** A renewing publish's refusals of its rows' dates, in the server's catalogue (serverErrors.reissue). */
const RENEWAL_ROWS_REFUSALS: Record<string, string> = {
  [NO_VALIDITY_CODE]: 'noValidityRows',
  [VALID_UNTIL_PAST_CODE]: 'validUntilPastRows',
};

/** A renewing publish's ERR_NO_VALIDITY or ERR_VALID_UNTIL_PAST, its message in the caller's language. */
async function translateRenewalRowsRefusal<T>(request: FastifyRequest, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof AppError) || !(error.code in RENEWAL_ROWS_REFUSALS)) throw error;
    const { recipients, today } = error.details as { recipients?: string[]; today?: string };
    const message = translate(requestLanguage(request), `serverErrors.reissue.${RENEWAL_ROWS_REFUSALS[error.code]}`, {
      recipients: (recipients ?? []).join(', '),
      today: today ?? '',
    });
    throw new AppError(error.statusCode, error.code, message, error.details);
  }
}

// the routes' own schemas, built once per process rather than for every app
const dataHeaders = z.object({ [IDEMPOTENCY_HEADER]: z.string().min(1).max(200).optional() });
const dataAnswer = z.object({
  campaignId: z.number(),
  skipped: z.number().optional(),
  replaced: z.number().optional(),
  renewed: z.number().optional(),
});
const campaignsQuery = z.object({
  templateId: z.coerce.number().int().positive().optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(CAMPAIGN_PAGE_SIZE),
  filter: z.string().max(200).optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});
const issuerCreditsParams = z.object({ id: z.coerce.number().int().positive() });
const duplicateRecipients = z.array(z.object({ row: z.number(), recipient: z.string(), certificateKey: z.string() }));
const dataDuplicatesAnswer = z.object({
  recipients: z.number(),
  count: z.number(),
  duplicates: duplicateRecipients,
  renewable: z.number().optional(),
  pastRenewals: z.object({ count: z.number(), duplicates: duplicateRecipients }).optional(),
});

export async function publicationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: ARCHIVE_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 10 * 1024 * 1024 },
    });
    scope.post(
      '/api/admin/data',
      {
        config: {
          access: { resource: 'publication', action: 'publish' },
          swaggerTransform: publishSwaggerTransform,
        },
        validatorCompiler: publishValidator,
        schema: {
          summary: 'Publish imported rows as a campaign of certificates',
          description:
            'JSON {templateId, data (rows), contentType "json", notes (max 60), automated-emailing, duplicateBehavior, columnMapping}, or multipart/form-data with `body` (that JSON) and `file` (the .zip of the files the rows name). Header Idempotency-Key: a repeated publish with the same key answers the first campaignId and issues nothing. 200 {campaignId}; 400 {data} (ERR_CPF_INCORRECT_DATA), {error} (ERR_PUBLICATION_ERROR, or "Invalid input file" / "File missing in the archive: …"), ERR_UNKNOWN_COLUMNS {error, columns: [{column, suggestion}], errors} for columns that are not the template’s unless columnMapping maps them; the rows need firstName and lastName filled (ERR_MISSING_HEADERS, ERR_MISSING_VALUES in errors); 402 NOT_ENOUGH_CREDITS; 409 TEMPLATE_UNAVAILABLE, ERR_DUPLICATE_RECIPIENTS {recipients, count, duplicates: [{row, recipient, certificateKey}] (the first 100)} when recipients already hold a valid certificate of this template and duplicateBehavior is deny (the default), ERR_NOTHING_TO_PUBLISH when skip leaves no recipient; 422 IDEMPOTENCY_KEY_REUSED. With skip, 200 {campaignId, skipped}: only the certificates issued are charged. With replace, 200 {campaignId, skipped: 0, replaced}; 400 ERR_REASON_REQUIRED without reason or notes; 409 REPLACE_UNAVAILABLE for an NFT template. With renew, 200 {campaignId, skipped: 0, renewed} (after signing, the webhook certificate.renewed and one renewal mail per renewed recipient); 400 ERR_NO_VALIDITY {count, recipients (the first 100)} when a recipient to renew has no ExpirationDate and the template no validity period, ERR_VALID_UNTIL_PAST {count, recipients (the first 100), today} when a recipient to renew has an ExpirationDate that is not after today (nothing is written or spent in either case); 409 REPLACE_UNAVAILABLE for an NFT template.',
          consumes: ['application/json', 'multipart/form-data'],
          headers: dataHeaders,
          body: publishBodyContract,
          response: {
            200: dataAnswer,
          },
        },
      },
      async (request) => {
        const { body, archive } = request.isMultipart()
          ? await readPublishForm(request)
          : { body: await parseBody(request.body), archive: null };
        const key = request.headers[IDEMPOTENCY_HEADER];
        return translateRenewalRowsRefusal(request, () =>
          publish(ctx, authOf(request), {
            templateId: body.templateId,
            rows: body.data as never,
            notes: (body.notes ?? '').trim(),
            automatedEmailing: body['automated-emailing'] === true,
            idempotencyKey: typeof key === 'string' && key !== '' ? key : null,
            archive,
            duplicateBehavior: body.duplicateBehavior ?? DEFAULT_DUPLICATE_BEHAVIOR,
            columnMapping: body.columnMapping,
            replaceReason: body.reason,
          }),
        );
      },
    );
  });

  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/admin/campaigns',
    {
      config: { access: { resource: 'campaigns', action: 'list' } },
      schema: {
        summary: "The issuer's campaigns, newest first, one page at a time",
        querystring: campaignsQuery,
        response: { 200: campaignsAnswer },
      },
    },
    async (request) => listCampaigns(ctx.db, authOf(request).issuer.id, request.query),
  );

  api.get(
    '/api/issuer/:id/credits',
    {
      config: { access: { resource: 'campaigns', action: 'list' } },
      schema: {
        summary: "The issuer's credits and their operations",
        params: issuerCreditsParams,
        response: { 200: creditsAnswer },
      },
    },
    async (request) => {
      const auth = authOf(request);
      checkIssuerParam(auth, request.params.id);
      return readCredits(ctx.db, auth.issuer.id);
    },
  );

  app.post(
    '/api/admin/data/duplicates',
    {
      config: { access: { resource: 'publication', action: 'publish' } },
      validatorCompiler: publishValidator,
      schema: {
        summary: 'Who among these rows already holds a valid certificate of the template (nothing is spent)',
        description:
          'Body {templateId, data (rows), columnMapping} as POST /api/admin/data (no archive). The rows are checked as a publish checks them, then each recipient (its technical fields’ values, or its address when the template has none) is looked up among the template’s valid certificates (validated, minting, claimed or revealed, not expired). 200 {recipients, count, duplicates: [{row, recipient, certificateKey}] (the first 100), renewable}: renewable counts the recipients a publish with duplicateBehavior renew would renew (they hold a validated certificate of the template, expired or not, not yet renewed or replaced); pastRenewals {count, duplicates: [{row, recipient, certificateKey}] (the first 100)}: of those, the recipients whose row (their main row, the one issued from) gives an ExpirationDate not after today, which a publish with renew refuses (ERR_VALID_UNTIL_PAST); 400 as POST /api/admin/data.',
        body: publishBodyContract.pick({ templateId: true, data: true, columnMapping: true }),
        response: {
          200: dataDuplicatesAnswer,
        },
      },
    },
    async (request) => {
      const body = await parseBody(request.body);
      return checkDuplicates(ctx, authOf(request), {
        templateId: body.templateId,
        rows: body.data,
        columnMapping: body.columnMapping,
      });
    },
  );
}
