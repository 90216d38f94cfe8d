import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Field, ID, ObjectType } from 'type-graphql';
import { AccountType, FundType } from './accounts.entity.js';

@ObjectType({
  description:
    'A change of type or fund of an account that had postings: reports before `effectiveDate` keep the old ones',
})
export class AccountReclassification {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  accountId: string;

  @Field(() => LocalDateScalar, { description: 'The first day of the new type and fund' })
  effectiveDate: string;

  @Field(() => AccountType)
  fromType: AccountType;

  @Field(() => FundType)
  fromFundType: FundType;

  @Field(() => AccountType)
  toType: AccountType;

  @Field(() => FundType)
  toFundType: FundType;

  @Field(() => ID, {
    nullable: true,
    description:
      'The entry (source RECLASSIFICATION, dated effectiveDate) moving the balance; null when the balance was zero',
  })
  entryId: string | null;

  @Field(() => Date)
  createdAt: Date;
}
