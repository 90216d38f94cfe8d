import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context, Services } from '../../core/context.js';
import { addDays, addMonths, dayBefore, DEFAULT_LOCALE, todayIn } from '../../core/dates.js';
import { badInput, notFound } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { maxTotal, toTotal, type Total } from '../../core/money/money.js';
import { Role } from '../../core/roles.js';
import { assertOwnedUnit } from '../owner-portal/index.js';
import {
  MAX_UNIT_LEDGER_PAGE,
  unitLedger,
  UnitLedgerKind,
  type UnitLedgerRow,
} from '../units/index.js';
import {
  selectChargesEnabled,
  selectCreditAsOf,
  selectLocale,
  selectOpenInvoicesAsOf,
  selectPortalSettings,
  selectStatementUnit,
  type StatementUnitRow,
} from './owner-statements.repository.js';
import type {
  OwnerStatement,
  OwnerStatementMonth,
  StatementDue,
  StatementLine,
} from './owner-statements.types.js';

// A unit's monthly statement is the unit ledger (units/unit-ledger.service.ts) cut at the month's
// ends: its opening balance is the ledger's running balance after the last row before the month,
// its rows are the ledger's rows of the month with their running balances, and its closing balance
// is the balance after the month's last row. Charges and payments are the sums of the month's
// charge and payment columns, voids and write-offs included as the ledger shows them, so
// opening + charges − payments = closing, and every figure is one the treasurer reads on the
// unit's page for the same dates (owner-statements.test.ts holds them equal).
//
// What is due when: the unit's invoices open at the end of the period (as the aging report reads
// them), by due date, with any credit the unit held then spent on the earliest; what is left adds
// up to the amount due (the closing balance when positive).

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const FIRST_MONTH = '1900-01';

// The month after / the last day of a month ("2026-03").
const nextMonth = (month: string) => addMonths(`${month}-01`, 1).slice(0, 7);
const lastDayOf = (month: string) => dayBefore(addMonths(`${month}-01`, 1));

export interface StatementPeriod {
  month: string;
  periodStart: string;
  periodEnd: string;
  statementDate: string;
}

// A month of statements: its first and last day (today for the current month, which is read to
// date) and the statement's date (the day after the period; today for the current month).
export function statementPeriod(month: string, today: string): StatementPeriod {
  const current = today.slice(0, 7);
  if (!MONTH.test(month) || month < FIRST_MONTH) {
    throw badInput([{ field: 'month', message: 'Use a month as YYYY-MM, e.g. 2026-03' }]);
  }
  if (month > current) {
    throw badInput([
      { field: 'month', message: `A statement covers a month up to the current one (${current})` },
    ]);
  }
  const monthEnd = lastDayOf(month);
  return month === current
    ? { month, periodStart: `${month}-01`, periodEnd: today, statementDate: today }
    : {
        month,
        periodStart: `${month}-01`,
        periodEnd: monthEnd,
        statementDate: addDays(monthEnd, 1),
      };
}

// The whole ledger of a unit, page after page.
async function wholeLedger(em: EntityManager, unitId: string): Promise<UnitLedgerRow[]> {
  const rows: UnitLedgerRow[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await unitLedger(em, unitId, { first: MAX_UNIT_LEDGER_PAGE, after });
    rows.push(...page);
    if (page.length < MAX_UNIT_LEDGER_PAGE) return rows;
    after = page[page.length - 1].cursor;
  }
}

// Owners' words for the ledger's kinds of rows.
const OWNER_KIND: Record<UnitLedgerKind, string> = {
  [UnitLedgerKind.INVOICE]: 'charge',
  [UnitLedgerKind.OPENING_BALANCE]: 'charge',
  [UnitLedgerKind.PAYMENT]: 'payment',
  [UnitLedgerKind.OPENING_CREDIT]: 'credit',
  [UnitLedgerKind.VOID_INVOICE]: 'void',
  [UnitLedgerKind.VOID_PAYMENT]: 'void',
  [UnitLedgerKind.VOID_WRITE_OFF]: 'void',
  [UnitLedgerKind.WRITE_OFF]: 'write_off',
};

