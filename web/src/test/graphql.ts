import { vi } from 'vitest';
import { createApolloClient, setApolloClient } from '@/apollo/client';
import type { ApolloClientOptions, CovenantApolloClient } from '@/apollo/client';
import type { OrganizationMembership, SessionPayload, User } from '@/apollo/types';

// Test doubles for the network edge only: a fetch that answers like the API (same JSON body, same
// HTTP status), so the real Apollo client, links and cache are exercised.

export interface GraphQLRequest {
  /** Where it was POSTed: …/graphql, or …/auth/graphql for RefreshSession and Logout. */
  url: string;
  operationName: string;
  query: string;
  variables: Record<string, unknown>;
  headers: Headers;
}

export interface GraphQLReply {
  status?: number;
  body: unknown;
}

export type GraphQLHandler = (request: GraphQLRequest) => GraphQLReply | Promise<GraphQLReply>;

export function graphqlFetch(handler: GraphQLHandler) {
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const payload = JSON.parse(String(init?.body ?? '{}')) as Omit<
      GraphQLRequest,
      'headers' | 'url'
    >;
    const url = input instanceof Request ? input.url : String(input);
    const reply = await handler({ ...payload, url, headers: new Headers(init?.headers) });
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
}

/** An API error body as the server sends it. */
export function apiError(
  code: string,
  message: string,
  details?: { field?: string; message: string }[],
) {
  return { errors: [{ message, extensions: { code, ...(details ? { details } : {}) } }] };
}

/** What the API answers RefreshSession without a (valid) refresh cookie: a guest. */
export const refreshRefused: GraphQLReply = {
  status: 401,
  body: apiError('UNAUTHENTICATED', 'No valid refresh token'),
};

export type TestClientOptions = Partial<
  Pick<ApolloClientOptions, 'getToken' | 'refreshSession' | 'onUnauthenticated' | 'onOrgInactive'>
>;

export function installTestClient(
  handler: GraphQLHandler,
  options: TestClientOptions = {},
): { client: CovenantApolloClient; fetch: ReturnType<typeof graphqlFetch> } {
  const fetch = graphqlFetch(handler);
  const client = createApolloClient({
    fetch,
    uri: 'http://localhost/graphql',
    authUri: 'http://localhost/auth/graphql',
    getToken: options.getToken ?? (() => null),
    refreshSession: options.refreshSession,
    onUnauthenticated: options.onUnauthenticated ?? (() => {}),
    onOrgInactive: options.onOrgInactive ?? (() => {}),
  });
  setApolloClient(client);
  return { client, fetch };
}

export const treasurer = {
  __typename: 'User',
  id: 'user-1',
  email: 'treasurer@example.com',
  name: 'Dana Whitfield',
  isSuperadmin: false,
  isPlatformOwner: false,
  hasSeenIntro: true,
  mfaEnabled: false,
} satisfies User & { __typename: string };

export const mapleRidge = {
  __typename: 'OrganizationMembership',
  id: 'org-1',
  name: 'Maple Ridge HOA',
  role: 'ADMIN',
  status: 'ACTIVE',
  settings: { locale: 'en-US', currency: 'USD' },
} satisfies OrganizationMembership & { __typename: string };

export const willowCreek = {
  __typename: 'OrganizationMembership',
  id: 'org-2',
  name: 'Willow Creek HOA',
  role: 'VIEWER',
  status: 'ACTIVE',
  settings: {},
} satisfies OrganizationMembership & { __typename: string };

/** A SessionPayload body (refreshSession, switchOrganization, stopImpersonating…). */
export function sessionPayload(
  overrides: {
    accessToken?: string;
    user?: Partial<User>;
    organization?: OrganizationMembership | null;
    organizations?: OrganizationMembership[];
  } = {},
): SessionPayload & { __typename: string } {
  const organization = overrides.organization === undefined ? mapleRidge : overrides.organization;
  return {
    __typename: 'SessionPayload',
    accessToken: overrides.accessToken ?? 'token-refreshed',
    user: { ...treasurer, ...overrides.user },
    organization,
    organizations: overrides.organizations ?? (organization ? [organization] : []),
  };
}
