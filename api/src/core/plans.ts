import type { Config, PlanConfig } from '../config.js';
import { AppError } from './errors/app-error.js';
import type { TenantEntry } from './tenancy/tenant-directory.js';

// What an association's plan lets it do, where the limits bite: units (createUnit, importUnits)
// and AI investment planning. The plans of the pricing page come from configuration
// (config.billing.plans); levels a super admin sets by contract (standard, trial) are not sold
// online and carry no limits.
export interface PlanLimits {
  name: string;
  maxUnits: number | null;
  aiPlanning: boolean;
}

const CONTRACT_PLANS: Record<string, string> = { standard: 'Standard', trial: 'Trial' };

export function planLimits(config: Config, level: string): PlanLimits {
  const sold = config.billing.plans.find((p) => p.level === level);
  if (sold) return { name: sold.name, maxUnits: sold.maxUnits, aiPlanning: sold.aiPlanning };
  return { name: CONTRACT_PLANS[level] ?? level, maxUnits: null, aiPlanning: true };
}

// The smallest plan above `level` that allows `fits`, for the upgrade path in a refusal.
function upgradeFor(config: Config, level: string, fits: (p: PlanConfig) => boolean) {
  const plans = config.billing.plans;
  const at = plans.findIndex((p) => p.level === level);
  return plans.slice(at + 1).find(fits) ?? null;
}

function upgradeText(p: PlanConfig | null, what: string) {
  if (!p) return 'contact us to raise it';
  return p.contactSales
    ? `the ${p.name} plan has ${what}: contact us to upgrade`
    : `upgrade to ${p.name} for ${what}`;
}

// Refuses units above the plan's limit: `existing` units now, `adding` more.
export function assertUnitsWithinPlan(
  config: Config,
  org: Pick<TenantEntry, 'planLevel'>,
  existing: number,
  adding: number,
) {
  const plan = planLimits(config, org.planLevel);
  if (plan.maxUnits === null || existing + adding <= plan.maxUnits) return;
  const next = upgradeFor(
    config,
    org.planLevel,
    (p) => p.maxUnits === null || p.maxUnits > plan.maxUnits!,
  );
  const room = Math.max(plan.maxUnits - existing, 0);
  throw new AppError(
    'PLAN_LIMIT',
    `The ${plan.name} plan includes up to ${plan.maxUnits} units; you have ${existing}` +
      `${room ? ` and can add ${room} more` : ''}. To add ${adding}, ${upgradeText(
        next,
        next?.maxUnits ? `up to ${next.maxUnits} units` : 'unlimited units',
      )}.`,
    [{ field: 'plan', message: `${plan.name}: up to ${plan.maxUnits} units` }],
    { limit: 'units', plan: org.planLevel, max: plan.maxUnits, upgradeTo: next?.level ?? null },
  );
}

export function assertPlanIncludesAi(config: Config, org: Pick<TenantEntry, 'planLevel'>) {
  const plan = planLimits(config, org.planLevel);
  if (plan.aiPlanning) return;
  const next = upgradeFor(config, org.planLevel, (p) => p.aiPlanning);
  throw new AppError(
    'PLAN_LIMIT',
    `AI investment planning is not part of the ${plan.name} plan; ${upgradeText(next, 'it')}.`,
    [{ field: 'plan', message: `${plan.name}: no AI investment planning` }],
    { limit: 'aiPlanning', plan: org.planLevel, upgradeTo: next?.level ?? null },
  );
}

// Writes stop once the subscription lapsed (past-due grace over, trial ended); reads go on.
export function isReadOnly(org: Pick<TenantEntry, 'readOnlyFrom'>, now = new Date()) {
  return org.readOnlyFrom !== null && org.readOnlyFrom.getTime() <= now.getTime();
}

export function readOnlyError(org: Pick<TenantEntry, 'billingStatus' | 'name'>) {
  const reason =
    org.billingStatus === 'trialing'
      ? 'TRIAL_ENDED'
      : org.billingStatus === 'canceled'
        ? 'SUBSCRIPTION_CANCELED'
        : 'PAST_DUE';
  const why =
    reason === 'TRIAL_ENDED'
      ? 'its free trial has ended'
      : reason === 'SUBSCRIPTION_CANCELED'
        ? 'its subscription was canceled'
        : 'its subscription payment is past due';
  return new AppError(
    'ORG_READ_ONLY',
    `${org.name} is read-only because ${why}: reports and exports still work; changes resume once payment goes through.`,
    undefined,
    { reason },
  );
}
