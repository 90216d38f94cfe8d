import { ArrayUnique, IsOptional, IsPositive, MaxLength } from 'class-validator';
import { GraphQLLocalDate } from 'graphql-scalars';
import { Field, ID, InputType } from 'type-graphql';
import { MoneyScalar, type Cents } from '../../core/money/money.js';
import { PaymentMethod, PaymentStatus } from './payments.types.js';

@InputType()
export class PaymentFilter {
  @Field(() => ID, { nullable: true })
  unitId?: string | null;

  @Field(() => GraphQLLocalDate, { nullable: true })
  from?: string | null;

  @Field(() => GraphQLLocalDate, { nullable: true })
  to?: string | null;

  @Field(() => PaymentStatus, { nullable: true })
  status?: PaymentStatus | null;
}

@InputType()
export class RecordPaymentInput {
  @Field(() => ID)
  unitId: string;

  @Field(() => GraphQLLocalDate)
  date: string;

  @Field(() => MoneyScalar)
  @IsPositive({ message: 'The amount must be positive' })
  amount: Cents;

  @Field(() => PaymentMethod)
  method: PaymentMethod;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(100, { message: 'At most 100 characters' })
  reference?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(500, { message: 'At most 500 characters' })
  memo?: string | null;

  @Field(() => [ID], {
    nullable: true,
    description: 'Apply to these, in this order; omitted: oldest open first',
  })
  @IsOptional()
  @ArrayUnique({ message: 'An invoice is listed twice' })
  invoiceIds?: string[] | null;

  @Field(() => ID, {
    nullable: true,
    description: "Omitted: the receivables settings' deposit account",
  })
  depositAccountId?: string | null;
}
