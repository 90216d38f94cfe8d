import { graphql, type ResultOf, type SchemaType, type VariablesOf } from '@/graphql';
import { PAGE_INFO_FIELDS } from '@/apollo/connection.graphql';
import { UNIT_REF_FIELDS } from '@/features/units';

export type PaymentMethod = SchemaType<'PaymentMethod'>;
export type PaymentStatus = SchemaType<'PaymentStatus'>;
export type PaymentFilter = SchemaType<'PaymentFilter'>;

const PAYMENT_FIELDS = graphql(
  `
    fragment PaymentFields on Payment {
      id
      number
      unitId
      unit {
        ...UnitRefFields
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
  `,
  [UNIT_REF_FIELDS],
);

export type Payment = ResultOf<typeof PAYMENT_FIELDS>;
export type PaymentApplication = Payment['applications'][number];

export const PAYMENTS_PAGE_SIZE = 50;

export const PAYMENTS_QUERY = graphql(
  `
    query Payments($filter: PaymentFilter, $first: Int! = 50, $after: String) {
      payments(filter: $filter, first: $first, after: $after) {
        totalCount
        edges {
          cursor
          node {
            ...PaymentFields
          }
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [PAYMENT_FIELDS, PAGE_INFO_FIELDS],
);

export type PaymentConnection = ResultOf<typeof PAYMENTS_QUERY>['payments'];

export const RECORD_PAYMENT_MUTATION = graphql(
  `
    mutation RecordPayment($input: RecordPaymentInput!) {
      recordPayment(input: $input) {
        ...PaymentFields
      }
    }
  `,
  [PAYMENT_FIELDS],
);

/**
 * `invoiceIds` are applied in this order (omitted: oldest open invoices first); an omitted
 * `depositAccountId` is the receivables settings' deposit account.
 */
export type RecordPaymentInput = VariablesOf<typeof RECORD_PAYMENT_MUTATION>['input'];

export const VOID_PAYMENT_MUTATION = graphql(
  `
    mutation VoidPayment($id: ID!, $date: LocalDate) {
      voidPayment(id: $id, date: $date) {
        ...PaymentFields
      }
    }
  `,
  [PAYMENT_FIELDS],
);
