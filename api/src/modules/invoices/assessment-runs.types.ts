import { GraphQLLocalDate } from 'graphql-scalars';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { MoneyScalar, type Cents } from '../../core/money/money.js';

@ObjectType()
export class AssessmentRunLine {
  @Field(() => String)
  description: string;

  @Field(() => ID)
  accountId: string;

  @Field(() => MoneyScalar)
  amount: Cents;
}

@ObjectType()
export class AssessmentRunInvoice {
  @Field(() => ID)
  unitId: string;

  @Field(() => ID)
  groupId: string;

  @Field(() => String)
  period: string;

  @Field(() => GraphQLLocalDate)
  dueDate: string;

  @Field(() => [AssessmentRunLine])
  lines: AssessmentRunLine[];

  @Field(() => MoneyScalar)
  total: Cents;
}

@ObjectType()
export class AssessmentRunPreview {
  @Field(() => String)
  month: string;

  @Field(() => GraphQLLocalDate)
  issueDate: string;

  @Field(() => [AssessmentRunInvoice])
  invoices: AssessmentRunInvoice[];

  @Field(() => Int)
  count: number;

  @Field(() => MoneyScalar)
  total: Cents;

  @Field(() => Int, { description: 'Units already invoiced for their period (skipped)' })
  alreadyInvoiced: number;
}

@ObjectType()
export class AssessmentRunResult {
  @Field(() => String)
  month: string;

  @Field(() => Int)
  created: number;

  @Field(() => Int)
  skipped: number;

  @Field(() => MoneyScalar)
  total: Cents;
}
