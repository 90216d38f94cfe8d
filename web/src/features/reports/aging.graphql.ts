import { graphql, type ResultOf } from '@/graphql';
import { UNIT_REF_FIELDS } from '@/features/units';

const BUCKETS = graphql(`
  fragment AgingBucketFields on AgingBuckets {
    current
    days1to30
    days31to60
    days61to90
    over90
    credit
    total
  }
`);

/**
 * `total` is what is owed (the sum of the aged buckets); `credit` (negative) is owners' unapplied
 * money, held in Prepaid Assessments and not netted into the total.
 */
export type AgingBuckets = ResultOf<typeof BUCKETS>;

export const AGING_REPORT_QUERY = graphql(
  `
    query AgingReport($asOf: LocalDate!) {
      agingReport(asOf: $asOf) {
        asOf
        receivableAccountId
        receivableBalance
        prepaidAccountId
        prepaidBalance
        rows {
          unitId
          unit {
            ...UnitRefFields
          }
          buckets {
            ...AgingBucketFields
          }
        }
        totals {
          ...AgingBucketFields
        }
      }
    }
  `,
  [BUCKETS, UNIT_REF_FIELDS],
);

export type AgingReport = ResultOf<typeof AGING_REPORT_QUERY>['agingReport'];
export type AgingRow = AgingReport['rows'][number];

export const AGING_COLUMNS: { key: keyof AgingBuckets; label: string }[] = [
  { key: 'current', label: 'Current' },
  { key: 'days1to30', label: '1–30 days' },
  { key: 'days31to60', label: '31–60 days' },
  { key: 'days61to90', label: '61–90 days' },
  { key: 'over90', label: 'Over 90 days' },
  { key: 'total', label: 'Total owed' },
  { key: 'credit', label: 'Credit' },
];
