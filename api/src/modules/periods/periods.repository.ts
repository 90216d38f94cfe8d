import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of closing and reopening periods (tenant migration 030).

export interface CloseRow {
  id: string;
  kind: 'month' | 'year';
  period_start: string;
  period_end: string;
  closed_at: Date;
  closed_by: string | null;
  override_reason: string | null;
  unreconciled: { accountId: string; name: string; reconciledThrough: string | null }[];
  reopened_at: Date | null;
  reopened_by: string | null;
  reopen_reason: string | null;
}

const CLOSE_COLUMNS = `id, kind, period_start::text, period_end::text, closed_at, closed_by,
  override_reason, unreconciled, reopened_at, reopened_by, reopen_reason`;

// The lock row, held until the transaction ends: postings in flight finish first, and postings
// that start now wait for this close or reopen.
export async function lockBooks(tx: EntityManager): Promise<string | null> {
  const [row] = await sql(tx).all<{ through: string | null }>(
    `SELECT closed_through::text AS through FROM books_lock WHERE id = 1 FOR UPDATE`,
  );
  return row?.through ?? null;
}

export async function setClosedThrough(tx: EntityManager, through: string | null): Promise<void> {
  await sql(tx).run(`UPDATE books_lock SET closed_through = ?::date WHERE id = 1`, [through]);
}

export async function insertClose(
  tx: EntityManager,
  row: {
    id: string;
    kind: 'month' | 'year';
    start: string;
    end: string;
    by: string | null;
    overrideReason: string | null;
    unreconciled: CloseRow['unreconciled'];
  },
): Promise<void> {
  await sql(tx).run(
    `INSERT INTO period_closes (id, kind, period_start, period_end, closed_by, override_reason, unreconciled)
     VALUES (?, ?, ?::date, ?::date, ?::uuid, ?, ?::jsonb)`,
    [
      row.id,
      row.kind,
      row.start,
      row.end,
      row.by,
      row.overrideReason,
      JSON.stringify(row.unreconciled),
    ],
  );
}

// Closes still standing (not reopened), newest period first.
export function standingCloses(em: EntityManager): Promise<CloseRow[]> {
  return sql(em).all<CloseRow>(
    `SELECT ${CLOSE_COLUMNS} FROM period_closes WHERE reopened_at IS NULL
      ORDER BY period_end DESC, kind`,
  );
}

// Every close and reopen, newest first.
export function closeHistory(em: EntityManager, limit: number): Promise<CloseRow[]> {
  return sql(em).all<CloseRow>(
    `SELECT ${CLOSE_COLUMNS} FROM period_closes
      ORDER BY greatest(closed_at, coalesce(reopened_at, closed_at)) DESC, id DESC LIMIT ?`,
    [limit],
  );
}

export async function markReopened(
  tx: EntityManager,
  ids: string[],
  by: string | null,
  reason: string,
): Promise<void> {
  if (!ids.length) return;
  await sql(tx).run(
    `UPDATE period_closes SET reopened_at = now(), reopened_by = ?::uuid, reopen_reason = ?
      WHERE id = ${anyOf('uuid')} AND reopened_at IS NULL`,
    [by, reason, ids],
  );
}

export interface BankStandingRow {
  account_id: string;
  number: string;
  name: string;
  institution: string;
  masked_number: string;
  // The last statement date of a finished (not undone) reconciliation.
  reconciled_through: string | null;
  // The first day the account has a posting or a bank line: before it, nothing to reconcile.
  first_activity: string | null;
}

// Each bank account of the chart (not archived) with how far it is reconciled.
export function bankStanding(em: EntityManager): Promise<BankStandingRow[]> {
  return sql(em).all<BankStandingRow>(
    `SELECT b.account_id, a.number, a.name, b.institution, b.masked_number,
            (SELECT max(r.statement_date)::text FROM bank_reconciliations r
              WHERE r.account_id = b.account_id AND r.status = 'finished') AS reconciled_through,
            least((SELECT min(l.entry_date) FROM journal_lines l WHERE l.account_id = b.account_id),
                  (SELECT min(bl.posted_on) FROM bank_lines bl WHERE bl.account_id = b.account_id))::text
              AS first_activity
       FROM bank_accounts b JOIN accounts a ON a.id = b.account_id
      WHERE NOT a.archived
      ORDER BY a.number`,
  );
}

// The first and last days with a journal entry (null when the books are empty).
export async function entryDateRange(
  em: EntityManager,
): Promise<{ first: string | null; last: string | null }> {
  const [row] = await sql(em).all<{ first: string | null; last: string | null }>(
    `SELECT min(entry_date)::text AS first, max(entry_date)::text AS last FROM journal_entries`,
  );
  return row ?? { first: null, last: null };
}

// Entries and their totals per month in a range of months (for the close page's summary).
export function monthActivity(
  em: EntityManager,
  from: string,
  until: string,
): Promise<{ month: string; entries: number }[]> {
  return sql(em).all<{ month: string; entries: number }>(
    `SELECT to_char(date_trunc('month', entry_date), 'YYYY-MM') AS month, count(*)::int AS entries
       FROM journal_entries WHERE entry_date >= ?::date AND entry_date < ?::date
      GROUP BY 1`,
    [from, until],
  );
}
