import { toCsv, type CsvCell } from '@covenant/shared/csv';

// CSV files a treasurer opens in a spreadsheet, written by the same module as the API's import
// templates and budget export (@covenant/shared) (quoting, CRLF, a BOM for Excel, and the guard against formulas in
// text cells), so a file reads the same whichever side wrote it.
export { toCsv, type CsvCell };

export function downloadCsv(filename: string, rows: readonly (readonly CsvCell[])[]): void {
  downloadText(filename, toCsv(rows));
}

/** Saves text as a file in the browser (exports, import templates the API wrote). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  downloadUrl(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Saves what a link of our own origin (or a blob) points at, under `filename` (a signed export
 * link: the browser downloads it instead of opening it).
 */
export function downloadUrl(url: string, filename: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
}
