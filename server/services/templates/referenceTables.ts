import type { Kysely } from 'kysely';
import { canEditTemplate } from '../../../domain/permissions';
import {
  checkReferences,
  isReferenceTableName,
  type ReferenceEntry,
  type ReferenceTables,
} from '../../../domain/templateRules/referenceTables';
import { NFT_NETWORK, type TemplateTablesDefinition } from '../../../domain/templates';
import type { AuthContext } from '../../auth/guard';
import type { Database, Template } from '../../db/schema';
import { AppError, badRequest } from '../../errors';
import { updateIssuerTemplate } from '../../repositories/templates';
import { callerTemplate, issuerTemplateOptions } from './access';

/** One entry as the reference table screen sends it. */
export interface ReferenceTableEntry {
  table: string;
  key: string;
  definition: Record<string, string>;
}

/**
 * Spec 001 section 6: the edit right, and (network gnosis, or a non-production environment, or canEditTables).
 * The server has no production switch; an account is given canEditTables where tables may change.
 */
function canEditTables(auth: AuthContext, template: Template): boolean {
  return (
    canEditTemplate(auth.profileId) &&
    (template.network === NFT_NETWORK || issuerTemplateOptions(auth.issuer).canEditTables)
  );
}

function onlyReferenceTables(tables: ReferenceTables): ReferenceTables {
  return Object.fromEntries(Object.entries(tables).filter(([name]) => isReferenceTableName(name)));
}

/** The template definition read of the reference table screen: label, ref_ tables, network, and the edit right. */
export async function templateTables(
  db: Kysely<Database>,
  auth: AuthContext,
  templateId: number,
): Promise<TemplateTablesDefinition> {
  const template = await callerTemplate(db, auth, templateId);
  return {
    id: template.id,
    label: template.parsed.label,
    template: onlyReferenceTables(template.parsed.referenceTables),
    storage: { network: template.network },
    canEdit: canEditTables(auth, template),
  };
}

/**
 * Replaces the template's ref_ tables with the entries sent. Names must start with ref_, keys be unique in
 * their table, and every ref_{table}[{key}] reference resolve to another table's entry; otherwise nothing is
 * saved and the reference errors are answered (REFERENCE_ERRORS, each 'inexistant' or 'recursive').
 */
export async function saveReferenceTables(
  db: Kysely<Database>,
  auth: AuthContext,
  templateId: number,
  entries: readonly ReferenceTableEntry[],
): Promise<TemplateTablesDefinition> {
  const template = await callerTemplate(db, auth, templateId);
  if (!canEditTables(auth, template)) {
    throw new AppError(403, 'REFERENCE_TABLES_LOCKED', 'The reference tables of this template cannot be changed');
  }
  const fields: Record<string, string> = {};
  const tables: Record<string, Record<string, ReferenceEntry>> = {};
  entries.forEach((entry, index) => {
    const table = entry.table.trim();
    const key = entry.key.trim();
    if (!isReferenceTableName(table)) fields[`tables.${index}.table`] = 'not_a_reference_table';
    if (key === '') fields[`tables.${index}.key`] = 'required';
    tables[table] ??= {};
    if (Object.hasOwn(tables[table], key)) fields[`tables.${index}.key`] = 'exists';
    tables[table][key] = Object.fromEntries(
      Object.entries(entry.definition).map(([column, value]) => [column.trim(), value]),
    );
  });
  if (Object.keys(fields).length > 0)
    throw badRequest('VALIDATION_ERROR', 'The reference tables are not valid', { fields });
  const errors = checkReferences(tables);
  if (errors.length > 0) throw badRequest('REFERENCE_ERRORS', 'Some references point nowhere', { errors });

  const kept = Object.fromEntries(
    Object.entries(template.parsed.referenceTables).filter(([name]) => !isReferenceTableName(name)),
  );
  await updateIssuerTemplate(db, auth.issuer.id, template.id, {
    reference_tables: JSON.stringify({ ...kept, ...tables }),
  });
  return templateTables(db, auth, template.id);
}
