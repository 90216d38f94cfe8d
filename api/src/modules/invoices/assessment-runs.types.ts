import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { MoneyScalar, type Cents } from '../../core/money/money.js';
import { InvoiceLineFields, RunPreviewTotals, RunResultTotals } from './invoices.types.js';

@ObjectType()
export class AssessmentRunLine extends InvoiceLineFields {}

@ObjectType()
export class AssessmentRunInvoice {
  @Field(() => ID)
  unitId: string;

  @Field(() => ID)
  groupId: string;

  @Field(() => String)
  period: string;

  @Field(() => LocalDateScalar)
  dueDate: string;

  @Field(() => [AssessmentRunLine])
  lines: AssessmentRunLine[];

  @Field(() => MoneyScalar)
  total: Cents;
}

@ObjectType()
export class AssessmentRunPreview extends RunPreviewTotals {
  @Field(() => String)
  month: string;

  @Field(() => LocalDateScalar)
  issueDate: string;

  @Field(() => [AssessmentRunInvoice])
  invoices: AssessmentRunInvoice[];

  @Field(() => Int, { description: 'Units already invoiced for their period (skipped)' })
  alreadyInvoiced: number;
}

@ObjectType()
export class AssessmentRunResult extends RunResultTotals {
  @Field(() => String)
  month: string;
}
