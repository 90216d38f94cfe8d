import { ApolloClient, HttpLink, InMemoryCache, from } from '@apollo/client/core';
import type { NormalizedCacheObject } from '@apollo/client/core';
import { createAuthLink, createSessionErrorLink } from './links';
import type { SessionErrorHandlers } from './links';

export type CovenantApolloClient = ApolloClient<NormalizedCacheObject>;

export interface ApolloClientOptions extends SessionErrorHandlers {
  getToken: () => string | null;
  uri?: string;
  /** Injected in tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
}

export function createApolloClient(options: ApolloClientOptions): CovenantApolloClient {
  const http = new HttpLink({
    uri: options.uri ?? '/graphql',
    // Resolved per request so a test can stub the global fetch after the client is built.
    fetch: (input, init) => (options.fetch ?? globalThis.fetch)(input, init),
  });
  return new ApolloClient({
    link: from([createSessionErrorLink(options), createAuthLink(options.getToken), http]),
    cache: new InMemoryCache({
      typePolicies: {
        // Me and LoginPayload have no id: keep them embedded in their parent field.
        Me: { keyFields: false },
        LoginPayload: { keyFields: false },
      },
    }),
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-and-network', errorPolicy: 'none' },
    },
  });
}

// The one client of the running app. Stores reach it here (they live outside component setup, so
// they cannot inject it); components use @vue/apollo-composable, which is given the same client.
let activeClient: CovenantApolloClient | null = null;

export function setApolloClient(client: CovenantApolloClient): void {
  activeClient = client;
}

export function apolloClient(): CovenantApolloClient {
  if (!activeClient) throw new Error('Apollo client used before setApolloClient()');
  return activeClient;
}
