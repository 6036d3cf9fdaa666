import type { Kysely } from 'kysely';
import type { AuthContext } from '../../auth/guard';
import type { Database } from '../../db/schema';
import type { ParsedIssuer } from '../../repositories/issuerRows';
import { AppError } from '../../errors';
import { findIssuerTemplate } from '../../repositories/templates';
import type { ParsedTemplate } from '../../repositories/templateRows';

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

export function issuerTemplateOptions(issuer: ParsedIssuer): IssuerTemplateOptions {
  const { params } = issuer.parsed;
  return {
    hasCustomDesign: params.hasCustomDesign === true,
    canEditTables: params.canEditTables === true,
    hasPathway: issuer.has_pathway === 1,
    metatemplates: issuer.parsed.metatemplates,
    contractId: text(params.idContrat),
    clientId: text(params.idClientEmetteur),
  };
}
