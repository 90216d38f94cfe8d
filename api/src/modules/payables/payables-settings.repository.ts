import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

export interface SettingsRow {
  payable_account_id: string | null;
  approval_threshold: string;
  approvals_required: number;
  approver_titles: string[];
}

const COLUMNS = `payable_account_id, approval_threshold::text, approvals_required, approver_titles`;

// The one row (tenant migration 032 inserts it). `lock`: FOR SHARE holds it while a bill posts
// (the account and the policy cannot change under it); FOR UPDATE while they change.
export async function settingsRow(
  em: EntityManager,
  lock?: 'share' | 'update',
): Promise<SettingsRow> {
  const [row] = await sql(em).all<SettingsRow>(
    `SELECT ${COLUMNS} FROM payables_settings WHERE id = 1${lock === 'share' ? ' FOR SHARE' : lock === 'update' ? ' FOR UPDATE' : ''}`,
  );
  return row;
}

export async function updateSettingsRow(
  tx: EntityManager,
  s: {
    payableAccountId: string | null;
    approvalThreshold: number;
    approvalsRequired: number;
    approverTitles: string[];
  },
): Promise<void> {
  await sql(tx).run(
    `UPDATE payables_settings SET payable_account_id = ?, approval_threshold = ?,
       approvals_required = ?, approver_titles = ARRAY[?]::text[], updated_at = now() WHERE id = 1`,
    [s.payableAccountId, s.approvalThreshold, s.approvalsRequired, s.approverTitles],
  );
}

export interface AccountStateRow {
  id: string;
  number: string;
  name: string;
  type: string;
  fund_type: string;
  archived: boolean;
  // Lines posted by entries that bills and bill payments did not make.
  own_lines: number;
}

const OWN_LINES = `(SELECT count(*)::int FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
    WHERE l.account_id = a.id AND (e.owner_type IS NULL OR e.owner_type NOT IN ('bill', 'bill_payment')))`;

export async function accountState(
  em: EntityManager,
  id: string,
): Promise<AccountStateRow | undefined> {
  const [row] = await sql(em).all<AccountStateRow>(
    `SELECT a.id, a.number, a.name, a.type, a.fund_type, a.archived, ${OWN_LINES} AS own_lines
       FROM accounts a WHERE a.id = ?`,
    [id],
  );
  return row;
}

// The chart's Accounts Payable: an unarchived liability numbered 2000–2099 with that name, no
// subledger's and with nothing posted to it but bills and their payments (lowest number first).
export async function adoptablePayableAccount(em: EntityManager): Promise<string | undefined> {
  const [row] = await sql(em).all<{ id: string }>(
    `SELECT a.id FROM accounts a
      WHERE lower(a.name) = 'accounts payable' AND a.type = 'liability' AND NOT a.archived
        AND a.number ~ '^20[0-9][0-9]$'
        AND NOT EXISTS (SELECT 1 FROM control_accounts c WHERE c.account_id = a.id)
        AND ${OWN_LINES} = 0
      ORDER BY a.number LIMIT 1`,
  );
  return row?.id;
}

export async function takenNumbers(em: EntityManager, numbers: string[]): Promise<Set<string>> {
  const rows = await sql(em).all<{ number: string }>(
    `SELECT number FROM accounts WHERE number = ${anyOf('text')}`,
    [numbers],
  );
  return new Set(rows.map((r) => r.number));
}

export async function nameTaken(em: EntityManager, name: string): Promise<boolean> {
  const [row] = await sql(em).all<{ taken: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM accounts WHERE lower(name) = lower(?)) AS taken',
    [name],
  );
  return row.taken;
}

export async function insertPayableAccount(
  tx: EntityManager,
  a: { id: string; number: string; name: string },
): Promise<void> {
  await sql(tx).run(
    `INSERT INTO accounts (id, number, name, type, fund_type, description)
     VALUES (?, ?, ?, 'liability', 'operating', 'Owed to vendors: bills entered less their payments')`,
    [a.id, a.number, a.name],
  );
}

// Standing (non-void) bills: while any exists, Accounts Payable holds their history.
export async function standingBillCount(em: EntityManager): Promise<number> {
  const [row] = await sql(em).all<{ n: number }>(
    `SELECT count(*)::int AS n FROM bills WHERE void_date IS NULL`,
  );
  return row.n;
}
