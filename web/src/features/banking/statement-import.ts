import {
  GraphqlUploadError,
  sendGraphqlUpload,
  type UploadDetail,
  withSession,
} from '@/apollo/multipart';
import {
  CSV_PREVIEW_QUERY,
  type CsvMapping,
  type CsvPreview,
  IMPORT_STATEMENT_MUTATION,
  type ImportResult,
} from './banking.graphql';

// A statement file goes up as a GraphQL multipart request (see apollo/multipart.ts); a refusal
// keeps the API's per-field details (`mapping.dateColumn`, `rows.7.amount`, `file`) so the
// mapping step can show each under its field and each row's problem with its line.

export { GraphqlUploadError as StatementImportError };

const FAILED = 'The statement could not be read. Please try again in a moment.';

/** The mapping as the API takes it (the query's own copy carries a __typename). */
export function mappingInput(m: CsvMapping): CsvMapping {
  const { __typename: _typename, ...rest } = m as CsvMapping & { __typename?: string };
  return rest;
}

export function previewStatementCsv(accountId: string, file: File): Promise<CsvPreview> {
  return withSession(async (token) => {
    const data = await sendGraphqlUpload({
      mutation: CSV_PREVIEW_QUERY,
      operationName: 'BankCsvPreview',
      variables: { accountId, file: null },
      fileVariable: 'file',
      file,
      token,
      failed: FAILED,
    });
    return data.bankCsvPreview;
  });
}

export function importStatementFile(request: {
  accountId: string;
  file: File;
  mapping: CsvMapping | null;
  saveMapping: boolean;
  dryRun: boolean;
}): Promise<ImportResult> {
  return withSession(async (token) => {
    const data = await sendGraphqlUpload({
      mutation: IMPORT_STATEMENT_MUTATION,
      operationName: 'ImportBankStatement',
      variables: {
        accountId: request.accountId,
        file: null,
        mapping: request.mapping ? mappingInput(request.mapping) : null,
        saveMapping: request.saveMapping,
        dryRun: request.dryRun,
      },
      fileVariable: 'file',
      file: request.file,
      token,
      failed: FAILED,
    });
    return data.importBankStatement;
  });
}

export interface StatementProblems {
  /** By mapping key: `dateColumn` → "Choose this column". */
  mapping: Partial<Record<keyof CsvMapping, string>>;
  /** Each row's problems, with the row's line in the file. */
  rows: { row: number; field: string | null; message: string }[];
  /** About the file itself or the whole mapping. */
  other: string[];
  /** The API wants a column mapping (a CSV file, or one it could not tell apart). */
  needsMapping: boolean;
}

/** The API's refusal of a statement, split by where each problem belongs on screen. */
export function statementProblems(error: unknown): StatementProblems {
  const out: StatementProblems = { mapping: {}, rows: [], other: [], needsMapping: false };
  if (!(error instanceof GraphqlUploadError)) {
    out.other.push(error instanceof Error ? error.message : FAILED);
    return out;
  }
  const details: UploadDetail[] = error.details;
  for (const d of details) {
    const field = d.field ?? '';
    const row = /^rows\.(\d+)(?:\.(\w+))?$/.exec(field);
    if (row) {
      out.rows.push({ row: Number(row[1]), field: row[2] ?? null, message: d.message });
    } else if (field.startsWith('mapping.')) {
      const key = field.slice('mapping.'.length) as keyof CsvMapping;
      out.mapping[key] ??= d.message;
      out.needsMapping = true;
    } else if (field === 'mapping') {
      out.needsMapping = true;
      out.other.push(d.message);
    } else {
      out.other.push(d.message);
    }
  }
  if (!details.length) out.other.push(error.message);
  // The rows' summary is said by the rows table; the headline would repeat it.
  if (out.rows.length) out.other = out.other.filter((m) => m !== error.message);
  return out;
}
