import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { FundType } from '../accounts/index.js';
import { ReserveCategory } from '../reserves/index.js';

// The year-end statements of a fiscal year, in the fund-accounting layout a CPA's review of an
// association asks for (ASC 972): operating, reserve and total columns on every line.

@ObjectType({ description: 'One figure by fund: operating, reserve and both combined' })
export class FundColumns {
  @Field(() => MoneyScalar)
  operating: Total;

  @Field(() => MoneyScalar)
  reserve: Total;

  @Field(() => MoneyScalar, { description: 'Operating plus reserve' })
  total: Total;
}

@ObjectType({ description: 'A line of a year-end statement with its fund columns' })
export class YearEndLine extends FundColumns {
  @Field(() => ID, { nullable: true, description: 'The account, on an account’s line' })
  accountId: string | null;

  @Field(() => String, { nullable: true })
  number: string | null;

  @Field(() => String)
  name: string;
}

// ---------------------------------------------------------------------------------------------
// Statement of revenues, expenses and changes in fund balances

@ObjectType({
  description:
    'Statement of revenues, expenses and changes in fund balances for a fiscal year, by fund. Fund balance at the end = at the beginning + excess of revenues over expenses + interfund transfers + entries made to fund-balance accounts, and equals the balance sheet’s fund balance at the year end',
})
export class FundActivities {
  @Field(() => [YearEndLine], {
    description: 'Income accounts (transfer accounts left out), by number',
  })
  revenues: YearEndLine[];

  @Field(() => FundColumns)
  totalRevenues: FundColumns;

  @Field(() => [YearEndLine], {
    description: 'Expense accounts (transfer accounts left out), by number',
  })
  expenses: YearEndLine[];

  @Field(() => FundColumns)
  totalExpenses: FundColumns;

  @Field(() => FundColumns, { description: 'Revenues less expenses' })
  excessOfRevenuesOverExpenses: FundColumns;

  @Field(() => FundColumns, {
    description: 'Fund balance at the end of the prior fiscal year (the balance sheet’s)',
  })
  fundBalanceBeginning: FundColumns;

  @Field(() => [YearEndLine], {
    description:
      'Interfund transfer accounts: into a fund positive, out of it negative; the total column is 0 when both sides of every transfer are transfer accounts',
  })
  transfers: YearEndLine[];

  @Field(() => FundColumns)
  netTransfers: FundColumns;

  @Field(() => [YearEndLine], {
    description:
      'Postings of the year made directly to fund-balance (equity) accounts, such as opening balances: credits positive',
  })
  fundBalanceEntries: YearEndLine[];

  @Field(() => FundColumns, { description: 'Fund balance at the end of the fiscal year' })
  fundBalanceEnding: FundColumns;
}

// ---------------------------------------------------------------------------------------------
// Statement of cash flows (indirect method)

export enum CashFlowLineKind {
  RECEIVABLE = 'receivable',
  UNDEPOSITED_FUNDS = 'undeposited_funds',
  PREPAID_ASSESSMENTS = 'prepaid_assessments',
  LIABILITY = 'liability',
  OTHER_BALANCE = 'other_balance',
  INVESTMENT_NON_CASH = 'investment_non_cash',
  INVESTMENTS_PURCHASED = 'investments_purchased',
  INVESTMENTS_MATURED = 'investments_matured',
  INTERFUND_TRANSFERS = 'interfund_transfers',
  INTERFUND_BALANCES = 'interfund_balances',
  FUND_BALANCE_ENTRIES = 'fund_balance_entries',
}
registerEnumType(CashFlowLineKind, {
  name: 'CashFlowLineKind',
  description:
    'What a cash-flow line adjusts for: a change in receivables, Undeposited Funds, prepaid assessments, payables and other liabilities or another balance; interest added to an investment (no cash); investments purchased or matured and redeemed; transfers between the funds, what one fund owes the other, and entries made directly to fund balance',
});

@ObjectType({
  description: 'A line of the statement of cash flows: cash in positive, out negative',
})
export class CashFlowLine extends YearEndLine {
  @Field(() => CashFlowLineKind)
  kind: CashFlowLineKind;
}

@ObjectType({ description: 'A cash account’s balance at the start and end of the fiscal year' })
export class YearEndCashAccount {
  @Field(() => ID)
  accountId: string;

  @Field(() => String)
  number: string;

  @Field(() => String)
  name: string;

  @Field(() => FundType, { description: 'The fund the balance is held in' })
  fundType: FundType;

  @Field(() => MoneyScalar)
  beginning: Total;

  @Field(() => MoneyScalar)
  ending: Total;
}

@ObjectType({
  description:
    'Statement of cash flows for a fiscal year by fund, indirect method: the excess of revenues over expenses adjusted for the changes in non-cash balances gives the cash from operating activities; investments purchased and matured are investing; transfers between the funds, interfund balances and entries to fund balance are financing. Cash is the asset accounts no subledger keeps (the dashboard’s cash): the net change equals cash at the end less cash at the beginning',
})
export class CashFlowStatement {
  @Field(() => FundColumns)
  excessOfRevenuesOverExpenses: FundColumns;

  @Field(() => [CashFlowLine], { description: 'Changes in non-cash balances' })
  operatingAdjustments: CashFlowLine[];

