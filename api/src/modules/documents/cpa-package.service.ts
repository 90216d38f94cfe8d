import type { EntityManager } from '@mikro-orm/postgresql';
import { toCsv, type CsvCell } from '@covenant/shared/csv';
import { strToU8, Zip, ZipDeflate } from 'fflate';
import { type Content, MUTED, renderPdf, type PdfFrame } from '../../core/documents/pdf.js';
import {
  type Column,
  facts,
  money,
  moneyTable,
  type Row,
  section,
  subsection,
  tableOfContents,
} from '../../core/documents/tables.js';
import type { Context } from '../../core/context.js';
import { addDays, dayBefore, mediumDate, todayIn } from '../../core/dates.js';
import { conflict } from '../../core/errors/app-error.js';
import { formatMoney, type Total } from '../../core/money/money.js';
import { AccountType, FundType } from '../accounts/index.js';
import {
  accountBalances,
  booksClosedThrough,
  BooksExportFormat,
  exportBooks,
  trialBalance,
  type TrialBalance,
} from '../journal/index.js';
import type { BalanceSheet } from '../reports/index.js';
import {
  type DocumentRecord,
  queueDocument,
  registerDocumentRenderer,
  type RenderedDocument,
  type RenderInput,
} from './documents.service.js';
import { DocumentKind } from './documents.types.js';
import { ledgerLinesPage, yearActivity } from './year-end-statements.repository.js';
import {
  cashFlowStatement,
  checkFiscalYear,
  fiscalYearDates,
  fundActivities,
  futureRepairs,
  yearEndBalanceSheet,
} from './year-end-statements.service.js';
import type {
  CashFlowStatement,
  FundActivities,
  FundColumns,
  FutureRepairs,
  YearEndLine,
} from './year-end-statements.types.js';

// The CPA package of a closed fiscal year: one zip a reviewer opens with tools we did not write.
//   year-end-statements-fy<year>.pdf  the year-end statements by fund (balance sheet; revenues,
//                                     expenses and changes in fund balances; cash flows; future
//                                     major repairs and replacements; trial balance), every page
//                                     with the association, the period and its number
//   trial-balance.csv                 each account (in the fund and type posted): the balance
//                                     brought forward, the year's debits and credits, the balance
//                                     at the year end; debits = credits
//   general-ledger.csv                every line of the year by account, with a running balance
//                                     from the balance brought forward to the trial balance's
//   books.journal                     the books export (hledger / ledger-cli): `hledger -f
//                                     books.journal balance` equals the trial balance
//   README.txt                        what each file is, and the year-end rule
// A request queues it as a document (documents module): it is made in the background, kept with
// the association and versioned with the year's close. Only a closed year has one: its figures
// can no longer change.

export const CPA_PACKAGE_FILES = {
  trialBalance: 'trial-balance.csv',
  generalLedger: 'general-ledger.csv',
  journal: 'books.journal',
  readme: 'README.txt',
  statements: (year: number) => `year-end-statements-fy${year}.pdf`,
} as const;

// Lines per page read for the general ledger (a large association's cash account has many).
const LEDGER_PAGE = 5000;

const FUND_NAME: Record<FundType, string> = {
  [FundType.OPERATING]: 'Operating',
  [FundType.RESERVE]: 'Reserve',
};
const TYPE_NAME: Record<AccountType, string> = {
  [AccountType.ASSET]: 'Asset',
  [AccountType.LIABILITY]: 'Liability',
  [AccountType.EQUITY]: 'Equity',
  [AccountType.INCOME]: 'Income',
  [AccountType.EXPENSE]: 'Expense',
};
const TYPE_ORDER = Object.values(AccountType);

const fiscalYearName = (year: number) => `FY ${year}`;
const yearSpan = (from: string, to: string, locale?: string) =>
  `${mediumDate(from, locale)} – ${mediumDate(to, locale)}`;

// ---------------------------------------------------------------------------------------------
// Asking for it

