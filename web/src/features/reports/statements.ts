import type { FundType } from '@/apollo/types';
import type { CsvCell } from '@/csv';
import { SHORT_MONTHS, fiscalYearOf } from '@/composables/useOrganizationToday';
import { fiscalYearName } from '@/features/budgets';
import { formatLocalDate } from '@/format';
import { monthEnd, type Period } from './periods';
import type {
  BalanceSheet,
  BalanceSheetFigures,
  BalanceSheetLine,
  IncomeStatement,
  IncomeStatementLine,
  StatementFigures,
  Vendor1099Report,
} from './statements.graphql';

// Period labels, table lines and CSV files of the financial statements (balance sheet, income
// statement) and the 1099 report. Dates are LocalDates ("2026-03-31"); money stays the API's
// decimal strings until shown.

export {
  monthEnd,
  monthFromQuery,
  monthKey,
  monthName,
  PERIOD_PRESETS,
  type Period,
  type PeriodPreset,
  periodFromQuery,
  presetOf,
  presetPeriod,
  previousMonth,
} from './periods';

/** A LocalDate's year, month and day. */
const partsOf = (date: string): [number, number, number] => [
  Number(date.slice(0, 4)),
  Number(date.slice(5, 7)),
  Number(date.slice(8, 10)),
];

/**
 * A period in words: "Mar 2026", "Q3 FY 2026 (Jan – Mar 2026)", "Jan – Oct 2026", "FY 2026",
 * "FY 2026 to Mar 15, 2026", or "Jan 10, 2026 – Feb 15, 2026".
 */
export function periodLabel(p: Period, startMonth: number, locale?: string): string {
  const [fy, fm, fd] = partsOf(p.from);
  const [ty, tm] = partsOf(p.to);
  const wholeEnd = p.to === monthEnd(ty, tm);
  if (fd === 1 && wholeEnd) {
    const months = (ty - fy) * 12 + (tm - fm) + 1;
    if (months === 1) return shortPeriodLabel(p, locale);
    const place = (fm - startMonth + 12) % 12;
    const year = fiscalYearOf(p.from, startMonth);
    if (months === 12 && place === 0) return fiscalYearName(year, startMonth);
    if (months === 3 && place % 3 === 0) {
      return `Q${place / 3 + 1} FY ${year} (${shortPeriodLabel(p, locale)})`;
    }
    return shortPeriodLabel(p, locale);
  }
  if (fd === 1 && (fm - startMonth + 12) % 12 === 0) {
    const year = fiscalYearOf(p.from, startMonth);
    if (fiscalYearOf(p.to, startMonth) === year) {
      return `FY ${year} to ${formatLocalDate(p.to, locale)}`;
    }
  }
  return `${formatLocalDate(p.from, locale)} – ${formatLocalDate(p.to, locale)}`;
}

/** A period as short as a column heading allows: "Mar 2025", "Jan – Mar 2025", "Nov 2024 – Jan 2025". */
export function shortPeriodLabel(p: Period, locale?: string): string {
  const [fy, fm, fd] = partsOf(p.from);
  const [ty, tm] = partsOf(p.to);
  if (fd !== 1 || p.to !== monthEnd(ty, tm)) {
    return `${formatLocalDate(p.from, locale)} – ${formatLocalDate(p.to, locale)}`;
  }
  if (fy === ty && fm === tm) return `${SHORT_MONTHS[fm - 1]} ${fy}`;
  if (fy === ty) return `${SHORT_MONTHS[fm - 1]} – ${SHORT_MONTHS[tm - 1]} ${ty}`;
  return `${SHORT_MONTHS[fm - 1]} ${fy} – ${SHORT_MONTHS[tm - 1]} ${ty}`;
}

// ---------------------------------------------------------------------------------------------
// Balance sheet

export type BalanceSheetRow =
  | { kind: 'heading'; key: string; label: string }
  | { kind: 'line'; key: string; line: BalanceSheetLine }
  | { kind: 'total'; key: string; label: string; figures: BalanceSheetFigures; grand?: boolean };

/** The statement top to bottom: each section's lines and its total, then the closing total. */
export function balanceSheetRows(bs: BalanceSheet): BalanceSheetRow[] {
  const out: BalanceSheetRow[] = [];
  const sections = [
    ['assets', 'Assets', 'Total assets'],
    ['liabilities', 'Liabilities', 'Total liabilities'],
    ['fundBalance', 'Fund balance', 'Total fund balance'],
  ] as const;
  for (const [key, label, total] of sections) {
    const section = bs[key];
    out.push({ kind: 'heading', key: `h-${key}`, label });
    section.lines.forEach((line, i) =>
      out.push({ kind: 'line', key: `${key}-${line.accountId ?? line.kind}-${i}`, line }),
    );
    out.push({
      kind: 'total',
      key: `t-${key}`,
      label: total,
      figures: section.total,
      grand: key === 'assets',
    });
  }
  out.push({
    kind: 'total',
    key: 't-liabilities-and-fund-balance',
    label: 'Total liabilities and fund balance',
    figures: bs.liabilitiesAndFundBalance,
    grand: true,
  });
  return out;
}

