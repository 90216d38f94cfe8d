import { formatMoney } from '@/money';
import type { PricingPlan } from './signup.graphql';

export type Interval = 'MONTHLY' | 'ANNUAL';

/** "$39" or "$32.50": whole dollars without cents. */
function dollars(cents: number): string {
  return formatMoney(cents).replace(/\.00$/, '');
}

/** What a plan costs per month for the chosen interval (annual plans: their year ÷ 12). */
export function monthlyFigure(plan: PricingPlan, interval: Interval): string | null {
  const price = interval === 'ANNUAL' ? plan.annualPrice : plan.monthlyPrice;
  if (price === null || price === undefined) return null;
  const cents = Math.round(Number(price) * 100);
  return dollars(interval === 'ANNUAL' ? Math.round(cents / 12) : cents);
}

/** The line under the price: "billed $390 a year" or "billed monthly". */
export function billedAs(plan: PricingPlan, interval: Interval): string {
  if (plan.contactSales) return 'Priced for your association';
  if (interval === 'MONTHLY') return 'billed monthly';
  return `billed ${dollars(Math.round(Number(plan.annualPrice) * 100))} a year`;
}

export function unitsText(plan: PricingPlan): string {
  return plan.maxUnits === null ? 'Unlimited units' : `Up to ${plan.maxUnits} units`;
}

/** The smallest plan sold online that covers the units, for a hint on the form. */
export function planFor(plans: PricingPlan[], units: number): PricingPlan | null {
  return plans.find((p) => !p.contactSales && (p.maxUnits === null || p.maxUnits >= units)) ?? null;
}
