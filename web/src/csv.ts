// CSV files a treasurer opens in a spreadsheet: RFC 4180 quoting, CRLF line ends, and a BOM so
// Excel reads UTF-8 names correctly. Amounts go out as plain decimals ("-1234.56"), never
// formatted, so the spreadsheet can add them up.

export type CsvCell = string | number | null | undefined;

function cell(value: CsvCell): string {
  const text = value === null || value === undefined ? '' : String(value);
  // Formula injection: a cell starting with = + - @ would run in a spreadsheet. Amounts are
  // numbers, not text, so only text cells are guarded.
  const guarded = typeof value === 'string' && /^[=+@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${rows.map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

export function downloadCsv(filename: string, rows: readonly (readonly CsvCell[])[]): void {
  const blob = new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
