// CSV statements. Every bank has its own layout, so the treasurer maps the columns once per bank
// (saved with the bank account; guessCsvMapping proposes one from the header row and the dates) and
// the file is read with `csv-parse`.
//
// - The delimiter: Excel's "sep=;" first line when there is one, else whichever of , ; tab | splits
//   the first rows into the same number of columns (European banks write ";" and "1.234,56").
// - Rows: `row` is the file's line number (where the record starts; a quoted description may run
//   over lines). Rows without any amount (a bank's summary or "beginning balance" rows, blank
//   rows) and rows of zero are not transactions and are skipped.
// - Amounts through the spreadsheet reader core/csv/amounts.ts, exact to the cent: "$1,234.56",
//   "(42.10)", "-42.10", "42.10-", "1.234,56"; an ambiguous "1.234" is refused, not guessed. One
//   amount column, signed as the mapping says, or debit (money out) and credit (money in) columns,
//   each read as a size whatever sign the bank wrote.
// - Balances from the balance column when mapped, in the file's order (newest first or oldest
//   first, told by the dates): the closing balance is the newest row's, the opening the oldest
//   row's balance less its amount.
import { parse } from 'csv-parse/sync';
import { parseAmount } from '../../../core/csv/amounts.js';
import type { FieldDetail } from '../../../core/errors/app-error.js';
import type { CsvMapping, ParsedStatement, StatementLine } from './types.js';
import { isoDate, MAX_TRANSACTIONS, refuse, rowErrors, shown, tooMany } from './values.js';

const DELIMITERS = [',', ';', '\t', '|'] as const;

interface Sheet {
  delimiter: string;
  fromLine: number;
}

function baseOptions(sheet: Sheet) {
  return {
    delimiter: sheet.delimiter,
    from_line: sheet.fromLine,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    bom: true,
  };
}

// The delimiter the file uses, and the line its records start on (after a "sep=" line).
function sheetOf(text: string): Sheet {
  const head = text.replace(/^\uFEFF/, '');
  const hint = /^sep=(.)\s*?(?:\r\n|\n|\r)/i.exec(head);
  if (hint) return { delimiter: hint[1], fromLine: 2 };
  let best: { delimiter: string; consistency: number; columns: number } | null = null;
  for (const delimiter of DELIMITERS) {
    let sample: string[][];
    try {
      sample = parse(head, {
        ...baseOptions({ delimiter, fromLine: 1 }),
        to_line: 25,
      }) as string[][];
    } catch {
      continue;
    }
    const counts = new Map<number, number>();
    for (const r of sample) counts.set(r.length, (counts.get(r.length) ?? 0) + 1);
    let columns = 0;
    let rows = 0;
    for (const [c, k] of counts)
      if (k > rows || (k === rows && c > columns)) [columns, rows] = [c, k];
    if (columns < 2 || !sample.length) continue;
    const consistency = Math.round((rows / sample.length) * 10);
    if (
      !best ||
      consistency > best.consistency ||
      (consistency === best.consistency && columns > best.columns)
    ) {
      best = { delimiter, consistency, columns };
    }
  }
  return { delimiter: best?.delimiter ?? ',', fromLine: 1 };
}

interface Row {
  line: number;
  cells: string[];
}

function readRows(text: string, limit?: number): Row[] {
  const sheet = sheetOf(text);
  try {
    const records = parse(text, {
      ...baseOptions(sheet),
      info: true,
      raw: true,
      ...(limit ? { to: limit } : {}),
    }) as unknown as { record: string[]; raw: string; info: { lines: number } }[];
    return records.map(({ record, raw, info }) => {
      // The line the record starts on: where it ends, less the line breaks inside it.
      const inner = raw.replace(/^(?:[ \t]*(?:\r\n|\n|\r))+/, '').replace(/(?:\r\n|\n|\r)$/, '');
      const breaks = inner.match(/\r\n|\n|\r/g)?.length ?? 0;
      return { line: info.lines - breaks, cells: record };
    });
  } catch (err) {
    const why = (err as Error).message.split('\n')[0].slice(0, 160);
    return refuse(`The CSV file could not be read: ${why}`);
  }
}

// The first rows as they are, for the mapping screen.
export function csvPreview(text: string, maxRows = 12): { rows: string[][] } {
  const n = Math.max(1, Math.min(Math.floor(maxRows) || 12, 200));
  return { rows: readRows(text, n).map((r) => r.cells) };
}

