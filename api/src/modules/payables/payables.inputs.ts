import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsInt,
  IsOptional,
  IsPositive,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { type Cents, MoneyScalar } from '../../core/money/money.js';
import { BillApprovalState, BillFrequency, BillStatus, BoardTitle } from './payables.types.js';

// The most lines one bill (or template) carries.
export const MAX_BILL_LINES = 100;

@InputType()
export class BillLineInput {
  @Field(() => ID, { description: 'An expense or asset account (not a control account)' })
  accountId: string;

  @Field(() => MoneyScalar)
  @IsPositive({ message: 'Amounts must be positive' })
  amount: Cents;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.bill_lines.memo, { message: `At most ${L.bill_lines.memo} characters` })
  memo?: string | null;
}

@InputType()
export class CreateBillInput {
  @Field(() => ID)
  vendorId: string;

  @Field(() => String, { nullable: true, description: "The vendor's own invoice number" })
  @IsOptional()
  @MaxLength(L.bills.vendor_invoice_number, {
    message: `At most ${L.bills.vendor_invoice_number} characters`,
  })
  vendorInvoiceNumber?: string | null;

  @Field(() => LocalDateScalar, { description: 'The date on the bill (the entry is dated so)' })
  billDate: string;

  @Field(() => LocalDateScalar)
  dueDate: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.bills.memo, { message: `At most ${L.bills.memo} characters` })
  memo?: string | null;

  @Field(() => [BillLineInput])
  @ArrayMinSize(1, { message: 'A bill needs at least one line' })
  @ArrayMaxSize(MAX_BILL_LINES, { message: `At most ${MAX_BILL_LINES} lines` })
  lines: BillLineInput[];

  @Field(() => ID, { nullable: true, description: 'The capital project the bill pays for' })
  capitalProjectId?: string | null;

  @Field(() => ID, { nullable: true, description: 'The reserve component the bill pays for' })
  reserveComponentId?: string | null;
}

@InputType()
export class BillFilter {
  @Field(() => ID, { nullable: true })
  vendorId?: string | null;

  @Field(() => [BillStatus], { nullable: true })
  status?: BillStatus[] | null;

  @Field(() => [BillApprovalState], { nullable: true })
  approval?: BillApprovalState[] | null;

  @Field(() => LocalDateScalar, { nullable: true, description: 'Due on or before (void excluded)' })
  dueBy?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'Only bills that may (or may not) be paid now',
  })
  payable?: boolean | null;

  @Field(() => String, {
    nullable: true,
    description: "Bill number (BILL-12), vendor name, the vendor's invoice number or the memo",
  })
  @IsOptional()
  @MaxLength(100, { message: 'At most 100 characters' })
  search?: string | null;
}

@InputType()
export class PayablesSettingsInput {
  @Field(() => ID, {
    nullable: true,
    description:
      'Accounts Payable: a liability account with no postings but bills and their payments (omitted: unchanged)',
  })
  payableAccountId?: string | null;

  @Field(() => MoneyScalar, { nullable: true })
  @IsOptional()
  @Min(0, { message: 'The threshold cannot be negative' })
  approvalThreshold?: Cents | null;

  @Field(() => Int, { nullable: true })
  @IsOptional()
  @IsInt()
  @Min(0, { message: 'From 0 to 5' })
  @Max(5, { message: 'From 0 to 5' })
  approvalsRequired?: number | null;

  @Field(() => [BoardTitle], { nullable: true })
  @IsOptional()
  @ArrayMinSize(1, { message: 'Choose at least one board seat' })
  @ArrayUnique({ message: 'A seat is listed twice' })
  approverTitles?: BoardTitle[] | null;
}

@InputType()
export class BillTemplateInput {
  @Field(() => String)
  @Matches(/\S/, { message: 'Name the recurring bill' })
  @MaxLength(L.bill_templates.name, { message: `At most ${L.bill_templates.name} characters` })
  name: string;

  @Field(() => ID)
  vendorId: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.bill_templates.memo, { message: `At most ${L.bill_templates.memo} characters` })
  memo?: string | null;

  @Field(() => [BillLineInput])
  @ArrayMinSize(1, { message: 'A bill needs at least one line' })
  @ArrayMaxSize(MAX_BILL_LINES, { message: `At most ${MAX_BILL_LINES} lines` })
  lines: BillLineInput[];

  @Field(() => BillFrequency)
  frequency: BillFrequency;

  @Field(() => LocalDateScalar, { description: 'The first (next) bill date' })
  nextDate: string;

  @Field(() => Int, { nullable: true, defaultValue: 30 })
  @IsOptional()
  @IsInt()
  @Min(0, { message: 'From 0 to 365 days' })
  @Max(365, { message: 'From 0 to 365 days' })
  dueDays?: number | null;

  @Field(() => Boolean, { nullable: true, defaultValue: true })
  active?: boolean | null;
}
