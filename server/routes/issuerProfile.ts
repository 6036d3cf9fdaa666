import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canAccess } from '../../domain/permissions';
import { PLAN_ORDER } from '../../domain/plans';
import {
  PROFILE_PARAMS,
  PROFILE_PARAM_KEYS,
  PROFILE_PARAM_TYPES,
  PROFILE_TABS,
  type ProfileParamKey,
} from '../../domain/profileParams';

import { authOf, unauthorized } from '../auth/guard';
import type { AppContext } from '../context';
import {
  fromAddress,
  issuerNotFound,
  readIssuerProfile,
  saveProfileParams,
  saveRegistryAccount,
  type ProfileOptions,
} from '../services/issuerProfile';
import { replaceTags } from '../services/templates/tags';
import { tagAnswer } from './responseSchemas';
import { tagsConfigBody } from './templateSchemas';

/** A guard on the size of what is sent; each parameter's own length is checked by the profile rules. */
const SENT_TEXT_MAX = 2000;

/**
 * The params the profile may send, in the params' own shape (`sender: { name, email }`), built from the
 * catalogue so that the schema and the rules name the same fields. null removes a parameter (or a group).
 * Identity and support fields are listed so that they are refused by name rather than as unknown keys.
 */
function profileParamsBody() {
  profileParams ??= paramsBodyOfCatalogue();
  return profileParams;
}

/** built once per process (the catalogue is constant), not again for every app */
let profileParams: ReturnType<typeof paramsBodyOfCatalogue> | null = null;

function paramsBodyOfCatalogue() {
  const value = (key: (typeof PROFILE_PARAM_KEYS)[number]) =>
    (PROFILE_PARAMS[key].type === 'boolean' ? z.boolean() : z.string().max(SENT_TEXT_MAX)).nullable().optional();
  const shape: Record<string, z.ZodType> = {};
  const groups = new Map<string, Record<string, z.ZodType>>();
  for (const key of PROFILE_PARAM_KEYS) {
    const [group, member] = key.split('.');
    if (member === undefined) shape[key] = value(key);
    else groups.set(group, { ...groups.get(group), [member]: value(key) });
  }
  for (const [group, members] of groups) shape[group] = z.strictObject(members).nullable().optional();
  return z.strictObject(shape);
}

const paramsView = z.record(z.string(), z.unknown());
const registryAccount = z.strictObject({ idContrat: z.string().max(200), idClient: z.string().max(200) });

const fieldLock = z.object({
  tab: z.enum(PROFILE_TABS),
  type: z.enum(PROFILE_PARAM_TYPES),
  minimumPlan: z.enum(PLAN_ORDER),
  state: z.enum(['editable', 'read_only', 'support', 'unavailable', 'upgrade']),
});

const issuerProfile = z.object({
  id: z.number(),
  name: z.string(),
  address: z.string().nullable(),
  intentDeclaration: z.boolean().nullable(),
  legalReference: z.string().nullable(),
  KYB_hash: z.string().nullable(),
  logo: z.string().nullable(),
  url: z.string().nullable(),
  credits: z.number(),
  blockchainAddress: z.string(),
  domains: z.string().describe('comma list'),
  isValidator: z.boolean(),
  verified: z.boolean(),
  sso: z.boolean(),
  isBlocked: z.boolean(),
  tags: z.array(tagAnswer),
  orgUnits: z.array(z.object({ id: z.number(), name: z.string() })),
  usage: z.object({
    hasCustomisedEmails: z.boolean(),
    hasTemplatesWithPdfRo: z.boolean(),
    hasAccessToMicroCertifications: z.boolean(),
    hasCustomMc: z.boolean(),
  }),
  hasPathway: z.boolean(),
  hasRncp: z.boolean(),
  params: paramsView,
  profile: z.object({
    plan: z.string(),
    effectivePlan: z.enum(PLAN_ORDER),
    senderDomains: z.array(z.string()),
    defaultReplyTo: z.string().nullable(),
    // every parameter of the catalogue has its lock (profileFieldLocks)
    fields: z.object(
      Object.fromEntries(PROFILE_PARAM_KEYS.map((key) => [key, fieldLock])) as Record<
        ProfileParamKey,
        typeof fieldLock
      >,
    ),
  }),
});

// the routes' own schemas, built once per process rather than for every app
const issuerAllParams = z.object({ id: z.coerce.number().int().positive() });
const issuerConfigBody = z.union([tagsConfigBody, z.strictObject({ params: profileParamsBody() }), registryAccount]);
const issuerConfigAnswer = z.union([z.array(tagAnswer), z.object({ params: paramsView }), registryAccount]);

/**
 * The issuer profile (spec 000 sections 2.11, 3, 5 and 7): GET /api/issuer/{id}/all, and PUT /api/issuer/config,
 * the one call that changes the issuer's configuration — its template tags (Administrators and Managers, as on
 * the tags page), its profile params or its register account (Administrators only). The notification webhook
 * has its own call (PUT /api/issuer/notif, docs/decisions.md).
 */
export async function issuerProfileRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  options: ProfileOptions = { defaultReplyTo: fromAddress(ctx.config.mailFrom) },
): Promise<void> {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/issuer/:id/all',
    {
      config: { access: { resource: 'profile', action: 'show' } },
      schema: {
        summary: 'The caller’s issuer, with each profile field’s lock for its contract (another issuer is 404)',
        params: issuerAllParams,
        response: { 200: issuerProfile },
      },
    },
    async (request) => {
      const { issuer } = authOf(request);
      if (request.params.id !== issuer.id) throw issuerNotFound();
      return readIssuerProfile(ctx.db, issuer.id, {
        ...options,
        ledger: { publicUrl: ctx.config.publicUrl, chainAddress: ctx.chain?.address() ?? null },
      });
    },
  );

  api.put(
    '/api/issuer/config',
    {
      // The lowest right any part needs; params and the register account check the Administrator's below.
      config: { access: { resource: 'template-tags', action: 'edit' } },
      schema: {
        summary:
          'Change one part of the issuer’s configuration: {tags} replaces the tags with the list sent; ' +
          '{params} merges profile params into the stored ones (null removes one); {idContrat, idClient} sets the ' +
          'register account',
        body: issuerConfigBody,
        response: {
          200: issuerConfigAnswer,
        },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { body } = request;
      if ('tags' in body) return replaceTags(ctx.db, auth.issuer.id, body.tags);
      if (!canAccess(auth.profileId, { resource: 'profile', action: 'edit' })) throw unauthorized();
      if ('params' in body) return { params: await saveProfileParams(ctx.db, auth.issuer.id, body.params, options) };
      return saveRegistryAccount(ctx.db, auth.issuer.id, body, options);
    },
  );
}
