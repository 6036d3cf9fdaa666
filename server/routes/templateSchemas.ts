import { MAX_REMINDERS, REMINDER_MAX_DAYS, REMINDER_MIN_DAYS, VALIDITY_UNITS } from '../../domain/expiry';
import { z } from 'zod';
import { REGISTRY_TYPES } from '../../domain/templateRules/registryParams';
import { LAYOUTS } from '../../domain/templateRules/style';
import { NFT_NETWORK, TAG_VISIBILITIES, TEMPLATE_TYPES } from '../../domain/templates';

/** Request schemas of the template calls; the rules beyond shape are domain/templateRules, applied by the services. */

export const issuerTemplateParams = z.object({
  issuer: z.coerce.number().int().positive(),
  id: z.coerce.number().int().positive(),
});

const color = z.string().max(64);
const fontWeight = z.literal(['normal', 'bold', 100, 200, 300, 400, 500, 600, 700, 800, 900]);
const textStyle = z.object({ fontWeight, fontSize: z.number(), color });
const filledTextStyle = textStyle.extend({ background: color });

/** The design (spec 001 section 3, Style); allowed layouts and minimums are checked by validateStyle. */
export const cstyleSchema = z.object({
  layout: z.enum(LAYOUTS),
  style: z.object({
    root: z.object({ fontFamily: z.string().max(200), background: color }),
    section: z.object({ background: color }),
    splitter: z.object({ color }),
    title: filledTextStyle,
    paragraph: textStyle,
    subTitle: textStyle,
    link: textStyle,
    graduateName: textStyle,
    skill: filledTextStyle.extend({ borderRadius: z.number(), border: z.object({ width: z.number(), color }) }),
  }),
  // a PNG data URL; its shape, content and size (50000 bytes) are checked by validateStyle, this only bounds it
  designImage: z.string().max(200_000).optional(),
});

const languageCode = z.string().min(2).max(8);
const logoName = z.string().max(300);
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');
const languageContent = z
  .record(z.string().max(50), z.string().max(20_000).nullable())
  .refine((content) => Object.keys(content).length <= 40, 'too many fields');

/** The template payload of spec 001 section 3 with the content per language (see TemplatePayload). */
export const templatePayloadSchema = z.object({
  type: z.enum(TEMPLATE_TYPES),
  DefaultLanguage: languageCode.optional(),
  network: z.literal(NFT_NETWORK).nullable().optional(),
  cstyle: cstyleSchema.optional(),
  badge: z.record(languageCode, logoName).optional(),
  partnerLogo: logoName.nullable().optional(),
  issuerLogo: logoName.nullable().optional(),
  content: z
    .record(languageCode, languageContent)
    .refine((content) => Object.keys(content).length <= 10, 'too many languages'),
  params: z
    .object({
      type: z.enum(REGISTRY_TYPES),
      idClientCertificateur: z.string().max(100).optional(),
      idClientEmetteur: z.string().max(100).optional(),
      idContrat: z.string().max(100).optional(),
    })
    .optional(),
  meta: z
    .object({
      meta_url: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)]).optional(),
      meta_startdate: isoDate.nullable().optional(),
      meta_enddate: isoDate.nullable().optional(),
      meta_landscape: z.boolean().optional(),
      meta_type: z.string().max(50).optional(),
    })
    .optional(),
  // the column names' rules (count, length, characters) are checked by validateTechnicalFields
  technicalFields: z.array(z.string().max(200)).max(20).optional(),
  publicSample: z.boolean().optional(),
  namesOptional: z.boolean().optional(),
  expiry: z
    .object({
      validity: z.object({ amount: z.number().int().min(1).max(36500), unit: z.enum(VALIDITY_UNITS) }).nullable(),
      // distinct days are checked by saveTemplate (checkReminderDays)
      reminderDays: z.array(z.number().int().min(REMINDER_MIN_DAYS).max(REMINDER_MAX_DAYS)).max(MAX_REMINDERS),
      remindIssuer: z.boolean(),
      issuerReminderEmail: z.union([z.literal(''), z.email().max(254)]),
    })
    .optional(),
});

/** The multipart json part: the payload with its mode, and the id in update mode. */
export const templateFormSchema = templatePayloadSchema
  .extend({ mode: z.enum(['add', 'update']), id: z.number().int().positive().optional() })
  .refine((payload) => payload.mode === 'add' || payload.id !== undefined, {
    message: 'the id is required in update mode',
    path: ['id'],
  });

export const notesBody = z.object({ notes: z.string().max(2000) });

export const pathwayBody = z.object({
  pathwayDefinition: z
    .object({
      key: z.string().max(100).optional(),
      def: z.array(z.object({ id: z.number().int().positive() })).max(200),
    })
    .nullable(),
});

export const referenceTablesBody = z.object({
  templateId: z.number().int().positive(),
  tables: z
    .array(
      z.object({
        table: z.string().max(100),
        key: z.string().max(200),
        definition: z.record(z.string().max(100), z.string().max(5000)),
      }),
    )
    .max(10_000),
});

export const tagsConfigBody = z.strictObject({
  tags: z
    .array(
      z.object({
        id: z.number().int().positive().optional(),
        name: z.string().max(200),
        visibility: z.enum(TAG_VISIBILITIES).optional(),
        templates: z.array(z.number().int().positive()).max(10_000).optional(),
        isActive: z.boolean().optional(),
      }),
    )
    .max(1000),
});