export async function generateCpaPackage(
  ctx: Pick<Context, 'em' | 'auth' | 'org' | 'services'>,
  fiscalYear: number,
): Promise<DocumentRecord> {
  checkFiscalYear(fiscalYear);
  const { from, to } = fiscalYearDates(fiscalYear, ctx.org!.fiscalYearStartMonth);
  const closedThrough = await booksClosedThrough(ctx.em);
  if (!closedThrough || closedThrough < to) {
    const now = closedThrough
      ? `the books are closed through ${mediumDate(closedThrough)}`
      : 'no month is closed yet';
    throw conflict(
      `${fiscalYearName(fiscalYear)} is not closed (${now}). An admin closes its months through ` +
        `${mediumDate(to)} and then the fiscal year on the Close the Books page; then generate ` +
        'the CPA package again',
      [{ field: 'fiscalYear', message: `${fiscalYearName(fiscalYear)} is not closed` }],
    );
  }
  return queueDocument(ctx, {
    kind: DocumentKind.CPA_PACKAGE,
    periodStart: from,
    periodEnd: to,
    fileName: `cpa-package-fy${fiscalYear}-v{version}.zip`,
    contentType: 'application/zip',
    options: { fiscalYear },
  });
}

// ---------------------------------------------------------------------------------------------
// The zip, written as its files are read (each file deflated as it streams in)

class ZipWriter {
  private chunks: Uint8Array[] = [];
  private failure: Error | null = null;
  private zip = new Zip((err, data) => {
    if (err) this.failure = err;
    else this.chunks.push(data);
  });

  constructor(private mtime: Date) {}

  async add(name: string, parts: AsyncIterable<string> | Iterable<string | Uint8Array>) {
    const file = new ZipDeflate(name, { level: 6 });
    file.mtime = this.mtime;
    this.zip.add(file);
    for await (const part of parts) {
      file.push(typeof part === 'string' ? strToU8(part) : part, false);
      if (this.failure) throw this.failure;
    }
    file.push(new Uint8Array(0), true);
  }

  finish(): Buffer {
    this.zip.end();
    if (this.failure) throw this.failure;
    return Buffer.concat(this.chunks);
  }
}

// ---------------------------------------------------------------------------------------------
// Trial balance and general ledger (CSV)

// The CSV writer puts a BOM at the top of what it writes: once per file, not once per page.
const withoutBom = (text: string) => text.replace(/^\uFEFF/, '');
const amount = (cents: Total) => formatMoney(cents);
const positive = (cents: Total) => (cents === 0n ? '' : formatMoney(cents));

// An account in the classification (type and fund) its figures were posted in.
interface Ledger {
  accountId: string;
  number: string;
  name: string;
  type: AccountType;
  fund: FundType;
  // Debits less credits: brought forward (the day before the year), of the year, at its end.
  opening: Total;
  debits: Total;
  credits: Total;
  closing: Total;
}

const ledgerKey = (accountId: string, type: AccountType, fund: FundType) =>
  `${accountId}|${type}|${fund}`;

// Every account with a balance or postings, per classification: the balance brought forward, the
// year's debits and credits from the monthly totals, and the trial balance at the year end.
async function ledgers(
  em: EntityManager,
  period: { from: string; to: string },
  tb: TrialBalance,
): Promise<Ledger[]> {
  // A fiscal year is whole months: the monthly totals from its first month up to the next year's.
  const until = addDays(period.to, 1);
  const [opening, activity] = await Promise.all([
    accountBalances(em, { asOf: dayBefore(period.from) }),
    yearActivity(em, { from: period.from, until }),
  ]);
  const names = new Map(tb.rows.map((r) => [r.accountId, { number: r.number, name: r.name }]));
  const out = new Map<string, Ledger>();
  const at = (accountId: string, type: AccountType, fund: FundType) => {
    const key = ledgerKey(accountId, type, fund);
    let l = out.get(key);
    if (!l) {
      const n = names.get(accountId) ?? { number: '', name: '' };
      l = { accountId, ...n, type, fund, opening: 0n, debits: 0n, credits: 0n, closing: 0n };
      out.set(key, l);
    }
    return l;
  };
  for (const r of opening) at(r.accountId, r.type, r.fundType).opening += r.debit - r.credit;
  for (const r of activity) {
    const l = at(r.account_id, r.account_type, r.fund_type);
    l.debits += BigInt(r.d);
    l.credits += BigInt(r.c);
  }
  for (const r of tb.rows) at(r.accountId, r.type, r.fundType).closing += r.debit - r.credit;
  return [...out.values()]
    .filter((l) => l.opening !== 0n || l.debits !== 0n || l.credits !== 0n || l.closing !== 0n)
    .sort(
      (a, b) =>
        a.number.localeCompare(b.number) ||
        a.accountId.localeCompare(b.accountId) ||
        a.fund.localeCompare(b.fund) ||
        TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type),
    );
}

