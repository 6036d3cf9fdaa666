import { VALIDITY_UNITS } from '../../domain/expiry';
import { z } from 'zod';
import { ICON_GROUPS, type BadgeModel } from '../../domain/badgeImage/model';
import { PROFILE_IDS } from '../../domain/roles';
import type { ReferenceTables } from '../../domain/templateRules/referenceTables';
import type { CStyle } from '../../domain/templateRules/style';
import { TAG_VISIBILITIES, TEMPLATE_TYPES, type PathwayDefinition } from '../../domain/templates';
import { apiErrorSchema } from './apiDocs';

/**
 * Small answer shapes several routes share, and the way a route declares a non-JSON answer (issue 13: every
 * operation describes its answer in docs/api/openapi.json and in the web app's generated types). A JSON answer
 * is a zod schema: fastify-type-provider-zod encodes the handler's value through it, so a field the schema does
 * not list is dropped (z.object) and a value of the wrong type is a 500. Large documents the server builds
 * elsewhere (signed credentials, the current user…) are z.looseObject: their main fields are declared and
 * typed, and nothing else is dropped.
 */
export const okAnswer = z.object({ ok: z.boolean() });

/** A session token (sign-in, second factor, SSO). */
export const tokenAnswer = z.object({ token: z.string() });

/** Bytes as a handler sends them (a Buffer, a stream or a string): fastify never re-serialises them. */
const binary = domainAnswer<string | Uint8Array | NodeJS.ReadableStream>(z.string().meta({ format: 'binary' }));

/** A file or page answered as bytes of this type. */
export function fileAnswer(contentType: string, description: string) {
  return { description, content: { [contentType]: { schema: binary } } };
}

/**
 * The shared error shape under its range, for a route whose handler answers an error itself (reply.code(410)):
 * server/routes/apiDocs.ts adds it to every route at start, this lets the handler's types allow those codes.
 */
export const errorAnswers = { '4xx': apiErrorSchema } as const;

/** An HTML page (public certificate and template pages). */
export function htmlAnswer(description: string) {
  return { description, content: { 'text/html': { schema: z.string() } } };
}

/** A JSON document the server builds elsewhere and answers whole (credentials, DID documents, status lists). */
export const jsonDocument = z.record(z.string(), z.unknown());

/** Several content types for one answer (an image stored as SVG, PNG or JPEG). */
export function filesAnswer(contentTypes: readonly string[], description: string) {
  return { description, content: Object.fromEntries(contentTypes.map((type) => [type, { schema: binary }])) };
}

/** A JSON document answered as text the server signed or built (never re-serialised, so signatures hold). */
export function jsonDocumentAnswer(description: string) {
  return { description, content: { 'application/json': { schema: jsonDocument } } };
}

/** The id of what a call created or changed. */
export const idAnswer = z.object({ id: z.number() });

/** A user's profile (domain/roles.ts): 1 Administrator, 2 Manager, 3 Publisher, 6 Reader. */
export const profileIdAnswer = z.literal(PROFILE_IDS);

/**
 * A loose schema (nothing dropped, little checked) that the route handlers' types see as the domain type T: for
 * values parsed from a JSON column and passed on as they are. The OpenAPI document, and so the web app's types,
 * say what the schema says.
 */
function domainAnswer<T>(schema: z.ZodType): z.ZodType<T, T> {
  return schema as unknown as z.ZodType<T, T>;
}

// Templates (spec 001 sections 3 and 7). JSON columns are parsed, not re-checked, when read: their answer schemas
// name the shape the editors write and keep whatever else a stored value holds.

/** A label: one string, or one per language. */
export const labelAnswer = z.union([z.string(), z.record(z.string(), z.string())]);
const templateContentAnswer = z.record(z.string(), z.record(z.string(), z.string().nullable()));
const cstyleAnswer = domainAnswer<CStyle>(
  z.looseObject({ layout: z.string(), style: z.record(z.string(), z.unknown()), designImage: z.string().optional() }),
);
const pathwayDefinitionAnswer = domainAnswer<PathwayDefinition>(
  z.looseObject({ key: z.string(), def: z.array(z.looseObject({ id: z.number() })) }),
);
// ref_ tables by name; the column's other keys belong to the rest of the template and are answered as stored
const referenceTablesAnswer = domainAnswer<ReferenceTables>(z.record(z.string(), z.unknown()));
const metaFieldsAnswer = {
  meta_url: z.string(),
  meta_startdate: z.string().nullable(),
  meta_enddate: z.string().nullable(),
  meta_landscape: z.boolean(),
  meta_type: z.string(),
};

