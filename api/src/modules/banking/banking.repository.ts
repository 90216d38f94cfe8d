import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of banking but deposits' (deposits.repository.ts).

export interface BankAccountRow {
  account_id: string;
  institution: string;
  masked_number: string;
  kind: string;
  statement_day: number;
  csv_mapping: unknown;
  book_balance: string;
  reconciled_through: string | null;
  last_line_date: string | null;
  unmatched_lines: number;
}

const BANK_ACCOUNT_COLUMNS = `
  b.account_id, b.institution, b.masked_number, b.kind, b.statement_day, b.csv_mapping,
  (SELECT coalesce(sum(l.debit - l.credit), 0) FROM journal_lines l
    WHERE l.account_id = b.account_id AND l.entry_date <= ?)::text AS book_balance,
  (SELECT max(r.statement_date)::text FROM bank_reconciliations r
    WHERE r.account_id = b.account_id AND r.status = 'finished') AS reconciled_through,
  (SELECT max(l.posted_on)::text FROM bank_lines l WHERE l.account_id = b.account_id) AS last_line_date,
  (SELECT count(*)::int FROM bank_lines l WHERE l.account_id = b.account_id AND l.match_id IS NULL)
    AS unmatched_lines`;

// Bank accounts (all, or these), with their ledger balance at the end of `asOf`.
export function bankAccountRows(
  em: EntityManager,
  asOf: string,
  ids?: string[],
): Promise<BankAccountRow[]> {
  return sql(em).all<BankAccountRow>(
    `SELECT ${BANK_ACCOUNT_COLUMNS}
       FROM bank_accounts b JOIN accounts a ON a.id = b.account_id
      ${ids ? `WHERE b.account_id = ${anyOf('uuid')}` : ''}
      ORDER BY a.number`,
    [asOf, ...(ids ? [ids] : [])],
  );
}

export async function upsertBankAccount(
  tx: EntityManager,
  a: {
    accountId: string;
    institution: string;
    maskedNumber: string;
    kind: string;
    statementDay: number;
  },
) {
  await sql(tx).run(
    `INSERT INTO bank_accounts (account_id, institution, masked_number, kind, statement_day)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (account_id) DO UPDATE SET institution = excluded.institution,
       masked_number = excluded.masked_number, kind = excluded.kind,
       statement_day = excluded.statement_day, updated_at = now()`,
    [a.accountId, a.institution, a.maskedNumber, a.kind, a.statementDay],
  );
}

export async function saveCsvMapping(tx: EntityManager, accountId: string, mapping: unknown) {
  await sql(tx).run(
    `UPDATE bank_accounts SET csv_mapping = ?::jsonb, updated_at = now() WHERE account_id = ?`,
    [JSON.stringify(mapping), accountId],
  );
}

