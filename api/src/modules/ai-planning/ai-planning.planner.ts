import {
  addDays,
  addMonths,
  daysBetween,
  DEFAULT_LOCALE,
  mediumDate,
  monthInWords,
} from '../../core/dates.js';
import { displayMoney, divHalfUp, maxTotal, type Total } from '../../core/money/money.js';
import { FundType } from '../accounts/index.js';
import { Compounding, FDIC_LIMIT, interestFor, InvestmentKind } from '../investments/index.js';

// The deterministic investment planner (issue #17). Every figure of a recommendation comes from
// here, from the cash forecast and the association's holdings and rate table; an AI provider may
// only reword the texts. Pure: inputs in, plan out, no database.
//
// Per fund (operating, reserve), with M = the average monthly budgeted expense of the next 12
// forecast months (half-up to the cent):
//   floor      = 3 × M + the capital-project spending forecast for the next 12 months
//   cushion    = 3 × M (what the fund keeps on hand while money is invested)
//   investable(T months) = max(0, min(cash − floor, min over the first T forecast months of
//                                  (closing − cushion)))
// so money locked up for T months never leaves the fund short before it comes back. Terms are
// the CD and treasury terms of the rate table from 3 to 24 months (the forecast's horizon).
// The ladder: what can stay out the longest (investable at the longest term) is spread evenly over
// the rungs of 6 months and longer, so a rung matures every few months; what is needed sooner goes
// into the longest rung that returns before it is needed. Rungs are whole thousands of dollars
// (rounded down), at least $5,000; each takes the best rate for its term (a CD before a treasury
// at the same rate) at an institution that stays under the FDIC limit with what the association
// already holds there (treasuries are not FDIC deposits).
// Maturities in the next 90 days (or overdue): roll into the best-paying term when the fund keeps
// its cushion without the proceeds until they return, otherwise keep them as cash. Money market
// and savings paying a full point less than the best ladder rate: move to the ladder (not when
// the fund is short).
//
// Fund health, 0–100 (shown with the formula on the page):
//   operating: 70 × min(liquidity months, 6) / 6, liquidity months = cash ÷ M (one decimal)
//              (no budgeted expenses in the next 12 months: no score, nothing to measure by)
//   reserve:   70 × min(percent funded, 100) / 100 (no reserve study: no score)
//   both:      + 30 when the forecast's balance 12 months out is at least today's,
//              + 15 when it is lower but never below the cushion (reserve: zero), + 0 otherwise
//   grade: 80+ Strong, 60+ Fair, 40+ Weak, below 40 Critical.
//
// The words: dates in the association's locale's medium format ("Dec 5, 2026"), as the web shows
// every date; never an ISO date in a sentence.

export const MIN_RUNG: Total = 500_000n; // $5,000
export const RUNG_STEP: Total = 100_000n; // $1,000
export const MAX_TERM_MONTHS = 24;
const MATURITY_WINDOW_DAYS = 90;
const REALLOCATE_GAP_MILLI = 1000; // a full percentage point

export enum RecommendationType {
  CD_LADDER = 'cd_ladder',
  NEW_INVESTMENT = 'new_investment',
  REALLOCATION = 'reallocation',
  MATURITY_ACTION = 'maturity_action',
  LIQUIDITY_WARNING = 'liquidity_warning',
  GENERAL = 'general',
}

export enum RecommendationPriority {
  HIGH = 'high',
  MEDIUM = 'medium',
  LOW = 'low',
}

export interface PlannerFund {
  fund: FundType;
  // Cash on the association's today: the dashboard's cash of the fund that day (cash accounts,
  // not investments), not the forecast's opening at the last month-end.
  cash: Total;
  // The forecast's month by month closing balance, expenses and capital spending (same length).
  closings: Total[];
  expenses: Total[];
  capital: Total[];
}

export interface PlannerHolding {
  id: string;
  fund: FundType;
  kind: InvestmentKind;
  institution: string;
  // Current value (carrying amount + interest earned not recorded) and expected proceeds.
  value: Total;
  proceeds: Total;
  apy: string;
  maturityDate: string | null;
}

