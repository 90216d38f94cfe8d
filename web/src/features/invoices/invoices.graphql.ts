import { graphql, type ResultOf, type SchemaType, type VariablesOf } from '@/graphql';
import { PAGE_INFO_FIELDS } from '@/apollo/connection.graphql';
import { UNIT_REF_FIELDS } from '@/features/units';

export type InvoiceStatus = SchemaType<'InvoiceStatus'>;
export type InvoiceKind = SchemaType<'InvoiceKind'>;
export type InvoiceFilter = SchemaType<'InvoiceFilter'>;

const INVOICE_ROW_FIELDS = graphql(
  `
    fragment InvoiceRowFields on Invoice {
      id
      number
      unitId
      unit {
        ...UnitRefFields
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
  `,
  [UNIT_REF_FIELDS],
);

/** A row of the invoices list. */
export type InvoiceRow = ResultOf<typeof INVOICE_ROW_FIELDS>;
/** How the receivables pages name a unit. */
export type UnitRef = InvoiceRow['unit'];

export const INVOICES_PAGE_SIZE = 50;

export const INVOICES_QUERY = graphql(
  `
    query Invoices($filter: InvoiceFilter, $first: Int! = 50, $after: String) {
      invoices(filter: $filter, first: $first, after: $after) {
        totalCount
        edges {
          cursor
          node {
            ...InvoiceRowFields
          }
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [INVOICE_ROW_FIELDS, PAGE_INFO_FIELDS],
);

export type InvoiceConnection = ResultOf<typeof INVOICES_QUERY>['invoices'];

const INVOICE_FIELDS = graphql(
  `
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
      writtenOff
      writeOff {
        id
        date
        amount
        accountId
        account {
          id
          number
          name
        }
        memo
        journalEntryId
      }
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
  `,
  [INVOICE_ROW_FIELDS],
);

export type Invoice = ResultOf<typeof INVOICE_FIELDS>;
export type InvoiceLine = Invoice['lines'][number];
export type InvoicePaymentApplication = Invoice['payments'][number];
/** The standing write-off of an invoice's balance (bad debt), if any. */
export type InvoiceWriteOff = NonNullable<Invoice['writeOff']>;

export const INVOICE_QUERY = graphql(
  `
    query Invoice($id: ID!) {
      invoice(id: $id) {
        ...InvoiceFields
      }
    }
  `,
  [INVOICE_FIELDS],
);

export const VOID_INVOICE_MUTATION = graphql(
  `
    mutation VoidInvoice($id: ID!, $date: LocalDate) {
      voidInvoice(id: $id, date: $date) {
        ...InvoiceFields
      }
    }
  `,
  [INVOICE_FIELDS],
);

/** Writes off what is left of an invoice to an expense account (bad debt). */
export const WRITE_OFF_INVOICE_MUTATION = graphql(
  `
    mutation WriteOffInvoice($input: WriteOffInvoiceInput!) {
      writeOffInvoice(input: $input) {
        ...InvoiceFields
      }
    }
  `,
  [INVOICE_FIELDS],
);

export type WriteOffInvoiceInput = VariablesOf<typeof WRITE_OFF_INVOICE_MUTATION>['input'];

export const CREATE_INVOICE_MUTATION = graphql(
  `
    mutation CreateInvoice($input: CreateInvoiceInput!) {
      createInvoice(input: $input) {
        ...InvoiceFields
      }
    }
  `,
  [INVOICE_FIELDS],
);

export type CreateInvoiceInput = VariablesOf<typeof CREATE_INVOICE_MUTATION>['input'];

// ---------------------------------------------------------------------------------------------
// The monthly assessment run

export const PREVIEW_ASSESSMENT_INVOICES_QUERY = graphql(`
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
`);

export type AssessmentRunPreview = ResultOf<
  typeof PREVIEW_ASSESSMENT_INVOICES_QUERY
>['previewAssessmentInvoices'];
export type AssessmentRunInvoice = AssessmentRunPreview['invoices'][number];

export const GENERATE_ASSESSMENT_INVOICES_MUTATION = graphql(`
  mutation GenerateAssessmentInvoices($month: String!) {
    generateAssessmentInvoices(month: $month) {
      month
      created
      skipped
      total
    }
  }
`);

export type AssessmentRunResult = ResultOf<
  typeof GENERATE_ASSESSMENT_INVOICES_MUTATION
>['generateAssessmentInvoices'];

// ---------------------------------------------------------------------------------------------
// Late fees

export const PREVIEW_LATE_FEES_QUERY = graphql(
  `
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
            ...UnitRefFields
          }
          overdueBalance
          daysOverdue
          fee
          interest
          total
        }
      }
    }
  `,
  [UNIT_REF_FIELDS],
);

export type LateFeePreview = ResultOf<typeof PREVIEW_LATE_FEES_QUERY>['previewLateFees'];
export type LateFeeCandidate = LateFeePreview['candidates'][number];

export const ASSESS_LATE_FEES_MUTATION = graphql(`
  mutation AssessLateFees($asOf: LocalDate!) {
    assessLateFees(asOf: $asOf) {
      asOf
      period
      created
      skipped
      total
    }
  }
`);

export type LateFeeRunResult = ResultOf<typeof ASSESS_LATE_FEES_MUTATION>['assessLateFees'];