export async function hasBankActivity(em: EntityManager, accountId: string): Promise<boolean> {
  const [r] = await sql(em).all<{ yes: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM bank_lines WHERE account_id = ?)
         OR EXISTS (SELECT 1 FROM bank_matches WHERE account_id = ?) AS yes`,
    [accountId, accountId],
  );
  return r.yes;
}

export async function deleteBankAccount(tx: EntityManager, accountId: string) {
  await sql(tx).run(`DELETE FROM bank_rules WHERE bank_account_id = ?`, [accountId]);
  await sql(tx).run(`DELETE FROM bank_statements WHERE account_id = ?`, [accountId]);
  await sql(tx).run(`DELETE FROM bank_accounts WHERE account_id = ?`, [accountId]);
}

// Locks the bank account's row: imports, matches and reconciliations of one account take turns.
export async function lockBankAccount(tx: EntityManager, accountId: string): Promise<boolean> {
  const rows = await sql(tx).all<{ account_id: string }>(
    `SELECT account_id FROM bank_accounts WHERE account_id = ? FOR UPDATE`,
    [accountId],
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// Statements and lines

export interface StatementRow {
  id: string;
  account_id: string;
  format: string;
  file_name: string;
  period_start: string | null;
  period_end: string | null;
  opening_balance: string | null;
  closing_balance: string | null;
  available_balance: string | null;
  line_count: number;
  skipped: number;
  created_at: Date;
}

const STATEMENT_COLUMNS = `id, account_id, format, file_name, period_start::text, period_end::text,
  opening_balance::text, closing_balance::text, available_balance::text, line_count, skipped, created_at`;

export function statementRows(em: EntityManager, accountId: string): Promise<StatementRow[]> {
  return sql(em).all<StatementRow>(
    `SELECT ${STATEMENT_COLUMNS} FROM bank_statements WHERE account_id = ?
      ORDER BY period_end DESC NULLS LAST, created_at DESC LIMIT 500`,
    [accountId],
  );
}

export async function statementRow(
  em: EntityManager,
  id: string,
): Promise<StatementRow | undefined> {
  const [r] = await sql(em).all<StatementRow>(
    `SELECT ${STATEMENT_COLUMNS} FROM bank_statements WHERE id = ?`,
    [id],
  );
  return r;
}

// The latest statement ending on or before `date` (any, when date is null) with a closing balance.
export async function statementEndingBy(
  em: EntityManager,
  accountId: string,
  date: string | null,
): Promise<StatementRow | undefined> {
  const [r] = await sql(em).all<StatementRow>(
    `SELECT ${STATEMENT_COLUMNS} FROM bank_statements
      WHERE account_id = ? AND period_end IS NOT NULL ${date ? 'AND period_end = ?' : ''}
      ORDER BY period_end DESC, created_at DESC LIMIT 1`,
    [accountId, ...(date ? [date] : [])],
  );
  return r;
}

// The earliest statement ending after `date` (the next one to reconcile).
export async function statementAfter(
  em: EntityManager,
  accountId: string,
  date: string | null,
): Promise<StatementRow | undefined> {
  const [r] = await sql(em).all<StatementRow>(
    `SELECT ${STATEMENT_COLUMNS} FROM bank_statements
      WHERE account_id = ? AND period_end IS NOT NULL ${date ? 'AND period_end > ?' : ''}
      ORDER BY period_end, created_at DESC LIMIT 1`,
    [accountId, ...(date ? [date] : [])],
  );
  return r;
}

export async function insertStatement(
  tx: EntityManager,
  s: {
    id: string;
    accountId: string;
    format: string;
    fileName: string;
    periodStart: string | null;
    periodEnd: string | null;
    openingBalance: number | null;
    closingBalance: number | null;
    availableBalance: number | null;
    lineCount: number;
    skipped: number;
    importedBy: string | null;
  },
) {
  await sql(tx).run(
    `INSERT INTO bank_statements (id, account_id, format, file_name, period_start, period_end,
       opening_balance, closing_balance, available_balance, line_count, skipped, imported_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      s.id,
      s.accountId,
      s.format,
      s.fileName,
      s.periodStart,
      s.periodEnd,
      s.openingBalance,
      s.closingBalance,
      s.availableBalance,
      s.lineCount,
      s.skipped,
      s.importedBy,
    ],
  );
}

export async function updateStatementCounts(
  tx: EntityManager,
  id: string,
  lines: number,
  skipped: number,
) {
  await sql(tx).run(`UPDATE bank_statements SET line_count = ?, skipped = ? WHERE id = ?`, [
    lines,
    skipped,
    id,
  ]);
}

// Which of these dedupe keys the account already has.
export async function existingKeys(
  em: EntityManager,
  accountId: string,
  keys: string[],
): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await sql(em).all<{ dedupe_key: string }>(
    `SELECT dedupe_key FROM bank_lines WHERE account_id = ? AND dedupe_key = ${anyOf('text')}`,
    [accountId, keys],
  );
  return new Set(rows.map((r) => r.dedupe_key));
}

export interface NewBankLine {
  id: string;
  row: number;
  date: string;
  amount: number;
  description: string;
  payee: string | null;
  checkNumber: string | null;
  bankRef: string | null;
  key: string;
}

