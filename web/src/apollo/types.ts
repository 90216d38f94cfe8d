import type { SchemaType } from '@/graphql';

// Shared names for GraphQL types. Nothing here is written by hand from the schema: enums and scalars
// come from schema.graphql (through the generated graphql-env.d.ts), object types from the
// documents that select them (a type has exactly the fields its document asks for).

export type Role = SchemaType<'Role'>;
export type OrganizationStatus = SchemaType<'OrganizationStatus'>;
export type MemberStatus = SchemaType<'MemberStatus'>;
export type AccountType = SchemaType<'AccountType'>;
export type FundType = SchemaType<'FundType'>;
export type AccountForecastRole = SchemaType<'AccountForecastRole'>;
export type EntrySource = SchemaType<'EntrySource'>;

/** Money: a decimal string with up to two decimals ("1234.56", "-0.05"). */
export type Money = SchemaType<'Money'>;
/** LocalDate: "YYYY-MM-DD". */
export type LocalDate = SchemaType<'LocalDate'>;
/** Free-form organization settings (JSONObject), e.g. locale, currency, onboardingComplete. */
export type OrganizationSettings = SchemaType<'JSONObject'>;

// The session's types, which the stores and the shell read; a feature's own types are in its
// documents (features/<name>/<name>.graphql.ts), for other features through its index.ts.
export type { OrganizationMembership, SessionPayload, User } from './session.graphql';

// Not schema types: the API's error contract (extensions), which schema.graphql does not describe.

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
