import { Field, ID, ObjectType, type ClassType } from 'type-graphql';
import { AccountType, FundType } from './accounts.entity.js';

// What every account listing shows of an account (the chart, balances, budgets, Budget vs Actual):
// the SQL row, the same fields as the API names them, and the GraphQL columns of report rows.

export interface AccountSummaryRow {
  id: string;
  number: string;
  name: string;
  type: AccountType;
  fund_type: FundType;
  archived: boolean;
}

// The row's fields but its id, which callers name `id` or `accountId`.
export const accountSummary = (r: AccountSummaryRow) => ({
  number: r.number,
  name: r.name,
  type: r.type,
  fundType: r.fund_type,
  archived: r.archived,
});

// A report row's account columns on top of its figures: `class Row extends
// WithAccountColumns(Figures)`. A mixin, as the figures already have a class of their own. No
// query returns the mixin's own type, so the schema never shows it (only the rows that extend it).
export function WithAccountColumns<T extends ClassType>(Figures: T) {
  @ObjectType()
  class AccountColumns extends Figures {
    @Field(() => ID)
    accountId: string;

    @Field(() => String)
    number: string;

    @Field(() => String)
    name: string;

    @Field(() => AccountType)
    type: AccountType;

    @Field(() => FundType)
    fundType: FundType;

    @Field(() => Boolean)
    archived: boolean;
  }
  return AccountColumns;
}