type DateFormat = CsvMapping['dateFormat'];

const FORMATS: Record<DateFormat, RegExp> = {
  'YYYY-MM-DD': /^(?<y>\d{4})-(?<m>\d{1,2})-(?<d>\d{1,2})$/,
  'MM/DD/YYYY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})$/,
  'DD/MM/YYYY': /^(?<d>\d{1,2})\/(?<m>\d{1,2})\/(?<y>\d{4})$/,
  'M/D/YY': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{2})$/,
  'DD.MM.YYYY': /^(?<d>\d{1,2})\.(?<m>\d{1,2})\.(?<y>\d{4})$/,
  YYYYMMDD: /^(?<y>\d{4})(?<m>\d{2})(?<d>\d{2})$/,
};
const DATE_FORMATS = Object.keys(FORMATS) as DateFormat[];

// A date cell in the mapping's format; a time after the date ("11/30/2026 14:02") is ignored.
export function csvDate(cell: string, format: DateFormat): string | null {
  const s = cell.trim().replace(/[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s*[AP]M)?$/i, '');
  const g = FORMATS[format].exec(s)?.groups;
  if (!g) return null;
  const y = g.y.length === 2 ? 2000 + Number(g.y) : Number(g.y);
  return isoDate(y, Number(g.m), Number(g.d));
}

const COLUMN_KEYS = [
  'dateColumn',
  'descriptionColumn',
  'amountColumn',
  'debitColumn',
  'creditColumn',
  'payeeColumn',
  'checkNumberColumn',
  'bankIdColumn',
  'balanceColumn',
] as const;

// The mapping as it came (from a saved account or the mapping screen), checked.
function checkMapping(m: CsvMapping): void {
  const details: FieldDetail[] = [];
  const column = (key: (typeof COLUMN_KEYS)[number], required: boolean) => {
    const v = m[key] as unknown;
    if (v == null) {
      if (required) details.push({ field: `mapping.${key}`, message: 'Choose this column' });
    } else if (!Number.isInteger(v) || (v as number) < 0 || (v as number) > 999) {
      details.push({ field: `mapping.${key}`, message: 'A column is a number from 0 to 999' });
    }
  };
  column('dateColumn', true);
  column('descriptionColumn', true);
  for (const key of COLUMN_KEYS.slice(2)) column(key, false);
  if (m.amountColumn == null && m.debitColumn == null && m.creditColumn == null) {
    details.push({
      field: 'mapping.amountColumn',
      message: 'Choose the amount column, or the debit and credit columns',
    });
  }
  if (!Number.isInteger(m.headerRows) || m.headerRows < 0 || m.headerRows > 1000) {
    details.push({
      field: 'mapping.headerRows',
      message: 'Header rows are a number from 0 to 1000',
    });
  }
  if (!DATE_FORMATS.includes(m.dateFormat)) {
    details.push({
      field: 'mapping.dateFormat',
      message: `Choose one of ${DATE_FORMATS.join(', ')}`,
    });
  }
  if (m.sign !== 'deposits_positive' && m.sign !== 'withdrawals_positive') {
    details.push({
      field: 'mapping.sign',
      message: 'Choose deposits_positive or withdrawals_positive',
    });
  }
  if (details.length) rowErrors(details, 'column mapping');
}

const cellOf = (cells: string[], col: number | null | undefined): string =>
  col == null ? '' : (cells[col] ?? '').trim();

const text = (v: string, max: number): string | null =>
  v.replace(/\s+/g, ' ').trim().slice(0, max) || null;

