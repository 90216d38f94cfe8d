import type { ApolloCache } from '@apollo/client/core';
import { evictBookFigures } from '@/apollo/books';

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
