import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

export interface SettingsRow {
  receivable_account_id: string;
  deposit_account_id: string | null;
  prepaid_account_id: string | null;
  undeposited_account_id: string | null;
}

// The one settings row, or undefined before its first use.
export async function settingsRow(em: EntityManager): Promise<SettingsRow | undefined> {
  const [row] = await sql(em).all<SettingsRow>(
    `SELECT receivable_account_id, deposit_account_id, prepaid_account_id, undeposited_account_id
       FROM receivables_settings`,
  );
  return row;
}

// Serializes the creation of the settings row for the transaction.
export async function lockSettings(em: EntityManager): Promise<void> {
  await sql(em).run('LOCK TABLE receivables_settings IN EXCLUSIVE MODE');
}

// An account no line was ever posted to: the only kind a subledger adopts by its name.
const NEVER_POSTED = `NOT EXISTS (SELECT 1 FROM journal_lines l WHERE l.account_id = a.id)`;

// An unarchived asset account with the name and no postings, the lowest number first.
export async function assetAccountNamed(
  em: EntityManager,
  name: string,
): Promise<string | undefined> {
  const [acc] = await sql(em).all<{ id: string }>(
    `SELECT a.id FROM accounts a
      WHERE a.name = ? AND a.type = 'asset' AND NOT a.archived AND ${NEVER_POSTED}
      ORDER BY a.number LIMIT 1`,
    [name],
  );
  return acc?.id;
}

// Whether any account has the name (case-insensitive).
export async function accountNameTaken(em: EntityManager, name: string): Promise<boolean> {
  const [row] = await sql(em).all<{ taken: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM accounts WHERE lower(name) = lower(?)) AS taken',
    [name],
  );
  return row.taken;
}

// The account with the count of its lines posted by entries no owner among `owners` made (manual
// entries, opening balances, another subledger's); undefined when the account does not exist.
export async function postingsOfItsOwn(
  em: EntityManager,
  accountId: string,
  owners: string[],
): Promise<{ number: string; name: string; lines: number } | undefined> {
  const [row] = await sql(em).all<{ number: string; name: string; lines: number }>(
    `SELECT a.number, a.name,
            (SELECT count(*)::int FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
              WHERE l.account_id = a.id
                AND (e.owner_type IS NULL OR NOT e.owner_type = ${anyOf('text')})) AS lines
       FROM accounts a WHERE a.id = ?`,
    [owners, accountId],
  );
  return row;
}

// The account numbers 1200 to 1299 already in use.
export async function takenReceivableNumbers(em: EntityManager): Promise<Set<string>> {
  const rows = await sql(em).all<{ number: string }>(
    "SELECT number FROM accounts WHERE number ~ '^12[0-9][0-9]$'",
  );
  return new Set(rows.map((r) => r.number));
}

export async function insertReceivableAccount(
  em: EntityManager,
  a: { id: string; number: string; name: string },
): Promise<void> {
  await sql(em).run(
    `INSERT INTO accounts (id, number, name, type, fund_type, description)
     VALUES (?, ?, ?, 'asset', 'operating', 'Owed by owners: assessment, fee and fine invoices less payments')`,
    [a.id, a.number, a.name],
  );
}

export async function insertSettings(em: EntityManager, receivableAccountId: string) {
  await sql(em).run('INSERT INTO receivables_settings (receivable_account_id) VALUES (?)', [
    receivableAccountId,
  ]);
}

// Invoices that are not void (they post to the receivable account).
export async function standingInvoiceCount(em: EntityManager): Promise<number> {
  const [open] = await sql(em).all<{ n: number }>(
    'SELECT count(*)::int AS n FROM invoices WHERE void_entry_id IS NULL',
  );
  return open.n;
}

export async function updateSettingsRow(
  em: EntityManager,
  receivableAccountId: string,
  depositAccountId: string | null,
): Promise<void> {
  await sql(em).run(
    'UPDATE receivables_settings SET receivable_account_id = ?, deposit_account_id = ?',
    [receivableAccountId, depositAccountId],
  );
}

