import { formatLocalDate } from '@/format';
import type { CpaPackage, FundColumns, YearEndStatements, YearEndYear } from './year-end.graphql';

// The year-end statements as rows of one fund-column table (operating, reserve, total), in the
// order the CPA package's PDF prints them, and what the page says about a year's package.

export type FundRowKind = 'heading' | 'line' | 'subtotal' | 'total' | 'note';

export interface FundRow {
  key: string;
  kind: FundRowKind;
  label: string;
  // An account's number (shown before its name on a desk) and its ledger.
  number?: string | null;
  accountId?: string | null;
  figures?: FundColumns;
  indent?: number;
  // What one fund owes the other: eliminated in the total column.
  eliminated?: boolean;
}

export const fiscalYearLabel = (year: number) => `FY ${year}`;

export function yearSpan(y: { from: string; to: string }, locale?: string): string {
  return `${formatLocalDate(y.from, locale)} – ${formatLocalDate(y.to, locale)}`;
}

type Line = { accountId: string | null; number: string | null; name: string } & FundColumns;

const lineRows = (prefix: string, lines: readonly Line[], indent = 1): FundRow[] =>
  lines.map((l, i) => ({
    key: `${prefix}-${l.accountId ?? i}-${l.name}`,
    kind: 'line',
    label: l.name,
    number: l.number,
    accountId: l.accountId,
    figures: l,
    indent,
  }));

export function balanceSheetRows(bs: YearEndStatements['balanceSheet']): FundRow[] {
  const section = (
    key: string,
    title: string,
    s: YearEndStatements['balanceSheet']['assets'],
    total: string,
  ): FundRow[] => [
    { key: `${key}-h`, kind: 'heading', label: title },
    ...s.lines.map((l, i): FundRow => ({
      key: `${key}-${l.accountId ?? l.kind}-${i}`,
      kind: 'line',
      label: l.name,
      number: l.number,
      accountId: l.accountId,
      figures: l,
      indent: 1,
      eliminated: l.interfund,
    })),
    { key: `${key}-t`, kind: 'subtotal', label: total, figures: s.total },
  ];
  return [
    ...section('assets', 'Assets', bs.assets, 'Total assets'),
    ...section('liabilities', 'Liabilities', bs.liabilities, 'Total liabilities'),
    ...section('fund', 'Fund balances', bs.fundBalance, 'Total fund balances'),
    {
      key: 'lfb',
      kind: 'total',
      label: 'Total liabilities and fund balances',
      figures: bs.liabilitiesAndFundBalance,
    },
  ];
}

export function activitiesRows(a: YearEndStatements['activities']): FundRow[] {
  return [
    { key: 'rev-h', kind: 'heading', label: 'Revenues' },
    ...lineRows('rev', a.revenues),
    { key: 'rev-t', kind: 'subtotal', label: 'Total revenues', figures: a.totalRevenues },
    { key: 'exp-h', kind: 'heading', label: 'Expenses' },
    ...lineRows('exp', a.expenses),
    { key: 'exp-t', kind: 'subtotal', label: 'Total expenses', figures: a.totalExpenses },
    {
      key: 'excess',
      kind: 'subtotal',
      label: 'Excess (deficiency) of revenues over expenses',
      figures: a.excessOfRevenuesOverExpenses,
    },
    {
      key: 'begin',
      kind: 'line',
      label: 'Fund balances, beginning of year',
      figures: a.fundBalanceBeginning,
    },
    ...(a.transfers.length
      ? [
          { key: 'tr-h', kind: 'heading' as const, label: 'Interfund transfers' },
          ...lineRows('tr', a.transfers),
        ]
      : []),
    ...(a.fundBalanceEntries.length
      ? [
          { key: 'fbe-h', kind: 'heading' as const, label: 'Entries to fund balance' },
          ...lineRows('fbe', a.fundBalanceEntries),
        ]
      : []),
    {
      key: 'end',
      kind: 'total',
      label: 'Fund balances, end of year',
      figures: a.fundBalanceEnding,
    },
  ];
}

