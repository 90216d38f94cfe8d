import type { ApolloCache } from '@apollo/client/core';
import type { Cents } from '@/money';
import { centsToMoney, formatMoneyInput, parseMoneyInput } from '@/money';
import type {
  AccountRef,
  AssessmentFrequency,
  AssessmentGroup,
  AssessmentGroupInput,
  LateFeePolicy,
  PropertyType,
} from './assessments.graphql';
import { plural } from '@/format';

export const FREQUENCIES: {
  value: AssessmentFrequency;
  label: string;
  per: string;
  periodsPerYear: number;
}[] = [
  { value: 'MONTHLY', label: 'Monthly', per: 'month', periodsPerYear: 12 },
  { value: 'QUARTERLY', label: 'Quarterly', per: 'quarter', periodsPerYear: 4 },
  { value: 'ANNUAL', label: 'Annual', per: 'year', periodsPerYear: 1 },
];

export function frequencyLabel(frequency: AssessmentFrequency): string {
  return FREQUENCIES.find((f) => f.value === frequency)?.label ?? frequency;
}

/** "quarter", how a rate reads: "$450.00 per quarter". */
export function frequencyPer(frequency: AssessmentFrequency): string {
  return FREQUENCIES.find((f) => f.value === frequency)?.per ?? 'period';
}

export function periodsPerYear(frequency: AssessmentFrequency): number {
  return FREQUENCIES.find((f) => f.value === frequency)?.periodsPerYear ?? 12;
}

/**
 * A per-period amount as a monthly equivalent, rounded half-up to the cent: what the API computes
 * (×1, ÷3, ÷12), so the form shows the same figure before it is saved.
 */
export function monthlyEquivalent(cents: Cents, frequency: AssessmentFrequency): Cents {
  const months = 12 / periodsPerYear(frequency);
  const sign = cents < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(cents) * 2 + months) / (2 * months));
}

/** "1010 — Operating Checking" */
export function accountName(account: AccountRef | null | undefined): string {
  return account ? `${account.number} — ${account.name}` : '';
}

/** "$25.00 + 1.5% of the overdue balance + 1% a month, after 15 days" */
export function lateFeeSummary(policy: LateFeePolicy | null, format: (m: string) => string) {
  if (!policy) return 'No late fees';
  const parts: string[] = [];
  if (parseMoneyInput(policy.flatFee).kind === 'ok' && Number(policy.flatFee) !== 0)
    parts.push(format(policy.flatFee));
  if (policy.percent) parts.push(`${policy.percent}% of the overdue balance`);
  if (policy.monthlyInterestPercent) parts.push(`${policy.monthlyInterestPercent}% a month`);
  const fee = parts.length ? parts.join(' + ') : 'No charge';
  const days = policy.graceDays;
  return `${fee}, after ${plural(days, 'day', 'days')}`;
}

// ---------------------------------------------------------------------------------------------
// The group form

export interface RateRow {
  propertyTypeId: string;
  name: string;
  /** As typed. */
  regular: string;
  special: string;
}

export interface GroupForm {
  name: string;
  description: string;
  frequency: AssessmentFrequency;
  isDefault: boolean;
  dueDay: number;
  regularIncomeAccountId: string | null;
  specialIncomeAccountId: string | null;
  rates: RateRow[];
  lateFeeEnabled: boolean;
  graceDays: number;
  flatFee: string;
  percent: number;
  monthlyInterestPercent: number;
  lateFeeAccountId: string | null;
}

/** The form for a group (null: a new one), one rate row per property type. */
export function groupForm(
  group: AssessmentGroup | null,
  types: readonly PropertyType[],
): GroupForm {
  const rateOf = new Map((group?.rates ?? []).map((r) => [r.propertyTypeId, r]));
  return {
    name: group?.name ?? '',
    description: group?.description ?? '',
    frequency: group?.frequency ?? 'MONTHLY',
    isDefault: group?.isDefault ?? false,
    dueDay: group?.dueDay ?? 1,
    regularIncomeAccountId: group?.regularIncomeAccountId ?? null,
    specialIncomeAccountId: group?.specialIncomeAccountId ?? null,
    rates: types.map((t) => {
      const rate = rateOf.get(t.id);
      return {
        propertyTypeId: t.id,
        name: t.name,
        regular: rate ? formatMoneyInput(rate.regular) : '',
        special: rate ? formatMoneyInput(rate.special) : '',
      };
    }),
    lateFeeEnabled: !!group?.lateFee,
    graceDays: group?.lateFee?.graceDays ?? 15,
    flatFee: group?.lateFee ? formatMoneyInput(group.lateFee.flatFee) : '',
    percent: group?.lateFee?.percent ?? 0,
    monthlyInterestPercent: group?.lateFee?.monthlyInterestPercent ?? 0,
    lateFeeAccountId: group?.lateFee?.incomeAccountId ?? null,
  };
}