// Inserts a batch of lines in one statement; a line whose key the account has is skipped.
// Answers how many were inserted.
export async function insertBankLines(
  tx: EntityManager,
  accountId: string,
  statementId: string,
  lines: NewBankLine[],
): Promise<string[]> {
  if (!lines.length) return [];
  const rows = await sql(tx).all<{ id: string }>(
    `INSERT INTO bank_lines (id, account_id, statement_id, row_no, posted_on, amount, description,
       payee, check_number, bank_ref, dedupe_key)
     SELECT x.id, ?, ?, x.row_no, x.posted_on, x.amount, x.description, x.payee, x.check_number,
            x.bank_ref, x.dedupe_key
       FROM jsonb_to_recordset(?::jsonb) AS x(id uuid, row_no int, posted_on date, amount bigint,
            description text, payee text, check_number text, bank_ref text, dedupe_key text)
     ON CONFLICT (account_id, dedupe_key) DO NOTHING
     RETURNING id`,
    [
      accountId,
      statementId,
      JSON.stringify(
        lines.map((l) => ({
          id: l.id,
          row_no: l.row,
          posted_on: l.date,
          amount: l.amount,
          description: l.description,
          payee: l.payee,
          check_number: l.checkNumber,
          bank_ref: l.bankRef,
          dedupe_key: l.key,
        })),
      ),
    ],
  );
  return rows.map((r) => r.id);
}

export interface BankLineRow {
  id: string;
  account_id: string;
  statement_id: string;
  posted_on: string;
  amount: string;
  description: string;
  payee: string | null;
  check_number: string | null;
  bank_ref: string | null;
  match_id: string | null;
  reconciliation_id: string | null;
}

const LINE_COLUMNS = `l.id, l.account_id, l.statement_id, l.posted_on::text, l.amount::text,
  l.description, l.payee, l.check_number, l.bank_ref, l.match_id, m.reconciliation_id`;

export function bankLineRows(em: EntityManager, ids: string[]): Promise<BankLineRow[]> {
  return sql(em).all<BankLineRow>(
    `SELECT ${LINE_COLUMNS} FROM bank_lines l LEFT JOIN bank_matches m ON m.id = l.match_id
      WHERE l.id = ${anyOf('uuid')} ORDER BY l.posted_on, l.row_no`,
    [ids],
  );
}

export function linesOfMatches(em: EntityManager, matchIds: string[]): Promise<BankLineRow[]> {
  return sql(em).all<BankLineRow>(
    `SELECT ${LINE_COLUMNS} FROM bank_lines l JOIN bank_matches m ON m.id = l.match_id
      WHERE l.match_id = ${anyOf('uuid')} ORDER BY l.posted_on, l.row_no`,
    [matchIds],
  );
}

export interface LineFilter {
  accountId: string;
  from?: string | null;
  to?: string | null;
  unmatchedOnly?: boolean;
  // Lines not cleared by a finished reconciliation.
  unreconciledOnly?: boolean;
  // Lines of this finished reconciliation (and unmatched ones through `to`).
  reconciliationId?: string | null;
  limit?: number;
}

export function bankLinesOf(em: EntityManager, f: LineFilter): Promise<BankLineRow[]> {
  const where = ['l.account_id = ?'];
  const params: unknown[] = [f.accountId];
  if (f.from) {
    where.push('l.posted_on >= ?');
    params.push(f.from);
  }
  if (f.to) {
    where.push('l.posted_on <= ?');
    params.push(f.to);
  }
  if (f.unmatchedOnly) where.push('l.match_id IS NULL');
  if (f.reconciliationId) {
    where.push('(m.reconciliation_id = ? OR l.match_id IS NULL)');
    params.push(f.reconciliationId);
  } else if (f.unreconciledOnly) where.push('m.reconciliation_id IS NULL');
  return sql(em).all<BankLineRow>(
    `SELECT ${LINE_COLUMNS} FROM bank_lines l LEFT JOIN bank_matches m ON m.id = l.match_id
      WHERE ${where.join(' AND ')} ORDER BY l.posted_on, l.row_no LIMIT ${f.limit ?? 5000}`,
    params,
  );
}

