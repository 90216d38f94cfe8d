import type { EntityManager } from '@mikro-orm/postgresql';
import { type ConnectionResult, newestFirstPage } from '../../core/graphql/connection.js';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of vendor payments, payment runs and check settings (the rule: top of
// journal/journal.repository.ts).

export const MAX_BILL_PAYMENTS_PAGE = 200;

export interface BillPaymentRow {
  id: string;
  number: string;
  run_id: string | null;
  vendor_id: string;
  bank_account_id: string;
  method: string;
  check_number: string | null;
  payment_date: string;
  amount: string;
  memo: string | null;
  journal_entry_id: string;
  void_entry_id: string | null;
  void_date: string | null;
  void_reason: string | null;
  created_at: Date;
  // Its bank-side line is in a bank match (cleared), and that match in a finished reconciliation.
  cleared: boolean;
  reconciled_on: string | null;
}

// The bank-side line of a payment's entry (the credit to its bank account) in a match, and the
// statement date of the finished reconciliation holding that match.
const CLEARED = `EXISTS (SELECT 1 FROM bank_match_book_lines bm JOIN journal_lines jl ON jl.id = bm.journal_line_id
    WHERE bm.entry_id = p.journal_entry_id AND jl.account_id = p.bank_account_id) AS cleared,
  (SELECT max(r.statement_date)::text FROM bank_match_book_lines bm
     JOIN journal_lines jl ON jl.id = bm.journal_line_id
     JOIN bank_matches m ON m.id = bm.match_id
     JOIN bank_reconciliations r ON r.id = m.reconciliation_id
    WHERE bm.entry_id = p.journal_entry_id AND jl.account_id = p.bank_account_id) AS reconciled_on`;

const SELECT = `SELECT p.id, p.number::text, p.run_id, p.vendor_id, p.bank_account_id, p.method,
  p.check_number::text, p.payment_date::text, p.amount::text, p.memo, p.journal_entry_id,
  p.void_entry_id, p.void_date::text, p.void_reason, p.created_at, ${CLEARED}
  FROM bill_payments p`;

export function billPaymentRows(em: EntityManager, ids: string[]): Promise<BillPaymentRow[]> {
  return sql(em).all<BillPaymentRow>(`${SELECT} WHERE p.id = ${anyOf('uuid')}`, [ids]);
}

export function runPaymentRows(em: EntityManager, runIds: string[]): Promise<BillPaymentRow[]> {
  return sql(em).all<BillPaymentRow>(
    `${SELECT} WHERE p.run_id = ${anyOf('uuid')} ORDER BY p.number`,
    [runIds],
  );
}

export interface BillPaymentPageFilter {
  vendorId?: string | null;
  bankAccountId?: string | null;
  from?: string | null;
  to?: string | null;
  method?: string | null;
}

// Vendor payments, newest first (payment date, then number).
export function billPaymentPage<Node>(
  em: EntityManager,
  f: BillPaymentPageFilter,
  page: { first: number; after?: string | null },
  toNodes: (rows: BillPaymentRow[]) => Node[],
  key: (n: Node) => [string, number],
): Promise<ConnectionResult<Node>> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (cond: string, value: unknown) => {
    where.push(cond);
    params.push(value);
  };
  if (f.vendorId) add('p.vendor_id = ?', f.vendorId);
  if (f.bankAccountId) add('p.bank_account_id = ?', f.bankAccountId);
  if (f.from) add('p.payment_date >= ?', f.from);
  if (f.to) add('p.payment_date <= ?', f.to);
  if (f.method) add('p.method = ?', f.method);
  return newestFirstPage<BillPaymentRow, Node>(em, {
    select: SELECT,
    from: 'bill_payments p',
    where,
    params,
    orderBy: ['p.payment_date', 'p.number'],
    key,
    badCursor: 'This cursor is not from the vendor payments list',
    first: page.first,
    max: MAX_BILL_PAYMENTS_PAGE,
    noun: 'vendor payments',
    after: page.after,
    toNodes,
  });
}

export interface ApplicationRow {
  bill_payment_id: string;
  bill_id: string;
  amount: string;
  voided: boolean;
}

