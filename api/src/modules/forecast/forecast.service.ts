import type { EntityManager } from '@mikro-orm/postgresql';
import {
  fiscalMonthIndex,
  fiscalYear,
  fiscalYearOf,
  addMonths,
  dayBefore,
} from '../../core/dates.js';
import { badInput } from '../../core/errors/app-error.js';
import { divHalfUp, maxTotal, toTotal, type Total } from '../../core/money/money.js';
import { FundType } from '../accounts/index.js';
import { assessmentProjection } from '../assessments/index.js';
import {
  capitalProjectActualCosts,
  CapitalProjectFunding,
  CapitalProjectStatus,
  listCapitalProjects,
} from '../capital-projects/index.js';
import { cashTile, dashboardOn } from '../dashboard/index.js';
import { expectedProceeds, InvestmentStatus, listInvestments } from '../investments/index.js';
import { billsDue } from '../payables/index.js';
import { budgetedContribution } from '../reserves/index.js';
import { accountFunds, budgetMonths, budgetYears, collectionSums } from './forecast.repository.js';
import { type CashForecast, type CashForecastMonth, ForecastFund } from './forecast.types.js';

// The cash-flow forecast (issue #17). Per fund (operating, reserve; ALL adds them) and calendar
// month, from the month of the association's today on:
//   closing = opening + assessments + otherIncome − expenses − bills + investmentFlows
//             − capitalProjects + transfers, and the next month opens with it.
// - Opening: the dashboard's cash by fund (asset accounts that are not control accounts) at the
//   end of the month before the first one, so every forecast month is a whole month of
//   budgeted flows and nothing of the current month is counted twice.
// - Collection rate: over the 12 whole months before the first month, payments applied to
//   assessment invoices ÷ assessments billed, half-up to one decimal, at most 100.0 %
//   (100.0 when nothing was billed). Standing documents only (voids do not count).
// - Assessments: each group's rates × its units as a monthly equivalent (the assessments
//   module's projection: a quarterly or annual dues bill is spread over its months), in the fund
//   of the rate's income account, × the collection rate, half-up to the cent.
// - Expenses and other income: the budget of the month's fiscal year at its fiscal month; a
//   fiscal year without a budget uses the same fiscal month of the latest budget. Accounts say
//   what they are (their forecastRole, never their name): an operating expense account marked
//   "transfer to reserves" is the transfer, not an expense; other income leaves out assessments
//   and the accounts marked reserve contribution or interest income (forecast from their sources).
// - Transfers: the reserve module's budgeted contribution of the month's fiscal year (same
//   budget fallback), spread over its 12 months to the cent (the first months take the lower
//   cents), out of operating and into reserve: ALL nets to zero.
// - Investments: an active investment maturing in the window returns its expected proceeds
//   (carrying amount + the term's interest not yet recorded) to its fund in its maturity month;
//   one already past maturity and not acted on lands in the first month. Money market and
//   savings have no maturity and stay invested. No new purchases are assumed.
// - Capital projects: every project not DONE, funded from RESERVE or OPERATING, with a target
//   year, spends what is left of its estimate (estimate − actual cost so far, not below zero) in
//   the first month of its target fiscal year, or in the first forecast month when that has
//   passed (an overdue project). Special-assessment and loan projects bring their own money;
//   Future projects (no year) are outside the window.
// - Bills: what was left to pay on the opening day of the bills entered by then (the payables
//   aging of that day) goes out in the month each falls due, an overdue one in the first month,
//   from the funds of its lines; one due after the window is outside it. Bills dated later are the
//   budget's expenses of their months, so they are not counted again.

export const MAX_FORECAST_MONTHS = 60;
const FUNDS = [FundType.OPERATING, FundType.RESERVE] as const;

export interface CashForecastOptions {
  // The association's today and fiscal-year start month.
  today: string;
  fiscalYearStartMonth: number;
  fund: ForecastFund;
  months?: number;
}