export interface PlannerRate {
  kind: InvestmentKind;
  termMonths: number | null;
  apy: string;
  institution: string | null;
}

export interface PlannerInputs {
  asOf: string;
  // The forecast's months, "2026-11", first = the month of asOf.
  months: string[];
  funds: PlannerFund[];
  holdings: PlannerHolding[];
  rates: PlannerRate[];
  // The date the rate table was last changed (null: never).
  ratesUpdatedOn: string | null;
  // Percent with one decimal: "97.4".
  collectionRate: string;
  // Reserve percent funded, one decimal; null without a reserve study.
  percentFunded: string | null;
}

export interface PlanRung {
  kind: InvestmentKind;
  amount: Total;
  termMonths: number;
  apy: string;
  institution: string | null;
  maturityMonth: string;
  // Interest over the term at the APY (monthly compounding: the same for any compounding).
  interest: Total;
}

export interface PlanRecommendation {
  id: string;
  type: RecommendationType;
  priority: RecommendationPriority;
  fund: FundType | null;
  title: string;
  summary: string;
  details: string;
  suggestedAmount: Total | null;
  kind: InvestmentKind | null;
  termMonths: number | null;
  apy: string | null;
  institution: string | null;
  // The holding a maturity or reallocation is about.
  investmentId: string | null;
  rungs: PlanRung[];
}

export interface PlanFund {
  fund: FundType;
  cash: Total;
  monthlyExpenses: Total;
  capitalNext12: Total;
  floor: Total;
  cushion: Total;
  aboveFloor: Total;
  lowest: Total;
  lowestMonth: string;
  // What the plan puts to work in this fund (the sum of its rungs).
  toInvest: Total;
}

export enum HealthGrade {
  STRONG = 'strong',
  FAIR = 'fair',
  WEAK = 'weak',
  CRITICAL = 'critical',
  UNKNOWN = 'unknown',
}

export interface PlanHealth {
  fund: FundType;
  score: number | null;
  grade: HealthGrade;
  // Operating: months of expenses in cash, one decimal; reserve: percent funded.
  liquidityMonths: string | null;
  percentFunded: string | null;
  basePoints: number | null;
  trendPoints: number;
  // The forecast's balance 12 months out minus today's.
  trend: Total;
  explanation: string;
}

export interface Plan {
  asOf: string;
  overall: string;
  riskNotes: string[];
  funds: PlanFund[];
  health: PlanHealth[];
  recommendations: PlanRecommendation[];
  toInvest: Total;
  estimatedInterest: Total;
}

// An APY in thousandths of a percent: "4.125" → 4125.
export function apyMilli(apy: string): number {
  const [whole, frac = ''] = apy.split('.');
  return Number(whole) * 1000 + Number(frac.padEnd(3, '0').slice(0, 3));
}

const FUND_NAME: Record<FundType, string> = {
  [FundType.OPERATING]: 'operating',
  [FundType.RESERVE]: 'reserve',
};
const KIND_NAME: Record<InvestmentKind, string> = {
  [InvestmentKind.CD]: 'CD',
  [InvestmentKind.TREASURY]: 'Treasury',
  [InvestmentKind.MONEY_MARKET]: 'money market',
  [InvestmentKind.SAVINGS]: 'savings',
};
// How the plan's sentences are written: the association's locale (its settings).
export interface PlanWords {
  locale: string;
}
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const money = displayMoney;
const pct = (apy: string) => `${trimApy(apy)} %`;
// "4.100" → "4.10", "4.125" → "4.125": rates read as banks quote them.
export function trimApy(apy: string): string {
  const [w, f = ''] = apy.split('.');
  const frac = f.replace(/0+$/, '');
  return `${w}.${frac.length < 2 ? frac.padEnd(2, '0') : frac}`;
}
const minTotal = (a: Total, b: Total) => (a < b ? a : b);
const sum = (xs: Total[]) => xs.reduce((s, x) => s + x, 0n);
const floorTo = (x: Total, step: Total) => (x <= 0n ? 0n : (x / step) * step);
const termText = (months: number) => `${months}-month`;
const instText = (inst: string | null) => inst ?? 'an FDIC-insured bank of the board’s choice';

