import { describe, expect, it } from 'vitest';
import { FundType } from '../accounts/index.js';
import { Compounding, interestFor, InvestmentKind } from '../investments/index.js';
import {
  HealthGrade,
  plan,
  type PlannerInputs,
  RecommendationPriority,
  RecommendationType,
  trimApy,
} from './ai-planning.planner.js';

const $ = (dollars: number) => BigInt(dollars) * 100n;
const months = [
  '2026-11',
  '2026-12',
  '2027-01',
  '2027-02',
  '2027-03',
  '2027-04',
  '2027-05',
  '2027-06',
  '2027-07',
  '2027-08',
  '2027-09',
  '2027-10',
];
const flat = (n: number) => months.map(() => $(n));

// Hand-built books; every figure below is worked out by hand in the comments.
function books(): PlannerInputs {
  return {
    asOf: '2026-11-25',
    months,
    funds: [
      {
        // $10,000 a month of expenses: cushion $30,000, floor $30,000 (no capital work).
        // Cash $100,000; the forecast dips to $60,000 in March 2027.
        fund: FundType.OPERATING,
        cash: $(100_000),
        closings: [100, 100, 100, 100, 60, 100, 100, 100, 100, 100, 100, 100].map((k) =>
          $(k * 1000),
        ),
        expenses: flat(10_000),
        capital: flat(0),
      },
      {
        // No expenses: cushion 0; $150,000 of capital work in May 2027: floor $150,000. A CD of
        // $20,000 comes back in January 2027.
        fund: FundType.RESERVE,
        cash: $(200_000),
        closings: [205, 210, 235, 240, 245, 250, 105, 110, 115, 120, 125, 130].map((k) =>
          $(k * 1000),
        ),
        expenses: flat(0),
        capital: [0, 0, 0, 0, 0, 0, 150_000, 0, 0, 0, 0, 0].map($),
      },
    ],
    holdings: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        fund: FundType.RESERVE,
        kind: InvestmentKind.CD,
        institution: 'Bank A',
        value: $(19_500),
        proceeds: $(20_000),
        apy: '3.500',
        maturityDate: '2027-01-15',
      },
      {
        id: '00000000-0000-4000-8000-000000000002',
        fund: FundType.RESERVE,
        kind: InvestmentKind.CD,
        institution: 'Bank B',
        value: $(240_000),
        proceeds: $(260_000),
        apy: '4.000',
        maturityDate: '2028-06-30',
      },
      {
        id: '00000000-0000-4000-8000-000000000003',
        fund: FundType.OPERATING,
        kind: InvestmentKind.SAVINGS,
        institution: 'Bank C',
        value: $(30_000),
        proceeds: $(30_000),
        apy: '0.450',
        maturityDate: null,
      },
    ],
    rates: [
      { kind: InvestmentKind.CD, termMonths: 3, apy: '4.000', institution: 'Bank A' },
      { kind: InvestmentKind.CD, termMonths: 6, apy: '4.200', institution: 'Bank A' },
      { kind: InvestmentKind.CD, termMonths: 12, apy: '4.100', institution: 'Bank B' },
      { kind: InvestmentKind.TREASURY, termMonths: 12, apy: '3.950', institution: null },
      { kind: InvestmentKind.CD, termMonths: 36, apy: '4.500', institution: 'Bank A' },
      { kind: InvestmentKind.MONEY_MARKET, termMonths: null, apy: '3.600', institution: null },
    ],
    ratesUpdatedOn: '2026-11-01',
    collectionRate: '93.0',
    percentFunded: '62.4',
  };
}