// An annual amount's share for fiscal month `i` (0 to 11): the twelve shares add up exactly.
const monthShare = (annual: Total, i: number): Total =>
  (annual * BigInt(i + 1)) / 12n - (annual * BigInt(i)) / 12n;

export const formatTenths = (tenths: number) => `${Math.floor(tenths / 10)}.${tenths % 10}`;

// The collection rate in tenths of a percent (974 = 97.4 %), and whether anything was billed.
export async function collectionRate(
  em: EntityManager,
  from: string,
  until: string,
): Promise<{ tenths: number; billed: boolean }> {
  const { billed, applied } = await collectionSums(em, from, until);
  const b = toTotal(billed);
  if (b === 0n) return { tenths: 1000, billed: false };
  const tenths = divHalfUp(toTotal(applied) * 1000n, b);
  return { tenths: Number(tenths > 1000n ? 1000n : tenths), billed: true };
}

// Cash by fund on a day, as the dashboard shows it for that day (one rule for what cash is): the
// forecast's opening reads it at the last month-end, the investment planner at today.
export async function cashByFund(
  em: EntityManager,
  asOf: string,
  fiscalYearStartMonth: number,
): Promise<Map<FundType, Total>> {
  const cash = await cashTile(em, dashboardOn({ asOf, fiscalYearStartMonth }));
  return new Map(cash.funds.map((f) => [f.fundType, f.balance]));
}

type Flows = Omit<CashForecastMonth, 'month' | 'opening' | 'closing'>;
const noFlows = (): Flows => ({
  assessments: 0n,
  otherIncome: 0n,
  expenses: 0n,
  investmentFlows: 0n,
  capitalProjects: 0n,
  bills: 0n,
  transfers: 0n,
});

export interface FundSeries {
  fundType: FundType;
  opening: Total;
  flows: Flows[];
}

// What the capital-project and investment flows are made of, one row per project or investment,
// so a planner can take one out or move it. `monthIndex` is the forecast month the amount was
// added to; null for a project outside the window (Future, or a target year after it), whose
// amount was not added.
export interface ProjectSpend {
  projectId: string;
  fundType: FundType;
  monthIndex: number | null;
  amount: Total;
}
export interface InvestmentMaturity {
  investmentId: string;
  fundType: FundType;
  monthIndex: number;
  proceeds: Total;
}

