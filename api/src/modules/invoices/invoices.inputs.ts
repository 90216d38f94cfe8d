import {
  ArrayMaxSize,
  ArrayMinSize,
  IsOptional,
  IsPositive,
  Matches,
  MaxLength,
} from 'class-validator';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Field, ID, InputType } from 'type-graphql';
import { MoneyScalar, type Cents } from '../../core/money/money.js';
import { InvoiceKind, InvoiceStatus } from './invoices.types.js';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';

@InputType()
export class InvoiceFilter {
  @Field(() => ID, { nullable: true })
  unitId?: string | null;

  @Field(() => InvoiceStatus, { nullable: true })
  status?: InvoiceStatus | null;

  @Field(() => InvoiceKind, { nullable: true })
  kind?: InvoiceKind | null;

  @Field(() => LocalDateScalar, { nullable: true })
  from?: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  to?: string | null;

  @Field(() => String, { nullable: true, description: 'Invoice number, unit number or owner name' })
  search?: string | null;
}

@InputType()
export class InvoiceLineInput {
  @Field(() => String)
  @Matches(/\S/, { message: 'Describe the charge' })
  @MaxLength(L.invoice_lines.description, {
    message: `At most ${L.invoice_lines.description} characters`,
  })
  description: string;

  @Field(() => ID)
  accountId: string;

  @Field(() => MoneyScalar)
  @IsPositive({ message: 'Amounts must be positive' })
  amount: Cents;
}

@InputType()
export class CreateInvoiceInput {
  @Field(() => ID)
  unitId: string;

  @Field(() => LocalDateScalar)
  issueDate: string;

  @Field(() => LocalDateScalar)
  dueDate: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.invoices.memo, { message: `At most ${L.invoices.memo} characters` })
  memo?: string | null;

  @Field(() => [InvoiceLineInput])
  @ArrayMinSize(1, { message: 'An invoice needs at least one line' })
  @ArrayMaxSize(50, { message: 'At most 50 lines' })
  lines: InvoiceLineInput[];
}

@InputType()
export class WriteOffInvoiceInput {
  @Field(() => ID)
  invoiceId: string;

  @Field(() => ID, { description: 'The expense account (bad debt) it is written off to' })
  accountId: string;

  @Field(() => LocalDateScalar, {
    nullable: true,
    description: "Omitted: the association's today",
  })
  date?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.invoices.memo, { message: `At most ${L.invoices.memo} characters` })
  memo?: string | null;
}

@InputType()
export class UnitOpeningBalanceInput {
  @Field(() => ID)
  unitId: string;

  @Field(() => LocalDateScalar, { description: 'The day the books start in Covenant' })
  date: string;

  @Field(() => MoneyScalar, {
    description: "What the owner owed then; negative: the owner's credit",
  })
  amount: Cents;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.invoices.memo, { message: `At most ${L.invoices.memo} characters` })
  memo?: string | null;
}
