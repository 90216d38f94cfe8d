import { graphql, type ResultOf, type SchemaType } from '@/graphql';

// The owner portal's documents: what a homeowner reads of their units and their association, and
// paying online. Every page asks for the portal with the same selection (OWNER_PORTAL_QUERY) so
// the cache keeps one copy of it.

export type OnlinePaymentMethod = SchemaType<'OnlinePaymentMethod'>;

export const OWNER_PORTAL_QUERY = graphql(`
  query OwnerPortal {
    ownerPortal {
      totalDue
      association {
        name
        contactName
        contactEmail
        contactPhone
        mailingAddress
        paymentInstructions
        onlinePayments
      }
      units {
        id
        number
        address
        ownerName
        balance
        pastDue
        nextDue {
          amount
          dueDate
        }
        coOwners
      }
    }
  }
`);

export type OwnerPortal = ResultOf<typeof OWNER_PORTAL_QUERY>['ownerPortal'];
export type OwnerAssociation = OwnerPortal['association'];
export type OwnerUnit = OwnerPortal['units'][number];

export const OWNER_LEDGER_QUERY = graphql(`
  query OwnerUnitLedger($unitId: ID!, $from: LocalDate, $to: LocalDate) {
    ownerUnitLedger(unitId: $unitId, from: $from, to: $to) {
      date
      kind
      description
      charge
      payment
      balance
      invoiceId
      paymentId
    }
  }
`);

export type OwnerLedgerLine = ResultOf<typeof OWNER_LEDGER_QUERY>['ownerUnitLedger'][number];

export const OWNER_INVOICES_QUERY = graphql(`
  query OwnerInvoices($unitId: ID!) {
    ownerInvoices(unitId: $unitId) {
      id
      number
      unitId
      issueDate
      dueDate
      description
      total
      paid
      balance
      status
    }
  }
`);

export type OwnerInvoice = ResultOf<typeof OWNER_INVOICES_QUERY>['ownerInvoices'][number];

export const OWNER_PAYMENTS_QUERY = graphql(`
  query OwnerPayments($unitId: ID!) {
    ownerPayments(unitId: $unitId) {
      id
      number
      unitId
      date
      amount
      method
      reference
      status
      online
    }
  }
`);

export type OwnerPayment = ResultOf<typeof OWNER_PAYMENTS_QUERY>['ownerPayments'][number];

const ONLINE_PAYMENT_FIELDS = graphql(`
  fragment OwnerOnlinePaymentFields on OnlinePayment {
    id
    unitId
    createdAt
    method
    amount
    fee
    status
    failureReason
    paymentId
    source
  }
`);

export const OWNER_ONLINE_PAYMENTS_QUERY = graphql(
  `
    query OwnerOnlinePayments($unitId: ID!) {
      ownerOnlinePayments(unitId: $unitId) {
        ...OwnerOnlinePaymentFields
      }
    }
  `,
  [ONLINE_PAYMENT_FIELDS],
);

export type OwnerOnlinePayment = ResultOf<
  typeof OWNER_ONLINE_PAYMENTS_QUERY
>['ownerOnlinePayments'][number];

const AUTOPAY_FIELDS = graphql(
  `
    fragment OwnerAutopayFields on AutopayEnrollment {
      id
      unitId
      methodLabel
      method
      maxAmount
      status
      createdAt
      startsOn
      problems
      lastProblem
      lastCharge {
        ...OwnerOnlinePaymentFields
      }
    }
  `,
  [ONLINE_PAYMENT_FIELDS],
);

export const OWNER_AUTOPAY_QUERY = graphql(
  `
    query OwnerAutopay($unitId: ID!) {
      ownerAutopay(unitId: $unitId) {
        ...OwnerAutopayFields
      }
    }
  `,
  [AUTOPAY_FIELDS],
);

export type OwnerAutopay = NonNullable<ResultOf<typeof OWNER_AUTOPAY_QUERY>['ownerAutopay']>;

export const OWNER_PAYMENT_QUOTE_QUERY = graphql(`
  query OwnerPaymentQuote($unitId: ID!, $amount: Money!, $method: OnlinePaymentMethod!) {
    ownerPaymentQuote(unitId: $unitId, amount: $amount, method: $method) {
      amount
      fee
      total
      method
      note
    }
  }
`);

export type OwnerPaymentQuote = ResultOf<typeof OWNER_PAYMENT_QUOTE_QUERY>['ownerPaymentQuote'];

export const START_OWNER_PAYMENT_MUTATION = graphql(`
  mutation StartOwnerPayment($unitId: ID!, $amount: Money!, $method: OnlinePaymentMethod!) {
    startOwnerPayment(unitId: $unitId, amount: $amount, method: $method) {
      url
    }
  }
`);

export const START_AUTOPAY_SETUP_MUTATION = graphql(`
  mutation StartAutopaySetup($unitId: ID!, $maxAmount: Money!, $method: OnlinePaymentMethod!) {
    startAutopaySetup(unitId: $unitId, maxAmount: $maxAmount, method: $method) {
      url
    }
  }
`);

export const UPDATE_AUTOPAY_MUTATION = graphql(
  `
    mutation UpdateAutopay($unitId: ID!, $maxAmount: Money!) {
      updateAutopay(unitId: $unitId, maxAmount: $maxAmount) {
        ...OwnerAutopayFields
      }
    }
  `,
  [AUTOPAY_FIELDS],
);

export const CANCEL_AUTOPAY_MUTATION = graphql(`
  mutation CancelAutopay($unitId: ID!) {
    cancelAutopay(unitId: $unitId)
  }
`);

export const OWNER_STATEMENTS_QUERY = graphql(`
  query OwnerStatements($unitId: ID!) {
    ownerStatements(unitId: $unitId) {
      month
      openingBalance
      charges
      payments
      closingBalance
    }
  }
`);

export type OwnerStatementMonth = ResultOf<
  typeof OWNER_STATEMENTS_QUERY
>['ownerStatements'][number];

/** Only the PDF's link, asked for at the click: it is signed for five minutes. */
export const OWNER_STATEMENT_LINK_QUERY = graphql(`
  query OwnerStatementLink($unitId: ID!, $month: String!) {
    ownerStatement(unitId: $unitId, month: $month) {
      unitId
      unitNumber
      month
      downloadUrl
    }
  }
`);

export const PUBLISHED_DOCUMENTS_QUERY = graphql(`
  query PublishedDocuments {
    publishedDocuments {
      id
      title
      category
      fileName
      publishedAt
      downloadUrl
    }
  }
`);

export type PublishedDocument = ResultOf<
  typeof PUBLISHED_DOCUMENTS_QUERY
>['publishedDocuments'][number];
