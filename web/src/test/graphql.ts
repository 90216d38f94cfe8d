import { vi } from 'vitest';
import { createApolloClient, setApolloClient } from '@/apollo/client';
import type { CovenantApolloClient } from '@/apollo/client';

// Test doubles for the network edge only: a fetch that answers like the API (same JSON body, same
// HTTP status), so the real Apollo client, links and cache are exercised.

export interface GraphQLRequest {
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
  return vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
    const payload = JSON.parse(String(init?.body ?? '{}')) as Omit<GraphQLRequest, 'headers'>;
    const reply = await handler({ ...payload, headers: new Headers(init?.headers) });
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

export interface TestClientOptions {
  getToken?: () => string | null;
  onUnauthenticated?: () => void;
  onOrgInactive?: () => void;
}

export function installTestClient(
  handler: GraphQLHandler,
  options: TestClientOptions = {},
): { client: CovenantApolloClient; fetch: ReturnType<typeof graphqlFetch> } {
  const fetch = graphqlFetch(handler);
  const client = createApolloClient({
    fetch,
    uri: 'http://localhost/graphql',
    getToken: options.getToken ?? (() => null),
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
};

export const mapleRidge = {
  __typename: 'OrganizationMembership',
  id: 'org-1',
  name: 'Maple Ridge HOA',
  role: 'ADMIN',
  status: 'ACTIVE',
};
