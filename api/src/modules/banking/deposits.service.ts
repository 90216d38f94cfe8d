import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { today as utcToday } from '../../core/dates.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { badInput, conflict, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { assertId, isId, newIds } from '../../core/ids.js';
import { formatMoney, toCents } from '../../core/money/money.js';
import {
  receivablesSettings,
  setUndepositedAccount,
  undepositedAccountHeld,
} from '../assessments/index.js';
import { recordTenantAudit } from '../audit/index.js';
import {
  controlAccountKeeper,
  EntryOwnerType,
  EntrySource,
  postJournalEntries,
  reverseJournalEntry,
} from '../journal/index.js';
import { findPayments, type Payment } from '../payments/index.js';
import type { CreateDepositInput, DepositFilter } from './deposits.inputs.js';
import {
  accountRows,
  type DepositRow,
  depositRows,
  insertDeposit,
  lockDeposit,
  lockPayments,
  markDepositVoid,
  nextDepositNumber,
  paymentStates,
  sourceAccountOf,
  standingDepositRowsOf,
  undepositedPaymentIds,
} from './deposits.repository.js';
import { type Deposit, DepositStatus } from './deposits.types.js';

// Undeposited Funds: payments received wait there (a control account kept by payments and
// deposits) until a deposit carries them to the bank as the bank shows them — one line for the
// checks taken to the bank together, one for an autopay batch, one for a card payout net of its
// fees — which the reconciliation matches to the bank's line. The association chooses the account
// in its receivables settings; the rule (what it may be, when it may change) is written there.

function toDeposit(r: DepositRow): Deposit {
  const total = toCents(r.total);
  const fee = toCents(r.fee);
  const adjustments = toCents(r.adjustments);
  return {
    id: r.id,
    number: Number(r.number),
    accountId: r.account_id,
    date: r.deposit_date,
    memo: r.memo,
    total,
    fee,
    feeAccountId: r.fee_account_id,
    adjustments,
    net: total - fee + adjustments,
    status: r.void_entry_id ? DepositStatus.VOID : DepositStatus.POSTED,
    journalEntryId: r.journal_entry_id,
    voidEntryId: r.void_entry_id,
    voidDate: r.void_date,
    paymentIds: r.payment_ids,
    createdAt: new Date(r.created_at),
  };
}

// The Undeposited Funds account, or null while the association does not keep it.
export async function undepositedFundsAccount(em: EntityManager): Promise<string | null> {
  return (await receivablesSettings(em)).undepositedAccountId;
}

// Chooses Undeposited Funds (null: stop keeping it); the receivables settings hold the rule.
export async function setUndepositedFundsAccount(
  em: EntityManager,
  actor: AuthInfo | null,
  accountId: string | null,
): Promise<string | null> {
  return (await setUndepositedAccount(em, actor, accountId, 'accountId')).undepositedAccountId;
}

export async function listDeposits(em: EntityManager, f: DepositFilter = {}): Promise<Deposit[]> {
  if (f.accountId) assertId(f.accountId, 'Bank account');
  if (f.from && f.to && f.from > f.to) {
    throw badInput([{ field: 'to', message: 'The end comes before the start' }]);
  }
  return (await depositRows(em, f)).map(toDeposit);
}

export async function findDeposit(em: EntityManager, id: string): Promise<Deposit> {
  assertId(id, 'Deposit');
  const [row] = await depositRows(em, { ids: [id] });
  if (!row) throw notFound('Deposit');
  return toDeposit(row);
}

// The standing deposit carrying each payment (null: none; a void deposit no longer carries its
// payments), in the order asked.
export async function standingDepositsOf(
  em: EntityManager,
  paymentIds: readonly string[],
): Promise<(Deposit | null)[]> {
  const valid = paymentIds.filter(isId);
  const rows = valid.length ? await standingDepositRowsOf(em, valid) : [];
  const byPayment = new Map(rows.map((r) => [r.payment_id, toDeposit(r)]));
  return paymentIds.map((id) => byPayment.get(id) ?? null);
}

// Payments waiting in Undeposited Funds for a deposit, oldest first.
export async function undepositedPayments(em: EntityManager, limit = 2000): Promise<Payment[]> {
  const account = await undepositedFundsAccount(em);
  if (!account) return [];
  const ids = await undepositedPaymentIds(em, account, limit);
  const byId = new Map((await findPayments(em, ids)).map((p) => [p.id, p]));
  return ids.map((id) => byId.get(id)).filter((p): p is Payment => !!p);
}

type Detail = FieldDetail & { kind: 'missing' | 'taken' | 'bad' };

