import { ValidateIf } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { AtMost, Filled, given, TrimmedEmail } from '../../core/validation.js';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';

// A unit as it is created or edited, and as each row of a CSV import is checked
// (unit-import.service.ts validates rows against this class).
@InputType()
export class UnitInput {
  @Field(() => String)
  @Filled('Enter the unit number')
  @AtMost(L.units.number)
  number: string;

  @Field(() => String, { nullable: true })
  @AtMost(L.units.address)
  address?: string | null;

  @Field(() => String, { nullable: true })
  @AtMost(L.units.owner_name)
  ownerName?: string | null;

  @Field(() => String, { nullable: true })
  @ValidateIf((u: UnitInput) => given(u.email))
  @TrimmedEmail('Enter a valid email address')
  @AtMost(L.units.email)
  email?: string | null;

  @Field(() => String, { nullable: true })
  @AtMost(L.units.phone)
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
