import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { FundType } from '../accounts/index.js';

export enum IncomeExpenseFlowNodeKind {
  INCOME_ACCOUNT = 'income_account',
  FUND = 'fund',
  EXPENSE_ACCOUNT = 'expense_account',
  UNMATCHED_TRANSFER = 'unmatched_transfer',
  DRAWN_FROM_FUND_BALANCE = 'drawn_from_fund_balance',
  ADDED_TO_FUND_BALANCE = 'added_to_fund_balance',
}
registerEnumType(IncomeExpenseFlowNodeKind, {
  name: 'IncomeExpenseFlowNodeKind',
  valuesConfig: {
    UNMATCHED_TRANSFER: {
      description:
        "A fund's transfer accounts moved more than the other fund's transfer accounts show (one side of a transfer is not marked as a transfer account): the rest flows to or from this node",
    },
  },
});

export enum IncomeExpenseFlowLinkKind {
  INCOME = 'income',
  EXPENSE = 'expense',
  TRANSFER = 'transfer',
  DRAWN_FROM_FUND_BALANCE = 'drawn_from_fund_balance',
  ADDED_TO_FUND_BALANCE = 'added_to_fund_balance',
}
registerEnumType(IncomeExpenseFlowLinkKind, { name: 'IncomeExpenseFlowLinkKind' });

@ObjectType({
  description:
    'A node of the income and expense flow: an income or expense account within one fund, a fund, or what a fund drew from or added to its balance',
})
export class IncomeExpenseFlowNode {
  @Field(() => String, {
    description:
      'Stable within the answer: "fund:operating", "income:<accountId>:reserve", "expense:<accountId>:operating", "drawn:reserve", "added:operating"',
  })
  id: string;

  @Field(() => String, { description: 'E.g. "4010 Assessments" or "Operating fund"' })
  label: string;

  @Field(() => IncomeExpenseFlowNodeKind)
  kind: IncomeExpenseFlowNodeKind;

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

@ObjectType({
  description: 'A flow of the income and expense flow (a Sankey), from one node to another',
})
export class IncomeExpenseFlowLink {
  @Field(() => String, { description: 'Id of the node it leaves' })
  source: string;

  @Field(() => String, { description: 'Id of the node it reaches' })
  target: string;

  @Field(() => IncomeExpenseFlowLinkKind)
  kind: IncomeExpenseFlowLinkKind;

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
      "The account whose lines make the flow (for a transfer between the funds, the sending fund's first transfer account, or the operating fund's interfund account when only money was advanced); open its ledger for the period to list the transactions behind it. Null for the fund balance flows",
  })
  accountId: string | null;

  @Field(() => FundType, {
    description:
      'The fund the lines were posted in (for a transfer, the fund it leaves; for a fund balance flow, that fund)',
  })
  fundType: FundType;
}

@ObjectType({ description: "One fund's part of the income and expense flow" })
export class IncomeExpenseFlowFund {
  @Field(() => FundType)
  fundType: FundType;

  @Field(() => MoneyScalar, {
    description: 'Σ of its income accounts (credits − debits), transfer accounts left out',
  })
  income: Total;

  @Field(() => MoneyScalar, {
    description: 'Σ of its expense accounts (debits − credits), transfer accounts left out',
  })
  expenses: Total;

  @Field(() => MoneyScalar, {
    description:
      'Net that reached it from the other fund: transfers (its transfer accounts) and money advanced (the interfund lines)',
  })
  transfersIn: Total;

  @Field(() => MoneyScalar, {
    description:
      'Net that it sent to the other fund: transfers (its transfer accounts) and money advanced (the interfund lines)',
  })
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
    'Income and expense of a period as a flow, from the ledger: income accounts → funds → expense accounts, with the net transfer between the funds (their transfer accounts and interfund lines) and, so that every fund balances, what each drew from or added to its fund balance. Not a statement of cash flows',
})
export class IncomeExpenseFlow {
  @Field(() => LocalDateScalar)
  from: string;

  @Field(() => LocalDateScalar)
  to: string;

  @Field(() => [IncomeExpenseFlowNode], {
    description:
      'Funds, then income accounts, expense accounts, unmatched transfers and the fund balance nodes',
  })
  nodes: IncomeExpenseFlowNode[];

  @Field(() => [IncomeExpenseFlowLink], {
    description:
      'Income, then transfers, expenses and the fund balance flows; by fund and account number within each',
  })
  links: IncomeExpenseFlowLink[];

  @Field(() => [IncomeExpenseFlowFund], { description: 'Operating, then reserve' })
  funds: IncomeExpenseFlowFund[];

  @Field(() => MoneyScalar, { description: "The income statement's total income" })
  totalIncome: Total;

  @Field(() => MoneyScalar, { description: "The income statement's total expenses" })
  totalExpenses: Total;
}
