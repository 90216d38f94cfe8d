import { Field, Int, ObjectType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { MoneyScalar, type Total } from '../../core/money/money.js';
import { Vendor } from '../vendors/index.js';

@ObjectType({ description: 'What one vendor flagged for Form 1099 was paid in a calendar year' })
export class Tax1099Row {
  @Field(() => Vendor)
  vendor: Vendor;

  // Resolved by Tax1099RowResolver.taxId: organization admins only (permission field rule).
  vendorId: string;

  @Field(() => String, {
    nullable: true,
    description: 'The last four digits of the tax id on file (null: none on file)',
  })
  taxIdLast4: string | null;

  @Field(() => MoneyScalar, {
    description:
      'Paid in the year: bill payments dated in it (not void; checks, ACH and card) plus the spending outside payables (directPaid)',
  })
  paid: Total;

  @Field(() => MoneyScalar, {
    description:
      'Spending outside payables, by the vendor-spend rule: debits less credits to expense accounts on entries naming the vendor, dated in the year, not owned by a bill or a bill payment (reversals net out)',
  })
  directPaid: Total;

  @Field(() => MoneyScalar, {
    description:
      'Bill payments made by card: reported by the card processor on Form 1099-K, so not on the 1099-NEC',
  })
  cardPaid: Total;

  @Field(() => MoneyScalar, { description: 'paid − cardPaid: Box 1 of the 1099-NEC' })
  reportable: Total;

  @Field(() => Int, { description: 'Bill payments dated in the year (not void)' })
  paymentCount: number;

  @Field(() => Int, {
    description: 'Entries outside payables naming the vendor in the year (reversals included)',
  })
  entryCount: number;

  @Field(() => Boolean, { description: 'reportable is at least the year’s filing threshold' })
  overThreshold: boolean;

  @Field(() => Boolean, {
    description: 'Something is reportable and no tax id is on file (ask the vendor for a W-9)',
  })
  missingTaxId: boolean;
}

@ObjectType({
  description:
    'The 1099-NEC year: every vendor flagged for Form 1099 (active or not) with what it was paid in the calendar year by payment date, card payments apart, against the year’s filing threshold',
})
export class Tax1099Year {
  @Field(() => Int)
  year: number;

  @Field(() => LocalDateScalar)
  from: string;

  @Field(() => LocalDateScalar)
  to: string;

  @Field(() => MoneyScalar, {
    description:
      'Form 1099-NEC filing threshold for payments made in the year: $600 through 2025, $2,000 from 2026 (One Big Beautiful Bill Act, 2025)',
  })
  threshold: Total;

  @Field(() => [Tax1099Row], { description: 'By vendor name' })
  rows: Tax1099Row[];

  @Field(() => MoneyScalar, { description: 'Σ reportable' })
  total: Total;

  @Field(() => MoneyScalar, { description: 'Σ cardPaid' })
  cardTotal: Total;

  @Field(() => Int, { description: 'Vendors to file a 1099-NEC for (over the threshold)' })
  overThresholdCount: number;

  @Field(() => Int, { description: 'Rows with missingTaxId' })
  missingTaxIdCount: number;
}
