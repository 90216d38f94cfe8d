import { badInput } from '../../core/errors/app-error.js';
import { parseAmount, type ParsedCell } from '../../core/csv/amounts.js';
import { parseCsvRows } from '../../core/csv/parse-rows.js';
import { fiscalYear } from '../../core/dates.js';

// Budget CSV files, read as every CSV import reads them (core/csv/parse-rows.ts: any line ends,
// one separator per file, quoted cells, the spreadsheet's row numbers) and their amounts with
// parseAmount. Here: which columns are the account and the months.

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

// `text` is the decoded file (readCsvUpload).
export function parseBudgetCsv(text: string): ParsedBudgetRow[] {
  const parsed = parseCsvRows(text);
  if ('error' in parsed) {
    const message = `Row ${parsed.error.row}: ${parsed.error.message}`;
    throw badInput([{ field: 'file', message }], message);
  }
  const { rows: records, rowNumbers } = parsed;
  if (!records.length) {
    throw badInput([{ field: 'file', message: 'The file is empty' }], 'The file is empty');
  }
  const header = records[0];
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
    const message = `Row ${rowNumbers[0]} must be the header with ${what}; download the template to see the layout`;
    throw badInput([{ field: 'file', message }], message);
  }
  const rows: ParsedBudgetRow[] = [];
  for (let i = 1; i < records.length; i++) {
    const r = records[i];
    const accountNumber = r[numberCol] ?? '';
    const accountName = nameCol >= 0 ? (r[nameCol] ?? '') : '';
    // A totals row a spreadsheet adds at the bottom is not an account.
    if (!accountNumber && /^(grand\s+)?totals?\b/i.test(accountName)) continue;
    rows.push({
      row: rowNumbers[i],
      accountNumber,
      accountName,
      cells: monthCols.map((c) => parseAmount(r[c] ?? '')),
    });
  }
  return rows;
}
