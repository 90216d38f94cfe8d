import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { daysBetween, isLocalDate, addDays, addMonths } from '../../core/dates.js';
import { badInput, conflict, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { assertId, isId, newIds } from '../../core/ids.js';
import { displayMoney, MAX_AMOUNT, maxTotal, toTotal, type Total } from '../../core/money/money.js';
import { AccountType, FundType } from '../accounts/index.js';
import { recordTenantAudit } from '../audit/index.js';
import {
  EntryOwnerType,
  EntrySource,
  type JournalLineInput,
  postJournalEntries,
  setControlAccount,
} from '../journal/index.js';
import { interestEarnedTo, valueAtMaturity } from './investments.figures.js';
import { takePlannedInvestment } from './investments.plans.js';
import type {
  InvestmentFilter,
  MatureInvestmentInput,
  PurchaseInvestmentInput,
  RecordInvestmentInterestInput,
  RedeemInvestmentInput,
  UpdateInvestmentInput,
} from './investments.inputs.js';
import {
  type AccountFacts,
  accountFacts,
  closeInvestment,
  insertInvestment,
  insertInvestmentEntries,
  interestIncomeAccountOf,
  investmentEntryRows,
  type InvestmentRow,
  investmentRows,
  lockInvestment,
  type NewInvestmentEntry,
  updateInvestmentText,
} from './investments.repository.js';
import {
  Compounding,
  type Investment,
  InvestmentEntryKind,
  type InvestmentFundTotal,
  type InvestmentInstitutionTotal,
  InvestmentKind,
  type InvestmentLadderMonth,
  type InvestmentsMaturing,
  InvestmentStatus,
  type InvestmentSummary,
  MATURING_KINDS,
} from './investments.types.js';

// Investments: CDs, treasuries, money market and savings accounts, a subledger of the books.
//
// - Each investment is held in an asset account (its holding account; its fund is that account's).
//   Holding accounts are control accounts of role `investment`: only entries owned by an
//   investment post to them. The first purchase into an account registers it; an account with
//   postings of its own (not an investment's), of another type, archived or kept by another
//   subledger is refused: investments get accounts of their own ("1620 Reserve CDs"), several
//   investments may share one. The dashboard's cash tile leaves control accounts out, so money
//   moved into an investment leaves "cash" and stays in the fund.
// - Every action is ONE journal entry posted through the journal service, owned by the
//   investment, in one transaction with the subledger rows (investment_entries, which keep what the
//   entry did to the carrying amount, interest income and cash):
//     purchase      Dr holding principal                     Cr cash principal
//     interest      Dr holding (reinvested) or Dr cash        Cr interest income
//     mature        Dr cash balance + interest                Cr holding balance, Cr interest income
//     roll over     Dr new holding balance + interest         Cr holding balance, Cr interest income
//                   (the proceeds are the new investment's principal; the old one is ROLLED_OVER)
//     redeem early  Dr cash balance + interest − penalty      Cr holding balance, and interest
//                   income takes interest − penalty (a credit, or a debit when the penalty is larger):
//                   the penalty REDUCES INTEREST INCOME rather than going to an expense account,
//                   as the bank reports the net interest on the 1099-INT the association files.
//   Interest income is an income account of the investment's fund (given, or the fund's first
//   account whose role in forecasts is interest income); cash accounts are asset accounts of the same fund that
//   are not control accounts. Dates: a valid date, not after the association's today, not before
//   the purchase nor the investment's latest entry; a maturity on or after the maturity date, an
//   early redemption before it. Closed investments take no more actions.
// - Figures: interest earned to date accrues from the purchase to the earliest of today, the
//   maturity date and the close date (investments.figures.ts: compound at the APY, or simple);
//   value at maturity = principal + the interest of the term; days to maturity from today. The
//   value of an active investment = carrying amount + interest earned not yet recorded.
//   Totals by fund and institution count active investments; an institution's deposits (every
//   kind but treasuries, which the FDIC does not insure) above $250,000 carry a warning: the limit
//   is per institution per ownership category, and the association is one category.
// - Maturity ladder: the next 24 months from the month of today, each with the proceeds expected
//   from what matures in it (carrying amount + the term's interest not yet recorded).

export const FDIC_LIMIT: Total = 25_000_000n;
export const LADDER_MONTHS = 24;

const KIND_LABEL: Record<InvestmentKind, string> = {
  [InvestmentKind.CD]: 'CD',
  [InvestmentKind.TREASURY]: 'Treasury',
  [InvestmentKind.MONEY_MARKET]: 'money market',
  [InvestmentKind.SAVINGS]: 'savings',
};

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
const cents = (t: Total) => Number(t);

// ---------------------------------------------------------------------------------------------
// Reading

function terms(r: InvestmentRow) {
  return {
    principal: toTotal(r.principal),
    apy: r.apy,
    purchaseDate: r.purchase_date,
    maturityDate: r.maturity_date,
    compounding: r.compounding,
  };
}

// "4.250" → "4.25", "5.000" → "5.00", "4.125" stays.
function apyText(apy: string): string {
  const [whole, frac = ''] = apy.split('.');
  const trimmed = frac.replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${trimmed}`;
}

async function hydrate(em: EntityManager, rows: InvestmentRow[], today: string) {
  const entries = rows.length
    ? await investmentEntryRows(
        em,
        rows.map((r) => r.id),
      )
    : [];
  return rows.map((r): Investment => {
    const t = terms(r);
    const end = r.closed_on ?? today;
    return {
      id: r.id,
      kind: r.kind,
      institution: r.institution,
      accountId: r.account_id,
      accountNumber: r.account_number,
      accountName: r.account_name,
      fundType: r.fund_type,
      principal: t.principal,
      apy: apyText(r.apy),
      purchaseDate: r.purchase_date,
      maturityDate: r.maturity_date,
      compounding: r.compounding,
      status: r.status,
      closedOn: r.closed_on,
      rolledIntoId: r.rolled_into_id,
      rolledFromId: r.rolled_from_id,
      notes: r.notes,
      balance: toTotal(r.balance),
      accruedInterest: interestEarnedTo(t, end),
      interestRecorded: toTotal(r.interest_recorded),
      valueAtMaturity: valueAtMaturity(t),
      daysToMaturity:
        r.status === InvestmentStatus.ACTIVE && r.maturity_date
          ? daysBetween(today, r.maturity_date)
          : null,
      entries: entries
        .filter((e) => e.investment_id === r.id)
        .map((e) => ({
          entryId: e.entry_id,
          entryNumber: Number(e.entry_number),
          date: e.entry_date,
          kind: e.kind,
          holding: toTotal(e.holding),
          interest: toTotal(e.interest),
          cash: toTotal(e.cash),
        })),
    };
  });
}

// What an active investment is worth today: its carrying amount and the interest earned that is
// not recorded yet.
const currentValue = (i: Investment): Total =>
  i.balance + maxTotal(0n, i.accruedInterest - i.interestRecorded);

// What its maturity should pay: the carrying amount and the term's interest not recorded yet.
export const expectedProceeds = (i: Investment): Total =>
  i.balance + maxTotal(0n, (i.valueAtMaturity ?? i.principal) - i.principal - i.interestRecorded);

export async function listInvestments(
  em: EntityManager,
  today: string,
  filter: InvestmentFilter = {},
): Promise<Investment[]> {
  return hydrate(em, await investmentRows(em, filter), today);
}

// Investments by id (ids that are not investments are absent).
export async function listInvestmentsById(
  em: EntityManager,
  ids: string[],
  today: string,
): Promise<Investment[]> {
  const valid = ids.filter(isId);
  if (!valid.length) return [];
  return hydrate(em, await investmentRows(em, { ids: valid }), today);
}

export async function findInvestment(
  em: EntityManager,
  id: string,
  today: string,
): Promise<Investment> {
  assertId(id, 'Investment');
  const [inv] = await hydrate(em, await investmentRows(em, { ids: [id] }), today);
  if (!inv) throw notFound('Investment');
  return inv;
}

// Active investments' totals per fund (OPERATING, then RESERVE), for the summary and other modules.
export async function investmentTotalsByFund(
  em: EntityManager,
  today: string,
): Promise<InvestmentFundTotal[]> {
  const active = await listInvestments(em, today, { status: InvestmentStatus.ACTIVE });
  return fundTotals(active);
}

function fundTotals(active: Investment[]): InvestmentFundTotal[] {
  return [FundType.OPERATING, FundType.RESERVE].map((fundType) => {
    const mine = active.filter((i) => i.fundType === fundType);
    return {
      fundType,
      count: mine.length,
      principal: mine.reduce((s, i) => s + i.principal, 0n),
      accruedInterest: mine.reduce((s, i) => s + i.accruedInterest, 0n),
      value: mine.reduce((s, i) => s + currentValue(i), 0n),
    };
  });
}

export async function investmentSummary(
  em: EntityManager,
  today: string,
): Promise<InvestmentSummary> {
  const active = await listInvestments(em, today, { status: InvestmentStatus.ACTIVE });
  const byFund = fundTotals(active);

  const institutions = new Map<string, InvestmentInstitutionTotal>();
  for (const i of active) {
    // One bank spelled twice ("First Federal" / "first federal ") is one institution.
    const key = i.institution.trim().toLowerCase();
    let row = institutions.get(key);
    if (!row) {
      row = {
        institution: i.institution.trim(),
        count: 0,
        principal: 0n,
        accruedInterest: 0n,
        value: 0n,
        depositValue: 0n,
        fdicWarning: false,
        uninsured: 0n,
      };
      institutions.set(key, row);
    }
    const value = currentValue(i);
    row.count++;
    row.principal += i.principal;
    row.accruedInterest += i.accruedInterest;
    row.value += value;
    if (i.kind !== InvestmentKind.TREASURY) row.depositValue += value;
  }
  for (const row of institutions.values()) {
    row.fdicWarning = row.depositValue > FDIC_LIMIT;
    row.uninsured = maxTotal(0n, row.depositValue - FDIC_LIMIT);
  }
  const byInstitution = [...institutions.values()].sort((a, b) =>
    a.value === b.value ? a.institution.localeCompare(b.institution) : a.value > b.value ? -1 : 1,
  );

  const first = monthStart(today);
  const ladder: InvestmentLadderMonth[] = Array.from({ length: LADDER_MONTHS }, (_, k) => ({
    month: addMonths(first, k),
    count: 0,
    principal: 0n,
    amount: 0n,
  }));
  for (const i of active) {
    if (!i.maturityDate) continue;
    const m = i.maturityDate < first ? first : monthStart(i.maturityDate);
    const slot = ladder.find((l) => l.month === m);
    if (!slot) continue;
    slot.count++;
    slot.principal += i.principal;
    slot.amount += expectedProceeds(i);
  }

  return {
    asOf: today,
    count: active.length,
    principal: byFund.reduce((s, f) => s + f.principal, 0n),
    accruedInterest: byFund.reduce((s, f) => s + f.accruedInterest, 0n),
    value: byFund.reduce((s, f) => s + f.value, 0n),
    byFund,
    byInstitution,
    ladder,
  };
}

// Active investments with a maturity date on or before today + days (one already past and not
// acted on counts: it needs attention most), first to mature first. For the dashboard tile and
// the planning pages.
export async function investmentsMaturingWithin(
  em: EntityManager,
  today: string,
  days: number,
): Promise<InvestmentsMaturing> {
  const until = addDays(today, days);
  const due = (await listInvestments(em, today, { status: InvestmentStatus.ACTIVE })).filter(
    (i) => i.maturityDate && i.maturityDate <= until,
  );
  return {
    days,
    count: due.length,
    total: due.reduce((s, i) => s + expectedProceeds(i), 0n),
    next: due[0] ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Checks

function fail(field: string, message: string): never {
  throw badInput([{ field, message }], message);
}

// A date of an action: a real date, not after today, not before `notBefore` (with its reason).
function checkDate(
  field: string,
  date: string,
  today: string,
  notBefore?: { date: string; what: string },
) {
  if (!isLocalDate(date)) fail(field, 'Use a date like 2026-03-31');
  if (date > today) fail(field, `The date cannot be after today (${today})`);
  if (notBefore && date < notBefore.date) {
    fail(field, `The date cannot be before ${notBefore.what} (${notBefore.date})`);
  }
}

async function factsOf(em: EntityManager, wanted: { field: string; id: string }[]) {
  const bad = wanted.filter((w) => !isId(w.id));
  if (bad.length) {
    throw notFound(
      'Account',
      bad.map((w) => ({ field: w.field, message: 'Account not found' })),
    );
  }
  const rows = await accountFacts(
    em,
    wanted.map((w) => w.id),
  );
  const missing = wanted.filter((w) => !rows.some((r) => r.id === w.id));
  if (missing.length) {
    throw notFound(
      'Account',
      missing.map((w) => ({ field: w.field, message: 'Account not found' })),
    );
  }
  return new Map(rows.map((r) => [r.id, r]));
}

const label = (a: AccountFacts) => `${a.number} ${a.name}`;
const fundWord = (f: FundType) => (f === FundType.RESERVE ? 'reserve' : 'operating');

// A holding account: an asset account that investments keep, or may start to keep.
function checkHolding(field: string, a: AccountFacts, fund?: FundType): FieldDetail | null {
  if (a.type !== AccountType.ASSET) {
    return { field, message: `${label(a)} is not an asset account` };
  }
  if (a.archived) return { field, message: `${label(a)} is archived` };
  if (a.control_role && a.control_role !== 'investment') {
    return { field, message: `${label(a)} is kept by another part of the books` };
  }
  if (!a.control_role && a.other_postings) {
    return {
      field,
      message: `${label(a)} already has postings of its own: hold investments in an account of their own (e.g. "1620 Reserve CDs")`,
    };
  }
  if (fund && a.fund_type !== fund) {
    return {
      field,
      message: `${label(a)} is in the ${fundWord(a.fund_type)} fund, not the ${fundWord(fund)} fund`,
    };
  }
  return null;
}

function checkCash(field: string, a: AccountFacts, fund: FundType): FieldDetail | null {
  if (a.type !== AccountType.ASSET || a.control_role) {
    return { field, message: `${label(a)} is not a cash account` };
  }
  if (a.fund_type !== fund) {
    return {
      field,
      message: `${label(a)} is in the ${fundWord(a.fund_type)} fund, not the ${fundWord(fund)} fund`,
    };
  }
  return null;
}

// The interest income account: the one given (an income account of the fund) or the default.
async function interestAccount(
  em: EntityManager,
  given: string | null | undefined,
  fund: FundType,
): Promise<string> {
  const field = 'interestIncomeAccountId';
  if (given) {
    const a = (await factsOf(em, [{ field, id: given }])).get(given)!;
    if (a.type !== AccountType.INCOME) fail(field, `${label(a)} is not an income account`);
    if (a.fund_type !== fund) {
      fail(
        field,
        `${label(a)} is in the ${fundWord(a.fund_type)} fund, not the ${fundWord(fund)} fund`,
      );
    }
    return given;
  }
  const found = await interestIncomeAccountOf(em, fund);
  if (!found) {
    fail(
      field,
      `Choose the interest income account (no income account of the ${fundWord(fund)} fund has the role Interest income)`,
    );
  }
  return found;
}

function checkAmount(field: string, amount: number | null | undefined, positive = false) {
  if (amount === null || amount === undefined) return;
  if (amount < 0 || (positive && amount === 0)) {
    fail(field, positive ? 'The amount must be positive' : 'The amount cannot be negative');
  }
  if (amount > MAX_AMOUNT) fail(field, 'The amount is too large');
}

// The investment, locked, as it stands; actions need it active.
async function lockActive(tx: EntityManager, id: string, today: string): Promise<Investment> {
  assertId(id, 'Investment');
  if (!(await lockInvestment(tx, id))) throw notFound('Investment');
  const inv = await findInvestment(tx, id, today);
  if (inv.status !== InvestmentStatus.ACTIVE) {
    throw conflict(`This investment is ${inv.status.replace('_', ' ')} already`);
  }
  return inv;
}

const lastEntryDate = (i: Investment) => i.entries[i.entries.length - 1]?.date ?? i.purchaseDate;

function describe(i: { kind: InvestmentKind; institution: string }) {
  return `${i.institution} ${KIND_LABEL[i.kind]}`;
}

// The investment's terms: the maturity date a kind needs (and only then), after the purchase.
function checkTerms(
  kind: InvestmentKind,
  purchaseDate: string,
  maturityDate: string | null | undefined,
  field: string,
) {
  if (MATURING_KINDS.includes(kind)) {
    if (!maturityDate) fail(field, `A ${KIND_LABEL[kind]} needs a maturity date`);
    if (!isLocalDate(maturityDate)) fail(field, 'Use a date like 2026-03-31');
    if (maturityDate <= purchaseDate)
      fail(field, 'The maturity date must be after the purchase date');
  } else if (maturityDate) {
    fail(field, `A ${KIND_LABEL[kind]} account has no maturity date`);
  }
}

// Posts one entry owned by the investment and records its subledger rows.
async function post(
  tx: EntityManager,
  actor: AuthInfo | null,
  owner: string,
  date: string,
  memo: string,
  lines: JournalLineInput[],
  lineFields: (string | null)[],
  rows: (entryId: string) => NewInvestmentEntry[],
): Promise<string> {
  const [entryId] = await postJournalEntries(tx, actor, [
    {
      input: { date, memo: memo.slice(0, 500), lines },
      opts: {
        source: EntrySource.INVESTMENT,
        owner: { type: EntryOwnerType.INVESTMENT, id: owner },
        lineFields,
      },
    },
  ]);
  await insertInvestmentEntries(tx, rows(entryId));
  return entryId;
}

// ---------------------------------------------------------------------------------------------
// Actions

export async function purchaseInvestment(
  em: EntityManager,
  actor: AuthInfo | null,
  today: string,
  input: PurchaseInvestmentInput,
): Promise<Investment> {
  const institution = input.institution.trim();
  if (!institution) fail('institution', 'Name the bank or broker');
  checkDate('purchaseDate', input.purchaseDate, today);
  checkTerms(input.kind, input.purchaseDate, input.maturityDate, 'maturityDate');
  checkAmount('principal', input.principal, true);
  if (input.accountId === input.cashAccountId) {
    fail('cashAccountId', 'The money comes from a cash account, not the holding account');
  }
  const [id] = newIds(1);
  await em.transactional(async (tx) => {
    const facts = await factsOf(tx, [
      { field: 'accountId', id: input.accountId },
      { field: 'cashAccountId', id: input.cashAccountId },
    ]);
    const holding = facts.get(input.accountId)!;
    const cash = facts.get(input.cashAccountId)!;
    const problems = [
      checkHolding('accountId', holding),
      checkCash('cashAccountId', cash, holding.fund_type),
    ].filter((p): p is FieldDetail => !!p);
    if (problems.length) throw badInput(problems, problems[0].message);
    const planned = input.plannedInvestmentId
      ? await takePlannedInvestment(
          tx,
          assertId(input.plannedInvestmentId, 'Planned investment'),
          holding.fund_type,
        )
      : null;
    await setControlAccount(tx, 'investment', holding.id);
    await insertInvestment(tx, {
      id,
      kind: input.kind,
      institution,
      accountId: holding.id,
      principal: toTotal(input.principal),
      apy: input.apy,
      purchaseDate: input.purchaseDate,
      maturityDate: input.maturityDate ?? null,
      compounding: input.compounding ?? Compounding.MONTHLY,
      notes: input.notes?.trim() || null,
    });
    const what = describe({ kind: input.kind, institution });
    await post(
      tx,
      actor,
      id,
      input.purchaseDate,
      `Purchase: ${what} at ${apyText(input.apy)}% APY${input.maturityDate ? `, matures ${input.maturityDate}` : ''}`,
      [
        { accountId: holding.id, debit: input.principal },
        { accountId: cash.id, credit: input.principal },
      ],
      [null, 'cashAccountId'],
      (entryId) => [
        {
          investmentId: id,
          entryId,
          kind: InvestmentEntryKind.PURCHASE,
          holding: toTotal(input.principal),
          interest: 0n,
          cash: -toTotal(input.principal),
        },
      ],
    );
    await recordTenantAudit(tx, actor, {
      entityType: 'Investment',
      entityId: id,
      action: 'purchase',
      changes: {
        kind: input.kind,
        institution,
        accountId: holding.id,
        principal: input.principal,
        apy: input.apy,
        purchaseDate: input.purchaseDate,
        maturityDate: input.maturityDate ?? null,
        plannedInvestmentId: input.plannedInvestmentId ?? null,
      },
    });
    await planned?.(id);
  });
  return findInvestment(em, id, today);
}

export async function recordInvestmentInterest(
  em: EntityManager,
  actor: AuthInfo | null,
  today: string,
  id: string,
  input: RecordInvestmentInterestInput,
): Promise<Investment> {
  checkAmount('amount', input.amount, true);
  await em.transactional(async (tx) => {
    const inv = await lockActive(tx, id, today);
    checkDate('date', input.date, today, { date: inv.purchaseDate, what: 'the purchase' });
    if (inv.maturityDate && input.date > inv.maturityDate) {
      fail(
        'date',
        `The investment matured on ${inv.maturityDate}: record its interest with the maturity`,
      );
    }
    const incomeId = await interestAccount(tx, input.interestIncomeAccountId, inv.fundType);
    let debit = inv.accountId;
    if (!input.reinvested) {
      if (!input.cashAccountId)
        fail('cashAccountId', 'Choose the account the interest was paid into');
      const cash = (await factsOf(tx, [{ field: 'cashAccountId', id: input.cashAccountId }])).get(
        input.cashAccountId,
      )!;
      const p = checkCash('cashAccountId', cash, inv.fundType);
      if (p) throw badInput([p], p.message);
      debit = cash.id;
    }
    const amount = toTotal(input.amount);
    await post(
      tx,
      actor,
      id,
      input.date,
      `Interest: ${describe(inv)}${input.reinvested ? ' (reinvested)' : ''}`,
      [
        { accountId: debit, debit: input.amount },
        { accountId: incomeId, credit: input.amount },
      ],
      [input.reinvested ? null : 'cashAccountId', 'interestIncomeAccountId'],
      (entryId) => [
        {
          investmentId: id,
          entryId,
          kind: InvestmentEntryKind.INTEREST,
          holding: input.reinvested ? amount : 0n,
          interest: amount,
          cash: input.reinvested ? 0n : amount,
        },
      ],
    );
    await recordTenantAudit(tx, actor, {
      entityType: 'Investment',
      entityId: id,
      action: 'interest',
      changes: { date: input.date, amount: input.amount, reinvested: input.reinvested },
    });
  });
  return findInvestment(em, id, today);
}

export async function matureInvestment(
  em: EntityManager,
  actor: AuthInfo | null,
  today: string,
  id: string,
  input: MatureInvestmentInput,
): Promise<Investment> {
  checkAmount('interest', input.interest);
  const roll = input.rollover ?? null;
  if (roll && input.cashAccountId) {
    fail('cashAccountId', 'A rollover keeps the proceeds invested: leave the cash account out');
  }
  if (!roll && !input.cashAccountId) fail('cashAccountId', 'Choose the account the proceeds go to');
  let newId: string | null = null;
  await em.transactional(async (tx) => {
    const inv = await lockActive(tx, id, today);
    if (!inv.maturityDate) {
      throw conflict(`A ${KIND_LABEL[inv.kind]} account does not mature: redeem it instead`);
    }
    const date = input.date ?? inv.maturityDate;
    checkDate('date', date, today, { date: inv.maturityDate, what: 'the maturity date' });
    const last = lastEntryDate(inv);
    if (date < last)
      fail('date', `The date cannot be before the investment's last entry (${last})`);
    const interest =
      input.interest !== null && input.interest !== undefined
        ? toTotal(input.interest)
        : maxTotal(
            0n,
            (inv.valueAtMaturity ?? inv.principal) - inv.principal - inv.interestRecorded,
          );
    const proceeds = inv.balance + interest;
    const incomeId =
      interest > 0n ? await interestAccount(tx, input.interestIncomeAccountId, inv.fundType) : null;
    const incomeLine = incomeId
      ? [{ accountId: incomeId, credit: cents(interest), memo: 'Interest at maturity' }]
      : [];
    const incomeField = incomeId ? ['interestIncomeAccountId'] : [];

    if (!roll) {
      const cashId = input.cashAccountId!;
      const cash = (await factsOf(tx, [{ field: 'cashAccountId', id: cashId }])).get(cashId)!;
      const p = checkCash('cashAccountId', cash, inv.fundType);
      if (p) throw badInput([p], p.message);
      await post(
        tx,
        actor,
        id,
        date,
        `Maturity: ${describe(inv)}`,
        [
          { accountId: cashId, debit: cents(proceeds) },
          { accountId: inv.accountId, credit: cents(inv.balance) },
          ...incomeLine,
        ],
        ['cashAccountId', null, ...incomeField],
        (entryId) => [
          {
            investmentId: id,
            entryId,
            kind: InvestmentEntryKind.MATURITY,
            holding: -inv.balance,
            interest,
            cash: proceeds,
          },
        ],
      );
      await closeInvestment(tx, id, InvestmentStatus.MATURED, date, null);
    } else {
      const kind = roll.kind ?? inv.kind;
      checkTerms(kind, date, roll.maturityDate, 'rollover.maturityDate');
      const institution = roll.institution?.trim() || inv.institution;
      const accountId = roll.accountId ?? inv.accountId;
      if (accountId !== inv.accountId) {
        const a = (await factsOf(tx, [{ field: 'rollover.accountId', id: accountId }])).get(
          accountId,
        )!;
        const p = checkHolding('rollover.accountId', a, inv.fundType);
        if (p) throw badInput([p], p.message);
        await setControlAccount(tx, 'investment', accountId);
      }
      [newId] = newIds(1);
      const rolledId = newId;
      await insertInvestment(tx, {
        id: rolledId,
        kind,
        institution,
        accountId,
        principal: proceeds,
        apy: roll.apy,
        purchaseDate: date,
        maturityDate: roll.maturityDate,
        compounding: roll.compounding ?? inv.compounding,
        notes: roll.notes?.trim() || null,
      });
      await post(
        tx,
        actor,
        id,
        date,
        `Rollover: ${describe(inv)} into a new ${KIND_LABEL[kind]} at ${apyText(roll.apy)}% APY, matures ${roll.maturityDate}`,
        [
          { accountId, debit: cents(proceeds), memo: 'New investment' },
          { accountId: inv.accountId, credit: cents(inv.balance), memo: 'Matured investment' },
          ...incomeLine,
        ],
        [null, null, ...incomeField],
        (entryId) => [
          {
            investmentId: id,
            entryId,
            kind: InvestmentEntryKind.MATURITY,
            holding: -inv.balance,
            interest,
            cash: 0n,
          },
          {
            investmentId: rolledId,
            entryId,
            kind: InvestmentEntryKind.PURCHASE,
            holding: proceeds,
            interest: 0n,
            cash: 0n,
          },
        ],
      );
      await closeInvestment(tx, id, InvestmentStatus.ROLLED_OVER, date, rolledId);
    }
    await recordTenantAudit(tx, actor, {
      entityType: 'Investment',
      entityId: id,
      action: roll ? 'roll_over' : 'mature',
      changes: { date, interest: cents(interest), proceeds: cents(proceeds), rolledIntoId: newId },
    });
  });
  return findInvestment(em, id, today);
}

