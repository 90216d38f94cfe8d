import { graphql, type ResultOf, type SchemaType, type VariablesOf } from '@/graphql';
import { PAGE_INFO_FIELDS } from '@/apollo/connection.graphql';

// Bills, their approvals and the approval policy. Payment runs, checks and the payables reports
// have their own documents (payment-runs.graphql.ts, reports.graphql.ts).

export type BillStatus = SchemaType<'BillStatus'>;
export type BillApprovalState = SchemaType<'BillApprovalState'>;
export type BillDecision = SchemaType<'BillDecision'>;
export type BoardTitle = SchemaType<'BoardTitle'>;
export type BillFilter = SchemaType<'BillFilter'>;
export type CreateBillInput = SchemaType<'CreateBillInput'>;
export type PayablesSettingsInput = SchemaType<'PayablesSettingsInput'>;

const BILL_ROW_FIELDS = graphql(`
  fragment BillRowFields on Bill {
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
    status
    approval
    approvalsRequired
    overdue
    payable
    journalEntryId
  }
`);

/** A row of the bills list. */
export type BillRow = ResultOf<typeof BILL_ROW_FIELDS>;

export const BILLS_PAGE_SIZE = 50;

export const BILLS_QUERY = graphql(
  `
    query Bills($filter: BillFilter, $first: Int! = 50, $after: String) {
      bills(filter: $filter, first: $first, after: $after) {
        totalCount
        edges {
          cursor
          node {
            ...BillRowFields
          }
        }
        pageInfo {
          ...PageInfoFields
        }
      }
    }
  `,
  [BILL_ROW_FIELDS, PAGE_INFO_FIELDS],
);

/**
 * How many bills wait in each tab of the list (a page of one: only the count is read). Asked apart
 * from the list, so switching tabs keeps the counts.
 */
export const BILL_COUNTS_QUERY = graphql(`
  query BillCounts($awaiting: BillFilter!, $unpaid: BillFilter!, $overdue: BillFilter!) {
    awaiting: bills(filter: $awaiting, first: 1) {
      totalCount
    }
    unpaid: bills(filter: $unpaid, first: 1) {
      totalCount
    }
    overdue: bills(filter: $overdue, first: 1) {
      totalCount
    }
  }
`);

const BILL_APPROVAL_FIELDS = graphql(`
  fragment BillApprovalFields on BillApproval {
    id
    userId
    name
    title
    decision
    comment
    ip
    createdAt
  }
`);

export type BillApproval = ResultOf<typeof BILL_APPROVAL_FIELDS>;

const BILL_LINE_FIELDS = graphql(`
  fragment BillLineFields on BillLine {
    id
    accountId
    account {
      id
      number
      name
      fundType
    }
    amount
    memo
  }
`);

export type BillLine = ResultOf<typeof BILL_LINE_FIELDS>;

const BILL_FIELDS = graphql(
  `
    fragment BillFields on Bill {
      ...BillRowFields
      approvals {
        ...BillApprovalFields
      }
      canApprove
      lines {
        ...BillLineFields
      }
      capitalProjectId
      reserveComponentId
      templateId
      duplicates {
        id
        number
        billDate
        total
        status
        vendorInvoiceNumber
      }
      payments {
        billId
        billPaymentId
        amount
        payment {
          id
          number
          method
          checkNumber
          date
          status
          runId
        }
      }
      voidDate
      voidReason
      voidEntryId
      createdAt
    }
  `,
  [BILL_ROW_FIELDS, BILL_APPROVAL_FIELDS, BILL_LINE_FIELDS],
);

/** A bill on its own page: lines, approvals, payments and the bills it may repeat. */
export type Bill = ResultOf<typeof BILL_FIELDS>;
export type BillPaymentApplication = Bill['payments'][number];
export type DuplicateBill = Bill['duplicates'][number];

export const BILL_QUERY = graphql(
  `
    query Bill($id: ID!) {
      bill(id: $id) {
        ...BillFields
      }
    }
  `,
  [BILL_FIELDS],
);

export const CREATE_BILL_MUTATION = graphql(
  `
    mutation CreateBill($input: CreateBillInput!) {
      createBill(input: $input) {
        ...BillFields
      }
    }
  `,
  [BILL_FIELDS],
);

export const VOID_BILL_MUTATION = graphql(
  `
    mutation VoidBill($id: ID!, $date: LocalDate!, $reason: String!) {
      voidBill(id: $id, date: $date, reason: $reason) {
        ...BillFields
      }
    }
  `,
  [BILL_FIELDS],
);

export const APPROVE_BILL_MUTATION = graphql(
  `
    mutation ApproveBill($id: ID!, $comment: String) {
      approveBill(id: $id, comment: $comment) {
        ...BillFields
      }
    }
  `,
  [BILL_FIELDS],
);

export const REJECT_BILL_MUTATION = graphql(
  `
    mutation RejectBill($id: ID!, $comment: String!) {
      rejectBill(id: $id, comment: $comment) {
        ...BillFields
      }
    }
  `,
  [BILL_FIELDS],
);

