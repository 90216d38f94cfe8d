import { IsOptional, MaxLength } from 'class-validator';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Field, ID, InputType } from 'type-graphql';
import { FundType } from '../accounts/index.js';
import { MoneyScalar, type Cents } from '../../core/money/money.js';
import { EntrySource } from './journal.types.js';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';

@InputType()
export class JournalLineInput {
  @Field(() => ID)
  accountId: string;

  @Field(() => MoneyScalar, { nullable: true })
  debit?: Cents | null;

  @Field(() => MoneyScalar, { nullable: true })
  credit?: Cents | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.journal_lines.memo, {
    message: `Memo must be at most ${L.journal_lines.memo} characters`,
  })
  memo?: string | null;
}

@InputType()
export class PostJournalEntryInput {
  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.journal_entries.memo, {
    message: `Memo must be at most ${L.journal_entries.memo} characters`,
  })
  memo?: string | null;

  @Field(() => [JournalLineInput])
  lines: JournalLineInput[];

  @Field(() => ID, { nullable: true })
  vendorId?: string | null;
}

// The date range and account both journal filters share (not itself part of the schema).
@InputType()
export class LedgerRangeFilter {
  @Field(() => LocalDateScalar, { nullable: true })
  from?: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  to?: string | null;

  @Field(() => ID, { nullable: true })
  accountId?: string | null;
}

@InputType()
export class JournalEntryFilter extends LedgerRangeFilter {
  @Field(() => String, { nullable: true, description: 'Memo, line memo or JE number' })
  text?: string | null;

  @Field(() => EntrySource, { nullable: true })
  source?: EntrySource | null;

  @Field(() => Boolean, { nullable: true })
  reconciled?: boolean | null;

  @Field(() => ID, { nullable: true, description: 'Entries naming this vendor' })
  vendorId?: string | null;
}

@InputType()
export class JournalLineFilter extends LedgerRangeFilter {
  @Field(() => FundType, { nullable: true })
  fundType?: FundType | null;
}