interface BestRate {
  kind: InvestmentKind;
  termMonths: number;
  apy: string;
  institution: string | null;
}

// Candidate rates for a term, best first: highest APY, a CD before a treasury, then by name.
function candidates(rates: PlannerRate[], term: number): BestRate[] {
  return rates
    .filter(
      (r) =>
        (r.kind === InvestmentKind.CD || r.kind === InvestmentKind.TREASURY) &&
        r.termMonths === term,
    )
    .map((r) => ({ kind: r.kind, termMonths: term, apy: r.apy, institution: r.institution }))
    .sort(
      (a, b) =>
        apyMilli(b.apy) - apyMilli(a.apy) ||
        (a.kind === b.kind ? 0 : a.kind === InvestmentKind.CD ? -1 : 1) ||
        (a.institution ?? '').localeCompare(b.institution ?? ''),
    );
}

function ladderTerms(rates: PlannerRate[]): number[] {
  return [
    ...new Set(
      rates
        .filter(
          (r) =>
            (r.kind === InvestmentKind.CD || r.kind === InvestmentKind.TREASURY) &&
            r.termMonths !== null &&
            r.termMonths >= 3 &&
            r.termMonths <= MAX_TERM_MONTHS,
        )
        .map((r) => r.termMonths!),
    ),
  ].sort((a, b) => a - b);
}

interface FundState {
  input: PlannerFund;
  pos: PlanFund;
  // Closings after the plan's own moves (rolled maturities), for the ladder's check.
  path: Total[];
}

function position(f: PlannerFund, months: string[]): FundState {
  const n12 = Math.min(12, f.expenses.length);
  const monthlyExpenses = n12 ? divHalfUp(sum(f.expenses.slice(0, n12)), 12n) : 0n;
  const capitalNext12 = sum(f.capital.slice(0, 12));
  const cushion = 3n * monthlyExpenses;
  const floor = cushion + capitalNext12;
  let lowest = f.cash;
  let lowestMonth = months[0];
  f.closings.forEach((c, i) => {
    if (c < lowest) {
      lowest = c;
      lowestMonth = months[i];
    }
  });
  return {
    input: f,
    path: [...f.closings],
    pos: {
      fund: f.fund,
      cash: f.cash,
      monthlyExpenses,
      capitalNext12,
      floor,
      cushion,
      aboveFloor: f.cash - floor,
      lowest,
      lowestMonth,
      toInvest: 0n,
    },
  };
}

// What can leave the fund for `term` months without the fund going below its cushion in that time,
// nor its cash today below its floor.
function investable(s: FundState, term: number): Total {
  let low = s.pos.cash - s.pos.floor;
  for (let m = 0; m < Math.min(term, s.path.length); m++) {
    low = minTotal(low, s.path[m] - s.pos.cushion);
  }
  return maxTotal(0n, low);
}

const monthIndex = (months: string[], date: string) => {
  const i = months.indexOf(date.slice(0, 7));
  return date.slice(0, 7) < months[0] ? 0 : i;
};

// What the steps of a plan share: the inputs and their words, each fund's state (its forecast
// path lowered by what the plan already keeps invested), the ladder's terms, the deposits held per
// institution, and what the plan has said so far.
interface PlanRun {
  inputs: PlannerInputs;
  day: (date: string) => string;
  monthText: (month: string) => string;
  states: FundState[];
  stateOf: (fund: FundType) => FundState;
  terms: number[];
  interest: (amount: Total, apy: string, term: number) => Total;
  // Deposits the association already holds per institution (FDIC insures deposits, not treasuries).
  deposits: Map<string, Total>;
  recs: Omit<PlanRecommendation, 'id'>[];
  riskNotes: string[];
  // The funds short of cash: nothing of theirs is invested or rolled over.
  short: Set<FundType>;
}

