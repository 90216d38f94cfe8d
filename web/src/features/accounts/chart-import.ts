import type { ApolloCache } from '@apollo/client/core';
import { evictBookFigures } from '@/apollo/books';
import { sendMultipart, sendWithSession } from '@/apollo/upload';
import { type AccountImportResult, IMPORT_ACCOUNTS_MUTATION } from './chart-import.graphql';

/** Uploads a chart-of-accounts CSV (all or nothing); `date` dates balances without their own. */
export function importAccounts(
  file: File,
  date: string | null,
  onProgress?: (fraction: number) => void,
): Promise<AccountImportResult> {
  return sendWithSession(
    (token) =>
      sendMultipart<AccountImportResult>({
        file,
        token,
        onProgress,
        operationName: 'ImportAccounts',
        mutation: IMPORT_ACCOUNTS_MUTATION,
        variables: { file: null, date },
        fileVariable: 'file',
        field: 'importAccounts',
      }),
    'Your session has ended. Sign in again, then import the file.',
    () => onProgress?.(0),
  );
}

/**
 * The chart changed as a whole (an import, the standard chart): every cached account list, the
 * cash accounts and the figures computed from the journal are asked for again.
 */
export function evictChartLists(cache: ApolloCache<unknown>): void {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'accounts' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'actualsCashAccounts' });
  evictBookFigures(cache);
}

/** "12 accounts imported", "1 account imported · 2 sample rows skipped". */
export function importedMessage(count: number, sampleNote: string): string {
  const what = `${count} ${count === 1 ? 'account' : 'accounts'} imported`;
  return sampleNote ? `${what} · ${sampleNote}` : what;
}
