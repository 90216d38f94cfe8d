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

// Units' balances, invoices, payments and the aging report are all answers computed from the
// same receivables: after any of them changes (an invoice run, a payment, a void, an import) they
// are dropped together, and every screen on display asks again. Each of these writes also posts
// to the journal, so the journal's figures go too.
const RECEIVABLES_FIELDS = [
  'units',
  'unit',
  'unitLedger',
  'invoices',
  'invoice',
  'payments',
  'payment',
  'agingReport',
  'previewAssessmentInvoices',
  'previewLateFees',
  'assessmentGroups',
  'assessmentGroup',
  'assessmentProjection',
  'propertyTypes',
] as const;

export function evictReceivables(cache: ApolloCache<unknown>): void {
  for (const fieldName of RECEIVABLES_FIELDS) cache.evict({ id: 'ROOT_QUERY', fieldName });
  evictBookFigures(cache);
}