/** The bills waiting for the caller's decision, soonest due first. */
export const BILL_APPROVAL_QUEUE_QUERY = graphql(
  `
    query BillApprovalQueue {
      billApprovalQueue {
        ...BillFields
      }
    }
  `,
  [BILL_FIELDS],
);

export type QueuedBill = ResultOf<typeof BILL_APPROVAL_QUEUE_QUERY>['billApprovalQueue'][number];

/**
 * The vendor's invoice behind a bill: the files attached to the bill's journal entry (links signed
 * for 5 minutes, so read afresh before they are opened).
 */
export const BILL_ATTACHMENTS_QUERY = graphql(`
  query BillAttachments($entryId: ID!) {
    journalEntry(id: $entryId) {
      id
      number
      attachments {
        id
        entryId
        filename
        contentType
        size
        createdAt
        url
      }
    }
  }
`);

export type BillAttachment = ResultOf<
  typeof BILL_ATTACHMENTS_QUERY
>['journalEntry']['attachments'][number];

/** Same vendor, same invoice number: the bills a new one would repeat (the form warns). */
export const BILL_DUPLICATES_QUERY = graphql(`
  query BillDuplicates($filter: BillFilter!) {
    bills(filter: $filter, first: 10) {
      edges {
        node {
          id
          number
          vendorId
          vendorInvoiceNumber
          billDate
          total
          status
        }
      }
    }
  }
`);

export type DuplicateCandidate = ResultOf<
  typeof BILL_DUPLICATES_QUERY
>['bills']['edges'][number]['node'];

/** What a bill's optional links can name: capital projects and reserve components. */
export const BILL_LINK_CHOICES_QUERY = graphql(`
  query BillLinkChoices {
    capitalProjects {
      id
      name
      status
      targetYear
    }
    reserveComponents {
      id
      name
      category
    }
  }
`);

export type BillLinkChoices = ResultOf<typeof BILL_LINK_CHOICES_QUERY>;

/**
 * What the bill form needs to know of the books: the control accounts a line may not use, and the
 * approval policy (to say before saving that the bill will wait for the board).
 */
export const BILL_FORM_SETTINGS_QUERY = graphql(`
  query BillFormSettings {
    payablesSettings {
      payableAccountId
      approvalThreshold
      approvalsRequired
      approverTitles
    }
    receivablesSettings {
      receivableAccountId
      prepaidAccountId
      undepositedAccountId
    }
  }
`);

// ---------------------------------------------------------------------------------------------
// The approval policy and the board

const PAYABLES_SETTINGS_FIELDS = graphql(`
  fragment PayablesSettingsFields on PayablesSettings {
    payableAccountId
    payableAccount {
      id
      number
      name
    }
    approvalThreshold
    approvalsRequired
    approverTitles
  }
`);

export type PayablesSettings = ResultOf<typeof PAYABLES_SETTINGS_FIELDS>;

const BOARD_SEAT_FIELDS = graphql(`
  fragment BoardSeatFields on BoardSeat {
    userId
    title
    name
    email
  }
`);

export type BoardSeat = ResultOf<typeof BOARD_SEAT_FIELDS>;

export const APPROVAL_POLICY_QUERY = graphql(
  `
    query ApprovalPolicy {
      payablesSettings {
        ...PayablesSettingsFields
      }
      boardSeats {
        ...BoardSeatFields
      }
    }
  `,
  [PAYABLES_SETTINGS_FIELDS, BOARD_SEAT_FIELDS],
);

/** Who sits on the board (written into the cache after a seat changes). */
export const BOARD_SEATS_QUERY = graphql(
  `
    query BoardSeats {
      boardSeats {
        ...BoardSeatFields
      }
    }
  `,
  [BOARD_SEAT_FIELDS],
);

export const UPDATE_PAYABLES_SETTINGS_MUTATION = graphql(
  `
    mutation UpdatePayablesSettings($input: PayablesSettingsInput!) {
      updatePayablesSettings(input: $input) {
        ...PayablesSettingsFields
      }
    }
  `,
  [PAYABLES_SETTINGS_FIELDS],
);

export const SET_BOARD_SEAT_MUTATION = graphql(
  `
    mutation SetBoardSeat($userId: ID!, $title: BoardTitle) {
      setBoardSeat(userId: $userId, title: $title) {
        ...BoardSeatFields
      }
    }
  `,
  [BOARD_SEAT_FIELDS],
);

export type SetBoardSeatVariables = VariablesOf<typeof SET_BOARD_SEAT_MUTATION>;

/** The association's members, to seat on the board (admins read them). */
export const BOARD_MEMBER_CHOICES_QUERY = graphql(`
  query BoardMemberChoices {
    members {
      userId
      name
      email
      role
      status
    }
  }
`);

export type BoardMemberChoice = ResultOf<typeof BOARD_MEMBER_CHOICES_QUERY>['members'][number];
