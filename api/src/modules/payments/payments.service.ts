import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { today } from '../../core/dates.js';
import { badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { assertId, isId, newIds } from '../../core/ids.js';
import { toCents } from '../../core/money/money.js';
import { checkAccounts, receivablesSettings } from '../assessments/index.js';
import { recordTenantAudit } from '../audit/index.js';
import {
  EntryOwnerType,
  EntrySource,
  postJournalEntries,
  reverseJournalEntry,
} from '../journal/index.js';
import { apply, applicationsOf, lockUnits, openInvoices } from './payment-applications.service.js';
import type { PaymentFilter, RecordPaymentInput } from './payments.inputs.js';
import {
  insertPayment,
  invoicesOfUnit,
  markPaymentVoid,
  nextPaymentNumber,
  paymentPage,
  paymentRows,
  type PaymentRow,
  unitNumber,
  unitOfPayment,
} from './payments.repository.js';
import { type Payment, PaymentStatus } from './payments.types.js';

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

// Posts the payment (debit the deposit account, credit receivables) and applies it to the chosen
// invoices in order, or to the unit's open invoices oldest first. What is left stays as credit and
// pays the unit's next invoice. Field checks are on RecordPaymentInput.
export async function recordPayment(
  em: EntityManager,
  actor: AuthInfo | null,
  input: RecordPaymentInput,
): Promise<Payment> {
  assertId(input.unitId, 'Unit');
  const invoiceIds = input.invoiceIds ?? null;
  if ((await unitNumber(em, input.unitId)) === undefined) throw notFound('Unit');
  const settings = await receivablesSettings(em, actor);
  const depositAccountId = input.depositAccountId ?? settings.depositAccountId;
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
    const n = await nextPaymentNumber(tx);
    [id] = newIds(1);
    // The entry belongs to the payment; its receivable line is the subledger's own, and the
    // ledger refuses the receivable account (or any control account) as the deposit account.
    const [entryId] = await postJournalEntries(tx, actor, [
      {
        input: {
          date: input.date,
          memo: `PMT-${n} Unit ${unit}${input.reference ? ` (${input.reference})` : ''}`.slice(
            0,
            500,
          ),
          lines: [
            { accountId: depositAccountId, debit: input.amount },
            {
              accountId: settings.receivableAccountId,
              credit: input.amount,
              memo: `Unit ${unit}`,
            },
          ],
        },
        opts: {
          source: EntrySource.PAYMENT,
          owner: { type: EntryOwnerType.PAYMENT, id },
          lineFields: ['depositAccountId', null],
        },
      },
    ]);
    await insertPayment(tx, {
      id,
      number: n,
      unitId: input.unitId,
      date: input.date,
      amount: input.amount,
      method: input.method,
      reference: input.reference?.trim() || null,
      memo: input.memo?.trim() || null,
      depositAccountId,
      journalEntryId: entryId,
    });
    await apply(
      tx,
      [{ id, unit_id: input.unitId, date: input.date, unapplied: input.amount }],
      targets,
    );
    await recordTenantAudit(tx, actor, {
      entityType: 'Payment',
      entityId: id,
      action: 'create',
      changes: {
        number: n,
        unitId: input.unitId,
        amount: input.amount,
        date: input.date,
        method: input.method,
      },
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
    const p = await findPayment(tx, id);
    if (p.voidEntryId) throw conflict(`PMT-${p.number} is already void`);
    if (on < p.date)
      throw badInput([
        { field: 'date', message: 'The void date cannot be before the payment date' },
      ]);
    const reversal = await reverseJournalEntry(
      tx,
      actor,
      p.journalEntryId,
      on,
      `Void PMT-${p.number}`,
      { owner: { type: EntryOwnerType.PAYMENT, id } },
    );
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
