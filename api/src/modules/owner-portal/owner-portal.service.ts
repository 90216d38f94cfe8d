import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import type { Context } from '../../core/context.js';
import { monthInWords, orgToday } from '../../core/dates.js';
import { badInput, notFound } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { type Total, toTotal } from '../../core/money/money.js';
import { recordTenantAudit } from '../audit/index.js';
import { findInvoices, type Invoice, InvoiceKind, InvoiceStatus } from '../invoices/index.js';
import { findPayments, type Payment } from '../payments/index.js';
import {
  MAX_UNIT_LEDGER_PAGE,
  unitFiguresOf,
  unitLedger,
  UnitLedgerKind,
  type UnitLedgerRow,
} from '../units/index.js';
import { ownerOnlinePayments } from './online-port.service.js';
import { assertOwnedUnit, ownedUnitIds } from './owner-access.js';
import type { OwnerPortalSettingsInput } from './owner-portal.inputs.js';
import {
  type PortalSettingsRow,
  selectInvoiceIds,
  selectOwnedUnits,
  selectPaymentIds,
  selectPortalSettings,
  unitOfInvoice,
  unitOfPayment,
  updatePortalSettings,
} from './owner-portal.repository.js';
import type {
  OwnerDue,
  OwnerInvoice,
  OwnerLedgerLine,
  OwnerPayment,
  OwnerPortal,
  OwnerPortalSettings,
  OwnerUnit,
} from './owner-portal.types.js';

// The owner portal's reads. Every one starts from the caller's own units (owner-access.ts): an id
// of anything else is NOT_FOUND. The figures are the treasurer's: a unit's balance is the Units
// page's (open invoices less credit, the last balance of the unit ledger), its ledger is the unit
// ledger, its invoices and payments are read by the invoices and payments modules.

// An invoice in plain words: its memo, else what it is for ("Assessment · March 2026").
function invoiceDescription(inv: Invoice): string {
  if (inv.memo?.trim()) return inv.memo.trim();
  const period =
    inv.period && /^\d{4}-\d{2}$/.test(inv.period) ? monthInWords(inv.period) : inv.period;
  switch (inv.kind) {
    case InvoiceKind.ASSESSMENT:
      return period ? `Assessment · ${period}` : 'Assessment';
    case InvoiceKind.LATE_FEE:
      return period ? `Late fee · ${period}` : 'Late fee';
    case InvoiceKind.OPENING_BALANCE:
      return 'Balance brought forward';
    default:
      return inv.lines[0]?.description ?? 'Charge';
  }
}

function toOwnerInvoice(inv: Invoice): OwnerInvoice {
  return {
    id: inv.id,
    number: `INV-${inv.number}`,
    unitId: inv.unitId,
    issueDate: inv.issueDate,
    dueDate: inv.dueDate,
    description: invoiceDescription(inv),
    total: inv.total,
    paid: inv.paid,
    balance: inv.balance,
    status: inv.status,
  };
}

function toOwnerPayment(p: Payment, online: Set<string>): OwnerPayment {
  return {
    id: p.id,
    number: `PMT-${p.number}`,
    unitId: p.unitId,
    date: p.date,
    amount: p.amount,
    method: p.method,
    reference: p.reference,
    status: p.status,
    online: online.has(p.id),
  };
}

