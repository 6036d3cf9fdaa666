import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  EMPTY_VERIFICATION_FORM,
  VERIFICATION_FILE_MAX_BYTES,
  VERIFICATION_TEXT_FIELDS,
} from '../../domain/accountVerification';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { badRequest } from '../errors';
import { submitVerification, type VerificationSubmission } from '../services/accountVerification';
import { idAnswer } from './responseSchemas';

const TEXT_FIELDS: readonly string[] = [...VERIFICATION_TEXT_FIELDS, 'country', 'statementIntent'];

/**
 * Reads every part to the end before answering (so the client always gets the answer). A file over the limit
 * arrives cut one byte past it, which the form's rules report as too large.
 */
async function readVerificationForm(request: FastifyRequest): Promise<VerificationSubmission> {
  const form: VerificationSubmission = { ...EMPTY_VERIFICATION_FORM, hdLogo: null, officialDoc: null };
  let unexpected: string | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      if (part.fieldname === 'hdLogo' || part.fieldname === 'officialDoc') {
        form[part.fieldname] = { name: path.basename(part.filename || 'file'), bytes };
      } else unexpected ??= part.fieldname;
    } else if (TEXT_FIELDS.includes(part.fieldname) && typeof part.value === 'string') {
      if (part.fieldname === 'statementIntent') form.statementIntent = part.value.toLowerCase() !== 'false';
      else form[part.fieldname as (typeof VERIFICATION_TEXT_FIELDS)[number] | 'country'] = part.value;
    } else unexpected ??= part.fieldname;
  }
  if (unexpected) throw badRequest('UNEXPECTED_PART', `The part ${unexpected} is not expected here`);
  return form;
}

/** POST /api/issuer/verification: the account verification form of spec 000 section 2.12 (Administrators). */
export async function accountVerificationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const files = ctx.files;
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: VERIFICATION_FILE_MAX_BYTES + 1, files: 2, fields: 8, parts: 10, fieldSize: 4_000 },
    });
    scope.post(
      '/api/issuer/verification',
      {
        config: { access: { resource: 'profile', action: 'edit' } },
        schema: {
          summary: 'Send the account verification form',
          description:
            'multipart/form-data: publicName, officialName, juridicForm, address, website, statementIntent (true/false), country (ISO 3166-1 alpha-2), hdLogo (png, svg, ai, eps, pdf, jpg) and officialDoc (pdf, doc, docx), each file at most 2 MB. Only for ESSENTIALS_PACK issuers not yet verified; once per issuer.',
          consumes: ['multipart/form-data'],
          response: { 201: idAnswer },
        },
      },
      async (request, reply) => {
        const result = await submitVerification(ctx.db, files, authOf(request), await readVerificationForm(request));
        return reply.code(201).send(result);
      },
    );
  });
}
