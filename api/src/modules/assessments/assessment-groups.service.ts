import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { badInput, conflict, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { assertId, isId } from '../../core/ids.js';
import { sumCents, toCents, toTotal } from '../../core/money/money.js';
import { recordTenantAudit } from '../audit/index.js';
import { checkAccounts } from './account-checks.service.js';
import {
  clearDefaultExcept,
  deleteGroupRow,
  groupRows,
  insertGroup,
  lockGroup,
  lockGroupUsage,
  rateRows,
  replaceRates,
  unitCounts,
  updateGroupRow,
} from './assessment-groups.repository.js';
import type { AssessmentGroupInput } from './assessments.inputs.js';
import {
  type AssessmentGroup,
  type AssessmentProjection,
  type AssessmentRate,
  monthlyEquivalent,
  PERIODS_PER_YEAR,
} from './assessments.types.js';
import { knownPropertyTypeIds } from './property-types.repository.js';

// Assessment groups: how often their units are billed, the rate per property type, the income
// accounts, the late-fee policy, and what the rates project as income.

export async function listGroups(em: EntityManager, ids?: string[]): Promise<AssessmentGroup[]> {
  const groups = await groupRows(em, ids);
  if (!groups.length) return [];
  const gids = groups.map((g) => g.id);
  const rates = await rateRows(em, gids);
  const counts = await unitCounts(em, gids);
  return groups.map((g) => {
    const periods = PERIODS_PER_YEAR[g.frequency];
    const groupRates: AssessmentRate[] = rates
      .filter((r) => r.group_id === g.id)
      .map((r) => {
        const regular = toCents(r.regular);
        const special = toCents(r.special);
        const regularMonthly = monthlyEquivalent(regular, g.frequency);
        const specialMonthly = monthlyEquivalent(special, g.frequency);
        return {
          propertyTypeId: r.property_type_id,
          regular,
          special,
          regularMonthly,
          specialMonthly,
          unitCount: r.units,
          projectedMonthly: BigInt(r.units) * (toTotal(regularMonthly) + toTotal(specialMonthly)),
          projectedAnnual:
            BigInt(r.units) * (toTotal(regular) + toTotal(special)) * BigInt(periods),
        };
      });
    return {
      id: g.id,
      name: g.name,
      description: g.description,
      frequency: g.frequency,
      isDefault: g.is_default,
      dueDay: g.due_day,
      regularIncomeAccountId: g.regular_income_account_id,
      specialIncomeAccountId: g.special_income_account_id,
      rates: groupRates,
      lateFee:
        g.late_income_account_id == null
          ? null
          : {
              graceDays: g.late_grace_days ?? 0,
              flatFee: toCents(g.late_flat_fee),
              percent: (g.late_percent_bps ?? 0) / 100,
              monthlyInterestPercent: (g.late_interest_bps ?? 0) / 100,
              incomeAccountId: g.late_income_account_id,
            },
      unitCount: counts.find((c) => c.group_id === g.id)?.n ?? 0,
      projectedMonthlyIncome: sumCents(groupRates.map((r) => r.projectedMonthly)),
      projectedAnnualIncome: sumCents(groupRates.map((r) => r.projectedAnnual)),
      createdAt: new Date(g.created_at),
    };
  });
}

export async function findGroup(em: EntityManager, id: string): Promise<AssessmentGroup> {
  assertId(id, 'Assessment group');
  const [g] = await listGroups(em, [id]);
  if (!g) throw notFound('Assessment group');
  return g;
}

export async function projection(em: EntityManager): Promise<AssessmentProjection> {
  const groups = await listGroups(em);
  return {
    groups,
    monthly: sumCents(groups.map((g) => g.projectedMonthlyIncome)),
    annual: sumCents(groups.map((g) => g.projectedAnnualIncome)),
    unitCount: groups.reduce((s, g) => s + g.unitCount, 0),
  };
}

// The checks that read more than one field or the books (the field checks are on
// AssessmentGroupInput): each property type once and of this association, a late-fee policy that
// charges something, income accounts.
async function validateGroup(em: EntityManager, input: AssessmentGroupInput) {
  const details: FieldDetail[] = [];
  const seen = new Set<string>();
  input.rates.forEach((r, i) => {
    if (seen.has(r.propertyTypeId))
      details.push({ field: `rates.${i}.propertyTypeId`, message: 'Property type listed twice' });
    seen.add(r.propertyTypeId);
  });
  let late: { percent: number; interest: number } | null = null;
  if (input.lateFee) {
    const l = input.lateFee;
    late = {
      percent: Math.round(l.percent * 100),
      interest: Math.round(l.monthlyInterestPercent * 100),
    };
    if (l.flatFee === 0 && late.percent === 0 && late.interest === 0)
      details.push({
        field: 'lateFee.flatFee',
        message: 'Give a flat fee, a percentage or interest',
      });
  }
  // A special income account matters only when there is special income to post.
  const hasSpecial = input.rates.some((r) => r.special > 0);
  if (hasSpecial && !input.specialIncomeAccountId)
    details.push({
      field: 'specialIncomeAccountId',
      message: 'Choose the income account of special assessments',
    });
  if (details.length) throw badInput(details, details[0].message);
  const known = await knownPropertyTypeIds(
    em,
    input.rates.map((r) => r.propertyTypeId).filter(isId),
  );
  input.rates.forEach((r, i) => {
    if (!known.includes(r.propertyTypeId))
      details.push({ field: `rates.${i}.propertyTypeId`, message: 'Property type not found' });
  });
  if (details.length) throw badInput(details, details[0].message);
  await checkAccounts(em, [
    {
      field: 'regularIncomeAccountId',
      id: input.regularIncomeAccountId,
      types: ['income'],
      what: 'an income account',
    },
    {
      field: 'specialIncomeAccountId',
      id: input.specialIncomeAccountId ?? undefined,
      types: ['income'],
      what: 'an income account',
    },
    {
      field: 'lateFee.incomeAccountId',
      id: input.lateFee?.incomeAccountId,
      types: ['income'],
      what: 'an income account',
    },
  ]);
  return { name: input.name.trim(), late };
}

// What the audit log keeps of a group.
const auditedGroup = (g: {
  name: string;
  frequency: AssessmentGroup['frequency'];
  isDefault: boolean;
  dueDay: number;
  rates: { propertyTypeId: string; regular: number; special: number }[];
  lateFee?: unknown;
}) => ({
  name: g.name,
  frequency: g.frequency,
  isDefault: g.isDefault,
  dueDay: g.dueDay,
  rates: g.rates.map((r) => ({
    propertyTypeId: r.propertyTypeId,
    regular: r.regular,
    special: r.special,
  })),
  lateFee: g.lateFee ?? null,
});

async function writeGroup(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string | null,
  input: AssessmentGroupInput,
): Promise<string> {
  const { name, late } = await validateGroup(em, input);
  const groupId = id ?? randomUUID();
  try {
    await em.transactional(async (tx) => {
      let before: AssessmentGroup | undefined;
      if (id) {
        if (!(await lockGroup(tx, id))) throw notFound('Assessment group');
        [before] = await listGroups(tx, [id]);
      }
      if (input.isDefault) await clearDefaultExcept(tx, groupId);
      const values = {
        name,
        description: input.description?.trim() || null,
        frequency: input.frequency,
        isDefault: input.isDefault,
        dueDay: input.dueDay,
        regularIncomeAccountId: input.regularIncomeAccountId,
        // The column is required: with no special amounts nothing ever posts there.
        specialIncomeAccountId: input.specialIncomeAccountId ?? input.regularIncomeAccountId,
        lateGraceDays: input.lateFee?.graceDays ?? null,
        lateFlatFee: input.lateFee ? input.lateFee.flatFee : null,
        latePercentBps: late?.percent ?? null,
        lateInterestBps: late?.interest ?? null,
        lateIncomeAccountId: input.lateFee?.incomeAccountId ?? null,
      };
      if (id) await updateGroupRow(tx, id, values);
      else await insertGroup(tx, groupId, values);
      await replaceRates(tx, groupId, input.rates);
      const after = auditedGroup({ ...input, name });
      await recordTenantAudit(tx, actor, {
        entityType: 'AssessmentGroup',
        entityId: groupId,
        action: id ? 'update' : 'create',
        changes: before ? { before: auditedGroup(before), after } : after,
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) {
      throw conflict(`An assessment group named ${name} already exists`, [
        { field: 'name', message: 'A group with this name already exists' },
      ]);
    }
    throw e;
  }
  return groupId;
}

export async function createGroup(
  em: EntityManager,
  actor: AuthInfo | null,
  input: AssessmentGroupInput,
) {
  return findGroup(em, await writeGroup(em, actor, null, input));
}

export async function updateGroup(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  input: AssessmentGroupInput,
) {
  assertId(id, 'Assessment group');
  return findGroup(em, await writeGroup(em, actor, id, input));
}

// Refused (CONFLICT) while the group has units or invoices.
export async function deleteGroup(em: EntityManager, actor: AuthInfo | null, id: string) {
  assertId(id, 'Assessment group');
  await em.transactional(async (tx) => {
    const g = await lockGroupUsage(tx, id);
    if (!g) throw notFound('Assessment group');
    if (g.units) {
      throw conflict(`${g.name} has ${g.units} unit(s); move them to another group first`);
    }
    if (g.invoices) throw conflict(`${g.name} has invoices and cannot be deleted`);
    await deleteGroupRow(tx, id);
    await recordTenantAudit(tx, actor, {
      entityType: 'AssessmentGroup',
      entityId: id,
      action: 'delete',
      changes: { name: g.name },
    });
  });
  return true;
}
