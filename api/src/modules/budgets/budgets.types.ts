import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { MoneyScalar, type Cents, type Total } from '../../core/money/money.js';

@ObjectType({ description: 'A calendar month of a fiscal year' })
export class FiscalMonth {
  @Field(() => Int, { description: 'Calendar year' })
  year: number;

  @Field(() => Int, { description: 'Calendar month, 1 (January) to 12' })
  month: number;

  @Field(() => String, { description: 'E.g. "Jul 2026"' })
  label: string;
}

@ObjectType({ description: "One account's budget for a year" })
export class BudgetLine {
  @Field(() => ID)
  accountId: string;

  @Field(() => [MoneyScalar], {
    description:
      "Twelve amounts in the order of the fiscal year's months (Budget.months; January to December when the fiscal year starts in January), positive in the account's natural direction (credit for income, debit for expense)",
  })
  amounts: Cents[];

  @Field(() => MoneyScalar, { description: 'Sum of the twelve months' })
  total: Total;
}

@ObjectType({
  description:
    "The budget of a fiscal year: twelve months from the organization's fiscal-year start, named by the calendar year it ends in",
})
export class Budget {
  @Field(() => ID, {
    nullable: true,
    description: 'Null until saved; its history is auditLog(entityType: "Budget")',
  })
  id: string | null;

  @Field(() => Int)
  year: number;

  @Field(() => Boolean, { description: 'False until something is saved or imported for the year' })
  exists: boolean;

  @Field(() => Int, { description: 'First month (1 to 12) of the fiscal year' })
  fiscalYearStartMonth: number;

  @Field(() => [FiscalMonth], { description: 'The twelve months of the fiscal year, in order' })
  months: FiscalMonth[];

  @Field(() => [BudgetLine], { description: 'Accounts with a budget, by account number' })
  lines: BudgetLine[];

  @Field(() => MoneyScalar, { description: 'Income accounts, transfer accounts left out' })
  totalIncome: Total;

  @Field(() => MoneyScalar, { description: 'Expense accounts, transfer accounts left out' })
  totalExpense: Total;

  @Field(() => MoneyScalar, {
    description: 'Transfer accounts of income type: budgeted transfers into their funds',
  })
  totalTransfersIn: Total;

  @Field(() => MoneyScalar, {
    description: 'Transfer accounts of expense type: budgeted transfers out of their funds',
  })
  totalTransfersOut: Total;

  @Field(() => Date, { nullable: true })
  updatedAt: Date | null;
}

export enum BudgetImportRowStatus {
  MATCHED = 'matched',
  MAPPED = 'mapped',
  SKIPPED = 'skipped',
  UNKNOWN = 'unknown',
  INVALID = 'invalid',
}
registerEnumType(BudgetImportRowStatus, {
  name: 'BudgetImportRowStatus',
  valuesConfig: {
    MATCHED: { description: 'The account number names an account' },
    MAPPED: { description: 'Mapped to an account by the caller' },
    SKIPPED: { description: 'Left out by the caller' },
    UNKNOWN: { description: 'No account has this number: map it or skip it' },
    INVALID: { description: 'A problem that mapping cannot fix (see problems)' },
  },
});

@ObjectType({ description: 'A row of an imported budget file' })
export class BudgetImportRow {
  @Field(() => Int, { description: 'Row number in the file (the header is row 1)' })
  row: number;

  @Field(() => String)
  accountNumber: string;

  @Field(() => String, { description: 'The account name as the file has it' })
  accountName: string;

  @Field(() => ID, { nullable: true, description: 'The account the row goes to' })
  accountId: string | null;

  @Field(() => BudgetImportRowStatus)
  status: BudgetImportRowStatus;

  @Field(() => [MoneyScalar], {
    description:
      "In the order of the fiscal year's months, read by month name from the file (0 where a cell is invalid)",
  })
  amounts: Cents[];

  @Field(() => MoneyScalar)
  total: Total;
}

@ObjectType({ description: 'Why a row cannot be imported' })
export class BudgetImportProblem {
  @Field(() => Int, { nullable: true, description: 'Row number in the file' })
  row: number | null;

  @Field(() => String, { nullable: true, description: 'Column, e.g. "Mar"' })
  column: string | null;

  @Field(() => String)
  message: string;
}

@ObjectType({ description: 'What an import found (dry run) or wrote' })
export class BudgetImport {
  @Field(() => Int)
  year: number;

  @Field(() => Boolean, { description: 'True when the budget was written' })
  committed: boolean;

  @Field(() => Boolean, { description: 'The year already had a budget, which the import replaces' })
  replacesExisting: boolean;

  @Field(() => [BudgetImportRow])
  rows: BudgetImportRow[];

  @Field(() => [BudgetImportProblem], { description: 'Empty when the import can be committed' })
  problems: BudgetImportProblem[];

  @Field(() => Int, { description: 'Accounts the import writes' })
  accountCount: number;

  @Field(() => MoneyScalar)
  totalIncome: Total;

  @Field(() => MoneyScalar)
  totalExpense: Total;
}
