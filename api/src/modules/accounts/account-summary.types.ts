import { Field, ID, InterfaceType, ObjectType, type ClassType } from 'type-graphql';
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

// The account columns of a report row as a GraphQL interface, so that a client reads them with one
// fragment whatever the row (balances, the trial balance, budget vs actual).
@InterfaceType({ description: "An account's columns in a report row" })
export abstract class AccountColumns {
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

// A report row's account columns on top of its figures: `class Row extends
// WithAccountColumns(Figures)`. A mixin, as the figures already have a class of their own; the
// columns' GraphQL fields come from the AccountColumns interface it implements. No query returns
// the mixin's own type, so the schema never shows it (only the rows that extend it).
export function WithAccountColumns<T extends ClassType>(Figures: T) {
  @ObjectType({ implements: AccountColumns })
  class AccountColumnsOf extends Figures implements AccountColumns {
    declare accountId: string;
    declare number: string;
    declare name: string;
    declare type: AccountType;
    declare fundType: FundType;
    declare archived: boolean;
  }
  return AccountColumnsOf;
}