export type GroupFormErrors = Record<string, string>;

/** Cents of a typed rate; an empty cell is zero. */
export function rateCents(text: string): Cents | null {
  const parsed = parseMoneyInput(text);
  if (parsed.kind === 'empty') return 0;
  return parsed.kind === 'ok' ? parsed.cents : null;
}

/**
 * The API's input from the form, or the errors keyed like the API's details ("name",
 * "rates.0.regular", "lateFee.flatFee"). Property types with no rate at all are left out.
 */
export function groupInput(
  form: GroupForm,
): { ok: true; input: AssessmentGroupInput } | { ok: false; errors: GroupFormErrors } {
  const errors: GroupFormErrors = {};
  if (!form.name.trim()) errors.name = 'Enter a name for the group.';
  if (!Number.isInteger(form.dueDay) || form.dueDay < 1 || form.dueDay > 28)
    errors.dueDay = 'Choose a day from 1 to 28.';
  if (!form.regularIncomeAccountId)
    errors.regularIncomeAccountId = 'Choose the income account of regular assessments.';
  // Only special income needs its account (the API asks the same): a special amount typed, even
  // one still to be corrected, means there will be some.
  const hasSpecial = form.rates.some((row) => rateCents(row.special) !== 0);
  if (hasSpecial && !form.specialIncomeAccountId)
    errors.specialIncomeAccountId = 'Choose the income account of special assessments.';
  const rates: AssessmentGroupInput['rates'] = [];
  form.rates.forEach((row, i) => {
    const regular = rateCents(row.regular);
    const special = rateCents(row.special);
    if (regular === null)
      errors[`rates.${i}.regular`] = parseError(row.regular) ?? 'Enter an amount.';
    if (special === null)
      errors[`rates.${i}.special`] = parseError(row.special) ?? 'Enter an amount.';
    if (regular === null || special === null) return;
    if (row.regular.trim() === '' && row.special.trim() === '') return;
    rates.push({
      propertyTypeId: row.propertyTypeId,
      regular: centsToMoney(regular),
      special: centsToMoney(special),
    });
  });
  let lateFee: AssessmentGroupInput['lateFee'] = null;
  if (form.lateFeeEnabled) {
    const flat = rateCents(form.flatFee);
    if (flat === null) errors['lateFee.flatFee'] = parseError(form.flatFee) ?? 'Enter an amount.';
    if (!form.lateFeeAccountId)
      errors['lateFee.incomeAccountId'] = 'Choose the income account of late fees.';
    if (!Number.isInteger(form.graceDays) || form.graceDays < 0)
      errors['lateFee.graceDays'] = 'Enter a number of days.';
    if (flat === 0 && !form.percent && !form.monthlyInterestPercent)
      errors['lateFee.flatFee'] = 'Give a flat fee, a percentage or an interest rate.';
    if (flat !== null && form.lateFeeAccountId) {
      lateFee = {
        graceDays: form.graceDays,
        flatFee: centsToMoney(flat),
        percent: form.percent || 0,
        monthlyInterestPercent: form.monthlyInterestPercent || 0,
        incomeAccountId: form.lateFeeAccountId,
      };
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    input: {
      name: form.name.trim(),
      description: form.description.trim() || null,
      frequency: form.frequency,
      isDefault: form.isDefault,
      dueDay: form.dueDay,
      regularIncomeAccountId: form.regularIncomeAccountId!,
      specialIncomeAccountId: form.specialIncomeAccountId,
      rates,
      lateFee,
    },
  };
}

function parseError(text: string): string | null {
  const parsed = parseMoneyInput(text);
  return parsed.kind === 'invalid' ? parsed.message : null;
}

/**
 * A group or a property type changed: the cached group lists and the projection are dropped, so
 * whichever page shows them next (or now) asks again. Named refetchQueries would warn about an
 * "unknown query" whenever that page is not mounted (saving from the group form).
 */
export function evictAssessmentGroups(cache: ApolloCache<unknown>): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'assessmentGroups' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'assessmentProjection' });
  cache.gc();
}
