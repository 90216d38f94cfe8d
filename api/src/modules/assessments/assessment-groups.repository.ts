import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';
import type { AssessmentFrequency } from './assessments.types.js';

export interface GroupRow {
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

// The groups with the ids (all groups when no ids are given), the default first, then by name.
export function groupRows(em: EntityManager, ids?: string[]): Promise<GroupRow[]> {
  return sql(em).all<GroupRow>(
    `SELECT g.* FROM assessment_groups g ${ids ? `WHERE g.id = ${anyOf('uuid')}` : ''}
      ORDER BY g.is_default DESC, lower(g.name)`,
    ids ? [ids] : [],
  );
}

export interface RateRow {
  group_id: string;
  property_type_id: string;
  regular: string;
  special: string;
  units: number;
}

// The groups' rates by property type name, with how many units of the group have that type.
export function rateRows(em: EntityManager, groupIds: string[]): Promise<RateRow[]> {
  return sql(em).all<RateRow>(
    `SELECT r.group_id, r.property_type_id, r.regular, r.special,
            (SELECT count(*)::int FROM units u
              WHERE u.assessment_group_id = r.group_id AND u.property_type_id = r.property_type_id) AS units
       FROM assessment_rates r JOIN property_types p ON p.id = r.property_type_id
      WHERE r.group_id = ${anyOf('uuid')} ORDER BY lower(p.name)`,
    [groupIds],
  );
}

export function unitCounts(
  em: EntityManager,
  groupIds: string[],
): Promise<{ group_id: string; n: number }[]> {
  return sql(em).all<{ group_id: string; n: number }>(
    `SELECT assessment_group_id AS group_id, count(*)::int AS n FROM units
      WHERE assessment_group_id = ${anyOf('uuid')} GROUP BY 1`,
    [groupIds],
  );
}

// Locks the group for the transaction; false when there is none.
export async function lockGroup(em: EntityManager, id: string): Promise<boolean> {
  const rows = await sql(em).all('SELECT id FROM assessment_groups WHERE id = ? FOR UPDATE', [id]);
  return rows.length > 0;
}

// Only one group is the default: every other one stops being it.
export async function clearDefaultExcept(em: EntityManager, id: string): Promise<void> {
  await sql(em).run(
    'UPDATE assessment_groups SET is_default = false WHERE is_default AND id <> ?',
    [id],
  );
}

export interface GroupValues {
  name: string;
  description: string | null;
  frequency: AssessmentFrequency;
  isDefault: boolean;
  dueDay: number;
  regularIncomeAccountId: string;
  specialIncomeAccountId: string;
  lateGraceDays: number | null;
  lateFlatFee: number | null;
  latePercentBps: number | null;
  lateInterestBps: number | null;
  lateIncomeAccountId: string | null;
}

const valuesOf = (v: GroupValues) => [
  v.name,
  v.description,
  v.frequency,
  v.isDefault,
  v.dueDay,
  v.regularIncomeAccountId,
  v.specialIncomeAccountId,
  v.lateGraceDays,
  v.lateFlatFee,
  v.latePercentBps,
  v.lateInterestBps,
  v.lateIncomeAccountId,
];

export async function insertGroup(em: EntityManager, id: string, v: GroupValues): Promise<void> {
  await sql(em).run(
    `INSERT INTO assessment_groups (name, description, frequency, is_default, due_day,
            regular_income_account_id, special_income_account_id, late_grace_days, late_flat_fee,
            late_percent_bps, late_interest_bps, late_income_account_id, id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [...valuesOf(v), id],
  );
}

export async function updateGroupRow(em: EntityManager, id: string, v: GroupValues): Promise<void> {
  await sql(em).run(
    `UPDATE assessment_groups SET name = ?, description = ?, frequency = ?, is_default = ?, due_day = ?,
            regular_income_account_id = ?, special_income_account_id = ?, late_grace_days = ?,
            late_flat_fee = ?, late_percent_bps = ?, late_interest_bps = ?, late_income_account_id = ?
      WHERE id = ?`,
    [...valuesOf(v), id],
  );
}

// Replaces the group's rates.
export async function replaceRates(
  em: EntityManager,
  groupId: string,
  rates: { propertyTypeId: string; regular: number; special: number }[],
): Promise<void> {
  const db = sql(em);
  await db.run('DELETE FROM assessment_rates WHERE group_id = ?', [groupId]);
  for (const r of rates) {
    await db.run(
      'INSERT INTO assessment_rates (group_id, property_type_id, regular, special) VALUES (?, ?, ?, ?)',
      [groupId, r.propertyTypeId, r.regular, r.special],
    );
  }
}

// The group (locked) with how many units and invoices it has.
export async function lockGroupUsage(
  em: EntityManager,
  id: string,
): Promise<{ name: string; units: number; invoices: number } | undefined> {
  const [g] = await sql(em).all<{ name: string; units: number; invoices: number }>(
    `SELECT name, (SELECT count(*)::int FROM units WHERE assessment_group_id = g.id) AS units,
            (SELECT count(*)::int FROM invoices WHERE group_id = g.id) AS invoices
       FROM assessment_groups g WHERE id = ? FOR UPDATE`,
    [id],
  );
  return g;
}

export async function deleteGroupRow(em: EntityManager, id: string): Promise<void> {
  await sql(em).run('DELETE FROM assessment_groups WHERE id = ?', [id]);
}
