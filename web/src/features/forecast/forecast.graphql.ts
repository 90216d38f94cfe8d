import { graphql, type ResultOf, type SchemaType } from '@/graphql';

export const CASH_FORECAST_QUERY = graphql(`
  query CashForecast($fund: ForecastFund!, $months: Int!) {
    cashForecast(fund: $fund, months: $months) {
      asOf
      openingAsOf
      fund
      collectionRate
      assumptions
      lowest {
        month
        balance
      }
      months {
        month
        opening
        assessments
        otherIncome
        expenses
        investmentFlows
        capitalProjects
        transfers
        closing
      }
    }
  }
`);

export type CashForecast = ResultOf<typeof CASH_FORECAST_QUERY>['cashForecast'];
export type CashForecastMonth = CashForecast['months'][number];
export type ForecastFund = SchemaType<'ForecastFund'>;