// ---------------------------------------------------------------------------------------------
// The book side

export interface BookLineRow {
  journal_line_id: string;
  entry_id: string;
  entry_number: string;
  entry_date: string;
  amount: string;
  memo: string | null;
  source: string;
  payee: string | null;
  match_id: string | null;
  reconciliation_id: string | null;
  // Payment references (check numbers) of the payments behind the entry, or the check number of
  // the vendor payment (a check the association wrote) that owns it.
  reference: string | null;
  bank_ref: string | null;
}

const BOOK_COLUMNS = `jl.id AS journal_line_id, e.id AS entry_id, e.number::text AS entry_number,
  jl.entry_date::text, (jl.debit - jl.credit)::text AS amount,
  coalesce(nullif(jl.memo, ''), e.memo) AS memo, e.source, v.name AS payee,
  bm.match_id, m.reconciliation_id,
  coalesce((SELECT p.reference FROM payments p WHERE e.owner_type = 'payment' AND p.id = e.owner_id),
           (SELECT bp.check_number::text FROM bill_payments bp
             WHERE e.owner_type = 'bill_payment' AND bp.id = e.owner_id)) AS reference,
  e.import_ref AS bank_ref`;

const BOOK_FROM = `journal_lines jl JOIN journal_entries e ON e.id = jl.entry_id
  LEFT JOIN vendors v ON v.id = e.vendor_id
  LEFT JOIN bank_match_book_lines bm ON bm.journal_line_id = jl.id
  LEFT JOIN bank_matches m ON m.id = bm.match_id`;

export function bookLineRows(em: EntityManager, ids: string[]): Promise<BookLineRow[]> {
  return sql(em).all<BookLineRow>(
    `SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} WHERE jl.id = ${anyOf('uuid')}
      ORDER BY jl.entry_date, e.number`,
    [ids],
  );
}

export function bookLinesOfMatches(em: EntityManager, matchIds: string[]): Promise<BookLineRow[]> {
  return sql(em).all<BookLineRow>(
    `SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} WHERE bm.match_id = ${anyOf('uuid')}
      ORDER BY jl.entry_date, e.number`,
    [matchIds],
  );
}

// Unmatched book lines of the ledger account dated within [from, to].
export function unmatchedBookLines(
  em: EntityManager,
  accountId: string,
  from: string | null,
  to: string,
): Promise<BookLineRow[]> {
  return sql(em).all<BookLineRow>(
    `SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM}
      WHERE jl.account_id = ? AND bm.match_id IS NULL ${from ? 'AND jl.entry_date >= ?' : ''}
        AND jl.entry_date <= ?
      ORDER BY jl.entry_date, e.number LIMIT 20000`,
    [accountId, ...(from ? [from] : []), to],
  );
}

// Book lines on or before `to` (and on or after `from`) that are not cleared as of `to`: unmatched,
// or matched to bank lines dated after `to` and not reconciled by then.
export function outstandingBookLines(
  em: EntityManager,
  accountId: string,
  from: string | null,
  to: string,
): Promise<BookLineRow[]> {
  return sql(em).all<BookLineRow>(
    `SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM}
      WHERE jl.account_id = ? ${from ? 'AND jl.entry_date >= ?' : ''} AND jl.entry_date <= ?
        AND (bm.match_id IS NULL OR NOT (
               (m.reconciliation_id IS NOT NULL AND (SELECT r.statement_date FROM bank_reconciliations r
                                                      WHERE r.id = m.reconciliation_id) <= ?)
            OR (m.reconciliation_id IS NULL
                AND NOT EXISTS (SELECT 1 FROM bank_lines b WHERE b.match_id = m.id AND b.posted_on > ?)
                AND (EXISTS (SELECT 1 FROM bank_lines b WHERE b.match_id = m.id)
                     OR NOT EXISTS (SELECT 1 FROM bank_match_book_lines o JOIN journal_lines ol ON ol.id = o.journal_line_id
                                     WHERE o.match_id = m.id AND ol.entry_date > ?)))))
      ORDER BY jl.entry_date, e.number LIMIT 20000`,
    [accountId, ...(from ? [from] : []), to, to, to, to],
  );
}

