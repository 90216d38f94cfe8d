import { IsDefined, IsOptional, Length, Matches, MaxLength, ValidateIf } from 'class-validator';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { Field, InputType } from 'type-graphql';
import { MoneyScalar, type Cents } from '../../core/money/money.js';
import { AccountForecastRole, AccountType, FundType } from './accounts.entity.js';
import { TENANT_TEXT_LIMITS as L } from '@covenant/shared/text-limits';

// Not only spaces (an empty name is left to the length check, so it gets one message).
const NOT_BLANK = /^$|\S/;

// The field the create and update inputs check alike; both extend it. No argument takes it, so
// the schema holds only the two inputs.
@InputType('AccountDescriptionInput')
abstract class AccountDescriptionInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @MaxLength(L.accounts.description, {
    message: `Description must be at most ${L.accounts.description} characters`,
  })
  description?: string | null;
}

@InputType()
export class CreateAccountInput extends AccountDescriptionInput {
  @Field(() => String, { description: 'Up to 20 letters, digits, dots or dashes, e.g. "1010"' })
  @Matches(/^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$/, {
    message: 'Use up to 20 letters, digits, dots or dashes, starting with a letter or digit',
  })
  number: string;

  @Field(() => String)
  @Length(1, 120, { message: 'Name must be 1 to 120 characters' })
  @Matches(NOT_BLANK, { message: 'Name is required' })
  name: string;

  @Field(() => AccountType)
  type: AccountType;

  @Field(() => FundType)
  fundType: FundType;

  @Field(() => AccountForecastRole, {
    nullable: true,
    description: 'What it does in the forecasts; each role needs its own type and fund',
  })
  forecastRole?: AccountForecastRole | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'An interfund transfer account (income or expense only). When not given: true for the reserve-transfer and reserve-contribution roles, else false',
  })
  interfundTransfer?: boolean | null;

  @Field(() => MoneyScalar, {
    nullable: true,
    description:
      "Opening balance in the account's normal direction; posts an opening-balance entry against the fund's opening balance equity",
  })
  initialBalance?: Cents | null;

  @Field(() => LocalDateScalar, { nullable: true, description: 'Date of the opening balance' })
  // IsDefined: type-graphql skips missing properties for every other validator.
  @ValidateIf((i: CreateAccountInput) => !!i.initialBalance)
  @IsDefined({ message: 'Give the date of the opening balance' })
  openingDate?: string | null;
}

@InputType({ description: 'Only the fields given change' })
export class UpdateAccountInput extends AccountDescriptionInput {
  @Field(() => String, { nullable: true })
  @IsOptional()
  @Matches(/^[0-9A-Za-z][0-9A-Za-z.-]{0,19}$/, {
    message: 'Use up to 20 letters, digits, dots or dashes, starting with a letter or digit',
  })
  number?: string | null;

  @Field(() => String, { nullable: true })
  @IsOptional()
  @Length(1, 120, { message: 'Name must be 1 to 120 characters' })
  @Matches(NOT_BLANK, { message: 'Name is required' })
  name?: string | null;

  @Field(() => AccountType, { nullable: true })
  type?: AccountType | null;

  @Field(() => FundType, { nullable: true })
  fundType?: FundType | null;

  @Field(() => AccountForecastRole, {
    nullable: true,
    description:
      'What it does in the forecasts (null clears it); it must suit the type and fund the account ends with',
  })
  forecastRole?: AccountForecastRole | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'Mark or unmark it as an interfund transfer account (income or expense only); every report, past periods too, shows it that way from then on',
  })
  interfundTransfer?: boolean | null;

  @Field(() => LocalDateScalar, {
    nullable: true,
    description:
      'Needed to change the type or fund of an account that has postings: the day the change takes effect, after its latest posting. Reports before it keep the old type and fund; an entry dated then moves the balance (with interfund lines when the fund changes), and postings dated before it are refused from then on.',
  })
  effectiveDate?: string | null;
}
