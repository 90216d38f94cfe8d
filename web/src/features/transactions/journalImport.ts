import { GraphqlUploadError, sendGraphqlUpload, withSession } from '@/apollo/multipart';
import { IMPORT_JOURNAL_ENTRIES_MUTATION, type JournalImportResult } from './transactions.graphql';

export { GraphqlUploadError as JournalImportError };

const FAILED = 'The entries could not be imported. Please try again in a moment.';

/** Checks (dryRun) or posts a journal CSV file, renewing an expired session once. */
export function importJournalFile(
  file: File,
  dryRun: boolean,
  fetchImpl: typeof fetch = fetch,
): Promise<JournalImportResult> {
  return withSession(async (token) => {
    const data = await sendGraphqlUpload(
      {
        mutation: IMPORT_JOURNAL_ENTRIES_MUTATION,
        operationName: 'ImportJournalEntries',
        variables: { file: null, dryRun },
        fileVariable: 'file',
        file,
        token,
        failed: FAILED,
      },
      fetchImpl,
    );
    return data.importJournalEntries;
  });
}