export function parseCsvStatement(source: string, mapping: CsvMapping): ParsedStatement {
  checkMapping(mapping);
  // Far more lines than any statement of the largest size: refused before reading.
  let breaks = 0;
  for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) {
    breaks += 1;
    if (breaks > 2 * MAX_TRANSACTIONS + mapping.headerRows + 100) tooMany();
  }
  const data = readRows(source).slice(mapping.headerRows);
  const errors: FieldDetail[] = [];
  const lines: StatementLine[] = [];
  const balances: (number | null)[] = [];
  const fail = (row: number, field: string, message: string) => {
    errors.push({ field: `rows.${row}.${field}`, message: `Row ${row}: ${message}` });
  };
  for (const { line: row, cells } of data) {
    const amountCells = [mapping.amountColumn, mapping.debitColumn, mapping.creditColumn].map((c) =>
      cellOf(cells, c),
    );
    // A summary, balance-only or blank row: no amount at all.
    if (amountCells.every((c) => !c)) continue;
    const before = errors.length;
    const dateCell = cellOf(cells, mapping.dateColumn);
    const date = csvDate(dateCell, mapping.dateFormat);
    if (!date) {
      fail(
        row,
        'date',
        dateCell
          ? `"${shown(dateCell)}" is not a date in ${mapping.dateFormat}`
          : 'the date is empty',
      );
    }
    let amount: number | null = null;
    if (mapping.amountColumn != null) {
      const cell = parseAmount(cellOf(cells, mapping.amountColumn));
      if (cell.error !== null) fail(row, 'amount', cell.error);
      else amount = mapping.sign === 'withdrawals_positive' ? -cell.cents! : cell.cents!;
    } else {
      const out = parseAmount(cellOf(cells, mapping.debitColumn));
      const into = parseAmount(cellOf(cells, mapping.creditColumn));
      const error = out.error ?? into.error;
      if (error !== null) fail(row, 'amount', error);
      else amount = Math.abs(into.cents!) - Math.abs(out.cents!);
    }
    const payee = text(cellOf(cells, mapping.payeeColumn), 200);
    const description = text(cellOf(cells, mapping.descriptionColumn), 500) ?? payee;
    if (!description) fail(row, 'description', 'the description is empty');
    if (errors.length > before) continue;
    if (amount === 0) continue;
    const balance =
      mapping.balanceColumn == null ? null : parseAmount(cellOf(cells, mapping.balanceColumn));
    balances.push(
      balance && balance.error === null && cellOf(cells, mapping.balanceColumn)
        ? balance.cents
        : null,
    );
    lines.push({
      row,
      date: date!,
      amount: amount!,
      description: description!,
      payee,
      checkNumber: text(cellOf(cells, mapping.checkNumberColumn), 50),
      bankId: text(cellOf(cells, mapping.bankIdColumn), 255),
    });
    if (lines.length > MAX_TRANSACTIONS) tooMany();
  }
  if (errors.length) rowErrors(errors, 'rows');
  if (!lines.length) {
    refuse(
      data.length
        ? 'The file has no transactions: no row has an amount in the mapped columns'
        : 'The file has no rows after its header rows',
    );
  }
  // Banks list newest first or oldest first.
  const dates = lines.map((l) => l.date).sort();
  const newestFirst = lines.length > 1 && lines[0].date > lines[lines.length - 1].date;
  const [oldest, newest] = newestFirst ? [lines.length - 1, 0] : [0, lines.length - 1];
  const oldestBalance = balances[oldest];
  return {
    format: 'csv',
    accountNumber: null,
    currency: null,
    periodStart: dates[0],
    periodEnd: dates[dates.length - 1],
    openingBalance: oldestBalance == null ? null : oldestBalance - lines[oldest].amount,
    closingBalance: balances[newest] ?? null,
    availableBalance: null,
    lines,
  };
}