// Both funds' openings and monthly flows: what `cashForecast` adds up, and what a planner can
// change (a purchase, a scenario) before adding up again.
export async function forecastFlows(
  em: EntityManager,
  opts: Required<Omit<CashForecastOptions, 'fund'>>,
): Promise<{
  first: string;
  months: string[];
  funds: FundSeries[];
  collectionTenths: number;
  billed: boolean;
  budgetYearsUsed: Map<number, number | null>;
  projectSpends: ProjectSpend[];
  maturities: InvestmentMaturity[];
}> {
  const start = opts.fiscalYearStartMonth;
  const first = `${opts.today.slice(0, 7)}-01`;
  const firsts = Array.from({ length: opts.months }, (_, i) => addMonths(first, i));
  const months = firsts.map((m) => m.slice(0, 7));
  const indexOf = (date: string) => {
    const i = months.indexOf(date.slice(0, 7));
    return date < first ? 0 : i;
  };
  const funds = FUNDS.map((fundType) => ({
    fundType,
    opening: 0n,
    flows: firsts.map(noFlows),
  }));
  const fundOf = (f: FundType) => funds.find((s) => s.fundType === f)!;

  // Opening cash.
  for (const [fund, balance] of await cashByFund(em, dayBefore(first), start)) {
    fundOf(fund).opening = balance;
  }

  // Assessments.
  const rate = await collectionRate(em, addMonths(first, -12), first);
  const projection = await assessmentProjection(em);
  const incomeAccounts = [
    ...new Set(
      projection.groups.flatMap((g) => [g.regularIncomeAccountId, g.specialIncomeAccountId]),
    ),
  ];
  const accountFund = new Map(
    (await accountFunds(em, incomeAccounts)).map((a) => [a.id, a.fund_type]),
  );
  const monthly = new Map<FundType, Total>();
  const add = (f: FundType | undefined, amount: Total) =>
    monthly.set(f ?? FundType.OPERATING, (monthly.get(f ?? FundType.OPERATING) ?? 0n) + amount);
  for (const g of projection.groups) {
    for (const r of g.rates) {
      const units = BigInt(r.unitCount);
      add(accountFund.get(g.regularIncomeAccountId), units * toTotal(r.regularMonthly));
      add(accountFund.get(g.specialIncomeAccountId), units * toTotal(r.specialMonthly));
    }
  }
  for (const [f, amount] of monthly) {
    const collected = divHalfUp(amount * BigInt(rate.tenths), 1000n);
    for (const flows of fundOf(f).flows) flows.assessments += collected;
  }

  // The budget: expenses, other income and the reserve contribution.
  const years = await budgetYears(em);
  const latest = years.at(-1) ?? null;
  const budgetYearsUsed = new Map<number, number | null>();
  const budgetFor = (fy: number) => (years.includes(fy) ? fy : latest);
  for (const m of firsts) {
    const fy = fiscalYearOf(m, start);
    budgetYearsUsed.set(fy, budgetFor(fy));
  }
  const used = [...new Set([...budgetYearsUsed.values()].filter((y): y is number => y !== null))];
  const lines = await budgetMonths(em, used, incomeAccounts);
  const contributions = new Map<number, Total>();
  for (const y of used) contributions.set(y, await budgetedContribution(em, y));
  firsts.forEach((m, i) => {
    const year = budgetFor(fiscalYearOf(m, start));
    if (year === null) return;
    const fiscalIdx = fiscalMonthIndex(Number(m.slice(5, 7)), start);
    for (const l of lines) {
      if (l.year !== year || l.month !== fiscalIdx + 1) continue;
      const flows = fundOf(l.fund_type).flows[i];
      if (l.bucket === 'expense') flows.expenses += toTotal(l.amount);
      else flows.otherIncome += toTotal(l.amount);
    }
    const share = monthShare(contributions.get(year) ?? 0n, fiscalIdx);
    fundOf(FundType.OPERATING).flows[i].transfers -= share;
    fundOf(FundType.RESERVE).flows[i].transfers += share;
  });

  // Investments maturing in the window.
  const last = addMonths(first, opts.months);
  const active = await listInvestments(em, opts.today, { status: InvestmentStatus.ACTIVE });
  const maturities: InvestmentMaturity[] = [];
  for (const inv of active) {
    if (!inv.maturityDate || inv.maturityDate >= last) continue;
    const at = indexOf(inv.maturityDate);
    const proceeds = expectedProceeds(inv);
    fundOf(inv.fundType).flows[at].investmentFlows += proceeds;
    maturities.push({ investmentId: inv.id, fundType: inv.fundType, monthIndex: at, proceeds });
  }

  // Capital projects in their target year.
  const cal = { today: opts.today, fiscalYearStartMonth: start };
  const projects = (await listCapitalProjects(em, cal)).filter(
    (p) =>
      p.status !== CapitalProjectStatus.DONE &&
      (p.fundingSource === CapitalProjectFunding.RESERVE ||
        p.fundingSource === CapitalProjectFunding.OPERATING),
  );
  const spent = await capitalProjectActualCosts(
    em,
    projects.map((p) => p.id),
  );
  const projectSpends: ProjectSpend[] = [];
  for (const p of projects) {
    const left = maxTotal(0n, p.estimatedCost - (spent.get(p.id) ?? 0n));
    const f =
      p.fundingSource === CapitalProjectFunding.RESERVE ? FundType.RESERVE : FundType.OPERATING;
    const begins = p.targetYear === null ? null : fiscalYear(p.targetYear, start).from;
    const at = begins === null || begins >= last ? null : indexOf(begins);
    if (at !== null) fundOf(f).flows[at].capitalProjects += left;
    projectSpends.push({ projectId: p.id, fundType: f, monthIndex: at, amount: left });
  }

  // Bills unpaid on the opening day, in the month they fall due.
  for (const b of await billsDue(em, dayBefore(first))) {
    if (b.dueDate >= last) continue;
    fundOf(b.fundType).flows[indexOf(b.dueDate)].bills += b.amount;
  }

  return {
    first,
    months,
    funds,
    collectionTenths: rate.tenths,
    billed: rate.billed,
    budgetYearsUsed,
    projectSpends,
    maturities,
  };
}