// An unarchived liability account with the name in the fund that no subledger keeps and no line
// was posted to, the lowest number first.
export async function liabilityAccountNamed(
  em: EntityManager,
  name: string,
  fund: string,
): Promise<string | undefined> {
  const [acc] = await sql(em).all<{ id: string }>(
    `SELECT a.id FROM accounts a
      WHERE lower(a.name) = lower(?) AND a.type = 'liability' AND a.fund_type = ? AND NOT a.archived
        AND NOT EXISTS (SELECT 1 FROM control_accounts c WHERE c.account_id = a.id)
        AND ${NEVER_POSTED}
      ORDER BY a.number LIMIT 1`,
    [name, fund],
  );
  return acc?.id;
}

export async function accountFund(em: EntityManager, id: string): Promise<string | undefined> {
  const [row] = await sql(em).all<{ fund_type: string }>(
    'SELECT fund_type FROM accounts WHERE id = ?',
    [id],
  );
  return row?.fund_type;
}

// The account numbers 2100 to 2199 already in use.
export async function takenPrepaidNumbers(em: EntityManager): Promise<Set<string>> {
  const rows = await sql(em).all<{ number: string }>(
    "SELECT number FROM accounts WHERE number ~ '^21[0-9][0-9]$'",
  );
  return new Set(rows.map((r) => r.number));
}

export async function insertPrepaidAccount(
  em: EntityManager,
  a: { id: string; number: string; name: string; fund: string },
): Promise<void> {
  await sql(em).run(
    `INSERT INTO accounts (id, number, name, type, fund_type, description)
     VALUES (?, ?, ?, 'liability', ?, 'Owners'' credit: payments received before the invoices they pay')`,
    [a.id, a.number, a.name, a.fund],
  );
}

export async function setPrepaidAccountRow(em: EntityManager, id: string): Promise<void> {
  await sql(em).run('UPDATE receivables_settings SET prepaid_account_id = ?', [id]);
}

// Standing payments with money not yet applied (it sits in Prepaid Assessments).
export async function standingCreditCount(em: EntityManager): Promise<number> {
  const [row] = await sql(em).all<{ n: number }>(
    `SELECT count(*)::int AS n FROM payments p
      WHERE p.void_entry_id IS NULL
        AND p.amount > coalesce((SELECT sum(amount) FROM payment_applications WHERE payment_id = p.id), 0)`,
  );
  return row.n;
}

export async function setUndepositedAccountRow(em: EntityManager, id: string | null) {
  await sql(em).run('UPDATE receivables_settings SET undeposited_account_id = ?', [id]);
}

// Standing payments into the account that no standing deposit carries: what waits in Undeposited
// Funds. The payments' and deposits' tables are read here (as the ledger check reads them) because
// payments and banking depend on assessments, not the other way round.
export async function waitingPaymentCount(em: EntityManager, accountId: string): Promise<number> {
  const [row] = await sql(em).all<{ n: number }>(
    `SELECT count(*)::int AS n FROM payments p
      WHERE p.deposit_account_id = ? AND p.void_entry_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM deposit_payments dp WHERE dp.payment_id = p.id AND dp.standing)`,
    [accountId],
  );
  return row.n;
}

// Whether the account is marked as a bank account (banking's table, read for the same reason).
export async function isBankAccount(em: EntityManager, accountId: string): Promise<boolean> {
  const [row] = await sql(em).all<{ bank: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM bank_accounts WHERE account_id = ?) AS bank',
    [accountId],
  );
  return row.bank;
}

// The Undeposited Funds setting, the row held (FOR SHARE) until the transaction ends.
export async function heldUndepositedAccount(em: EntityManager): Promise<string | null> {
  const [row] = await sql(em).all<{ id: string | null }>(
    'SELECT undeposited_account_id AS id FROM receivables_settings FOR SHARE',
  );
  return row?.id ?? null;
}
