import type { ApolloCache } from '@apollo/client/core';

// Figures computed from the journal (balances, ledgers, reports, entry lists) are answers to a
// question asked at one moment: after a posting they are dropped from the cache, so every screen
// asks again rather than show a figure that no longer adds up. Screens on display refetch at once.
const COMPUTED_FROM_THE_JOURNAL = [
  'journalEntries',
  'accountBalances',
  'accountLedger',
  'trialBalance',
  'journalLines',
] as const;

export function evictBookFigures(cache: ApolloCache<unknown>): void {
  for (const fieldName of COMPUTED_FROM_THE_JOURNAL) cache.evict({ id: 'ROOT_QUERY', fieldName });
  cache.gc();
}

/** One record's history changed (an edit, an attachment): its audit log is asked for again. */
export function evictHistory(
  cache: ApolloCache<unknown>,
  entityType: string,
  entityId: string,
): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'auditLog', args: { entityType, entityId } });
  cache.gc();
}
