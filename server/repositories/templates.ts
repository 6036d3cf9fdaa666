import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import { nowIso } from '../db/clock';
import { compiledOnce } from '../db/compiledOnce';
import type { Database, NewTemplate, Template, TemplateUpdate } from '../db/schema';
import type { PathwayDefinition } from '../../domain/templates';
import { cstyleLayout, parsePathwayDefinition, parseTemplate, type ParsedTemplate } from './templateRows';

export async function listIssuerTemplates(db: Kysely<Database>, issuerId: number): Promise<ParsedTemplate[]> {
  const rows = await db
    .selectFrom('templates')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map(parseTemplate);
}

/** What the issuer's profile tells about its templates: the type and design layout of each enabled one. */
export async function listIssuerTemplateKinds(
  db: Kysely<Database>,
  issuerId: number,
): Promise<{ type: string; layout: string | null }[]> {
  const rows = await db
    .selectFrom('templates')
    .select(['type', 'cstyle'])
    .where('issuer_id', '=', issuerId)
    .where('enabled', '=', 1)
    .execute();
  return rows.map((row) => ({ type: row.type, layout: cstyleLayout(row.cstyle) }));
}

const issuerTemplateQuery = compiledOnce(
  (db: Kysely<Database>, issuerId: number, id: number) =>
    db.selectFrom('templates').selectAll().where('issuer_id', '=', issuerId).where('id', '=', id),
  [-1, -2],
);

/**
 * The template, only when it belongs to the issuer: another issuer's id reads as missing. Compiled once: the
 * public certificate page asks for it at every visit.
 */
export async function findIssuerTemplate(
  db: Kysely<Database>,
  issuerId: number,
  id: number,
): Promise<ParsedTemplate | undefined> {
  const [row] = await issuerTemplateQuery(db, issuerId, id);
  return row && parseTemplate(row);
}

/**
 * The same read for the public certificate page, whose cache compares the stored row: the row, and its parse (the
 * one parseTemplate) run only when the page is drawn, not at each visit answered from the cache.
 */
export async function findIssuerTemplateForPage(
  db: Kysely<Database>,
  issuerId: number,
  id: number,
): Promise<{ row: Template; parse(): ParsedTemplate } | undefined> {
  const [row] = await issuerTemplateQuery(db, issuerId, id);
  return row && { row, parse: () => parseTemplate(row) };
}

/**
 * What the public addresses (the template page and thumbnail, the Open Badges Achievement and BadgeClass) may show:
 * a template with a published certificate, or one its issuer shows publicly (issue 27). The probe reads one entry of
 * the certificates_template_id index, so an unknown id and an unpublished one cost the same primary-key lookup.
 */
function shownPublicly(eb: ExpressionBuilder<Database, 'templates'>) {
  return eb.or([
    eb('templates.public_sample', '=', sql.lit(1)),
    eb.exists(
      eb
        .selectFrom('certificates')
        .select(sql.lit(1).as('one'))
        .whereRef('certificates.template_id', '=', 'templates.id'),
    ),
  ]);
}

const publicIssuerTemplateQuery = compiledOnce(
  (db: Kysely<Database>, issuerId: number, id: number) =>
    db.selectFrom('templates').selectAll().where('issuer_id', '=', issuerId).where('id', '=', id).where(shownPublicly),
  [-1, -2],
);

const publicTemplateQuery = compiledOnce(
  (db: Kysely<Database>, id: number) =>
    db.selectFrom('templates').selectAll().where('id', '=', id).where(shownPublicly),
  [-1],
);

/**
 * The issuer's template when the public may see it (published, or shown publicly), else undefined: another
 * issuer's id, an unknown id and an unpublished template all read as missing.
 */
export async function findPublicIssuerTemplate(
  db: Kysely<Database>,
  issuerId: number,
  id: number,
): Promise<ParsedTemplate | undefined> {
  const [row] = await publicIssuerTemplateQuery(db, issuerId, id);
  return row && parseTemplate(row);
}

/** The template by its id alone (the Open Badges addresses carry no issuer), on the same terms. */
export async function findPublicTemplate(db: Kysely<Database>, id: number): Promise<ParsedTemplate | undefined> {
  const [row] = await publicTemplateQuery(db, id);
  return row && parseTemplate(row);
}

/** Of the given ids, those that are templates of the issuer. */
export async function issuerTemplateIds(
  db: Kysely<Database>,
  issuerId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('templates')
    .select('id')
    .where('issuer_id', '=', issuerId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

export async function insertTemplate(db: Kysely<Database>, template: Omit<NewTemplate, 'created_at'>): Promise<number> {
  const row = await db
    .insertInto('templates')
    .values({ ...template, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Changes the issuer's template; false when the issuer has no such template. */
export async function updateIssuerTemplate(
  db: Kysely<Database>,
  issuerId: number,
  id: number,
  changes: Omit<TemplateUpdate, 'id' | 'issuer_id' | 'created_at'>,
): Promise<boolean> {
  const result = await db
    .updateTable('templates')
    .set(changes)
    .where('issuer_id', '=', issuerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The issuer's pathway parents with their definitions (null when a parent's is unreadable). */
export async function listPathwayParents(
  db: Kysely<Database>,
  issuerId: number,
): Promise<{ id: number; pathway: PathwayDefinition | null }[]> {
  const rows = await db
    .selectFrom('templates')
    .select(['id', 'pathway_definition'])
    .where('issuer_id', '=', issuerId)
    .where('is_pathway_parent', '=', 1)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: row.id, pathway: parsePathwayDefinition(row.pathway_definition) }));
}

/** Marks exactly the given templates of the issuer as pathway children, and no other. */
export async function setPathwayChildren(db: Kysely<Database>, issuerId: number, childIds: readonly number[]) {
  await db.updateTable('templates').set({ is_pathway_child: 0 }).where('issuer_id', '=', issuerId).execute();
  if (childIds.length === 0) return;
  await db
    .updateTable('templates')
    .set({ is_pathway_child: 1 })
    .where('issuer_id', '=', issuerId)
    .where('id', 'in', [...childIds])
    .execute();
}
