import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { today } from '../../core/dates.js';
import { badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { assertId, isId, newIds } from '../../core/ids.js';
import { toCents } from '../../core/money/money.js';
import {
  checkAccounts,
  receivablesSettings,
  undepositedAccountHeld,
} from '../assessments/index.js';
import { recordTenantAudit } from '../audit/index.js';
import { paymentMeans } from '../units/index.js';
import {
  EntryOwnerType,
  EntrySource,
  findJournalEntries,
  postJournalEntries,
  reverseJournalEntry,
} from '../journal/index.js';
import {
  applicationsOf,
  commitApplications,
  creditEntriesOf,
  lockUnits,
  type OpenInvoice,
  openInvoices,
  planApplications,
} from './payment-applications.service.js';
import type { PaymentFilter, RecordPaymentInput } from './payments.inputs.js';
import {
  insertPayment,
  invoicesOfUnit,
  lockPayment,
  markPaymentVoid,
  nextPaymentNumber,
  paymentPage,
  paymentRows,
  type PaymentRow,
  standingDepositOf,
  unitNumber,
  unitOfPayment,
} from './payments.repository.js';
import { type Payment, PaymentMethod, PaymentStatus } from './payments.types.js';

async function hydrate(em: EntityManager, rows: PaymentRow[]): Promise<Payment[]> {
  const apps = await applicationsOf(
    em,
    'payment',
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const mine = apps.filter((a) => a.paymentId === r.id).map(({ voided: _v, ...a }) => a);
    const voided = !!r.void_entry_id;
    return {
      id: r.id,
      number: Number(r.number),
      unitId: r.unit_id,
      date: r.date,
      amount: toCents(r.amount),
      method: r.method,
      reference: r.reference,
      memo: r.memo,
      depositAccountId: r.deposit_account_id,
      applications: mine,
      unapplied: voided ? 0 : toCents(r.amount) - mine.reduce((s, a) => s + a.amount, 0),
      status: voided ? PaymentStatus.VOID : PaymentStatus.POSTED,
      journalEntryId: r.journal_entry_id,
      voidEntryId: r.void_entry_id,
      createdAt: new Date(r.created_at),
    };
  });
}

export async function findPayment(em: EntityManager, id: string): Promise<Payment> {
  assertId(id, 'Payment');
  const rows = await paymentRows(em, [id]);
  if (!rows.length) throw notFound('Payment');
  return (await hydrate(em, rows))[0];
}

// Payments by id, in no particular order (for the payment of an application).
export async function findPayments(em: EntityManager, ids: string[]): Promise<Payment[]> {
  const valid = ids.filter(isId);
  if (!valid.length) return [];
  return hydrate(em, await paymentRows(em, valid));
}

// Payments newest first (date, then number), keyset-paginated.
export async function listPayments(
  em: EntityManager,
  filter: PaymentFilter = {},
  first = 50,
  after?: string | null,
) {
  if (filter.unitId) {
    assertId(filter.unitId, 'Unit');
    if ((await unitNumber(em, filter.unitId)) === undefined) throw notFound('Unit');
  }
  return paymentPage(em, filter, { first, after }, (rows) => hydrate(em, rows));
}

export interface PaymentDraft {
  unitId: string;
  unitNumber: string;
  date: string;
  amount: number;
  method: PaymentMethod;
  reference?: string | null;
  memo?: string | null;
  // The account the money went into (Opening Balance Equity for an opening credit).
  depositAccountId: string;
  // Open invoices it pays, in order.
  targets: OpenInvoice[];
}

