import { ValidateIf } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { AtMost, Filled, given, TrimmedEmail } from '../../core/validation.js';

// A unit as it is created or edited, and as each row of a CSV import is checked
// (unit-import.service.ts validates rows against this class).
@InputType()
export class UnitInput {
  @Field(() => String)
  @Filled('Enter the unit number')
  @AtMost(40)
  number: string;

  @Field(() => String, { nullable: true })
  @AtMost(300)
  address?: string | null;

  @Field(() => String, { nullable: true })
  @AtMost(200)
  ownerName?: string | null;

  @Field(() => String, { nullable: true })
  @ValidateIf((u: UnitInput) => given(u.email))
  @TrimmedEmail('Enter a valid email address')
  email?: string | null;

  @Field(() => String, { nullable: true })
  @AtMost(40)
  phone?: string | null;

  @Field(() => ID)
  propertyTypeId: string;

  @Field(() => ID)
  assessmentGroupId: string;
}

@InputType()
export class UnitFilter {
  @Field(() => String, { nullable: true, description: 'Unit number, owner, address or email' })
  search?: string | null;

  @Field(() => ID, { nullable: true })
  assessmentGroupId?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Only units that owe money' })
  withBalance?: boolean | null;
}
