// CSV statements: every bank has its own layout, so the treasurer maps the columns once per bank
// (saved with the bank account) and the file is read with `csv-parse`.
import { parse } from 'csv-parse/sync';
import { parseAmount } from '../../../core/csv/amounts.js';
import { badInput, type FieldDetail } from '../../../core/errors/app-error.js';
import type { CsvMapping, ParsedStatement, StatementLine } from './types.js';

function rows(text: string): string[][] {
  try {
    return parse(text, {
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
    }) as string[][];
  } catch (err) {
    const message = `The CSV file could not be read: ${(err as Error).message.split('\n')[0].slice(0, 160)}`;
    throw badInput([{ field: 'file', message }], message);
  }
}

export function csvPreview(text: string, maxRows = 12): { rows: string[][] } {
  return { rows: rows(text).slice(0, maxRows) };
}

const FORMATS: Record<CsvMapping['dateFormat'], RegExp> = {
  'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})$/,
  'MM/DD/YYYY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})$/,
  'DD/MM/YYYY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{4})$/,
  'M/D/YY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{2})$/,
  'DD.MM.YYYY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{4})$/,
  YYYYMMDD: /^(?<y>\d{4})(?<m>\d{2})(?<d>\d{2})$/,
};

export function csvDate(cell: string, format: CsvMapping['dateFormat']): string | null {
  const g = FORMATS[format].exec(cell.trim())?.groups;
  if (!g) return null;
  const y = g.y.length === 2 ? 2000 + Number(g.y) : Number(g.y);
  const m = Number(g.m);
  const d = Number(g.d);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d)
    return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const cellOf = (row: string[], col: number | null | undefined) =>
  col == null ? '' : (row[col] ?? '').trim();

export function parseCsvStatement(text: string, mapping: CsvMapping): ParsedStatement {
  if (mapping.amountColumn == null && mapping.debitColumn == null && mapping.creditColumn == null) {
    const message = 'Choose the amount column, or the debit and credit columns';
    throw badInput([{ field: 'mapping.amountColumn', message }], message);
  }
  const all = rows(text);
  const data = all.slice(mapping.headerRows);
  const errors: FieldDetail[] = [];
  const lines: StatementLine[] = [];
  let firstBalance: number | null = null;
  let lastBalance: number | null = null;
  data.forEach((r, i) => {
    const row = mapping.headerRows + i + 1;
    // A summary, balance-only or blank row (no amount at all) is not a transaction.
    const dateCell = cellOf(r, mapping.dateColumn);
    const amountCells = [mapping.amountColumn, mapping.debitColumn, mapping.creditColumn].map((c) =>
      cellOf(r, c),
    );
    if (amountCells.every((c) => !c)) return;
    const date = csvDate(dateCell, mapping.dateFormat);
    if (!date) {
      errors.push({
        field: `rows.${row}.date`,
        message: `Row ${row}: "${dateCell.slice(0, 40)}" is not a date in ${mapping.dateFormat}`,
      });
    }
    let amount: number | null = null;
    if (mapping.amountColumn != null) {
      const cell = parseAmount(cellOf(r, mapping.amountColumn));
      if (cell.error)
        errors.push({ field: `rows.${row}.amount`, message: `Row ${row}: ${cell.error}` });
      else amount = mapping.sign === 'withdrawals_positive' ? -cell.cents! : cell.cents!;
    } else {
      const out = parseAmount(cellOf(r, mapping.debitColumn));
      const inn = parseAmount(cellOf(r, mapping.creditColumn));
      if (out.error || inn.error) {
        errors.push({
          field: `rows.${row}.amount`,
          message: `Row ${row}: ${out.error ?? inn.error}`,
        });
      } else amount = Math.abs(inn.cents!) - Math.abs(out.cents!);
    }
    if (amount === 0)
      errors.push({ field: `rows.${row}.amount`, message: `Row ${row}: the amount is zero` });
    const description = cellOf(r, mapping.descriptionColumn);
    if (!description) {
      errors.push({
        field: `rows.${row}.description`,
        message: `Row ${row}: the description is empty`,
      });
    }
    if (mapping.balanceColumn != null && amount !== null) {
      const b = parseAmount(cellOf(r, mapping.balanceColumn));
      if (!b.error && b.cents !== null) {
        if (firstBalance === null) firstBalance = b.cents - amount;
        lastBalance = b.cents;
      }
    }
    lines.push({
      row,
      date: date ?? '',
      amount: amount ?? 0,
      description: description.replace(/\s+/g, ' ').slice(0, 500),
      payee: cellOf(r, mapping.payeeColumn) || null,
      checkNumber: cellOf(r, mapping.checkNumberColumn) || null,
      bankId: cellOf(r, mapping.bankIdColumn) || null,
    });
  });
  if (errors.length) {
    throw badInput(
      errors.slice(0, 100),
      errors.length === 1 ? errors[0].message : `${errors.length} problems in the file's rows`,
    );
  }
  if (!lines.length) {
    const message = 'The file has no transactions after its header rows';
    throw badInput([{ field: 'file', message }], message);
  }
  // Banks list newest first or oldest first; the balances read in file order.
  const dates = lines.map((l) => l.date).sort();
  const newestFirst = lines.length > 1 && lines[0].date > lines[lines.length - 1].date;
  return {
    format: 'csv',
    accountNumber: null,
    currency: null,
    periodStart: dates[0],
    periodEnd: dates[dates.length - 1],
    openingBalance: newestFirst ? null : firstBalance,
    closingBalance: newestFirst
      ? firstBalance === null
        ? null
        : firstBalance + lines[0].amount
      : lastBalance,
    availableBalance: null,
    lines,
  };
}

