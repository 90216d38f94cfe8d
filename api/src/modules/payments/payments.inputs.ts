import { ArrayUnique, IsOptional, IsPositive, MaxLength } from 'class-validator';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Field, ID, InputType } from 'type-graphql';
import { MoneyScalar, type Cents } from '../../core/money/money.js';
import { PaymentMethod, PaymentStatus } from './payments.types.js';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';

@InputType()
export class PaymentFilter {
  @Field(() => ID, { nullable: true })
  unitId?: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  from?: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  to?: string | null;

  @Field(() => PaymentStatus, { nullable: true })
  status?: PaymentStatus | null;
}

@InputType()
export class RecordPaymentInput {
  @Field(() => ID)
  unitId: string;

  @Field(() => LocalDateScalar)
  date: string;

  @Field(() => MoneyScalar)
  @IsPositive({ message: 'The amount must be positive' })
  amount: Cents;

  @Field(() => PaymentMethod)
  method: PaymentMethod;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.payments.reference, { message: `At most ${L.payments.reference} characters` })
  reference?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.payments.memo, { message: `At most ${L.payments.memo} characters` })
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