// An institution's name as deposits are added up under it.
const institutionKey = (inst: string) => inst.trim().toLowerCase();

// The fields of a recommendation that buys or moves nothing.
const noInvestment = () => ({
  kind: null,
  termMonths: null,
  apy: null,
  institution: null,
  investmentId: null,
  rungs: [],
});

export function plan(inputs: PlannerInputs, words: PlanWords = { locale: DEFAULT_LOCALE }): Plan {
  const run = startPlan(inputs, words);
  warnOfShortFunds(run);
  actOnMaturities(run);
  ladderEachFund(run);
  moveLowYieldHoldings(run);
  const toInvest = sum(run.states.map((s) => s.pos.toInvest));
  const estimatedInterest = sum(run.recs.flatMap((r) => r.rungs.map((x) => x.interest)));
  adviseToConfirmRates(run);
  const recommendations = ranked(run.recs);
  noteRisks(run);
  return {
    asOf: inputs.asOf,
    overall: overallText(run, toInvest, estimatedInterest),
    riskNotes: run.riskNotes,
    funds: run.states.map((s) => s.pos),
    health: run.states.map((s) => healthOf(s, inputs.percentFunded)),
    recommendations,
    toInvest,
    estimatedInterest,
  };
}

function startPlan(inputs: PlannerInputs, words: PlanWords): PlanRun {
  const { asOf, months } = inputs;
  const states = inputs.funds.map((f) => position(f, months));
  const days = (term: number) => daysBetween(asOf, addMonths(asOf, term));
  const deposits = new Map<string, Total>();
  for (const h of inputs.holdings) {
    if (h.kind === InvestmentKind.TREASURY) continue;
    const key = institutionKey(h.institution);
    deposits.set(key, (deposits.get(key) ?? 0n) + h.value);
  }
  return {
    inputs,
    day: (date) => mediumDate(date, words.locale),
    monthText: (month) => monthInWords(month, words.locale),
    states,
    stateOf: (fund) => states.find((s) => s.pos.fund === fund)!,
    terms: ladderTerms(inputs.rates),
    interest: (amount, apy, term) => interestFor(amount, apy, days(term), Compounding.MONTHLY),
    deposits,
    recs: [],
    riskNotes: [],
    short: new Set<FundType>(),
  };
}

// Step 1: a fund below its floor today, or whose forecast dips under its cushion, is short: it
// keeps its money liquid, and the plan says how much it needs.
function warnOfShortFunds(run: PlanRun): void {
  const { states, short, recs, monthText } = run;
  for (const s of states) {
    const p = s.pos;
    const fund = FUND_NAME[p.fund];
    const belowFloor = p.cash < p.floor;
    const dips = p.lowest < p.cushion;
    if (!belowFloor && !dips) continue;
    short.add(p.fund);
    const need = maxTotal(p.floor - p.cash, p.cushion - p.lowest);
    const parts: string[] = [];
    if (belowFloor) {
      parts.push(
        `${capital(fund)} cash is ${money(p.cash)}, below its floor of ${money(p.floor)} (three months of expenses, ${money(p.cushion)}, plus ${money(p.capitalNext12)} of capital work due in the next 12 months).`,
      );
    }
    if (dips) {
      parts.push(
        `The forecast takes ${fund} cash down to ${money(p.lowest)} in ${monthText(p.lowestMonth)}${p.cushion > 0n ? `, under the ${money(p.cushion)} cushion of three months of expenses` : ''}.`,
      );
    }
    recs.push({
      type: RecommendationType.LIQUIDITY_WARNING,
      priority: RecommendationPriority.HIGH,
      fund: p.fund,
      title: `${capital(fund)} fund is short of cash`,
      summary: `Keep ${fund} money liquid: the fund needs ${money(need)} more to keep its cushion.`,
      details: `${parts.join(' ')} Do not lock up ${fund} money now; look at the budget, the collection of past-due assessments or the timing of capital work.`,
      suggestedAmount: need,
      ...noInvestment(),
    });
  }
}

