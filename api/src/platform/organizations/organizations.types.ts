import { Field, ID, Int, ObjectType } from 'type-graphql';

@ObjectType({
  description:
    'An association\'s calendar: the time zone its "today" is read in and the first month of its fiscal year',
})
export class OrganizationCalendar {
  @Field(() => ID, { description: 'The organization id' })
  organizationId: string;

  @Field(() => String, { description: 'IANA time zone name, e.g. America/Chicago' })
  timeZone: string;

  @Field(() => Int, {
    description:
      'First month of the fiscal year (1 = January … 12 = December); a fiscal year is named by the calendar year it ends in',
  })
  fiscalYearStartMonth: number;
}