// Throws the details found: NOT_FOUND first (unknown ids), then CONFLICT (a payment another
// deposit carries), then BAD_USER_INPUT — each with every detail of its kind.
function refuse(details: Detail[]): void {
  const of = (kind: string) =>
    details.filter((d) => d.kind === kind).map(({ field, message }) => ({ field, message }));
  const missing = of('missing');
  if (missing.length) {
    throw notFound(missing[0].field.startsWith('payment') ? 'Payment' : 'Account', missing);
  }
  const taken = of('taken');
  if (taken.length) throw conflict(taken[0].message, taken);
  const bad = of('bad');
  if (bad.length) throw badInput(bad, bad[0].message);
}

// The database's own guard (one standing deposit per payment) answers CONFLICT too, should a
// path ever skip the payments' locks.
async function inDepositTransaction(
  em: EntityManager,
  work: (tx: EntityManager) => Promise<void>,
): Promise<void> {
  try {
    await em.transactional(work);
  } catch (err) {
    if (isUniqueViolation(err, 'deposit_payments_once')) {
      throw conflict('A payment was taken by another deposit meanwhile: reload and try again');
    }
    throw err;
  }
}

// A deposit's other line (online payments' payouts): an amount in the bank line that is not a
// payment — what owners paid in fees (a credit to income, positive) or a returned payment's part
// (negative, a debit). The caller chooses accounts that no subledger keeps (the ledger refuses a
// control account).
export interface DepositAdjustment {
  accountId: string;
  amount: number;
  memo: string;
}