// Posts a payment and applies it: one entry owned by the payment debits the deposit account and
// credits the receivable account with what it pays on its own date, and Prepaid Assessments with
// the rest (the unit's credit, applied later by entries of its own). Call inside a transaction
// that holds the unit's lock. Answers the payment's id.
export async function postPayment(
  tx: EntityManager,
  actor: AuthInfo | null,
  d: PaymentDraft,
): Promise<string> {
  const settings = await receivablesSettings(tx, actor);
  const n = await nextPaymentNumber(tx);
  const [id] = newIds(1);
  const plan = planApplications(
    [{ id, number: n, unit_id: d.unitId, date: d.date, unapplied: d.amount }],
    d.targets,
  );
  const paysToday = plan.filter((r) => r.on === d.date).reduce((s, r) => s + r.amount, 0);
  const credit = d.amount - paysToday;
  const label = d.method === PaymentMethod.OPENING_CREDIT ? 'Opening credit' : `PMT-${n}`;
  const means = paymentMeans(d.method, d.reference ?? null);
  // Into Undeposited Funds, the payment's line there is the subledger's own (the setting is held
  // until the payment commits, so it cannot change with the payment on its way in).
  const undeposited = (await undepositedAccountHeld(tx)) === d.depositAccountId;
  // The entry belongs to the payment; its receivable and prepaid lines are the subledger's own,
  // and the ledger refuses a control account as the deposit account.
  const [entryId] = await postJournalEntries(tx, actor, [
    {
      input: {
        date: d.date,
        memo: `${label} Unit ${d.unitNumber}${means ? ` — ${means}` : ''}`.slice(0, 500),
        lines: [
          { accountId: d.depositAccountId, debit: d.amount },
          ...(paysToday > 0
            ? [
                {
                  accountId: settings.receivableAccountId,
                  credit: paysToday,
                  memo: `Unit ${d.unitNumber}`,
                },
              ]
            : []),
          ...(credit > 0
            ? [
                {
                  accountId: settings.prepaidAccountId,
                  credit,
                  memo: `Unit ${d.unitNumber} credit`,
                },
              ]
            : []),
        ],
      },
      opts: {
        source:
          d.method === PaymentMethod.OPENING_CREDIT
            ? EntrySource.OPENING_BALANCE
            : EntrySource.PAYMENT,
        owner: { type: EntryOwnerType.PAYMENT, id },
        lineFields: [
          undeposited ? null : 'depositAccountId',
          ...(paysToday > 0 ? [null] : []),
          ...(credit > 0 ? [null] : []),
        ],
      },
    },
  ]);
  await insertPayment(tx, {
    id,
    number: n,
    unitId: d.unitId,
    date: d.date,
    amount: d.amount,
    method: d.method,
    reference: d.reference?.trim() || null,
    memo: d.memo?.trim() || null,
    depositAccountId: d.depositAccountId,
    journalEntryId: entryId,
  });
  await commitApplications(tx, actor, plan, { paymentId: id, date: d.date });
  await recordTenantAudit(tx, actor, {
    entityType: 'Payment',
    entityId: id,
    action: 'create',
    changes: { number: n, unitId: d.unitId, amount: d.amount, date: d.date, method: d.method },
  });
  return id;
}

