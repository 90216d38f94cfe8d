import { divHalfUp, type Total } from '../../core/money/money.js';

// The reserve study's arithmetic, pure and exact: integer cents as BigInt, rates in basis points,
// every division rounded half-up once. reserves.service.ts states the rules; this file is them.

export const BPS = 10_000n;
export const PROJECTION_YEARS = 30;

// What the projection needs of a component.
export interface LifeCycle {
  usefulLife: number;
  // Years left from the start of the current fiscal year (0: replaced this year).
  remainingLife: number;
  cost: Total;
}

// Remaining life from the year placed in service: max(0, placed + useful life − current FY).
export const remainingFromPlaced = (placed: number, usefulLife: number, currentFy: number) =>
  Math.max(0, placed + usefulLife - currentFy);

// Effective age = useful life − remaining life, clamped to 0 … useful life.
export const effectiveAge = (usefulLife: number, remainingLife: number) =>
  Math.min(usefulLife, Math.max(0, usefulLife - remainingLife));

// Fully funded balance: cost × effective age ÷ useful life, half-up.
export function fullyFunded(c: LifeCycle): Total {
  return divHalfUp(
    c.cost * BigInt(effectiveAge(c.usefulLife, c.remainingLife)),
    BigInt(c.usefulLife),
  );
}

// The cost n years from now at an annual inflation rate: cost × (1 + bps/10000)^n, half-up once.
export function inflated(cost: Total, inflationBps: number, n: number): Total {
  const f = BPS + BigInt(inflationBps);
  return divHalfUp(cost * f ** BigInt(n), BPS ** BigInt(n));
}

// Remaining life at the start of projection year i (1 = the current fiscal year): counts down from
// the given remaining life; a component replaced in year i starts year i + 1 with useful life − 1
// years left (it served that year).
export function remainingAtStartOf(c: LifeCycle, i: number): number {
  const elapsed = i - 1;
  if (elapsed <= c.remainingLife) return c.remainingLife - elapsed;
  return c.usefulLife - 1 - ((elapsed - c.remainingLife - 1) % c.usefulLife);
}

// Replaced in year i: the first time at remaining life years after the current fiscal year
// (remaining 0 → year 1), then every useful life years.
export const replacedIn = (c: LifeCycle, i: number) =>
  i - 1 >= c.remainingLife && (i - 1 - c.remainingLife) % c.usefulLife === 0;

// Fully funded balance at the END of year i (the start of year i + 1), at year i + 1's inflated
// cost: what the closing balance of year i is measured against.
export function fullyFundedAtEndOf(c: LifeCycle, i: number, inflationBps: number): Total {
  const age = effectiveAge(c.usefulLife, remainingAtStartOf(c, i + 1));
  const f = BPS + BigInt(inflationBps);
  return divHalfUp(c.cost * f ** BigInt(i) * BigInt(age), BPS ** BigInt(i) * BigInt(c.usefulLife));
}

export interface ProjectionInput {
  firstFiscalYear: number;
  opening: Total;
  contribution: Total;
  inflationBps: number;
  interestBps: number;
  components: (LifeCycle & { id: string; name: string })[];
  years?: number;
}

export interface ProjectionYear {
  fiscalYear: number;
  opening: Total;
  contribution: Total;
  interest: Total;
  expenditures: Total;
  closing: Total;
  fullyFunded: Total;
  replacements: { componentId: string; name: string; cost: Total }[];
}

// The schedule of expenditures and fully funded balances does not depend on the contribution, so
// the goal searches compute it once and run only the balances for each contribution tried.
export interface Schedule {
  firstFiscalYear: number;
  expenditures: Total[];
  fullyFunded: Total[];
  replacements: ProjectionYear['replacements'][];
}