// Records in the order of `ids` (findInvoices and findPayments answer in no particular order).
function inOrder<T extends { id: string }>(ids: string[], records: T[]): T[] {
  const byId = new Map(records.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

async function invoicesOf(em: EntityManager, unitIds: string[]): Promise<Invoice[]> {
  if (!unitIds.length) return [];
  const ids = (await selectInvoiceIds(em, unitIds)).map((r) => r.id);
  return inOrder(ids, await findInvoices(em, ids));
}

async function paymentsOf(em: EntityManager, unitIds: string[]): Promise<Payment[]> {
  if (!unitIds.length) return [];
  const ids = (await selectPaymentIds(em, unitIds)).map((r) => r.id);
  return inOrder(ids, await findPayments(em, ids));
}

// What a unit owes past its due dates and by the next one. `open` are its invoices with a balance.
export function dueFigures(
  open: Pick<Invoice, 'dueDate' | 'balance'>[],
  credit: Total,
  today: string,
): { pastDue: Total; nextDue: OwnerDue | null } {
  const sum = (list: typeof open) => list.reduce((s, i) => s + BigInt(i.balance), 0n);
  const pastDue = sum(open.filter((i) => i.dueDate < today));
  const upcoming = open
    .map((i) => i.dueDate)
    .filter((d) => d >= today)
    .sort()[0];
  if (!upcoming) return { pastDue, nextDue: null };
  const amount = sum(open.filter((i) => i.dueDate <= upcoming)) - credit;
  return { pastDue, nextDue: amount > 0n ? { amount, dueDate: upcoming } : null };
}

export async function portalSettings(em: EntityManager): Promise<OwnerPortalSettings> {
  const r = await selectPortalSettings(em);
  return {
    contactName: r.contact_name,
    contactEmail: r.contact_email,
    contactPhone: r.contact_phone,
    mailingAddress: r.mailing_address,
    paymentInstructions: r.payment_instructions,
  };
}

export async function ownerPortal(ctx: Context): Promise<OwnerPortal> {
  const ids = await ownedUnitIds(ctx);
  const rows = ids.length ? await selectOwnedUnits(ctx.em, ids) : [];
  const invoices = await invoicesOf(ctx.em, ids);
  const today = orgToday(ctx);
  const units: OwnerUnit[] = [];
  for (const r of rows) {
    const figures = await unitFiguresOf(ctx, r.id);
    const open = invoices.filter(
      (i) => i.unitId === r.id && i.status !== InvoiceStatus.VOID && i.balance > 0,
    );
    const credit = toTotal(figures.credit);
    units.push({
      id: r.id,
      number: r.number,
      address: r.address,
      ownerName: r.owner_name,
      balance: toTotal(figures.balanceDue) - credit,
      ...dueFigures(open, credit, today),
    });
  }
  const settings = await portalSettings(ctx.em);
  return {
    association: {
      name: ctx.org!.name,
      ...settings,
      onlinePayments: await ownerOnlinePayments().accepting(ctx),
    },
    units,
    totalDue: units.reduce((s, u) => s + (u.balance > 0n ? u.balance : 0n), 0n),
  };
}

const LEDGER_KINDS: Record<UnitLedgerKind, string> = {
  [UnitLedgerKind.INVOICE]: 'charge',
  [UnitLedgerKind.OPENING_BALANCE]: 'charge',
  [UnitLedgerKind.PAYMENT]: 'payment',
  [UnitLedgerKind.OPENING_CREDIT]: 'credit',
  [UnitLedgerKind.VOID_INVOICE]: 'void',
  [UnitLedgerKind.VOID_PAYMENT]: 'void',
  [UnitLedgerKind.WRITE_OFF]: 'write_off',
  [UnitLedgerKind.VOID_WRITE_OFF]: 'void',
};

// The whole unit ledger, page after page (its running balance runs from the first row).
async function wholeLedger(em: EntityManager, unitId: string): Promise<UnitLedgerRow[]> {
  const rows: UnitLedgerRow[] = [];
  for (;;) {
    const page = await unitLedger(em, unitId, {
      first: MAX_UNIT_LEDGER_PAGE,
      after: rows.at(-1)?.cursor ?? null,
    });
    rows.push(...page);
    if (page.length < MAX_UNIT_LEDGER_PAGE) return rows;
  }
}

export async function ownerUnitLedger(
  ctx: Context,
  unitId: string,
  from?: string | null,
  to?: string | null,
): Promise<OwnerLedgerLine[]> {
  await assertOwnedUnit(ctx, unitId);
  if (from && to && from > to) {
    throw badInput([{ field: 'to', message: 'The end is before the start' }]);
  }
  const rows = await wholeLedger(ctx.em, unitId);
  const invoices = new Map((await invoicesOf(ctx.em, [unitId])).map((i) => [i.id, i]));
  // A payment made online reads as one to its owner, not by Stripe's reference (the treasurer's
  // payments list keeps that, to find it in Stripe).
  const online = await ownerOnlinePayments().paidOnline(
    ctx.em,
    rows.flatMap((r) => (r.kind === UnitLedgerKind.PAYMENT && r.paymentId ? [r.paymentId] : [])),
  );
  return rows
    .filter((r) => (!from || r.date >= from) && (!to || r.date <= to))
    .map((r) => {
      const invoice = r.invoiceId ? invoices.get(r.invoiceId) : undefined;
      const description =
        r.kind === UnitLedgerKind.INVOICE && invoice
          ? invoiceDescription(invoice)
          : r.kind === UnitLedgerKind.PAYMENT && r.paymentId && online.has(r.paymentId)
            ? 'Payment made online'
            : (r.description ?? r.reference);
      return {
        date: r.date,
        kind: LEDGER_KINDS[r.kind],
        description,
        charge: r.charge !== 0n ? r.charge : null,
        payment: r.payment !== 0n ? r.payment : null,
        balance: r.balance,
        invoiceId: r.invoiceId,
        paymentId: r.paymentId,
      };
    });
}

export async function ownerInvoices(ctx: Context, unitId: string): Promise<OwnerInvoice[]> {
  await assertOwnedUnit(ctx, unitId);
  return (await invoicesOf(ctx.em, [unitId])).map(toOwnerInvoice);
}

// An invoice of one of the caller's units; any other id (another unit's, another association's,
// none at all) is NOT_FOUND, the same answer.
export async function ownerInvoice(ctx: Context, id: string): Promise<OwnerInvoice> {
  const unitId = isId(id) ? await unitOfInvoice(ctx.em, id) : undefined;
  if (!unitId || !(await ownedUnitIds(ctx)).includes(unitId)) throw notFound('Invoice');
  const [inv] = await findInvoices(ctx.em, [id]);
  return toOwnerInvoice(inv);
}

export async function ownerPayments(ctx: Context, unitId: string): Promise<OwnerPayment[]> {
  await assertOwnedUnit(ctx, unitId);
  const payments = await paymentsOf(ctx.em, [unitId]);
  const online = await ownerOnlinePayments().paidOnline(
    ctx.em,
    payments.map((p) => p.id),
  );
  return payments.map((p) => toOwnerPayment(p, online));
}

export async function ownerPayment(ctx: Context, id: string): Promise<OwnerPayment> {
  const unitId = isId(id) ? await unitOfPayment(ctx.em, id) : undefined;
  if (!unitId || !(await ownedUnitIds(ctx)).includes(unitId)) throw notFound('Payment');
  const [p] = await findPayments(ctx.em, [id]);
  return toOwnerPayment(p, await ownerOnlinePayments().paidOnline(ctx.em, [id]));
}

// Blank is none: text trimmed, empty as null, the email in lower case.
function settingsRow(
  input: OwnerPortalSettingsInput,
  before: PortalSettingsRow,
): PortalSettingsRow {
  const t = (v: string | null | undefined, was: string | null) =>
    v === undefined ? was : v?.trim() || null;
  return {
    contact_name: t(input.contactName, before.contact_name),
    contact_email: t(input.contactEmail, before.contact_email)?.toLowerCase() ?? null,
    contact_phone: t(input.contactPhone, before.contact_phone),
    mailing_address: t(input.mailingAddress, before.mailing_address),
    payment_instructions: t(input.paymentInstructions, before.payment_instructions),
  };
}

// A field left out keeps its value; a blank one removes it.
export async function updateOwnerPortalSettings(
  em: EntityManager,
  actor: AuthInfo | null,
  input: OwnerPortalSettingsInput,
): Promise<OwnerPortalSettings> {
  await em.transactional(async (tx) => {
    const before = await selectPortalSettings(tx, true);
    const after = settingsRow(input, before);
    await updatePortalSettings(tx, after, actor?.userId ?? null);
    const changes = Object.fromEntries(
      (Object.keys(after) as (keyof PortalSettingsRow)[])
        .filter((k) => after[k] !== before[k])
        .map((k) => [k, { before: before[k], after: after[k] }]),
    );
    if (Object.keys(changes).length) {
      await recordTenantAudit(tx, actor, {
        entityType: 'OwnerPortalSettings',
        entityId: '00000000-0000-0000-0000-000000000001',
        action: 'update',
        changes,
      });
    }
  });
  return portalSettings(em);
}