// The applications of payments, or of bills, void payments' included (flagged), in payment order.
export function applicationRows(
  em: EntityManager,
  by: 'payment' | 'bill',
  ids: string[],
): Promise<ApplicationRow[]> {
  const column = by === 'payment' ? 'a.bill_payment_id' : 'a.bill_id';
  return sql(em).all<ApplicationRow>(
    `SELECT a.bill_payment_id, a.bill_id, a.amount::text, p.void_date IS NOT NULL AS voided
       FROM bill_payment_applications a
       JOIN bill_payments p ON p.id = a.bill_payment_id
       JOIN bills b ON b.id = a.bill_id
      WHERE ${column} = ${anyOf('uuid')}
      ORDER BY p.payment_date, p.number, b.number`,
    [ids],
  );
}

// ---------------------------------------------------------------------------------------------
// Payment runs

export interface PaymentRunRow {
  id: string;
  number: string;
  bank_account_id: string;
  method: string;
  payment_date: string;
  pay_through: string;
  created_at: Date;
  total: string;
  payment_count: number;
}

const RUN_SELECT = `SELECT r.id, r.number::text, r.bank_account_id, r.method, r.payment_date::text,
  r.pay_through::text, r.created_at,
  coalesce((SELECT sum(p.amount) FROM bill_payments p WHERE p.run_id = r.id AND p.void_date IS NULL), 0)::text AS total,
  (SELECT count(*)::int FROM bill_payments p WHERE p.run_id = r.id) AS payment_count
  FROM payment_runs r`;

export function paymentRunRows(em: EntityManager, ids: string[]): Promise<PaymentRunRow[]> {
  return sql(em).all<PaymentRunRow>(`${RUN_SELECT} WHERE r.id = ${anyOf('uuid')}`, [ids]);
}

// The latest runs, newest first.
export function latestPaymentRunRows(em: EntityManager, first: number): Promise<PaymentRunRow[]> {
  return sql(em).all<PaymentRunRow>(`${RUN_SELECT} ORDER BY r.number DESC LIMIT ?`, [first]);
}

export async function nextRunNumber(tx: EntityManager): Promise<number> {
  const [r] = await sql(tx).all<{ n: string }>(
    `SELECT nextval('payment_run_number_seq')::text AS n`,
  );
  return Number(r.n);
}

export async function nextPaymentNumbers(tx: EntityManager, count: number): Promise<number[]> {
  const rows = await sql(tx).all<{ n: string }>(
    `SELECT nextval('bill_payment_number_seq')::text AS n FROM generate_series(1, ?)`,
    [count],
  );
  return rows.map((r) => Number(r.n)).sort((a, b) => a - b);
}

