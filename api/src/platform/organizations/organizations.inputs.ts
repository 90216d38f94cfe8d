import { IsInt, Max, Min, ValidateBy } from 'class-validator';
import { Field, ID, InputType, Int } from 'type-graphql';
import { isTimeZone } from '../../core/dates.js';

const MONTH_MESSAGE = 'Use a month from 1 (January) to 12 (December)';

@InputType({ description: "An association's time zone and fiscal-year start" })
export class OrganizationCalendarInput {
  @Field(() => ID, {
    nullable: true,
    description: 'The organization to change (super admins); omit for the current organization',
  })
  organizationId?: string | null;

  @Field(() => String, { description: 'IANA time zone name, e.g. America/Chicago' })
  @ValidateBy({
    name: 'timeZone',
    validator: {
      validate: (v) => typeof v === 'string' && isTimeZone(v),
      defaultMessage: () => 'Use a time zone name like America/Chicago',
    },
  })
  timeZone: string;

  @Field(() => Int, { description: 'First month of the fiscal year, 1 (January) to 12' })
  @IsInt({ message: MONTH_MESSAGE })
  @Min(1, { message: MONTH_MESSAGE })
  @Max(12, { message: MONTH_MESSAGE })
  fiscalYearStartMonth: number;
}
