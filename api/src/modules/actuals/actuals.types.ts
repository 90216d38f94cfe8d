import { Field, ID, Int, ObjectType } from 'type-graphql';
import { MoneyScalar, type Cents, type Total } from '../../core/money/money.js';
import { FundType } from '../accounts/index.js';
import { JournalEntry } from '../journal/index.js';

@ObjectType({ description: "An account's actual amounts entered for a year" })
export class MonthlyActualLine {
  @Field(() => ID)
  accountId: string;

  @Field(() => [MoneyScalar], {
    description:
      "Twelve amounts, January to December, in the account's natural direction (credit for income, debit for expense)",
  })
  amounts: Cents[];

  @Field(() => MoneyScalar)
  total: Total;
}

@ObjectType({ description: 'One month of entered actuals and the journal entries they posted' })
export class MonthlyActualsMonth {
  @Field(() => Int, { description: '1 to 12' })
  month: number;

  @Field(() => Boolean, { description: 'Actuals were saved for this month' })
  saved: boolean;

  @Field(() => [JournalEntry], {
    description: 'The current (not reversed) entries, one per fund, reconciled',
  })
  entries: JournalEntry[];

  @Field(() => Date, { nullable: true })
  updatedAt: Date | null;
}

@ObjectType({ description: "The account a fund's monthly actuals post against" })
export class ActualsCashAccount {
  @Field(() => FundType)
  fundType: FundType;

  @Field(() => ID, { nullable: true, description: 'Null when the fund has no asset account yet' })
  accountId: string | null;

  @Field(() => String, { nullable: true })
  number: string | null;

  @Field(() => String, { nullable: true })
  name: string | null;

  @Field(() => Boolean, { description: 'Chosen automatically (no account was set)' })
  isDefault: boolean;
}

@ObjectType({ description: 'Monthly actuals of a year' })
export class MonthlyActuals {
  @Field(() => Int)
  year: number;

  @Field(() => [MonthlyActualLine], { description: 'Accounts with an amount, by account number' })
  lines: MonthlyActualLine[];

  @Field(() => [MonthlyActualsMonth], { description: 'January to December' })
  months: MonthlyActualsMonth[];

  @Field(() => [ActualsCashAccount])
  cashAccounts: ActualsCashAccount[];
}

@ObjectType()
export class SavedMonthlyActuals {
  @Field(() => MonthlyActuals)
  actuals: MonthlyActuals;

  @Field(() => [JournalEntry], { description: 'Entries posted by this save, reversals included' })
  posted: JournalEntry[];
}
