import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type { LocalDate, Money } from '@/apollo/types';

export interface AgingBuckets {
  current: Money;
  days1to30: Money;
  days31to60: Money;
  days61to90: Money;
  over90: Money;
  /** Negative: unapplied payments. */
  credit: Money;
  total: Money;
}

export interface AgingRow {
  unitId: string;
  unit: { id: string; number: string; ownerName: string | null };
  buckets: AgingBuckets;
}

export interface AgingReport {
  asOf: LocalDate;
  rows: AgingRow[];
  totals: AgingBuckets;
  receivableAccountId: string;
  receivableBalance: Money;
}

const BUCKETS = gql`
  fragment AgingBucketFields on AgingBuckets {
    current
    days1to30
    days31to60
    days61to90
    over90
    credit
    total
  }
`;

export const AGING_REPORT_QUERY: TypedDocumentNode<
  { agingReport: AgingReport },
  { asOf: LocalDate }
> = gql`
  query AgingReport($asOf: LocalDate!) {
    agingReport(asOf: $asOf) {
      asOf
      receivableAccountId
      receivableBalance
      rows {
        unitId
        unit {
          id
          number
          ownerName
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
  ${BUCKETS}
`;

export const AGING_COLUMNS: { key: keyof AgingBuckets; label: string }[] = [
  { key: 'current', label: 'Current' },
  { key: 'days1to30', label: '1–30 days' },
  { key: 'days31to60', label: '31–60 days' },
  { key: 'days61to90', label: '61–90 days' },
  { key: 'over90', label: 'Over 90 days' },
  { key: 'credit', label: 'Credit' },
  { key: 'total', label: 'Total' },
];