// Book lines of the matches a reconciliation clears: standing matches whose lines (bank and book,
// for a match of book lines alone) are all dated through `to`; or, for a finished one, its own.
export function clearedBookLines(
  em: EntityManager,
  accountId: string,
  to: string,
  reconciliationId: string | null,
): Promise<BookLineRow[]> {
  return reconciliationId
    ? sql(em).all<BookLineRow>(
        `SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM} WHERE m.reconciliation_id = ?
          ORDER BY jl.entry_date, e.number`,
        [reconciliationId],
      )
    : sql(em).all<BookLineRow>(
        `SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM}
          WHERE m.account_id = ? AND m.reconciliation_id IS NULL
            AND NOT EXISTS (SELECT 1 FROM bank_lines b WHERE b.match_id = m.id AND b.posted_on > ?)
            AND (EXISTS (SELECT 1 FROM bank_lines b WHERE b.match_id = m.id)
                 OR NOT EXISTS (SELECT 1 FROM bank_match_book_lines o JOIN journal_lines ol ON ol.id = o.journal_line_id
                                 WHERE o.match_id = m.id AND ol.entry_date > ?))
          ORDER BY jl.entry_date, e.number`,
        [accountId, to, to],
      );
}

// Candidates for many bank lines at once: unmatched book lines of the account with one of the
// amounts, dated within 7 days of [from, to] (the matcher picks per line).
export function candidateBookLines(
  em: EntityManager,
  accountId: string,
  amounts: number[],
  from: string,
  to: string,
): Promise<BookLineRow[]> {
  return sql(em).all<BookLineRow>(
    `SELECT ${BOOK_COLUMNS} FROM ${BOOK_FROM}
      WHERE jl.account_id = ? AND bm.match_id IS NULL
        AND jl.entry_date BETWEEN ?::date - 7 AND ?::date + 7
        AND (jl.debit - jl.credit) = ${anyOf('bigint')}
      ORDER BY jl.entry_date, e.number`,
    [accountId, from, to, amounts.map(String)],
  );
}

// The ledger's balance of the account at the end of `date`.
export async function ledgerBalance(
  em: EntityManager,
  accountId: string,
  date: string,
): Promise<bigint> {
  const [r] = await sql(em).all<{ v: string }>(
    `SELECT coalesce(sum(debit - credit), 0)::text AS v FROM journal_lines
      WHERE account_id = ? AND entry_date <= ?`,
    [accountId, date],
  );
  return BigInt(r.v);
}

// The first date the bank feed covers: the earliest finished reconciliation's start or the
// earliest imported line. Book lines before it are brought forward in the opening balance.
export async function feedStart(em: EntityManager, accountId: string): Promise<string | null> {
  const [r] = await sql(em).all<{ d: string | null }>(
    `SELECT least((SELECT min(period_start) FROM bank_reconciliations WHERE account_id = ? AND status = 'finished'),
                  (SELECT min(posted_on) FROM bank_lines WHERE account_id = ?),
                  (SELECT min(period_start) FROM bank_statements WHERE account_id = ?))::text AS d`,
    [accountId, accountId, accountId],
  );
  return r.d;
}

// ---------------------------------------------------------------------------------------------
// Matches

export async function insertMatch(
  tx: EntityManager,
  m: { id: string; accountId: string; kind: string; createdBy: string | null },
  bankLineIds: string[],
  book: { journalLineId: string; entryId: string }[],
) {
  await sql(tx).run(
    `INSERT INTO bank_matches (id, account_id, kind, created_by) VALUES (?, ?, ?, ?)`,
    [m.id, m.accountId, m.kind, m.createdBy],
  );
  if (bankLineIds.length) {
    await sql(tx).run(
      `UPDATE bank_lines SET match_id = ? WHERE id = ${anyOf('uuid')} AND match_id IS NULL`,
      [m.id, bankLineIds],
    );
  }
  if (book.length) {
    await sql(tx).run(
      `INSERT INTO bank_match_book_lines (journal_line_id, match_id, entry_id)
       SELECT x.l, ?, x.e FROM jsonb_to_recordset(?::jsonb) AS x(l uuid, e uuid)`,
      [m.id, JSON.stringify(book.map((b) => ({ l: b.journalLineId, e: b.entryId })))],
    );
  }
}

