import { parse } from 'csv-parse/sync';

// The rows of an uploaded CSV file as another system wrote it: BOM or not, `,` `;` or tab between
// fields, quoted fields, blank lines skipped, cells trimmed. A file that is not CSV answers with
// the line where reading stopped, for the import's problem list.
export function parseCsvRows(
  text: string,
): { rows: string[][] } | { error: { row: number; field: null; message: string } } {
  try {
    const rows = parse(text, {
      bom: true,
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
    return { rows };
  } catch (e) {
    const row = (e as { lines?: number }).lines ?? 1;
    return {
      error: { row, field: null, message: `Not a readable CSV file: ${(e as Error).message}` },
    };
  }
}

// A header cell as the imports name their columns: "Unit Number" and "unit-number" are unit_number.
export const csvHeaderName = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
