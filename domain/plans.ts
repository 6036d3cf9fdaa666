/** Plan tiers in order (spec 000 section 4). An unverified issuer counts as FREE_TRIAL. */
export const PLAN_ORDER = ['FREE_TRIAL', 'ESSENTIALS_PACK', 'WHITE_LABEL', 'INFINITE', 'LEGACY'] as const;
export type Plan = (typeof PLAN_ORDER)[number];

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLAN_ORDER as readonly string[]).includes(value);
}

export function effectivePlan(plan: Plan, verified: boolean): Plan {
  return verified ? plan : 'FREE_TRIAL';
}

export function planAtLeast(plan: Plan, minimum: Plan): boolean {
  return PLAN_ORDER.indexOf(plan) >= PLAN_ORDER.indexOf(minimum);
}