// Cash-flow lines say what changed in words: no account number before them.
const flowRows = (prefix: string, lines: readonly Line[], indent = 1): FundRow[] =>
  lineRows(prefix, lines, indent).map((r) => ({ ...r, number: null }));

export function cashFlowRows(cf: YearEndStatements['cashFlows']): FundRow[] {
  return [
    { key: 'op-h', kind: 'heading', label: 'Operating activities' },
    {
      key: 'op-excess',
      kind: 'line',
      label: 'Excess (deficiency) of revenues over expenses',
      figures: cf.excessOfRevenuesOverExpenses,
      indent: 1,
    },
    ...(cf.operatingAdjustments.length
      ? [
          {
            key: 'op-adj',
            kind: 'note' as const,
            label: 'Adjustments for changes in non-cash balances:',
            indent: 1,
          },
          ...flowRows('op', cf.operatingAdjustments, 2),
        ]
      : []),
    {
      key: 'op-t',
      kind: 'subtotal',
      label: 'Net cash from operating activities',
      figures: cf.netOperating,
    },
    { key: 'inv-h', kind: 'heading', label: 'Investing activities' },
    ...(cf.investing.length
      ? flowRows('inv', cf.investing)
      : [
          {
            key: 'inv-none',
            kind: 'note' as const,
            label: 'No investments bought or matured',
            indent: 1,
          },
        ]),
    {
      key: 'inv-t',
      kind: 'subtotal',
      label: 'Net cash from investing activities',
      figures: cf.netInvesting,
    },
    { key: 'fin-h', kind: 'heading', label: 'Financing activities' },
    ...(cf.financing.length
      ? flowRows('fin', cf.financing)
      : [
          {
            key: 'fin-none',
            kind: 'note' as const,
            label: 'No transfers between the funds',
            indent: 1,
          },
        ]),
    {
      key: 'fin-t',
      kind: 'subtotal',
      label: 'Net cash from financing activities',
      figures: cf.netFinancing,
    },
    {
      key: 'change',
      kind: 'subtotal',
      label: 'Net increase (decrease) in cash',
      figures: cf.netChangeInCash,
    },
    { key: 'cash-b', kind: 'line', label: 'Cash, beginning of year', figures: cf.cashBeginning },
    { key: 'cash-e', kind: 'total', label: 'Cash, end of year', figures: cf.cashEnding },
  ];
}

// ---------------------------------------------------------------------------------------------
// The CPA package of a year

// Why a year has no package to generate yet, or null when it can have one.
export function notClosedReason(y: YearEndYear, locale?: string): string | null {
  if (y.closed) return null;
  const name = fiscalYearLabel(y.fiscalYear);
  if (y.current) {
    return `${name} has not ended yet: it ends ${formatLocalDate(y.to, locale)}. Its CPA package is made once it is closed.`;
  }
  return `${name} is not closed yet. An admin closes its months through ${formatLocalDate(y.to, locale)} and then the fiscal year on Close the Books; the CPA package is made from the closed books.`;
}

// The newest package of a year, if any.
export const latestPackage = (y: YearEndYear | null | undefined): CpaPackage | null =>
  y?.cpaPackages[0] ?? null;

// The year a page opens on: the one asked for, else the latest closed one, else the latest that
// has ended, else the current one.
export function defaultYear(
  years: readonly YearEndYear[],
  asked: number | null,
): YearEndYear | null {
  return (
    years.find((y) => y.fiscalYear === asked) ??
    years.find((y) => y.closed) ??
    years.find((y) => !y.current) ??
    years[0] ??
    null
  );
}

export const downloadUrl = (p: Pick<CpaPackage, 'url'>) =>
  p.url ? `${p.url}${p.url.includes('?') ? '&' : '?'}download=1` : null;
