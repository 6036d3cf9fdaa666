import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Action } from '../../domain/permissions';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { updateIssuerTemplate } from '../repositories/templates';
import { callerTemplate, checkIssuerParam } from '../services/templates/access';
import { updatePathway } from '../services/templates/pathways';
import { listTemplates, readTemplateDetail } from '../services/templates/read';
import { saveTemplate } from '../services/templates/saveTemplate';
import { templateDefinition, templateMeta } from '../services/templates/views';
import {
  idAnswer,
  templateDefinitionAnswer,
  templateDetailAnswer,
  templateImportDataAnswer,
  templateMetaAnswer,
  templateSummaryAnswer,
} from './responseSchemas';
import { issuerTemplateParams, notesBody, pathwayBody, templatePayloadSchema } from './templateSchemas';

// the routes' own schemas, built once per process rather than for every app
const enabledAnswer = z.object({ id: z.number(), enable: z.boolean() });
const templateSummariesAnswer = z.array(templateSummaryAnswer);
const templateIdQuery = z.object({ id: z.coerce.number().int().positive() });
const issuerParams = z.object({ issuer: z.coerce.number().int().positive() });
const notesAnswer = z.object({ id: z.number(), notes: z.string() });
const pathwayAnswer = z.object({
  id: z.number(),
  pathwayDefinition: z.object({ key: z.string(), def: z.array(z.object({ id: z.number() })) }).nullable(),
});

/**
 * The template calls of spec 001 section 7. An issuer only ever sees its own templates: a path's {issuer}
 * other than the caller's, or another issuer's template id, is answered 404.
 */
export async function templateRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx;
  const files = ctx.files;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const templates = (action: Action) => ({ access: { resource: 'templates' as const, action } });

  api.get(
    '/api/admin/templates',
    {
      config: templates('list'),
      schema: { summary: "The issuer's templates", response: { 200: templateSummariesAnswer } },
    },
    async (request) => listTemplates(db, authOf(request).issuer.id),
  );

  api.get(
    '/api/admin/template',
    {
      config: templates('show'),
      schema: {
        summary: 'One template with every field (content per language, design, params, tags, counters)',
        querystring: templateIdQuery,
        response: { 200: templateDetailAnswer },
      },
    },
    async (request) => readTemplateDetail(db, authOf(request), request.query.id),
  );

  /** The caller's template named by an /api/issuer/{issuer}/template/{id} path. */
  async function pathTemplate(request: FastifyRequest, params: { issuer: number; id: number }) {
    const auth = authOf(request);
    checkIssuerParam(auth, params.issuer);
    return callerTemplate(db, auth, params.id);
  }

  /** The options of a view of one of the caller's templates, at /api/issuer/{issuer}/template/{id}/{view}. */
  const templateView = <Answer extends z.ZodType>(summary: string, answer: Answer) => ({
    config: templates('show'),
    schema: { summary, params: issuerTemplateParams, response: { 200: answer } },
  });
  api.get(
    '/api/issuer/:issuer/template/:id/meta',
    templateView(
      'The meta_* fields (url, dates, landscape, type, thumbnail, design) and the label',
      templateMetaAnswer,
    ),
    async (request) => templateMeta(await pathTemplate(request, request.params)),
  );
  api.get(
    '/api/issuer/:issuer/template/:id/json',
    templateView(
      'The full definition in the payload shape (design, content per language, logos), for update mode',
      templateDefinitionAnswer,
    ),
    async (request) => templateDefinition(await pathTemplate(request, request.params)),
  );
  api.get(
    '/api/issuer/:issuer/template/:id/data',
    templateView(
      'What an import needs: languages, technical fields, fields to certify, file fields',
      templateImportDataAnswer,
    ),
    async (request) => (await pathTemplate(request, request.params)).parsed.importData,
  );

  api.post(
    '/api/issuer/:issuer/template',
    {
      config: templates('create'),
      schema: {
        summary: 'Create a badge or registry template from a payload whose logos are already stored images',
        params: issuerParams,
        body: templatePayloadSchema,
        response: { 201: idAnswer },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      checkIssuerParam(auth, request.params.issuer);
      const id = await saveTemplate(db, files, auth, { mode: 'add', payload: request.body, uploads: [] });
      return reply.code(201).send({ id });
    },
  );

  api.put(
    '/api/issuer/:issuer/template/:id',
    {
      config: templates('edit'),
      schema: {
        summary: 'Update a template',
        params: issuerTemplateParams,
        body: templatePayloadSchema,
        response: { 200: idAnswer },
      },
    },
    async (request) => {
      const auth = authOf(request);
      checkIssuerParam(auth, request.params.issuer);
      const id = await saveTemplate(db, files, auth, {
        mode: 'update',
        id: request.params.id,
        payload: request.body,
        uploads: [],
      });
      return { id };
    },
  );

  async function setEnabled(request: FastifyRequest, params: { issuer: number; id: number }, enabled: boolean) {
    const template = await pathTemplate(request, params);
    await updateIssuerTemplate(db, template.issuer_id, template.id, { enabled: enabled ? 1 : 0 });
    return { id: template.id, enable: enabled };
  }

  api.delete(
    '/api/issuer/:issuer/template/:id',
    {
      config: templates('disable'),
      schema: {
        summary: 'Disable a template (it is kept)',
        params: issuerTemplateParams,
        response: { 200: enabledAnswer },
      },
    },
    async (request) => setEnabled(request, request.params, false),
  );

  api.put(
    '/api/issuer/:issuer/template/:id/enable',
    {
      config: templates('enable'),
      schema: { summary: 'Enable a template', params: issuerTemplateParams, response: { 200: enabledAnswer } },
    },
    async (request) => setEnabled(request, request.params, true),
  );

  api.put(
    '/api/issuer/:issuer/template/:id/notes',
    {
      // Notes are a publishing right (spec 001 section 6: canPublish), not an editing one.
      config: { access: { resource: 'publication', action: 'edit' } },
      schema: {
        summary: "Save a template's notes (trimmed)",
        params: issuerTemplateParams,
        body: notesBody,
        response: { 200: notesAnswer },
      },
    },
    async (request) => {
      const template = await pathTemplate(request, request.params);
      const notes = request.body.notes.trim();
      await updateIssuerTemplate(db, template.issuer_id, template.id, { notes });
      return { id: template.id, notes };
    },
  );

  api.put(
    '/api/issuer/:issuer/template/:id/pathway',
    {
      config: templates('edit'),
      schema: {
        summary: "Set or clear a parent template's pathway (needs the pathway entitlement)",
        params: issuerTemplateParams,
        body: pathwayBody,
        response: { 200: pathwayAnswer },
      },
    },
    async (request) => {
      const auth = authOf(request);
      checkIssuerParam(auth, request.params.issuer);
      const pathwayDefinition = await updatePathway(db, auth, request.params.id, request.body.pathwayDefinition);
      return { id: request.params.id, pathwayDefinition };
    },
  );
}
