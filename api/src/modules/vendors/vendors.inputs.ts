import { IsEmail, IsOptional, Length, Matches, MaxLength, ValidateIf } from 'class-validator';
import { Field, ID, InputType } from 'type-graphql';

// US taxpayer ids: an EIN (12-3456789) or an SSN (123-45-6789), dashes optional.
export const TAX_ID = /^(\d{9}|\d{2}-\d{7}|\d{3}-\d{2}-\d{4})$/;
const TAX_ID_MESSAGE = 'Enter a 9-digit EIN (12-3456789) or SSN (123-45-6789)';
const EMAIL_MESSAGE = 'Enter an email address like billing@example.com';
const PHONE = /^[0-9+().\-\s/x#]*$/i;
const PHONE_MESSAGE = 'Use digits, spaces and + ( ) - . only';

// An empty string means "none" for the optional text fields, so it skips the format checks.
const given = (value: unknown) => value !== undefined && value !== null && value !== '';

@InputType()
export class CreateVendorInput {
  @Field(() => String)
  @Length(1, 120, { message: 'Name must be 1 to 120 characters' })
  name: string;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(120, { message: 'Contact name must be at most 120 characters' })
  contactName?: string | null;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: CreateVendorInput) => given(o.email))
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @IsEmail({}, { message: EMAIL_MESSAGE })
  email?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(40, { message: 'Phone must be at most 40 characters' })
  @Matches(PHONE, { message: PHONE_MESSAGE })
  phone?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(500, { message: 'Address must be at most 500 characters' })
  address?: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'EIN or SSN, 9 digits, dashes allowed. Stored; only ever returned masked',
  })
  @ValidateIf((o: CreateVendorInput) => given(o.taxId))
  @Matches(TAX_ID, { message: TAX_ID_MESSAGE })
  taxId?: string | null;

  @Field(() => ID, { nullable: true, description: 'An expense account of this association' })
  defaultExpenseAccountId?: string | null;

  @Field(() => Boolean, { nullable: true, description: 'Receives a Form 1099 (default false)' })
  is1099?: boolean | null;
}

@InputType({
  description:
    'Only the fields given change; null or "" clears an optional field. taxId: omit it to keep the stored one, "" clears it',
})
export class UpdateVendorInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 120, { message: 'Name must be 1 to 120 characters' })
  name?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(120, { message: 'Contact name must be at most 120 characters' })
  contactName?: string | null;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: UpdateVendorInput) => given(o.email))
  @MaxLength(254, { message: 'Email must be at most 254 characters' })
  @IsEmail({}, { message: EMAIL_MESSAGE })
  email?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(40, { message: 'Phone must be at most 40 characters' })
  @Matches(PHONE, { message: PHONE_MESSAGE })
  phone?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(500, { message: 'Address must be at most 500 characters' })
  address?: string | null;

  @Field(() => String, { nullable: true })
  @ValidateIf((o: UpdateVendorInput) => given(o.taxId))
  @Matches(TAX_ID, { message: TAX_ID_MESSAGE })
  taxId?: string | null;

  @Field(() => ID, { nullable: true })
  defaultExpenseAccountId?: string | null;

  @Field(() => Boolean, { nullable: true })
  is1099?: boolean | null;
}