export const templateSummaryAnswer = z.object({
  id: z.number(),
  label: labelAnswer,
  type: z.string(),
  enable: z.boolean(),
  usable: z.boolean(),
  mode: z.enum(['NFT', 'Classic']),
  tags: z.array(z.string()),
  notes: z.string(),
  certificationCounter: z.number(),
  dateCreation: z.string(),
  lastCampaignId: z.number().nullable(),
  lastCampaignDate: z.string().nullable(),
  thumbnail: z.string().nullable(),
  languagesList: z.string(),
  DefaultLanguage: z.string(),
  meta_type: z.string(),
  isPathwayParent: z.boolean(),
  isPathwayChild: z.boolean(),
  pathwayDefinition: pathwayDefinitionAnswer.nullable(),
  hasReferenceTables: z.boolean(),
});

export const templateMetaAnswer = z.object({
  ...metaFieldsAnswer,
  id: z.number(),
  label: labelAnswer,
  meta_thumbnail: z.string().nullable(),
  meta_cstyle: cstyleAnswer.nullable(),
});

export const templateDetailAnswer = templateSummaryAnswer.extend({
  ...templateMetaAnswer.shape,
  isNft: z.boolean(),
  network: z.string().nullable(),
  content: templateContentAnswer,
  params: z.record(z.string(), z.unknown()),
  technicalFields: z.string(),
  fieldsToCertified: z.string(),
  placeholders: z.string(),
  fileFields: z.string(),
  NbCharMax: z.number(),
  requiresFiles: z.boolean(),
  referenceTables: referenceTablesAnswer,
  pathways: z.array(z.number()),
});

export const templateDefinitionAnswer = z.object({
  id: z.number(),
  type: z.enum(TEMPLATE_TYPES),
  mode: z.enum(['add', 'update']),
  DefaultLanguage: z.string(),
  network: z.string().nullable(),
  cstyle: cstyleAnswer.nullable(),
  badge: z.record(z.string(), z.string()),
  partnerLogo: z.string().nullable(),
  issuerLogo: z.string().nullable(),
  content: templateContentAnswer,
  params: z.record(z.string(), z.unknown()),
  meta: z.object(metaFieldsAnswer),
  label: labelAnswer,
  languagesList: z.string(),
  technicalFields: z.array(z.string()),
  publicSample: z.boolean(),
  namesOptional: z.boolean(),
  expiry: z
    .object({
      validity: z.object({ amount: z.number(), unit: z.enum(VALIDITY_UNITS) }).nullable(),
      reminderDays: z.array(z.number()),
      remindIssuer: z.boolean(),
      issuerReminderEmail: z.string(),
    })
    .optional(),
  certificationCounter: z.number(),
  lockedLanguages: z.array(z.string()),
});

export const templateImportDataAnswer = z.object({
  id: z.number(),
  type: z.string(),
  usable: z.boolean(),
  enable: z.boolean(),
  languages: z.array(z.string()),
  DefaultLanguage: z.string(),
  technicalFields: z.array(z.string()),
  fieldsToCertified: z.array(z.string()),
  fileFields: z.array(z.string()),
  requiresFiles: z.boolean(),
  NbCharMax: z.number(),
  openbadge: z.boolean(),
  namesOptional: z.boolean(),
  validity: z.object({ amount: z.number(), unit: z.enum(VALIDITY_UNITS) }).nullable(),
});

export const templateTablesAnswer = z.object({
  id: z.number(),
  label: labelAnswer,
  template: referenceTablesAnswer,
  storage: z.object({ network: z.string().nullable() }),
  canEdit: z.boolean(),
});

// Publication, campaigns and credits (spec 001 section 7).

const campaignItemAnswer = z.object({
  ID: z.number(),
  templateId: z.number(),
  label: labelAnswer,
  date: z.string(),
  Status: z.string(),
  nbActive: z.number(),
  certifiedDegrees: z.number(),
  userFirstname: z.string(),
  userLastname: z.string(),
  Notes: z.string(),
});

export const campaignsAnswer = z.object({
  campaigns: z.array(campaignItemAnswer),
  lastCampaign: campaignItemAnswer.nullable(),
  nbCampaigns: z.number(),
});

export const creditsAnswer = z.object({
  current: z.number(),
  operations: z.array(z.object({ operation_date: z.string(), credits: z.number(), reason: z.string() })),
});

// Reports and search (spec 002 section 7).

