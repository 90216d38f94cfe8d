import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { OrganizationStatus } from '../../core/roles.js';

export enum TenantHealthGrade {
  HEALTHY = 'HEALTHY',
  WATCH = 'WATCH',
  AT_RISK = 'AT_RISK',
}
registerEnumType(TenantHealthGrade, { name: 'TenantHealthGrade' });

export enum TenantHealthOrder {
  SCORE_ASC = 'SCORE_ASC',
  SCORE_DESC = 'SCORE_DESC',
  NAME = 'NAME',
}
registerEnumType(TenantHealthOrder, {
  name: 'TenantHealthOrder',
  description:
    'Order of the organizations; those that could not be scored come last whatever the order',
});

@ObjectType({ description: 'One measure of a health input, as the formula defines it' })
export class TenantHealthMeasure {
  @Field(() => String)
  key: string;

  @Field(() => String)
  label: string;

  @Field(() => Int, { description: 'The value at which the measure counts in full' })
  fullAt: number;

  @Field(() => Int, { description: "The measure's part of its input's sub-score when full" })
  share: number;
}

@ObjectType({ description: 'One input of the health score, as the formula defines it' })
export class TenantHealthFormulaInput {
  @Field(() => String)
  key: string;

  @Field(() => String)
  label: string;

  @Field(() => String)
  description: string;

  @Field(() => Int, { description: 'Weight in the score; the weights sum to 100' })
  weight: number;

  @Field(() => [TenantHealthMeasure])
  measures: TenantHealthMeasure[];
}

@ObjectType()
export class TenantHealthGradeBand {
  @Field(() => TenantHealthGrade)
  grade: TenantHealthGrade;

  @Field(() => String)
  label: string;

  @Field(() => Int, { description: 'Lowest score of the band' })
  min: number;
}

@ObjectType({
  description: 'The health formula: the data the score is computed from, and in words',
})
export class TenantHealthFormula {
  @Field(() => [TenantHealthFormulaInput])
  inputs: TenantHealthFormulaInput[];

  @Field(() => [TenantHealthGradeBand], { description: 'From the top band down' })
  grades: TenantHealthGradeBand[];

  @Field(() => [String], { description: 'The formula in words, one line per rule' })
  text: string[];
}

@ObjectType()
export class TenantHealthMeasureValue {
  @Field(() => String)
  key: string;

  @Field(() => String)
  label: string;

  @Field(() => Int, { description: 'The raw value read (yes/no measures: 1 or 0)' })
  value: number;

  @Field(() => Int)
  fullAt: number;

  @Field(() => Int)
  share: number;
}

@ObjectType({ description: "One input's values and sub-score for an organization" })
export class TenantHealthInputScore {
  @Field(() => String)
  key: string;

  @Field(() => String)
  label: string;

  @Field(() => Int)
  weight: number;

  @Field(() => Int, { description: '0 to 100' })
  subScore: number;

  @Field(() => [TenantHealthMeasureValue])
  measures: TenantHealthMeasureValue[];
}

@ObjectType({ description: "A week's stored health score" })
export class TenantHealthWeek {
  @Field(() => LocalDateScalar, { description: 'The Monday the week starts on (UTC)' })
  weekStart: string;

  @Field(() => Int)
  score: number;
}

@ObjectType({ description: "An organization's health" })
export class TenantHealth {
  @Field(() => ID)
  organizationId: string;

  @Field(() => String)
  name: string;

  @Field(() => OrganizationStatus)
  status: OrganizationStatus;

  @Field(() => Boolean, { description: 'Its books could be read and it has a score' })
  reachable: boolean;

  @Field(() => String, { nullable: true, description: 'Why it could not be scored' })
  problem: string | null;

  @Field(() => Int, { nullable: true, description: '0 to 100; null when it could not be scored' })
  score: number | null;

  @Field(() => TenantHealthGrade, { nullable: true })
  grade: TenantHealthGrade | null;

  @Field(() => [TenantHealthInputScore], { description: 'Empty when it could not be scored' })
  inputs: TenantHealthInputScore[];

  @Field(() => [TenantHealthWeek], {
    description: 'Stored weekly scores of the last 12 weeks (this one included), oldest first',
  })
  history: TenantHealthWeek[];
}

@ObjectType()
export class TenantHealthReport {
  @Field(() => Date)
  computedAt: Date;

  @Field(() => LocalDateScalar, { description: 'The Monday (UTC) of the current week' })
  weekStart: string;

  @Field(() => TenantHealthFormula)
  formula: TenantHealthFormula;

  @Field(() => [TenantHealth])
  organizations: TenantHealth[];
}
