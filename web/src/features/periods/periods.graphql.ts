import { graphql, type ResultOf } from '@/graphql';

export const PERIODS_QUERY = graphql(`
  query Periods {
    periods {
      closedThrough
      nextToClose
      months {
        month
        start
        end
        fiscalYear
        status
        ended
        entries
        closable
        reopenable
        close {
          id
          closedAt
          closedBy
          overrideReason
          unreconciled
        }
        bankAccounts {
          accountId
          name
          reconciled
          reconciledThrough
        }
      }
      years {
        fiscalYear
        start
        end
        status
        closable
        close {
          id
          closedAt
          closedBy
        }
      }
      history {
        id
        kind
        start
        end
        closedAt
        closedBy
        overrideReason
        reopenedAt
        reopenedBy
        reopenReason
      }
    }
  }
`);
export type PeriodsData = ResultOf<typeof PERIODS_QUERY>['periods'];
export type PeriodMonth = PeriodsData['months'][number];
export type PeriodYear = PeriodsData['years'][number];
export type PeriodHistory = PeriodsData['history'][number];

export const CLOSE_MONTH_MUTATION = graphql(`
  mutation CloseMonth($input: ClosePeriodInput!) {
    closeMonth(input: $input) {
      closedThrough
    }
  }
`);

export const CLOSE_FISCAL_YEAR_MUTATION = graphql(`
  mutation CloseFiscalYear($fiscalYear: Int!) {
    closeFiscalYear(fiscalYear: $fiscalYear) {
      closedThrough
    }
  }
`);

export const REOPEN_MONTH_MUTATION = graphql(`
  mutation ReopenMonth($input: ReopenPeriodInput!) {
    reopenMonth(input: $input) {
      closedThrough
    }
  }
`);