/** One certificate row: the fields every row has, then its data fields (the template's own columns). */
export const reportRowAnswer = z.looseObject({
  key: z.string(),
  EvidenzId: z.number(),
  url: z.string(),
  StatusID: z.number(),
  Language: z.string(),
  available: z.boolean(),
  mail: z.boolean(),
  EmailStatus: z.enum(['Sent', 'Read', 'not delivered', 'not sent']),
  LastActivity: z.string().nullable(),
  hasEmail: z.boolean(),
  txInBlockchainExplorer: z.string().nullable(),
  PublicationDate: z.string(),
  CampaignID: z.number(),
  TemplateID: z.number(),
  email: z.string(),
  email_sent: z.string().nullable(),
  WalletTakenAt: z.string().nullable().optional().describe('when the certificate was last taken into a wallet'),
  WalletProtocol: z.string().nullable().optional().describe("by which protocol: 'oid4vci' or 'vcapi'"),
  Views: z.number().optional().describe("people's views of the public page, once per visitor and day (issue 31)"),
  FirstView: z.string().nullable().optional().describe('when the public page was first viewed'),
  LastView: z.string().nullable().optional().describe('when the public page was last viewed'),
  Downloads: z.number().optional().describe('downloads of the PDF and of the badge image'),
  LinkedInClicks: z.number().optional().describe("clicks on the page's and the mail's LinkedIn button"),
  Verifications: z.number().optional().describe('verifications by the verify page and the VC-API verifier'),
  CorrectionRequestId: z
    .number()
    .nullable()
    .optional()
    .describe("the recipient's pending correction request (GET /api/admin/correction-requests/:id), or null"),
  RenewedBy: z
    .string()
    .nullable()
    .optional()
    .describe('the key of the certificate that renewed this one (POST /api/admin/certificates/renew), or null'),
});

const reportCountersAnswer = z.object({
  total: z.number(),
  validated: z.number(),
  disabled: z.number(),
  minting: z.number(),
});

export const reportRowsAnswer = z.object({
  data: z.array(reportRowAnswer),
  count: z.number(),
  countBounded: z
    .literal(true)
    .optional()
    .describe("A search's count stopped at `count` (1,000 rows past the offset): more rows match"),
  counters: reportCountersAnswer.optional(),
});

export const searchAnswer = z.object({ data: z.array(reportRowAnswer), total: z.number() });

export const reportHeaderAnswer = z.object({
  campaign: z
    .object({
      ID: z.number(),
      Status: z.string(),
      Notes: z.string(),
      date: z.string(),
      startDate: z.string(),
      endDate: z.string(),
      nbActives: z.number(),
      error: z.string().nullable(),
    })
    .nullable(),
  template: z.object({
    id: z.number(),
    label: labelAnswer,
    type: z.string(),
    mode: z.enum(['NFT', 'Classic']),
    fieldsToCertified: z.string(),
    languages: z.array(z.string()),
    DefaultLanguage: z.string(),
    hasCustomCstyleLayout: z.boolean(),
  }),
  counters: reportCountersAnswer,
});

/** A bulk status change: certificates changed, and those named that were not found or could not change. */
export const operationAnswer = z.object({ updated: z.number(), skipped: z.number() });

// Emails (spec 002 sections 2.3 and 7).

export const emailingSettingsAnswer = z.object({
  domains: z.array(z.string()),
  mailingTemplates: z.array(z.object({ id: z.string(), label: z.string(), defaultValue: z.boolean() })),
  defaults: z.object({
    object: z.string(),
    sender: z.object({ name: z.string(), email: z.string() }),
    replyTo: z.object({ name: z.string(), email: z.string() }),
  }),
  tracking: z.boolean(),
});

export const emailsQueuedAnswer = z.object({ ok: z.literal(true), nbEmails: z.number() });

// Documents (PDF and zip requests, spec 002 section 7).

export const documentTokenAnswer = z.object({ token: z.string(), ready: z.literal(false) });
export const documentReadyAnswer = z.union([
  z.object({ ready: z.literal(true), url: z.string() }),
  z.object({ ready: z.literal(false) }),
]);

// The badge image library (spec 002 sections 2.5 and 7). Models are checked by domain/badgeImage when saved.

export const badgeModelAnswer = domainAnswer<BadgeModel>(
  z.looseObject({}).meta({ description: 'a badge model (domain/badgeImage/model.ts)' }),
);

export const libraryListAnswer = z.record(
  z.string(),
  z.object({ name: z.string(), model: badgeModelAnswer.optional(), createdAt: z.string(), updatedAt: z.string() }),
);

export const libraryDetailsAnswer = z.record(
  z.string(),
  z.object({ name: z.string(), model: badgeModelAnswer, thumbnail: z.string().nullable() }),
);

export const iconCatalogueAnswer = z.array(
  z.object({
    name: z.string(),
    data: z.string(),
    group: z.enum(ICON_GROUPS),
    style: z.enum(['outline', 'solid']),
    hash: z.string(),
  }),
);

export const fontManifestAnswer = z.array(
  z.object({
    family: z.string(),
    faces: z.array(
      z.object({ weight: z.number(), style: z.enum(['normal', 'italic']), file: z.string(), url: z.string() }),
    ),
  }),
);

/** A template tag as the tags page and the issuer's configuration answer it. */
export const tagAnswer = z.object({
  id: z.number(),
  issuerId: z.number(),
  name: z.string(),
  visibility: z.enum(TAG_VISIBILITIES),
  templates: z.array(z.number()),
  isActive: z.boolean(),
});
