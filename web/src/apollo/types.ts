// Hand-written mirror of the GraphQL contract (schema.graphql at the repo root is the source of
// truth). Replace with generated types once codegen is wired in.

export type Role = 'ADMIN' | 'USER' | 'VIEWER';
export type OrganizationStatus = 'ACTIVE' | 'SUSPENDED' | 'ARCHIVED';

export interface User {
  id: string;
  email: string;
  name: string | null;
  isSuperadmin: boolean;
  isPlatformOwner: boolean;
  hasSeenIntro: boolean;
}

/** A user's membership of one organization; `id` is the organization id. */
export interface OrganizationMembership {
  id: string;
  name: string;
  role: Role;
  status: OrganizationStatus;
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
