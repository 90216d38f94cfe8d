import { gql } from '@apollo/client/core';
import type { TypedDocumentNode } from '@apollo/client/core';
import type { LocalDate, Money, PageInfo } from '@/apollo/types';
import type { AccountRef } from '@/features/assessments/assessments.graphql';
import type { PaymentMethod } from '@/features/payments/payments.graphql';
import type { Unit } from '@/features/units/units.graphql';

export type InvoiceStatus = 'OPEN' | 'PARTIAL' | 'PAID' | 'VOID';
export type InvoiceKind = 'ASSESSMENT' | 'ONE_OFF' | 'LATE_FEE';

export type UnitRef = Pick<Unit, 'id' | 'number' | 'ownerName'>;

export interface InvoiceLine {
  id: string;
  description: string;
  accountId: string;
  account: AccountRef;
  amount: Money;
}

export interface InvoicePaymentApplication {
  invoiceId: string;
  paymentId: string;
  amount: Money;
  date: LocalDate;
  payment: { id: string; number: number; method: PaymentMethod; reference: string | null };
}

/** A row of the invoices list. */
export interface InvoiceRow {
  id: string;
  number: number;
  unitId: string;
  unit: UnitRef;
  kind: InvoiceKind;
  period: string | null;
  issueDate: LocalDate;
  dueDate: LocalDate;
  memo: string | null;
  total: Money;
  paid: Money;
  balance: Money;
  status: InvoiceStatus;
  daysOverdue: number;
}

export interface Invoice extends InvoiceRow {
  lines: InvoiceLine[];
  journalEntryId: string;
  voidEntryId: string | null;
  voidedAt: string | null;
  payments: InvoicePaymentApplication[];
  createdAt: string;
}

export interface InvoiceFilter {
  unitId?: string;
  status?: InvoiceStatus;
  kind?: InvoiceKind;
  from?: LocalDate;
  to?: LocalDate;
  search?: string;
}

export interface InvoiceConnection {
  pageInfo: PageInfo;
  totalCount: number;
  edges: { cursor: string; node: InvoiceRow }[];
}

const INVOICE_ROW_FIELDS = gql`
  fragment InvoiceRowFields on Invoice {
    id
    number
    unitId
    unit {
      id
      number
      ownerName
    }
    kind
    period
    issueDate
    dueDate
    memo
    total
    paid
    balance
    status
    daysOverdue
  }
`;

export const INVOICES_PAGE_SIZE = 50;

export const INVOICES_QUERY: TypedDocumentNode<
  { invoices: InvoiceConnection },
  { filter?: InvoiceFilter; first?: number; after?: string | null }
> = gql`
  query Invoices($filter: InvoiceFilter, $first: Int! = 50, $after: String) {
    invoices(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          ...InvoiceRowFields
        }
      }
    }
  }
  ${INVOICE_ROW_FIELDS}
`;

const INVOICE_FIELDS = gql`
  fragment InvoiceFields on Invoice {
    ...InvoiceRowFields
    lines {
      id
      description
      accountId
      account {
        id
        number
        name
      }
      amount
    }
    journalEntryId
    voidEntryId
    voidedAt
    payments {
      invoiceId
      paymentId
      amount
      date
      payment {
        id
        number
        method
        reference
      }
    }
    createdAt
  }
  ${INVOICE_ROW_FIELDS}
`;

export const INVOICE_QUERY: TypedDocumentNode<{ invoice: Invoice }, { id: string }> = gql`
  query Invoice($id: ID!) {
    invoice(id: $id) {
      ...InvoiceFields
    }
  }
  ${INVOICE_FIELDS}
`;

export const VOID_INVOICE_MUTATION: TypedDocumentNode<
  { voidInvoice: Invoice },
  { id: string; date?: LocalDate | null }
> = gql`
  mutation VoidInvoice($id: ID!, $date: LocalDate) {
    voidInvoice(id: $id, date: $date) {
      ...InvoiceFields
    }
  }
  ${INVOICE_FIELDS}
`;

