import { IsOptional, MaxLength } from 'class-validator';
import { GraphQLLocalDate } from 'graphql-scalars';
import { Field, ID, InputType } from 'type-graphql';
import { MoneyScalar, type Cents } from '../../core/money/money.js';

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
  @MaxLength(500)
  memo?: string | null;
}

@InputType()
export class PostJournalEntryInput {
  @Field(() => GraphQLLocalDate)
  date: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(500, { message: 'Memo must be at most 500 characters' })
  memo?: string | null;

  @Field(() => [JournalLineInput])
  lines: JournalLineInput[];

  @Field(() => ID, { nullable: true })
  vendorId?: string | null;
}
