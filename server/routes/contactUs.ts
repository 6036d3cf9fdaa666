import multipart from '@fastify/multipart';
import { DOCUMENT_PIXEL_BOUNDS, exceedsPixelBounds } from '../../domain/imageDimensions';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  HELP_DESCRIPTION_MAX_LENGTH,
  HELP_FILE_MAX_BYTES,
  HELP_MAX_FILES,
  helpRequestProblems,
  isHelpFileTypeAllowed,
  type HelpRequestProblem,
  type HelpRequestType,
} from '../../domain/helpForm';
import type { Language } from '../../domain/language';
import { sessionOf } from '../auth/guard';
import type { AppContext } from '../context';
import { AppError, badRequest } from '../errors';
import type { MailAttachment } from '../services/mail/mailer';
import { deliverMail } from '../services/mail/mailQueue';
import { supportRequestMail } from '../services/mail/supportMail';

/** Support requests one person may send in an hour: plenty for a real need, a wall for a loop or a script. */
const CONTACT_RATE = { perUser: 10, windowMs: 60 * 60 * 1000 };

const TEXT_FIELDS = ['type', 'object', 'description', 'language'] as const;
type TextField = (typeof TEXT_FIELDS)[number];

const PROBLEM_MESSAGES: Record<HelpRequestProblem, string> = {
  type_invalid: 'The type must be question, anomaly or sales team',
  object_empty: 'The object is empty',
  object_too_long: 'The object has at most 100 characters',
  description_empty: 'The description is empty',
  description_too_long: `The description has at most ${HELP_DESCRIPTION_MAX_LENGTH} characters`,
  language_invalid: 'The language must be en, fr or es',
  too_many_files: `At most ${HELP_MAX_FILES} files`,
  file_too_big: 'Each file must be under 1024 KB',
};

interface SupportForm {
  fields: Record<TextField, string>;
  files: MailAttachment[];
  /** text parts longer than the multipart limit, cut by the parser */
  truncated: TextField[];
}

function isTextField(name: string): name is TextField {
  return (TEXT_FIELDS as readonly string[]).includes(name);
}

/**
 * Reads every part to the end before answering, so the client always receives the answer. Files of 1024 KB
 * or more arrive cut at the limit, which the size rule then refuses.
 */
async function readSupportForm(request: FastifyRequest): Promise<SupportForm> {
  const form: SupportForm = {
    fields: { type: '', object: '', description: '', language: '' },
    files: [],
    truncated: [],
  };
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      if (part.fieldname === 'files') form.files.push({ filename: part.filename, content });
    } else if (isTextField(part.fieldname)) {
      form.fields[part.fieldname] = String(part.value);
      if (part.valueTruncated) form.truncated.push(part.fieldname);
    }
  }
  return form;
}

/** The rules of domain/helpForm; a text cut by the parser was longer than any allowed one. */
function supportFormProblems(form: SupportForm): HelpRequestProblem[] {
  const problems = helpRequestProblems({
    ...form.fields,
    files: form.files.map((file) => ({ name: file.filename, size: file.content.length })),
  });
  const cut = form.truncated.map((field): HelpRequestProblem => {
    if (field === 'object' || field === 'description') return `${field}_too_long`;
    return `${field}_invalid`;
  });
  return [...new Set([...cut, ...problems])];
}

// the routes' own schemas, built once per process rather than for every app
const contactusAnswer = z.object({ ok: z.literal(true) });

/** POST /api/contactus (spec 000 section 7): the help drawer's support request, mailed to SUPPORT_EMAIL. */
export async function contactUsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limiter = ctx.limits.limiter('contact', CONTACT_RATE.perUser, CONTACT_RATE.windowMs);
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: {
        fileSize: HELP_FILE_MAX_BYTES,
        // one file more than allowed is read, so that it is refused with the rule's own answer
        files: HELP_MAX_FILES + 1,
        fields: TEXT_FIELDS.length,
        parts: TEXT_FIELDS.length + HELP_MAX_FILES + 1,
        fieldSize: HELP_DESCRIPTION_MAX_LENGTH * 4,
      },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/contactus',
      {
        schema: {
          summary: 'Sends a support request to the support team, with the user as reply-to',
          description:
            'multipart/form-data: type (question, anomaly or sales team), object (at most 100 characters), description, language (en, fr or es) and up to 4 `files` parts, each a PNG or JPEG image (by content and by name) under 1024 KB. Any signed-in person; 400 names the first broken rule (OBJECT_TOO_LONG, FILE_TOO_BIG, TOO_MANY_FILES, FILE_TYPE_NOT_ALLOWED…) with every one in `problems`, and nothing is sent; 429 after 10 requests in an hour.',
          consumes: ['multipart/form-data'],
          response: { 200: contactusAnswer },
        },
      },
      async (request) => {
        const { user, issuer } = sessionOf(request);
        const form = await readSupportForm(request);
        const problems = supportFormProblems(form);
        if (problems.length > 0) {
          throw badRequest(problems[0].toUpperCase(), PROBLEM_MESSAGES[problems[0]], { problems });
        }
        const refused = form.files.filter((file) => !isHelpFileTypeAllowed(file.filename, file.content));
        if (refused.length > 0) {
          throw badRequest('FILE_TYPE_NOT_ALLOWED', 'Attachments must be PNG or JPEG images', {
            problems: ['file_type_not_allowed'],
            files: refused.map((file) => file.filename),
          });
        }
        // a small file can still stand for a huge picture: its header's size is bounded before anyone decodes it
        const oversized = form.files.filter((file) => exceedsPixelBounds(file.content, DOCUMENT_PIXEL_BOUNDS));
        if (oversized.length > 0) {
          throw badRequest('FILE_TOO_BIG', 'Each image must be at most 10,000 pixels a side and 40 megapixels', {
            problems: ['file_too_big'],
            files: oversized.map((file) => file.filename),
          });
        }
        // only requests that would be mailed count
        if (!(await limiter.take(String(user.id)))) {
          throw new AppError(429, 'TOO_MANY_REQUESTS', 'Too many support requests: try again in an hour');
        }
        // queued: the request answers at once, whatever the mail server's state (issue 27)
        await deliverMail(
          ctx,
          supportRequestMail({
            to: ctx.config.supportEmail,
            request: {
              ...form.fields,
              type: form.fields.type as HelpRequestType,
              language: form.fields.language as Language,
              files: form.files,
            },
            requester: {
              userId: user.id,
              firstName: user.first_name,
              lastName: user.last_name,
              email: user.email,
              issuerId: issuer.id,
              issuerName: issuer.name,
              plan: issuer.plan,
            },
          }),
        );
        return { ok: true as const };
      },
    );
  });
}
