import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { daysBetween, today } from '../../core/dates.js';
import { badInput, conflict, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { assertId, isId, newIds } from '../../core/ids.js';
import { formatMoney, MAX_AMOUNT, sumCents, toCents } from '../../core/money/money.js';
import { checkAccounts, receivablesSettings } from '../assessments/index.js';
import { recordTenantAudit } from '../audit/index.js';
import {
  EntryOwnerType,
  EntrySource,
  postJournalEntries,
  reverseJournalEntry,
} from '../journal/index.js';
import { lockUnits, openInvoices, spendCredit } from '../payments/index.js';
import type { CreateInvoiceInput, InvoiceFilter } from './invoices.inputs.js';
import {
  insertInvoices,
  insertWriteOff,
  invoiceLineRows,
  lastPaymentChanges,
  markWriteOffVoid,
  type PaymentChangeRow,
  writeOffRows,
  type WriteOffRow,
  standingLateFeesOf,
  invoicePage,
  invoiceRows,
  type InvoiceRow,
  markInvoiceVoid,
  nextInvoiceNumbers,
  unitOfInvoice,
  unitRows,
} from './invoices.repository.js';
import { type Invoice, InvoiceKind, type InvoiceLine, InvoiceStatus } from './invoices.types.js';

function toInvoice(
  r: InvoiceRow,
  lines: InvoiceLine[],
  writeOff: WriteOffRow | undefined,
): Invoice {
  const total = toCents(r.total);
  const voided = !!r.void_entry_id;
  const paid = voided ? 0 : toCents(r.paid);
  const writtenOff = voided ? 0 : toCents(r.written_off);
  const balance = voided ? 0 : total - paid - writtenOff;
  const status = voided
    ? InvoiceStatus.VOID
    : writtenOff > 0
      ? InvoiceStatus.WRITTEN_OFF
      : balance <= 0
        ? InvoiceStatus.PAID
        : paid > 0
          ? InvoiceStatus.PARTIAL
          : InvoiceStatus.OPEN;
  return {
    id: r.id,
    number: Number(r.number),
    unitId: r.unit_id,
    kind: r.kind,
    period: r.period,
    groupId: r.group_id,
    issueDate: r.issue_date,
    dueDate: r.due_date,
    memo: r.memo,
    lines,
    total,
    paid,
    writtenOff,
    balance,
    status,
    writeOff: writeOff
      ? {
          id: writeOff.id,
          date: writeOff.date,
          amount: toCents(writeOff.amount),
          accountId: writeOff.account_id,
          memo: writeOff.memo,
          journalEntryId: writeOff.journal_entry_id,
        }
      : null,
    journalEntryId: r.journal_entry_id,
    voidEntryId: r.void_entry_id,
    voidedAt: r.voided_at ? new Date(r.voided_at) : null,
    createdAt: new Date(r.created_at),
  };
}

// Days past the due date on the day given (the association's today); 0 when nothing is owed.
export function daysOverdue(inv: Invoice, on: string): number {
  return inv.balance > 0 ? Math.max(0, daysBetween(inv.dueDate, on)) : 0;
}

async function withLines(em: EntityManager, rows: InvoiceRow[]): Promise<Invoice[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const lines = await invoiceLineRows(em, ids);
  const writeOffs = (await writeOffRows(em, ids)).filter((w) => !w.void_entry_id);
  return rows.map((r) =>
    toInvoice(
      r,
      lines
        .filter((l) => l.invoice_id === r.id)
        .map((l) => ({
          id: l.id,
          description: l.description,
          accountId: l.account_id,
          amount: toCents(l.amount),
        })),
      writeOffs.find((w) => w.invoice_id === r.id),
    ),
  );
}

// Invoices by id, in no particular order; ids of no invoice of this association are left out.
export async function findInvoices(em: EntityManager, ids: string[]): Promise<Invoice[]> {
  const valid = ids.filter(isId);
  if (!valid.length) return [];
  return withLines(em, await invoiceRows(em, valid));
}

export async function findInvoice(em: EntityManager, id: string): Promise<Invoice> {
  assertId(id, 'Invoice');
  const [inv] = await findInvoices(em, [id]);
  if (!inv) throw notFound('Invoice');
  return inv;
}

// Invoices newest first (issue date, then number), keyset-paginated.
export async function listInvoices(
  em: EntityManager,
  filter: InvoiceFilter = {},
  first = 50,
  after?: string | null,
) {
  if (filter.unitId) {
    assertId(filter.unitId, 'Unit');
    if (!(await unitRows(em, [filter.unitId])).length) throw notFound('Unit');
  }
  return invoicePage(em, filter, { first, after }, (rows) => withLines(em, rows));
}

export interface InvoiceDraft {
  unitId: string;
  kind: InvoiceKind;
  period?: string | null;
  groupId?: string | null;
  lateFeeForId?: string | null;
  issueDate: string;
  dueDate: string;
  memo?: string | null;
  lines: { description: string; accountId: string; amount: number }[];
  unitNumber: string;
}

// Creates invoices with their receivable postings (one journal entry each: debit the receivable
// account, credit the lines' accounts), then spends any unit credit on them. Call inside a
// transaction that holds the units' locks.
export async function createInvoices(
  tx: EntityManager,
  actor: AuthInfo | null,
  drafts: InvoiceDraft[],
): Promise<string[]> {
  if (!drafts.length) return [];
  // An invoice is one receivable: its total is a single amount (money.ts), at most MAX_AMOUNT.
  if (drafts.some((d) => sumCents(d.lines.map((l) => l.amount)) > BigInt(MAX_AMOUNT))) {
    throw badInput(
      [{ field: 'lines', message: `An invoice totals at most ${formatMoney(MAX_AMOUNT)}` }],
      `An invoice totals at most ${formatMoney(MAX_AMOUNT)}`,
    );
  }
  const { receivableAccountId } = await receivablesSettings(tx, actor);
  const numbers = await nextInvoiceNumbers(tx, drafts.length);
  const ids = newIds(drafts.length);
  // Each entry belongs to its invoice; the receivable line is the subledger's own, and the ledger
  // refuses an invoice line on the receivable account (or any control account), named by its field.
  const entryIds = await postJournalEntries(
    tx,
    actor,
    drafts.map((d, k) => {
      const total = d.lines.reduce((s, l) => s + l.amount, 0);
      const credits = new Map<string, number>();
      const fields = new Map<string, string>();
      d.lines.forEach((l, i) => {
        credits.set(l.accountId, (credits.get(l.accountId) ?? 0) + l.amount);
        if (!fields.has(l.accountId)) fields.set(l.accountId, `lines.${i}.accountId`);
      });
      return {
        input: {
          date: d.issueDate,
          memo: `INV-${numbers[k]} Unit ${d.unitNumber}${d.memo ? ` — ${d.memo}` : ''}`.slice(
            0,
            500,
          ),
          lines: [
            { accountId: receivableAccountId, debit: total, memo: `Unit ${d.unitNumber}` },
            ...[...credits].map(([accountId, credit]) => ({ accountId, credit })),
          ],
        },
        opts: {
          source:
            d.kind === InvoiceKind.LATE_FEE
              ? EntrySource.LATE_FEE
              : d.kind === InvoiceKind.OPENING_BALANCE
                ? EntrySource.OPENING_BALANCE
                : EntrySource.INVOICE,
          owner: { type: EntryOwnerType.INVOICE, id: ids[k] },
          lineFields: [null, ...[...credits.keys()].map((accountId) => fields.get(accountId)!)],
        },
      };
    }),
  );
  const lineIds = newIds(drafts.reduce((s, d) => s + d.lines.length, 0));
  let nextLine = 0;
  await insertInvoices(
    tx,
    actor,
    drafts.map((d, k) => ({
      id: ids[k],
      number: numbers[k],
      unitId: d.unitId,
      kind: d.kind,
      period: d.period ?? null,
      groupId: d.groupId ?? null,
      lateFeeForId: d.lateFeeForId ?? null,
      issueDate: d.issueDate,
      dueDate: d.dueDate,
      memo: d.memo?.trim() || null,
      total: d.lines.reduce((s, l) => s + l.amount, 0),
      journalEntryId: entryIds[k],
      lines: d.lines.map((l) => ({ ...l, id: lineIds[nextLine++] })),
    })),
  );
  // An overpayment waits as credit and pays the next invoice.
  const unitIds = [...new Set(drafts.map((d) => d.unitId))];
  await spendCredit(tx, actor, unitIds, await openInvoices(tx, { invoiceIds: ids }));
  return ids;
}

// A one-off invoice (fine, fee…). Field checks are on CreateInvoiceInput; here the checks that
// read the books.
export async function createInvoice(
  em: EntityManager,
  actor: AuthInfo | null,
  input: CreateInvoiceInput,
): Promise<Invoice> {
  assertId(input.unitId, 'Unit');
  if (input.dueDate < input.issueDate) {
    throw badInput([{ field: 'dueDate', message: 'The due date cannot be before the issue date' }]);
  }
  const notFoundLines = input.lines
    .map((l, i) =>
      isId(l.accountId) ? null : { field: `lines.${i}.accountId`, message: 'Account not found' },
    )
    .filter((d): d is FieldDetail => !!d);
  if (notFoundLines.length) throw notFound('Account', notFoundLines);
  await checkAccounts(
    em,
    input.lines.map((l, i) => ({
      field: `lines.${i}.accountId`,
      id: l.accountId,
      types: ['income', 'liability', 'asset', 'equity'],
      what: 'an income account (or another non-expense account)',
    })),
  );
  let id = '';
  await em.transactional(async (tx) => {
    if (!(await lockUnits(tx, [input.unitId])).length) throw notFound('Unit');
    const [unit] = await unitRows(tx, [input.unitId]);
    [id] = await createInvoices(tx, actor, [
      {
        unitId: input.unitId,
        unitNumber: unit.number,
        kind: InvoiceKind.ONE_OFF,
        issueDate: input.issueDate,
        dueDate: input.dueDate,
        memo: input.memo,
        lines: input.lines.map((l) => ({ ...l, description: l.description.trim() })),
      },
    ]);
  });
  return findInvoice(em, id);
}

// What payments paid of an invoice on a day before their last change (a payment applied later,
// or a voided one that still paid it until its void date) is not what they pay now, so nothing
// that takes the rest off the invoice (a write-off, a void) may be dated before that change: the
// receivable would read below zero in between.
function paidUntil(c: PaymentChangeRow, invoice: string): string {
  return c.voided
    ? `PMT-${c.payment_number} paid ${invoice} until it was voided on ${c.changed_on}`
    : `PMT-${c.payment_number} paid ${invoice} on ${c.changed_on}`;
}

// Posts the reversal of the invoice's entry. `date` is a LocalDate (the scalar checks it);
// omitted: today.
// Late fees charged on the invoice are voided with it, on the same date: a fee exists only
// because the invoice was overdue, so it cannot outlive it. (Refusing until each fee is voided by
// hand was the alternative; voiding together keeps one action for the treasurer.) A fee with
// payments applied stops the whole void, as the invoice's own payments do.
export async function voidInvoice(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  date?: string | null,
): Promise<Invoice> {
  assertId(id, 'Invoice');
  const on = date ?? today();
  await em.transactional(async (tx) => {
    const unitId = await unitOfInvoice(tx, id);
    if (!unitId) throw notFound('Invoice');
    await lockUnits(tx, [unitId]);
    const inv = await findInvoice(tx, id);
    if (inv.voidEntryId) throw conflict(`INV-${inv.number} is already void`);
    if (on < inv.issueDate) {
      throw badInput([{ field: 'date', message: 'The void date cannot be before the issue date' }]);
    }
    if (inv.paid > 0) {
      throw conflict(`INV-${inv.number} has payments applied; void those payments first`);
    }
    if (inv.writeOff && on < inv.writeOff.date) {
      const message = `INV-${inv.number} was written off on ${inv.writeOff.date}; void on or after that date`;
      throw badInput([{ field: 'date', message }], message);
    }
    const fees = await findInvoices(tx, await standingLateFeesOf(tx, id));
    fees.sort((a, b) => a.number - b.number);
    for (const fee of fees) {
      if (fee.paid > 0) {
        throw conflict(
          `Late fee INV-${fee.number} on INV-${inv.number} has payments applied; void those payments first`,
        );
      }
      if (on < fee.issueDate) {
        const message = `Late fee INV-${fee.number} on INV-${inv.number} was charged on ${fee.issueDate}; void on or after that date`;
        throw badInput([{ field: 'date', message }], message);
      }
      if (fee.writeOff && on < fee.writeOff.date) {
        const message = `Late fee INV-${fee.number} on INV-${inv.number} was written off on ${fee.writeOff.date}; void on or after that date`;
        throw badInput([{ field: 'date', message }], message);
      }
    }
    const changes = await lastPaymentChanges(tx, [inv.id, ...fees.map((f) => f.id)]);
    for (const target of [inv, ...fees]) {
      const change = changes.find((c) => c.invoice_id === target.id);
      if (change && on < change.changed_on) {
        const what =
          target === inv
            ? `INV-${inv.number}`
            : `late fee INV-${target.number} on INV-${inv.number}`;
        const message = `${paidUntil(change, what)}; void on or after that date`;
        throw badInput([{ field: 'date', message }], message);
      }
    }
    for (const target of [...fees, inv]) {
      // A write-off is undone with the invoice it wrote off.
      if (target.writeOff) {
        const undo = await reverseJournalEntry(
          tx,
          actor,
          target.writeOff.journalEntryId,
          on,
          `Void INV-${target.number} (write-off)`,
          { owner: { type: EntryOwnerType.INVOICE, id: target.id } },
        );
        await markWriteOffVoid(tx, target.writeOff.id, undo.id, on);
      }
      const reversal = await reverseJournalEntry(
        tx,
        actor,
        target.journalEntryId,
        on,
        `Void INV-${target.number}`,
        { owner: { type: EntryOwnerType.INVOICE, id: target.id } },
      );
      await markInvoiceVoid(tx, target.id, reversal.id, on);
      await recordTenantAudit(tx, actor, {
        entityType: 'Invoice',
        entityId: target.id,
        action: 'void',
        changes: {
          number: target.number,
          date: on,
          reversal: reversal.id,
          ...(target === inv ? {} : { withInvoice: inv.number }),
        },
      });
    }
  });
  return findInvoice(em, id);
}

// Bad debt: writes off what is left of an invoice to the expense account the treasurer picks
// (debit the expense, credit the receivable; the entry belongs to the invoice). The invoice shows
// WRITTEN_OFF and stops counting in the aging, late fees and the unit's balance; a payment that
// arrives later waits as the unit's credit. Voiding the invoice undoes the write-off with it.
export async function writeOffInvoice(
  em: EntityManager,
  actor: AuthInfo | null,
  input: { invoiceId: string; accountId: string; date: string; memo?: string | null },
): Promise<Invoice> {
  assertId(input.invoiceId, 'Invoice');
  if (!isId(input.accountId)) {
    throw notFound('Account', [{ field: 'accountId', message: 'Account not found' }]);
  }
  await checkAccounts(em, [
    {
      field: 'accountId',
      id: input.accountId,
      types: ['expense'],
      what: 'an expense account (bad debt)',
    },
  ]);
  await em.transactional(async (tx) => {
    const unitId = await unitOfInvoice(tx, input.invoiceId);
    if (!unitId) throw notFound('Invoice');
    await lockUnits(tx, [unitId]);
    const [unit] = await unitRows(tx, [unitId]);
    const inv = await findInvoice(tx, input.invoiceId);
    if (inv.status === InvoiceStatus.VOID) throw conflict(`INV-${inv.number} is void`);
    if (inv.writeOff) throw conflict(`INV-${inv.number} is already written off`);
    if (inv.balance <= 0) throw conflict(`INV-${inv.number} has nothing left to pay`);
    if (input.date < inv.issueDate) {
      const message = `INV-${inv.number} was issued on ${inv.issueDate}; write it off on or after that date`;
      throw badInput([{ field: 'date', message }], message);
    }
    // The amount written off is what is left after every payment as they stand now.
    const [change] = await lastPaymentChanges(tx, [inv.id]);
    if (change && input.date < change.changed_on) {
      const message = `${paidUntil(change, `INV-${inv.number}`)}; write it off on or after that date`;
      throw badInput([{ field: 'date', message }], message);
    }
    const memo = input.memo?.trim() || null;
    const [entryId] = await postJournalEntries(tx, actor, [
      {
        input: {
          date: input.date,
          memo: `Write-off INV-${inv.number} Unit ${unit.number}${memo ? ` — ${memo}` : ''}`.slice(
            0,
            500,
          ),
          lines: [
            { accountId: input.accountId, debit: inv.balance },
            {
              accountId: (await receivablesSettings(tx, actor)).receivableAccountId,
              credit: inv.balance,
              memo: `Unit ${unit.number}`,
            },
          ],
        },
        opts: {
          source: EntrySource.WRITE_OFF,
          owner: { type: EntryOwnerType.INVOICE, id: inv.id },
          lineFields: ['accountId', null],
        },
      },
    ]);
    const [id] = newIds(1);
    await insertWriteOff(tx, {
      id,
      invoiceId: inv.id,
      date: input.date,
      amount: inv.balance,
      accountId: input.accountId,
      memo,
      journalEntryId: entryId,
    });
    await recordTenantAudit(tx, actor, {
      entityType: 'Invoice',
      entityId: inv.id,
      action: 'write_off',
      changes: {
        number: inv.number,
        amount: inv.balance,
        date: input.date,
        accountId: input.accountId,
      },
    });
  });
  return findInvoice(em, input.invoiceId);
}
