import { type Content, renderPdf } from '../../core/documents/pdf.js';
import {
  facts,
  money,
  moneyTable,
  type Row,
  section,
  subsection,
  tableOfContents,
} from '../../core/documents/tables.js';
import { mediumDate } from '../../core/dates.js';
import type { BoardPacketData } from './board-packet.service.js';

// The board packet laid out: a cover, the contents, then each section on its own pages in the
// order a board reads them (the statutory monthly review first, the general ledger last).

type IncomeLine = BoardPacketData['incomeMonth']['lines'][number];
type Figures = BoardPacketData['incomeMonth']['total']['income'];

const FUND_NAMES: Record<string, string> = { operating: 'Operating fund', reserve: 'Reserve fund' };
const KIND_NAMES: Record<string, string> = {
  cd: 'CD',
  treasury: 'Treasury',
  money_market: 'Money market',
  savings: 'Savings',
};
const STATUS_NAMES: Record<string, string> = {
  planned: 'Planned',
  approved: 'Approved',
  in_progress: 'In progress',
  done: 'Done',
  deferred: 'Deferred',
};

const entryNo = (n: number) => `JE-${n}`;

// A moment in the association's time zone and words.
function dateTime(at: Date, d: Pick<BoardPacketData, 'locale' | 'timeZone'>) {
  const opts = { dateStyle: 'medium', timeStyle: 'short', timeZone: d.timeZone } as const;
  try {
    return new Intl.DateTimeFormat(d.locale, opts).format(at);
  } catch {
    return new Intl.DateTimeFormat('en-US', opts).format(at);
  }
}

// A vendor's name beside a memo that does not already name it.
export function withPayee(payee: string | null, text: string | null): string | null {
  if (!payee) return text;
  if (!text) return payee;
  const first = payee.split(/\s+/)[0].toLowerCase();
  return text.toLowerCase().includes(first) ? text : `${payee} — ${text}`;
}

export async function renderBoardPacket(
  d: BoardPacketData,
  opts: { version?: number } = {},
): Promise<Buffer> {
  return renderPdf(boardPacketContent(d, opts), {
    association: d.association,
    title: 'Board packet',
    period: d.monthLabel,
    draft: d.draft,
    author: d.generatedBy ?? d.association,
    createdAt: d.generatedAt,
  });
}

export function boardPacketContent(d: BoardPacketData, opts: { version?: number } = {}): Content[] {
  const date = (s: string) => mediumDate(s, d.locale);
  return [
    ...cover(d, opts.version, date),
    { text: '', pageBreak: 'after' },
    tableOfContents(),
    ...section('Balance sheet', balanceSheetBody(d), {
      context: `As of ${date(d.to)} · by fund`,
    }),
    ...section('Income statement', incomeBody(d), {
      context: `${d.monthLabel} and the fiscal year to date (from ${date(d.fiscalYearStart)}), against the budget`,
      landscape: true,
    }),
    ...section('Reserve activity', reserveBody(d, date), {
      context: `${d.monthLabel} · the reserve fund's balance from ${date(d.from)} to ${date(d.to)}`,
    }),
    ...section('Bank reconciliations', reconciliationsBody(d, date), {
      context: `Each reconciliation finished for a statement ending in ${d.monthLabel}, with the statement's lines`,
    }),
    ...section('Check register', disbursementsBody(d, date), {
      context: `Cash disbursements in ${d.monthLabel}: every payment out of the bank and cash accounts`,
    }),
    ...section('Receivables aging and delinquencies', agingBody(d), {
      context: `As of ${date(d.to)}${d.ownerNames ? '' : ' · owners are not named (the association\u2019s choice)'}`,
    }),
    // Left out until the association has entered a bill.
    ...(d.payables
      ? section('Payables aging and vendor payments', payablesBody(d, d.payables, date), {
          context: `Owed to vendors as of ${date(d.to)}, by days past due; the vendor payments of ${d.monthLabel}`,
        })
      : []),
    ...section('Investments and maturities', investmentsBody(d, date), {
      context: `Held on ${date(d.to)}, and what matures within a year`,
    }),
    ...section('Capital projects', projectsBody(d), {
      context: `Open projects and those of fiscal year ${d.fiscalYear}, with what has been spent`,
    }),
    ...section('Changes to closed periods', reopeningsBody(d), {
      context: d.reopenings.sinceLabel
        ? `Reopened since the packet of ${d.reopenings.sinceLabel}`
        : 'No earlier packet: every reopening on record',
    }),
    ...section('Appendix: general ledger', ledgerBody(d, date), {
      context: `Every journal line of ${d.monthLabel} by account, with the running balance`,
    }),
  ];
}

