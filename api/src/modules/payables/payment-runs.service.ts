import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { mediumDate } from '../../core/dates.js';
import { badInput, conflict, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { assertId, isId, newIds } from '../../core/ids.js';
import { displayMoney, MAX_AMOUNT, toCents } from '../../core/money/money.js';
import { recordTenantAudit } from '../audit/index.js';
import {
  checkPeriodsOpen,
  controlAccountKeeper,
  EntryOwnerType,
  EntrySource,
  type Posting,
  postJournalEntries,
} from '../journal/index.js';
import type { CreatePaymentRunInput } from './bill-payments.inputs.js';
import {
  insertBillPayments,
  insertPaymentRun,
  latestPaymentRunRows,
  lockBills,
  lockNextCheckNumber,
  type NewBillPayment,
  nextPaymentNumbers,
  nextRunNumber,
  type PayableBillRow,
  payableBillRows,
  payablesPolicy,
  payFromAccount,
  type PaymentRunRow,
  paymentRunRows,
  setNextCheckNumber,
  usedCheckNumbers,
} from './bill-payments.repository.js';
import { type PaymentRun, VendorPaymentMethod } from './bill-payments.types.js';

// A payment run pays approved bills from one bank account by one method: one payment per vendor,
// applied to that vendor's bills in the amounts chosen (each up to the bill's balance), each its
// own entry owned by the payment (Dr Accounts Payable, Cr the bank account, naming the vendor).
// Checks take consecutive numbers from the bank account's check sequence. All of it is one
// transaction: a run is made whole or not at all.

export const MAX_RUNS_LIST = 200;

function toPaymentRun(r: PaymentRunRow): PaymentRun {
  return {
    id: r.id,
    number: Number(r.number),
    bankAccountId: r.bank_account_id,
    method: r.method as VendorPaymentMethod,
    date: r.payment_date,
    payThrough: r.pay_through,
    total: BigInt(r.total),
    paymentCount: r.payment_count,
    createdAt: new Date(r.created_at),
  };
}

export async function findPaymentRun(em: EntityManager, id: string): Promise<PaymentRun> {
  assertId(id, 'Payment run');
  const [row] = await paymentRunRows(em, [id]);
  if (!row) throw notFound('Payment run');
  return toPaymentRun(row);
}

export async function findPaymentRuns(
  em: EntityManager,
  ids: readonly string[],
): Promise<PaymentRun[]> {
  const valid = [...new Set(ids.filter(isId))];
  return valid.length ? (await paymentRunRows(em, valid)).map(toPaymentRun) : [];
}

// The latest runs, newest first.
export async function listPaymentRuns(em: EntityManager, first = 20): Promise<PaymentRun[]> {
  if (!Number.isInteger(first) || first < 1 || first > MAX_RUNS_LIST) {
    throw badInput([{ field: 'first', message: `Ask for 1 to ${MAX_RUNS_LIST} runs` }]);
  }
  return (await latestPaymentRunRows(em, first)).map(toPaymentRun);
}

const METHOD_WORD: Record<VendorPaymentMethod, string> = {
  [VendorPaymentMethod.CHECK]: 'Check',
  [VendorPaymentMethod.ACH]: 'ACH',
  [VendorPaymentMethod.CARD]: 'Card',
};

type Detail = FieldDetail & { kind: 'missing' | 'bad' };

// NOT_FOUND first (ids that name nothing here), then BAD_USER_INPUT, each with every detail.
function refuse(details: Detail[]): void {
  const of = (kind: Detail['kind']) =>
    details.filter((d) => d.kind === kind).map(({ field, message }) => ({ field, message }));
  const missing = of('missing');
  if (missing.length) {
    throw notFound(missing[0].field.startsWith('items') ? 'Bill' : 'Bank account', missing);
  }
  // In the input's order: the run's own fields, then its items by position.
  const position = (field: string) => {
    const m = /^items\.(\d+)\./.exec(field);
    return m ? Number(m[1]) : -1;
  };
  const bad = of('bad').sort((a, b) => position(a.field) - position(b.field));
  if (bad.length) throw badInput(bad, bad[0].message);
}

// Why a bill cannot be paid (null: it can), read with the bill locked.
function unpayable(b: PayableBillRow, input: CreatePaymentRunInput): string | null {
  const name = `BILL-${b.number}`;
  if (b.void_date) return `${name} is void`;
  if (b.approval === 'pending') {
    return `${name} is awaiting approval (${b.approvals} of ${b.approvals_required}): it cannot be paid before it is approved`;
  }
  if (b.approval === 'rejected') return `${name} was rejected: it cannot be paid`;
  if (b.approval !== 'approved' && b.approval !== 'not_required') {
    return `${name} is not approved`;
  }
  if (toCents(b.paid) >= toCents(b.total)) return `${name} is paid in full`;
  if (!b.vendor_active) {
    return `Vendor ${b.vendor_name} is inactive; reactivate it to pay ${name}`;
  }
  if (b.bill_date > input.date) {
    return `${name} is dated ${mediumDate(b.bill_date)}, after the payment date`;
  }
  if (b.due_date > input.payThrough) {
    return `${name} is due ${mediumDate(b.due_date)}, after the run's pay-through date (${mediumDate(input.payThrough)})`;
  }
  return null;
}

export async function createPaymentRun(
  em: EntityManager,
  actor: AuthInfo | null,
  input: CreatePaymentRunInput,
): Promise<PaymentRun> {
  const details: Detail[] = [];
  const method = input.method;
  const memo = input.memo?.trim() || null;
  if (!isId(input.bankAccountId)) {
    details.push({ kind: 'missing', field: 'bankAccountId', message: 'Bank account not found' });
  }
  const seen = new Map<string, number>();
  input.items.forEach((item, i) => {
    if (!isId(item.billId)) {
      details.push({ kind: 'missing', field: `items.${i}.billId`, message: 'Bill not found' });
    } else if (seen.has(item.billId)) {
      const message = `This bill is listed twice (item ${seen.get(item.billId)! + 1})`;
      details.push({ kind: 'bad', field: `items.${i}.billId`, message });
    } else seen.set(item.billId, i);
  });
  // Ids that cannot be ids answer now; the rest is told together with what the books say.
  if (details.some((d) => d.kind === 'missing')) refuse(details);

  const [runId] = newIds(1);
  try {
    await em.transactional(async (tx) => {
      // The payment date first: a closed month is refused before anything else is read.
      await checkPeriodsOpen(tx, [{ field: 'date', date: input.date }]);
      const policy = await payablesPolicy(tx, { share: true });
      const bank = await payFromAccount(tx, input.bankAccountId);
      if (!bank) {
        details.push({
          kind: 'missing',
          field: 'bankAccountId',
          message: 'Bank account not found',
        });
      } else if (bank.archived) {
        const message = `${bank.number} ${bank.name} is archived`;
        details.push({ kind: 'bad', field: 'bankAccountId', message });
      } else if (
        bank.type !== 'asset' ||
        bank.id === policy.payable_account_id ||
        (await controlAccountKeeper(tx, bank.id))
      ) {
        const message = 'Pay from the bank (cash) account the money leaves';
        details.push({ kind: 'bad', field: 'bankAccountId', message });
      } else if (method === VendorPaymentMethod.CHECK && !bank.bank) {
        const message = `${bank.number} ${bank.name} is not set up as a bank account: mark it as one under Banking to print checks from it`;
        details.push({ kind: 'bad', field: 'bankAccountId', message });
      }

      const billIds = [...seen.keys()];
      await lockBills(tx, billIds);
      const bills = new Map((await payableBillRows(tx, billIds)).map((b) => [b.id, b]));
      input.items.forEach((item, i) => {
        if (seen.get(item.billId) !== i) return;
        const b = bills.get(item.billId);
        if (!b) {
          details.push({ kind: 'missing', field: `items.${i}.billId`, message: 'Bill not found' });
          return;
        }
        const why = unpayable(b, input);
        if (why) {
          details.push({ kind: 'bad', field: `items.${i}.billId`, message: why });
          return;
        }
        const balance = toCents(b.total) - toCents(b.paid);
        if (item.amount > balance) {
          const message = `More than BILL-${b.number}'s balance (${displayMoney(balance)})`;
          details.push({ kind: 'bad', field: `items.${i}.amount`, message });
        }
      });
      if (!policy.payable_account_id) {
        const message = 'No Accounts Payable account is set: enter a bill first';
        details.push({ kind: 'bad', field: 'items', message });
      }
      refuse(details);

      // One payment per vendor, vendors by name (the order the checks print in).
      const byVendor = new Map<string, { bill: PayableBillRow; amount: number }[]>();
      for (const item of input.items) {
        const bill = bills.get(item.billId)!;
        byVendor.set(bill.vendor_id, [
          ...(byVendor.get(bill.vendor_id) ?? []),
          { bill, amount: item.amount },
        ]);
      }
      const groups = [...byVendor.values()].sort(
        (a, b) =>
          a[0].bill.vendor_name.localeCompare(b[0].bill.vendor_name) ||
          a[0].bill.vendor_id.localeCompare(b[0].bill.vendor_id),
      );
      for (const g of groups) {
        g.sort(
          (a, b) =>
            a.bill.bill_date.localeCompare(b.bill.bill_date) ||
            Number(a.bill.number) - Number(b.bill.number),
        );
        const sum = g.reduce((s, x) => s + x.amount, 0);
        if (sum > MAX_AMOUNT) {
          const message = `The payment to ${g[0].bill.vendor_name} would be more than one payment can be (${displayMoney(MAX_AMOUNT)}): pay its bills in two runs`;
          throw badInput([{ field: 'items', message }], message);
        }
      }

      const checkNumbers = await takeCheckNumbers(tx, input, groups.length);
      const runNumber = await nextRunNumber(tx);
      const numbers = await nextPaymentNumbers(tx, groups.length);
      const ids = newIds(groups.length);
      const apAccount = policy.payable_account_id!;
      const payments: NewBillPayment[] = groups.map((g, k) => ({
        id: ids[k],
        number: numbers[k],
        runId,
        vendorId: g[0].bill.vendor_id,
        bankAccountId: input.bankAccountId,
        method,
        checkNumber: checkNumbers?.[k] ?? null,
        date: input.date,
        amount: g.reduce((s, x) => s + x.amount, 0),
        memo,
        journalEntryId: '',
        createdBy: actor?.userId ?? null,
        applications: g.map((x) => ({ billId: x.bill.id, amount: x.amount })),
      }));
      const postings: Posting[] = payments.map((p, k) => {
        const vendor = groups[k][0].bill.vendor_name;
        const head =
          method === VendorPaymentMethod.CHECK
            ? `Check ${p.checkNumber}`
            : `${METHOD_WORD[method]} VP-${p.number}`;
        return {
          input: {
            date: input.date,
            memo: `${head} · ${vendor}${memo ? ` · ${memo}` : ''}`.slice(0, 500),
            vendorId: p.vendorId,
            lines: [
              { accountId: apAccount, debit: p.amount },
              { accountId: input.bankAccountId, credit: p.amount },
            ],
          },
          opts: {
            source: EntrySource.BILL_PAYMENT,
            owner: { type: EntryOwnerType.BILL_PAYMENT, id: p.id },
            // The Accounts Payable line is the subledger's own.
            lineFields: [null, 'bankAccountId'],
          },
        };
      });
      const entryIds = await postJournalEntries(tx, actor, postings);
      payments.forEach((p, k) => (p.journalEntryId = entryIds[k]));
      await insertPaymentRun(tx, {
        id: runId,
        number: runNumber,
        bankAccountId: input.bankAccountId,
        method,
        date: input.date,
        payThrough: input.payThrough,
        createdBy: actor?.userId ?? null,
      });
      await insertBillPayments(tx, payments);
      await recordTenantAudit(tx, actor, {
        entityType: 'PaymentRun',
        entityId: runId,
        action: 'create',
        changes: {
          number: runNumber,
          bankAccountId: input.bankAccountId,
          method,
          date: input.date,
          payThrough: input.payThrough,
          payments: payments.map((p) => ({
            id: p.id,
            number: p.number,
            vendorId: p.vendorId,
            checkNumber: p.checkNumber,
            amount: p.amount,
            bills: p.applications,
          })),
        },
      });
    });
  } catch (err) {
    // The database's guard (a check number used once per bank account), should a path skip the
    // bank account's lock.
    if (isUniqueViolation(err, 'bill_payments_check_once')) {
      throw conflict('A check number of this run was used meanwhile: reload and try again');
    }
    throw err;
  }
  return findPaymentRun(em, runId);
}

// Checks: the next `count` numbers of the bank account's sequence, its row locked until the run
// commits, and the sequence moved past them. Refused when one was used already (the next number
// was set back by hand): the printer's blank checks are numbered, so numbers are never skipped.
async function takeCheckNumbers(
  tx: EntityManager,
  input: CreatePaymentRunInput,
  count: number,
): Promise<number[] | null> {
  if (input.method !== VendorPaymentMethod.CHECK) return null;
  const first = await lockNextCheckNumber(tx, input.bankAccountId);
  if (first === null) {
    const message = 'Mark the account as a bank account under Banking to print checks from it';
    throw badInput([{ field: 'bankAccountId', message }], message);
  }
  const last = first + count - 1;
  const used = await usedCheckNumbers(tx, input.bankAccountId, first, last);
  if (used.length) {
    const message = `Check ${used[0]} was already issued from this account: set the next check number in its check settings to the first blank check`;
    throw conflict(message, [{ field: 'bankAccountId', message }]);
  }
  await setNextCheckNumber(tx, input.bankAccountId, last + 1);
  return Array.from({ length: count }, (_, k) => first + k);
}