// Many one-to-one matches in three statements (auto-match).
export async function insertMatches(
  tx: EntityManager,
  accountId: string,
  kind: string,
  createdBy: string | null,
  matches: { id: string; bankLineId: string; journalLineId: string; entryId: string }[],
) {
  if (!matches.length) return;
  const doc = JSON.stringify(
    matches.map((m) => ({ id: m.id, b: m.bankLineId, l: m.journalLineId, e: m.entryId })),
  );
  await sql(tx).run(
    `INSERT INTO bank_matches (id, account_id, kind, created_by)
     SELECT x.id, ?, ?, ? FROM jsonb_to_recordset(?::jsonb) AS x(id uuid)`,
    [accountId, kind, createdBy, doc],
  );
  await sql(tx).run(
    `UPDATE bank_lines l SET match_id = x.id FROM jsonb_to_recordset(?::jsonb) AS x(id uuid, b uuid)
      WHERE l.id = x.b AND l.match_id IS NULL`,
    [doc],
  );
  await sql(tx).run(
    `INSERT INTO bank_match_book_lines (journal_line_id, match_id, entry_id)
     SELECT x.l, x.id, x.e FROM jsonb_to_recordset(?::jsonb) AS x(id uuid, l uuid, e uuid)`,
    [doc],
  );
}

export async function matchRow(
  em: EntityManager,
  id: string,
): Promise<{ id: string; account_id: string; reconciliation_id: string | null } | undefined> {
  const [r] = await sql(em).all<{
    id: string;
    account_id: string;
    reconciliation_id: string | null;
  }>(`SELECT id, account_id, reconciliation_id FROM bank_matches WHERE id = ?`, [id]);
  return r;
}

export async function deleteMatch(tx: EntityManager, id: string) {
  await sql(tx).run(`UPDATE bank_lines SET match_id = NULL WHERE match_id = ?`, [id]);
  await sql(tx).run(`DELETE FROM bank_matches WHERE id = ?`, [id]);
}

// The account's journal-line ids among these (lines on other accounts or unknown are left out).
export async function journalLinesOnAccount(
  em: EntityManager,
  accountId: string,
  ids: string[],
): Promise<{ id: string; entry_id: string; amount: string; entry_date: string }[]> {
  return sql(em).all(
    `SELECT id, entry_id, (debit - credit)::text AS amount, entry_date::text FROM journal_lines
      WHERE account_id = ? AND id = ${anyOf('uuid')}`,
    [accountId, ids],
  );
}

// ---------------------------------------------------------------------------------------------
// Rules

export interface RuleRow {
  id: string;
  position: number;
  name: string;
  contains: string;
  direction: string;
  bank_account_id: string | null;
  account_id: string;
  vendor_id: string | null;
  memo: string | null;
  auto_apply: boolean;
}

export function ruleRows(em: EntityManager, id?: string): Promise<RuleRow[]> {
  return sql(em).all<RuleRow>(
    `SELECT id, position, name, contains, direction, bank_account_id, account_id, vendor_id, memo,
            auto_apply FROM bank_rules ${id ? 'WHERE id = ?' : ''} ORDER BY position, created_at`,
    id ? [id] : [],
  );
}