export function schedule(
  p: Omit<ProjectionInput, 'opening' | 'contribution' | 'interestBps'>,
): Schedule {
  const years = p.years ?? PROJECTION_YEARS;
  const out: Schedule = {
    firstFiscalYear: p.firstFiscalYear,
    expenditures: [],
    fullyFunded: [],
    replacements: [],
  };
  for (let i = 1; i <= years; i++) {
    const replacements = p.components
      .filter((c) => replacedIn(c, i))
      .map((c) => ({
        componentId: c.id,
        name: c.name,
        cost: inflated(c.cost, p.inflationBps, i - 1),
      }));
    out.replacements.push(replacements);
    out.expenditures.push(replacements.reduce((s, r) => s + r.cost, 0n));
    out.fullyFunded.push(
      p.components.reduce((s, c) => s + fullyFundedAtEndOf(c, i, p.inflationBps), 0n),
    );
  }
  return out;
}

// Interest = opening × rate, half-up; a year that opens below zero earns none.
export const interestOn = (opening: Total, interestBps: number): Total =>
  opening > 0n ? divHalfUp(opening * BigInt(interestBps), BPS) : 0n;

// Closing = opening + contribution + interest − expenditures, year after year.
export function closings(
  s: Schedule,
  opening: Total,
  contribution: Total,
  interestBps: number,
): ProjectionYear[] {
  const out: ProjectionYear[] = [];
  let balance = opening;
  s.expenditures.forEach((expenditures, k) => {
    const interest = interestOn(balance, interestBps);
    const closing = balance + contribution + interest - expenditures;
    out.push({
      fiscalYear: s.firstFiscalYear + k,
      opening: balance,
      contribution,
      interest,
      expenditures,
      closing,
      fullyFunded: s.fullyFunded[k],
      replacements: s.replacements[k],
    });
    balance = closing;
  });
  return out;
}

export function project(p: ProjectionInput): ProjectionYear[] {
  return closings(schedule(p), p.opening, p.contribution, p.interestBps);
}

// The least annual contribution (in cents) for which `ok` holds of the projection; `ok` must be
// monotone in the contribution (a larger contribution raises every closing). `hi` must satisfy it.
function least(hi: Total, ok: (c: Total) => boolean): Total {
  let lo = 0n;
  if (ok(lo)) return lo;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (ok(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

export interface Goals {
  // Every closing ≥ the floor.
  threshold: Total;
  // Every closing ≥ 0 and the last closing ≥ the last year's fully funded balance.
  fullFunding: Total;
}

export function fundingGoals(
  s: Schedule,
  opening: Total,
  interestBps: number,
  floor: Total,
): Goals {
  const n = s.expenditures.length;
  const spent = s.expenditures.reduce((a, b) => a + b, 0n);
  const lastFfb = n ? s.fullyFunded[n - 1] : 0n;
  const deficit = opening < 0n ? -opening : 0n;
  // With this much each year even year 1 closes at opening + hi − everything ever spent, which
  // is at least the floor and the last fully funded balance.
  const hi = spent + (floor > lastFfb ? floor : lastFfb) + deficit + 1n;
  const run = (c: Total) => closings(s, opening, c, interestBps);
  return {
    threshold: least(hi, (c) => run(c).every((y) => y.closing >= floor)),
    fullFunding: least(hi, (c) => {
      const years = run(c);
      return years.every((y) => y.closing >= 0n) && (!n || years[n - 1].closing >= lastFfb);
    }),
  };
}

// Percent funded as a decimal string with one decimal ("61.4"), half-up; null without a fully
// funded balance. Bands: WEAK below 30, FAIR from 30 below 70, STRONG from 70.
export function percentOf(
  balance: Total,
  ffb: Total,
): { percent: string | null; tenths: bigint | null } {
  if (ffb <= 0n) return { percent: null, tenths: null };
  const tenths = divHalfUp(balance * 1000n, ffb);
  const neg = tenths < 0n;
  const abs = neg ? -tenths : tenths;
  return { percent: `${neg ? '-' : ''}${abs / 10n}.${abs % 10n}`, tenths };
}

export type Band = 'WEAK' | 'FAIR' | 'STRONG';
export const bandOf = (tenths: bigint): Band =>
  tenths < 300n ? 'WEAK' : tenths < 700n ? 'FAIR' : 'STRONG';
