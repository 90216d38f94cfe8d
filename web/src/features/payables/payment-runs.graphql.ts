import type { ApolloCache } from '@apollo/client/core';
import { DOCUMENT_FIELDS } from '@/features/documents';
import { graphql, type ResultOf, type SchemaType } from '@/graphql';
import { evictPayables } from './bills';

export type PaymentMethod = SchemaType<'VendorPaymentMethod'>;

// The bills a run may pay: approved (or needing no approval), open or partly paid, due by the
// pay-through date. Read page by page (PAYABLE_BILLS_PAGE each) until the last.
export const PAYABLE_BILLS_PAGE = 100;
export const PAYABLE_BILLS_QUERY = graphql(`
  query PayableBills($dueBy: LocalDate!, $first: Int!, $after: String) {
    bills(filter: { payable: true, dueBy: $dueBy }, first: $first, after: $after) {
      edges {
        node {
          id
          number
          vendorId
          vendor {
            id
            name
          }
          vendorInvoiceNumber
          billDate
          dueDate
          memo
          total
          paid
          balance
          overdue
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);
export type PayableBillsPage = ResultOf<typeof PAYABLE_BILLS_QUERY>;
export type PayableBill = PayableBillsPage['bills']['edges'][number]['node'];

// The accounts a run may pay from: the association's bank accounts.
export const PAYING_BANK_ACCOUNTS_QUERY = graphql(`
  query PayingBankAccounts {
    bankAccounts {
      accountId
      institution
      maskedNumber
      kind
      bookBalance
      account {
        id
        number
        name
        fundType
      }
    }
  }
`);
export type PayingBankAccount = ResultOf<typeof PAYING_BANK_ACCOUNTS_QUERY>['bankAccounts'][number];

const CHECK_SETTINGS_FIELDS = graphql(`
  fragment CheckSettingsFields on CheckSettings {
    bankAccountId
    nextCheckNumber
    routingNumber
    accountNumberLast4
    micrReady
  }
`);
export type CheckSettings = ResultOf<typeof CHECK_SETTINGS_FIELDS>;

export const CHECK_SETTINGS_QUERY = graphql(
  `
    query CheckSettings($bankAccountId: ID!) {
      checkSettings(bankAccountId: $bankAccountId) {
        ...CheckSettingsFields
      }
    }
  `,
  [CHECK_SETTINGS_FIELDS],
);

export const SET_CHECK_SETTINGS_MUTATION = graphql(
  `
    mutation SetCheckSettings($input: CheckSettingsInput!) {
      setCheckSettings(input: $input) {
        ...CheckSettingsFields
      }
    }
  `,
  [CHECK_SETTINGS_FIELDS],
);

const BILL_PAYMENT_FIELDS = graphql(`
  fragment BillPaymentFields on BillPayment {
    id
    number
    vendorId
    vendor {
      id
      name
    }
    bankAccountId
    method
    checkNumber
    date
    amount
    memo
    status
    cleared
    runId
    voidDate
    voidReason
    applications {
      billId
      billPaymentId
      amount
      bill {
        id
        number
        vendorInvoiceNumber
        status
        balance
      }
    }
  }
`);
export type BillPayment = ResultOf<typeof BILL_PAYMENT_FIELDS>;

const PAYMENT_RUN_SUMMARY_FIELDS = graphql(`
  fragment PaymentRunSummaryFields on PaymentRun {
    id
    number
    bankAccountId
    bankAccount {
      id
      number
      name
    }
    method
    date
    payThrough
    total
    createdAt
  }
`);

export const PAYMENT_RUNS_QUERY = graphql(
  `
    query PaymentRuns($first: Int) {
      paymentRuns(first: $first) {
        ...PaymentRunSummaryFields
        payments {
          id
          status
          amount
          checkNumber
        }
        checks {
          id
          status
        }
      }
    }
  `,
  [PAYMENT_RUN_SUMMARY_FIELDS],
);
export type PaymentRunRow = ResultOf<typeof PAYMENT_RUNS_QUERY>['paymentRuns'][number];

export const PAYMENT_RUN_QUERY = graphql(
  `
    query PaymentRun($id: ID!) {
      paymentRun(id: $id) {
        ...PaymentRunSummaryFields
        payments {
          ...BillPaymentFields
        }
        checks {
          ...DocumentFields
        }
      }
    }
  `,
  [PAYMENT_RUN_SUMMARY_FIELDS, BILL_PAYMENT_FIELDS, DOCUMENT_FIELDS],
);
export type PaymentRun = ResultOf<typeof PAYMENT_RUN_QUERY>['paymentRun'];

export const CREATE_PAYMENT_RUN_MUTATION = graphql(
  `
    mutation CreatePaymentRun($input: CreatePaymentRunInput!) {
      createPaymentRun(input: $input) {
        ...PaymentRunSummaryFields
        payments {
          id
        }
      }
    }
  `,
  [PAYMENT_RUN_SUMMARY_FIELDS],
);

export const PRINT_CHECKS_MUTATION = graphql(
  `
    mutation PrintChecks($runId: ID!) {
      printChecks(runId: $runId) {
        ...DocumentFields
      }
    }
  `,
  [DOCUMENT_FIELDS],
);

// A fresh link to the checks PDF (each lives five minutes), for the preview on the run's page.
export const CHECKS_LINK_QUERY = graphql(`
  query ChecksLink($id: ID!) {
    document(id: $id) {
      id
      status
      url
      fileName
    }
  }
`);

export const POSITIVE_PAY_FILE_QUERY = graphql(`
  query PositivePayFile($runId: ID!) {
    positivePayFile(runId: $runId) {
      fileName
      contentType
      content
    }
  }
`);

export const VOID_BILL_PAYMENT_MUTATION = graphql(
  `
    mutation VoidBillPayment($id: ID!, $date: LocalDate!, $reason: String!) {
      voidBillPayment(id: $id, date: $date, reason: $reason) {
        ...BillPaymentFields
      }
    }
  `,
  [BILL_PAYMENT_FIELDS],
);

// A run or a void changes the bills and every payables figure (evictPayables), and also the bank
// account's balance and, for checks, its next check number.
export function evictPaymentRunFigures(cache: ApolloCache<unknown>): void {
  for (const fieldName of ['checkSettings', 'bankAccounts', 'bankAccount']) {
    cache.evict({ id: 'ROOT_QUERY', fieldName });
  }
  evictPayables(cache);
}