// Step 2: maturities in the next 90 days (or overdue): rolled into the best-paying term when the
// fund keeps its cushion without the proceeds until they return (the fund's path then goes without
// them), otherwise kept as cash.
function actOnMaturities(run: PlanRun): void {
  const { inputs, short, recs, day, stateOf, terms } = run;
  const { asOf, months } = inputs;
  const until = addDays(asOf, MATURITY_WINDOW_DAYS);
  const maturing = inputs.holdings
    .filter((h) => h.maturityDate && h.maturityDate <= until)
    .sort((a, b) => (a.maturityDate! < b.maturityDate! ? -1 : 1));
  for (const h of maturing) {
    const s = stateOf(h.fund);
    const at = monthIndex(months, h.maturityDate!);
    const overdue = h.maturityDate! < asOf;
    const when = overdue
      ? `matured on ${day(h.maturityDate!)}`
      : `matures on ${day(h.maturityDate!)}`;
    const best = candidates(inputs.rates, bestTermFor(inputs.rates, terms))[0] ?? null;
    let roll = best !== null && !short.has(h.fund);
    if (roll && best) {
      for (let m = at; m < Math.min(at + best.termMonths, s.path.length); m++) {
        if (s.path[m] - h.proceeds < s.pos.cushion) roll = false;
      }
    }
    const base = {
      type: RecommendationType.MATURITY_ACTION,
      priority: overdue ? RecommendationPriority.HIGH : RecommendationPriority.MEDIUM,
      fund: h.fund,
      suggestedAmount: h.proceeds,
      investmentId: h.id,
      rungs: [],
    };
    const what = `${KIND_NAME[h.kind]} at ${h.institution}`;
    if (roll && best) {
      for (let m = at; m < Math.min(at + best.termMonths, s.path.length); m++) {
        s.path[m] -= h.proceeds;
      }
      recs.push({
        ...base,
        title: `Roll over the ${what}`,
        summary: `The ${what} ${when} with about ${money(h.proceeds)}: reinvest it in a ${termText(best.termMonths)} ${KIND_NAME[best.kind]} at ${pct(best.apy)}.`,
        details: `It earns ${pct(h.apy)} now. The ${FUND_NAME[h.fund]} fund keeps its cushion of ${money(s.pos.cushion)} without this money for the next ${best.termMonths} months, so it can stay invested: ${instText(best.institution)} quotes ${pct(best.apy)} for ${best.termMonths} months.`,
        kind: best.kind,
        termMonths: best.termMonths,
        apy: best.apy,
        institution: best.institution,
      });
    } else {
      recs.push({
        ...base,
        title: `Keep the ${what} as cash when it matures`,
        summary: `The ${what} ${when} with about ${money(h.proceeds)}: keep the proceeds in cash.`,
        details: `The ${FUND_NAME[h.fund]} fund's forecast needs this money within the term of a new investment (its cushion is ${money(s.pos.cushion)}), so put it back in the operating bank account when it matures.`,
        kind: null,
        termMonths: null,
        apy: null,
        institution: null,
      });
    }
  }
}

