import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import {
  AppError,
  badInput,
  conflict,
  type FieldDetail,
  notFound,
} from '../../core/errors/app-error.js';
import { assertId, isId } from '../../core/ids.js';
import { sql } from '../../db/sql.js';
import { recordTenantAudit } from '../audit/audit.service.js';
import {
  type AssessmentFrequency,
  type AssessmentGroup,
  type AssessmentGroupInput,
  type AssessmentProjection,
  type AssessmentRate,
  monthlyEquivalent,
  PERIODS_PER_YEAR,
  type PropertyType,
  type ReceivablesSettings,
  type ReceivablesSettingsInput,
} from './assessments.types.js';

const uniqueViolation = (e: unknown) => (e as { code?: string }).code === '23505';

// Accounts named by an input: in this tenant, not archived, of the expected type.
export async function checkAccounts(
  em: EntityManager,
  wanted: { field: string; id: string | null | undefined; types: string[]; what: string }[],
): Promise<void> {
  const ids = wanted.map((w) => w.id).filter((id): id is string => isId(id));
  const rows = ids.length
    ? await sql(em).all<{
        id: string;
        type: string;
        archived: boolean;
        number: string;
        name: string;
      }>(
        `SELECT id, type, archived, number, name FROM accounts WHERE id IN (${ids.map(() => '?').join(', ')})`,
        ids,
      )
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const details: FieldDetail[] = [];
  for (const w of wanted) {
    if (w.id == null) continue;
    const a = byId.get(w.id);
    if (!a) details.push({ field: w.field, message: 'Account not found' });
    else if (a.archived)
      details.push({ field: w.field, message: `Account ${a.number} ${a.name} is archived` });
    else if (!w.types.includes(a.type)) {
      details.push({ field: w.field, message: `Choose ${w.what}` });
    }
  }
  const missing = details.filter((d) => d.message === 'Account not found');
  if (missing.length) throw new AppError('NOT_FOUND', 'Account not found', missing);
  if (details.length) throw badInput(details, details[0].message);
}

// ---- Property types ----

export async function listPropertyTypes(em: EntityManager): Promise<PropertyType[]> {
  const rows = await sql(em).all<{ id: string; name: string; unit_count: number }>(
    `SELECT p.id, p.name, (SELECT count(*)::int FROM units u WHERE u.property_type_id = p.id) AS unit_count
       FROM property_types p ORDER BY lower(p.name)`,
  );
  return rows.map((r) => ({ id: r.id, name: r.name, unitCount: r.unit_count }));
}

function cleanName(name: string, field = 'name', max = 80): string {
  const n = name.trim();
  if (!n) throw badInput([{ field, message: 'Enter a name' }]);
  if (n.length > max) throw badInput([{ field, message: `At most ${max} characters` }]);
  return n;
}

export async function createPropertyType(
  em: EntityManager,
  actor: AuthInfo | null,
  name: string,
): Promise<PropertyType> {
  const clean = cleanName(name);
  const id = randomUUID();
  try {
    await em.transactional(async (tx) => {
      await sql(tx).run('INSERT INTO property_types (id, name) VALUES (?, ?)', [id, clean]);
      await recordTenantAudit(tx, actor, {
        entityType: 'PropertyType',
        entityId: id,
        action: 'create',
        changes: { name: clean },
      });
    });
  } catch (e) {
    if (uniqueViolation(e)) {
      throw conflict(`Property type ${clean} already exists`, [
        { field: 'name', message: 'A property type with this name already exists' },
      ]);
    }
    throw e;
  }
  return { id, name: clean, unitCount: 0 };
}