  @Field(() => FundColumns)
  netOperating: FundColumns;

  @Field(() => [CashFlowLine])
  investing: CashFlowLine[];

  @Field(() => FundColumns)
  netInvesting: FundColumns;

  @Field(() => [CashFlowLine])
  financing: CashFlowLine[];

  @Field(() => FundColumns)
  netFinancing: FundColumns;

  @Field(() => FundColumns, { description: 'Operating + investing + financing' })
  netChangeInCash: FundColumns;

  @Field(() => FundColumns, { description: 'Cash at the end of the prior fiscal year' })
  cashBeginning: FundColumns;

  @Field(() => FundColumns, { description: 'Cash at the end of the fiscal year' })
  cashEnding: FundColumns;

  @Field(() => [YearEndCashAccount], { description: 'The cash accounts, by number' })
  cashAccounts: YearEndCashAccount[];
}

// ---------------------------------------------------------------------------------------------
// Supplementary information on future major repairs and replacements

@ObjectType({ description: 'A reserve-study component as of the fiscal year’s end' })
export class FutureRepairComponent {
  @Field(() => ID)
  componentId: string;

  @Field(() => String)
  name: string;

  @Field(() => ReserveCategory)
  category: ReserveCategory;

  @Field(() => Int)
  usefulLifeYears: number;

  @Field(() => Int, {
    description:
      'Estimated remaining useful life in years from the start of the next fiscal year: as entered in the reserve study, or derived from the year placed in service',
  })
  remainingLifeYears: number;

  @Field(() => Int, { description: 'The fiscal year of the next replacement' })
  nextReplacementYear: number;

  @Field(() => MoneyScalar, { description: 'Estimated current replacement cost' })
  currentReplacementCost: Total;

  @Field(() => MoneyScalar, {
    description: 'Cost × effective age ÷ useful life: what a fully funded reserve holds for it',
  })
  fullyFundedBalance: Total;

  @Field(() => ID, { description: 'The reserve-fund account it is funded from' })
  fundingAccountId: string;

  @Field(() => String)
  fundingAccountNumber: string;

  @Field(() => String)
  fundingAccountName: string;

  @Field(() => MoneyScalar, {
    nullable: true,
    description:
      'Funds accumulated for it: its funding account’s balance at the year end when that account funds no other component; null when the account is shared (see fundingAccounts)',
  })
  fundsAccumulated: Total | null;
}

@ObjectType({ description: 'A reserve-fund account components are funded from' })
export class FutureRepairFundingAccount {
  @Field(() => ID)
  accountId: string;

  @Field(() => String)
  number: string;

  @Field(() => String)
  name: string;

  @Field(() => MoneyScalar, { description: 'Its balance at the fiscal year’s end' })
  balance: Total;

  @Field(() => Int, { description: 'How many components it funds' })
  componentCount: number;

  @Field(() => MoneyScalar, { description: 'Σ current replacement cost of those components' })
  replacementCost: Total;
}

@ObjectType({
  description:
    'Supplementary information on future major repairs and replacements (unaudited), from the reserve study: each component’s estimated remaining useful life and current replacement cost, the funds accumulated where an account holds them for it alone, and the reserve fund balance at the year end',
})
export class FutureRepairs {
  @Field(() => LocalDateScalar, { description: 'The fiscal year’s last day' })
  asOf: string;

  @Field(() => [FutureRepairComponent], { description: 'By next replacement year, then name' })
  components: FutureRepairComponent[];

  @Field(() => [FutureRepairFundingAccount], { description: 'By account number' })
  fundingAccounts: FutureRepairFundingAccount[];

  @Field(() => MoneyScalar)
  totalReplacementCost: Total;

  @Field(() => MoneyScalar)
  totalFullyFunded: Total;

  @Field(() => MoneyScalar, { description: 'The balance sheet’s reserve fund balance' })
  reserveFundBalance: Total;

  @Field(() => String, {
    nullable: true,
    description:
      'Reserve fund balance ÷ total fully funded, a percentage with one decimal; null when nothing is to be funded',
  })
  percentFunded: string | null;
}

// ---------------------------------------------------------------------------------------------
// The fiscal year

@ObjectType({ description: 'A fiscal year of the books and whether it is closed' })
export class YearEndFiscalYear {
  @Field(() => Int, { description: 'Named by the calendar year it ends in' })
  fiscalYear: number;

  @Field(() => LocalDateScalar)
  from: string;

  @Field(() => LocalDateScalar)
  to: string;

  @Field(() => Boolean, {
    description: 'The books are closed through its last day (or later): its figures are final',
  })
  closed: boolean;

  @Field(() => Boolean, { description: 'The fiscal year today is in' })
  current: boolean;
}

@ObjectType({
  description:
    'The year-end statements of a fiscal year: the balance sheet by fund at its last day, the statement of revenues, expenses and changes in fund balances, the statement of cash flows, the supplementary information on future major repairs and replacements, and the trial balance',
})
export class YearEndStatements extends YearEndFiscalYear {
  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'The day the books are closed through; null when nothing is closed',
  })
  closedThrough: string | null;

  // The organization's fiscal-year start, for the field resolvers.
  fiscalYearStartMonth: number;
}
