import { parse } from 'csv-parse/sync';
import { AppError, badInput, type FieldDetail } from '../errors/app-error.js';
import { controlCharacterIn } from '../text.js';
import { unguardCell } from './write-csv.js';

// The rows of an uploaded CSV file as another system wrote it: BOM or not, `,` `;` or tab between
// fields, quoted fields, blank lines skipped, cells trimmed. A file that is not CSV answers with
// the line where reading stopped, for the import's problem list; a cell no import may store is
// refused as plainCells says.
//
// `rowNumbers[i]` is the row of `rows[i]` as a spreadsheet numbers it (blank lines count, a quoted
// cell over several lines is one row), so every problem an import reports names the row the
// person sees.
//
// Sample rows are left out and counted (`sampleRows`): the templates' example rows carry
// SAMPLE_ROW_MARK at the start of their first cell, so a treasurer who leaves one in does not
// import unit 101 or the example entry by mistake. The mark is plain text in the first cell, so it
// survives a round trip through any spreadsheet.
export function parseCsvRows(
  text: string,
):
  | { rows: string[][]; rowNumbers: number[]; sampleRows: number }
  | { error: { row: number; field: null; message: string } } {
  try {
    const records = parse(text, {
      bom: true,
      delimiter: [',', ';', '\t'],
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
    }) as string[][];
    const rows: string[][] = [];
    const rowNumbers: number[] = [];
    let sampleRows = 0;
    records.forEach((record, i) => {
      if (record.length === 1 && record[0] === '') return;
      // The first row is the header, never a sample.
      if (rows.length && isSampleRow(record)) {
        sampleRows += 1;
        return;
      }
      rows.push(record);
      rowNumbers.push(i + 1);
    });
    return { rows: plainCells(rows, rowNumbers), rowNumbers, sampleRows };
  } catch (e) {
    if (e instanceof AppError) throw e;
    const row = (e as { lines?: number }).lines ?? 1;
    return {
      error: { row, field: null, message: `Not a readable CSV file: ${(e as Error).message}` },
    };
  }
}

// The mark of a template's example row: its first cell starts with "# example" ("# example: 101").
// Narrower than any "#" so that a real unit numbered "#12" is still imported.
export const SAMPLE_ROW_MARK = '# example';
const SAMPLE_ROW = /^#\s*example\b/i;

// A template's example row's first cell: the example value behind the mark.
export const sampleCell = (value: string) => `${SAMPLE_ROW_MARK}: ${value}`;

export const isSampleRow = (record: readonly string[]) => SAMPLE_ROW.test(record[0] ?? '');

// What an import answers when a file held nothing but sample rows.
export function onlySampleRowsMessage(count: number): string {
  const rows = count === 1 ? 'a sample row' : `${count} sample rows`;
  return `The file holds only ${rows} (first cell "${SAMPLE_ROW_MARK}…"), and sample rows are never imported. Add your own rows under the header.`;
}

// A header cell as the imports name their columns: "Unit Number" and "unit-number" are unit_number.
export const csvHeaderName = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

// Why a cell cannot be imported, if it cannot: C0 control characters other than tab, line feed and
// carriage return, and DEL (PostgreSQL refuses NUL in text, which failed the import as INTERNAL,
// and the others are invisible on every screen), or U+FFFD, the mark another program left where
// it could not read a character (stored, the original is lost for good).
function cellProblem(cell: string): string | null {
  // The first problem in the cell, reading from the left.
  const lost = cell.indexOf('\ufffd');
  const control = controlCharacterIn(lost >= 0 ? cell.slice(0, lost) : cell);
  if (control !== null) {
    const code = control.toString(16).toUpperCase().padStart(4, '0');
    return `contains the control character U+${code}, which cannot be imported; remove it`;
  }
  if (lost >= 0) {
    return 'contains U+FFFD (\ufffd), put there by a program that could not read a character; type the text again';
  }
  return null;
}

// A spreadsheet's column name: A … Z, AA, AB …
function columnLetter(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

const MAX_DETAILS = 50;

// The cells of every CSV import, checked before anything else: a cell with a character no import
// may store refuses the whole file (BAD_USER_INPUT, nothing written), one detail per cell naming
// its row (`rowNumbers[i]`, the spreadsheet's; row i + 1 when not given) and column (the spreadsheet's letter,
// and the header's name). Cells our own CSV writer guarded against formulas are read back as
// they were written.
export function plainCells(
  records: string[][],
  rowNumbers: readonly number[] = records.map((_, i) => i + 1),
): string[][] {
  const header = records.find((r) => r.some((c) => c !== '')) ?? [];
  const details: FieldDetail[] = [];
  let count = 0;
  records.forEach((record, i) => {
    record.forEach((cell, j) => {
      const problem = cellProblem(cell);
      if (!problem) return;
      count += 1;
      if (details.length >= MAX_DETAILS) return;
      const name = record === header ? '' : (header[j] ?? '');
      const column = `column ${columnLetter(j)}${name && !cellProblem(name) ? ` (${name})` : ''}`;
      details.push({
        field: `rows.${rowNumbers[i]}.${columnLetter(j)}`,
        message: `Row ${rowNumbers[i]}, ${column}: ${problem}`,
      });
    });
  });
  if (details.length) {
    throw badInput(
      details,
      count === 1
        ? `${details[0].message}. Nothing was imported.`
        : `${count} cells of the file hold characters that cannot be imported (the first: ${details[0].message}). Nothing was imported.`,
    );
  }
  return records.map((r) => r.map(unguardCell));
}