describe('the investment planner', () => {
  const p = plan(books());
  const byType = (t: RecommendationType, fund: FundType | null = null) =>
    p.recommendations.filter((r) => r.type === t && (fund === null || r.fund === fund));

  it('works out each fund’s floor, cushion and cash above the floor', () => {
    const [op, res] = p.funds;
    expect(op).toMatchObject({
      monthlyExpenses: $(10_000),
      cushion: $(30_000),
      capitalNext12: 0n,
      floor: $(30_000),
      aboveFloor: $(70_000),
      lowest: $(60_000),
      lowestMonth: '2027-03',
    });
    expect(res).toMatchObject({
      monthlyExpenses: 0n,
      cushion: 0n,
      capitalNext12: $(150_000),
      floor: $(150_000),
      aboveFloor: $(50_000),
      lowest: $(105_000),
      lowestMonth: '2027-05',
    });
  });

  it('ladders operating cash to the forecast: money needed in March goes for 3 months only', () => {
    // investable(3) = min(70k, 100k − 30k) = 70k; investable(6) = investable(12) = 60k − 30k =
    // 30k. The 30k that can stay out a year is split over the 6- and 12-month rungs (15k each);
    // the other 40k comes back before March in a 3-month CD.
    const [ladder] = byType(RecommendationType.CD_LADDER, FundType.OPERATING);
    expect(ladder.priority).toBe(RecommendationPriority.HIGH);
    expect(ladder.suggestedAmount).toBe($(70_000));
    expect(ladder.rungs.map((r) => [r.termMonths, r.amount, r.apy, r.institution, r.kind])).toEqual(
      [
        [3, $(40_000), '4.000', 'Bank A', InvestmentKind.CD],
        [6, $(15_000), '4.200', 'Bank A', InvestmentKind.CD],
        // Bank B already holds $240,000: $15,000 more would pass the FDIC limit, so the treasury.
        [12, $(15_000), '3.950', null, InvestmentKind.TREASURY],
      ],
    );
    expect(ladder.rungs.map((r) => r.maturityMonth)).toEqual(['2027-02', '2027-05', '2027-11']);
    // Interest as the Investments page computes it, over the days of each term.
    expect(ladder.rungs[0].interest).toBe(interestFor($(40_000), '4.000', 92, Compounding.MONTHLY));
    expect(p.funds[0].toInvest).toBe($(70_000));
  });

  it('keeps reserve money out only until the capital work, and never past 24 months', () => {
    // Floor 150k: 50k above it; the forecast never dips below 85k after the roll-over, so all 50k
    // can stay out a year: 25k at 6 months, 25k at 12 (the 36-month rate is past the horizon).
    const [ladder] = byType(RecommendationType.CD_LADDER, FundType.RESERVE);
    expect(ladder.rungs.map((r) => [r.termMonths, r.amount, r.institution])).toEqual([
      [6, $(25_000), 'Bank A'],
      [12, $(25_000), null],
    ]);
    expect(p.toInvest).toBe($(120_000));
    expect(p.estimatedInterest).toBe(
      p.recommendations.flatMap((r) => r.rungs).reduce((s, r) => s + r.interest, 0n),
    );
  });

  it('rolls a maturing CD over when the fund can do without it for the term', () => {
    const [m] = byType(RecommendationType.MATURITY_ACTION);
    expect(m).toMatchObject({
      fund: FundType.RESERVE,
      priority: RecommendationPriority.MEDIUM,
      suggestedAmount: $(20_000),
      termMonths: 6,
      apy: '4.200',
      investmentId: '00000000-0000-4000-8000-000000000001',
    });
    expect(m.title).toContain('Roll over');
  });

  it('suggests moving low-yield savings and says where the rates come from', () => {
    const [r] = byType(RecommendationType.REALLOCATION);
    expect(r).toMatchObject({ fund: FundType.OPERATING, suggestedAmount: $(30_000), apy: '4.200' });
    const [g] = byType(RecommendationType.GENERAL);
    expect(g.summary).toContain('last changed on Nov 1, 2026');
    expect(g.summary).toContain('no live market feed');
    expect(p.riskNotes.some((n) => n.includes('93.0 %'))).toBe(true);
  });

  it('orders by priority and numbers r1, r2, …', () => {
    expect(p.recommendations.map((r) => [r.id, r.type, r.fund])).toEqual([
      ['r1', RecommendationType.CD_LADDER, FundType.OPERATING],
      ['r2', RecommendationType.CD_LADDER, FundType.RESERVE],
      ['r3', RecommendationType.MATURITY_ACTION, FundType.RESERVE],
      ['r4', RecommendationType.REALLOCATION, FundType.OPERATING],
      ['r5', RecommendationType.GENERAL, null],
    ]);
  });

  it('scores fund health by the formula on the page', () => {
    const [op, res] = p.health;
    // Operating: $100,000 ÷ $10,000 = 10.0 months → 70 (capped at 6); flat over 12 months → 30.
    expect(op).toMatchObject({
      liquidityMonths: '10.0',
      basePoints: 70,
      trendPoints: 30,
      score: 100,
    });
    expect(op.grade).toBe(HealthGrade.STRONG);
    // Reserve: 70 × 62.4 % = 43.68 → 44; down $70,000 in a year but never below zero → 15.
    expect(res).toMatchObject({
      percentFunded: '62.4',
      basePoints: 44,
      trendPoints: 15,
      score: 59,
    });
    expect(res.trend).toBe(-$(70_000));
    expect(res.grade).toBe(HealthGrade.WEAK);
  });

  it('warns instead of investing when a fund is short', () => {
    const b = books();
    // Cash $20,000 against a $30,000 floor; the forecast falls to $5,000: $25,000 short of the
    // cushion.
    b.funds[0].cash = $(20_000);
    b.funds[0].closings = [20, 15, 10, 5, 10, 15, 20, 20, 20, 20, 20, 20].map((k) => $(k * 1000));
    const q = plan(b);
    const [w] = q.recommendations;
    expect(w).toMatchObject({
      type: RecommendationType.LIQUIDITY_WARNING,
      priority: RecommendationPriority.HIGH,
      fund: FundType.OPERATING,
      suggestedAmount: $(25_000),
    });
    expect(
      q.recommendations.filter(
        (r) => r.fund === FundType.OPERATING && r.type === RecommendationType.CD_LADDER,
      ),
    ).toEqual([]);
    expect(q.recommendations.some((r) => r.type === RecommendationType.REALLOCATION)).toBe(false);
    // 2.0 months of expenses → 70 × 2.0 ÷ 6 = 23.3 → 23; flat year (20k → 20k) → 30.
    expect(q.health[0]).toMatchObject({ liquidityMonths: '2.0', score: 53 });
  });

  it('has nothing to invest when the rate table has no terms', () => {
    const b = books();
    b.rates = [];
    const q = plan(b);
    expect(q.toInvest).toBe(0n);
    expect(q.riskNotes.some((n) => n.includes('no CD or treasury terms'))).toBe(true);
  });

  it("writes every date in the locale's medium format, never ISO", () => {
    const prose = (q: ReturnType<typeof plan>) => [
      q.overall,
      ...q.riskNotes,
      ...q.recommendations.flatMap((r) => [r.title, r.summary, r.details]),
    ];
    const [m] = byType(RecommendationType.MATURITY_ACTION);
    expect(m.summary).toContain('matures on Jan 15, 2027');
    expect(p.overall.startsWith('On Nov 25, 2026 ')).toBe(true);
    // The month the ladder's rungs come back and the lowest point, in words.
    expect(byType(RecommendationType.CD_LADDER, FundType.RESERVE)[0].details).toMatch(
      /in May 2027\./,
    );
    const b = books();
    // An overdue maturity is dated too.
    b.holdings[0].maturityDate = '2026-11-02';
    const gb = plan(b, { locale: 'en-GB' });
    expect(gb.overall.startsWith('On 25 Nov 2026 ')).toBe(true);
    expect(
      gb.recommendations.find((r) => r.type === RecommendationType.MATURITY_ACTION)!.summary,
    ).toContain('matured on 2 Nov 2026');
    for (const q of [p, gb, plan(b, { locale: 'not a locale' })]) {
      for (const text of prose(q)) expect(text).not.toMatch(/\d{4}-\d{2}/);
    }
  });

  it('gives no score where there is nothing to measure, and says why', () => {
    const b = books();
    // No budget: no operating expenses in the forecast; cash and a flat trend would have made
    // 70 + 30 = 100 "Strong".
    b.funds[0].expenses = flat(0);
    b.funds[0].closings = flat(100_000);
    b.percentFunded = null;
    const [op, res] = plan(b).health;
    expect(op).toMatchObject({
      score: null,
      grade: HealthGrade.UNKNOWN,
      basePoints: null,
      liquidityMonths: null,
    });
    expect(op.explanation).toMatch(/^No budgeted operating expenses/);
    expect(res).toMatchObject({ score: null, grade: HealthGrade.UNKNOWN, basePoints: null });
    expect(res.explanation).toMatch(/^No reserve study yet/);
    // Whatever the cash: an overdrawn fund without a budget is not scored 0 either.
    b.funds[0].cash = -$(5_000);
    expect(plan(b).health[0].score).toBeNull();
  });

  it('quotes rates as banks do', () => {
    expect([trimApy('4.100'), trimApy('4.125'), trimApy('4.000'), trimApy('0.450')]).toEqual([
      '4.10',
      '4.125',
      '4.00',
      '0.45',
    ]);
  });
});