function cover(d: BoardPacketData, version: number | undefined, date: (s: string) => string) {
  const books = d.books;
  const state = d.draft
    ? `DRAFT — ${d.monthLabel} is open; its figures may still change`
    : `Final — the books are closed through ${books?.closedThrough ? date(books.closedThrough) : date(d.to)}`;
  return [
    { text: d.association, style: 'cover' },
    { text: `Board packet · ${d.monthLabel}`, style: 'coverSub' },
    facts([
      ['Period', `${date(d.from)} – ${date(d.to)}`],
      ['Fiscal year', `FY ${d.fiscalYear} (from ${date(d.fiscalYearStart)})`],
      ...(version ? ([['Version', String(version)]] as [string, string][]) : []),
      ['Generated', dateTime(d.generatedAt, d)],
      ['Generated by', d.generatedBy ?? 'Covenant'],
      ['State of the books', state],
      ...(books
        ? ([
            [
              'Entries in the month',
              `${books.entryCount}${books.lastEntryNumber ? ` (through ${entryNo(books.lastEntryNumber)})` : ''}`,
            ],
            ['Checksum of its lines', books.linesChecksum],
          ] as [string, string][])
        : []),
    ]),
    {
      text: 'Amounts in US dollars. Negative amounts are in parentheses. Operating and reserve are separate, self-balancing funds.',
      style: 'note',
      margin: [0, 12, 0, 0],
    },
  ];
}

// ---------------------------------------------------------------------------------------------

function balanceSheetBody(d: BoardPacketData): Content[] {
  const s = d.balanceSheet;
  const rows: Row[] = [];
  const part = (title: string, sec: typeof s.assets, total: string) => {
    rows.push({ cells: [title], kind: 'group', span: true });
    for (const l of sec.lines) {
      rows.push({
        cells: [l.number ? `${l.number} ${l.name}` : l.name, l.operating, l.reserve, l.total],
        indent: 1,
      });
    }
    rows.push({
      cells: [total, sec.total.operating, sec.total.reserve, sec.total.total],
      kind: 'subtotal',
    });
  };
  part('Assets', s.assets, 'Total assets');
  part('Liabilities', s.liabilities, 'Total liabilities');
  part('Fund balance', s.fundBalance, 'Total fund balance');
  const lf = s.liabilitiesAndFundBalance;
  rows.push({
    cells: ['Total liabilities and fund balance', lf.operating, lf.reserve, lf.total],
    kind: 'total',
  });
  return [
    moneyTable({
      columns: [
        { header: 'Account' },
        { header: 'Operating', kind: 'money', width: 86 },
        { header: 'Reserve', kind: 'money', width: 86 },
        { header: 'Total', kind: 'money', width: 86 },
      ],
      rows,
    }),
    {
      text: 'What one fund owes the other shows in each fund\u2019s column and nets to zero in the total.',
      style: 'note',
    },
  ];
}

// ---------------------------------------------------------------------------------------------

const over = (actual: bigint, budget: bigint | null) => (budget === null ? null : actual - budget);