export async function renamePropertyType(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  name: string,
): Promise<PropertyType> {
  assertId(id, 'Property type');
  const clean = cleanName(name);
  try {
    await em.transactional(async (tx) => {
      const [before] = await sql(tx).all<{ name: string }>(
        'SELECT name FROM property_types WHERE id = ? FOR UPDATE',
        [id],
      );
      if (!before) throw notFound('Property type');
      await sql(tx).run('UPDATE property_types SET name = ? WHERE id = ?', [clean, id]);
      await recordTenantAudit(tx, actor, {
        entityType: 'PropertyType',
        entityId: id,
        action: 'update',
        changes: { name: { before: before.name, after: clean } },
      });
    });
  } catch (e) {
    if (uniqueViolation(e)) {
      throw conflict(`Property type ${clean} already exists`, [
        { field: 'name', message: 'A property type with this name already exists' },
      ]);
    }
    throw e;
  }
  return (await listPropertyTypes(em)).find((p) => p.id === id)!;
}

export async function deletePropertyType(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
): Promise<boolean> {
  assertId(id, 'Property type');
  await em.transactional(async (tx) => {
    const db = sql(tx);
    const [row] = await db.all<{ name: string; units: number; rates: number }>(
      `SELECT name, (SELECT count(*)::int FROM units WHERE property_type_id = p.id) AS units,
              (SELECT count(*)::int FROM assessment_rates WHERE property_type_id = p.id) AS rates
         FROM property_types p WHERE id = ? FOR UPDATE`,
      [id],
    );
    if (!row) throw notFound('Property type');
    if (row.units || row.rates) {
      throw conflict(
        `Property type ${row.name} is used by ${row.units} unit(s) and ${row.rates} group rate(s) and cannot be deleted`,
      );
    }
    await db.run('DELETE FROM property_types WHERE id = ?', [id]);
    await recordTenantAudit(tx, actor, {
      entityType: 'PropertyType',
      entityId: id,
      action: 'delete',
      changes: { name: row.name },
    });
  });
  return true;
}

// ---- Assessment groups ----

interface GroupRow {
  id: string;
  name: string;
  description: string | null;
  frequency: AssessmentFrequency;
  is_default: boolean;
  due_day: number;
  regular_income_account_id: string;
  special_income_account_id: string;
  late_grace_days: number | null;
  late_flat_fee: string | null;
  late_percent_bps: number | null;
  late_interest_bps: number | null;
  late_income_account_id: string | null;
  created_at: string;
}