function describe(r: UnitLedgerRow): string {
  switch (r.kind) {
    case UnitLedgerKind.VOID_INVOICE:
      return 'Charge voided';
    case UnitLedgerKind.VOID_PAYMENT:
      return 'Payment voided';
    case UnitLedgerKind.OPENING_BALANCE:
      return r.description ?? 'Balance brought forward';
    case UnitLedgerKind.OPENING_CREDIT:
      return r.description ?? 'Credit brought forward';
    default:
      return r.description ?? (r.charge !== 0n ? 'Charge' : 'Payment');
  }
}

function toLine(r: UnitLedgerRow): StatementLine {
  return {
    date: r.date,
    kind: OWNER_KIND[r.kind],
    description: describe(r),
    reference: r.reference,
    charge: r.charge !== 0n ? r.charge : null,
    payment: r.payment !== 0n ? r.payment : null,
    balance: r.balance,
    invoiceId: r.invoiceId,
    paymentId: r.paymentId,
  };
}

interface Figures {
  openingBalance: Total;
  charges: Total;
  payments: Total;
  closingBalance: Total;
}

// The ledger cut at a period's ends (rows are in ledger order: by date first).
function cut(rows: UnitLedgerRow[], from: string, to: string): Figures & { rows: UnitLedgerRow[] } {
  let openingBalance = 0n;
  let closingBalance = 0n;
  let charges = 0n;
  let payments = 0n;
  const inPeriod: UnitLedgerRow[] = [];
  for (const r of rows) {
    if (r.date > to) break;
    closingBalance = r.balance;
    if (r.date < from) {
      openingBalance = r.balance;
      continue;
    }
    charges += r.charge;
    payments += r.payment;
    inPeriod.push(r);
  }
  return { openingBalance, charges, payments, closingBalance, rows: inPeriod };
}

// Every month from the unit's first row to the current month (read to date), newest first.
export function monthsOf(rows: UnitLedgerRow[], today: string): OwnerStatementMonth[] {
  if (!rows.length) return [];
  const current = today.slice(0, 7);
  const months: OwnerStatementMonth[] = [];
  let balance = 0n;
  let i = 0;
  for (let month = rows[0].date.slice(0, 7); month <= current; month = nextMonth(month)) {
    const end = month === current ? today : lastDayOf(month);
    const openingBalance = balance;
    let charges = 0n;
    let payments = 0n;
    for (; i < rows.length && rows[i].date <= end; i++) {
      charges += rows[i].charge;
      payments += rows[i].payment;
      balance = rows[i].balance;
    }
    months.push({ month, openingBalance, charges, payments, closingBalance: balance });
  }
  return months.reverse();
}

// What is due when: open invoices at the end of the period by due date, the unit's credit then
// spent on the earliest.
async function dueItems(
  em: EntityManager,
  unitId: string,
  period: StatementPeriod,
): Promise<StatementDue[]> {
  const open = await selectOpenInvoicesAsOf(em, unitId, period.periodEnd);
  let credit = toTotal(await selectCreditAsOf(em, unitId, period.periodEnd));
  const byDate = new Map<string, Total>();
  for (const i of open) {
    let amount = toTotal(i.open);
    const spent = credit < amount ? credit : amount;
    amount -= spent;
    credit -= spent;
    if (amount > 0n) byDate.set(i.due_date, (byDate.get(i.due_date) ?? 0n) + amount);
  }
  return [...byDate].map(([dueDate, amount]) => ({
    dueDate,
    amount,
    pastDue: dueDate < period.statementDate,
  }));
}

export interface StatementAssociation {
  name: string;
  contactName: string | null;
  contactEmail: string | null;
  contactPhone: string | null;
  mailingAddress: string | null;
  paymentInstructions: string | null;
  // The association's Stripe account takes charges: owners may pay in the portal.
  onlinePayments: boolean;
  portalUrl: string;
  locale: string;
}

