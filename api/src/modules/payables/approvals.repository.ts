import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

export interface ApprovalRow {
  id: string;
  bill_id: string;
  user_id: string;
  title: string;
  decision: 'approved' | 'rejected';
  comment: string | null;
  ip: string | null;
  user_agent: string | null;
  created_at: Date;
}

// The decisions on the bills, oldest first.
export function approvalRows(em: EntityManager, billIds: string[]): Promise<ApprovalRow[]> {
  return sql(em).all<ApprovalRow>(
    `SELECT id, bill_id, user_id, title, decision, comment, ip, user_agent, created_at
       FROM bill_approvals WHERE bill_id = ${anyOf('uuid')} ORDER BY created_at, id`,
    [billIds],
  );
}

// The bills among `billIds` the user already decided on.
export async function decidedBy(
  em: EntityManager,
  userId: string,
  billIds: string[],
): Promise<Set<string>> {
  const rows = await sql(em).all<{ bill_id: string }>(
    `SELECT bill_id FROM bill_approvals WHERE user_id = ? AND bill_id = ${anyOf('uuid')}`,
    [userId, billIds],
  );
  return new Set(rows.map((r) => r.bill_id));
}

export async function insertApproval(
  tx: EntityManager,
  a: {
    id: string;
    billId: string;
    userId: string;
    title: string;
    decision: string;
    comment: string | null;
    ip: string | null;
    userAgent: string | null;
  },
): Promise<void> {
  await sql(tx).run(
    `INSERT INTO bill_approvals (id, bill_id, user_id, title, decision, comment, ip, user_agent)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    [a.id, a.billId, a.userId, a.title, a.decision, a.comment, a.ip, a.userAgent],
  );
}

export async function approvedCount(tx: EntityManager, billId: string): Promise<number> {
  const [row] = await sql(tx).all<{ n: number }>(
    `SELECT count(*)::int AS n FROM bill_approvals WHERE bill_id = ? AND decision = 'approved'`,
    [billId],
  );
  return row.n;
}

// Pending standing bills the user may decide on: not entered by them, not yet decided by them,
// oldest due first.
export async function queueIds(em: EntityManager, userId: string): Promise<string[]> {
  const rows = await sql(em).all<{ id: string }>(
    `SELECT b.id FROM bills b
      WHERE b.approval = 'pending' AND b.void_date IS NULL
        AND b.created_by IS DISTINCT FROM ?
        AND NOT EXISTS (SELECT 1 FROM bill_approvals a WHERE a.bill_id = b.id AND a.user_id = ?)
      ORDER BY b.due_date, b.number LIMIT 500`,
    [userId, userId],
  );
  return rows.map((r) => r.id);
}
