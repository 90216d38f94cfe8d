import { recordPlannerRecommendation, setPlanningRates } from '../../modules/ai-planning/index.js';
import { InvestmentKind } from '../../modules/investments/index.js';
import type { DemoBooks } from './demo-books.js';

// Maple Ridge's investment planning: the rate table kept to the quotes of the banks it already
// uses (and TreasuryDirect), and one recommendation the treasurer asked for, made by the planner
// from the finished books (the log's first entry; no AI provider in the demo).

const { CD, TREASURY, MONEY_MARKET, SAVINGS } = InvestmentKind;
const RATES: [InvestmentKind, number | null, string, string][] = [
  [CD, 3, '4.05', 'First Federal Savings'],
  [CD, 6, '4.15', 'First Federal Savings'],
  [CD, 6, '4.25', 'Lakeshore Federal Credit Union'],
  [CD, 12, '4.10', 'Keystone Community Bank'],
  [CD, 12, '4.05', 'Lakeshore Federal Credit Union'],
  [CD, 18, '3.95', 'Keystone Community Bank'],
  [CD, 24, '3.85', 'First Federal Savings'],
  [TREASURY, 3, '4.12', 'TreasuryDirect'],
  [TREASURY, 6, '4.05', 'TreasuryDirect'],
  [TREASURY, 12, '3.92', 'TreasuryDirect'],
  [TREASURY, 24, '3.80', 'TreasuryDirect'],
  [MONEY_MARKET, null, '3.55', 'First Federal Savings'],
  [SAVINGS, null, '0.40', 'Keystone Community Bank'],
];

export async function mapleRidgePlanning(b: DemoBooks): Promise<void> {
  await setPlanningRates(
    b.em,
    b.actor,
    RATES.map(([kind, termMonths, apy, institution]) => ({ kind, termMonths, apy, institution })),
  );
  await recordPlannerRecommendation(
    b.em,
    {
      cal: { today: b.today, fiscalYearStartMonth: b.profile.fiscalYearStartMonth },
      timeZone: b.org.timeZone,
      association: b.org.name,
    },
    { userId: b.actor?.userId ?? null, email: null },
  );
}