export async function listGroups(em: EntityManager, ids?: string[]): Promise<AssessmentGroup[]> {
  const db = sql(em);
  const where = ids ? `WHERE g.id IN (${ids.map(() => '?').join(', ') || 'NULL'})` : '';
  const groups = await db.all<GroupRow>(
    `SELECT g.* FROM assessment_groups g ${where} ORDER BY g.is_default DESC, lower(g.name)`,
    ids ?? [],
  );
  if (!groups.length) return [];
  const gids = groups.map((g) => g.id);
  const rates = await db.all<{
    group_id: string;
    property_type_id: string;
    regular: string;
    special: string;
    units: number;
  }>(
    `SELECT r.group_id, r.property_type_id, r.regular, r.special,
            (SELECT count(*)::int FROM units u
              WHERE u.assessment_group_id = r.group_id AND u.property_type_id = r.property_type_id) AS units
       FROM assessment_rates r JOIN property_types p ON p.id = r.property_type_id
      WHERE r.group_id IN (${gids.map(() => '?').join(', ')}) ORDER BY lower(p.name)`,
    gids,
  );
  const counts = await db.all<{ group_id: string; n: number }>(
    `SELECT assessment_group_id AS group_id, count(*)::int AS n FROM units
      WHERE assessment_group_id IN (${gids.map(() => '?').join(', ')}) GROUP BY 1`,
    gids,
  );
  return groups.map((g) => {
    const periods = PERIODS_PER_YEAR[g.frequency];
    const groupRates: AssessmentRate[] = rates
      .filter((r) => r.group_id === g.id)
      .map((r) => {
        const regular = Number(r.regular);
        const special = Number(r.special);
        const regularMonthly = monthlyEquivalent(regular, g.frequency);
        const specialMonthly = monthlyEquivalent(special, g.frequency);
        return {
          propertyTypeId: r.property_type_id,
          regular,
          special,
          regularMonthly,
          specialMonthly,
          unitCount: r.units,
          projectedMonthly: r.units * (regularMonthly + specialMonthly),
          projectedAnnual: r.units * (regular + special) * periods,
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
              flatFee: Number(g.late_flat_fee ?? 0),
              percent: (g.late_percent_bps ?? 0) / 100,
              monthlyInterestPercent: (g.late_interest_bps ?? 0) / 100,
              incomeAccountId: g.late_income_account_id,
            },
      unitCount: counts.find((c) => c.group_id === g.id)?.n ?? 0,
      projectedMonthlyIncome: groupRates.reduce((s, r) => s + r.projectedMonthly, 0),
      projectedAnnualIncome: groupRates.reduce((s, r) => s + r.projectedAnnual, 0),
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
    monthly: groups.reduce((s, g) => s + g.projectedMonthlyIncome, 0),
    annual: groups.reduce((s, g) => s + g.projectedAnnualIncome, 0),
    unitCount: groups.reduce((s, g) => s + g.unitCount, 0),
  };
}

// A percentage with at most two decimals, as basis points.
function bps(value: number, field: string, details: FieldDetail[]): number {
  const b = Math.round(value * 100);
  if (!Number.isFinite(value) || value < 0 || value > 100 || Math.abs(b - value * 100) > 1e-6) {
    details.push({ field, message: 'Use a percentage from 0 to 100 with at most two decimals' });
  }
  return b;
}

async function validateGroup(em: EntityManager, input: AssessmentGroupInput) {
  const details: FieldDetail[] = [];
  const name = input.name.trim();
  if (!name) details.push({ field: 'name', message: 'Enter a name' });
  if (name.length > 120) details.push({ field: 'name', message: 'At most 120 characters' });
  if ((input.description ?? '').length > 1000)
    details.push({ field: 'description', message: 'At most 1000 characters' });
  if (!Number.isInteger(input.dueDay) || input.dueDay < 1 || input.dueDay > 28)
    details.push({ field: 'dueDay', message: 'Use a day from 1 to 28' });
  const seen = new Set<string>();
  input.rates.forEach((r, i) => {
    if (seen.has(r.propertyTypeId))
      details.push({ field: `rates.${i}.propertyTypeId`, message: 'Property type listed twice' });
    seen.add(r.propertyTypeId);
    if (r.regular < 0)
      details.push({ field: `rates.${i}.regular`, message: 'Rates cannot be negative' });
    if (r.special < 0)
      details.push({ field: `rates.${i}.special`, message: 'Rates cannot be negative' });
  });
  let late: { percent: number; interest: number } | null = null;
  if (input.lateFee) {
    const l = input.lateFee;
    if (!Number.isInteger(l.graceDays) || l.graceDays < 0 || l.graceDays > 365)
      details.push({ field: 'lateFee.graceDays', message: 'Use 0 to 365 days' });
    if (l.flatFee < 0)
      details.push({ field: 'lateFee.flatFee', message: 'The fee cannot be negative' });
    late = {
      percent: bps(l.percent, 'lateFee.percent', details),
      interest: bps(l.monthlyInterestPercent, 'lateFee.monthlyInterestPercent', details),
    };
    if (!details.length && l.flatFee === 0 && late.percent === 0 && late.interest === 0)
      details.push({
        field: 'lateFee.flatFee',
        message: 'Give a flat fee, a percentage or interest',
      });
  }
  if (details.length) throw badInput(details, details[0].message);
  const typeIds = input.rates.map((r) => r.propertyTypeId);
  const known = typeIds.filter(isId).length
    ? await sql(em).all<{ id: string }>(
        `SELECT id FROM property_types WHERE id IN (${typeIds
          .filter(isId)
          .map(() => '?')
          .join(', ')})`,
        typeIds.filter(isId),
      )
    : [];
  input.rates.forEach((r, i) => {
    if (!known.some((k) => k.id === r.propertyTypeId))
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
      id: input.specialIncomeAccountId,
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
  return { name, late };
}

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
      const db = sql(tx);
      let before: AssessmentGroup | undefined;
      if (id) {
        const locked = await db.all('SELECT id FROM assessment_groups WHERE id = ? FOR UPDATE', [
          id,
        ]);
        if (!locked.length) throw notFound('Assessment group');
        [before] = await listGroups(tx, [id]);
      }
      if (input.isDefault) {
        await db.run(
          'UPDATE assessment_groups SET is_default = false WHERE is_default AND id <> ?',
          [groupId],
        );
      }
      const values = [
        name,
        input.description?.trim() || null,
        input.frequency,
        input.isDefault,
        input.dueDay,
        input.regularIncomeAccountId,
        input.specialIncomeAccountId,
        input.lateFee?.graceDays ?? null,
        input.lateFee ? input.lateFee.flatFee : null,
        late?.percent ?? null,
        late?.interest ?? null,
        input.lateFee?.incomeAccountId ?? null,
      ];
      if (id) {
        await db.run(
          `UPDATE assessment_groups SET name = ?, description = ?, frequency = ?, is_default = ?, due_day = ?,
                  regular_income_account_id = ?, special_income_account_id = ?, late_grace_days = ?,
                  late_flat_fee = ?, late_percent_bps = ?, late_interest_bps = ?, late_income_account_id = ?
            WHERE id = ?`,
          [...values, id],
        );
        await db.run('DELETE FROM assessment_rates WHERE group_id = ?', [id]);
      } else {
        await db.run(
          `INSERT INTO assessment_groups (name, description, frequency, is_default, due_day,
                  regular_income_account_id, special_income_account_id, late_grace_days, late_flat_fee,
                  late_percent_bps, late_interest_bps, late_income_account_id, id)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [...values, groupId],
        );
      }
      for (const r of input.rates) {
        await db.run(
          'INSERT INTO assessment_rates (group_id, property_type_id, regular, special) VALUES (?, ?, ?, ?)',
          [groupId, r.propertyTypeId, r.regular, r.special],
        );
      }
      const after = {
        name,
        frequency: input.frequency,
        isDefault: input.isDefault,
        dueDay: input.dueDay,
        rates: input.rates.map((r) => ({
          propertyTypeId: r.propertyTypeId,
          regular: r.regular,
          special: r.special,
        })),
        lateFee: input.lateFee ?? null,
      };
      await recordTenantAudit(tx, actor, {
        entityType: 'AssessmentGroup',
        entityId: groupId,
        action: id ? 'update' : 'create',
        changes: before
          ? {
              before: {
                name: before.name,
                frequency: before.frequency,
                isDefault: before.isDefault,
                dueDay: before.dueDay,
                rates: before.rates.map((r) => ({
                  propertyTypeId: r.propertyTypeId,
                  regular: r.regular,
                  special: r.special,
                })),
                lateFee: before.lateFee,
              },
              after,
            }
          : after,
      });
    });
  } catch (e) {
    if (uniqueViolation(e)) {
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

export async function deleteGroup(em: EntityManager, actor: AuthInfo | null, id: string) {
  assertId(id, 'Assessment group');
  await em.transactional(async (tx) => {
    const db = sql(tx);
    const [g] = await db.all<{ name: string; units: number; invoices: number }>(
      `SELECT name, (SELECT count(*)::int FROM units WHERE assessment_group_id = g.id) AS units,
              (SELECT count(*)::int FROM invoices WHERE group_id = g.id) AS invoices
         FROM assessment_groups g WHERE id = ? FOR UPDATE`,
      [id],
    );
    if (!g) throw notFound('Assessment group');
    if (g.units) {
      throw conflict(`${g.name} has ${g.units} unit(s); move them to another group first`);
    }
    if (g.invoices) throw conflict(`${g.name} has invoices and cannot be deleted`);
    await db.run('DELETE FROM assessment_groups WHERE id = ?', [id]);
    await recordTenantAudit(tx, actor, {
      entityType: 'AssessmentGroup',
      entityId: id,
      action: 'delete',
      changes: { name: g.name },
    });
  });
  return true;
}

// ---- Receivables settings ----

const RECEIVABLE = { number: '1200', name: 'Assessments Receivable' };

// The settings row, created on first use with an "Assessments Receivable" asset account (found by
// name, or created under the first free number from 1200).
export async function receivablesSettings(
  em: EntityManager,
  actor: AuthInfo | null = null,
): Promise<ReceivablesSettings> {
  const read = async () =>
    (
      await sql(em).all<{ receivable_account_id: string; deposit_account_id: string | null }>(
        'SELECT receivable_account_id, deposit_account_id FROM receivables_settings',
      )
    )[0];
  let row = await read();
  if (!row) {
    await em.transactional(async (tx) => {
      const db = sql(tx);
      await db.run('LOCK TABLE receivables_settings IN EXCLUSIVE MODE');
      if ((await db.all('SELECT 1 FROM receivables_settings')).length) return;
      let [acc] = await db.all<{ id: string }>(
        `SELECT id FROM accounts WHERE name = ? AND type = 'asset' AND NOT archived ORDER BY number LIMIT 1`,
        [RECEIVABLE.name],
      );
      if (!acc) {
        const taken = new Set(
          (
            await db.all<{ number: string }>(
              "SELECT number FROM accounts WHERE number ~ '^12[0-9][0-9]$'",
            )
          ).map((r) => r.number),
        );
        let n = 1200;
        while (taken.has(String(n)) && n < 1299) n++;
        const number = taken.has(String(n)) ? 'AR-ASSESSMENTS' : String(n);
        acc = { id: randomUUID() };
        await db.run(
          `INSERT INTO accounts (id, number, name, type, fund_type, description)
           VALUES (?, ?, ?, 'asset', 'operating', 'Owed by owners: assessment, fee and fine invoices less payments')`,
          [acc.id, number, RECEIVABLE.name],
        );
        await recordTenantAudit(tx, actor, {
          entityType: 'Account',
          entityId: acc.id,
          action: 'create',
          changes: { number, name: RECEIVABLE.name, type: 'asset', fundType: 'operating' },
        });
      }
      await db.run('INSERT INTO receivables_settings (receivable_account_id) VALUES (?)', [acc.id]);
    });
    row = await read();
  }
  return {
    receivableAccountId: row.receivable_account_id,
    depositAccountId: row.deposit_account_id,
  };
}

export async function updateReceivablesSettings(
  em: EntityManager,
  actor: AuthInfo | null,
  input: ReceivablesSettingsInput,
): Promise<ReceivablesSettings> {
  await checkAccounts(em, [
    {
      field: 'receivableAccountId',
      id: input.receivableAccountId,
      types: ['asset'],
      what: 'an asset account',
    },
    {
      field: 'depositAccountId',
      id: input.depositAccountId,
      types: ['asset'],
      what: 'an asset (cash) account',
    },
  ]);
  const before = await receivablesSettings(em, actor);
  await em.transactional(async (tx) => {
    const db = sql(tx);
    if (before.receivableAccountId !== input.receivableAccountId) {
      // Switching the receivable account would orphan open balances on the old one.
      const [open] = await db.all<{ n: number }>(
        'SELECT count(*)::int AS n FROM invoices WHERE void_entry_id IS NULL',
      );
      if (open.n > 0) {
        throw conflict(
          'Invoices already post to the current receivable account; it cannot be changed',
          [
            {
              field: 'receivableAccountId',
              message: 'Invoices already use the current receivable account',
            },
          ],
        );
      }
    }
    await db.run(
      'UPDATE receivables_settings SET receivable_account_id = ?, deposit_account_id = ?',
      [input.receivableAccountId, input.depositAccountId ?? null],
    );
    await recordTenantAudit(tx, actor, {
      entityType: 'ReceivablesSettings',
      entityId: input.receivableAccountId,
      action: 'update',
      changes: {
        before,
        after: {
          receivableAccountId: input.receivableAccountId,
          depositAccountId: input.depositAccountId ?? null,
        },
      },
    });
  });
  return receivablesSettings(em);
}