export async function statementAssociation(
  em: EntityManager,
  platformEm: EntityManager,
  org: { orgId: string; name: string },
  publicUrl: string,
): Promise<StatementAssociation> {
  const s = await selectPortalSettings(em);
  return {
    name: org.name,
    contactName: s.contact_name,
    contactEmail: s.contact_email,
    contactPhone: s.contact_phone,
    mailingAddress: s.mailing_address,
    paymentInstructions: s.payment_instructions,
    onlinePayments: await selectChargesEnabled(platformEm, org.orgId),
    portalUrl: `${publicUrl}/owner`,
    locale: (await selectLocale(platformEm, org.orgId)) ?? DEFAULT_LOCALE,
  };
}

const oneLine = (text: string) =>
  text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .join(', ');

// How to pay, in sentences: online when the association takes payments there, then its own
// instructions (or, without any, checks payable to the association).
export function howToPay(a: StatementAssociation): string {
  const parts: string[] = [];
  if (a.onlinePayments) {
    parts.push(
      `Pay online: sign in to the owner portal at ${a.portalUrl} and choose Pay (card or US bank account).`,
    );
  }
  const own = a.paymentInstructions?.trim();
  parts.push(
    own ||
      `By check: make it payable to ${a.name}${a.mailingAddress ? ` and mail it to ${oneLine(a.mailingAddress)}` : ''}, with your unit number on the memo line.`,
  );
  return parts.join('\n');
}

// A statement in full, for the API, the PDF and the email (without its link).
export type StatementFigures = Omit<OwnerStatement, 'downloadUrl'>;

export interface StatementDocument {
  association: StatementAssociation;
  unit: { id: string; number: string; address: string | null; ownerName: string | null };
  statement: StatementFigures;
}

async function statementUnit(em: EntityManager, unitId: string): Promise<StatementUnitRow> {
  const unit = isId(unitId) ? await selectStatementUnit(em, unitId) : undefined;
  if (!unit) throw notFound('Unit');
  return unit;
}

export async function composeStatement(
  em: EntityManager,
  association: StatementAssociation,
  unitId: string,
  month: string,
  today: string,
): Promise<StatementDocument> {
  const period = statementPeriod(month, today);
  const unit = await statementUnit(em, unitId);
  const f = cut(await wholeLedger(em, unit.id), period.periodStart, period.periodEnd);
  return {
    association,
    unit: { id: unit.id, number: unit.number, address: unit.address, ownerName: unit.owner_name },
    statement: {
      unitId: unit.id,
      unitNumber: unit.number,
      ...period,
      openingBalance: f.openingBalance,
      charges: f.charges,
      payments: f.payments,
      closingBalance: f.closingBalance,
      amountDue: maxTotal(f.closingBalance, 0n),
      lines: f.rows.map(toLine),
      dueItems: await dueItems(em, unit.id, period),
      howToPay: howToPay(association),
    },
  };
}

// ---- The signed link to a statement's PDF ----

export const statementPath = (orgId: string, unitId: string, month: string) =>
  `/exports/${orgId}/owner-statements/${unitId}/${month}`;

export function statementUrl(services: Services, orgId: string, unitId: string, month: string) {
  return services.urlSigner.sign(statementPath(orgId, unitId, month));
}

// ---- GraphQL: an owner reads only their own units; staff any unit of the association ----

async function readableUnit(ctx: Context, unitId: string): Promise<void> {
  if (ctx.role === Role.OWNER) await assertOwnedUnit(ctx, unitId);
  await statementUnit(ctx.em, unitId);
}

export async function ownerStatements(
  ctx: Context,
  unitId: string,
): Promise<OwnerStatementMonth[]> {
  await readableUnit(ctx, unitId);
  return monthsOf(await wholeLedger(ctx.em, unitId), todayIn(ctx.org!.timeZone));
}

export async function ownerStatement(
  ctx: Context,
  unitId: string,
  month: string,
): Promise<OwnerStatement> {
  const org = ctx.org!;
  const today = todayIn(org.timeZone);
  // A bad month is the caller's mistake whatever the unit: said before the unit is looked up.
  statementPeriod(month, today);
  await readableUnit(ctx, unitId);
  const association = await statementAssociation(
    ctx.em,
    ctx.platformEm,
    org,
    ctx.services.publicUrl,
  );
  const doc = await composeStatement(ctx.em, association, unitId, month, today);
  return {
    ...doc.statement,
    downloadUrl: statementUrl(ctx.services, org.orgId, unitId, month),
  };
}
