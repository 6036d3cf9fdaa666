import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '../../domain/templateRules/images';
import { TEMPLATE_IMAGE_KEY, type TemplateFamily } from '../../domain/templates';
import { authOf } from '../auth/guard';
import type { AppContext } from '../context';
import { badRequest, notFound } from '../errors';
import type { FileStore } from '../services/files/fileStore';
import {
  checkedUpload,
  imageContentType,
  isImagePart,
  sanitizedUpload,
  type ImageUpload,
} from '../services/templates/images';
import { saveTemplate } from '../services/templates/saveTemplate';
import { templateFormSchema } from './templateSchemas';
import { filesAnswer, idAnswer } from './responseSchemas';

/** At most one badge logo per badge language, a partner logo and an issuer logo. */
const MAX_IMAGES = 7;

interface TemplateForm {
  payload: z.infer<typeof templateFormSchema>;
  uploads: ImageUpload[];
}

function parseJsonPart(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw badRequest('VALIDATION_ERROR', 'The json part is not JSON', {
      issues: [{ path: '/json', message: 'not JSON' }],
    });
  }
}

/**
 * Reads the parts json, badgeImage (once per logo), partnerImage and issuerImage. Every part is read to the
 * end before the first error is answered, so the client always receives the answer. Files larger than the
 * limit arrive cut one byte past it, which the image check reports as too large.
 */
async function readTemplateForm(request: FastifyRequest, family: TemplateFamily): Promise<TemplateForm> {
  let json: unknown;
  let seenJson = false;
  const uploads: ImageUpload[] = [];
  let firstError: unknown = null;
  for await (const part of request.parts()) {
    const bytes = part.type === 'file' ? await part.toBuffer() : null;
    if (firstError) continue;
    try {
      if (part.fieldname === 'json' && !seenJson) {
        seenJson = true;
        json = parseJsonPart(bytes ? bytes.toString('utf8') : part.type === 'field' ? part.value : undefined);
      } else if (part.type === 'file' && bytes && isImagePart(part.fieldname)) {
        const checked = checkedUpload(part.fieldname, family, {
          fileName: part.filename,
          bytes,
          declaredMime: part.mimetype,
        });
        uploads.push(await sanitizedUpload(checked));
      } else {
        throw badRequest('UNEXPECTED_PART', `The part ${part.fieldname} is not expected here`);
      }
    } catch (error) {
      firstError = error;
    }
  }
  if (firstError) throw firstError;
  if (!seenJson) throw badRequest('MISSING_PART', 'The json part is missing');
  const parsed = templateFormSchema.safeParse(json);
  if (!parsed.success) {
    throw badRequest('VALIDATION_ERROR', 'The request is not valid', {
      issues: parsed.error.issues.map((issue) => ({ path: `/${issue.path.join('/')}`, message: issue.message })),
    });
  }
  return { payload: parsed.data, uploads };
}

// the routes' own schemas, built once per process rather than for every app
const templateImageParams = z.object({ issuerId: z.coerce.number().int().positive(), file: z.string().max(64) });

/**
 * The editors' multipart calls (spec 001 section 7): POST /api/template/mc writes badges (openbadge,
 * openbadge_custom), POST /api/template/rncp registry templates (cpf_onshelf); and the public read of stored
 * template images. Multipart is registered only in this scope.
 */
export async function templateUploadRoutes(app: FastifyInstance, ctx: AppContext, files: FileStore): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: {
        fileSize: UPLOAD_MAX_BYTES + 1,
        files: MAX_IMAGES,
        fields: 4,
        parts: MAX_IMAGES + 4,
        fieldSize: 2_000_000,
      },
    });
    const api = scope.withTypeProvider<ZodTypeProvider>();
    const calls: [string, TemplateFamily, string][] = [
      ['/api/template/mc', 'badge', 'Create (mode add) or update (mode update, id) a badge template'],
      ['/api/template/rncp', 'registry', 'Create (mode add) or update (mode update, id) a registry template'],
    ];
    for (const [url, family, summary] of calls) {
      api.post(
        url,
        {
          config: { access: { resource: 'templates', action: 'create' } },
          schema: {
            summary,
            description:
              'multipart/form-data: json (the template payload), badgeImage (svg or png; one per logo, named by its file name in the payload), partnerImage (jpg or png), issuerImage (png); each image at most 550 KB, its type read from its content',
            consumes: ['multipart/form-data'],
            response: { 200: idAnswer, 201: idAnswer },
          },
        },
        async (request, reply) => {
          const { payload, uploads } = await readTemplateForm(request, family);
          const id = await saveTemplate(ctx.db, files, authOf(request), {
            mode: payload.mode,
            id: payload.id,
            payload,
            uploads,
            family,
          });
          return reply.code(payload.mode === 'add' ? 201 : 200).send({ id });
        },
      );
    }
  });

  // Images show on public credential pages, so they are public; their keys cannot be guessed. An SVG may hold
  // scripts: the policy keeps them from running when the image is opened on its own.
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/template/image/:issuerId/:file',
    {
      config: { auth: 'public' },
      schema: {
        summary: 'A stored template image (logo)',
        params: templateImageParams,
        response: { 200: filesAnswer(['image/svg+xml', 'image/png', 'image/jpeg'], 'The image') },
      },
    },
    async (request, reply) => {
      const key = `templates/${request.params.issuerId}/${request.params.file}`;
      const bytes = TEMPLATE_IMAGE_KEY.test(key) ? await files.get(key) : null;
      if (!bytes) throw notFound('NOT_FOUND', 'Not found');
      return reply
        .header('content-type', imageContentType(key))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  );
}