function incomeBody(d: BoardPacketData): Content[] {
  const m = d.incomeMonth;
  const y = d.incomeYearToDate;
  const key = (l: IncomeLine) => `${l.accountId}|${l.type}|${l.fundType}`;
  const monthBy = new Map(m.lines.map((l) => [key(l), l]));
  const yearBy = new Map(y.lines.map((l) => [key(l), l]));
  // Every line of either period, in the year's order (the month's are among them).
  const all = [...y.lines];
  for (const l of m.lines) if (!yearBy.has(key(l))) all.push(l);
  const rows: Row[] = [];
  const figures = (a: Figures, b: Figures) => [
    a.actual,
    a.budget,
    over(a.actual, a.budget),
    b.actual,
    b.budget,
    over(b.actual, b.budget),
  ];
  const lineRows = (xs: IncomeLine[]) => {
    for (const l of xs) {
      const mm = monthBy.get(key(l));
      const yy = yearBy.get(key(l));
      const mActual = mm?.actual ?? 0n;
      const mBudget = mm ? mm.budget : m.total.income.budget === null ? null : 0n;
      const yActual = yy?.actual ?? 0n;
      const yBudget = yy ? yy.budget : y.total.income.budget === null ? null : 0n;
      rows.push({
        cells: [
          `${l.number} ${l.name}`,
          mActual,
          mBudget,
          over(mActual, mBudget),
          yActual,
          yBudget,
          over(yActual, yBudget),
        ],
        indent: 2,
      });
      const note = d.notes.get(l.accountId);
      if (note)
        rows.push({ cells: [`Treasurer's note: ${note}`], kind: 'note', span: true, indent: 3 });
    }
  };
  for (const fund of ['operating', 'reserve'] as const) {
    const mt = m.funds.find((f) => f.fundType === fund)!;
    const yt = y.funds.find((f) => f.fundType === fund)!;
    const mine = all.filter((l) => l.fundType === fund);
    if (!mine.length && mt.changeInFundBalance.actual === 0n) continue;
    rows.push({ cells: [FUND_NAMES[fund]], kind: 'group', span: true });
    const of = (type: string, transfer: boolean) =>
      mine.filter((l) => l.type === type && l.transfer === transfer);
    rows.push({ cells: ['Income'], kind: 'group', span: true, indent: 1 });
    lineRows(of('income', false));
    rows.push({
      cells: ['Total income', ...figures(mt.income, yt.income)],
      kind: 'subtotal',
      indent: 1,
    });
    rows.push({ cells: ['Expenses'], kind: 'group', span: true, indent: 1 });
    lineRows(of('expense', false));
    rows.push({
      cells: ['Total expenses', ...figures(mt.expenses, yt.expenses)],
      kind: 'subtotal',
      indent: 1,
    });
    rows.push({
      cells: ['Excess of income over expenses', ...figures(mt.net, yt.net)],
      kind: 'subtotal',
      indent: 1,
    });
    const transfers = [...of('income', true), ...of('expense', true)];
    if (transfers.length) {
      rows.push({ cells: ['Transfers between funds'], kind: 'group', span: true, indent: 1 });
      lineRows(of('income', true));
      lineRows(of('expense', true));
      rows.push({
        cells: ['Net transfers', ...figures(mt.netTransfers, yt.netTransfers)],
        kind: 'subtotal',
        indent: 1,
      });
    }
    rows.push({
      cells: [
        `Change in ${FUND_NAMES[fund].toLowerCase()} balance`,
        ...figures(mt.changeInFundBalance, yt.changeInFundBalance),
      ],
      kind: 'subtotal',
    });
  }
  rows.push({
    cells: [
      'All funds: change in fund balance',
      ...figures(m.total.changeInFundBalance, y.total.changeInFundBalance),
    ],
    kind: 'total',
  });
  const w = 68;
  return [
    moneyTable({
      columns: [
        { header: 'Account' },
        { header: 'Actual', kind: 'money', width: w },
        { header: 'Budget', kind: 'money', width: w },
        { header: 'Over (under)', kind: 'money', width: w },
        { header: 'Actual', kind: 'money', width: w },
        { header: 'Budget', kind: 'money', width: w },
        { header: 'Over (under)', kind: 'money', width: w },
      ],
      bands: [
        { label: '', span: 1 },
        { label: d.monthLabel, span: 3 },
        { label: 'Fiscal year to date', span: 3 },
      ],
      rows,
    }),
    {
      text:
        m.total.income.budget === null
          ? 'No budget is saved for this fiscal year: the budget columns are blank.'
          : 'Over (under) budget is the actual less the budget. The treasurer\u2019s notes explain a line\u2019s variance.',
      style: 'note',
    },
  ];
}

