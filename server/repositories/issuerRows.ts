import { parseJson } from '../../domain/json';
import type { Issuer } from '../db/schema';

/**
 * An issuer's JSON columns, parsed in one place (issue 29): the issuers repository answers the row with these
 * beside the stored text. The text stays, because a change of params is written only if it is still what was read.
 */
export interface ParsedIssuer extends Issuer {
  parsed: {
    /** spec 000 section 3's issuer params (sender, replyTo, tracking, hasCustomDesign, …); {} when unreadable */
    params: Record<string, unknown>;
    /** the template types the issuer may create */
    metatemplates: string[];
  };
}

export function parseIssuer(row: Issuer): ParsedIssuer {
  return {
    ...row,
    parsed: { params: parseIssuerParams(row.params), metatemplates: parseMetatemplates(row.metatemplates) },
  };
}

/** The issuer's params: an object, or {} when the text is missing, not JSON or not an object. */
export function parseIssuerParams(raw: string | null | undefined): Record<string, unknown> {
  const value = parseJson<unknown>(raw ?? null, {});
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Metatemplates are stored as type names; objects with a Type (as the who call answers them) are read too. */
export function parseMetatemplates(raw: string): string[] {
  const value = parseJson<unknown>(raw, []);
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item === 'string') return [item];
    const type = typeof item === 'object' && item !== null ? (item as { Type?: unknown }).Type : undefined;
    return typeof type === 'string' ? [type] : [];
  });
}
