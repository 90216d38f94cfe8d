import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { today as utcToday } from '../../core/dates.js';
import { badInput, conflict, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { assertId, isId, newIds } from '../../core/ids.js';
import { formatMoney, toCents } from '../../core/money/money.js';
import { sql } from '../../db/sql.js';
import { recordTenantAudit } from '../audit/index.js';
import {
  controlAccountKeeper,
  controlAccountOf,
  EntryOwnerType,
  EntrySource,
  postJournalEntries,
  reverseJournalEntry,
  setControlAccount,
} from '../journal/index.js';
import { findPayments, type Payment } from '../payments/index.js';
import {
  type DepositRow,
  depositRows,
  foreignPostings,
  insertDeposit,
  lockPayments,
  markDepositVoid,
  nextDepositNumber,
  undepositedPaymentIds,
} from './deposits.repository.js';
import { type CreateDepositInput, type Deposit, DepositStatus } from './deposits.types.js';

// Undeposited Funds: payments received wait there (a control account kept by payments and
// deposits) until a deposit carries them to the bank as the bank shows them — one line for the
// checks taken to the bank together, one for an autopay batch, one for a card payout net of its
// fees. An association turns it on by choosing the account (Banking); until then payments go
// straight to the deposit account of the receivables settings, as before. Once chosen, it is
// the default of every payment recorded without a deposit account; an explicit bank account is
// still taken (an ACH that lands in the bank directly). The account can be changed only while no
// payment waits in it, and must hold nothing but payments' and deposits' postings.

function toDeposit(r: DepositRow): Deposit {
  const total = toCents(r.total);
  const fee = toCents(r.fee);
  return {
    id: r.id,
    number: Number(r.number),
    accountId: r.account_id,
    date: r.deposit_date,
    memo: r.memo,
    total,
    fee,
    feeAccountId: r.fee_account_id,
    net: total - fee,
    status: r.void_entry_id ? DepositStatus.VOID : DepositStatus.POSTED,
    journalEntryId: r.journal_entry_id,
    voidEntryId: r.void_entry_id,
    voidDate: r.void_date,
    paymentIds: r.payment_ids,
    createdAt: new Date(r.created_at),
  };
}

export function undepositedFundsAccount(em: EntityManager): Promise<string | null> {
  return controlAccountOf(em, 'undeposited');
}

export async function setUndepositedFundsAccount(
  em: EntityManager,
  actor: AuthInfo | null,
  accountId: string,
): Promise<string> {
  assertId(accountId, 'Account');
  const [acct] = await sql(em).all<{
    type: string;
    fund_type: string;
    archived: boolean;
    name: string;
  }>(`SELECT type, fund_type, archived, name FROM accounts WHERE id = ?`, [accountId]);
  if (!acct) throw notFound('Account', [{ field: 'accountId', message: 'Account not found' }]);
  const refuse = (message: string) => badInput([{ field: 'accountId', message }], message);
  if (acct.type !== 'asset' || acct.fund_type !== 'operating') {
    throw refuse('Undeposited Funds is an asset account of the operating fund');
  }
  if (acct.archived) throw refuse(`${acct.name} is archived`);
  const keeper = await controlAccountKeeper(em, accountId);
  if (keeper && keeper.role !== 'undeposited')
    throw refuse(`${acct.name} is kept by ${keeper.keptBy}`);
  if ((await sql(em).all(`SELECT 1 FROM bank_accounts WHERE account_id = ?`, [accountId])).length) {
    throw refuse(
      `${acct.name} is a bank account; Undeposited Funds is where payments wait before the bank`,
    );
  }
  if ((await foreignPostings(em, accountId)) > 0) {
    throw refuse(
      `${acct.name} has postings other than payments; choose a new account (e.g. 1050 Undeposited Funds)`,
    );
  }
  await em.transactional(async (tx) => {
    const current = await controlAccountOf(tx, 'undeposited');
    if (current === accountId) return;
    if (current && (await undepositedPaymentIds(tx, current)).length) {
      throw conflict(
        'Payments are waiting in the current Undeposited Funds account: deposit them first',
      );
    }
    await setControlAccount(tx, 'undeposited', accountId);
    await recordTenantAudit(tx, actor, {
      entityType: 'ReceivablesSettings',
      entityId: accountId,
      action: 'update',
      changes: { undepositedAccountId: { before: current, after: accountId } },
    });
  });
  return accountId;
}

export async function listDeposits(
  em: EntityManager,
  f: { accountId?: string | null; from?: string | null; to?: string | null },
): Promise<Deposit[]> {
  if (f.accountId) assertId(f.accountId, 'Bank account');
  return (await depositRows(em, f)).map(toDeposit);
}

export async function findDeposit(em: EntityManager, id: string): Promise<Deposit> {
  assertId(id, 'Deposit');
  const [row] = await depositRows(em, { ids: [id] });
  if (!row) throw notFound('Deposit');
  return toDeposit(row);
}

export async function undepositedPayments(em: EntityManager, limit = 2000): Promise<Payment[]> {
  const account = await undepositedFundsAccount(em);
  if (!account) return [];
  const ids = await undepositedPaymentIds(em, account, limit);
  const byId = new Map((await findPayments(em, ids)).map((p) => [p.id, p]));
  return ids.map((id) => byId.get(id)!).filter(Boolean);
}

export { findPayments };

// One entry owned by the deposit: Dr the bank (total − fee), Dr the fee's expense account, Cr
// Undeposited Funds (total).
export async function createDeposit(
  em: EntityManager,
  actor: AuthInfo | null,
  input: CreateDepositInput,
): Promise<Deposit> {
  assertId(input.accountId, 'Bank account');
  const fee = input.fee ?? 0;
  const undeposited = await undepositedFundsAccount(em);
  if (!undeposited) {
    const message = 'Choose the Undeposited Funds account under Banking first';
    throw badInput([{ field: 'accountId', message }], message);
  }
  const [bank] = await sql(em).all<{ type: string; archived: boolean; name: string }>(
    `SELECT type, archived, name FROM accounts WHERE id = ?`,
    [input.accountId],
  );
  if (!bank) throw notFound('Account', [{ field: 'accountId', message: 'Account not found' }]);
  if (
    bank.type !== 'asset' ||
    input.accountId === undeposited ||
    (await controlAccountKeeper(em, input.accountId))
  ) {
    const message = 'Choose the bank account the money went into';
    throw badInput([{ field: 'accountId', message }], message);
  }
  if (fee > 0) {
    if (!input.feeAccountId || !isId(input.feeAccountId)) {
      const message = 'Choose the expense account of the fee';
      throw badInput([{ field: 'feeAccountId', message }], message);
    }
    const [f] = await sql(em).all<{ type: string }>(`SELECT type FROM accounts WHERE id = ?`, [
      input.feeAccountId,
    ]);
    if (!f) throw notFound('Account', [{ field: 'feeAccountId', message: 'Account not found' }]);
    if (f.type !== 'expense') {
      const message = 'The fee goes to an expense account';
      throw badInput([{ field: 'feeAccountId', message }], message);
    }
  }
  const bad = input.paymentIds.map((id, i) => ({ id, i })).filter(({ id }) => !isId(id));
  if (bad.length) {
    throw notFound(
      'Payment',
      bad.map(({ i }) => ({ field: `paymentIds.${i}`, message: 'Payment not found' })),
    );
  }
  const [id] = newIds(1);
  await em.transactional(async (tx) => {
    const rows = await lockPayments(tx, input.paymentIds);
    const details: FieldDetail[] = [];
    input.paymentIds.forEach((pid, i) => {
      const p = rows.find((r) => r.id === pid);
      const field = `paymentIds.${i}`;
      if (!p) details.push({ field, message: 'Payment not found' });
      else if (p.void_entry_id) details.push({ field, message: 'This payment is void' });
      else if (p.deposit_number)
        details.push({ field, message: `Already in DEP-${p.deposit_number}` });
      else if (p.deposit_account_id !== undeposited) {
        details.push({
          field,
          message: 'This payment went straight to a bank account, not Undeposited Funds',
        });
      } else if (p.date > input.date) {
        details.push({ field, message: `Received ${p.date}, after the deposit date` });
      }
    });
    const missing = details.filter((d) => d.message === 'Payment not found');
    if (missing.length) throw notFound('Payment', missing);
    if (details.some((d) => d.message.startsWith('Already in')))
      throw conflict(details[0].message, details);
    if (details.length) throw badInput(details, details[0].message);
    const total = rows.reduce((s, r) => s + Number(r.amount), 0);
    if (fee >= total) {
      const message = `The fee must be less than the deposit (${formatMoney(BigInt(total))})`;
      throw badInput([{ field: 'fee', message }], message);
    }
    const number = await nextDepositNumber(tx);
    const memo = input.memo?.trim() || null;
    const label = `DEP-${number} — ${rows.length} payment${rows.length === 1 ? '' : 's'}`;
    const [entryId] = await postJournalEntries(tx, actor, [
      {
        input: {
          date: input.date,
          memo: (memo ? `${label}: ${memo}` : label).slice(0, 500),
          lines: [
            { accountId: input.accountId, debit: total - fee },
            ...(fee > 0
              ? [{ accountId: input.feeAccountId!, debit: fee, memo: 'Processing fees' }]
              : []),
            { accountId: undeposited, credit: total },
          ],
        },
        opts: {
          source: EntrySource.DEPOSIT,
          owner: { type: EntryOwnerType.DEPOSIT, id },
          lineFields: ['accountId', ...(fee > 0 ? ['feeAccountId'] : []), null],
        },
      },
    ]);
    await insertDeposit(
      tx,
      {
        id,
        number,
        accountId: input.accountId,
        date: input.date,
        memo,
        total,
        fee,
        feeAccountId: fee > 0 ? input.feeAccountId! : null,
        journalEntryId: entryId,
        createdBy: actor?.userId ?? null,
      },
      input.paymentIds,
    );
    await recordTenantAudit(tx, actor, {
      entityType: 'Deposit',
      entityId: id,
      action: 'create',
      changes: {
        number,
        accountId: input.accountId,
        date: input.date,
        total,
        fee,
        payments: input.paymentIds.length,
      },
    });
  });
  return findDeposit(em, id);
}

// Reverses the deposit's entry; its payments wait in Undeposited Funds again. Refused (by the
// journal and the database) while a finished reconciliation has cleared its bank line.
export async function voidDeposit(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  date?: string | null,
): Promise<Deposit> {
  assertId(id, 'Deposit');
  await em.transactional(async (tx) => {
    const [row] = await sql(tx).all<{ id: string }>(
      `SELECT id FROM deposits WHERE id = ? FOR UPDATE`,
      [id],
    );
    if (!row) throw notFound('Deposit');
    const d = await findDeposit(tx, id);
    if (d.status === DepositStatus.VOID) throw conflict(`DEP-${d.number} is already void`);
    const on = date ?? (d.date > utcToday() ? d.date : utcToday());
    if (on < d.date) {
      throw badInput([
        { field: 'date', message: 'The void date cannot be before the deposit date' },
      ]);
    }
    const reversal = await reverseJournalEntry(
      tx,
      actor,
      d.journalEntryId,
      on,
      `Void DEP-${d.number}`,
      {
        owner: { type: EntryOwnerType.DEPOSIT, id },
      },
    );
    await markDepositVoid(tx, id, reversal.id, on);
    await recordTenantAudit(tx, actor, {
      entityType: 'Deposit',
      entityId: id,
      action: 'void',
      changes: { number: d.number, date: on, reversal: reversal.id },
    });
  });
  return findDeposit(em, id);
}

// Deposits the seed knows to be right (the demo associations' history): each group's payments
// wait in Undeposited Funds, dated on or before the deposit. One posting call for them all, in the
// caller's transaction.
export async function seedDeposits(
  tx: EntityManager,
  actor: AuthInfo | null,
  accountId: string,
  groups: { date: string; memo: string; payments: { id: string; amount: number }[] }[],
): Promise<void> {
  const undeposited = await undepositedFundsAccount(tx);
  if (!undeposited || !groups.length) return;
  const ids = newIds(groups.length);
  const numbers: number[] = [];
  for (let i = 0; i < groups.length; i++) numbers.push(await nextDepositNumber(tx));
  const entryIds = await postJournalEntries(
    tx,
    actor,
    groups.map((g, i) => {
      const total = g.payments.reduce((s, p) => s + p.amount, 0);
      return {
        input: {
          date: g.date,
          memo: `DEP-${numbers[i]} — ${g.payments.length} payment${g.payments.length === 1 ? '' : 's'}: ${g.memo}`,
          lines: [
            { accountId, debit: total },
            { accountId: undeposited, credit: total },
          ],
        },
        opts: {
          source: EntrySource.DEPOSIT,
          owner: { type: EntryOwnerType.DEPOSIT, id: ids[i] },
          lineFields: ['accountId', null],
        },
      };
    }),
  );
  for (const [i, g] of groups.entries()) {
    await insertDeposit(
      tx,
      {
        id: ids[i],
        number: numbers[i],
        accountId,
        date: g.date,
        memo: g.memo,
        total: g.payments.reduce((s, p) => s + p.amount, 0),
        fee: 0,
        feeAccountId: null,
        journalEntryId: entryIds[i],
        createdBy: actor?.userId ?? null,
      },
      g.payments.map((p) => p.id),
    );
  }
}
