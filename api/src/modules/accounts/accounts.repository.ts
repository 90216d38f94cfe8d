import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { anyOf, sql } from '../../db/sql.js';
import type { Account, AccountForecastRole, AccountType, FundType } from './accounts.entity.js';
import type { AccountReclassification } from './accounts.types.js';
import { accountSummary, type AccountSummaryRow } from './account-summary.types.js';

// The chart of accounts read by hand; writes go through the `Account` entity (a simple aggregate).
// The data-access rule is written at the top of `journal/journal.repository.ts`.

interface AccountRow extends AccountSummaryRow {
  description: string | null;
  forecast_role: AccountForecastRole | null;
  interfund_transfer: boolean;
  // Timestamps arrive as text: MikroORM sets the pg driver's parsers that way.
  created_at: string;
  updated_at: string;
}

// The summary's columns are always read (the order needs them, and an account's field
// resolvers need no more); the others only when the query asks for their field.
const SUMMARY_COLUMNS = 'id, number, name, type, fund_type, archived';
const OPTIONAL_COLUMNS = {
  description: 'description',
  forecastRole: 'forecast_role',
  interfundTransfer: 'interfund_transfer',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
} as const;

// Plain objects, not entities: hydration and identity-map bookkeeping cost more than the query
// itself on this hot path (see bench/). With `fields` (the GraphQL selection), a field not asked
// is left out of the object: nothing reads it.
export async function selectAccounts(
  em: EntityManager,
  opts: { includeArchived?: boolean; fields?: ReadonlySet<string> } = {},
): Promise<Account[]> {
  const { fields } = opts;
  const columns = [SUMMARY_COLUMNS];
  for (const [field, column] of Object.entries(OPTIONAL_COLUMNS)) {
    if (!fields || fields.has(field)) columns.push(column);
  }
  const rows = await sql(em).all<Partial<AccountRow> & AccountSummaryRow>(
    `SELECT ${columns.join(', ')} FROM accounts ${opts.includeArchived ? '' : 'WHERE NOT archived'} ORDER BY number`,
  );
  const date = (text: string | undefined) => (text === undefined ? undefined : new Date(text));
  return rows.map(
    (r) =>
      ({
        id: r.id,
        ...accountSummary(r),
        description: r.description,
        forecastRole: r.forecast_role,
        interfundTransfer: r.interfund_transfer,
        createdAt: date(r.created_at),
        updatedAt: date(r.updated_at),
      }) as Account,
  );
}

// Locks an account against postings (they lock it shared) until the transaction ends: what it
// holds cannot change while an archive checks its balance.
export async function lockAccountForArchive(tx: EntityManager, id: string): Promise<void> {
  await sql(tx).all('SELECT id FROM accounts WHERE id = ? FOR UPDATE', [id]);
}

// ---- Reclassifications: a change of type or fund of an account with postings ----

// The latest posting date of each account (null without postings): one backward index read each.
export async function selectLastPostingDates(
  em: EntityManager,
  ids: readonly string[],
): Promise<Map<string, string | null>> {
  const rows = await sql(em).all<{ id: string; last: string | null }>(
    `SELECT x.id, (SELECT max(l.entry_date)::text FROM journal_lines l WHERE l.account_id = x.id) AS last
       FROM unnest(ARRAY[?]::uuid[]) AS x(id)`,
    [[...ids]],
  );
  return new Map(rows.map((r) => [r.id, r.last]));
}

// What the account's lines hold in each type and fund they were posted in (debits − credits),
// every posting counted.
export function selectClassificationNets(tx: EntityManager, accountId: string) {
  return sql(tx).all<{ account_type: AccountType; fund_type: FundType; net: string }>(
    `SELECT account_type, fund_type, sum(debit - credit)::text AS net FROM account_month_totals
      WHERE account_id = ? GROUP BY account_type, fund_type ORDER BY account_type, fund_type`,
    [accountId],
  );
}

interface ReclassificationRow {
  id: string;
  account_id: string;
  effective_date: string;
  from_type: AccountType;
  from_fund_type: FundType;
  to_type: AccountType;
  to_fund_type: FundType;
  entry_id: string | null;
  created_at: string;
}

const toReclassification = (r: ReclassificationRow): AccountReclassification => ({
  id: r.id,
  accountId: r.account_id,
  effectiveDate: r.effective_date,
  fromType: r.from_type,
  fromFundType: r.from_fund_type,
  toType: r.to_type,
  toFundType: r.to_fund_type,
  entryId: r.entry_id,
  createdAt: new Date(r.created_at),
});

// The reclassifications of these accounts, oldest first.
export async function selectReclassifications(
  em: EntityManager,
  accountIds: readonly string[],
): Promise<AccountReclassification[]> {
  const rows = await sql(em).all<ReclassificationRow>(
    `SELECT id, account_id, effective_date::text AS effective_date, from_type, from_fund_type,
            to_type, to_fund_type, entry_id, created_at
       FROM account_reclassifications WHERE account_id = ${anyOf('uuid')}
      ORDER BY effective_date`,
    [[...accountIds]],
  );
  return rows.map(toReclassification);
}

export async function insertReclassification(
  tx: EntityManager,
  actor: AuthInfo | null,
  r: Omit<AccountReclassification, 'createdAt'>,
): Promise<void> {
  await sql(tx).run(
    `INSERT INTO account_reclassifications (id, account_id, effective_date, from_type, from_fund_type,
       to_type, to_fund_type, entry_id, created_by, impersonated_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      r.id,
      r.accountId,
      r.effectiveDate,
      r.fromType,
      r.fromFundType,
      r.toType,
      r.toFundType,
      r.entryId,
      actor?.userId ?? null,
      actor?.impersonatedBy ?? null,
    ],
  );
}

// Every number in the chart, archived accounts' too (a number stays taken).
export async function selectAccountNumbers(em: EntityManager): Promise<Set<string>> {
  const rows = await sql(em).all<{ number: string }>('SELECT number FROM accounts');
  return new Set(rows.map((r) => r.number));
}
