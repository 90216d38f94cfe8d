import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of reserves: typed rows, parameters only.

export interface ComponentRow {
  id: string;
  name: string;
  category: string;
  quantity: string | null;
  unit: string | null;
  useful_life_years: number;
  remaining_life_years: number | null;
  placed_in_service_year: number | null;
  current_replacement_cost: string;
  account_id: string;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `id, name, category, quantity::text AS quantity, unit, useful_life_years,
  remaining_life_years, placed_in_service_year, current_replacement_cost, account_id, notes,
  created_at, updated_at`;

export function selectComponents(em: EntityManager): Promise<ComponentRow[]> {
  return sql(em).all<ComponentRow>(
    `SELECT ${COLUMNS} FROM reserve_components ORDER BY lower(name), id`,
  );
}

// `id` must be a valid uuid; locked for an edit when `lock`.
export async function selectComponent(
  em: EntityManager,
  id: string,
  lock = false,
): Promise<ComponentRow | undefined> {
  const [row] = await sql(em).all<ComponentRow>(
    `SELECT ${COLUMNS} FROM reserve_components WHERE id = ?${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row;
}

export interface ComponentValues {
  name: string;
  category: string;
  quantity: string | null;
  unit: string | null;
  usefulLifeYears: number;
  remainingLifeYears: number | null;
  placedInServiceYear: number | null;
  currentReplacementCost: number;
  accountId: string;
  notes: string | null;
}

const values = (v: ComponentValues) => [
  v.name,
  v.category,
  v.quantity,
  v.unit,
  v.usefulLifeYears,
  v.remainingLifeYears,
  v.placedInServiceYear,
  v.currentReplacementCost,
  v.accountId,
  v.notes,
];

export async function insertComponents(
  tx: EntityManager,
  rows: { id: string; values: ComponentValues }[],
): Promise<void> {
  for (const { id, values: v } of rows) {
    await sql(tx).run(
      `INSERT INTO reserve_components (id, name, category, quantity, unit, useful_life_years,
          remaining_life_years, placed_in_service_year, current_replacement_cost, account_id, notes)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [id, ...values(v)],
    );
  }
}

export async function updateComponent(
  tx: EntityManager,
  id: string,
  v: ComponentValues,
): Promise<void> {
  await sql(tx).run(
    `UPDATE reserve_components SET name = ?, category = ?, quantity = ?, unit = ?,
        useful_life_years = ?, remaining_life_years = ?, placed_in_service_year = ?,
        current_replacement_cost = ?, account_id = ?, notes = ?, updated_at = now()
      WHERE id = ?`,
    [...values(v), id],
  );
}

export async function deleteComponent(tx: EntityManager, id: string): Promise<void> {
  await sql(tx).run('DELETE FROM reserve_components WHERE id = ?', [id]);
}

export interface AccountRow {
  id: string;
  number: string;
  name: string;
  type: string;
  fund_type: string;
  archived: boolean;
}

// Accounts named by components (valid uuids), share-locked until the transaction ends.
export function lockAccounts(tx: EntityManager, ids: string[]): Promise<AccountRow[]> {
  return sql(tx).all<AccountRow>(
    `SELECT id, number, name, type, fund_type, archived FROM accounts
      WHERE id = ${anyOf('uuid')} ORDER BY id FOR SHARE`,
    [ids],
  );
}

// The accounts a component may be funded from: active reserve-fund assets, by number.
export function selectReserveAssetAccounts(em: EntityManager): Promise<AccountRow[]> {
  return sql(em).all<AccountRow>(
    `SELECT id, number, name, type, fund_type, archived FROM accounts
      WHERE fund_type = 'reserve' AND type = 'asset' AND NOT archived
      ORDER BY number`,
  );
}

export interface SettingsRow {
  inflation_rate_bps: number;
  interest_rate_bps: number;
  annual_contribution: string | null;
  threshold_floor: string;
}

export async function selectSettings(em: EntityManager, lock = false): Promise<SettingsRow> {
  const [row] = await sql(em).all<SettingsRow>(
    `SELECT inflation_rate_bps, interest_rate_bps, annual_contribution, threshold_floor
       FROM reserve_settings WHERE id${lock ? ' FOR UPDATE' : ''}`,
  );
  return row;
}

export async function updateSettings(
  tx: EntityManager,
  s: {
    inflationBps: number;
    interestBps: number;
    annualContribution: number | null;
    thresholdFloor: number;
  },
): Promise<void> {
  await sql(tx).run(
    `UPDATE reserve_settings SET inflation_rate_bps = ?, interest_rate_bps = ?,
        annual_contribution = ?, threshold_floor = ?, updated_at = now()
      WHERE id`,
    [s.inflationBps, s.interestBps, s.annualContribution, s.thresholdFloor],
  );
}

// The budgeted reserve contribution of a fiscal year: its budget's amounts (income is positive
// as budgeted) on the accounts whose role is reserve_contribution (reserve-fund income accounts).
export async function selectBudgetedContribution(em: EntityManager, year: number): Promise<string> {
  const [row] = await sql(em).all<{ total: string }>(
    `SELECT coalesce(sum(l.amount), 0) AS total
       FROM budget_lines l
       JOIN budgets b ON b.id = l.budget_id
       JOIN accounts a ON a.id = l.account_id
      WHERE b.year = ? AND a.forecast_role = 'reserve_contribution'`,
    [year],
  );
  return row.total;
}
