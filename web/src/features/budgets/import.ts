import { GraphqlUploadError, sendGraphqlUpload, withSession } from '@/apollo/multipart';
import {
  IMPORT_BUDGET_MUTATION,
  type BudgetImport,
  type BudgetImportMapping,
} from './budgets.graphql';

// The budget file goes up as a GraphQL multipart request (see apollo/multipart.ts).

export { GraphqlUploadError as BudgetImportError };

const FAILED = 'The budget could not be imported. Please try again in a moment.';

export async function sendBudgetImport(
  request: {
    year: number;
    file: File;
    mappings: BudgetImportMapping[];
    dryRun: boolean;
    token: string | null;
  },
  fetchImpl: typeof fetch = fetch,
): Promise<BudgetImport> {
  const data = await sendGraphqlUpload(
    {
      mutation: IMPORT_BUDGET_MUTATION,
      operationName: 'ImportBudget',
      variables: {
        year: request.year,
        file: null,
        mappings: request.mappings,
        dryRun: request.dryRun,
      },
      fileVariable: 'file',
      file: request.file,
      token: request.token,
      failed: FAILED,
    },
    fetchImpl,
  );
  if (!data.importBudget) throw new GraphqlUploadError(FAILED, null);
  return data.importBudget;
}

/** With the session's token; an expired one is renewed once and the request sent again. */
export function importBudgetFile(
  year: number,
  file: File,
  mappings: BudgetImportMapping[],
  dryRun: boolean,
): Promise<BudgetImport> {
  return withSession((token) => sendBudgetImport({ year, file, mappings, dryRun, token }));
}