// Carries payments from Undeposited Funds to the bank: one entry owned by the deposit, Dr the
// bank (total − fee + adjustments), Dr the fee's expense account (fee), Cr Undeposited Funds
// (total), and each adjustment on its account, so the bank's ledger gets one line, the one the
// bank statement shows. The payments are locked: two deposits racing for one payment take turns,
// and the second finds it taken.
export async function createDeposit(
  em: EntityManager,
  actor: AuthInfo | null,
  input: CreateDepositInput,
  adjustmentLines: DepositAdjustment[] = [],
): Promise<Deposit> {
  const others = adjustmentLines.filter((a) => a.amount !== 0);
  const adjustments = others.reduce((s, a) => s + a.amount, 0);
  const fee = input.fee ?? 0;
  const feeAccountId = fee > 0 ? (input.feeAccountId ?? null) : null;
  const details: Detail[] = [];
  const accounts = await accountRows(
    em,
    [input.accountId, feeAccountId].filter((id): id is string => isId(id)),
  );
  const bank = accounts.find((a) => a.id === input.accountId);
  const undeposited = await undepositedFundsAccount(em);
  if (!undeposited) {
    const message =
      'Choose the Undeposited Funds account in the receivables settings first: deposits carry the payments waiting there';
    throw badInput([{ field: 'accountId', message }], message);
  }
  if (!bank) {
    details.push({ kind: 'missing', field: 'accountId', message: 'Account not found' });
  } else if (bank.archived) {
    details.push({
      kind: 'bad',
      field: 'accountId',
      message: `${bank.number} ${bank.name} is archived`,
    });
  } else if (
    bank.type !== 'asset' ||
    bank.id === undeposited ||
    (await controlAccountKeeper(em, bank.id))
  ) {
    const message = 'Choose the bank account the money went into';
    details.push({ kind: 'bad', field: 'accountId', message });
  }
  if (fee > 0) {
    const f = accounts.find((a) => a.id === feeAccountId);
    if (!feeAccountId) {
      const message = 'Choose the expense account of the fee';
      details.push({ kind: 'bad', field: 'feeAccountId', message });
    } else if (!f) {
      details.push({ kind: 'missing', field: 'feeAccountId', message: 'Account not found' });
    } else if (f.archived) {
      details.push({
        kind: 'bad',
        field: 'feeAccountId',
        message: `${f.number} ${f.name} is archived`,
      });
    } else if (f.type !== 'expense') {
      const message = 'The fee goes to an expense account';
      details.push({ kind: 'bad', field: 'feeAccountId', message });
    }
  }
  const paymentIds = input.paymentIds.filter(isId);
  const [id] = newIds(1);
  await inDepositTransaction(em, async (tx) => {
    // Held until the deposit commits: the setting cannot change under it.
    const from = await undepositedAccountHeld(tx);
    if (!from) {
      const message = 'Undeposited Funds is no longer kept: choose it in the receivables settings';
      throw badInput([{ field: 'accountId', message }], message);
    }
    await lockPayments(tx, paymentIds);
    const rows = await paymentStates(tx, paymentIds);
    const byId = new Map(rows.map((r) => [r.id, r]));
    input.paymentIds.forEach((pid, i) => {
      const p = byId.get(pid);
      const field = `paymentIds.${i}`;
      if (!p) details.push({ kind: 'missing', field, message: 'Payment not found' });
      else if (p.void_entry_id) {
        details.push({ kind: 'bad', field, message: `PMT-${p.number} is void` });
      } else if (p.deposit_number) {
        const message = `PMT-${p.number} is already in DEP-${p.deposit_number}`;
        details.push({ kind: 'taken', field, message });
      } else if (p.deposit_account_id !== from) {
        const message = `PMT-${p.number} went straight to a bank account, not Undeposited Funds`;
        details.push({ kind: 'bad', field, message });
      } else if (p.date > input.date) {
        const message = `PMT-${p.number} was received ${p.date}, after the deposit date`;
        details.push({ kind: 'bad', field, message });
      }
    });
    const total = rows.reduce((s, r) => s + Number(r.amount), 0);
    if (fee > 0 && fee >= total) {
      const message = `The fee must be less than the payments deposited (${formatMoney(BigInt(total))})`;
      details.push({ kind: 'bad', field: 'fee', message });
    } else if (total - fee + adjustments <= 0) {
      const message = 'What reaches the bank must be more than zero';
      details.push({ kind: 'bad', field: 'adjustments', message });
    }
    refuse(details);
    const number = await nextDepositNumber(tx);
    const memo = input.memo?.trim() || null;
    const label = `DEP-${number} — ${rows.length} payment${rows.length === 1 ? '' : 's'}`;
    const [entryId] = await postJournalEntries(tx, actor, [
      {
        input: {
          date: input.date,
          memo: (memo ? `${label}: ${memo}` : label).slice(0, 500),
          lines: [
            { accountId: input.accountId, debit: total - fee + adjustments },
            ...(fee > 0 ? [{ accountId: feeAccountId!, debit: fee, memo: 'Processing fees' }] : []),
            { accountId: from, credit: total },
            ...others.map((a) =>
              a.amount > 0
                ? { accountId: a.accountId, credit: a.amount, memo: a.memo }
                : { accountId: a.accountId, debit: -a.amount, memo: a.memo },
            ),
          ],
        },
        opts: {
          source: EntrySource.DEPOSIT,
          owner: { type: EntryOwnerType.DEPOSIT, id },
          // The Undeposited Funds line is the subledger's own.
          lineFields: [
            'accountId',
            ...(fee > 0 ? ['feeAccountId'] : []),
            null,
            ...others.map((_, i) => `adjustments.${i}.accountId`),
          ],
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
        feeAccountId,
        adjustments,
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
        feeAccountId,
        ...(others.length ? { adjustments: others } : {}),
        paymentIds: input.paymentIds,
      },
    });
  });
  return findDeposit(em, id);
}

// Reverses the deposit's entry (the journal refuses while a finished reconciliation has cleared
// its bank line); its payments wait in Undeposited Funds again, to be deposited or voided.
// `date` omitted: today, or the deposit's date if that is later.
export async function voidDeposit(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  date?: string | null,
  today: string = utcToday(),
): Promise<Deposit> {
  assertId(id, 'Deposit');
  await em.transactional(async (tx) => {
    if (!(await lockDeposit(tx, id))) throw notFound('Deposit');
    const d = await findDeposit(tx, id);
    if (d.status === DepositStatus.VOID) throw conflict(`DEP-${d.number} is already void`);
    const on = date ?? (d.date > today ? d.date : today);
    if (on < d.date) {
      const message = 'The void date cannot be before the deposit date';
      throw badInput([{ field: 'date', message }], message);
    }
    // Its payments go back to the account they waited in, which must still be Undeposited Funds
    // (else they would wait where no deposit and no ledger check sees them).
    const source = await sourceAccountOf(tx, id);
    if (source !== (await undepositedAccountHeld(tx))) {
      throw conflict(
        `DEP-${d.number}'s payments waited in an account that is no longer Undeposited Funds: choose it again in the receivables settings to void the deposit`,
      );
    }
    const reversal = await reverseJournalEntry(
      tx,
      actor,
      d.journalEntryId,
      on,
      `Void DEP-${d.number}`,
      { owner: { type: EntryOwnerType.DEPOSIT, id } },
    );
    await markDepositVoid(tx, id, reversal.id, on);
    await recordTenantAudit(tx, actor, {
      entityType: 'Deposit',
      entityId: id,
      action: 'void',
      changes: { number: d.number, date: on, reversalId: reversal.id },
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
