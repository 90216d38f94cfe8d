import { Field, ID, Int, InterfaceType, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { FundType } from '../accounts/index.js';
import { AgingBuckets } from '../invoices/index.js';
import { BudgetVsActualFigures } from '../reports/index.js';

// ---------------------------------------------------------------------------------------------
// Cash

@ObjectType({ description: 'A point of the cash trend' })
export class DashboardCashPoint {
  @Field(() => LocalDateScalar, {
    description:
      "The month's last day; for the month of asOf, asOf itself (the month so far), so the last point is the balance on asOf",
  })
  date: string;

  @Field(() => MoneyScalar)
  balance: Total;
}

@ObjectType({ description: 'A cash account and its balance on the dashboard date' })
export class DashboardCashAccount {
  @Field(() => ID)
  accountId: string;

  @Field(() => String)
  number: string;

  @Field(() => String)
  name: string;

  @Field(() => Boolean, { description: 'Archived accounts appear only while they hold a balance' })
  archived: boolean;

  @Field(() => MoneyScalar)
  balance: Total;
}

@ObjectType({ description: "One fund's cash: its balance, its trend and its accounts" })
export class DashboardCashFund {
  @Field(() => FundType)
  fundType: FundType;

  @Field(() => MoneyScalar, { description: 'Cash of the fund on the dashboard date' })
  balance: Total;

  @Field(() => [DashboardCashPoint], {
    description:
      'Twelve points, oldest first: the ends of the eleven months before the month of asOf, then asOf',
  })
  trend: DashboardCashPoint[];

  @Field(() => [DashboardCashAccount], {
    description:
      "The fund's cash accounts by number: every one that is not archived, and archived ones with a balance",
  })
  accounts: DashboardCashAccount[];
}

@ObjectType({
  description:
    'Cash by fund. Cash accounts are the asset accounts that are not control accounts (receivable, interfund, and those later subledgers such as investments register): the money in the bank. Read from the monthly totals: O(accounts × months)',
})
export class DashboardCash {
  @Field(() => MoneyScalar, { description: 'Both funds together' })
  total: Total;

  @Field(() => [DashboardCashFund], { description: 'OPERATING, then RESERVE (both, always)' })
  funds: DashboardCashFund[];
}

// ---------------------------------------------------------------------------------------------
// Income and expense

// Income, expense and net against budget: the association's and each fund's (an interface, so a
// client reads the three with one fragment).
@InterfaceType({ description: 'Income, expense and net against budget, transfers left out' })
export abstract class IncomeExpenseNet {
  @Field(() => BudgetVsActualFigures, { description: 'Transfer accounts left out' })
  income: BudgetVsActualFigures;

  @Field(() => BudgetVsActualFigures, { description: 'Transfer accounts left out' })
  expense: BudgetVsActualFigures;

  @Field(() => BudgetVsActualFigures, {
    description: 'Income minus expense, before transfers between funds',
  })
  net: BudgetVsActualFigures;
}

@ObjectType({
  implements: IncomeExpenseNet,
  description: "One fund's income, expense and net, year to date, against budget",
})
export class DashboardFundIncomeExpense extends IncomeExpenseNet {
  @Field(() => FundType)
  fundType: FundType;

  @Field(() => BudgetVsActualFigures, {
    description:
      'Transfers between funds: into the fund less out of it (its transfer accounts), as Budget vs Actual of the fund shows them',
  })
  transfers: BudgetVsActualFigures;
}

@ObjectType({
  implements: IncomeExpenseNet,
  description:
    'Income and expense of the fiscal year to date against budget: the figures of budgetVsActual(year, yearToDate: true) through the month of asOf, exactly',
})
export class DashboardIncomeExpense extends IncomeExpenseNet {
  @Field(() => Int, { description: 'The fiscal year, named by the calendar year it ends in' })
  year: number;

  @Field(() => Int, { description: 'First month (1 to 12) of the fiscal year' })
  fiscalYearStartMonth: number;

  @Field(() => Int, { description: 'Last month of the period (a calendar month, 1 to 12)' })
  toMonth: number;

  @Field(() => LocalDateScalar, { description: 'First day of the fiscal year' })
  from: string;

  @Field(() => LocalDateScalar, { description: 'Last day of the month of asOf' })
  to: string;

  @Field(() => [DashboardFundIncomeExpense], { description: 'OPERATING, then RESERVE' })
  funds: DashboardFundIncomeExpense[];
}

// ---------------------------------------------------------------------------------------------
// Receivables

@ObjectType({
  description:
    'Delinquent units by the aging bucket of their oldest past-due amount (each unit counted once; the counts add up to delinquentUnits)',
})
export class DashboardDelinquency {
  @Field(() => Int)
  days1to30: number;

  @Field(() => Int)
  days31to60: number;

  @Field(() => Int)
  days61to90: number;

  @Field(() => Int)
  over90: number;
}

@ObjectType({ description: 'Receivables on the dashboard date, as the aging report shows them' })
export class DashboardReceivables {
  @Field(() => MoneyScalar, {
    description: 'What owners owe: the aging report total (ties to the receivable account)',
  })
  outstanding: Total;

  @Field(() => MoneyScalar, { description: 'The part of outstanding past its due date' })
  pastDue: Total;

  @Field(() => AgingBuckets, { description: "The aging report's totals" })
  buckets: AgingBuckets;

  @Field(() => Int, { description: 'Units that owe anything' })
  unitsOwing: number;

  @Field(() => Int, {
    description:
      'Delinquent units: units with an amount at least one day past its due date (any aging bucket after current)',
  })
  delinquentUnits: number;

  @Field(() => DashboardDelinquency)
  delinquentByBucket: DashboardDelinquency;

  @Field(() => Boolean, {
    description:
      'The association has issued an invoice or recorded a payment (false: no billing yet)',
  })
  billing: boolean;
}

// ---------------------------------------------------------------------------------------------
// What needs attention

export enum DashboardAttentionKind {
  MONTHLY_ACTUALS_MISSING = 'monthly_actuals_missing',
  LATE_FEES_NOT_ASSESSED = 'late_fees_not_assessed',
  NEGATIVE_CASH = 'negative_cash',
  BANK_NOT_RECONCILED = 'bank_not_reconciled',
  MONTH_NOT_CLOSED = 'month_not_closed',
}
registerEnumType(DashboardAttentionKind, {
  name: 'DashboardAttentionKind',
  valuesConfig: {
    MONTHLY_ACTUALS_MISSING: {
      description:
        'Closed months with no Monthly Actuals saved, in an association that keeps them (one saved month in the last twelve)',
    },
    LATE_FEES_NOT_ASSESSED: {
      description:
        'Invoices past due plus their group’s grace days, under a late-fee policy, with no late fee for the month of asOf',
    },
    NEGATIVE_CASH: { description: 'Cash accounts (see DashboardCash) with a balance below zero' },
    BANK_NOT_RECONCILED: {
      description:
        'Bank accounts not reconciled through the last closed month, or with statement lines unmatched for more than 30 days',
    },
    MONTH_NOT_CLOSED: {
      description:
        'Months that have ended and are still open, in an association that closes its books (it has closed one before)',
    },
  },
});

@ObjectType({ description: 'A key and value of a route hint' })
export class DashboardRouteParam {
  @Field(() => String)
  key: string;

  @Field(() => String)
  value: string;
}

@ObjectType({
  description:
    "Where the web app fixes an item: its route name, path params and query (the page's filter)",
})
export class DashboardRoute {
  @Field(() => String, { description: 'E.g. "late-fees", "account-ledger", "monthly-actuals"' })
  name: string;

  @Field(() => [DashboardRouteParam])
  params: DashboardRouteParam[];

  @Field(() => [DashboardRouteParam])
  query: DashboardRouteParam[];
}

@ObjectType({ description: 'Something that needs the treasurer' })
export class DashboardAttentionItem {
  @Field(() => DashboardAttentionKind)
  kind: DashboardAttentionKind;

  @Field(() => String, { description: 'One short line, e.g. "Late fees not assessed"' })
  title: string;

  @Field(() => String, { description: 'What and how many, in a sentence' })
  detail: string;

  @Field(() => Int, { description: 'How many months, invoices or accounts' })
  count: number;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: 'The amount at stake, when there is one (fees to assess, cash below zero)',
  })
  amount: Total | null;

  @Field(() => DashboardRoute)
  route: DashboardRoute;
}

// ---------------------------------------------------------------------------------------------
// The dashboard

@ObjectType({
  description:
    'The page after sign-in: one tile per field, each resolved only when asked for, so a query for one tile pays for that tile alone. Modules still to come (investments maturing, capital projects of the year, the onboarding checklist) add their tiles as new fields here',
})
export class Dashboard {
  @Field(() => LocalDateScalar, {
    description: "The date the tiles are read on (the association's today unless asked)",
  })
  asOf: string;

  @Field(() => Int, { description: 'The fiscal year asOf falls in' })
  fiscalYear: number;

  // Not in the schema: the tiles' shared reads for this request (the cash balances serve the cash
  // tile and the negative-cash attention item alike).
  reads: Map<string, Promise<unknown>>;
}
