import type { EntityManager } from '@mikro-orm/postgresql';
import { type ConnectionResult, newestFirstPage } from '../../core/graphql/connection.js';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of bills. A bill's paid amount, and so its status, is derived: what the
// applications of standing (non-void) bill payments put on it.

export interface BillRow {
  id: string;
  number: string;
  vendor_id: string;
  vendor_invoice_number: string | null;
  bill_date: string;
  due_date: string;
  memo: string | null;
  total: string;
  paid: string;
  status: 'open' | 'partial' | 'paid' | 'void';
  approval: 'not_required' | 'pending' | 'approved' | 'rejected';
  approvals_required: number;
  capital_project_id: string | null;
  reserve_component_id: string | null;
  template_id: string | null;
  journal_entry_id: string;
  void_entry_id: string | null;
  void_date: string | null;
  void_reason: string | null;
  created_by: string | null;
  created_at: Date;
  lines: { id: string; accountId: string; amount: string; memo: string | null }[];
}

// Bills with their paid amount and status, as a table the lists filter on (alias b).
export const BILLS = `(SELECT b.*, p.paid,
    CASE WHEN b.void_date IS NOT NULL THEN 'void'
         WHEN p.paid >= b.total THEN 'paid'
         WHEN p.paid > 0 THEN 'partial'
         ELSE 'open' END AS status
    FROM bills b
    CROSS JOIN LATERAL (
      SELECT coalesce(sum(a.amount), 0) AS paid FROM bill_payment_applications a
        JOIN bill_payments bp ON bp.id = a.bill_payment_id
       WHERE a.bill_id = b.id AND bp.void_date IS NULL) p) b`;

const SELECT = `SELECT b.id, b.number::text, b.vendor_id, b.vendor_invoice_number,
    b.bill_date::text, b.due_date::text, b.memo, b.total::text, b.paid::text, b.status, b.approval,
    b.approvals_required, b.capital_project_id, b.reserve_component_id, b.template_id,
    b.journal_entry_id, b.void_entry_id, b.void_date::text, b.void_reason, b.created_by, b.created_at,
    coalesce((SELECT json_agg(json_build_object('id', l.id, 'accountId', l.account_id,
                'amount', l.amount::text, 'memo', l.memo) ORDER BY l.position)
                FROM bill_lines l WHERE l.bill_id = b.id), '[]') AS lines
  FROM ${BILLS}`;

export function billRows(em: EntityManager, ids: string[]): Promise<BillRow[]> {
  return sql(em).all<BillRow>(`${SELECT} WHERE b.id = ${anyOf('uuid')}`, [ids]);
}

export interface BillListFilter {
  vendorId?: string | null;
  status?: string[] | null;
  approval?: string[] | null;
  dueBy?: string | null;
  payable?: boolean | null;
  search?: string | null;
}

const PAYABLE = `(b.approval IN ('not_required', 'approved') AND b.status IN ('open', 'partial'))`;

// Newest first by bill date and number.
export function billPage<Node>(
  em: EntityManager,
  f: BillListFilter,
  page: { first: number; after?: string | null; max: number },
  key: (n: Node) => [string, number],
  toNodes: (rows: BillRow[]) => Node[] | Promise<Node[]>,
): Promise<ConnectionResult<Node>> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.vendorId) {
    where.push('b.vendor_id = ?');
    params.push(f.vendorId);
  }
  if (f.status?.length) {
    where.push(`b.status = ${anyOf('text')}`);
    params.push(f.status);
  }
  if (f.approval?.length) {
    where.push(`b.approval = ${anyOf('text')}`);
    params.push(f.approval);
  }
  if (f.dueBy) {
    where.push(`b.due_date <= ? AND b.void_date IS NULL`);
    params.push(f.dueBy);
  }
  if (f.payable !== null && f.payable !== undefined) {
    where.push(f.payable ? PAYABLE : `NOT ${PAYABLE}`);
  }
  const q = f.search?.trim();
  if (q) {
    const n = q.replace(/^bill-?/i, '');
    const byNumber = /^\d{1,15}$/.test(n);
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      `(b.vendor_id IN (SELECT id FROM vendors WHERE name ILIKE ?) OR b.vendor_invoice_number ILIKE ?
        OR b.memo ILIKE ?${byNumber ? ' OR b.number = ?' : ''})`,
    );
    params.push(like, like, like);
    if (byNumber) params.push(n);
  }
  return newestFirstPage<BillRow, Node>(em, {
    select: SELECT,
    from: BILLS,
    where,
    params,
    orderBy: ['b.bill_date', 'b.number'],
    key,
    badCursor: 'Bad cursor',
    first: page.first,
    max: page.max,
    noun: 'bills',
    after: page.after,
    toNodes,
  });
}

// Other standing bills of the same vendor with the same invoice number (any case), per bill.
export function duplicateIds(
  em: EntityManager,
  ids: string[],
): Promise<{ bill_id: string; ids: string[] }[]> {
  return sql(em).all(
    `SELECT b.id AS bill_id, array_agg(o.id ORDER BY o.bill_date, o.number) AS ids
       FROM bills b JOIN bills o ON o.vendor_id = b.vendor_id AND o.id <> b.id
        AND lower(o.vendor_invoice_number) = lower(b.vendor_invoice_number) AND o.void_date IS NULL
      WHERE b.id = ${anyOf('uuid')} AND b.vendor_invoice_number IS NOT NULL
      GROUP BY b.id`,
    [ids],
  );
}