/** What a computed fund-balance line is called, with its fiscal year where it helps. */
export function balanceSheetLineName(line: BalanceSheetLine, fiscalYear: number): string {
  if (line.kind === 'CURRENT_YEAR_NET_INCOME') return `Net income, FY ${fiscalYear} to date`;
  if (line.kind === 'PRIOR_YEARS_NET_INCOME') return 'Net income of earlier years';
  return line.name;
}

export function balanceSheetCsv(bs: BalanceSheet, heading: CsvCell[]): CsvCell[][] {
  const priorEnd = `Prior year-end ${bs.priorYearEnd}`;
  const out: CsvCell[][] = [
    heading,
    ['Section', 'Number', 'Account', 'Operating', 'Reserve', 'Total', priorEnd],
  ];
  let section = '';
  for (const row of balanceSheetRows(bs)) {
    if (row.kind === 'heading') section = row.label;
    else if (row.kind === 'line') {
      const l = row.line;
      out.push([
        section,
        l.number ?? '',
        balanceSheetLineName(l, bs.fiscalYear),
        l.operating,
        l.reserve,
        l.total,
        l.priorYearEnd,
      ]);
    } else {
      const f = row.figures;
      out.push([section, '', row.label, f.operating, f.reserve, f.total, f.priorYearEnd]);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Income statement

export const FUND_LABEL: Record<FundType, string> = {
  OPERATING: 'Operating fund',
  RESERVE: 'Reserve fund',
};

export type IncomeStatementRow =
  | { kind: 'fund'; key: string; label: string }
  | { kind: 'heading'; key: string; label: string }
  | { kind: 'line'; key: string; line: IncomeStatementLine; figures: StatementFigures }
  | {
      kind: 'total';
      key: string;
      label: string;
      figures: StatementFigures;
      level: 'type' | 'fund' | 'grand';
    }
  | { kind: 'note'; key: string; label: string };

/** A decimal string's opposite, exactly ("-12.50" ↔ "12.50"). */
const negate = (m: string) => (m.startsWith('-') ? m.slice(1) : /^0(\.0+)?$/.test(m) ? m : `-${m}`);

/**
 * A transfer line as the transfers section shows it: into the fund positive, out of it negative
 * (the line's own figures are in its type's natural direction, so an expense-type one flips).
 */
function transferFigures(l: IncomeStatementLine): StatementFigures {
  if (l.type !== 'EXPENSE') return l;
  return {
    actual: negate(l.actual),
    budget: l.budget === null ? null : negate(l.budget),
    priorYear: negate(l.priorYear),
  };
}

const isZero = (f: StatementFigures) =>
  [f.actual, f.budget ?? '0', f.priorYear].every((m) => /^-?0(\.0+)?$/.test(m));

/**
 * Per fund (operating, then reserve): revenues and their total, expenses and their total, the
 * fund's excess of revenues over expenses; then its transfers between funds (into it positive,
 * out of it negative) and its change in fund balance, when it has any. Then both funds together,
 * where the transfers net to zero (a note says so when they do not). A fund with no lines is
 * left out; the totals of both funds always close the statement. Transfers are never revenue or
 * expense: they follow the excess of revenues over expenses, as fund-accounting statements
 * show them.
 */
export function incomeStatementRows(s: IncomeStatement): IncomeStatementRow[] {
  const out: IncomeStatementRow[] = [];
  for (const totals of s.funds) {
    const fund = totals.fundType!;
    const lines = s.lines.filter((l) => l.fundType === fund);
    if (!lines.length) continue;
    out.push({ kind: 'fund', key: `f-${fund}`, label: FUND_LABEL[fund] });
    for (const [type, label, figures] of [
      ['INCOME', 'Revenues', totals.income],
      ['EXPENSE', 'Expenses', totals.expenses],
    ] as const) {
      const ofType = lines.filter((l) => l.type === type && !l.transfer);
      out.push({ kind: 'heading', key: `h-${fund}-${type}`, label });
      for (const line of ofType) {
        out.push({ kind: 'line', key: `${line.accountId}-${type}-${fund}`, line, figures: line });
      }
      out.push({
        kind: 'total',
        key: `t-${fund}-${type}`,
        label: `Total ${label.toLowerCase()}`,
        figures,
        level: 'type',
      });
    }
    out.push({
      kind: 'total',
      key: `n-${fund}`,
      label: `${FUND_LABEL[fund]}: revenues over expenses`,
      figures: totals.net,
      level: 'fund',
    });
    const transfers = lines.filter((l) => l.transfer);
    if (!transfers.length && isZero(totals.netTransfers)) continue;
    out.push({ kind: 'heading', key: `h-${fund}-transfers`, label: 'Transfers between funds' });
    for (const line of transfers) {
      out.push({
        kind: 'line',
        key: `${line.accountId}-${line.type}-${fund}`,
        line,
        figures: transferFigures(line),
      });
    }
    out.push({
      kind: 'total',
      key: `tr-${fund}`,
      label: 'Net transfers',
      figures: totals.netTransfers,
      level: 'type',
    });
    out.push({
      kind: 'total',
      key: `c-${fund}`,
      label: `${FUND_LABEL[fund]}: change in fund balance`,
      figures: totals.changeInFundBalance,
      level: 'fund',
    });
  }
  out.push({ kind: 'fund', key: 'f-all', label: 'Both funds' });
  out.push({
    kind: 'total',
    key: 't-income',
    label: 'Total revenues',
    figures: s.total.income,
    level: 'type',
  });
  out.push({
    kind: 'total',
    key: 't-expenses',
    label: 'Total expenses',
    figures: s.total.expenses,
    level: 'type',
  });
  out.push({
    kind: 'total',
    key: 't-net',
    label: 'Excess of revenues over expenses',
    figures: s.total.net,
    level: 'grand',
  });
  if (s.lines.some((l) => l.transfer) || !isZero(s.total.netTransfers)) {
    out.push({
      kind: 'total',
      key: 't-transfers',
      label: 'Transfers between funds',
      figures: s.total.netTransfers,
      level: 'type',
    });
    if (!isZero(s.total.netTransfers)) {
      out.push({
        kind: 'note',
        key: 'transfers-unmatched',
        label:
          'The transfers between funds do not net to zero: one side of a transfer is not marked as a transfer account. Mark both accounts on the Accounts page.',
      });
    }
    out.push({
      kind: 'total',
      key: 't-change',
      label: 'Change in fund balance',
      figures: s.total.changeInFundBalance,
      level: 'grand',
    });
  }
  return out;
}

export function incomeStatementCsv(s: IncomeStatement, heading: CsvCell[]): CsvCell[][] {
  const out: CsvCell[][] = [
    heading,
    [
      'Fund',
      'Type',
      'Number',
      'Account',
      'Actual',
      'Budget',
      `Prior year (${s.priorFrom} to ${s.priorTo})`,
    ],
  ];
  let fund = '';
  let type = '';
  for (const row of incomeStatementRows(s)) {
    if (row.kind === 'fund') fund = row.label;
    else if (row.kind === 'heading') type = row.label;
    else if (row.kind === 'line') {
      const l = row.line;
      const f = row.figures;
      out.push([fund, type, l.number, l.name, f.actual, f.budget ?? '', f.priorYear]);
    } else if (row.kind === 'note') {
      out.push([fund, '', '', row.label, '', '', '']);
    } else {
      const f = row.figures;
      out.push([fund, '', '', row.label, f.actual, f.budget ?? '', f.priorYear]);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// 1099 report

export function vendor1099Csv(
  r: Vendor1099Report,
  heading: CsvCell[],
  withTaxId: boolean,
): CsvCell[][] {
  const head = ['Vendor', ...(withTaxId ? ['Tax id'] : []), 'Address', 'Paid', 'Entries'];
  const out: CsvCell[][] = [heading, [...head, `At or over ${r.threshold}`]];
  for (const row of r.rows) {
    out.push([
      row.vendor.name,
      ...(withTaxId ? [row.taxId ?? ''] : []),
      row.vendor.address ?? '',
      row.paid,
      row.entryCount,
      row.overThreshold ? 'yes' : 'no',
    ]);
  }
  out.push(['Total', ...(withTaxId ? [''] : []), '', r.totalPaid, '', '']);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Period checks (the API's own rules, said before asking it)

/** The longest period a statement covers (the API refuses longer). */
export const MAX_PERIOD_YEARS = 5;

/** Why a period cannot be reported, in words; null when it can. */
export function periodProblem(from: string | null, to: string | null): string | null {
  if (!from || !to) return 'Choose the first and last day of the period.';
  if (to < from) return 'The period ends before it starts: choose a later To date.';
  // The same day MAX_PERIOD_YEARS later (a month-end stays one), less a day, as the API counts.
  const [y, m, d] = partsOf(from);
  const last = new Date(Date.UTC(y + MAX_PERIOD_YEARS, m, 0)).getUTCDate();
  const monthEnded = d === new Date(Date.UTC(y, m, 0)).getUTCDate();
  const day = monthEnded ? last : Math.min(d, last);
  const limit = new Date(Date.UTC(y + MAX_PERIOD_YEARS, m - 1, day - 1)).toISOString().slice(0, 10);
  if (to > limit)
    return `A statement covers at most ${MAX_PERIOD_YEARS} years: choose a shorter period.`;
  return null;
}
