import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isValidEmail, sanitizeEmail } from '../../domain/email';
import { NAME_MAX_LENGTH, validateName } from '../../domain/names';
import { isProfileId, profileName, PROFILE_IDS, type ProfileId } from '../../domain/roles';
import { PERSON_NAME_MAX_LENGTH, type UserRow } from '../../domain/users';
import { authOf, unauthorized } from '../auth/guard';
import type { AppContext } from '../context';
import type { Database } from '../db/schema';
import { AppError, badRequest } from '../errors';
import { serverLanguage } from '../i18n';
import { deleteOrgUnit, insertOrgUnit, listOrgUnits, orgUnitIdByName, renameOrgUnit } from '../repositories/orgUnits';
import { deleteUser, findUserInIssuer, insertUser, listIssuerUsers, updateUser } from '../repositories/users';
import { printLinkWithoutSmtp, sendSignInLink } from '../services/signInLinks';
import { profileIdAnswer } from './responseSchemas';
import { inTransaction } from '../db/transactions';

const personName = z.string().trim().max(PERSON_NAME_MAX_LENGTH);
const profile = z
  .number()
  .int()
  .refine((value) => (PROFILE_IDS as readonly number[]).includes(value), 'unknown profile');
const orgUnit = z
  .object({ name: z.string().trim().max(NAME_MAX_LENGTH) })
  .nullable()
  .optional();
const userBody = z.object({
  firstName: personName,
  lastName: personName,
  email: z.string().max(320),
  profile,
  orgUnit,
});

const wrongAddress = () => new AppError(404, 'WRONG_ADDRESS', 'No user with this id in your organisation');

const idAnswer = z.object({ id: z.number() });

/** domain/users.ts's UserRow. */
const userRowSchema = z.object({
  id: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  profile: z.string(),
  profileId: profileIdAnswer,
  orgUnit: z.string().nullable(),
  hasTotp: z.boolean(),
});

// the routes' own schemas, built once per process rather than for every app
const usersAnswer = z.array(userRowSchema);
const userQuery = z.object({ lang: z.string().max(5).optional() });
const postUserBody = userBody.extend({ notify: z.boolean().optional() });
const patchUserBody = userBody.extend({ id: z.number().int() });
const deleteUserQuery = z.object({ id: z.coerce.number().int() });
const unitsAnswer = z.array(z.object({ id: z.number(), name: z.string(), users: z.number() }));
const unitsBody = z.discriminatedUnion('operation', [
  z.object({ operation: z.literal('get') }),
  z.object({ operation: z.literal('add'), name: z.string().max(200) }),
  z.object({ operation: z.literal('update'), id: z.number().int(), name: z.string().max(200) }),
  z.object({ operation: z.literal('delete'), id: z.number().int() }),
]);

