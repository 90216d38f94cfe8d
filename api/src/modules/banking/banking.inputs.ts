import {
  ArrayMaxSize,
  ArrayUnique,
  IsIn,
  IsOptional,
  Matches,
  Max,
  MaxLength,
  Min,
  MinLength,
} from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { type Cents, MoneyScalar } from '../../core/money/money.js';
import { BankAccountKind, CsvDateFormat, CsvSign, RuleDirection } from './banking.types.js';

@InputType({ description: 'Mark a cash account of the ledger as a bank account' })
export class SetBankAccountInput {
  @Field(() => ID, { description: 'An asset account (operating or reserve cash, a money market)' })
  accountId: string;

  @Field(() => String)
  @MinLength(1, { message: 'Name the bank' })
  @MaxLength(120, { message: 'At most 120 characters' })
  institution: string;

  @Field(() => String, { description: 'The last 2 to 6 digits or letters of the account number' })
  @Matches(/^[0-9A-Za-z]{2,6}$/, { message: 'Enter the last 2 to 6 digits, like 4821' })
  maskedNumber: string;

  @Field(() => BankAccountKind, { defaultValue: BankAccountKind.CHECKING })
  kind: BankAccountKind;

  @Field(() => Int, {
    defaultValue: 31,
    description: 'Closing day of the statement (31: month end)',
  })
  @Min(1, { message: 'A day from 1 to 31' })
  @Max(31, { message: 'A day from 1 to 31' })
  statementDay: number;
}

@InputType()
export class CsvMappingInput {
  @Field(() => Int)
  @Min(0, { message: 'At least 0' })
  @Max(50, { message: 'At most 50' })
  headerRows: number;

  @Field(() => Int)
  @Min(0, { message: 'Choose a column' })
  @Max(200, { message: 'Choose a column' })
  dateColumn: number;

  @Field(() => Int)
  @Min(0, { message: 'Choose a column' })
  @Max(200, { message: 'Choose a column' })
  descriptionColumn: number;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(0, { message: 'Choose a column' })
  @Max(200, { message: 'Choose a column' })
  amountColumn?: number | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(0, { message: 'Choose a column' })
  @Max(200, { message: 'Choose a column' })
  debitColumn?: number | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(0, { message: 'Choose a column' })
  @Max(200, { message: 'Choose a column' })
  creditColumn?: number | null;

  @Field(() => CsvSign, { defaultValue: CsvSign.DEPOSITS_POSITIVE })
  sign: CsvSign;

  @Field(() => CsvDateFormat)
  @IsIn(Object.values(CsvDateFormat), { message: 'Choose a date format' })
  dateFormat: CsvDateFormat;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(0, { message: 'Choose a column' })
  @Max(200, { message: 'Choose a column' })
  payeeColumn?: number | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(0, { message: 'Choose a column' })
  @Max(200, { message: 'Choose a column' })
  checkNumberColumn?: number | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(0, { message: 'Choose a column' })
  @Max(200, { message: 'Choose a column' })
  bankIdColumn?: number | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @Min(0, { message: 'Choose a column' })
  @Max(200, { message: 'Choose a column' })
  balanceColumn?: number | null;
}

@InputType({ description: 'Tie bank lines to book lines of the same sum' })
export class MatchBankLinesInput {
  @Field(() => ID)
  accountId: string;

  @Field(() => [ID], { description: 'Empty only when the book lines cancel out' })
  @ArrayUnique({ message: 'A line is listed twice' })
  @ArrayMaxSize(500, { message: 'At most 500 lines' })
  bankLineIds: string[];

  @Field(() => [ID])
  @ArrayUnique({ message: 'A line is listed twice' })
  @ArrayMaxSize(500, { message: 'At most 500 lines' })
  journalLineIds: string[];
}

@InputType({ description: 'Post the entry for a bank line with no book side (a fee, interest)' })
export class PostBankLineInput {
  @Field(() => ID)
  bankLineId: string;

  @Field(() => ID, { description: 'The other side: an expense, income or other account' })
  accountId: string;

  @Field(() => ID, { nullable: true })
  vendorId?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200, { message: 'At most 200 characters' })
  memo?: string | null;
}

@InputType()
export class BankRuleInput {
  @Field(() => String)
  @MinLength(1, { message: 'Name the rule' })
  @MaxLength(120, { message: 'At most 120 characters' })
  name: string;

  @Field(() => String, { description: 'Matched against the description and payee, any case' })
  @MinLength(2, { message: 'At least 2 characters' })
  @MaxLength(120, { message: 'At most 120 characters' })
  contains: string;

  @Field(() => RuleDirection, { defaultValue: RuleDirection.ANY })
  direction: RuleDirection;

  @Field(() => ID, { nullable: true })
  bankAccountId?: string | null;

  @Field(() => ID)
  accountId: string;

  @Field(() => ID, { nullable: true })
  vendorId?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(200, { message: 'At most 200 characters' })
  memo?: string | null;

  @Field(() => Boolean, { defaultValue: false })
  autoApply: boolean;
}

@InputType({ description: 'A statement period of a bank account' })
export class StatementPeriodInput {
  @Field(() => ID)
  accountId: string;

  @Field(() => LocalDateScalar, {
    nullable: true,
    description: 'Omitted: the latest imported statement not yet reconciled',
  })
  statementDate?: string | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description: "Omitted: the statement's own closing balance",
  })
  closingBalance?: Cents | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description:
      "The first reconciliation's opening balance; omitted: the statement's, or its closing less its lines",
  })
  openingBalance?: Cents | null;
}

@InputType()
export class UndoReconciliationInput {
  @Field(() => ID)
  reconciliationId: string;

  @Field(() => String)
  @MinLength(3, { message: 'Say why (at least 3 characters)' })
  @MaxLength(500, { message: 'At most 500 characters' })
  reason: string;
}
