import { Field, ID, Int, ObjectType } from 'type-graphql';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { FundType } from '../accounts/index.js';
import { JournalEntry } from '../journal/index.js';

@ObjectType({
  description: "An income or expense account's actuals of a year, as the ledger holds them",
})
export class MonthlyActualLine {
  @Field(() => ID)
  accountId: string;

  @Field(() => [MoneyScalar], {
    description:
      "Twelve ledger figures, January to December: every posting to the account dated in the month, whatever its source, net of reversals, in the account's natural direction (credit − debit for income, debit − credit for expense)",
  })
  amounts: Total[];

  @Field(() => [MoneyScalar], {
    description:
      "The part of each month's figure that Monthly Actuals posted (the month's own adjustment entries)",
  })
  fromActuals: Total[];

  @Field(() => [MoneyScalar], {
    description:
      "The part of each month's figure posted elsewhere (manual entries, invoices, payments, imports…): amounts − fromActuals",
  })
  fromOtherSources: Total[];

  @Field(() => MoneyScalar)
  total: Total;
}

@ObjectType({ description: 'One month of actuals and the journal entries Monthly Actuals posted' })
export class MonthlyActualsMonth {
  @Field(() => Int, { description: '1 to 12' })
  month: number;

  @Field(() => Boolean, { description: 'A save of Monthly Actuals has posted to this month' })
  saved: boolean;

  @Field(() => [JournalEntry], {
    description:
      'Every entry the month owns, oldest first: one adjustment per fund and save that changed it (reconciled, source MONTHLY_ACTUALS)',
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

  @Field(() => [ID], {
    description:
      "The fund's accounts that may be chosen: its asset accounts that are not archived and not control accounts (receivable, interfund…)",
  })
  candidateIds: string[];
}

@ObjectType({ description: 'Monthly actuals of a year' })
export class MonthlyActuals {
  @Field(() => Int)
  year: number;

  @Field(() => [MonthlyActualLine], {
    description: 'Income and expense accounts with postings in the year, by account number',
  })
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

  @Field(() => [JournalEntry], {
    description:
      'The adjustment entries this save posted (none when the ledger already held every figure)',
  })
  posted: JournalEntry[];
}