// Step 3: the ladder of each fund that is not short: what can stay out the longest spread over the
// rungs of 6 months and more, what is needed sooner in the longest rung back before it is needed,
// each rung at the best rate of an institution the association's deposits stay insured at.
function ladderEachFund(run: PlanRun): void {
  const { inputs, states, short, recs, riskNotes, terms, interest, deposits, monthText } = run;
  const { months } = inputs;
  const allotted = new Map<string, Total>();
  for (const s of states) {
    if (!terms.length || short.has(s.pos.fund)) continue;
    const a = terms.map((t) => investable(s, t));
    const spread = terms.filter((t) => t >= 6);
    const spreadTerms = spread.length ? spread : [terms.at(-1)!];
    const long = a.at(-1)!;
    const share = long / BigInt(spreadTerms.length);
    const rungs: PlanRung[] = [];
    terms.forEach((t, j) => {
      let amount =
        (j < terms.length - 1 ? a[j] - a[j + 1] : 0n) + (spreadTerms.includes(t) ? share : 0n);
      amount = floorTo(amount, RUNG_STEP);
      if (amount < MIN_RUNG) return;
      const options = candidates(inputs.rates, t);
      const fits = (r: BestRate) =>
        r.kind === InvestmentKind.TREASURY ||
        r.institution === null ||
        (deposits.get(institutionKey(r.institution)) ?? 0n) +
          (allotted.get(institutionKey(r.institution)) ?? 0n) +
          amount <=
          FDIC_LIMIT;
      const pick = options.find(fits) ?? options[0];
      if (!fits(pick)) {
        riskNotes.push(
          `A ${termText(t)} rung of ${money(amount)} at ${pick.institution} would take the association's deposits there over the FDIC limit of ${money(FDIC_LIMIT)}: split it across banks.`,
        );
      }
      if (pick.institution && pick.kind !== InvestmentKind.TREASURY) {
        allotted.set(
          institutionKey(pick.institution),
          (allotted.get(institutionKey(pick.institution)) ?? 0n) + amount,
        );
      }
      rungs.push({
        kind: pick.kind,
        amount,
        termMonths: t,
        apy: pick.apy,
        institution: pick.institution,
        maturityMonth: addMonths(`${months[0]}-01`, t).slice(0, 7),
        interest: interest(amount, pick.apy, t),
      });
    });
    if (!rungs.length) continue;
    const total = sum(rungs.map((r) => r.amount));
    const earned = sum(rungs.map((r) => r.interest));
    s.pos.toInvest = total;
    const fund = FUND_NAME[s.pos.fund];
    const why = `${capital(fund)} cash is ${money(s.pos.cash)}; the floor is ${money(s.pos.floor)} (three months of expenses, ${money(s.pos.cushion)}, plus ${money(s.pos.capitalNext12)} of capital work in the next 12 months) and the forecast's lowest point is ${money(s.pos.lowest)} in ${monthText(s.pos.lowestMonth)}. Each amount stays invested only while the forecast can do without it.`;
    const priority =
      total >= 5_000_000n ? RecommendationPriority.HIGH : RecommendationPriority.MEDIUM;
    if (rungs.length === 1) {
      const r = rungs[0];
      recs.push({
        type: RecommendationType.NEW_INVESTMENT,
        priority,
        fund: s.pos.fund,
        title: `Invest ${money(r.amount)} of ${fund} cash for ${r.termMonths} months`,
        summary: `Put ${money(r.amount)} in a ${termText(r.termMonths)} ${KIND_NAME[r.kind]} at ${pct(r.apy)} (${instText(r.institution)}), earning about ${money(r.interest)}.`,
        details: why,
        suggestedAmount: r.amount,
        kind: r.kind,
        termMonths: r.termMonths,
        apy: r.apy,
        institution: r.institution,
        investmentId: null,
        rungs,
      });
    } else {
      recs.push({
        type: RecommendationType.CD_LADDER,
        priority,
        fund: s.pos.fund,
        title: `Ladder ${money(total)} of ${fund} cash over ${rungs.length} terms`,
        summary: `Spread ${money(total)} over ${rungs.map((r) => `${r.termMonths}`).join(', ')}-month terms so money comes back every few months, earning about ${money(earned)} in all.`,
        details: `${why} ${rungs.map((r) => `${money(r.amount)} for ${r.termMonths} months at ${pct(r.apy)} (${instText(r.institution)}, back in ${monthText(r.maturityMonth)})`).join('; ')}.`,
        suggestedAmount: total,
        kind: null,
        termMonths: null,
        apy: null,
        institution: null,
        investmentId: null,
        rungs,
      });
    }
  }
}

