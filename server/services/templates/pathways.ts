import type { Kysely } from 'kysely';
import { DEFAULT_PATHWAY_KEY, type PathwayDefinition } from '../../../domain/templates';
import type { AuthContext } from '../../auth/guard';
import type { Database } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import {
  issuerTemplateIds,
  listPathwayParents,
  setPathwayChildren,
  updateIssuerTemplate,
} from '../../repositories/templates';
import { callerTemplate, issuerTemplateOptions, templateNotFound } from './access';
import { inTransaction } from '../../db/transactions';

/** The parents whose pathway lists the template. */
export async function pathwaysOf(db: Kysely<Database>, issuerId: number, templateId: number): Promise<number[]> {
  const parents = await listPathwayParents(db, issuerId);
  return parents
    .filter((parent) => parent.pathway?.def.some((child) => child.id === templateId))
    .map((parent) => parent.id);
}

/**
 * Sets a parent's pathway (spec 001 section 4): needs the issuer's pathway entitlement; the children are the
 * issuer's templates, each once, never the parent itself. No definition, or no children, clears the pathway.
 * Every template's parent and child flags follow.
 */
export async function updatePathway(
  db: Kysely<Database>,
  auth: AuthContext,
  parentId: number,
  asked: { key?: string; def: { id: number }[] } | null,
): Promise<PathwayDefinition | null> {
  if (!issuerTemplateOptions(auth.issuer).hasPathway) {
    throw new AppError(403, 'PATHWAY_NOT_AVAILABLE', 'Pathways are not part of your account');
  }
  await callerTemplate(db, auth, parentId);
  const childIds = asked?.def.map((child) => child.id) ?? [];
  if (childIds.includes(parentId)) throw badRequest('PATHWAY_SELF_CHILD', 'A template cannot be its own child');
  if (new Set(childIds).size !== childIds.length) {
    throw badRequest('PATHWAY_DUPLICATE_CHILD', 'A child is listed twice');
  }
  const known = await issuerTemplateIds(db, auth.issuer.id, childIds);
  if (childIds.some((id) => !known.has(id))) throw templateNotFound();

  const definition: PathwayDefinition | null =
    childIds.length === 0
      ? null
      : { key: asked?.key?.trim() || DEFAULT_PATHWAY_KEY, def: childIds.map((id) => ({ id })) };
  await inTransaction(db, async (trx) => {
    await updateIssuerTemplate(trx, auth.issuer.id, parentId, {
      is_pathway_parent: definition ? 1 : 0,
      pathway_definition: definition ? JSON.stringify(definition) : null,
    });
    const parents = await listPathwayParents(trx, auth.issuer.id);
    const children = parents.flatMap((parent) => parent.pathway?.def ?? []);
    await setPathwayChildren(
      trx,
      auth.issuer.id,
      children.map((child) => child.id),
    );
  });
  return definition;
}
