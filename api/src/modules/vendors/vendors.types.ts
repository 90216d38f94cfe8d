import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { MoneyScalar, type Total } from '../../core/money/money.js';

@ObjectType({
  description: 'A company or person the association pays. Vendors are deactivated, never deleted',
})
export class Vendor {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => String, { nullable: true })
  contactName: string | null;

  @Field(() => String, { nullable: true })
  email: string | null;

  @Field(() => String, { nullable: true })
  phone: string | null;

  @Field(() => String, { nullable: true, description: 'Postal address, may span lines' })
  address: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'The tax id (EIN or SSN) masked to its last four digits, e.g. "•••••6789"',
  })
  taxIdMasked: string | null;

  @Field(() => Boolean, { description: 'True when a tax id is on file' })
  hasTaxId: boolean;

  @Field(() => Boolean, { description: 'Receives a Form 1099 at year end' })
  is1099: boolean;

  @Field(() => Boolean, { description: 'Inactive vendors cannot be named on new entries' })
  active: boolean;

  @Field(() => ID, { nullable: true })
  defaultExpenseAccountId: string | null;

  @Field(() => Date)
  createdAt: Date;
}

@ObjectType({ description: "A vendor's net spend over a period" })
export class VendorSpendRow {
  @Field(() => Vendor)
  vendor: Vendor;

  @Field(() => MoneyScalar, {
    description: 'Debits less credits to expense accounts on entries naming the vendor',
  })
  total: Total;

  @Field(() => Int, {
    description: 'Entries naming the vendor in the period (reversals included)',
  })
  entryCount: number;
}

@InputType()
export class VendorFilter {
  @Field(() => String, { nullable: true, description: 'Name, contact or email contains' })
  search?: string | null;

  @Field(() => Boolean, { nullable: true, defaultValue: false })
  includeInactive?: boolean | null;
}

// Shared by the spend arguments: a period of entry dates, both ends included.
export interface Period {
  from?: string | null;
  to?: string | null;
}
