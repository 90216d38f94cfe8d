import { parse } from 'csv-parse/sync';
import { AppError, badInput, type FieldDetail } from '../errors/app-error.js';
import { controlCharacterIn } from '../text.js';
import { unguardCell } from '@covenant/shared/csv';

// The one way every CSV import reads its file (budget, journal, units, opening balances, reserve
// components; a new import uses the same calls):
//   1. readCsvUpload(upload, maxBytes, label) (read-upload.ts): the bytes, size-limited, decoded
//      as decode.ts says (UTF-8 with or without a BOM, UTF-16 with a BOM, Windows-1252).
//   2. parseCsvRows(text) (here): the rows, header first, each with the row number a spreadsheet
//      shows, and the count of template sample rows left out.
//   3. csvHeaderName(cell) to match header cells, parseAmount(cell) (amounts.ts) for every
//      amount; a problem in a row is a CsvRowError (row-error.ts): { row, field: the column's
//      name, message }, and any problem means nothing is written.
// Templates and exports are written by toCsv (@covenant/shared/csv), and read back here unchanged.
//
// What parseCsvRows reads, as spreadsheets and other systems write it:
// - line ends of any kind and any mix (CRLF, LF, CR; a header in CRLF over rows in LF was once
//   read as one row, running amounts together); a line break inside a quoted cell is kept, as LF;
// - one separator per file, the most frequent of "," ";" and tab on the header line outside
//   quotes (tab, then ";", on a tie), or Excel's "sep=;" first line; so "1.234,56" in a ";" file
//   stays one cell;
// - a BOM, quoted cells ("" for a quote), cells trimmed; blank rows (",,,," too) skipped.
// It refuses the whole file (BAD_USER_INPUT, one detail per cell naming its row and column,
// nothing written): a cell holding a character no import may store (plainCells), and a value in
// a row past the header's last column (an unquoted "1,234.56" in a "," file, which would shift
// every later cell). A file that is not CSV at all answers { error } with the line where reading
// stopped, for the import's problem list.
//
// `rowNumbers[i]` is the row of `rows[i]` as a spreadsheet numbers it (blank lines count, a quoted
// cell over several lines is one row, Excel's "sep=" line does not), so every problem an import
// reports names the row the person sees.
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
  let body = text.replace(/^\uFEFF/, '');
  const hint = SEP_LINE.exec(body);
  if (hint) body = body.slice(hint[0].length);
  try {
    const records = parse(body, {
      delimiter: hint?.[1] ?? headerDelimiter(body),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
    }) as string[][];
    const rows: string[][] = [];
    const rowNumbers: number[] = [];
    let sampleRows = 0;
    records.forEach((record, i) => {
      // A blank line, or a row of empty cells (",,,," as spreadsheets pad it), holds nothing.
      if (record.every((cell) => cell === '')) return;
      // The first row is the header, never a sample.
      if (rows.length && isSampleRow(record)) {
        sampleRows += 1;
        return;
      }
      rows.push(record.map((cell) => cell.replace(/\r\n?/g, '\n')));
      rowNumbers.push(i + 1);
    });
    const cells = plainCells(rows, rowNumbers);
    withinHeader(cells, rowNumbers);
    return { rows: cells, rowNumbers, sampleRows };
  } catch (e) {
    if (e instanceof AppError) throw e;
    const row = (e as { lines?: number }).lines ?? 1;
    return {
      error: { row, field: null, message: `Not a readable CSV file: ${(e as Error).message}` },
    };
  }
}

// Excel's own first line naming the separator ("sep=;"), which Excel hides when it opens a file.
const SEP_LINE = /^"?sep=([,;\t|])"?(?:\r\n|\n|\r)/i;

// The separator of the first non-empty line: the most frequent of , ; and tab outside quotes.
function headerDelimiter(text: string): string {
  const counts: Record<string, number> = { '\t': 0, ';': 0, ',': 0 };
  let quoted = false;
  let started = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (started) break;
      continue;
    } else if (!quoted && ch in counts) counts[ch] += 1;
    started = true;
  }
  // On a tie the order above decides: a tab or ";" is rarely part of a column's name.
  const [best, n] = Object.entries(counts).reduce((a, b) => (b[1] > a[1] ? b : a));
  return n > 0 ? best : ',';
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
// its row (`rowNumbers[i]`, the spreadsheet's) and column (the spreadsheet's letter, and the
// header's name). Cells our own CSV writer guarded against formulas are read back as
// they were written.
function plainCells(records: string[][], rowNumbers: readonly number[]): string[][] {
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

// A value past the header's last named column refuses the file: it is a cell that should have
// been quoted ("1,234.56" unquoted in a "," file) and has pushed the cells after it one column to
// the right, or a column nobody named; either way no import may guess. Empty cells there are fine
// (spreadsheets pad rows). A first row of one cell is no table's header: the import's own header
// check names what is missing.
function withinHeader(rows: string[][], rowNumbers: readonly number[]): void {
  const [header = []] = rows;
  let width = header.length;
  while (width > 0 && header[width - 1] === '') width -= 1;
  if (width < 2) return;
  const last = `${columnLetter(width - 1)}, ${header[width - 1]}`;
  const details: FieldDetail[] = [];
  let count = 0;
  rows.forEach((row, i) => {
    const j = row.findIndex((c, k) => k >= width && c !== '');
    if (i === 0 || j < 0) return;
    count += 1;
    if (details.length >= MAX_DETAILS) return;
    const value = row[j].length > 40 ? `${row[j].slice(0, 40)}…` : row[j];
    details.push({
      field: `rows.${rowNumbers[i]}.${columnLetter(j)}`,
      message: `Row ${rowNumbers[i]}, column ${columnLetter(j)}: "${value}" is past the header's last column (${last}); a value holding the separator must be in quotes`,
    });
  });
  if (details.length) {
    throw badInput(
      details,
      count === 1
        ? `${details[0].message}. Nothing was imported.`
        : `${count} rows of the file have values past the header's last column (the first: ${details[0].message}). Nothing was imported.`,
    );
  }
}
