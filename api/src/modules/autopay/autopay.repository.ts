import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of AutoPay (the association's database).

export interface EnrollmentRow {
  id: string;
  unit_id: string;
  unit_number: string;
  user_id: string;
  status: 'pending' | 'active' | 'canceled';
  method: 'card' | 'us_bank_account';
  max_amount: string;
  stripe_checkout_session_id: string | null;
  stripe_customer_id: string | null;
  stripe_payment_method_id: string | null;
  method_label: string | null;
  starts_on: string | null;
  owner_email: string | null;
  created_at: Date;
  last_online_payment_id: string | null;
  problems: string;
  last_problem: string | null;
}

const SELECT = `SELECT e.id, e.unit_id, u.number AS unit_number, e.user_id, e.status, e.method,
  e.max_amount::text, e.stripe_checkout_session_id, e.stripe_customer_id, e.stripe_payment_method_id,
  e.method_label, e.starts_on::text, e.created_at,
  (SELECT o.email FROM unit_owners o WHERE o.unit_id = e.unit_id AND o.user_id = e.user_id) AS owner_email,
  (SELECT c.online_payment_id FROM autopay_charges c
    WHERE c.enrollment_id = e.id AND c.online_payment_id IS NOT NULL
    ORDER BY c.due_date DESC LIMIT 1) AS last_online_payment_id,
  (SELECT count(*) FROM autopay_charges c
    WHERE c.enrollment_id = e.id AND c.status IN ('failed', 'skipped'))::text AS problems,
  (SELECT c.reason FROM autopay_charges c
    WHERE c.enrollment_id = e.id AND c.status IN ('failed', 'skipped')
    ORDER BY c.updated_at DESC LIMIT 1) AS last_problem
  FROM autopay_enrollments e JOIN units u ON u.id = e.unit_id`;

export function enrollmentRows(
  em: EntityManager,
  where: { ids?: string[]; unitIds?: string[]; status?: string[] } = {},
): Promise<EnrollmentRow[]> {
  const cond: string[] = [];
  const params: unknown[] = [];
  if (where.ids) {
    cond.push(`e.id = ${anyOf('uuid')}`);
    params.push(where.ids);
  }
  if (where.unitIds) {
    cond.push(`e.unit_id = ${anyOf('uuid')}`);
    params.push(where.unitIds);
  }
  if (where.status) {
    cond.push(`e.status = ${anyOf('text')}`);
    params.push(where.status);
  }
  return sql(em).all<EnrollmentRow>(
    `${SELECT} ${cond.length ? `WHERE ${cond.join(' AND ')}` : ''}
      ORDER BY lower(u.number), e.created_at DESC`,
    params,
  );
}

export async function lockEnrollment(tx: EntityManager, id: string): Promise<EnrollmentRow | null> {
  const [row] = await sql(tx).all<EnrollmentRow>(`${SELECT} WHERE e.id = ? FOR UPDATE OF e`, [id]);
  return row ?? null;
}

// The unit's active enrollment, locked (a change and the daily run take turns).
export async function lockActiveOf(
  tx: EntityManager,
  unitId: string,
): Promise<EnrollmentRow | null> {
  const [row] = await sql(tx).all<EnrollmentRow>(
    `${SELECT} WHERE e.unit_id = ? AND e.status = 'active' FOR UPDATE OF e`,
    [unitId],
  );
  return row ?? null;
}

export async function insertEnrollment(
  em: EntityManager,
  e: {
    id: string;
    unitId: string;
    userId: string;
    method: string;
    maxAmount: number;
    customerId: string;
  },
): Promise<void> {
  await sql(em).run(
    `INSERT INTO autopay_enrollments (id, unit_id, user_id, status, method, max_amount,
       stripe_customer_id) VALUES (?, ?, ?, 'pending', ?, ?, ?)`,
    [e.id, e.unitId, e.userId, e.method, e.maxAmount, e.customerId],
  );
}

export async function updateEnrollment(
  em: EntityManager,
  id: string,
  set: Partial<{
    status: string;
    max_amount: number;
    stripe_checkout_session_id: string;
    stripe_payment_method_id: string;
    method_label: string;
    starts_on: string;
    canceled_at: Date;
  }>,
): Promise<void> {
  const keys = Object.keys(set) as (keyof typeof set)[];
  if (!keys.length) return;
  await sql(em).run(
    `UPDATE autopay_enrollments SET ${keys.map((k) => `${k} = ?`).join(', ')}, updated_at = now()
      WHERE id = ?`,
    [...keys.map((k) => set[k]), id],
  );
}

export async function cancelActiveOf(tx: EntityManager, unitId: string, except: string) {
  await sql(tx).run(
    `UPDATE autopay_enrollments SET status = 'canceled', canceled_at = now(), updated_at = now()
      WHERE unit_id = ? AND status = 'active' AND id <> ?`,
    [unitId, except],
  );
}

export async function customerOf(
  em: EntityManager,
  userId: string,
  accountId: string,
): Promise<string | null> {
  const [row] = await sql(em).all<{ customer_id: string }>(
    `SELECT customer_id FROM stripe_customers WHERE user_id = ? AND account_id = ?`,
    [userId, accountId],
  );
  return row?.customer_id ?? null;
}

export async function insertCustomer(
  em: EntityManager,
  userId: string,
  accountId: string,
  customerId: string,
): Promise<void> {
  await sql(em).run(
    `INSERT INTO stripe_customers (user_id, account_id, customer_id) VALUES (?, ?, ?)
     ON CONFLICT (user_id, account_id) DO NOTHING`,
    [userId, accountId, customerId],
  );
}

export async function ownerEmailOf(
  em: EntityManager,
  unitId: string,
  userId: string,
): Promise<string | null> {
  const [row] = await sql(em).all<{ email: string }>(
    `SELECT email FROM unit_owners WHERE unit_id = ? AND user_id = ?`,
    [unitId, userId],
  );
  return row?.email ?? null;
}

// The due dates of the unit's invoices (not void), by invoice id.
export async function dueDatesOf(em: EntityManager, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await sql(em).all<{ id: string; due_date: string }>(
    `SELECT id, due_date::text FROM invoices WHERE id = ${anyOf('uuid')}`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r.due_date]));
}

