import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { AccountType, FundType } from '../accounts/index.js';
import { Vendor } from '../vendors/index.js';

// ---------------------------------------------------------------------------------------------
// Balance sheet (statement of financial position), fund-accounting layout

export enum BalanceSheetLineKind {
  ACCOUNT = 'account',
  PRIOR_YEARS_NET_INCOME = 'prior_years_net_income',
  CURRENT_YEAR_NET_INCOME = 'current_year_net_income',
}
registerEnumType(BalanceSheetLineKind, {
  name: 'BalanceSheetLineKind',
  description:
    'An account, or one of the two computed fund-balance lines: income less expenses of the fiscal years before the one the date is in (books without closing entries keep it in the income and expense accounts), and of that fiscal year through the date',
});

@ObjectType({
  description:
    'Figures of one balance-sheet line or total: the date’s, by fund and combined, and the prior fiscal year-end’s',
})
export class BalanceSheetFigures {
  @Field(() => MoneyScalar)
  operating: Total;

  @Field(() => MoneyScalar)
  reserve: Total;

  @Field(() => MoneyScalar, {
    description:
      'Both funds combined. Interfund balances (Due from / Due to between the funds) are 0 here: the operating fund’s receivable and the reserve fund’s payable mirror each other and cancel when the funds are combined',
  })
  total: Total;

  @Field(() => MoneyScalar, { description: 'The combined figure at the prior fiscal year-end' })
  priorYearEnd: Total;

  @Field(() => MoneyScalar)
  priorYearEndOperating: Total;

  @Field(() => MoneyScalar)
  priorYearEndReserve: Total;
}

@ObjectType({ description: 'One line of the balance sheet, in its section’s normal direction' })
export class BalanceSheetLine extends BalanceSheetFigures {
  @Field(() => BalanceSheetLineKind)
  kind: BalanceSheetLineKind;

  @Field(() => ID, { nullable: true, description: 'Null on the computed net-income lines' })
  accountId: string | null;

  @Field(() => String, { nullable: true })
  number: string | null;

  @Field(() => String)
  name: string;

  @Field(() => Boolean)
  archived: boolean;

  @Field(() => Boolean, {
    description:
      'An interfund account (Due from Reserve Fund, Due to Operating Fund): shown in its fund, eliminated (0) in the combined columns',
  })
  interfund: boolean;
}

@ObjectType()
export class BalanceSheetSection {
  @Field(() => [BalanceSheetLine], {
    description: 'Accounts by number (those with a balance on either date), then computed lines',
  })
  lines: BalanceSheetLine[];

  @Field(() => BalanceSheetFigures)
  total: BalanceSheetFigures;
}

@ObjectType({
  description:
    'Balance sheet as of a date by fund (operating, reserve, combined) beside the prior fiscal year-end. Balances count in the fund (and type) each posting was made in. In each fund, assets = liabilities + fund balance',
})
export class BalanceSheet {
  @Field(() => LocalDateScalar)
  asOf: string;

  @Field(() => Int, {
    description: 'The fiscal year the date is in (named by the year it ends in)',
  })
  fiscalYear: number;

  @Field(() => LocalDateScalar, { description: 'First day of that fiscal year' })
  fiscalYearStart: string;

  @Field(() => LocalDateScalar, { description: 'Last day of the fiscal year before it' })
  priorYearEnd: string;

  @Field(() => BalanceSheetSection)
  assets: BalanceSheetSection;

  @Field(() => BalanceSheetSection)
  liabilities: BalanceSheetSection;

  @Field(() => BalanceSheetSection, {
    description:
      'Equity accounts, then the net income of earlier fiscal years (when not closed to fund balance) and the current fiscal year’s net income to date',
  })
  fundBalance: BalanceSheetSection;

  @Field(() => BalanceSheetFigures, { description: 'Liabilities plus fund balance' })
  liabilitiesAndFundBalance: BalanceSheetFigures;
}

// ---------------------------------------------------------------------------------------------
// Income statement (statement of revenues and expenses). The shape is a contract other reports
// are compared with (the income and expense flow's test): change it only together with them.

const BUDGET_RULE =
  'Budgets are kept by fiscal month: the budget of every calendar month the period touches, a month covered only in part counting whole (as Budget vs Actual counts the month it runs through). Null when some fiscal year with such a month has no saved budget';

@ObjectType()
export class IncomeStatementLine {
  @Field(() => ID)
  accountId: string;

  @Field(() => String)
  number: string;

  @Field(() => String)
  name: string;

  @Field(() => AccountType, { description: 'INCOME or EXPENSE, as the postings were made' })
  type: AccountType;

  @Field(() => FundType, { description: 'The fund the postings were made in' })
  fundType: FundType;

  @Field(() => Boolean, {
    description:
      'An interfund transfer account: shown under transfers between funds (INCOME: into its fund, EXPENSE: out of it), outside the income and expense totals',
  })
  transfer: boolean;

