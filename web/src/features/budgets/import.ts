import { print } from 'graphql';
import { useAuthStore } from '@/stores/auth';
import { useOrganizationStore } from '@/stores/organization';
import {
  IMPORT_BUDGET_MUTATION,
  type BudgetImport,
  type BudgetImportMapping,
} from './budgets.graphql';

// The budget file goes up as a GraphQL multipart request (operations, map, 0); Apollo's links are
// not on this path, so the Bearer token, the CSRF header and one renewal of an expired session
// are done here.

export interface ImportDetail {
  field?: string;
  message: string;
}

export class BudgetImportError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly details: ImportDetail[] = [],
  ) {
    super(message);
    this.name = 'BudgetImportError';
  }
}

const OFFLINE = 'We could not reach Covenant. Check your connection and try again.';
const FAILED = 'The budget could not be imported. Please try again in a moment.';

interface Reply {
  data?: { importBudget?: BudgetImport } | null;
  errors?: { message?: string; extensions?: { code?: string; details?: ImportDetail[] } }[];
}

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
  const body = new FormData();
  body.append(
    'operations',
    JSON.stringify({
      operationName: 'ImportBudget',
      query: print(IMPORT_BUDGET_MUTATION),
      variables: {
        year: request.year,
        file: null,
        mappings: request.mappings,
        dryRun: request.dryRun,
      },
    }),
  );
  body.append('map', JSON.stringify({ 0: ['variables.file'] }));
  body.append('0', request.file, request.file.name);
  let res: Response;
  try {
    res = await fetchImpl('/graphql', {
      method: 'POST',
      headers: {
        ...(request.token ? { authorization: `Bearer ${request.token}` } : {}),
        // Apollo's CSRF check refuses multipart requests without it.
        'apollo-require-preflight': 'true',
      },
      body,
    });
  } catch {
    throw new BudgetImportError(OFFLINE, null);
  }
  const reply = (await res.json().catch(() => null)) as Reply | null;
  const first = reply?.errors?.[0];
  if (first) {
    const code = first.extensions?.code ?? null;
    if (code === 'INTERNAL') throw new BudgetImportError(FAILED, code);
    throw new BudgetImportError(first.message ?? FAILED, code, first.extensions?.details ?? []);
  }
  if (!res.ok || !reply?.data?.importBudget) throw new BudgetImportError(FAILED, null);
  return reply.data.importBudget;
}

/** With the session's token; an expired one is renewed once and the request sent again. */
export async function importBudgetFile(
  year: number,
  file: File,
  mappings: BudgetImportMapping[],
  dryRun: boolean,
): Promise<BudgetImport> {
  const auth = useAuthStore();
  const send = () => sendBudgetImport({ year, file, mappings, dryRun, token: auth.accessToken });
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof BudgetImportError)) throw error;
    if (error.code === 'ORG_INACTIVE') useOrganizationStore().markInactive();
    if (error.code !== 'UNAUTHENTICATED') throw error;
    await auth.refresh();
    return send();
  }
}