export async function redeemInvestment(
  em: EntityManager,
  actor: AuthInfo | null,
  today: string,
  id: string,
  input: RedeemInvestmentInput,
): Promise<Investment> {
  checkAmount('interest', input.interest);
  checkAmount('penalty', input.penalty);
  await em.transactional(async (tx) => {
    const inv = await lockActive(tx, id, today);
    checkDate('date', input.date, today, {
      date: lastEntryDate(inv),
      what: "the investment's last entry",
    });
    if (inv.maturityDate && input.date >= inv.maturityDate) {
      fail('date', `It matures on ${inv.maturityDate}: on or after that date, mature it instead`);
    }
    const interest = toTotal(input.interest ?? 0);
    const penalty = toTotal(input.penalty ?? 0);
    const net = interest - penalty;
    const proceeds = inv.balance + net;
    if (proceeds <= 0n) {
      fail('penalty', `The penalty cannot take the whole ${displayMoney(inv.balance)}`);
    }
    const cash = (await factsOf(tx, [{ field: 'cashAccountId', id: input.cashAccountId }])).get(
      input.cashAccountId,
    )!;
    const p = checkCash('cashAccountId', cash, inv.fundType);
    if (p) throw badInput([p], p.message);
    const incomeId =
      net !== 0n ? await interestAccount(tx, input.interestIncomeAccountId, inv.fundType) : null;
    const memo =
      penalty > 0n
        ? `Interest ${displayMoney(interest)} less early-withdrawal penalty ${displayMoney(penalty)}`
        : 'Interest at redemption';
    await post(
      tx,
      actor,
      id,
      input.date,
      `Early redemption: ${describe(inv)}${penalty > 0n ? ` (penalty ${displayMoney(penalty)})` : ''}`,
      [
        { accountId: cash.id, debit: cents(proceeds) },
        { accountId: inv.accountId, credit: cents(inv.balance) },
        ...(incomeId
          ? [
              net > 0n
                ? { accountId: incomeId, credit: cents(net), memo }
                : { accountId: incomeId, debit: cents(-net), memo },
            ]
          : []),
      ],
      ['cashAccountId', null, ...(incomeId ? ['interestIncomeAccountId'] : [])],
      (entryId) => [
        {
          investmentId: id,
          entryId,
          kind: InvestmentEntryKind.REDEMPTION,
          holding: -inv.balance,
          interest: net,
          cash: proceeds,
        },
      ],
    );
    await closeInvestment(tx, id, InvestmentStatus.REDEEMED, input.date, null);
    await recordTenantAudit(tx, actor, {
      entityType: 'Investment',
      entityId: id,
      action: 'redeem',
      changes: {
        date: input.date,
        interest: cents(interest),
        penalty: cents(penalty),
        proceeds: cents(proceeds),
      },
    });
  });
  return findInvestment(em, id, today);
}

// Institution and notes only: everything the ledger carries is fixed by the entries.
export async function updateInvestment(
  em: EntityManager,
  actor: AuthInfo | null,
  today: string,
  id: string,
  input: UpdateInvestmentInput,
): Promise<Investment> {
  assertId(id, 'Investment');
  const institution = input.institution === undefined ? undefined : input.institution?.trim();
  if (input.institution !== undefined && !institution) {
    fail('institution', 'Name the bank or broker');
  }
  await em.transactional(async (tx) => {
    if (!(await lockInvestment(tx, id))) throw notFound('Investment');
    const before = await findInvestment(tx, id, today);
    const notes = input.notes === undefined ? undefined : input.notes?.trim() || null;
    await updateInvestmentText(tx, id, { institution, notes });
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    if (institution !== undefined && institution !== before.institution) {
      changes.institution = { before: before.institution, after: institution };
    }
    if (notes !== undefined && notes !== before.notes) {
      changes.notes = { before: before.notes, after: notes };
    }
    if (Object.keys(changes).length) {
      await recordTenantAudit(tx, actor, {
        entityType: 'Investment',
        entityId: id,
        action: 'update',
        changes,
      });
    }
  });
  return findInvestment(em, id, today);
}
