import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of the board packet (the rule: top of journal/journal.repository.ts): the
// treasurer's variance notes, the packet settings, and the few listings no report serves — the
// month's cash disbursements, its general ledger, and the reopenings of closed months.

export interface VarianceNoteRow {
  month: string;
  account_id: string;
  note: string;
  updated_by: string | null;
  updated_at: Date;
}

export function selectVarianceNotes(em: EntityManager, month: string): Promise<VarianceNoteRow[]> {
  return sql(em).all<VarianceNoteRow>(
    `SELECT month::text AS month, account_id, note, updated_by, updated_at
       FROM variance_notes WHERE month = ? ORDER BY account_id`,
    [month],
  );
}

export async function accountExists(em: EntityManager, id: string): Promise<boolean> {
  const rows = await sql(em).all<{ id: string }>(`SELECT id FROM accounts WHERE id = ?`, [id]);
  return rows.length > 0;
}

export function upsertVarianceNote(
  em: EntityManager,
  n: { month: string; accountId: string; note: string; userId: string | null },
) {
  return sql(em).run(
    `INSERT INTO variance_notes (month, account_id, note, updated_by) VALUES (?, ?, ?, ?)
     ON CONFLICT (month, account_id)
       DO UPDATE SET note = excluded.note, updated_by = excluded.updated_by, updated_at = now()`,
    [n.month, n.accountId, n.note, n.userId],
  );
}

export function deleteVarianceNote(em: EntityManager, month: string, accountId: string) {
  return sql(em).run(`DELETE FROM variance_notes WHERE month = ? AND account_id = ?`, [
    month,
    accountId,
  ]);
}

export interface DocumentSettingsRow {
  packet_owner_names: boolean;
  updated_by: string | null;
  updated_at: Date;
}

export async function selectDocumentSettings(em: EntityManager): Promise<DocumentSettingsRow> {
  const [row] = await sql(em).all<DocumentSettingsRow>(
    `SELECT packet_owner_names, updated_by, updated_at FROM document_settings WHERE id = 1`,
  );
  return row ?? { packet_owner_names: false, updated_by: null, updated_at: new Date(0) };
}

export function updateDocumentSettings(
  em: EntityManager,
  s: { ownerNames: boolean; userId: string | null },
) {
  return sql(em).run(
    `INSERT INTO document_settings (id, packet_owner_names, updated_by) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET packet_owner_names = excluded.packet_owner_names,
       updated_by = excluded.updated_by, updated_at = now()`,
    [s.ownerNames, s.userId],
  );
}

// The accounts whose credits are cash paid out: the bank accounts when the association has marked
// any (Banking), else every asset account that is neither a control account nor Undeposited Funds
// (the same structural rule as the dashboard's cash: accounts carry no "cash" flag).
export async function cashAccountIds(em: EntityManager): Promise<string[]> {
  const banks = await sql(em).all<{ id: string }>(`SELECT account_id AS id FROM bank_accounts`);
  if (banks.length) return banks.map((b) => b.id);
  const rows = await sql(em).all<{ id: string }>(
    `SELECT a.id FROM accounts a
      WHERE a.type = 'asset'
        AND NOT EXISTS (SELECT 1 FROM control_accounts c WHERE c.account_id = a.id)
        AND NOT EXISTS (SELECT 1 FROM receivables_settings r WHERE r.undeposited_account_id = a.id)`,
  );
  return rows.map((r) => r.id);
}

export interface DisbursementRow {
  entry_id: string;
  entry_date: string;
  number: string;
  account_number: string;
  account_name: string;
  vendor: string | null;
  memo: string | null;
  amount: string;
  source: string;
}

// Credits to the cash accounts in the period, by date and entry number.
export function selectDisbursements(
  em: EntityManager,
  from: string,
  to: string,
  accountIds: string[],
): Promise<DisbursementRow[]> {
  return sql(em).all<DisbursementRow>(
    `SELECT e.id AS entry_id, l.entry_date::text AS entry_date, e.number::text AS number,
            a.number AS account_number,
            a.name AS account_name, v.name AS vendor, coalesce(l.memo, e.memo) AS memo,
            l.credit::text AS amount, e.source
       FROM journal_lines l
       JOIN journal_entries e ON e.id = l.entry_id
       JOIN accounts a ON a.id = l.account_id
       LEFT JOIN vendors v ON v.id = e.vendor_id
      WHERE l.entry_date BETWEEN ? AND ? AND l.credit > 0 AND l.account_id = ${anyOf('uuid')}
      ORDER BY l.entry_date, e.number, l.line_no`,
    [from, to, accountIds],
  );
}