export async function insertRule(
  tx: EntityManager,
  id: string,
  r: Omit<RuleRow, 'id' | 'position'>,
) {
  await sql(tx).run(
    `INSERT INTO bank_rules (id, position, name, contains, direction, bank_account_id, account_id,
       vendor_id, memo, auto_apply)
     VALUES (?, (SELECT coalesce(max(position), 0) + 1 FROM bank_rules), ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      r.name,
      r.contains,
      r.direction,
      r.bank_account_id,
      r.account_id,
      r.vendor_id,
      r.memo,
      r.auto_apply,
    ],
  );
}

export async function updateRule(
  tx: EntityManager,
  id: string,
  r: Omit<RuleRow, 'id' | 'position'>,
) {
  await sql(tx).run(
    `UPDATE bank_rules SET name = ?, contains = ?, direction = ?, bank_account_id = ?, account_id = ?,
       vendor_id = ?, memo = ?, auto_apply = ? WHERE id = ?`,
    [
      r.name,
      r.contains,
      r.direction,
      r.bank_account_id,
      r.account_id,
      r.vendor_id,
      r.memo,
      r.auto_apply,
      id,
    ],
  );
}

export async function deleteRule(tx: EntityManager, id: string) {
  await sql(tx).run(`DELETE FROM bank_rules WHERE id = ?`, [id]);
}

export async function setRulePositions(tx: EntityManager, ids: string[]) {
  await sql(tx).run(
    `UPDATE bank_rules r SET position = x.n FROM unnest(ARRAY[?]::uuid[]) WITH ORDINALITY AS x(id, n)
      WHERE r.id = x.id`,
    [ids],
  );
}

// ---------------------------------------------------------------------------------------------
// Reconciliations

export interface ReconciliationRow {
  id: string;
  account_id: string;
  statement_id: string | null;
  period_start: string;
  statement_date: string;
  opening_balance: string;
  closing_balance: string;
  book_balance: string;
  status: string;
  finished_by: string | null;
  finished_at: Date;
  undone_at: Date | null;
  undo_reason: string | null;
}

const RECON_COLUMNS = `id, account_id, statement_id, period_start::text, statement_date::text,
  opening_balance::text, closing_balance::text, book_balance::text, status, finished_by, finished_at,
  undone_at, undo_reason`;

export function reconciliationRows(
  em: EntityManager,
  f: { accountId?: string; id?: string; finishedOnly?: boolean },
): Promise<ReconciliationRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.accountId) {
    where.push('account_id = ?');
    params.push(f.accountId);
  }
  if (f.id) {
    where.push('id = ?');
    params.push(f.id);
  }
  if (f.finishedOnly) where.push(`status = 'finished'`);
  return sql(em).all<ReconciliationRow>(
    `SELECT ${RECON_COLUMNS} FROM bank_reconciliations
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY statement_date DESC, finished_at DESC LIMIT 500`,
    params,
  );
}

// The finished reconciliation with the latest statement date before `date` (any, when null).
export async function lastFinished(
  em: EntityManager,
  accountId: string,
  before: string | null,
): Promise<ReconciliationRow | undefined> {
  const [r] = await sql(em).all<ReconciliationRow>(
    `SELECT ${RECON_COLUMNS} FROM bank_reconciliations
      WHERE account_id = ? AND status = 'finished' ${before ? 'AND statement_date < ?' : ''}
      ORDER BY statement_date DESC LIMIT 1`,
    [accountId, ...(before ? [before] : [])],
  );
  return r;
}

export async function insertReconciliation(
  tx: EntityManager,
  r: {
    id: string;
    accountId: string;
    statementId: string | null;
    periodStart: string;
    statementDate: string;
    openingBalance: bigint;
    closingBalance: bigint;
    bookBalance: bigint;
    finishedBy: string | null;
  },
) {
  await sql(tx).run(
    `INSERT INTO bank_reconciliations (id, account_id, statement_id, period_start, statement_date,
       opening_balance, closing_balance, book_balance, finished_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      r.id,
      r.accountId,
      r.statementId,
      r.periodStart,
      r.statementDate,
      r.openingBalance.toString(),
      r.closingBalance.toString(),
      r.bookBalance.toString(),
      r.finishedBy,
    ],
  );
}

