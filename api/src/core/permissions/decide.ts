import type { GraphQLResolveInfo } from 'graphql';
import { allow, and, deny, type IRule } from 'graphql-shield';
import { AppError, forbidden } from '../errors/app-error.js';

export type ShieldRule = Parameters<typeof and>[number];

// What graphql-shield hands its rules (permissions.ts builds the shield with the same settings).
const OPTIONS = {
  debug: false,
  allowExternalErrors: true,
  fallbackRule: deny,
  fallbackError: () => forbidden(),
  hashFunction: ({ parent, args }: { parent: unknown; args: unknown }) =>
    JSON.stringify([parent, args]),
};

interface ShieldContext {
  _shield?: { cache: Record<string, unknown> };
}

// A rule of the permission table decided outside graphql-shield's field middleware (before an
// operation runs, or per key of an argument): true, or the typed error to answer with. A rule
// that only says no is FORBIDDEN, as shield's own fallback is.
export async function decide(
  rule: ShieldRule,
  ctx: object,
  call: { parent?: unknown; args?: Record<string, unknown>; info?: GraphQLResolveInfo } = {},
): Promise<true | AppError> {
  const shieldCtx = ctx as ShieldContext;
  // Contextual rules cache their answer here for the rest of the request (shield reuses it).
  shieldCtx._shield ??= { cache: {} };
  const result = await (rule as IRule).resolve(
    (call.parent ?? {}) as object,
    call.args ?? {},
    shieldCtx as never,
    call.info as GraphQLResolveInfo,
    OPTIONS as never,
  );
  if (result === true) return true;
  if (result instanceof AppError) return result;
  return forbidden();
}

interface InspectableRule {
  cache?: unknown;
  getRules?: () => InspectableRule[];
}

// Whether a rule's answer depends on the request's context alone (who is calling, in which
// organization), not on the parent value, arguments or position of a field: only such a rule can
// be decided before an operation runs. Shield's `contextual` cache keys by the rule alone, so a
// contextual rule is one by contract.
export function decidableFromContext(rule: unknown): boolean {
  if (rule === allow || rule === deny) return true;
  const r = rule as InspectableRule;
  if (typeof r.getRules === 'function') return r.getRules().every(decidableFromContext);
  return r.cache === 'contextual';
}
