import { parse } from 'csv-parse/sync';
import { badInput } from '../../core/errors/app-error.js';
import { parseAmount, type ParsedCell } from '../../core/csv/amounts.js';
import { decodeCsv } from '../../core/csv/decode.js';
import { plainCells } from '../../core/csv/parse-rows.js';
import { fiscalYear } from '../../core/dates.js';

// Budget CSV files as spreadsheets write them: a BOM, `,` `;` or tab separators, quoted fields,
// thousands separators, currency symbols, and negatives in parentheses. Row numbers are the
// spreadsheet's own (the header is row 1, blank rows count), so a treasurer can find the row.

export const MONTH_LABELS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

// The column labels of a fiscal year's months, in order: "Jan" … "Dec" for a fiscal year that is
// the calendar year (as files have always had them), else with the calendar year, since the
// months span two ("Jul 2026" … "Jun 2027"). Files are read by month name either way.
export function fiscalMonthLabels(year: number, startMonth: number): string[] {
  if (startMonth === 1) return [...MONTH_LABELS];
  return fiscalYear(year, startMonth).months.map((m) => `${MONTH_LABELS[m.month - 1]} ${m.year}`);
}

// Twelve values by calendar month (January first) in the order of a fiscal year's months.
export function inFiscalOrder<T>(byCalendarMonth: T[], startMonth: number): T[] {
  return Array.from({ length: 12 }, (_, i) => byCalendarMonth[(startMonth - 1 + i) % 12]);
}

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

export interface ParsedBudgetRow {
  row: number;
  accountNumber: string;
  accountName: string;
  // By calendar month, January first, whatever the order of the file's columns.
  cells: ParsedCell[];
}

// The separator of the header line: the most frequent of , ; and tab outside quotes.
function detectDelimiter(text: string): string {
  const counts: Record<string, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch in counts) counts[ch] += 1;
  }
  const [best, n] = Object.entries(counts).sort((a, b) => b[1] - a[1])[0];
  return n > 0 ? best : ',';
}

const norm = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

function monthOf(header: string): number | null {
  const h = norm(header)
    .replace(/\d{4}$/, '')
    .replace(/^(fy)?\d{4}/, '');
  const i = MONTH_NAMES.findIndex((m) => h === m || h === m.slice(0, 3) || h === m.slice(0, 4));
  if (i >= 0) return i;
  // "2026-03", "03/2026", "3"
  const num = /^(?:\d{4}\D?)?(\d{1,2})(?:\D?\d{4})?$/.exec(header.trim());
  if (num && Number(num[1]) >= 1 && Number(num[1]) <= 12) return Number(num[1]) - 1;
  return null;
}

// The file's bytes are decoded as every CSV import decodes them (a string is taken as it is).
export function parseBudgetCsv(input: Uint8Array | string): ParsedBudgetRow[] {
  const text = (typeof input === 'string' ? input : decodeCsv(input).text).replace(/^\uFEFF/, '');
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: detectDelimiter(text),
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
    }) as string[][];
  } catch (err) {
    const e = err as { message: string; lines?: number };
    const where = e.lines ? ` (row ${e.lines})` : '';
    throw badInput(
      [{ field: 'file', message: `The file is not valid CSV${where}: ${e.message}` }],
      `The file is not valid CSV${where}`,
    );
  }
  records = plainCells(records);
  const headerIndex = records.findIndex((r) => r.some((c) => c !== ''));
  if (headerIndex < 0) {
    throw badInput([{ field: 'file', message: 'The file is empty' }], 'The file is empty');
  }
  const header = records[headerIndex];
  let numberCol = -1;
  let nameCol = -1;
  const monthCols: number[] = Array(12).fill(-1);
  header.forEach((h, i) => {
    const n = norm(h);
    const m = monthOf(h);
    if (m !== null && monthCols[m] < 0) monthCols[m] = i;
    else if (numberCol < 0 && /^(account|acct|acc|gl)?(number|no|num|code|id|)$/.test(n) && n) {
      numberCol = i;
    } else if (nameCol < 0 && /^(account|acct)?(name|description|title)$/.test(n)) nameCol = i;
    else if (numberCol < 0 && n === 'account') numberCol = i;
  });
  const missing = monthCols.flatMap((c, i) => (c < 0 ? [MONTH_LABELS[i]] : []));
  if (numberCol < 0 || missing.length) {
    const what = [
      ...(numberCol < 0 ? ['an "Account number" column'] : []),
      ...(missing.length ? [`month columns (${missing.join(', ')})`] : []),
    ].join(' and ');
    const message = `Row ${headerIndex + 1} must be the header with ${what}; download the template to see the layout`;
    throw badInput([{ field: 'file', message }], message);
  }
  const rows: ParsedBudgetRow[] = [];
  for (let i = headerIndex + 1; i < records.length; i++) {
    const r = records[i];
    if (r.every((c) => c === '')) continue;
    const accountNumber = r[numberCol] ?? '';
    const accountName = nameCol >= 0 ? (r[nameCol] ?? '') : '';
    // A totals row a spreadsheet adds at the bottom is not an account.
    if (!accountNumber && /^(grand\s+)?totals?\b/i.test(accountName)) continue;
    rows.push({
      row: i + 1,
      accountNumber,
      accountName,
      cells: monthCols.map((c) => parseAmount(r[c] ?? '')),
    });
  }
  return rows;
}
