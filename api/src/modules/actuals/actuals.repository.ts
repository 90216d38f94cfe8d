import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';
import type { FundType } from '../accounts/index.js';

// Every SQL statement of monthly actuals: typed rows, parameters only. Months are stored as the
// first day of the month; a year's months are `from <= month < to`.

export function selectCashAccountSettings(
  em: EntityManager,
): Promise<{ fund_type: FundType; account_id: string }[]> {
  return sql(em).all<{ fund_type: FundType; account_id: string }>(
    'SELECT fund_type, account_id FROM actuals_cash_accounts',
  );
}

export async function selectCashAccountSetting(
  tx: EntityManager,
  fundType: FundType,
): Promise<string | null> {
  const [row] = await sql(tx).all<{ account_id: string }>(
    'SELECT account_id FROM actuals_cash_accounts WHERE fund_type = ?',
    [fundType],
  );
  return row?.account_id ?? null;
}

export async function upsertCashAccountSetting(
  tx: EntityManager,
  fundType: FundType,
  accountId: string,
): Promise<void> {
  await sql(tx).run(
    `INSERT INTO actuals_cash_accounts (fund_type, account_id) VALUES (?, ?)
     ON CONFLICT (fund_type) DO UPDATE SET account_id = excluded.account_id, updated_at = now()`,
    [fundType, accountId],
  );
}

export function selectMonths(
  em: EntityManager,
  from: string,
  to: string,
): Promise<{ id: string; month: number; updated_at: string }[]> {
  return sql(em).all<{ id: string; month: number; updated_at: string }>(
    `SELECT id, extract(month FROM month)::int AS month, updated_at FROM actuals_months
      WHERE month >= ? AND month < ?`,
    [from, to],
  );
}

// The amounts of the months in [from, to), by account number.
export function selectAmounts(
  em: EntityManager,
  from: string,
  to: string,
): Promise<{ account_id: string; month: number; amount: string }[]> {
  return sql(em).all<{ account_id: string; month: number; amount: string }>(
    `SELECT x.account_id, extract(month FROM m.month)::int AS month, x.amount
       FROM actuals_amounts x JOIN actuals_months m ON m.id = x.month_id
       JOIN accounts a ON a.id = x.account_id
      WHERE m.month >= ? AND m.month < ? ORDER BY a.number`,
    [from, to],
  );
}

// The live entry of each month and fund in [from, to).
export function selectLiveEntries(
  em: EntityManager,
  from: string,
  to: string,
): Promise<{ month: number; entry_id: string }[]> {
  return sql(em).all<{ month: number; entry_id: string }>(
    `SELECT extract(month FROM m.month)::int AS month, x.entry_id
       FROM actuals_entries x JOIN actuals_months m ON m.id = x.month_id
      WHERE m.month >= ? AND m.month < ? ORDER BY x.fund_type`,
    [from, to],
  );
}

// One save at a time per association: two people saving the same month must not both reverse
// the same entry. Held until the transaction ends.
export async function lockActuals(tx: EntityManager): Promise<void> {
  await sql(tx).all(`SELECT pg_advisory_xact_lock(hashtext('covenant.monthly_actuals'))`);
}

export async function selectMonthId(tx: EntityManager, month: string): Promise<string | null> {
  const [row] = await sql(tx).all<{ id: string }>('SELECT id FROM actuals_months WHERE month = ?', [
    month,
  ]);
  return row?.id ?? null;
}

export function selectMonthAmounts(
  tx: EntityManager,
  monthId: string,
): Promise<{ account_id: string; amount: string }[]> {
  return sql(tx).all<{ account_id: string; amount: string }>(
    'SELECT account_id, amount FROM actuals_amounts WHERE month_id = ?',
    [monthId],
  );
}

export function selectMonthEntries(
  tx: EntityManager,
  monthId: string,
): Promise<{ fund_type: FundType; entry_id: string }[]> {
  return sql(tx).all<{ fund_type: FundType; entry_id: string }>(
    'SELECT fund_type, entry_id FROM actuals_entries WHERE month_id = ?',
    [monthId],
  );
}

export async function insertMonth(tx: EntityManager, id: string, month: string): Promise<void> {
  await sql(tx).run('INSERT INTO actuals_months (id, month) VALUES (?, ?)', [id, month]);
}

// Replaces the month's amounts of the accounts given; a zero amount leaves the account out.
export async function replaceMonthAmounts(
  tx: EntityManager,
  monthId: string,
  amounts: { accountId: string; amount: number }[],
): Promise<void> {
  await sql(tx).run(
    `DELETE FROM actuals_amounts WHERE month_id = ? AND account_id = ${anyOf('uuid')}`,
    [monthId, amounts.map((u) => u.accountId)],
  );
  const keep = amounts.filter((u) => u.amount !== 0);
  if (keep.length) {
    await sql(tx).bulk(
      `INSERT INTO actuals_amounts (month_id, account_id, amount)
       SELECT ?::uuid, a, v FROM jsonb_to_recordset(?::jsonb) AS t(a uuid, v bigint)`,
      [monthId, JSON.stringify(keep.map((u) => ({ a: u.accountId, v: u.amount })))],
    );
  }
}

export async function deleteMonthEntries(
  tx: EntityManager,
  monthId: string,
  funds: FundType[],
): Promise<void> {
  await sql(tx).run(
    `DELETE FROM actuals_entries WHERE month_id = ? AND fund_type = ${anyOf('text')}`,
    [monthId, funds],
  );
}

export async function insertMonthEntry(
  tx: EntityManager,
  monthId: string,
  fund: FundType,
  entryId: string,
): Promise<void> {
  await sql(tx).run(
    'INSERT INTO actuals_entries (month_id, fund_type, entry_id) VALUES (?, ?, ?)',
    [monthId, fund, entryId],
  );
}

export async function touchMonth(tx: EntityManager, monthId: string): Promise<void> {
  await sql(tx).run('UPDATE actuals_months SET updated_at = now() WHERE id = ?', [monthId]);
}