export async function setMatchesReconciled(
  tx: EntityManager,
  matchIds: string[],
  reconciliationId: string | null,
) {
  await sql(tx).run(`UPDATE bank_matches SET reconciliation_id = ? WHERE id = ${anyOf('uuid')}`, [
    reconciliationId,
    matchIds,
  ]);
}

export async function markUndone(tx: EntityManager, id: string, by: string | null, reason: string) {
  await sql(tx).run(
    `UPDATE bank_matches SET reconciliation_id = NULL WHERE reconciliation_id = ?`,
    [id],
  );
  await sql(tx).run(
    `UPDATE bank_reconciliations SET status = 'undone', undone_by = ?, undone_at = now(), undo_reason = ?
      WHERE id = ?`,
    [by, reason, id],
  );
}

// Each bank account's last reconciled statement date, its oldest unmatched line and its latest
// line: the dashboard's needs-attention items.
export function reconciliationStatus(
  em: EntityManager,
  asOf: string,
): Promise<
  {
    account_id: string;
    number: string;
    name: string;
    reconciled_through: string | null;
    oldest_unmatched: string | null;
    stale_unmatched: number;
    last_line: string | null;
  }[]
> {
  return sql(em).all(
    `SELECT b.account_id, a.number, a.name,
            (SELECT max(statement_date)::text FROM bank_reconciliations r
              WHERE r.account_id = b.account_id AND r.status = 'finished') AS reconciled_through,
            (SELECT min(posted_on)::text FROM bank_lines l
              WHERE l.account_id = b.account_id AND l.match_id IS NULL) AS oldest_unmatched,
            (SELECT count(*)::int FROM bank_lines l WHERE l.account_id = b.account_id
                AND l.match_id IS NULL AND l.posted_on < ?::date - 30) AS stale_unmatched,
            (SELECT max(posted_on)::text FROM bank_lines l WHERE l.account_id = b.account_id) AS last_line
       FROM bank_accounts b JOIN accounts a ON a.id = b.account_id
      ORDER BY a.number`,
    [asOf],
  );
}

// The bank state of entries: 'reconciled' when a finished reconciliation cleared one of its lines,
// 'matched' when a bank line is matched to one; entries with neither are left out.
export function entryBankStates(
  em: EntityManager,
  entryIds: string[],
): Promise<{ entry_id: string; reconciled: boolean }[]> {
  return sql(em).all(
    `SELECT b.entry_id, bool_or(m.reconciliation_id IS NOT NULL) AS reconciled
       FROM bank_match_book_lines b JOIN bank_matches m ON m.id = b.match_id
      WHERE b.entry_id = ${anyOf('uuid')} GROUP BY b.entry_id`,
    [entryIds],
  );
}

export interface LedgerLineRow {
  id: string;
  entry_id: string;
  entry_date: string;
  amount: string;
  memo: string | null;
  source: string;
  method: string | null;
  reference: string | null;
  vendor: string | null;
  // Set when the entry was reversed, or reverses another: the bank never saw either.
  reversal_pair: boolean;
}

// Every line of a ledger account with what a bank statement shows of it (the demo seed writes
// statements from them).
export function ledgerLinesOf(em: EntityManager, accountId: string): Promise<LedgerLineRow[]> {
  return sql(em).all<LedgerLineRow>(
    `SELECT jl.id, jl.entry_id, jl.entry_date::text, (jl.debit - jl.credit)::text AS amount,
            coalesce(nullif(jl.memo, ''), e.memo) AS memo, e.source, p.method, p.reference,
            v.name AS vendor,
            (e.reverses_id IS NOT NULL OR EXISTS (SELECT 1 FROM journal_entries r WHERE r.reverses_id = e.id))
              AS reversal_pair
       FROM journal_lines jl JOIN journal_entries e ON e.id = jl.entry_id
       LEFT JOIN payments p ON e.owner_type = 'payment' AND p.id = e.owner_id
       LEFT JOIN vendors v ON v.id = e.vendor_id
      WHERE jl.account_id = ? ORDER BY jl.entry_date, e.number, jl.line_no`,
    [accountId],
  );
}