// A month's flows added up (what the planner and the scenarios add up too).
export const netFlow = (f: Flows) =>
  f.assessments +
  f.otherIncome -
  f.expenses -
  f.bills +
  f.investmentFlows -
  f.capitalProjects +
  f.transfers;

export async function cashForecast(
  em: EntityManager,
  opts: CashForecastOptions,
): Promise<CashForecast> {
  const count = opts.months ?? 24;
  if (!Number.isInteger(count) || count < 1 || count > MAX_FORECAST_MONTHS) {
    const message = `Give 1 to ${MAX_FORECAST_MONTHS} months`;
    throw badInput([{ field: 'months', message }], message);
  }
  const f = await forecastFlows(em, {
    today: opts.today,
    fiscalYearStartMonth: opts.fiscalYearStartMonth,
    months: count,
  });
  // ForecastFund's OPERATING and RESERVE carry FundType's values.
  const chosen = f.funds.filter(
    (s) => opts.fund === ForecastFund.ALL || (s.fundType as string) === opts.fund,
  );
  let balance = chosen.reduce((s, x) => s + x.opening, 0n);
  const months: CashForecastMonth[] = f.months.map((month, i) => {
    const flows = noFlows();
    for (const s of chosen) {
      for (const k of Object.keys(flows) as (keyof Flows)[]) flows[k] += s.flows[i][k];
    }
    const opening = balance;
    balance += netFlow(flows);
    return { month, opening, ...flows, closing: balance };
  });
  let lowest = months[0];
  for (const m of months) if (m.closing < lowest.closing) lowest = m;

  const budgetNotes = [...f.budgetYearsUsed].map(([fy, used]) =>
    used === null
      ? `FY ${fy}: no budget, so no budgeted expenses or transfers.`
      : used === fy
        ? `FY ${fy}: its budget.`
        : `FY ${fy}: no budget yet, so the FY ${used} budget month by month.`,
  );
  return {
    asOf: opts.today,
    openingAsOf: dayBefore(f.first),
    fund: opts.fund,
    months,
    lowest: { month: lowest.month, balance: lowest.closing },
    collectionRate: formatTenths(f.collectionTenths),
    fiscalYearStartMonth: opts.fiscalYearStartMonth,
    assumptions: [
      `Opening cash is the balance of the cash accounts on ${dayBefore(f.first)}.`,
      f.billed
        ? `Assessments: the rates × units, collected at ${formatTenths(f.collectionTenths)} % (payments applied ÷ assessments billed over the last 12 months).`
        : 'Assessments: the rates × units, collected in full (nothing was billed over the last 12 months).',
      ...budgetNotes,
      'The reserve contribution moves from operating to reserve in equal monthly parts.',
      'Investments return principal and interest in their maturity month; no new purchases.',
      'Capital projects not done, funded from reserve or operating, spend what is left of their estimate in the first month of their target fiscal year.',
      `Bills entered by ${dayBefore(f.first)} and unpaid then are paid in the month they fall due (overdue ones in the first month), from the funds of their lines.`,
    ],
  };
}