export function insertPaymentRun(
  tx: EntityManager,
  r: {
    id: string;
    number: number;
    bankAccountId: string;
    method: string;
    date: string;
    payThrough: string;
    createdBy: string | null;
  },
) {
  return sql(tx).run(
    `INSERT INTO payment_runs (id, number, bank_account_id, method, payment_date, pay_through, created_by)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [r.id, r.number, r.bankAccountId, r.method, r.date, r.payThrough, r.createdBy],
  );
}

export interface NewBillPayment {
  id: string;
  number: number;
  runId: string | null;
  vendorId: string;
  bankAccountId: string;
  method: string;
  checkNumber: number | null;
  date: string;
  amount: number;
  memo: string | null;
  journalEntryId: string;
  createdBy: string | null;
  applications: { billId: string; amount: number }[];
}

export async function insertBillPayments(tx: EntityManager, payments: NewBillPayment[]) {
  if (!payments.length) return;
  await sql(tx).bulk(
    `INSERT INTO bill_payments (id, number, run_id, vendor_id, bank_account_id, method, check_number,
       payment_date, amount, memo, journal_entry_id, created_by)
     SELECT * FROM unnest(?::uuid[], ?::bigint[], ?::uuid[], ?::uuid[], ?::uuid[], ?::text[],
       ?::bigint[], ?::date[], ?::bigint[], ?::text[], ?::uuid[], ?::uuid[])`,
    [
      payments.map((p) => p.id),
      payments.map((p) => p.number),
      payments.map((p) => p.runId),
      payments.map((p) => p.vendorId),
      payments.map((p) => p.bankAccountId),
      payments.map((p) => p.method),
      payments.map((p) => p.checkNumber),
      payments.map((p) => p.date),
      payments.map((p) => p.amount),
      payments.map((p) => p.memo),
      payments.map((p) => p.journalEntryId),
      payments.map((p) => p.createdBy),
    ],
  );
  const apps = payments.flatMap((p) => p.applications.map((a) => ({ ...a, paymentId: p.id })));
  await sql(tx).bulk(
    `INSERT INTO bill_payment_applications (bill_payment_id, bill_id, amount)
     SELECT * FROM unnest(?::uuid[], ?::uuid[], ?::bigint[])`,
    [apps.map((a) => a.paymentId), apps.map((a) => a.billId), apps.map((a) => a.amount)],
  );
}

// Locks the payment's row; false when there is none.
export async function lockBillPayment(tx: EntityManager, id: string): Promise<boolean> {
  const rows = await sql(tx).all(`SELECT id FROM bill_payments WHERE id = ? FOR UPDATE`, [id]);
  return rows.length > 0;
}

export function markBillPaymentVoid(
  tx: EntityManager,
  id: string,
  entryId: string,
  date: string,
  reason: string,
) {
  return sql(tx).run(
    `UPDATE bill_payments SET void_entry_id = ?, void_date = ?, void_reason = ? WHERE id = ?`,
    [entryId, date, reason, id],
  );
}

// ---------------------------------------------------------------------------------------------
// What a run pays: the bills, the bank account, the payables settings

// Locks the bills until the transaction ends, in id order (two runs paying one bill take turns
// without deadlocking, and the second sees what the first paid).
export async function lockBills(tx: EntityManager, ids: string[]): Promise<void> {
  await sql(tx).all(
    `SELECT b.id FROM bills b WHERE b.id = ${anyOf('uuid')} ORDER BY b.id FOR UPDATE`,
    [ids],
  );
}

export interface PayableBillRow {
  id: string;
  number: string;
  vendor_id: string;
  vendor_name: string;
  vendor_active: boolean;
  vendor_invoice_number: string | null;
  bill_date: string;
  due_date: string;
  total: string;
  approval: string;
  approvals_required: number;
  approvals: number;
  void_date: string | null;
  // Σ applications of standing (not void) payments.
  paid: string;
}

// The bills with what standing payments paid of them (read after lockBills, in its own statement).
export function payableBillRows(tx: EntityManager, ids: string[]): Promise<PayableBillRow[]> {
  return sql(tx).all<PayableBillRow>(
    `SELECT b.id, b.number::text, b.vendor_id, v.name AS vendor_name, v.active AS vendor_active,
            b.vendor_invoice_number, b.bill_date::text, b.due_date::text, b.total::text, b.approval,
            b.approvals_required,
            (SELECT count(*)::int FROM bill_approvals ap
              WHERE ap.bill_id = b.id AND ap.decision = 'approved') AS approvals,
            b.void_date::text,
            coalesce((SELECT sum(a.amount) FROM bill_payment_applications a
                        JOIN bill_payments p ON p.id = a.bill_payment_id
                       WHERE a.bill_id = b.id AND p.void_date IS NULL), 0)::text AS paid
       FROM bills b JOIN vendors v ON v.id = b.vendor_id
      WHERE b.id = ${anyOf('uuid')}`,
    [ids],
  );
}

export interface PayFromAccountRow {
  id: string;
  number: string;
  name: string;
  type: string;
  archived: boolean;
  // Marked as a bank account (bank_accounts), with its check sequence.
  bank: boolean;
}

export async function payFromAccount(
  em: EntityManager,
  id: string,
): Promise<PayFromAccountRow | undefined> {
  const [row] = await sql(em).all<PayFromAccountRow>(
    `SELECT a.id, a.number, a.name, a.type, a.archived, ba.account_id IS NOT NULL AS bank
       FROM accounts a LEFT JOIN bank_accounts ba ON ba.account_id = a.id WHERE a.id = ?`,
    [id],
  );
  return row;
}

// The bank account's next check number, its row locked until the transaction ends: two runs
// printing from one account take consecutive numbers one after the other.
export async function lockNextCheckNumber(
  tx: EntityManager,
  bankAccountId: string,
): Promise<number | null> {
  const [row] = await sql(tx).all<{ n: string }>(
    `SELECT next_check_number::text AS n FROM bank_accounts WHERE account_id = ? FOR UPDATE`,
    [bankAccountId],
  );
  return row ? Number(row.n) : null;
}

export function setNextCheckNumber(tx: EntityManager, bankAccountId: string, next: number) {
  return sql(tx).run(
    `UPDATE bank_accounts SET next_check_number = ?, updated_at = now() WHERE account_id = ?`,
    [next, bankAccountId],
  );
}

// Check numbers of the bank account already used (void or not) in [from, to].
export async function usedCheckNumbers(
  em: EntityManager,
  bankAccountId: string,
  from: number,
  to: number,
): Promise<number[]> {
  const rows = await sql(em).all<{ n: string }>(
    `SELECT check_number::text AS n FROM bill_payments
      WHERE bank_account_id = ? AND check_number BETWEEN ? AND ? ORDER BY check_number`,
    [bankAccountId, from, to],
  );
  return rows.map((r) => Number(r.n));
}

export interface PayablesPolicyRow {
  payable_account_id: string | null;
  approval_threshold: string;
  approvals_required: number;
}

// The Accounts Payable account and the approval policy; `share` holds the row until the
// transaction ends, so the account cannot change under a run.
export async function payablesPolicy(
  em: EntityManager,
  opts: { share?: boolean } = {},
): Promise<PayablesPolicyRow> {
  const [row] = await sql(em).all<PayablesPolicyRow>(
    `SELECT payable_account_id, approval_threshold::text, approvals_required
       FROM payables_settings WHERE id = 1 ${opts.share ? 'FOR SHARE' : ''}`,
  );
  return row ?? { payable_account_id: null, approval_threshold: '0', approvals_required: 0 };
}

// ---------------------------------------------------------------------------------------------
// Check settings

export interface CheckSettingsRow {
  account_id: string;
  number: string;
  name: string;
  institution: string;
  next_check_number: string;
  routing_number: string | null;
  account_number_sealed: string | null;
  account_number_last4: string | null;
}

export async function checkSettingsRow(
  em: EntityManager,
  bankAccountId: string,
  opts: { lock?: boolean } = {},
): Promise<CheckSettingsRow | undefined> {
  const [row] = await sql(em).all<CheckSettingsRow>(
    `SELECT ba.account_id, a.number, a.name, ba.institution, ba.next_check_number::text,
            ba.routing_number, ba.account_number_sealed, ba.account_number_last4
       FROM bank_accounts ba JOIN accounts a ON a.id = ba.account_id
      WHERE ba.account_id = ? ${opts.lock ? 'FOR UPDATE OF ba' : ''}`,
    [bankAccountId],
  );
  return row;
}

export function updateCheckSettings(
  tx: EntityManager,
  bankAccountId: string,
  s: {
    nextCheckNumber: number;
    routingNumber: string | null;
    accountNumberSealed: string | null;
    accountNumberLast4: string | null;
  },
) {
  return sql(tx).run(
    `UPDATE bank_accounts SET next_check_number = ?, routing_number = ?, account_number_sealed = ?,
            account_number_last4 = ?, updated_at = now()
      WHERE account_id = ?`,
    [
      s.nextCheckNumber,
      s.routingNumber,
      s.accountNumberSealed,
      s.accountNumberLast4,
      bankAccountId,
    ],
  );
}

// ---------------------------------------------------------------------------------------------
// What the checks of a run print

export interface CheckPayeeRow {
  payment_id: string;
  vendor_name: string;
  vendor_address: string | null;
}

export function checkPayees(em: EntityManager, paymentIds: string[]): Promise<CheckPayeeRow[]> {
  return sql(em).all<CheckPayeeRow>(
    `SELECT p.id AS payment_id, v.name AS vendor_name, v.address AS vendor_address
       FROM bill_payments p JOIN vendors v ON v.id = p.vendor_id
      WHERE p.id = ${anyOf('uuid')}`,
    [paymentIds],
  );
}

export interface StubLineRow {
  bill_payment_id: string;
  bill_id: string;
  bill_number: string;
  vendor_invoice_number: string | null;
  bill_date: string;
  due_date: string;
  total: string;
  amount: string;
}

// The bills each payment pays, as the check's stubs list them.
export function stubLines(em: EntityManager, paymentIds: string[]): Promise<StubLineRow[]> {
  return sql(em).all<StubLineRow>(
    `SELECT a.bill_payment_id, b.id AS bill_id, b.number::text AS bill_number,
            b.vendor_invoice_number, b.bill_date::text, b.due_date::text, b.total::text,
            a.amount::text
       FROM bill_payment_applications a JOIN bills b ON b.id = a.bill_id
      WHERE a.bill_payment_id = ${anyOf('uuid')}
      ORDER BY b.bill_date, b.number`,
    [paymentIds],
  );
}
