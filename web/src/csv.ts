import { stringify } from 'csv-stringify/browser/esm/sync';

// CSV files a treasurer opens in a spreadsheet: RFC 4180 quoting (csv-stringify), CRLF line ends,
// and a BOM so Excel reads UTF-8 names correctly. Amounts go out as plain decimals ("-1234.56"),
// never formatted, so the spreadsheet can add them up.

export type CsvCell = string | number | null | undefined;

// Formula injection: a text cell starting with = + - @ (or a tab or carriage return) would run as a
// formula in a spreadsheet, so it is prefixed with an apostrophe. A plain decimal such as an
// amount ("-1234.56") is left as it is, so the spreadsheet reads it as a number.
const FORMULA = /^[=+\-@\t\r]/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

function guard(value: CsvCell): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || DECIMAL.test(value)) return value;
  return FORMULA.test(value) ? `'${value}` : value;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((r) => r.map(guard)),
    // A line break inside a cell is quoted too, whichever kind it is.
    { bom: true, record_delimiter: 'windows', eof: true, quoted_match: /[\r\n]/ },
  );
}

export function downloadCsv(filename: string, rows: readonly (readonly CsvCell[])[]): void {
  downloadText(filename, toCsv(rows));
}

/** Saves text as a file in the browser (exports, import templates the API wrote). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