  @Field(() => MoneyScalar, {
    description:
      'Postings dated in the period, in the natural direction: credits less debits for income, debits less credits for expenses',
  })
  actual: Total;

  @Field(() => MoneyScalar, { nullable: true, description: BUDGET_RULE })
  budget: Total | null;

  @Field(() => MoneyScalar, { description: 'The same figure for the period one year earlier' })
  priorYear: Total;
}

@ObjectType()
export class StatementFigures {
  @Field(() => MoneyScalar)
  actual: Total;

  @Field(() => MoneyScalar, { nullable: true, description: BUDGET_RULE })
  budget: Total | null;

  @Field(() => MoneyScalar)
  priorYear: Total;
}

@ObjectType()
export class IncomeStatementTotals {
  @Field(() => FundType, { nullable: true, description: 'Null on the total of both funds' })
  fundType: FundType | null;

  @Field(() => StatementFigures, { description: 'Income accounts, transfer accounts left out' })
  income: StatementFigures;

  @Field(() => StatementFigures, { description: 'Expense accounts, transfer accounts left out' })
  expenses: StatementFigures;

  @Field(() => StatementFigures, {
    description:
      'Excess of income over expenses: income less expenses, before transfers between funds',
  })
  net: StatementFigures;

  @Field(() => StatementFigures, {
    description: 'Transfers into the fund: its income-type transfer accounts',
  })
  transfersIn: StatementFigures;

  @Field(() => StatementFigures, {
    description: 'Transfers out of the fund: its expense-type transfer accounts',
  })
  transfersOut: StatementFigures;

  @Field(() => StatementFigures, {
    description:
      'Transfers in less transfers out. On the total of both funds 0 when both sides of every transfer are marked as transfer accounts',
  })
  netTransfers: StatementFigures;

  @Field(() => StatementFigures, {
    description:
      "Change in fund balance: the excess of income over expenses plus net transfers (the balance sheet's net income of the period)",
  })
  changeInFundBalance: StatementFigures;
}

@ObjectType({
  description:
    'Statement of revenues and expenses for a period (both ends included) by fund, with the budget and the same period one year earlier',
})
export class IncomeStatement {
  @Field(() => LocalDateScalar)
  from: string;

  @Field(() => LocalDateScalar)
  to: string;

  @Field(() => LocalDateScalar, {
    description:
      'The same period one year earlier (a month-end maps to the month-end: Feb 28 → Feb 29 in a leap year)',
  })
  priorFrom: string;

  @Field(() => LocalDateScalar)
  priorTo: string;

  @Field(() => [IncomeStatementLine], {
    description:
      'Every income and expense account with postings in either period or a budget, by fund (operating first), then the ordinary accounts before the transfer accounts, type (income first) and number',
  })
  lines: IncomeStatementLine[];

  @Field(() => [IncomeStatementTotals], { description: 'OPERATING then RESERVE' })
  funds: IncomeStatementTotals[];

  @Field(() => IncomeStatementTotals, { description: 'Both funds' })
  total: IncomeStatementTotals;
}

// ---------------------------------------------------------------------------------------------
// 1099 report

@ObjectType()
export class Vendor1099Row {
  @Field(() => Vendor)
  vendor: Vendor;

  @Field(() => MoneyScalar, {
    description:
      'Paid in the calendar year, as Box 1 of the 1099-NEC reports it (tax1099Year’s `reportable`): bill payments dated in the year (not void, card payments left out) and, outside payables, the vendor-spend rule: debits less credits to expense accounts on entries naming the vendor, dated in the year (reversals net out)',
  })
  paid: Total;

  @Field(() => Int, {
    description:
      'Bill payments and entries outside payables naming the vendor in the year (reversals included)',
  })
  entryCount: number;

  @Field(() => Boolean, { description: 'Paid at least the filing threshold' })
  overThreshold: boolean;

  // Resolved by Vendor1099RowResolver.taxId: organization admins only (permission field rule).
  vendorId: string;
}

@ObjectType({
  description:
    'Vendors flagged for Form 1099 (active or not) with what they were paid in a calendar year, against the year’s filing threshold',
})
export class Vendor1099Report {
  @Field(() => Int)
  year: number;

  @Field(() => LocalDateScalar)
  from: string;

  @Field(() => LocalDateScalar)
  to: string;

  @Field(() => MoneyScalar, {
    description:
      'Form 1099-NEC filing threshold for payments made in the year: $600 through 2025, $2,000 from 2026 (One Big Beautiful Bill Act, 2025)',
  })
  threshold: Total;

  @Field(() => [Vendor1099Row], { description: 'By vendor name' })
  rows: Vendor1099Row[];

  @Field(() => MoneyScalar)
  totalPaid: Total;

  @Field(() => Int, { description: 'Vendors paid at least the threshold' })
  overThresholdCount: number;
}
