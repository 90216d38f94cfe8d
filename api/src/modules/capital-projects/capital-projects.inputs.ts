import { IsInt, IsOptional, Length, Max, MaxLength, Min } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { type Cents, MoneyScalar } from '../../core/money/money.js';
import { TENANT_TEXT_LIMITS } from '@covenant/shared/text-limits';
import {
  CapitalProjectCategory,
  CapitalProjectFunding,
  CapitalProjectPriority,
  CapitalProjectStatus,
} from './capital-projects.types.js';

const L = TENANT_TEXT_LIMITS.capital_projects;
const YEAR_MESSAGE = 'Enter a fiscal year between 1900 and 2200';

// The fields a project is created and edited with; create requires a name, a category, a cost and
// a funding source, update changes only the fields given.
@InputType()
abstract class CapitalProjectFieldsInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.description, { message: `Description must be at most ${L.description} characters` })
  description?: string | null;

  @Field(() => CapitalProjectPriority, { nullable: true, description: 'Omitted on create: MEDIUM' })
  priority?: CapitalProjectPriority | null;

  @Field(() => CapitalProjectStatus, { nullable: true, description: 'Omitted on create: PLANNED' })
  status?: CapitalProjectStatus | null;

  @Field(() => Int, { nullable: true, description: 'Fiscal year; null = Future' })
  @IsOptional()
  @IsInt({ message: YEAR_MESSAGE })
  @Min(1900, { message: YEAR_MESSAGE })
  @Max(2200, { message: YEAR_MESSAGE })
  targetYear?: number | null;

  @Field(() => ID, { nullable: true, description: 'A reserve component of this association' })
  reserveComponentId?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.notes, { message: `Notes must be at most ${L.notes} characters` })
  notes?: string | null;
}

@InputType({ description: 'A new project, placed last in its column' })
export class CreateCapitalProjectInput extends CapitalProjectFieldsInput {
  @Field(() => String)
  @Length(1, L.name, { message: `Name must be 1 to ${L.name} characters` })
  name: string;

  @Field(() => CapitalProjectCategory)
  category: CapitalProjectCategory;

  @Field(() => MoneyScalar)
  @Min(0, { message: 'The estimated cost cannot be negative' })
  estimatedCost: Cents;

  @Field(() => CapitalProjectFunding)
  fundingSource: CapitalProjectFunding;
}

@InputType({
  description:
    'Only the fields given change; null or "" clears an optional field (targetYear null = Future). A new target year places the project last in its new column',
})
export class UpdateCapitalProjectInput extends CapitalProjectFieldsInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, L.name, { message: `Name must be 1 to ${L.name} characters` })
  name?: string | null;

  @Field(() => CapitalProjectCategory, { nullable: true })
  category?: CapitalProjectCategory | null;

  @Field(() => MoneyScalar, { nullable: true })
  @IsOptional()
  @Min(0, { message: 'The estimated cost cannot be negative' })
  estimatedCost?: Cents | null;

  @Field(() => CapitalProjectFunding, { nullable: true })
  fundingSource?: CapitalProjectFunding | null;
}
