import { IsEmail, IsOptional, Length, Matches, MaxLength, ValidateIf } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';

// US taxpayer ids: an EIN (12-3456789) or an SSN (123-45-6789), dashes optional.
export const TAX_ID = /^(\d{9}|\d{2}-\d{7}|\d{3}-\d{2}-\d{4})$/;
const TAX_ID_MESSAGE = 'Enter a 9-digit EIN (12-3456789) or SSN (123-45-6789)';
const EMAIL_MESSAGE = 'Enter an email address like billing@example.com';
const PHONE = /^[0-9+().\-\s/x#]*$/i;
const PHONE_MESSAGE = 'Use digits, spaces and + ( ) - . only';

// An empty string means "none" for the optional text fields, so it skips the format checks.
const given = (value: unknown) => value !== undefined && value !== null && value !== '';

// The fields a vendor is created and edited with, and their checks: the create and update inputs
// differ only in whether a name is required (and in the create input's field descriptions).
@InputType()
abstract class VendorFieldsInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.vendors.contact_name, {
    message: `Contact name must be at most ${L.vendors.contact_name} characters`,
  })
  contactName?: string | null;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: VendorFieldsInput) => given(o.email))
  @MaxLength(L.vendors.email, { message: `Email must be at most ${L.vendors.email} characters` })
  @IsEmail({}, { message: EMAIL_MESSAGE })
  email?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.vendors.phone, { message: `Phone must be at most ${L.vendors.phone} characters` })
  @Matches(PHONE, { message: PHONE_MESSAGE })
  phone?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.vendors.address, {
    message: `Address must be at most ${L.vendors.address} characters`,
  })
  address?: string | null;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: VendorFieldsInput) => given(o.taxId))
  @Matches(TAX_ID, { message: TAX_ID_MESSAGE })
  taxId?: string | null;

  @Field(() => ID, { nullable: true })
  defaultExpenseAccountId?: string | null;

  @Field(() => Boolean, { nullable: true })
  is1099?: boolean | null;
}

@InputType()
export class CreateVendorInput extends VendorFieldsInput {
  @Field(() => String)
  @Length(1, 120, { message: 'Name must be 1 to 120 characters' })
  name: string;

  // The same fields and checks as above, with the descriptions the create input documents.
  @Field(() => String, {
    nullable: true,
    description:
      'EIN or SSN, 9 digits, dashes allowed. Stored sealed; returned masked, whole only to organization admins in the 1099 report',
  })
  override taxId?: string | null;

  @Field(() => ID, { nullable: true, description: 'An expense account of this association' })
  override defaultExpenseAccountId?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Receives a Form 1099 (default false)' })
  override is1099?: boolean | null;
}

@InputType({
  description:
    'Only the fields given change; null or "" clears an optional field. taxId: omit it to keep the stored one, "" clears it',
})
export class UpdateVendorInput extends VendorFieldsInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 120, { message: 'Name must be 1 to 120 characters' })
  name?: string | null;
}