/** Users and org units of the admin area (spec 000 sections 2.9 and 7), for Administrators of the issuer only. */
export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = (action: 'list' | 'create' | 'edit' | 'delete') => ({ access: { resource: 'users' as const, action } });

  function checkedEmail(raw: string): string {
    const email = sanitizeEmail(raw);
    if (!isValidEmail(email)) throw badRequest('INVALID_EMAIL', 'The email address is not valid');
    return email;
  }

  /** Users are assigned to an org unit by name; a new name creates the unit in the same transaction. */
  async function orgUnitId(trx: Kysely<Database>, issuerId: number, unit: { name: string } | null | undefined) {
    if (!unit || unit.name === '') return null;
    return orgUnitIdByName(trx, issuerId, unit.name);
  }

  api.get(
    '/api/admin/users',
    { config: admin('list'), schema: { summary: "The issuer's users", response: { 200: usersAnswer } } },
    async (request) => {
      const rows = await listIssuerUsers(db, authOf(request).issuer.id);
      return rows.map((row): UserRow => ({
        id: row.id,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        profileId: row.profile_id as ProfileId,
        profile: isProfileId(row.profile_id) ? profileName(row.profile_id) : '',
        orgUnit: row.org_unit,
        hasTotp: row.totp_secret !== null,
      }));
    },
  );

  api.post(
    '/api/admin/user',
    {
      config: admin('create'),
      schema: {
        summary: 'Add a user, and invite them by mail when notify is set',
        querystring: userQuery,
        body: postUserBody,
        response: { 201: idAnswer },
      },
    },
    async (request, reply) => {
      const { issuer } = authOf(request);
      const body = request.body;
      const email = checkedEmail(body.email);
      if (await findUserInIssuer(db, issuer.id, email)) {
        throw new AppError(409, 'USER_EXISTS', 'A user of your organisation already has this address');
      }
      const id = await inTransaction(db, async (trx) =>
        insertUser(trx, {
          issuer_id: issuer.id,
          email,
          first_name: body.firstName,
          last_name: body.lastName,
          profile_id: body.profile,
          org_unit_id: await orgUnitId(trx, issuer.id, body.orgUnit),
        }),
      );
      if (body.notify) {
        const link = await sendSignInLink(ctx, {
          kind: 'invitation',
          userId: id,
          email,
          issuerName: issuer.name,
          language: serverLanguage(request.query.lang),
        });
        printLinkWithoutSmtp(ctx, request.log, 'invitation', email, link);
      }
      return reply.code(201).send({ id });
    },
  );

  api.patch(
    '/api/admin/user',
    {
      config: admin('edit'),
      schema: {
        summary: 'Update a user',
        body: patchUserBody,
        response: { 200: idAnswer },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { issuer } = auth;
      const body = request.body;
      const email = checkedEmail(body.email);
      const sameAddress = await findUserInIssuer(db, issuer.id, email);
      if (sameAddress && sameAddress.id !== body.id) {
        throw new AppError(409, 'USER_EXISTS', 'A user of your organisation already has this address');
      }
      // An Administrator cannot take their own rights away and leave the issuer without one by mistake.
      if (auth.kind === 'session' && body.id === auth.user.id && body.profile !== auth.user.profile_id) {
        throw unauthorized();
      }
      const updated = await inTransaction(db, async (trx) =>
        updateUser(trx, issuer.id, body.id, {
          email,
          first_name: body.firstName,
          last_name: body.lastName,
          profile_id: body.profile,
          org_unit_id: await orgUnitId(trx, issuer.id, body.orgUnit),
        }),
      );
      if (!updated) throw wrongAddress();
      return { id: body.id };
    },
  );

  api.delete(
    '/api/admin/user',
    {
      config: admin('delete'),
      schema: {
        summary: 'Delete a user (never oneself)',
        querystring: deleteUserQuery,
        response: { 200: idAnswer },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { issuer } = auth;
      if (auth.kind === 'session' && request.query.id === auth.user.id)
        throw new AppError(403, 'UNAUTHORIZED_OPERATION', 'Users cannot delete themselves');
      if (!(await deleteUser(db, issuer.id, request.query.id))) throw wrongAddress();
      return { id: request.query.id };
    },
  );

  api.post(
    '/api/admin/units',
    {
      config: { access: { resource: 'org-units', action: 'edit' } },
      schema: {
        summary: 'Org units: get, add, update or delete',
        response: { 200: unitsAnswer },
        body: unitsBody,
      },
    },
    async (request) => {
      const { issuer } = authOf(request);
      const body = request.body;
      if (body.operation === 'get') return listOrgUnits(db, issuer.id);
      if (body.operation === 'delete') {
        if (!(await deleteOrgUnit(db, issuer.id, body.id))) throw wrongAddress();
        return listOrgUnits(db, issuer.id);
      }
      const units = await listOrgUnits(db, issuer.id);
      const error = validateName(body.name, units, body.operation === 'update' ? body.id : undefined);
      if (error) throw badRequest(`NAME_${error.toUpperCase()}`, error);
      const name = body.name.trim();
      if (body.operation === 'add') await insertOrgUnit(db, issuer.id, name);
      else if (!(await renameOrgUnit(db, issuer.id, body.id, name))) throw wrongAddress();
      return listOrgUnits(db, issuer.id);
    },
  );
}