const TB_HEADER = [
  'Account number',
  'Account name',
  'Type',
  'Fund',
  'Balance forward (debit +)',
  'Debits',
  'Credits',
  'Debit balance',
  'Credit balance',
];

export function trialBalanceCsv(rows: Ledger[]): string {
  const sum = (pick: (l: Ledger) => Total) => rows.reduce((s, l) => s + pick(l), 0n);
  const debitBalance = (l: Ledger) => (l.closing > 0n ? l.closing : 0n);
  const creditBalance = (l: Ledger) => (l.closing < 0n ? -l.closing : 0n);
  const body: CsvCell[][] = rows.map((l) => [
    l.number,
    l.name,
    TYPE_NAME[l.type],
    FUND_NAME[l.fund],
    amount(l.opening),
    amount(l.debits),
    amount(l.credits),
    amount(debitBalance(l)),
    amount(creditBalance(l)),
  ]);
  return toCsv([
    TB_HEADER,
    ...body,
    [
      'Total',
      '',
      '',
      '',
      amount(sum((l) => l.opening)),
      amount(sum((l) => l.debits)),
      amount(sum((l) => l.credits)),
      amount(sum(debitBalance)),
      amount(sum(creditBalance)),
    ],
  ]);
}

const GL_HEADER = [
  'Date',
  'Entry',
  'Account number',
  'Account name',
  'Type',
  'Fund',
  'Memo',
  'Debit',
  'Credit',
  'Balance (debit +)',
];

