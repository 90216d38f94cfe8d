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
