import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { FundType } from '../accounts/index.js';

export enum CashFlowNodeKind {
  INCOME_ACCOUNT = 'income_account',
  FUND = 'fund',
  EXPENSE_ACCOUNT = 'expense_account',
  DRAWN_FROM_FUND_BALANCE = 'drawn_from_fund_balance',
  ADDED_TO_FUND_BALANCE = 'added_to_fund_balance',
}
registerEnumType(CashFlowNodeKind, { name: 'CashFlowNodeKind' });

export enum CashFlowLinkKind {
  INCOME = 'income',
  EXPENSE = 'expense',
  TRANSFER = 'transfer',
  DRAWN_FROM_FUND_BALANCE = 'drawn_from_fund_balance',
  ADDED_TO_FUND_BALANCE = 'added_to_fund_balance',
}
registerEnumType(CashFlowLinkKind, { name: 'CashFlowLinkKind' });

@ObjectType({
  description:
    'A node of the cash-flow Sankey: an income or expense account within one fund, a fund, or what a fund drew from or added to its balance',
})
export class CashFlowNode {
  @Field(() => String, {
    description:
      'Stable within the answer: "fund:operating", "income:<accountId>:reserve", "expense:<accountId>:operating", "drawn:reserve", "added:operating"',
  })
  id: string;

  @Field(() => String, { description: 'E.g. "4010 Assessments" or "Operating fund"' })
  label: string;

  @Field(() => CashFlowNodeKind)
  kind: CashFlowNodeKind;

  @Field(() => ID, { nullable: true, description: 'The account of an account node' })
  accountId: string | null;

  @Field(() => String, { nullable: true })
  accountNumber: string | null;

  @Field(() => FundType, {
    description:
      'The fund of the node: an account node holds what the account posted in that fund only',
  })
  fundType: FundType;

  @Field(() => MoneyScalar, {
    description: 'What flows through the node (its inflows equal its outflows)',
  })
  amount: Total;
}

@ObjectType({ description: 'A flow of the cash-flow Sankey, from one node to another' })
export class CashFlowLink {
  @Field(() => String, { description: 'Id of the node it leaves' })
  source: string;

  @Field(() => String, { description: 'Id of the node it reaches' })
  target: string;

  @Field(() => CashFlowLinkKind)
  kind: CashFlowLinkKind;

  @Field(() => MoneyScalar, { description: 'The width of the flow: never negative' })
  amount: Total;

  @Field(() => MoneyScalar, {
    description:
      "Income and expense flows: the account's figure for the period in the fund, in its natural direction (income: credits − debits; expense: debits − credits), as the income statement shows it; negative when the flow runs backwards (an income account with more refunds than income flows from its fund). Other flows: the amount",
  })
  actual: Total;

  @Field(() => ID, {
    nullable: true,
    description:
      "The account whose lines make the flow (for a transfer, the operating fund's interfund account); open its ledger for the period to list the transactions behind it. Null for the fund balance flows",
  })
  accountId: string | null;

  @Field(() => FundType, {
    description:
      'The fund the lines were posted in (for a transfer, the fund it leaves; for a fund balance flow, that fund)',
  })
  fundType: FundType;
}

@ObjectType({ description: "One fund's part of the cash flow" })
export class CashFlowFund {
  @Field(() => FundType)
  fundType: FundType;

  @Field(() => MoneyScalar, { description: 'Σ of its income accounts (credits − debits)' })
  income: Total;

  @Field(() => MoneyScalar, { description: 'Σ of its expense accounts (debits − credits)' })
  expenses: Total;

  @Field(() => MoneyScalar, { description: 'Net advanced to it by the other fund' })
  transfersIn: Total;

  @Field(() => MoneyScalar, { description: 'Net advanced by it to the other fund' })
  transfersOut: Total;

  @Field(() => MoneyScalar, {
    description:
      'expenses + transfersOut − income − transfersIn when positive (it spent more than came in), else 0',
  })
  drawnFromFundBalance: Total;

  @Field(() => MoneyScalar, {
    description:
      'income + transfersIn − expenses − transfersOut when positive (more came in than it spent), else 0',
  })
  addedToFundBalance: Total;
}

@ObjectType({
  description:
    'Where money came from and went in a period, from the ledger: income accounts → funds → expense accounts, with the net transfer between the funds (their interfund lines) and, so that every fund balances, what each drew from or added to its fund balance',
})
export class CashFlow {
  @Field(() => LocalDateScalar)
  from: string;

  @Field(() => LocalDateScalar)
  to: string;

  @Field(() => [CashFlowNode], {
    description: 'Funds, then income accounts, expense accounts and the fund balance nodes',
  })
  nodes: CashFlowNode[];

  @Field(() => [CashFlowLink], {
    description:
      'Income, then transfers, expenses and the fund balance flows; by fund and account number within each',
  })
  links: CashFlowLink[];

  @Field(() => [CashFlowFund], { description: 'Operating, then reserve' })
  funds: CashFlowFund[];

  @Field(() => MoneyScalar)
  totalIncome: Total;

  @Field(() => MoneyScalar)
  totalExpenses: Total;
}