// Each account's lines of the year in journal order, after a "Balance forward" row, with the
// running balance; an account's last balance is its trial balance at the year end.
export async function* generalLedgerCsv(
  em: EntityManager,
  period: { from: string; to: string },
  rows: Ledger[],
): AsyncGenerator<string> {
  yield toCsv([GL_HEADER]);
  const forward = dayBefore(period.from);
  for (const l of rows) {
    const head = [l.number, l.name, TYPE_NAME[l.type], FUND_NAME[l.fund]];
    let balance = l.opening;
    yield withoutBom(
      toCsv([[forward, '', ...head, `Balance forward as of ${forward}`, '', '', amount(balance)]]),
    );
    if (l.debits === 0n && l.credits === 0n) continue;
    let after: [string, string, number] = [forward, '0', 0];
    for (;;) {
      const page = await ledgerLinesPage(em, {
        accountId: l.accountId,
        type: l.type,
        fund: l.fund,
        from: period.from,
        to: period.to,
        after,
        limit: LEDGER_PAGE,
      });
      if (!page.length) break;
      const out: CsvCell[][] = page.map((r) => {
        const d = BigInt(r.debit);
        const c = BigInt(r.credit);
        balance += d - c;
        return [
          r.entry_date,
          `JE-${r.number}`,
          ...head,
          r.memo ?? '',
          positive(d),
          positive(c),
          amount(balance),
        ];
      });
      yield withoutBom(toCsv(out));
      const last = page[page.length - 1];
      after = [last.entry_date, last.number, last.line_no];
      if (page.length < LEDGER_PAGE) break;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The statements (PDF)

const FUND_COLUMNS: Column[] = [
  { header: '', width: '*' },
  { header: 'Operating', kind: 'money', width: 82 },
  { header: 'Reserve', kind: 'money', width: 82 },
  { header: 'Total', kind: 'money', width: 82 },
];

const figures = (c: FundColumns) => [c.operating, c.reserve, c.total];
// A few small blocks printed on one page (a heading with a short table under it).
const keepTogether = (stack: Content[]): Content => ({ stack, unbreakable: true });
const label = (l: Pick<YearEndLine, 'number' | 'name'>) =>
  l.number ? `${l.number} ${l.name}` : l.name;
const lineRows = (lines: YearEndLine[], indent = 1): Row[] =>
  lines.map((l) => ({ cells: [label(l), ...figures(l)], indent }));
// A cash-flow line says what changed in words ("Increase (decrease) in Accounts Payable").
const flowRows = (lines: YearEndLine[], indent = 1): Row[] =>
  lines.map((l) => ({ cells: [l.name, ...figures(l)], indent }));

function balanceSheetContent(bs: BalanceSheet): Content[] {
  const part = (
    title: string,
    s: BalanceSheet['assets'],
    totalLabel: string,
    empty: string,
  ): Row[] => [
    { cells: [title], kind: 'group', span: true },
    ...(s.lines.length
      ? s.lines.map((l) => ({ cells: [label(l), l.operating, l.reserve, l.total], indent: 1 }))
      : [{ cells: [empty], kind: 'note' as const, span: true, indent: 1 }]),
    { cells: [totalLabel, ...figures(s.total)], kind: 'subtotal' },
  ];
  return [
    moneyTable({
      columns: FUND_COLUMNS,
      rows: [
        ...part('Assets', bs.assets, 'Total assets', 'No assets'),
        ...part('Liabilities', bs.liabilities, 'Total liabilities', 'No liabilities'),
        ...part('Fund balances', bs.fundBalance, 'Total fund balances', 'No fund balances'),
        {
          cells: ['Total liabilities and fund balances', ...figures(bs.liabilitiesAndFundBalance)],
          kind: 'total',
        },
      ],
    }),
    {
      text:
        'What one fund owes the other (Due to / Due from) shows in its fund’s column and is ' +
        'eliminated in the total column. Net income is carried into each fund’s balance by this ' +
        'computation: no closing entry is posted.',
      style: 'note',
    },
  ];
}

function activitiesContent(a: FundActivities): Content[] {
  const rows: Row[] = [
    { cells: ['Revenues'], kind: 'group', span: true },
    ...lineRows(a.revenues),
    { cells: ['Total revenues', ...figures(a.totalRevenues)], kind: 'subtotal' },
    { cells: ['Expenses'], kind: 'group', span: true },
    ...lineRows(a.expenses),
    { cells: ['Total expenses', ...figures(a.totalExpenses)], kind: 'subtotal' },
    {
      cells: [
        'Excess (deficiency) of revenues over expenses',
        ...figures(a.excessOfRevenuesOverExpenses),
      ],
      kind: 'subtotal',
    },
    { cells: ['Fund balances, beginning of year', ...figures(a.fundBalanceBeginning)] },
    ...(a.transfers.length
      ? [
          { cells: ['Interfund transfers'], kind: 'group' as const, span: true },
          ...lineRows(a.transfers),
        ]
      : []),
    ...(a.fundBalanceEntries.length
      ? [
          { cells: ['Entries to fund balance'], kind: 'group' as const, span: true },
          ...lineRows(a.fundBalanceEntries),
        ]
      : []),
    { cells: ['Fund balances, end of year', ...figures(a.fundBalanceEnding)], kind: 'total' },
  ];
  return [moneyTable({ columns: FUND_COLUMNS, rows })];
}

function cashFlowContent(cf: CashFlowStatement): Content[] {
  const rows: Row[] = [
    { cells: ['Cash flows from operating activities'], kind: 'group', span: true },
    {
      cells: [
        'Excess (deficiency) of revenues over expenses',
        ...figures(cf.excessOfRevenuesOverExpenses),
      ],
      indent: 1,
    },
    ...(cf.operatingAdjustments.length
      ? [
          {
            cells: ['Adjustments for changes in non-cash balances:'],
            kind: 'note' as const,
            span: true,
            indent: 1,
          },
          ...flowRows(cf.operatingAdjustments, 2),
        ]
      : []),
    {
      cells: ['Net cash provided by (used in) operating activities', ...figures(cf.netOperating)],
      kind: 'subtotal',
    },
    { cells: ['Cash flows from investing activities'], kind: 'group', span: true },
    ...(cf.investing.length
      ? flowRows(cf.investing)
      : [{ cells: ['No investments bought or matured'], kind: 'note' as const, span: true }]),
    {
      cells: ['Net cash provided by (used in) investing activities', ...figures(cf.netInvesting)],
      kind: 'subtotal',
    },
    { cells: ['Cash flows from financing activities'], kind: 'group', span: true },
    ...(cf.financing.length
      ? flowRows(cf.financing)
      : [{ cells: ['No transfers between the funds'], kind: 'note' as const, span: true }]),
    {
      cells: ['Net cash provided by (used in) financing activities', ...figures(cf.netFinancing)],
      kind: 'subtotal',
    },
    {
      cells: ['Net increase (decrease) in cash', ...figures(cf.netChangeInCash)],
      kind: 'subtotal',
    },
    { cells: ['Cash, beginning of year', ...figures(cf.cashBeginning)] },
    { cells: ['Cash, end of year', ...figures(cf.cashEnding)], kind: 'total' },
  ];
  return [
    moneyTable({ columns: FUND_COLUMNS, rows }),
    keepTogether([
      subsection('Cash accounts'),
      moneyTable({
        columns: [
          { header: 'Account', width: '*' },
          { header: 'Fund', width: 70 },
          { header: 'Beginning of year', kind: 'money', width: 95 },
          { header: 'End of year', kind: 'money', width: 95 },
        ],
        rows: cf.cashAccounts.map((c) => ({
          cells: [`${c.number} ${c.name}`, FUND_NAME[c.fundType], c.beginning, c.ending],
        })),
        empty: 'No cash accounts.',
      }),
    ]),
    {
      text:
        'Cash is every asset account no subledger keeps (receivables, Undeposited Funds, ' +
        'investments and interfund accounts are not cash), as on the dashboard.',
      style: 'note',
    },
  ];
}

function repairsContent(r: FutureRepairs, nextYear: number, locale: string): Content[] {
  const totalFullyFunded = r.totalFullyFunded;
  return [
    moneyTable({
      columns: [
        { header: 'Component', width: '*' },
        { header: 'Useful life (years)', kind: 'number', width: 40 },
        { header: 'Remaining life (years)', kind: 'number', width: 50 },
        { header: 'Next replacement', kind: 'number', width: 56 },
        { header: 'Current replacement cost', kind: 'money', width: 74 },
        { header: 'Fully funded balance', kind: 'money', width: 70 },
        { header: 'Funded from', width: 100 },
        { header: 'Funds accumulated', kind: 'money', width: 70 },
      ],
      rows: [
        ...r.components.map((c): Row => ({
          cells: [
            c.name,
            String(c.usefulLifeYears),
            String(c.remainingLifeYears),
            `FY ${c.nextReplacementYear}`,
            c.currentReplacementCost,
            c.fullyFundedBalance,
            `${c.fundingAccountNumber} ${c.fundingAccountName}`,
            c.fundsAccumulated === null
              ? { text: 'Shared', color: MUTED, alignment: 'right' }
              : c.fundsAccumulated,
          ],
        })),
        ...(r.components.length
          ? [
              {
                cells: ['Total', '', '', '', r.totalReplacementCost, totalFullyFunded, '', ''],
                kind: 'total' as const,
              },
            ]
          : []),
      ],
      empty: 'The reserve study has no components.',
    }),
    // The heading stays with its (short) tables and the summary: never alone at a page's foot.
    keepTogether([
      subsection('Funds accumulated by account'),
      moneyTable({
        columns: [
          { header: 'Account', width: '*' },
          { header: 'Components', kind: 'number', width: 70 },
          { header: 'Their replacement cost', kind: 'money', width: 110 },
          { header: 'Balance at year end', kind: 'money', width: 110 },
        ],
        rows: r.fundingAccounts.map((a) => ({
          cells: [`${a.number} ${a.name}`, String(a.componentCount), a.replacementCost, a.balance],
        })),
        empty: 'No component names an account it is funded from.',
      }),
      facts([
        ['Reserve fund balance', money(r.reserveFundBalance)],
        ['Total fully funded balance', money(totalFullyFunded)],
        ['Percent funded', r.percentFunded === null ? '—' : `${r.percentFunded} %`],
      ]),
    ]),
    {
      text:
        'Estimates from the association’s reserve study as entered in Covenant (unaudited): ' +
        `remaining lives count from the start of FY ${nextYear}; costs are current replacement ` +
        'costs, not inflated. The fully funded balance of a component is its cost × effective age ÷ ' +
        'useful life. Funds accumulated are shown for a component whose account holds funds for it ' +
        `alone; the reserve fund as a whole held ${money(r.reserveFundBalance)} on ` +
        `${mediumDate(r.asOf, locale)}.`,
      style: 'note',
    },
  ];
}

function trialBalanceContent(rows: Ledger[]): Content[] {
  const debit = (l: Ledger) => (l.closing > 0n ? l.closing : 0n);
  const credit = (l: Ledger) => (l.closing < 0n ? -l.closing : 0n);
  const shown = rows.filter((l) => l.closing !== 0n);
  return [
    moneyTable({
      columns: [
        { header: 'Account', width: '*' },
        { header: 'Type', width: 58 },
        { header: 'Fund', width: 62 },
        { header: 'Debit', kind: 'money', width: 92 },
        { header: 'Credit', kind: 'money', width: 92 },
      ],
      rows: [
        ...shown.map((l): Row => ({
          cells: [
            `${l.number} ${l.name}`,
            TYPE_NAME[l.type],
            FUND_NAME[l.fund],
            debit(l) || null,
            credit(l) || null,
          ],
        })),
        {
          cells: [
            'Total',
            '',
            '',
            shown.reduce((s, l) => s + debit(l), 0n),
            shown.reduce((s, l) => s + credit(l), 0n),
          ],
          kind: 'total',
        },
      ],
    }),
    {
      text:
        'Income and expense accounts carry their whole balance since the books began (no year is ' +
        'closed into fund balance by an entry); the balance sheet shows the earlier years’ part ' +
        'as “Net income of earlier years”. trial-balance.csv adds each account’s balance brought ' +
        'forward and the year’s debits and credits.',
      style: 'note',
    },
  ];
}

interface PackageFacts {
  association: string;
  year: number;
  from: string;
  to: string;
  closedThrough: string;
  generatedBy: string | null;
  generatedOn: string;
  locale: string;
}

function statementsContent(
  f: PackageFacts,
  parts: {
    bs: BalanceSheet;
    activities: FundActivities;
    cashFlows: CashFlowStatement;
    repairs: FutureRepairs;
    ledgers: Ledger[];
  },
): Content[] {
  const span = yearSpan(f.from, f.to, f.locale);
  const endOn = mediumDate(f.to, f.locale);
  return [
    { text: f.association, style: 'cover' },
    { text: `Year-end financial statements · ${fiscalYearName(f.year)}`, style: 'coverSub' },
    facts([
      ['Fiscal year', `${fiscalYearName(f.year)} (${span})`],
      ['Books closed through', mediumDate(f.closedThrough, f.locale)],
      [
        'Generated',
        `${mediumDate(f.generatedOn, f.locale)}${f.generatedBy ? ` by ${f.generatedBy}` : ''}`,
      ],
      [
        'In this package',
        `${CPA_PACKAGE_FILES.statements(f.year)} (these statements), ${CPA_PACKAGE_FILES.trialBalance}, ` +
          `${CPA_PACKAGE_FILES.generalLedger}, ${CPA_PACKAGE_FILES.journal} (hledger / ledger-cli)`,
      ],
    ]),
    {
      text:
        'Fund accounting: the operating and reserve funds each balance by themselves; every ' +
        'statement shows both funds and their total. Amounts in US dollars; negative amounts in ' +
        'parentheses.',
      style: 'note',
      margin: [0, 0, 0, 18],
    },
    tableOfContents(),
    ...section('Balance sheet', balanceSheetContent(parts.bs), {
      context: `By fund, ${endOn}`,
    }),
    ...section(
      'Statement of revenues, expenses and changes in fund balances',
      activitiesContent(parts.activities),
      { context: `By fund, ${span}` },
    ),
    ...section('Statement of cash flows', cashFlowContent(parts.cashFlows), {
      context: `By fund, indirect method, ${span}`,
    }),
    ...section(
      'Supplementary information on future major repairs and replacements',
      repairsContent(parts.repairs, f.year + 1, f.locale),
      { context: `Unaudited, from the reserve study, as of ${endOn}`, landscape: true },
    ),
    ...section('Trial balance', trialBalanceContent(parts.ledgers), {
      context: `Every account with a balance, ${endOn}`,
    }),
  ];
}

function readme(f: PackageFacts): string {
  return [
    `${f.association} — CPA package, ${fiscalYearName(f.year)} (${f.from} to ${f.to})`,
    `Books closed through ${f.closedThrough}. Generated ${f.generatedOn}${f.generatedBy ? ` by ${f.generatedBy}` : ''} with Covenant.`,
    '',
    `${CPA_PACKAGE_FILES.statements(f.year)}`,
    '  The year-end statements by fund (operating, reserve, total): balance sheet; statement of',
    '  revenues, expenses and changes in fund balances; statement of cash flows (indirect method);',
    '  supplementary information on future major repairs and replacements; trial balance.',
    `${CPA_PACKAGE_FILES.trialBalance}`,
    '  Each account in the fund and type its lines were posted in: balance brought forward from the',
    '  day before the year (debit positive), the year’s debits and credits, and the debit or credit',
    '  balance at the year end. The last row totals them: debit balances = credit balances.',
    `${CPA_PACKAGE_FILES.generalLedger}`,
    '  Every journal line of the year by account, in date and entry order, after a "Balance forward"',
    '  row, with the running balance (debit positive). Each account ends at its trial balance.',
    `${CPA_PACKAGE_FILES.journal}`,
    '  The books as a plain-text double-entry journal (hledger, ledger-cli): balances brought',
    '  forward, then every entry of the year. `hledger -f books.journal balance` equals the trial',
    '  balance at the year end.',
    '',
    'The year-end rule: no closing entry is posted. Each fund’s net income is carried into its fund',
    'balance by the statements’ computation, so income and expense accounts keep their balance since',
    'the books began; the balance sheet shows the earlier years’ part as "Net income of earlier',
    'years". To close a year in hledger: hledger close --close -e <first day of the next year>',
    '--close-acct "<Fund>:Equity:Retained net income" "^<Fund>:(Income|Expenses)" for each fund.',
    '',
  ].join('\r\n');
}

// ---------------------------------------------------------------------------------------------
// Making it (the documents module's background job)

export async function renderCpaPackage(input: RenderInput): Promise<RenderedDocument> {
  const { em, org, document } = input;
  const from = document.periodStart;
  const to = document.periodEnd;
  const year = Number(document.options.fiscalYear) || Number(to.slice(0, 4));
  const closedThrough = await booksClosedThrough(em);
  if (!closedThrough || closedThrough < to) {
    throw new Error(
      `${fiscalYearName(year)} was reopened before its package was made: close it again and generate it again`,
    );
  }
  const y = { from, to, fiscalYearStartMonth: org.fiscalYearStartMonth };
  const [bs, activities, cashFlows, repairs, tb] = await Promise.all([
    yearEndBalanceSheet(em, y),
    fundActivities(em, y),
    cashFlowStatement(em, y),
    futureRepairs(em, y),
    trialBalance(em, { asOf: to }),
  ]);
  const rows = await ledgers(em, { from, to }, tb);
  const f: PackageFacts = {
    association: org.name,
    year,
    from,
    to,
    closedThrough,
    generatedBy: input.generatedBy,
    generatedOn: todayIn(org.timeZone),
    locale: input.locale,
  };
  const frame: PdfFrame = {
    association: org.name,
    title: 'Year-end statements',
    period: `${fiscalYearName(year)} (${yearSpan(from, to, input.locale)})`,
    draft: document.draft,
    author: input.generatedBy ?? undefined,
    createdAt: document.createdAt,
  };
  const pdf = await renderPdf(
    statementsContent(f, { bs, activities, cashFlows, repairs, ledgers: rows }),
    frame,
  );

  const zip = new ZipWriter(document.createdAt);
  await zip.add(CPA_PACKAGE_FILES.readme, [readme(f)]);
  await zip.add(CPA_PACKAGE_FILES.statements(year), [new Uint8Array(pdf)]);
  await zip.add(CPA_PACKAGE_FILES.trialBalance, [trialBalanceCsv(rows)]);
  await zip.add(CPA_PACKAGE_FILES.generalLedger, generalLedgerCsv(em, { from, to }, rows));
  await zip.add(
    CPA_PACKAGE_FILES.journal,
    exportBooks(em, {
      from,
      to,
      format: BooksExportFormat.JOURNAL,
      organization: org.name,
      today: f.generatedOn,
    }),
  );
  return { bytes: zip.finish(), contentType: 'application/zip' };
}

registerDocumentRenderer(DocumentKind.CPA_PACKAGE, renderCpaPackage);