// Records a payment received and applies it to the chosen invoices in order, or to the unit's
// open invoices oldest first. What is left stays as credit and pays the unit's next invoice.
// Field checks are on RecordPaymentInput.
export async function recordPayment(
  em: EntityManager,
  actor: AuthInfo | null,
  input: RecordPaymentInput,
): Promise<Payment> {
  assertId(input.unitId, 'Unit');
  if (input.method === PaymentMethod.OPENING_CREDIT) {
    const message =
      "An opening credit is entered as the unit's opening balance (Units), not as a payment";
    throw badInput([{ field: 'method', message }], message);
  }
  const invoiceIds = input.invoiceIds ?? null;
  if ((await unitNumber(em, input.unitId)) === undefined) throw notFound('Unit');
  const settings = await receivablesSettings(em, actor);
  // Without an account: Undeposited Funds while the association keeps it (a deposit carries the
  // payment to the bank later), else the default deposit account, as before Undeposited Funds. An
  // account given is taken as it is (an ACH that lands in the bank directly).
  const depositAccountId =
    input.depositAccountId ?? settings.undepositedAccountId ?? settings.depositAccountId;
  if (!depositAccountId) {
    throw badInput(
      [{ field: 'depositAccountId', message: 'Choose the account the money went into' }],
      'Choose the deposit account (or set a default in receivables settings)',
    );
  }
  if (!isId(depositAccountId)) {
    throw notFound('Account', [{ field: 'depositAccountId', message: 'Account not found' }]);
  }
  await checkAccounts(em, [
    {
      field: 'depositAccountId',
      id: depositAccountId,
      types: ['asset'],
      what: 'an asset (cash) account',
    },
  ]);
  let id = '';
  await em.transactional(async (tx) => {
    if (!(await lockUnits(tx, [input.unitId])).length) throw notFound('Unit');
    const unit = (await unitNumber(tx, input.unitId))!;
    let targets = await openInvoices(tx, { unitIds: [input.unitId] });
    if (invoiceIds) {
      const missing = invoiceIds
        .map((iid, i) => ({ iid, i }))
        .filter(({ iid }) => !isId(iid) || !targets.some((t) => t.id === iid));
      if (missing.length) {
        // Not this unit's, not open, or not an invoice of this association at all.
        const known = await invoicesOfUnit(
          tx,
          input.unitId,
          missing.map((m) => m.iid).filter(isId),
        );
        const d = missing.map(({ iid, i }) => ({
          field: `invoiceIds.${i}`,
          message: known.includes(iid)
            ? 'This invoice has nothing left to pay'
            : 'Invoice not found',
        }));
        if (d.some((x) => x.message === 'Invoice not found')) throw notFound('Invoice', d);
        throw badInput(d, d[0].message);
      }
      targets = invoiceIds.map((iid) => targets.find((t) => t.id === iid)!);
    }
    id = await postPayment(tx, actor, {
      unitId: input.unitId,
      unitNumber: unit,
      date: input.date,
      amount: input.amount,
      method: input.method,
      reference: input.reference,
      memo: input.memo,
      depositAccountId,
      targets,
    });
  });
  return findPayment(em, id);
}

// Reverses the payment's posting; its applications stop counting, so the invoices it paid open again.
// `date` is a LocalDate (the scalar checks it); omitted: today.
export async function voidPayment(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  date?: string | null,
): Promise<Payment> {
  assertId(id, 'Payment');
  const on = date ?? today();
  await em.transactional(async (tx) => {
    const unitId = await unitOfPayment(tx, id);
    if (!unitId) throw notFound('Payment');
    await lockUnits(tx, [unitId]);
    // Held against a deposit taking it meanwhile (createDeposit locks the payments it takes).
    await lockPayment(tx, id);
    const p = await findPayment(tx, id);
    if (p.voidEntryId) throw conflict(`PMT-${p.number} is already void`);
    const deposit = await standingDepositOf(tx, id);
    if (deposit) {
      throw conflict(
        `PMT-${p.number} is in deposit DEP-${deposit}: void the deposit first (its payments return to Undeposited Funds)`,
      );
    }
    if (on < p.date)
      throw badInput([
        { field: 'date', message: 'The void date cannot be before the payment date' },
      ]);
    // The credit it left may have paid later invoices: those applications are undone with it.
    const applied = await creditEntriesOf(tx, id);
    const late = applied.length
      ? [...(await findJournalEntries(tx, applied)).values()].filter((e) => e.date > on)
      : [];
    if (late.length) {
      const latest = late.map((e) => e.date).sort()[late.length - 1];
      const message = `PMT-${p.number}'s credit was applied on ${latest}; void on or after that date`;
      throw badInput([{ field: 'date', message }], message);
    }
    const reversal = await reverseJournalEntry(
      tx,
      actor,
      p.journalEntryId,
      on,
      `Void PMT-${p.number}`,
      { owner: { type: EntryOwnerType.PAYMENT, id } },
    );
    for (const entryId of applied) {
      await reverseJournalEntry(tx, actor, entryId, on, `Void PMT-${p.number} (credit applied)`, {
        owner: { type: EntryOwnerType.PAYMENT, id },
      });
    }
    await markPaymentVoid(tx, id, reversal.id, on);
    await recordTenantAudit(tx, actor, {
      entityType: 'Payment',
      entityId: id,
      action: 'void',
      changes: { number: p.number, date: on, reversal: reversal.id },
    });
  });
  return findPayment(em, id);
}