// ---------------------------------------------------------------------------------------------

function reserveBody(d: BoardPacketData, date: (s: string) => string): Content[] {
  const r = d.reserve;
  const rows: Row[] = [
    { cells: [`Reserve fund balance, ${date(d.from)}`, r.opening], kind: 'subtotal' },
  ];
  const group = (title: string, lines: { label: string; amount: bigint }[], sign: 1n | -1n) => {
    if (!lines.length) return;
    rows.push({ cells: [title], kind: 'group', span: true });
    for (const l of lines) rows.push({ cells: [l.label, sign * l.amount], indent: 1 });
  };
  group('Contributions', r.contributions, 1n);
  group('Interest', r.interest, 1n);
  group('Other income', r.otherIncome, 1n);
  group('Disbursements', r.disbursements, -1n);
  group('Transfers out', r.transfersOut, -1n);
  if (r.otherChanges !== 0n) {
    rows.push({ cells: ['Other changes to the fund balance', r.otherChanges] });
  }
  if (rows.length === 1)
    rows.push({ cells: ['No reserve activity this month'], kind: 'note', span: true });
  rows.push({ cells: [`Reserve fund balance, ${date(d.to)}`, r.closing], kind: 'total' });
  const s = r.study;
  return [
    moneyTable({
      columns: [{ header: '' }, { header: 'Amount', kind: 'money', width: 100 }],
      rows,
    }),
    subsection('Percent funded'),
    facts([
      ['Reserve fund balance', money(s.reserveBalance)],
      ['Fully funded balance', money(s.totalFullyFunded)],
      [
        'Percent funded',
        s.percentFunded === null ? 'No reserve study components' : `${s.percentFunded}%`,
      ],
      ...(s.band ? ([['Strength', String(s.band).toLowerCase()]] as [string, string][]) : []),
      ['Components', `${s.componentsCount} (replacement cost ${money(s.totalReplacementCost)})`],
    ]),
  ];
}

// ---------------------------------------------------------------------------------------------

function reconciliationsBody(d: BoardPacketData, date: (s: string) => string): Content[] {
  if (!d.reconciliations.length) {
    return [
      {
        text: `No reconciliation was finished for a statement ending in ${d.monthLabel}.`,
        style: 'note',
      },
    ];
  }
  const out: Content[] = [];
  d.reconciliations.forEach((rec, i) => {
    const r = rec.report;
    out.push({
      text: `${rec.accountLabel} · ${rec.institution} ••${rec.maskedNumber}`,
      style: 'subsection',
      ...(i > 0 ? { pageBreak: 'before' } : {}),
    });
    out.push({
      text: `Statement ${date(r.periodStart)} – ${date(r.statementDate)} · reconciled${rec.reconciledBy ? ` by ${rec.reconciledBy}` : ''} on ${dateTime(rec.reconciledAt, d)}`,
      style: 'context',
    });
    out.push(
      moneyTable({
        columns: [{ header: '' }, { header: 'Amount', kind: 'money', width: 100 }],
        rows: [
          { cells: ['Balance per bank statement', r.closingBalance] },
          { cells: ['Add: deposits in transit', r.depositsInTransit], indent: 1 },
          { cells: ['Less: outstanding checks and payments', -r.outstandingPayments], indent: 1 },
          { cells: ['Adjusted bank balance', r.adjustedBankBalance], kind: 'subtotal' },
          { cells: ['Balance per books', r.bookBalance] },
          { cells: ['Add: bank items not yet in the books', r.unrecordedBankItems], indent: 1 },
          { cells: ['Adjusted book balance', r.adjustedBookBalance], kind: 'total' },
        ],
      }),
    );
    if (r.outstandingBookLines.length) {
      out.push(subsection('Outstanding items'));
      out.push(
        moneyTable({
          columns: [
            { header: 'Date', width: 62 },
            { header: 'Entry', width: 48 },
            { header: 'Payee / memo' },
            { header: 'Amount', kind: 'money', width: 80 },
          ],
          rows: r.outstandingBookLines.map((l) => ({
            cells: [
              date(l.date),
              entryNo(l.entryNumber),
              [l.checkNumber ? `#${l.checkNumber}` : null, l.payee, l.memo]
                .filter(Boolean)
                .join(' · '),
              l.amount,
            ],
          })),
        }),
      );
    }
    out.push(subsection('Bank statement'));
    out.push({
      text: `Opening balance ${money(r.openingBalance)} · closing balance ${money(r.closingBalance)}`,
      style: 'context',
    });
    out.push(
      moneyTable({
        columns: [
          { header: 'Date', width: 62 },
          { header: 'Description' },
          { header: 'Check', width: 44 },
          { header: 'Amount', kind: 'money', width: 80 },
        ],
        rows: r.bankLines.map((l) => ({
          cells: [date(l.date), withPayee(l.payee, l.description), l.checkNumber, l.amount],
        })),
        empty: 'The statement had no lines.',
      }),
    );
  });
  return out;
}

