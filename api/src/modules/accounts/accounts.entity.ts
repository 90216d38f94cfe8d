import { randomUUID } from 'node:crypto';
import { Entity, OptionalProps, Enum, PrimaryKey, Property } from '@mikro-orm/core';
import { Field, ID, ObjectType, registerEnumType } from 'type-graphql';

export enum AccountType {
  ASSET = 'asset',
  LIABILITY = 'liability',
  EQUITY = 'equity',
  INCOME = 'income',
  EXPENSE = 'expense',
}
registerEnumType(AccountType, { name: 'AccountType' });

export enum FundType {
  OPERATING = 'operating',
  RESERVE = 'reserve',
}
registerEnumType(FundType, { name: 'FundType' });

// What an account does in the forecasts: said on the account, never read from its name (an
// account named "Interest on late fees" is not interest). A tenant CHECK ties each role to the
// account's type and fund; the service says so first.
export enum AccountForecastRole {
  RESERVE_TRANSFER = 'reserve_transfer',
  RESERVE_CONTRIBUTION = 'reserve_contribution',
  INTEREST_INCOME = 'interest_income',
}
registerEnumType(AccountForecastRole, {
  name: 'AccountForecastRole',
  description: 'What an account does in the cash forecast, the reserve projection and investments',
  valuesConfig: {
    RESERVE_TRANSFER: {
      description:
        'An operating expense account: the operating side of the reserve contribution. The cash forecast moves its budget to the reserve fund instead of spending it',
    },
    RESERVE_CONTRIBUTION: {
      description:
        "A reserve income account: its budget is the reserve projection's contribution; the cash forecast takes it from the transfer, not as other income",
    },
    INTEREST_INCOME: {
      description:
        "An income account of either fund: interest, which the cash forecast takes from the investments' maturities, not from the budget; the default account for its fund's investment interest",
    },
  },
});

// The type and fund each role needs (fund null: either).
export const FORECAST_ROLE_NEEDS: Record<
  AccountForecastRole,
  { type: AccountType; fund: FundType | null }
> = {
  [AccountForecastRole.RESERVE_TRANSFER]: { type: AccountType.EXPENSE, fund: FundType.OPERATING },
  [AccountForecastRole.RESERVE_CONTRIBUTION]: { type: AccountType.INCOME, fund: FundType.RESERVE },
  [AccountForecastRole.INTEREST_INCOME]: { type: AccountType.INCOME, fund: null },
};

// Money moved between the association's own funds is neither income nor expense: every report
// shows it apart, below the excess of income over expenses. A tenant CHECK keeps it to P&L types.
export const INTERFUND_TRANSFER_DESCRIPTION =
  'An interfund transfer account (income: transfers into its fund; expense: transfers out of it). Reports show it under "Transfers between funds", outside total income and total expense; the two sides of a transfer net to zero across the funds';

// A new account is a transfer account when said so; when not said, when its forecast role makes it
// one side of the reserve contribution (the rule tenant migration 027 applied to existing books).
export function defaultInterfundTransfer(role: AccountForecastRole | null | undefined): boolean {
  return (
    role === AccountForecastRole.RESERVE_TRANSFER ||
    role === AccountForecastRole.RESERVE_CONTRIBUTION
  );
}

@ObjectType({ description: 'An account of the chart of accounts' })
@Entity({ tableName: 'accounts' })
export class Account {
  [OptionalProps]?: 'archived' | 'interfundTransfer' | 'createdAt' | 'updatedAt';

  @Field(() => ID)
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Field(() => String, { description: 'Account number, unique within the association' })
  @Property({ type: 'string', unique: true })
  number: string;

  @Field(() => String)
  @Property({ type: 'string' })
  name: string;

  @Field(() => AccountType)
  @Enum({ items: () => AccountType, type: 'string' })
  type: AccountType;

  @Field(() => FundType)
  @Enum({ items: () => FundType, type: 'string' })
  fundType: FundType;

  @Field(() => String, { nullable: true })
  @Property({ type: 'string', nullable: true })
  description?: string | null;

  @Field(() => AccountForecastRole, {
    nullable: true,
    description:
      'What the account does in the forecasts (null: an ordinary account, counted by its type)',
  })
  @Enum({ items: () => AccountForecastRole, type: 'string', nullable: true })
  forecastRole?: AccountForecastRole | null;

  @Field(() => Boolean, { description: INTERFUND_TRANSFER_DESCRIPTION })
  @Property({ type: 'boolean' })
  interfundTransfer: boolean = false;

  @Field(() => Boolean)
  @Property({ type: 'boolean' })
  archived: boolean = false;

  @Field(() => Date)
  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
