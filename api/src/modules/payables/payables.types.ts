import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LocalDateScalar } from '../../core/graphql/local-date.js';
import { type Cents, MoneyScalar } from '../../core/money/money.js';

// The GraphQL types of bills, their approvals, the board seats and the payables settings (the
// payments, runs and reports have their own files beside these).

export enum BoardTitle {
  PRESIDENT = 'president',
  VICE_PRESIDENT = 'vice_president',
  TREASURER = 'treasurer',
  SECRETARY = 'secretary',
  DIRECTOR = 'director',
}
registerEnumType(BoardTitle, {
  name: 'BoardTitle',
  description: "A seat on the association's board",
});

export enum BillStatus {
  OPEN = 'open',
  PARTIAL = 'partial',
  PAID = 'paid',
  VOID = 'void',
}
registerEnumType(BillStatus, {
  name: 'BillStatus',
  description: 'Where a bill stands, from what standing payments applied to it',
  valuesConfig: {
    OPEN: { description: 'Nothing paid yet' },
    PARTIAL: { description: 'Partly paid' },
    PAID: { description: 'Paid in full' },
    VOID: { description: 'Voided: its entry reversed' },
  },
});

export enum BillApprovalState {
  NOT_REQUIRED = 'not_required',
  PENDING = 'pending',
  APPROVED = 'approved',
  REJECTED = 'rejected',
}
registerEnumType(BillApprovalState, {
  name: 'BillApprovalState',
  description: "Where a bill stands with the board's approval policy (approval gates paying)",
  valuesConfig: {
    NOT_REQUIRED: { description: 'At or below the threshold when entered: payable at once' },
    PENDING: { description: 'Waiting for approvals' },
    APPROVED: { description: 'Approved by as many approvers as the policy required' },
    REJECTED: { description: 'Rejected by an approver: not payable; only voiding ends it' },
  },
});

export enum BillDecision {
  APPROVED = 'approved',
  REJECTED = 'rejected',
}
registerEnumType(BillDecision, { name: 'BillDecision' });

export enum BillFrequency {
  MONTHLY = 'monthly',
  QUARTERLY = 'quarterly',
  SEMIANNUAL = 'semiannual',
  ANNUAL = 'annual',
}
registerEnumType(BillFrequency, { name: 'BillFrequency', description: 'How often a bill recurs' });

@ObjectType({ description: "A member's seat on the board" })
export class BoardSeat {
  @Field(() => ID, { description: 'The member (platform user)' })
  userId: string;

  @Field(() => BoardTitle)
  title: BoardTitle;

  @Field(() => String, { nullable: true, description: "The member's name (or email)" })
  name: string | null;

  @Field(() => String, { nullable: true, description: "The member's email (admins only)" })
  email: string | null;
}

@ObjectType({ description: 'Accounts Payable and the approval policy of bills' })
export class PayablesSettings {
  @Field(() => ID, {
    nullable: true,
    description:
      'The Accounts Payable control account (null until chosen or until the first bill picks one)',
  })
  payableAccountId: string | null;

  @Field(() => MoneyScalar, {
    description: 'Bills whose total is above this need approvals (approvalsRequired of them)',
  })
  approvalThreshold: Cents;

  @Field(() => Int, { description: '0: no bill needs approval' })
  approvalsRequired: number;

  @Field(() => [BoardTitle], { description: 'The board seats whose holders may approve bills' })
  approverTitles: BoardTitle[];
}

@ObjectType({ description: 'One line of a bill: an expense or asset account, by fund' })
export class BillLine {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  accountId: string;

  @Field(() => MoneyScalar)
  amount: Cents;

  @Field(() => String, { nullable: true })
  memo: string | null;
}

@ObjectType({ description: "An approver's decision on a bill: who, when, from where, and why" })
export class BillApproval {
  @Field(() => ID)
  id: string;

  @Field(() => ID)
  userId: string;

  @Field(() => String, { nullable: true, description: "The approver's name (or email)" })
  name: string | null;

  @Field(() => BoardTitle, { description: 'The seat they held when deciding' })
  title: BoardTitle;

  @Field(() => BillDecision)
  decision: BillDecision;

  @Field(() => String, { nullable: true })
  comment: string | null;

  @Field(() => String, { nullable: true, description: 'The address the decision came from' })
  ip: string | null;

  @Field(() => Date)
  createdAt: Date;

  // Kept with the decision, not shown in the API (the audit trail has it).
  userAgent: string | null;
}

@ObjectType({
  description:
    "A vendor's bill: posted when entered (Dr its lines' accounts, Cr Accounts Payable), payable once approved",
})
export class Bill {
  @Field(() => ID)
  id: string;

  @Field(() => Int, { description: 'Shown as BILL-12' })
  number: number;

  @Field(() => ID)
  vendorId: string;

  @Field(() => String, {
    nullable: true,
    description: "The vendor's own invoice number (a repeat for one vendor is flagged: duplicates)",
  })
  vendorInvoiceNumber: string | null;

  @Field(() => LocalDateScalar)
  billDate: string;

  @Field(() => LocalDateScalar)
  dueDate: string;

  @Field(() => String, { nullable: true })
  memo: string | null;

  @Field(() => MoneyScalar)
  total: Cents;

  @Field(() => MoneyScalar, { description: 'What standing payments applied to it' })
  paid: Cents;

  @Field(() => MoneyScalar, { description: 'total − paid (0 once void)' })
  balance: Cents;

  @Field(() => BillStatus)
  status: BillStatus;

  @Field(() => BillApprovalState)
  approval: BillApprovalState;

  @Field(() => Int, { description: 'Approvals the policy required when the bill was entered' })
  approvalsRequired: number;

  @Field(() => Boolean, {
    description: 'May be paid now: approved (or not requiring approval), open or partly paid',
  })
  payable: boolean;

  @Field(() => [BillLine])
  lines: BillLine[];

  @Field(() => ID, { nullable: true })
  capitalProjectId: string | null;

  @Field(() => ID, { nullable: true })
  reserveComponentId: string | null;

  @Field(() => ID, { nullable: true, description: 'The recurring bill template that entered it' })
  templateId: string | null;

  @Field(() => ID)
  journalEntryId: string;

  @Field(() => ID, { nullable: true })
  voidEntryId: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  voidDate: string | null;

  @Field(() => String, { nullable: true })
  voidReason: string | null;

  @Field(() => Date)
  createdAt: Date;

  // Who entered it (null: the scheduled jobs): they may not approve it.
  createdBy: string | null;
}

@ObjectType({ description: 'A recurring bill the scheduled jobs enter on its dates' })
export class BillTemplate {
  @Field(() => ID)
  id: string;

  @Field(() => String)
  name: string;

  @Field(() => ID)
  vendorId: string;

  @Field(() => String, { nullable: true })
  memo: string | null;

  @Field(() => [BillLine], { description: 'The lines each bill gets (their ids are positions)' })
  lines: BillLine[];

  @Field(() => BillFrequency)
  frequency: BillFrequency;

  @Field(() => LocalDateScalar, {
    description: 'The next bill date; the daily run enters every date on or before today',
  })
  nextDate: string;

  @Field(() => Int, { description: 'Days from the bill date to its due date' })
  dueDays: number;

  @Field(() => Boolean)
  active: boolean;

  @Field(() => MoneyScalar)
  total: Cents;

  @Field(() => Date)
  createdAt: Date;
}
