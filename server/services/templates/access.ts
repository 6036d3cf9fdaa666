import type { Kysely } from 'kysely';
import type { AuthContext } from '../../auth/guard';
import type { Database, Issuer } from '../../db/schema';
import { AppError } from '../../errors';
import { findIssuerTemplate } from '../../repositories/templates';
import type { ParsedTemplate } from '../../repositories/templateRows';
import { parseJson } from './views';

export const templateNotFound = () =>
  new AppError(404, 'TEMPLATE_NOT_FOUND', 'No template with this id in your organisation');

/** A path's {issuer} must be the caller's own issuer; any other reads as a missing template, never as a refusal. */
export function checkIssuerParam(auth: AuthContext, issuerParam: number): void {
  if (issuerParam !== auth.issuer.id) throw templateNotFound();
}

/** The caller's template with this id; another issuer's template is 404, like a missing one. */
export async function callerTemplate(db: Kysely<Database>, auth: AuthContext, id: number): Promise<ParsedTemplate> {
  const row = await findIssuerTemplate(db, auth.issuer.id, id);
  if (!row) throw templateNotFound();
  return row;
}

/** What the issuer's account allows in the template area (issuer params, entitlements, metatemplates). */
export interface IssuerTemplateOptions {
  hasCustomDesign: boolean;
  canEditTables: boolean;
  hasPathway: boolean;
  metatemplates: string[];
  /** the account's registry contract id and client id, when it has them */
  contractId: string | null;
  clientId: string | null;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Metatemplates are stored as type names; objects with a Type (as the who call answers them) are read too. */
function metatemplateTypes(raw: string): string[] {
  const value = parseJson<unknown>(raw, []);
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item === 'string') return [item];
    const type = typeof item === 'object' && item !== null ? (item as { Type?: unknown }).Type : undefined;
    return typeof type === 'string' ? [type] : [];
  });
}

export function issuerTemplateOptions(issuer: Issuer): IssuerTemplateOptions {
  const params = parseJson<Record<string, unknown>>(issuer.params, {});
  return {
    hasCustomDesign: params.hasCustomDesign === true,
    canEditTables: params.canEditTables === true,
    hasPathway: issuer.has_pathway === 1,
    metatemplates: metatemplateTypes(issuer.metatemplates),
    contractId: text(params.idContrat),
    clientId: text(params.idClientEmetteur),
  };
}