// ---------------------------------------------------------------------------------------------

function disbursementsBody(d: BoardPacketData, date: (s: string) => string): Content[] {
  const total = d.disbursements.reduce((s, x) => s + x.amount, 0n);
  return [
    moneyTable({
      columns: [
        { header: 'Date', width: 62 },
        { header: 'Entry', width: 48 },
        { header: 'Check', width: 44 },
        { header: 'Payee' },
        { header: 'Memo' },
        { header: 'Paid from', width: 90 },
        { header: 'Amount', kind: 'money', width: 74 },
      ],
      rows: [
        ...d.disbursements.map((x) => ({
          cells: [
            date(x.date),
            entryNo(x.entryNumber),
            x.reference,
            x.payee,
            x.memo,
            x.account,
            x.amount,
          ],
        })),
        ...(d.disbursements.length
          ? [
              {
                cells: [`Total disbursements (${d.disbursements.length})`, total],
                kind: 'total' as const,
                span: 6,
              },
            ]
          : []),
      ],
      empty: `Nothing was paid out of the bank and cash accounts in ${d.monthLabel}.`,
      fontSize: 8,
    }),
  ];
}

// ---------------------------------------------------------------------------------------------

function agingBody(d: BoardPacketData): Content[] {
  const t = d.aging.totals;
  const out: Content[] = [
    moneyTable({
      columns: [
        { header: 'Current', kind: 'money', width: '*' },
        { header: '1–30 days', kind: 'money', width: '*' },
        { header: '31–60 days', kind: 'money', width: '*' },
        { header: '61–90 days', kind: 'money', width: '*' },
        { header: 'Over 90 days', kind: 'money', width: '*' },
        { header: 'Total owed', kind: 'money', width: '*' },
      ],
      rows: [
        {
          cells: [t.current, t.days1to30, t.days31to60, t.days61to90, t.over90, t.total],
          kind: 'total',
        },
      ],
    }),
    facts([
      ['Receivable account balance', money(d.aging.receivableBalance)],
      ['Owners\u2019 credit (prepaid)', money(d.aging.prepaidBalance)],
    ]),
    subsection('Delinquency list'),
  ];
  const owner = d.ownerNames;
  out.push(
    moneyTable({
      columns: [
        { header: 'Unit', width: owner ? 44 : '*' },
        ...(owner ? [{ header: 'Owner' }] : []),
        { header: '1–30', kind: 'money' as const, width: 62 },
        { header: '31–60', kind: 'money' as const, width: 62 },
        { header: '61–90', kind: 'money' as const, width: 62 },
        { header: 'Over 90', kind: 'money' as const, width: 62 },
        { header: 'Past due', kind: 'money' as const, width: 66 },
        { header: 'Total owed', kind: 'money' as const, width: 66 },
      ],
      rows: [
        ...d.delinquent.map((u) => ({
          cells: [
            u.unit,
            ...(owner ? [u.owner ?? ''] : []),
            u.days1to30,
            u.days31to60,
            u.days61to90,
            u.over90,
            u.pastDue,
            u.owed,
          ],
        })),
        ...(d.delinquent.length
          ? [
              {
                cells: [
                  `${d.delinquent.length} unit${d.delinquent.length === 1 ? '' : 's'}`,
                  ...(owner ? [''] : []),
                  t.days1to30,
                  t.days31to60,
                  t.days61to90,
                  t.over90,
                  t.days1to30 + t.days31to60 + t.days61to90 + t.over90,
                  d.delinquent.reduce((s, u) => s + u.owed, 0n),
                ],
                kind: 'total' as const,
              },
            ]
          : []),
      ],
      empty: 'No unit owes anything past due.',
      fontSize: 8,
    }),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------

type Payables = NonNullable<BoardPacketData['payables']>;

const METHOD_NAMES: Record<string, string> = { check: 'Check', ach: 'ACH', card: 'Card' };

function payablesBody(d: BoardPacketData, p: Payables, date: (s: string) => string): Content[] {
  const t = p.aging.totals;
  const buckets = [
    { header: 'Current', kind: 'money' as const, width: 66 },
    { header: '1–30 days', kind: 'money' as const, width: 66 },
    { header: '31–60 days', kind: 'money' as const, width: 66 },
    { header: 'Over 60 days', kind: 'money' as const, width: 66 },
    { header: 'Total owed', kind: 'money' as const, width: 70 },
  ];
  const posted = p.register.filter((r) => !r.voidDate);
  return [
    moneyTable({
      columns: [{ header: 'Vendor' }, ...buckets],
      rows: [
        ...p.aging.rows.map((r) => ({
          cells: [
            p.vendorNames.get(r.vendorId) ?? '',
            r.current,
            r.days30,
            r.days60,
            r.days90,
            r.total,
          ],
        })),
        {
          cells: [
            `${p.aging.rows.length} vendor${p.aging.rows.length === 1 ? '' : 's'}, ${t.billCount} bill${t.billCount === 1 ? '' : 's'}`,
            t.current,
            t.days30,
            t.days60,
            t.days90,
            t.total,
          ],
          kind: 'total',
        },
      ],
      fontSize: 8,
    }),
    facts([
      ['Accounts Payable balance', money(p.aging.controlBalance)],
      [
        'Agrees with the aging',
        p.aging.ties
          ? 'Yes'
          : `No: differs by ${money(p.aging.controlBalance - t.total)}; run the ledger check`,
      ],
    ]),
    subsection('Vendor payments'),
    moneyTable({
      columns: [
        { header: 'Date', width: 62 },
        { header: 'Check', width: 44 },
        { header: 'Payee' },
        { header: 'Memo' },
        { header: 'State', width: 92 },
        { header: 'Amount', kind: 'money', width: 74 },
      ],
      rows: [
        ...p.register.map((r) => ({
          cells: [
            date(r.date),
            r.checkNumber ?? METHOD_NAMES[r.method] ?? r.method,
            r.payee,
            r.memo,
            r.voidDate ? `Void ${date(r.voidDate)}` : r.cleared ? 'Cleared' : 'Outstanding',
            r.amount,
          ],
        })),
        ...(posted.length
          ? [
              {
                cells: [
                  `Total paid (${posted.length}${posted.length < p.register.length ? ', void ones left out' : ''})`,
                  posted.reduce((s, r) => s + r.amount, 0n),
                ],
                kind: 'total' as const,
                span: 5,
              },
            ]
          : []),
      ],
      empty: `No vendor was paid in ${d.monthLabel}.`,
      fontSize: 8,
    }),
  ];
}

// ---------------------------------------------------------------------------------------------

function investmentsBody(d: BoardPacketData, date: (s: string) => string): Content[] {
  const table = (xs: BoardPacketData['investments']['held'], empty: string) =>
    moneyTable({
      columns: [
        { header: 'Institution' },
        { header: 'Kind · fund', width: 74 },
        { header: 'APY', kind: 'number', width: 34 },
        { header: 'Purchased', width: 58 },
        { header: 'Matures', width: 58 },
        { header: 'Principal', kind: 'money', width: 68 },
        { header: 'At maturity', kind: 'money', width: 68 },
      ],
      rows: [
        ...xs.map((i) => ({
          cells: [
            i.institution,
            `${KIND_NAMES[i.kind] ?? i.kind} · ${i.fundType === 'reserve' ? 'Reserve' : 'Operating'}`,
            `${i.apy}%`,
            date(i.purchaseDate),
            i.maturityDate ? date(i.maturityDate) : '—',
            i.principal,
            i.valueAtMaturity,
          ],
        })),
        ...(xs.length
          ? [
              {
                cells: [
                  `Total (${xs.length})`,
                  xs.reduce((s, i) => s + i.principal, 0n),
                  xs.reduce((s, i) => s + (i.valueAtMaturity ?? i.principal), 0n),
                ],
                kind: 'total' as const,
                span: 5,
              },
            ]
          : []),
      ],
      empty,
      fontSize: 8,
    });
  return [
    subsection('Held at the month\u2019s end'),
    table(d.investments.held, 'No investments were held.'),
    subsection('Maturing within a year'),
    table(d.investments.maturing, 'Nothing matures within a year.'),
  ];
}

function projectsBody(d: BoardPacketData): Content[] {
  return [
    moneyTable({
      columns: [
        { header: 'Project' },
        { header: 'Status', width: 60 },
        { header: 'Funding', width: 60 },
        { header: 'Year', width: 34 },
        { header: 'Estimated', kind: 'money', width: 78 },
        { header: 'Spent to date', kind: 'money', width: 78 },
      ],
      rows: d.projects.map(({ project: p, spent }) => ({
        cells: [
          p.reserveComponentName ? `${p.name} (${p.reserveComponentName})` : p.name,
          STATUS_NAMES[p.status] ?? p.status,
          p.fundingSource.charAt(0).toUpperCase() + p.fundingSource.slice(1).replace('_', ' '),
          p.targetYear ? String(p.targetYear) : 'Future',
          p.estimatedCost,
          spent,
        ],
      })),
      empty: 'No capital projects are planned.',
    }),
  ];
}

function reopeningsBody(d: BoardPacketData): Content[] {
  return [
    moneyTable({
      columns: [
        { header: 'Period', width: 74 },
        { header: 'Closed', width: 110 },
        { header: 'Reopened', width: 110 },
        { header: 'Reason' },
      ],
      rows: d.reopenings.rows.map((r) => ({
        cells: [
          r.period,
          `${dateTime(r.closedAt, d)}${r.closedBy ? `\nby ${r.closedBy}` : ''}`,
          `${dateTime(r.reopenedAt, d)}${r.reopenedBy ? `\nby ${r.reopenedBy}` : ''}`,
          r.reason,
        ],
      })),
      empty: d.reopenings.since
        ? 'No closed period was reopened since the previous packet.'
        : 'No closed period has been reopened.',
    }),
  ];
}

// ---------------------------------------------------------------------------------------------

function ledgerBody(d: BoardPacketData, date: (s: string) => string): Content[] {
  const rows: Row[] = [];
  for (const a of d.ledger) {
    rows.push({
      cells: [`${a.number} ${a.name} · ${a.fund === 'reserve' ? 'Reserve' : 'Operating'}`],
      kind: 'group',
      span: true,
    });
    rows.push({ cells: ['', '', 'Opening balance', null, null, a.opening], kind: 'note' });
    for (const l of a.lines) {
      rows.push({
        cells: [
          date(l.date),
          entryNo(l.entryNumber),
          l.memo,
          l.debit ? l.debit : null,
          l.credit ? l.credit : null,
          l.balance,
        ],
      });
    }
    rows.push({
      cells: ['', '', 'Totals and closing balance', a.debits, a.credits, a.closing],
      kind: 'subtotal',
    });
  }
  return [
    moneyTable({
      columns: [
        { header: 'Date', width: 60 },
        { header: 'Entry', width: 46 },
        { header: 'Description' },
        { header: 'Debit', kind: 'money', width: 70 },
        { header: 'Credit', kind: 'money', width: 70 },
        { header: 'Balance', kind: 'money', width: 76 },
      ],
      rows,
      empty: `No entries are dated in ${d.monthLabel}.`,
      fontSize: 7.5,
    }),
  ];
}