export interface CreateInvoiceInput {
  unitId: string;
  issueDate: LocalDate;
  dueDate: LocalDate;
  memo: string | null;
  lines: { description: string; accountId: string; amount: Money }[];
}

export const CREATE_INVOICE_MUTATION: TypedDocumentNode<
  { createInvoice: Invoice },
  { input: CreateInvoiceInput }
> = gql`
  mutation CreateInvoice($input: CreateInvoiceInput!) {
    createInvoice(input: $input) {
      ...InvoiceFields
    }
  }
  ${INVOICE_FIELDS}
`;

// ---------------------------------------------------------------------------------------------
// The monthly assessment run

export interface AssessmentRunInvoice {
  unitId: string;
  unit: UnitRef & { propertyType: { id: string; name: string } };
  groupId: string;
  period: string;
  dueDate: LocalDate;
  lines: { description: string; accountId: string; amount: Money }[];
  total: Money;
}

export interface AssessmentRunPreview {
  month: string;
  issueDate: LocalDate;
  invoices: AssessmentRunInvoice[];
  count: number;
  total: Money;
  alreadyInvoiced: number;
}

export interface AssessmentRunResult {
  month: string;
  created: number;
  skipped: number;
  total: Money;
}

export const PREVIEW_ASSESSMENT_INVOICES_QUERY: TypedDocumentNode<
  { previewAssessmentInvoices: AssessmentRunPreview },
  { month: string }
> = gql`
  query PreviewAssessmentInvoices($month: String!) {
    previewAssessmentInvoices(month: $month) {
      month
      issueDate
      count
      total
      alreadyInvoiced
      invoices {
        unitId
        unit {
          id
          number
          ownerName
          propertyType {
            id
            name
          }
        }
        groupId
        period
        dueDate
        lines {
          description
          accountId
          amount
        }
        total
      }
    }
  }
`;

export const GENERATE_ASSESSMENT_INVOICES_MUTATION: TypedDocumentNode<
  { generateAssessmentInvoices: AssessmentRunResult },
  { month: string }
> = gql`
  mutation GenerateAssessmentInvoices($month: String!) {
    generateAssessmentInvoices(month: $month) {
      month
      created
      skipped
      total
    }
  }
`;

// ---------------------------------------------------------------------------------------------
// Late fees

export interface LateFeeCandidate {
  invoiceId: string;
  invoice: Pick<InvoiceRow, 'id' | 'number' | 'dueDate' | 'period' | 'kind'>;
  unitId: string;
  unit: UnitRef;
  overdueBalance: Money;
  daysOverdue: number;
  fee: Money;
  interest: Money;
  total: Money;
}

export interface LateFeePreview {
  asOf: LocalDate;
  period: string;
  candidates: LateFeeCandidate[];
  count: number;
  total: Money;
  alreadyAssessed: number;
}

export interface LateFeeRunResult {
  asOf: LocalDate;
  period: string;
  created: number;
  skipped: number;
  total: Money;
}

export const PREVIEW_LATE_FEES_QUERY: TypedDocumentNode<
  { previewLateFees: LateFeePreview },
  { asOf: LocalDate }
> = gql`
  query PreviewLateFees($asOf: LocalDate!) {
    previewLateFees(asOf: $asOf) {
      asOf
      period
      count
      total
      alreadyAssessed
      candidates {
        invoiceId
        invoice {
          id
          number
          dueDate
          period
          kind
        }
        unitId
        unit {
          id
          number
          ownerName
        }
        overdueBalance
        daysOverdue
        fee
        interest
        total
      }
    }
  }
`;

export const ASSESS_LATE_FEES_MUTATION: TypedDocumentNode<
  { assessLateFees: LateFeeRunResult },
  { asOf: LocalDate }
> = gql`
  mutation AssessLateFees($asOf: LocalDate!) {
    assessLateFees(asOf: $asOf) {
      asOf
      period
      created
      skipped
      total
    }
  }
`;
