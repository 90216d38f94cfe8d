import { ApolloClient, HttpLink, InMemoryCache, from, split } from '@apollo/client/core';
import type { FieldPolicy, NormalizedCacheObject } from '@apollo/client/core';
import { AUTH_ENDPOINT_OPERATIONS, createAuthLink, createSessionErrorLink } from './links';
import type { SessionErrorHandlers } from './links';
import { POSSIBLE_TYPES } from './possible-types';

interface ConnectionLike {
  edges?: { cursor: string }[];
}

/**
 * The long lists (journal entries, units, invoices, payments) are Relay connections read page by
 * page ("Load more"): one cache entry per filter, whose edges grow as pages arrive (`after`) and
 * start over when the first page is read again.
 */
export const pagedListPolicy: FieldPolicy<ConnectionLike> = {
  keyArgs: ['filter', 'first'],
  merge(existing, incoming, { args }) {
    if (!existing || !args?.after) return incoming;
    const seen = new Set((existing.edges ?? []).map((e) => e.cursor));
    const added = (incoming.edges ?? []).filter((e) => !seen.has(e.cursor));
    return { ...existing, ...incoming, edges: [...(existing.edges ?? []), ...added] };
  },
};

export type CovenantApolloClient = ApolloClient<NormalizedCacheObject>;

export interface ApolloClientOptions extends SessionErrorHandlers {
  getToken: () => string | null;
  uri?: string;
  /** Where RefreshSession and Logout go (the refresh cookie's Path is /auth). */
  authUri?: string;
  /** Injected in tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
}

export function createApolloClient(options: ApolloClientOptions): CovenantApolloClient {
  // Resolved per request so a test can stub the global fetch after the client is built.
  const fetchImpl: typeof fetch = (input, init) => (options.fetch ?? globalThis.fetch)(input, init);
  const http = new HttpLink({ uri: options.uri ?? '/graphql', fetch: fetchImpl });
  const authHttp = new HttpLink({
    uri: options.authUri ?? '/auth/graphql',
    fetch: fetchImpl,
    // The httpOnly refresh cookie rides along (same origin); the extra header makes the request
    // one a form post cannot forge (the API's CSRF check).
    credentials: 'same-origin',
    headers: { 'apollo-require-preflight': 'true' },
  });
  return new ApolloClient({
    link: from([
      createSessionErrorLink(options),
      createAuthLink(options.getToken),
      split((operation) => AUTH_ENDPOINT_OPERATIONS.has(operation.operationName), authHttp, http),
    ]),
    cache: new InMemoryCache({
      possibleTypes: POSSIBLE_TYPES,
      typePolicies: {
        // Payloads without an id: keep them embedded in their parent field.
        // The signed-in viewer: one per session (the store is cleared on switch and sign-out), so
        // two queries' `me` selections merge instead of replacing each other (Apollo warns).
        Me: { keyFields: false, merge: true },
        LoginPayload: { keyFields: false },
        SessionPayload: { keyFields: false },
        InvitationInfo: { keyFields: false },
        // A member is one person in the current organization (the cache is reset on switch).
        Member: { keyFields: ['userId'] },
        // A bank account is its ledger account; a worksheet is computed per period.
        BankAccount: { keyFields: ['accountId'] },
        ReconciliationWorksheet: { keyFields: false, merge: false },
        MatchSuggestion: { keyFields: false },
        BookLine: { keyFields: false },
        CsvPreview: { keyFields: false },
        BankImportResult: { keyFields: false },
        ImportedLine: { keyFields: false },
        RulePreview: { keyFields: false },
        // The same organization id, seen through the same user: settings are replaced whole.
        OrganizationMembership: { fields: { settings: { merge: false } } },
        // Computed per request (as of a date, for a period): no identity of their own, and a
        // fresh answer replaces the old one whole.
        AccountBalance: { keyFields: false },
        AccountLedger: { keyFields: false, merge: false },
        TrialBalance: { keyFields: false, merge: false },
        TrialBalanceRow: { keyFields: false },
        JournalEntry: { fields: { attachments: { merge: false }, lines: { merge: false } } },
        // Numbered within their own recommendation ("r1") or snapshot: kept inside it, never merged
        // with another recommendation's item of the same number.
        PlanRecommendation: { keyFields: false },
        PlanningInputHolding: { keyFields: false },
        // A recommendation's plan never changes: the log's few fields and the page's whole plan merge.
        InvestmentPlan: { merge: true },
        // The association's schedule, one per organization (the cache is reset on switch): a
        // save or a pause answers it whole and replaces the page's copy.
        Automation: { keyFields: false, merge: false },
        // Which state of the books a document shows: part of the document, never shared.
        DocumentBooksState: { keyFields: false, merge: false },
        // One per organization (the cache is reset on switch): the bill form's few fields and the
        // settings page's whole record merge instead of replacing each other (Apollo warns).
        PayablesSettings: { keyFields: false, merge: true },
        ReceivablesSettings: { keyFields: false, merge: true },
        // A seat is one member's; a payment's share of a bill is the pair.
        BoardSeat: { keyFields: ['userId'] },
        BillPaymentApplication: { keyFields: ['billId', 'billPaymentId'] },
        // A bill's lists come whole from the API (a voided duplicate leaves `duplicates`).
        Bill: {
          fields: {
            lines: { merge: false },
            approvals: { merge: false },
            payments: { merge: false },
            duplicates: { merge: false },
          },
        },
        Query: {
          fields: {
            journalEntries: pagedListPolicy,
            units: pagedListPolicy,
            invoices: pagedListPolicy,
            payments: pagedListPolicy,
            onlinePayments: pagedListPolicy,
            bills: pagedListPolicy,
            // Answered whole: a decision takes a bill out of the queue, a seat leaves the board.
            billApprovalQueue: { merge: false },
            boardSeats: { merge: false },
            ideas: pagedListPolicy,
            // The generated documents, of one kind or all: one entry per kind.
            documents: { ...pagedListPolicy, keyArgs: ['kind', 'first'] },
            adminIdeas: {
              ...pagedListPolicy,
              keyArgs: ['status', 'organizationId', 'search', 'first'],
            },
          },
        },
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