export interface ChargeRow {
  id: string;
  enrollment_id: string;
  unit_id: string;
  due_date: string;
  status: 'notified' | 'charging' | 'charged' | 'skipped' | 'failed' | 'nothing_due';
  amount: string | null;
  online_payment_id: string | null;
  reason: string | null;
  // Claimed for charging within the last 15 minutes (another worker is on it).
  fresh: boolean;
}

const CHARGE = `SELECT id, enrollment_id, unit_id, due_date::text, status, amount::text,
  online_payment_id, reason, updated_at > now() - interval '15 minutes' AS fresh
  FROM autopay_charges`;

export async function chargesOf(em: EntityManager, unitId: string): Promise<ChargeRow[]> {
  return sql(em).all<ChargeRow>(`${CHARGE} WHERE unit_id = ? ORDER BY due_date`, [unitId]);
}

// The notice of a due date, once per unit and due date: true when this call wrote it.
export async function insertNotice(
  em: EntityManager,
  c: { id: string; enrollmentId: string; unitId: string; dueDate: string; amount: number },
): Promise<boolean> {
  const rows = await sql(em).all(
    `INSERT INTO autopay_charges (id, enrollment_id, unit_id, due_date, status, amount, notified_at)
     VALUES (?, ?, ?, ?, 'notified', ?, now()) ON CONFLICT (unit_id, due_date) DO NOTHING RETURNING id`,
    [c.id, c.enrollmentId, c.unitId, c.dueDate, c.amount],
  );
  return rows.length > 0;
}

// The unit's row of a due date, made if there is none yet, and locked until the transaction ends:
// two workers charging the same due date take turns, and the second finds it done.
export async function lockCharge(
  tx: EntityManager,
  c: { id: string; enrollmentId: string; unitId: string; dueDate: string },
): Promise<ChargeRow> {
  await sql(tx).run(
    `INSERT INTO autopay_charges (id, enrollment_id, unit_id, due_date, status)
     VALUES (?, ?, ?, ?, 'notified') ON CONFLICT (unit_id, due_date) DO NOTHING`,
    [c.id, c.enrollmentId, c.unitId, c.dueDate],
  );
  const [row] = await sql(tx).all<ChargeRow>(
    `${CHARGE} WHERE unit_id = ? AND due_date = ? FOR UPDATE`,
    [c.unitId, c.dueDate],
  );
  return row;
}

export async function updateCharge(
  em: EntityManager,
  id: string,
  set: Partial<{
    status: string;
    amount: number;
    online_payment_id: string;
    reason: string | null;
    enrollment_id: string;
    charged_at: Date;
  }>,
): Promise<void> {
  const keys = Object.keys(set) as (keyof typeof set)[];
  await sql(em).run(
    `UPDATE autopay_charges SET ${keys.map((k) => `${k} = ?`).join(', ')}, updated_at = now()
      WHERE id = ?`,
    [...keys.map((k) => (k === 'reason' ? (set[k]?.slice(0, 1000) ?? null) : set[k])), id],
  );
}