export interface ReserveSpendRow {
  account_id: string;
  project: string | null;
  net: string;
}

// The period's postings to the reserve fund's expense accounts (debits less credits), by account
// and by the capital project their entry is linked to (one project per entry: the first by name).
export function selectReserveSpending(
  em: EntityManager,
  from: string,
  to: string,
): Promise<ReserveSpendRow[]> {
  return sql(em).all<ReserveSpendRow>(
    `SELECT l.account_id,
            (SELECT p.name FROM capital_project_entries pe JOIN capital_projects p ON p.id = pe.project_id
              WHERE pe.entry_id = l.entry_id ORDER BY p.name LIMIT 1) AS project,
            sum(l.debit - l.credit)::text AS net
       FROM journal_lines l JOIN accounts a ON a.id = l.account_id
      WHERE l.entry_date BETWEEN ? AND ? AND a.type = 'expense' AND a.fund_type = 'reserve'
        AND NOT a.interfund_transfer
      GROUP BY 1, 2`,
    [from, to],
  );
}

export interface LedgerOpeningRow {
  account_id: string;
  net: string;
}

// Each account's debits less credits before the period (the month totals of the months before
// it: the period starts on a month's first day).
export function selectLedgerOpenings(
  em: EntityManager,
  from: string,
  to: string,
): Promise<LedgerOpeningRow[]> {
  return sql(em).all<LedgerOpeningRow>(
    `SELECT t.account_id, sum(t.debit - t.credit)::text AS net
       FROM account_month_totals t
      WHERE t.month < ?::date
        AND t.account_id IN (SELECT DISTINCT account_id FROM journal_lines WHERE entry_date BETWEEN ? AND ?)
      GROUP BY 1`,
    [from, from, to],
  );
}

export interface LedgerLineRow {
  account_id: string;
  account_number: string;
  account_name: string;
  account_type: string;
  fund_type: string;
  entry_date: string;
  number: string;
  memo: string | null;
  vendor: string | null;
  debit: string;
  credit: string;
}

// Every journal line of the period, by account number, then date, entry number and line.
export function selectLedgerLines(
  em: EntityManager,
  from: string,
  to: string,
): Promise<LedgerLineRow[]> {
  return sql(em).all<LedgerLineRow>(
    `SELECT l.account_id, a.number AS account_number, a.name AS account_name, a.type AS account_type,
            a.fund_type, l.entry_date::text AS entry_date, e.number::text AS number,
            coalesce(l.memo, e.memo) AS memo, v.name AS vendor,
            l.debit::text AS debit, l.credit::text AS credit
       FROM journal_lines l
       JOIN journal_entries e ON e.id = l.entry_id
       JOIN accounts a ON a.id = l.account_id
       LEFT JOIN vendors v ON v.id = e.vendor_id
      WHERE l.entry_date BETWEEN ? AND ?
      ORDER BY a.number, a.id, l.entry_date, e.number, l.line_no`,
    [from, to],
  );
}

export interface ReopeningRow {
  kind: string;
  period_start: string;
  period_end: string;
  closed_at: Date;
  closed_by: string | null;
  reopened_at: Date;
  reopened_by: string | null;
  reopen_reason: string;
}

// Closes reopened after a moment (every reopening when null), oldest first.
export function selectReopenings(em: EntityManager, since: Date | null): Promise<ReopeningRow[]> {
  return sql(em).all<ReopeningRow>(
    `SELECT kind, period_start::text AS period_start, period_end::text AS period_end, closed_at,
            closed_by, reopened_at, reopened_by, reopen_reason
       FROM period_closes
      WHERE reopened_at IS NOT NULL AND (?::timestamptz IS NULL OR reopened_at > ?::timestamptz)
      ORDER BY reopened_at`,
    [since, since],
  );
}

export interface UnitRow {
  id: string;
  number: string;
  owner_name: string | null;
}

export function selectUnits(em: EntityManager, ids: string[]): Promise<UnitRow[]> {
  return sql(em).all<UnitRow>(
    `SELECT id, number, owner_name FROM units WHERE id = ${anyOf('uuid')}`,
    [ids],
  );
}

// The reserve components' names by the expense account each is spent from.
export function selectComponentAccounts(
  em: EntityManager,
): Promise<{ account_id: string; name: string }[]> {
  return sql(em).all<{ account_id: string; name: string }>(
    `SELECT account_id, name FROM reserve_components ORDER BY name`,
  );
}
