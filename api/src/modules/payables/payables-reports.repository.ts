import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of the payables reports (the rule: top of journal/journal.repository.ts):
// the aging, the check register, a vendor's ledger, the cash requirements and the 1099 year. They
// only read, straight from the payables tables, as the ledger posts them: a bill counts from its
// bill date until its void date, a bill payment from its payment date until its void date.

// Standing on the date: dated on or before it and not voided by then.
const live = (alias: string, dateCol: string) =>
  `${alias}.${dateCol} <= ?::date AND (${alias}.void_date IS NULL OR ${alias}.void_date > ?::date)`;

export type ApprovalText = 'not_required' | 'pending' | 'approved' | 'rejected';
export type MethodText = 'check' | 'ach' | 'card';

export interface OpenBillRow {
  id: string;
  number: string;
  vendor_id: string;
  bill_date: string;
  due_date: string;
  approval: ApprovalText;
  // Days past due on the date (negative: not yet due).
  days: number;
  // What was left to pay on the date: the bill's total while it stood, less what the payments
  // standing that day applied to it. Below zero only for a payment that outlived its bill.
  open: string;
  // The part of the bill's lines on reserve-fund accounts (the rest is operating).
  reserve_lines: string;
  total: string;
}

// Bills with something left to pay on the date (or paid past their total), by due date. The same
// figures as the ledger's Accounts Payable on that day: Σ open = credits − debits of the account,
// since a bill's entry credits it with the total on the bill date (its void debits it back on the
// void date) and a payment's entry debits it with the amount it applies on the payment date (its
// void credits it back).
export function openBillsAsOf(
  em: EntityManager,
  asOf: string,
  opts: { vendorId?: string } = {},
): Promise<OpenBillRow[]> {
  const params: unknown[] = [asOf, asOf, asOf, asOf, asOf, asOf];
  let vendor = '';
  if (opts.vendorId) {
    vendor = 'AND b.vendor_id = ?';
    params.push(opts.vendorId);
  }
  return sql(em).all<OpenBillRow>(
    `WITH applied AS (
       SELECT a.bill_id, sum(a.amount) AS amount
         FROM bill_payment_applications a JOIN bill_payments p ON p.id = a.bill_payment_id
        WHERE ${live('p', 'payment_date')}
        GROUP BY a.bill_id
     ), bills_on AS (
       SELECT b.id, b.number::text AS number, b.vendor_id, b.bill_date::text AS bill_date,
              b.due_date::text AS due_date, b.approval, (?::date - b.due_date) AS days,
              (CASE WHEN ${live('b', 'bill_date')} THEN b.total ELSE 0 END
                 - coalesce(x.amount, 0)) AS open,
              b.total
         FROM bills b LEFT JOIN applied x ON x.bill_id = b.id
        WHERE (b.bill_date <= ?::date OR x.amount IS NOT NULL) ${vendor}
     )
     SELECT o.id, o.number, o.vendor_id, o.bill_date, o.due_date, o.approval, o.days,
            o.open::text AS open, o.total::text AS total,
            (SELECT coalesce(sum(l.amount), 0) FROM bill_lines l JOIN accounts a ON a.id = l.account_id
              WHERE l.bill_id = o.id AND a.fund_type = 'reserve')::text AS reserve_lines
       FROM bills_on o
      WHERE o.open <> 0
      ORDER BY o.due_date, o.number`,
    params,
  );
}