// Step 4: money market and savings holdings paying a full point less than the best ladder rate
// (not of a fund that is short).
function moveLowYieldHoldings(run: PlanRun): void {
  const { inputs, short, recs, terms, interest } = run;
  const bestOverall = terms
    .map((t) => candidates(inputs.rates, t)[0])
    .sort((a, b) => apyMilli(b.apy) - apyMilli(a.apy) || a.termMonths - b.termMonths)[0];
  if (bestOverall) {
    for (const h of inputs.holdings) {
      if (h.kind !== InvestmentKind.MONEY_MARKET && h.kind !== InvestmentKind.SAVINGS) continue;
      if (short.has(h.fund) || h.value < MIN_RUNG) continue;
      if (apyMilli(bestOverall.apy) - apyMilli(h.apy) < REALLOCATE_GAP_MILLI) continue;
      const amount = floorTo(h.value, RUNG_STEP);
      recs.push({
        type: RecommendationType.REALLOCATION,
        priority: RecommendationPriority.LOW,
        fund: h.fund,
        title: `Move the ${KIND_NAME[h.kind]} at ${h.institution} to a better rate`,
        summary: `The ${KIND_NAME[h.kind]} at ${h.institution} pays ${pct(h.apy)}; a ${termText(bestOverall.termMonths)} ${KIND_NAME[bestOverall.kind]} pays ${pct(bestOverall.apy)}. Moving ${money(amount)} would earn about ${money(interest(amount, bestOverall.apy, bestOverall.termMonths) - interest(amount, h.apy, bestOverall.termMonths))} more over the term.`,
        details: `Only money the ${FUND_NAME[h.fund]} fund will not need for ${bestOverall.termMonths} months should move; keep enough in the ${KIND_NAME[h.kind]} account for surprises.`,
        suggestedAmount: amount,
        kind: bestOverall.kind,
        termMonths: bestOverall.termMonths,
        apy: bestOverall.apy,
        institution: bestOverall.institution,
        investmentId: h.id,
        rungs: [],
      });
    }
  }
}

// Step 5: the advice every plan ends with: the rates are the association's own table.
function adviseToConfirmRates(run: PlanRun): void {
  const { inputs, recs, day } = run;
  const ratesWhen = inputs.ratesUpdatedOn
    ? `last changed on ${day(inputs.ratesUpdatedOn)}`
    : 'empty at the moment';
  recs.push({
    type: RecommendationType.GENERAL,
    priority: RecommendationPriority.LOW,
    fund: null,
    title: 'Confirm rates before buying',
    summary: `Rates come from the association's rate table (${ratesWhen}), set against what its holdings earn; there is no live market feed.`,
    details:
      'Ask the banks for today’s quotes before buying, keep each bank’s deposits under the FDIC limit, and record each purchase on the Investments page so the books and the next plan see it.',
    suggestedAmount: null,
    ...noInvestment(),
  });
}

// The recommendations by priority (high first), in the order the steps made them within one.
function ranked(recs: Omit<PlanRecommendation, 'id'>[]): PlanRecommendation[] {
  const rank = { high: 0, medium: 1, low: 2 };
  return recs
    .map((r, i) => ({ r, i }))
    .sort((x, y) => rank[x.r.priority] - rank[y.r.priority] || x.i - y.i)
    .map(({ r }, i) => ({ id: `r${i + 1}`, ...r }));
}

// What the plan rests on that may not hold: collections, the rate table, the forecast's length.
function noteRisks(run: PlanRun): void {
  const { inputs, riskNotes, terms } = run;
  const { months } = inputs;
  if (apyMilli(inputs.collectionRate) < 95_000) {
    riskNotes.push(
      `Assessments are collected at ${inputs.collectionRate} %; the forecast assumes the same rate, and a lower one narrows the cushion.`,
    );
  }
  if (!terms.length) {
    riskNotes.push(
      'The rate table has no CD or treasury terms of 3 to 24 months: add some to get a ladder.',
    );
  }
  riskNotes.push(
    `The forecast runs ${months.length} months, so nothing is recommended for longer than ${Math.min(MAX_TERM_MONTHS, months.length)} months.`,
  );
}

