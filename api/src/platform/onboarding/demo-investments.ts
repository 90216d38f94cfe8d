import { daysBetween, addMonths } from '../../core/dates.js';
import { AccountType, createAccount, FundType } from '../../modules/accounts/index.js';
import {
  Compounding,
  interestFor,
  InvestmentKind,
  matureInvestment,
  purchaseInvestment,
  recordInvestmentInterest,
} from '../../modules/investments/index.js';
import { $, type DemoBooks, dayOf } from './demo-books.js';

// Maple Ridge's CD ladder: four CDs bought from the reserve fund's money market (1510) into an
// account of their own, 1620 Reserve CDs (a control account kept by investments), through the
// investments service, so each purchase, interest credit and rollover is one entry the ledger
// owns. Dates count back from today, so the ladder reads the same whenever the demo is built:
// one CD matured five months ago and was rolled over for 18 months, one matures within 90 days,
// one is a two-year CD with its first half-year's interest reinvested. Nothing posts in the
// months whose statements went through Monthly Actuals.

export async function mapleRidgeInvestments(b: DemoBooks): Promise<void> {
  const { em, actor } = b;
  const today = b.today;
  const holding = await createAccount(
    em,
    {
      number: '1620',
      name: 'Reserve CDs',
      type: AccountType.ASSET,
      fundType: FundType.RESERVE,
      description: 'Certificates of deposit bought with reserve funds (kept by Investments)',
    },
    actor,
  );
  const cash = b.account('1510');
  const buy = (
    institution: string,
    principal: number,
    apy: string,
    months: number,
    date: string,
    notes?: string,
  ) =>
    purchaseInvestment(em, actor, today, {
      kind: InvestmentKind.CD,
      institution,
      accountId: holding.id,
      cashAccountId: cash,
      principal: $(principal),
      apy,
      purchaseDate: date,
      maturityDate: addMonths(date, months),
      compounding: Compounding.MONTHLY,
      notes,
    });

  // Bought 17 months ago for a year; at maturity the proceeds were rolled over for 18 months.
  const first = await buy('First Federal Savings', 50_000, '4.20', 12, dayOf(b.month(-17), 12));
  await matureInvestment(em, actor, today, first.id, {
    rollover: {
      apy: '4.45',
      maturityDate: addMonths(first.maturityDate!, 18),
      notes: 'Renewed at maturity for 18 months',
    },
  });

  // A two-year CD with its first six months' interest credited and reinvested.
  const bought = dayOf(b.month(-11), 5);
  const twoYear = await buy('Keystone Community Bank', 60_000, '4.60', 24, bought);
  const credited = addMonths(bought, 6);
  const earned = interestFor(
    twoYear.principal,
    twoYear.apy,
    daysBetween(bought, credited),
    Compounding.MONTHLY,
  );
  await recordInvestmentInterest(em, actor, today, twoYear.id, {
    date: credited,
    amount: Number(earned),
    reinvested: true,
  });

  await buy('Lakeshore Federal Credit Union', 25_000, '4.35', 12, dayOf(b.month(-8), 15));
  // Six months, maturing within the next 90 days: the dashboard's tile shows it.
  await buy(
    'Summit National Bank',
    40_000,
    '3.90',
    6,
    dayOf(b.month(-4), 20),
    'Promotional rate for a six-month term',
  );
}