// Header names, in the order of preference for each field.
const HEADERS: [keyof CsvMapping, RegExp[]][] = [
  [
    'dateColumn',
    [
      /^(posting|posted|post) ?date$|^date posted$|^posted( on)?$|^buchungstag$/i,
      /^date$|^datum$/i,
      /^(transaction|trans\.?|booking|value|effective) ?date$|^valuta$/i,
    ],
  ],
  [
    'amountColumn',
    [/^(transaction )?amount( \((usd|eur|cad|gbp)\))?$|^betrag( \(eur\))?$|^montant$/i],
  ],
  [
    'debitColumn',
    [/^(debits?|withdrawals?|money out|paid out|debit amount|amount debit|withdrawal amount)$/i],
  ],
  [
    'creditColumn',
    [/^(credits?|deposits?|money in|paid in|credit amount|amount credit|deposit amount)$/i],
  ],
  [
    'checkNumberColumn',
    [/^(check|cheque|chk)( ?(no\.?|number|num|#))?$|^(check or slip|slip) ?#$/i],
  ],
  ['balanceColumn', [/^(running |ledger |account )?bal(\.|ance)?$|^saldo$/i]],
  [
    'bankIdColumn',
    [
      /^(transaction (id|number|no\.?)|reference( number| no\.?)?|ref\.?( no\.?)?|fitid|bank reference)$/i,
    ],
  ],
  [
    'descriptionColumn',
    [
      /^(transaction )?description$|^beschreibung$|^verwendungszweck$/i,
      /^(transaction )?(details|memo|narrative|narration)$|^transaction$/i,
      /^(payee|name|merchant)$/i,
    ],
  ],
  ['payeeColumn', [/^(payee|payee name|name|merchant|counterparty|beneficiary)$/i]],
];

const AMOUNT_HEADER =
  /amount|debit|credit|withdraw|deposit|betrag|montant|money (in|out)|paid (in|out)/i;
const looksLikeDate = (c: string) => DATE_FORMATS.some((f) => csvDate(c, f));
const looksLikeAmount = (c: string) =>
  /\d[.,]\d{2}\)?-?$/.test(c.trim()) && parseAmount(c).error === null;

// The date format all (or most) of the sample dates read in; US order when they read either way.
function dateFormatOf(cells: string[]): DateFormat {
  const dates = cells.filter(Boolean);
  let best: DateFormat = 'MM/DD/YYYY';
  let bestCount = 0;
  for (const f of DATE_FORMATS) {
    const count = dates.filter((d) => csvDate(d, f)).length;
    if (count > bestCount) [best, bestCount] = [f, count];
  }
  return best;
}

// A mapping proposed from the first rows: the header row (the first row naming a date column and
// an amount, debit or credit column) and the dates under it; without a header row, from what the
// cells hold (the date column, the first column of amounts, the longest text). Null when nothing
// is recognised.
export function guessCsvMapping(rows: string[][]): CsvMapping | null {
  const sample = rows.slice(0, 50).map((r) => r.map((c) => (c ?? '').trim()));
  const headerAt = sample.findIndex(
    (r) =>
      r.some((c) => HEADERS[0][1].some((re) => re.test(c))) && r.some((c) => AMOUNT_HEADER.test(c)),
  );
  const m: Partial<Record<keyof CsvMapping, number>> = {};
  const data = sample.slice(headerAt + 1).filter((r) => r.some(Boolean));
  if (headerAt >= 0) {
    const header = sample[headerAt];
    const taken = new Set<number>();
    for (const [key, patterns] of HEADERS) {
      for (const re of patterns) {
        const col = header.findIndex((c, i) => !taken.has(i) && re.test(c));
        if (col >= 0) {
          m[key] = col;
          taken.add(col);
          break;
        }
      }
    }
  } else {
    if (!data.length) return null;
    const width = Math.max(...data.map((r) => r.length));
    const share = (col: number, test: (c: string) => boolean) => {
      const cells = data.map((r) => r[col] ?? '').filter(Boolean);
      return cells.length ? cells.filter(test).length / cells.length : 0;
    };
    const cols = Array.from({ length: width }, (_, i) => i);
    const date = cols.find((i) => share(i, looksLikeDate) >= 0.8);
    if (date === undefined) return null;
    m.dateColumn = date;
    const amount = cols.find((i) => i !== date && share(i, looksLikeAmount) >= 0.8);
    if (amount === undefined) return null;
    m.amountColumn = amount;
    const avg = (i: number) => data.reduce((s, r) => s + (r[i] ?? '').length, 0) / data.length;
    const rest = cols.filter((i) => i !== date && i !== amount && share(i, looksLikeAmount) < 0.5);
    if (!rest.length) return null;
    m.descriptionColumn = rest.reduce((a, b) => (avg(b) > avg(a) ? b : a));
    // Wells Fargo's fourth column: the check number when there is one, else empty.
    const check = rest.find(
      (i) => i !== m.descriptionColumn && share(i, (c) => /^\d{1,10}$/.test(c)) === 1,
    );
    if (check !== undefined) m.checkNumberColumn = check;
  }
  if (m.dateColumn == null || m.descriptionColumn == null) return null;
  if (m.amountColumn == null && m.debitColumn == null && m.creditColumn == null) return null;
  return {
    headerRows: headerAt + 1,
    dateColumn: m.dateColumn,
    descriptionColumn: m.descriptionColumn,
    amountColumn: m.amountColumn ?? null,
    debitColumn: m.amountColumn == null ? (m.debitColumn ?? null) : null,
    creditColumn: m.amountColumn == null ? (m.creditColumn ?? null) : null,
    sign: 'deposits_positive',
    dateFormat: dateFormatOf(data.map((r) => r[m.dateColumn!] ?? '')),
    payeeColumn: m.payeeColumn ?? null,
    checkNumberColumn: m.checkNumberColumn ?? null,
    bankIdColumn: m.bankIdColumn ?? null,
    balanceColumn: m.balanceColumn ?? null,
  };
}
