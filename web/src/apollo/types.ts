// Hand-written mirror of the GraphQL contract (schema.graphql at the repo root is the source of
// truth). Replace with generated types once codegen is wired in.

export type Role = 'ADMIN' | 'USER' | 'VIEWER';
export type OrganizationStatus = 'ACTIVE' | 'SUSPENDED' | 'ARCHIVED';
export type MemberStatus = 'ACTIVE' | 'INVITED';

export interface User {
  id: string;
  email: string;
  name: string | null;
  isSuperadmin: boolean;
  isPlatformOwner: boolean;
  hasSeenIntro: boolean;
}

/** Free-form organization settings (JSONObject), e.g. locale, currency, onboardingComplete. */
export type OrganizationSettings = Record<string, unknown>;

/** A user's membership of one organization; `id` is the organization id. */
export interface OrganizationMembership {
  id: string;
  name: string;
  role: Role;
  status: OrganizationStatus;
  /** Absent only in older payloads and hand-built test sessions. */
  settings?: OrganizationSettings;
}

/** What login, refreshSession, switchOrganization, impersonation and invitations return. */
export interface SessionPayload {
  accessToken: string;
  user: User;
  organization: OrganizationMembership | null;
  organizations: OrganizationMembership[];
}

/** A person in the current organization (or invited to it), as tenant admins see them. */
export interface Member {
  userId: string;
  email: string;
  name: string | null;
  role: Role;
  status: MemberStatus;
  joinedAt: string;
}

export interface InvitationInfo {
  email: string;
  organizationName: string;
  role: Role;
  userExists: boolean;
}

export type AccountType = 'ASSET' | 'LIABILITY' | 'EQUITY' | 'INCOME' | 'EXPENSE';
export type FundType = 'OPERATING' | 'RESERVE';

export interface Account {
  id: string;
  number: string;
  name: string;
  type: AccountType;
  fundType: FundType;
  description: string | null;
  archived: boolean;
  createdAt: string;
}

/** Money: a decimal string with up to two decimals ("1234.56", "-0.05"). */
export type Money = string;
/** LocalDate: "YYYY-MM-DD". */
export type LocalDate = string;

/** Balances of every account as of a date (`accountBalances`). */
export interface AccountBalance {
  accountId: string;
  number: string;
  name: string;
  type: AccountType;
  fundType: FundType;
  archived: boolean;
  debit: Money;
  credit: Money;
  /** In the account's normal direction. */
  balance: Money;
}

export interface TrialBalanceRow extends AccountBalance {
  debitBalance: Money;
  creditBalance: Money;
}

export interface TrialBalance {
  asOf: LocalDate | null;
  rows: TrialBalanceRow[];
  totalDebit: Money;
  totalCredit: Money;
}

export type EntrySource =
  | 'MANUAL'
  | 'OPENING_BALANCE'
  | 'REVERSAL'
  | 'INVOICE'
  | 'PAYMENT'
  | 'LATE_FEE'
  | 'MONTHLY_ACTUALS'
  | 'IMPORT';

export interface JournalLine {
  id: string;
  lineNo: number;
  accountId: string;
  debit: Money;
  credit: Money;
  memo: string | null;
}

export interface Attachment {
  id: string;
  entryId: string;
  filename: string;
  /** Detected by the API from the content. */
  contentType: string;
  /** Bytes. */
  size: number;
  createdAt: string;
  /** Signed link, valid 5 minutes (`&download=1` to save instead of preview). */
  url: string;
}

export interface JournalEntry {
  id: string;
  /** Shown as JE-1042. */
  number: number;
  date: LocalDate;
  memo: string | null;
  source: EntrySource;
  reconciled: boolean;
  reversedById: string | null;
  reversesId: string | null;
  /** Sum of debits (= sum of credits). */
  total: Money;
  createdAt: string;
  lines: JournalLine[];
  attachments: Attachment[];
  /** The vendor the entry names, if any. */
  vendor?: { id: string; name: string } | null;
}

export interface JournalEntryFilter {
  from?: LocalDate;
  to?: LocalDate;
  accountId?: string;
  text?: string;
  source?: EntrySource;
  reconciled?: boolean;
  vendorId?: string;
}

export interface PageInfo {
  hasNextPage: boolean;
  endCursor: string | null;
}

export interface JournalEntryConnection {
  edges: { cursor: string; node: JournalEntry }[];
  pageInfo: PageInfo;
  totalCount: number;
}

export interface LedgerRow {
  entryId: string;
  entryNumber: number;
  date: LocalDate;
  memo: string | null;
  source: EntrySource;
  reconciled: boolean;
  debit: Money;
  credit: Money;
  /** Running balance after this line, in the account's normal direction. */
  balance: Money;
}

export interface AccountLedger {
  accountId: string;
  openingBalance: Money;
  closingBalance: Money;
  rows: LedgerRow[];
  truncated: boolean;
}

/** One recorded write: who (and as whom), what, when. */
export interface AuditLogEntry {
  id: string;
  entityType: string;
  entityId: string;
  action: string;
  userEmail: string | null;
  impersonatedByEmail: string | null;
  /** `{ field: { before, after } }` for updates; the values themselves for creates and posts. */
  changes: Record<string, unknown>;
  createdAt: string;
}

/** The error codes every API error carries in `extensions.code`. */
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'ORG_INACTIVE'
  | 'NOT_FOUND'
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'INTERNAL';

/** `extensions.reason` on BAD_USER_INPUT for reset and invitation tokens. */
export type TokenProblemReason = 'TOKEN_INVALID' | 'TOKEN_EXPIRED' | 'TOKEN_USED';