export interface VendorRow {
  id: string;
  name: string;
  active: boolean;
}

export async function vendorRow(em: EntityManager, id: string): Promise<VendorRow | undefined> {
  const [row] = await sql(em).all<VendorRow>(`SELECT id, name, active FROM vendors WHERE id = ?`, [
    id,
  ]);
  return row;
}

export interface LineAccountRow {
  id: string;
  number: string;
  name: string;
  type: string;
  archived: boolean;
}

export function lineAccounts(em: EntityManager, ids: string[]): Promise<LineAccountRow[]> {
  return sql(em).all<LineAccountRow>(
    `SELECT id, number, name, type, archived FROM accounts WHERE id = ${anyOf('uuid')}`,
    [ids],
  );
}

export async function capitalProjectExists(em: EntityManager, id: string): Promise<boolean> {
  const rows = await sql(em).all(`SELECT 1 FROM capital_projects WHERE id = ?`, [id]);
  return rows.length > 0;
}

export async function reserveComponentExists(em: EntityManager, id: string): Promise<boolean> {
  const rows = await sql(em).all(`SELECT 1 FROM reserve_components WHERE id = ?`, [id]);
  return rows.length > 0;
}

export async function nextBillNumber(tx: EntityManager): Promise<number> {
  const [r] = await sql(tx).all<{ n: string }>(`SELECT nextval('bill_number_seq')::text AS n`);
  return Number(r.n);
}

export interface BillWrite {
  id: string;
  number: number;
  vendorId: string;
  vendorInvoiceNumber: string | null;
  billDate: string;
  dueDate: string;
  memo: string | null;
  total: number;
  approval: string;
  approvalsRequired: number;
  capitalProjectId: string | null;
  reserveComponentId: string | null;
  templateId: string | null;
  journalEntryId: string;
  createdBy: string | null;
  lines: { id: string; accountId: string; amount: number; memo: string | null }[];
}

export async function insertBill(tx: EntityManager, b: BillWrite): Promise<void> {
  await sql(tx).run(
    `INSERT INTO bills (id, number, vendor_id, vendor_invoice_number, bill_date, due_date, memo,
       total, approval, approvals_required, capital_project_id, reserve_component_id, template_id,
       journal_entry_id, created_by)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      b.id,
      b.number,
      b.vendorId,
      b.vendorInvoiceNumber,
      b.billDate,
      b.dueDate,
      b.memo,
      b.total,
      b.approval,
      b.approvalsRequired,
      b.capitalProjectId,
      b.reserveComponentId,
      b.templateId,
      b.journalEntryId,
      b.createdBy,
    ],
  );
  await sql(tx).run(
    `INSERT INTO bill_lines (id, bill_id, position, account_id, amount, memo)
     SELECT x.id, ?, x.position, x.account_id, x.amount, x.memo
       FROM unnest(ARRAY[?]::uuid[], ARRAY[?]::int[], ARRAY[?]::uuid[], ARRAY[?]::bigint[], ARRAY[?]::text[])
         AS x (id, position, account_id, amount, memo)`,
    [
      b.id,
      b.lines.map((l) => l.id),
      b.lines.map((_, i) => i + 1),
      b.lines.map((l) => l.accountId),
      b.lines.map((l) => l.amount),
      b.lines.map((l) => l.memo),
    ],
  );
}

// Locks the bill's row until the transaction ends; false when there is none.
export async function lockBill(tx: EntityManager, id: string): Promise<boolean> {
  const rows = await sql(tx).all(`SELECT id FROM bills WHERE id = ? FOR UPDATE`, [id]);
  return rows.length > 0;
}

// Standing payments applied to the bill, by their label (check 1001, VP-3).
export async function standingPaymentLabels(tx: EntityManager, billId: string): Promise<string[]> {
  const rows = await sql(tx).all<{ label: string }>(
    `SELECT CASE WHEN bp.check_number IS NOT NULL THEN 'check ' || bp.check_number
                 ELSE 'VP-' || bp.number END AS label
       FROM bill_payment_applications a JOIN bill_payments bp ON bp.id = a.bill_payment_id
      WHERE a.bill_id = ? AND bp.void_date IS NULL ORDER BY bp.number`,
    [billId],
  );
  return rows.map((r) => r.label);
}

export async function markBillVoid(
  tx: EntityManager,
  id: string,
  entryId: string,
  date: string,
  reason: string,
): Promise<void> {
  await sql(tx).run(
    `UPDATE bills SET void_entry_id = ?, void_date = ?, void_reason = ? WHERE id = ?`,
    [entryId, date, reason, id],
  );
}

export async function setBillApproval(tx: EntityManager, id: string, approval: string) {
  await sql(tx).run(`UPDATE bills SET approval = ? WHERE id = ?`, [approval, id]);
}