// The plan in a few sentences: each fund's cash against its floor, what the plan puts to work,
// and the fund to watch.
function overallText(run: PlanRun, toInvest: Total, estimatedInterest: Total): string {
  const { inputs, states, short, day } = run;
  const fundLines = states.map(
    (s) =>
      `the ${FUND_NAME[s.pos.fund]} fund holds ${money(s.pos.cash)} in cash against a floor of ${money(s.pos.floor)}`,
  );
  return [
    `On ${day(inputs.asOf)} ${fundLines.join(', and ')}.`,
    toInvest > 0n
      ? `The plan puts ${money(toInvest)} to work for about ${money(estimatedInterest)} of interest, keeping every month of the forecast above its cushion.`
      : 'There is no cash to put to work without risking a bill the association must pay.',
    short.size ? `Watch the ${[...short].map((f) => FUND_NAME[f]).join(' and ')} fund first.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

// The term the planner rolls maturities into: the best-paying ladder term (the shorter on a tie).
function bestTermFor(rates: PlannerRate[], terms: number[]): number {
  let best = terms[0] ?? 0;
  for (const t of terms) {
    const a = candidates(rates, t)[0];
    const b = candidates(rates, best)[0];
    if (a && b && apyMilli(a.apy) > apyMilli(b.apy)) best = t;
  }
  return best;
}

export function gradeOf(score: number | null): HealthGrade {
  if (score === null) return HealthGrade.UNKNOWN;
  if (score >= 80) return HealthGrade.STRONG;
  if (score >= 60) return HealthGrade.FAIR;
  if (score >= 40) return HealthGrade.WEAK;
  return HealthGrade.CRITICAL;
}

function healthOf(s: FundState, percentFunded: string | null): PlanHealth {
  const p = s.pos;
  const closings = s.input.closings;
  const at12 = closings[Math.min(11, closings.length - 1)] ?? p.cash;
  const trend = at12 - p.cash;
  const cushion = p.fund === FundType.OPERATING ? p.cushion : 0n;
  const low12 = closings.slice(0, 12).reduce((m, c) => minTotal(m, c), p.cash);
  const trendPoints = trend >= 0n ? 30 : low12 >= cushion ? 15 : 0;
  let base: number | null;
  let liquidityMonths: string | null = null;
  let explanation: string;
  if (p.fund === FundType.OPERATING) {
    if (p.monthlyExpenses > 0n) {
      const tenths = p.cash <= 0n ? 0n : divHalfUp(p.cash * 10n, p.monthlyExpenses);
      liquidityMonths = `${tenths / 10n}.${tenths % 10n}`;
      const capped = tenths > 60n ? 60n : tenths;
      base = Number(divHalfUp(70n * capped, 60n));
      explanation = `70 × min(${liquidityMonths} months of expenses in cash, 6) ÷ 6, plus ${trendPoints} for the 12-month trend.`;
    } else {
      // Months of expenses in cash mean nothing without expenses: a new association with no
      // budget scored 100 "Strong" here.
      base = null;
      explanation =
        'No budgeted operating expenses for the next 12 months, so there is nothing to measure cash against: enter the budget on the Budget page to score the operating fund.';
    }
  } else if (percentFunded === null) {
    base = null;
    explanation =
      'No reserve study yet: enter the components on the Reserves page to score the reserve fund.';
  } else {
    const tenths = Math.min(1000, Math.max(0, apyMilli(percentFunded) / 100));
    base = Math.round((70 * tenths) / 1000);
    explanation = `70 × min(${percentFunded} % funded, 100) ÷ 100, plus ${trendPoints} for the 12-month trend.`;
  }
  const score = base === null ? null : base + trendPoints;
  return {
    fund: p.fund,
    score,
    grade: gradeOf(score),
    liquidityMonths,
    percentFunded: p.fund === FundType.RESERVE ? percentFunded : null,
    basePoints: base,
    trendPoints,
    trend,
    explanation,
  };
}
