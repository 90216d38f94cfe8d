import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type { LocalDate, Money, PageInfo } from '@/apollo/types';
import type { AccountRef } from '@/features/assessments/assessments.graphql';
import type { UnitRef } from '@/features/invoices/invoices.graphql';

export type PaymentMethod = 'CHECK' | 'ACH' | 'CARD' | 'CASH' | 'OTHER';
export type PaymentStatus = 'POSTED' | 'VOID';

export interface PaymentApplication {
  invoiceId: string;
  paymentId: string;
  amount: Money;
  date: LocalDate;
  invoice: { id: string; number: number; period: string | null; kind: string };
}

export interface Payment {
  id: string;
  number: number;
  unitId: string;
  unit: UnitRef;
  date: LocalDate;
  amount: Money;
  method: PaymentMethod;
  reference: string | null;
  memo: string | null;
  depositAccountId: string;
  depositAccount: AccountRef;
  applications: PaymentApplication[];
  unapplied: Money;
  status: PaymentStatus;
  journalEntryId: string;
  voidEntryId: string | null;
  createdAt: string;
}

export interface PaymentFilter {
  unitId?: string;
  from?: LocalDate;
  to?: LocalDate;
  status?: PaymentStatus;
}

export interface PaymentConnection {
  pageInfo: PageInfo;
  totalCount: number;
  edges: { cursor: string; node: Payment }[];
}

export interface RecordPaymentInput {
  unitId: string;
  date: LocalDate;
  amount: Money;
  method: PaymentMethod;
  reference: string | null;
  memo: string | null;
  /** Applied in this order; omitted: oldest open invoices first. */
  invoiceIds?: string[];
  /** Omitted: the receivables settings' deposit account. */
  depositAccountId?: string;
}

const PAYMENT_FIELDS = gql`
  fragment PaymentFields on Payment {
    id
    number
    unitId
    unit {
      id
      number
      ownerName
    }
    date
    amount
    method
    reference
    memo
    depositAccountId
    depositAccount {
      id
      number
      name
    }
    applications {
      invoiceId
      paymentId
      amount
      date
      invoice {
        id
        number
        period
        kind
      }
    }
    unapplied
    status
    journalEntryId
    voidEntryId
    createdAt
  }
`;

export const PAYMENTS_PAGE_SIZE = 50;

export const PAYMENTS_QUERY: TypedDocumentNode<
  { payments: PaymentConnection },
  { filter?: PaymentFilter; first?: number; after?: string | null }
> = gql`
  query Payments($filter: PaymentFilter, $first: Int! = 50, $after: String) {
    payments(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...PaymentFields
        }
      }
    }
  }
  ${PAYMENT_FIELDS}
`;

export const RECORD_PAYMENT_MUTATION: TypedDocumentNode<
  { recordPayment: Payment },
  { input: RecordPaymentInput }
> = gql`
  mutation RecordPayment($input: RecordPaymentInput!) {
    recordPayment(input: $input) {
      ...PaymentFields
    }
  }
  ${PAYMENT_FIELDS}
`;

export const VOID_PAYMENT_MUTATION: TypedDocumentNode<
  { voidPayment: Payment },
  { id: string; date?: LocalDate | null }
> = gql`
  mutation VoidPayment($id: ID!, $date: LocalDate) {
    voidPayment(id: $id, date: $date) {
      ...PaymentFields
    }
  }
  ${PAYMENT_FIELDS}
`;
