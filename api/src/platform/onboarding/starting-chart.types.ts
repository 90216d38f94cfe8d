import { Field, ObjectType, registerEnumType } from 'type-graphql';
import {
  Account,
  AccountForecastRole,
  AccountType,
  FundType,
} from '../../modules/accounts/index.js';

export enum StartingChart {
  STANDARD = 'standard',
  MINIMAL = 'minimal',
}
registerEnumType(StartingChart, {
  name: 'StartingChart',
  description: 'The chart of accounts a new association starts with',
  valuesConfig: {
    STANDARD: {
      description:
        'The standard HOA chart: operating and reserve funds, the usual income and expense lines, fund balances and the operating → reserve transfer (see standardChartOfAccounts)',
    },
    MINIMAL: {
      description:
        'An empty chart: the setup wizard and the pages add accounts as they need them, or a chart is imported from CSV',
    },
  },
});

@ObjectType({ description: 'An account of the standard HOA chart of accounts' })
export class ChartTemplateAccount {
  @Field(() => String)
  number: string;

  @Field(() => String)
  name: string;

  @Field(() => AccountType)
  type: AccountType;

  @Field(() => FundType)
  fundType: FundType;

  @Field(() => String, { nullable: true })
  description: string | null;

  @Field(() => AccountForecastRole, { nullable: true })
  forecastRole: AccountForecastRole | null;

  @Field(() => Boolean, {
    description:
      'An interfund transfer account (the operating → reserve transfer): reports show it as a transfer between funds',
  })
  interfundTransfer: boolean;

  @Field(() => String, {
    nullable: true,
    description:
      'Who keeps it when it is a control account ("invoices and payments", "payments"); null for an ordinary account',
  })
  keptBy: string | null;
}

@ObjectType({ description: 'An account of the standard chart that was not added, and why' })
export class SkippedChartAccount {
  @Field(() => String)
  number: string;

  @Field(() => String)
  name: string;

  @Field(() => String, { description: 'e.g. "Number 1010 is taken by Operating Cash"' })
  reason: string;
}

@ObjectType({ description: 'What adding the standard chart did' })
export class StandardChartResult {
  @Field(() => [Account], { description: 'The accounts added, by number' })
  created: Account[];

  @Field(() => [SkippedChartAccount], {
    description: 'Accounts of the standard chart the chart already had (by number or by name)',
  })
  skipped: SkippedChartAccount[];
}