// Whether the association has entered any bill dated on or before the date (the board packet's
// payables section is left out until it has).
export async function anyBillBy(em: EntityManager, date: string): Promise<boolean> {
  const [row] = await sql(em).all<{ yes: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM bills WHERE bill_date <= ?::date) AS yes`,
    [date],
  );
  return row.yes;
}

export interface RegisterRow {
  id: string;
  number: string;
  payment_date: string;
  method: MethodText;
  check_number: string | null;
  vendor_id: string;
  payee: string;
  amount: string;
  memo: string | null;
  void_date: string | null;
  void_reason: string | null;
  bank_account_id: string;
  journal_entry_id: string;
  cleared: boolean;
}

// Bill payments dated in the period (both days included), of one bank account when given, by date
// and check number. A payment is cleared when its entry's bank line is matched to the bank's
// statement (a match, finished in a reconciliation or not).
export function selectRegister(
  em: EntityManager,
  from: string,
  to: string,
  bankAccountId?: string,
): Promise<RegisterRow[]> {
  const params: unknown[] = [from, to];
  let bank = '';
  if (bankAccountId) {
    bank = 'AND p.bank_account_id = ?';
    params.push(bankAccountId);
  }
  return sql(em).all<RegisterRow>(
    `SELECT p.id, p.number::text AS number, p.payment_date::text AS payment_date, p.method,
            p.check_number::text AS check_number, p.vendor_id, v.name AS payee,
            p.amount::text AS amount, p.memo, p.void_date::text AS void_date, p.void_reason,
            p.bank_account_id, p.journal_entry_id,
            EXISTS (SELECT 1 FROM bank_match_book_lines m JOIN journal_lines l ON l.id = m.journal_line_id
                     WHERE m.entry_id = p.journal_entry_id AND l.account_id = p.bank_account_id) AS cleared
       FROM bill_payments p JOIN vendors v ON v.id = p.vendor_id
      WHERE p.payment_date BETWEEN ?::date AND ?::date ${bank}
      ORDER BY p.payment_date, p.check_number NULLS LAST, p.number`,
    params,
  );
}

// The type of an account of this association (none: no such account).
export async function accountType(em: EntityManager, accountId: string): Promise<string | null> {
  const [row] = await sql(em).all<{ type: string }>(`SELECT type FROM accounts WHERE id = ?`, [
    accountId,
  ]);
  return row?.type ?? null;
}

export async function vendorExists(em: EntityManager, id: string): Promise<boolean> {
  const rows = await sql(em).all<{ id: string }>(`SELECT id FROM vendors WHERE id = ?`, [id]);
  return rows.length > 0;
}

export type LedgerKind = 'BILL' | 'PAYMENT' | 'BILL_VOID' | 'PAYMENT_VOID';

export interface LedgerEventRow {
  kind: LedgerKind;
  date: string;
  number: string;
  bill_id: string | null;
  payment_id: string | null;
  // What the vendor is owed more (bills; a bill's void is negative) and paid (payments; a
  // payment's void is negative).
  charges: string;
  payments: string;
  invoice_number: string | null;
  method: MethodText | null;
  check_number: string | null;
  memo: string | null;
}

// A vendor's bills, payments and their voids, each on its own date, through `to`: in date order, and
// on one day bills before payments before voids, each by number.
export function selectVendorEvents(
  em: EntityManager,
  vendorId: string,
  to: string,
): Promise<LedgerEventRow[]> {
  return sql(em).all<LedgerEventRow>(
    `SELECT kind, date::text AS date, number::text AS number, bill_id, payment_id,
            charges::text AS charges, payments::text AS payments, invoice_number, method,
            check_number::text AS check_number, memo
       FROM (
         SELECT 'BILL' AS kind, 1 AS ord, b.bill_date AS date, b.number, b.id AS bill_id,
                NULL::uuid AS payment_id, b.total AS charges, 0::bigint AS payments,
                b.vendor_invoice_number AS invoice_number, NULL AS method, NULL::bigint AS check_number,
                b.memo
           FROM bills b WHERE b.vendor_id = ?
         UNION ALL
         SELECT 'PAYMENT', 2, p.payment_date, p.number, NULL, p.id, 0, p.amount, NULL, p.method,
                p.check_number, p.memo
           FROM bill_payments p WHERE p.vendor_id = ?
         UNION ALL
         SELECT 'BILL_VOID', 3, b.void_date, b.number, b.id, NULL, -b.total, 0,
                b.vendor_invoice_number, NULL, NULL, b.void_reason
           FROM bills b WHERE b.vendor_id = ? AND b.void_date IS NOT NULL
         UNION ALL
         SELECT 'PAYMENT_VOID', 4, p.void_date, p.number, NULL, p.id, 0, -p.amount, NULL, p.method,
                p.check_number, p.void_reason
           FROM bill_payments p WHERE p.vendor_id = ? AND p.void_date IS NOT NULL
       ) e
      WHERE e.date <= ?::date
      ORDER BY e.date, e.ord, e.number`,
    [vendorId, vendorId, vendorId, vendorId, to],
  );
}

export interface PaidInYearRow {
  vendor_id: string;
  paid: string;
  card: string;
  payments: number;
}

// What standing (never voided) bill payments paid each vendor, by payment date in the period:
// in all, and by card.
export function selectPaidByVendor(
  em: EntityManager,
  from: string,
  to: string,
  vendorIds: string[],
): Promise<PaidInYearRow[]> {
  return sql(em).all<PaidInYearRow>(
    `SELECT p.vendor_id, sum(p.amount)::text AS paid,
            coalesce(sum(p.amount) FILTER (WHERE p.method = 'card'), 0)::text AS card,
            count(*)::int AS payments
       FROM bill_payments p
      WHERE p.void_date IS NULL AND p.payment_date BETWEEN ?::date AND ?::date
        AND p.vendor_id = ${anyOf('uuid')}
      GROUP BY p.vendor_id`,
    [from, to, vendorIds],
  );
}
