import { stringify } from 'csv-stringify/browser/esm/sync';

// The one CSV writer of Covenant: the API's import templates, books and budget exports, and every
// export of the web app, so a file reads the same whichever side wrote it. RFC 4180 quoting
// (csv-stringify; its browser build, which runs in Node as well), CRLF line ends, and a BOM so
// Excel reads UTF-8 names correctly. Amounts go out as plain decimals ("-1234.56"), never
// formatted, so the spreadsheet can add them up and our importers read them back.

export type CsvCell = string | number | null | undefined;

// Formula injection: a text cell starting with = + - @ (or a tab or carriage return) would run as a
// formula in a spreadsheet (=HYPERLINK(…) in a property type's name comes back live), so it is
// prefixed with an apostrophe. A plain decimal such as an amount ("-1234.56") is left as it is,
// so the spreadsheet reads it as a number.
const FORMULA = /^[=+\-@\t\r]/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

export function guardCell(value: CsvCell): string | number | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || DECIMAL.test(value)) return value;
  return FORMULA.test(value) ? `'${value}` : value;
}

// The inverse, for importers reading back a file we wrote: the apostrophe in front of a formula
// character is our guard, not the user's text, so "'=Pool" is read as "=Pool" again.
export function unguardCell(value: string): string {
  return value.startsWith("'") && FORMULA.test(value.slice(1)) ? value.slice(1) : value;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((r) => r.map(guardCell)),
    // A line break inside a cell is quoted too, whichever kind it is.
    { bom: true, record_delimiter: 'windows', eof: true, quoted_match: /[\r\n]/ },
  );
}