const HEADERS: { key: keyof CsvMapping; re: RegExp }[] = [
  {
    key: 'dateColumn',
    re: /^(posting |post |posted |transaction |trans\.? |booking |value )?date$|^posted$|^date posted$/i,
  },
  { key: 'descriptionColumn', re: /^(description|details?|memo|transaction|narrative|payee)$/i },
  { key: 'amountColumn', re: /^(amount|transaction amount|amount \(usd\))$/i },
  { key: 'debitColumn', re: /^(debit|debits|withdrawals?|money out|payments?)$/i },
  { key: 'creditColumn', re: /^(credit|credits|deposits?|money in)$/i },
  { key: 'checkNumberColumn', re: /^(check|check ?(no\.?|number|#)|check or slip #|chk ?#?)$/i },
  { key: 'balanceColumn', re: /^(balance|running bal\.?|running balance)$/i },
  { key: 'bankIdColumn', re: /^(transaction id|reference|ref(erence)? ?(no|number)?)$/i },
];

// A mapping from the header row (the first row naming a date and an amount column) and the
// dates below it; null when nothing is recognised.
export function guessCsvMapping(sample: string[][]): CsvMapping | null {
  const headerAt = sample.findIndex(
    (r) =>
      r.some((c) => HEADERS[0].re.test(c.trim())) &&
      r.some((c) => /amount|debit|credit|withdraw|deposit/i.test(c)),
  );
  const m: Partial<CsvMapping> = {};
  if (headerAt >= 0) {
    const header = sample[headerAt].map((c) => c.trim());
    for (const { key, re } of HEADERS) {
      const col = header.findIndex((c, i) => re.test(c) && !Object.values(m).includes(i as never));
      if (col >= 0) (m as Record<string, number>)[key] = col;
    }
  }
  const data = sample.slice(headerAt + 1);
  // No header: the first column that reads as a date, and the first amount-looking column.
  if (m.dateColumn == null && data[0]) {
    m.dateColumn = data[0].findIndex((c) => /^\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4}$/.test(c.trim()));
    if (m.dateColumn < 0) return null;
    const amount = data[0].findIndex(
      (c, i) => i !== m.dateColumn && /^-?\$?[\d,]+\.\d{2}$/.test(c.trim()),
    );
    if (amount >= 0) m.amountColumn = amount;
    const text = data[0].reduce(
      (best, c, i) => (c.length > (data[0][best] ?? '').length && i !== amount ? i : best),
      0,
    );
    m.descriptionColumn = text;
  }
  if (m.dateColumn == null || m.descriptionColumn == null) return null;
  if (m.amountColumn == null && m.debitColumn == null && m.creditColumn == null) return null;
  const dates = data.map((r) => (r[m.dateColumn!] ?? '').trim()).filter(Boolean);
  const formats = Object.keys(FORMATS) as CsvMapping['dateFormat'][];
  const dateFormat =
    formats.find((f) => dates.length > 0 && dates.every((d) => csvDate(d, f))) ?? 'MM/DD/YYYY';
  return {
    headerRows: headerAt + 1,
    dateColumn: m.dateColumn,
    descriptionColumn: m.descriptionColumn,
    amountColumn: m.amountColumn ?? null,
    debitColumn: m.amountColumn == null ? (m.debitColumn ?? null) : null,
    creditColumn: m.amountColumn == null ? (m.creditColumn ?? null) : null,
    sign: 'deposits_positive',
    dateFormat,
    payeeColumn: null,
    checkNumberColumn: m.checkNumberColumn ?? null,
    bankIdColumn: m.bankIdColumn ?? null,
    balanceColumn: m.balanceColumn ?? null,
  };
}
