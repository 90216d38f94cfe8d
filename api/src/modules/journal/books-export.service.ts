import { IsolationLevel } from '@mikro-orm/core';
import { assertPeriod } from '../../core/period.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { toCsv, type CsvCell } from '@covenant/shared/csv';
import { dayBefore } from '../../core/dates.js';
import { formatMoney, toTotal, type Total } from '../../core/money/money.js';
import { AccountType, FundType } from '../accounts/index.js';
import { accountBalances } from './balances.service.js';
import { type ExportLineRow, exportLinesPage } from './books-export.repository.js';
import { BooksExportFormat } from './books-export.types.js';

// The books of a period as a file an accountant checks with tools we did not write: the general
// journal as CSV (one row per line) or as a plain-text double-entry journal that hledger and
// ledger-cli read unchanged.
//
// Delivery: a GraphQL query (booksExport) checks the caller and answers a signed link, and an HTTP
// GET (books-export.http.ts) streams the file, like the attachments' downloads. A million-line
// journal is then never held in memory or in one GraphQL string: pages of entries are written as
// they are read, and the response waits for the client (backpressure). The whole file is read in
// one REPEATABLE READ, read-only transaction, so an entry posted during the download is either
// wholly in it or not at all, and the opening balances agree with the lines that follow.
//
// Opening balances: the file starts with one transaction dated the day before `from` that holds
// every account's balance on that day, per the classification (fund and type) it is held in.
// Income and expense accounts carry their whole balance since the books began, as Covenant's trial
// balance does (it never closes a year into fund balance): so `hledger bal` on the file equals our
// trial balance as of `to`, account for account, and each fund still balances by itself.
//
// Journal syntax, the subset both tools read: `DATE * (JE-n) description`, metadata as comment
// lines (`; entry: <id>`), one posting per line with its amount explicit (a plain decimal and the
// commodity: `-1234.56 USD`, never rounded or grouped), two spaces between account and amount.
// Accounts are `<Fund>:<Type>:<number> <name>` under the fund and type the line was posted in, so a
// reclassified account shows in both places as our reports show it. Names keep to letters, digits,
// single spaces and . , & ' / _ ( ) + # - (no ":" that would nest, no ";" that would start a
// comment, no two spaces that would end the name).

// Organizations have no currency setting yet: every amount is in US dollars (as the web's money.ts).
export const COMMODITY = 'USD';

// Entries per page read from the database (unless the caller says otherwise: a test's small pages).
const PAGE_ENTRIES = 2000;

const FUND_NAME: Record<FundType, string> = {
  [FundType.OPERATING]: 'Operating',
  [FundType.RESERVE]: 'Reserve',
};
const TYPE_NAME: Record<AccountType, string> = {
  [AccountType.ASSET]: 'Assets',
  [AccountType.LIABILITY]: 'Liabilities',
  [AccountType.EQUITY]: 'Equity',
  [AccountType.INCOME]: 'Income',
  [AccountType.EXPENSE]: 'Expenses',
};

export const isExportFormat = (f: string): f is BooksExportFormat =>
  (Object.values(BooksExportFormat) as string[]).includes(f);

// The download's path (what the link signs) and its file name.
export const booksExportPath = (
  orgId: string,
  from: string,
  to: string,
  format: BooksExportFormat,
) => `/exports/${orgId}/books/${from}/${to}/${format}`;

export const booksExportFilename = (from: string, to: string, format: BooksExportFormat) =>
  `books-${from}-to-${to}.${format === BooksExportFormat.CSV ? 'csv' : 'journal'}`;

export function booksExportLink(
  signer: { sign(path: string): string },
  orgId: string,
  opts: { from: string; to: string; format: BooksExportFormat },
) {
  assertPeriod(opts.from, opts.to);
  return {
    url: signer.sign(booksExportPath(orgId, opts.from, opts.to, opts.format)),
    filename: booksExportFilename(opts.from, opts.to, opts.format),
  };
}

// Text a journal can hold on one line: no control characters, no ";" (a comment), single spaces.
function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/;/g, ',')
    .replace(/\s+/g, ' ')
    .trim();
}

// An account name both tools read as one account (see the header).
export function journalAccount(fund: FundType, type: AccountType, number: string, name: string) {
  const safe = name
    .normalize('NFC')
    .replace(/[^\p{L}\p{M}\p{N} .,&'/_()+#-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${FUND_NAME[fund]}:${TYPE_NAME[type]}:${number}${safe ? ` ${safe}` : ''}`;
}

const amount = (cents: Total) => `${formatMoney(cents)} ${COMMODITY}`;
const entryCode = (number: string | number) => `JE-${number}`;

interface Posting {
  fund: FundType;
  type: AccountType;
  number: string;
  name: string;
  // Debit positive, credit negative.
  amount: Total;
  memo: string | null;
}

interface Entry {
  id: string | null;
  number: string | null;
  date: string;
  memo: string | null;
  source: string;
  postings: Posting[];
}

function journalEntry(e: Entry): string {
  const description = oneLine(e.memo ?? '') || (e.number ? 'Journal entry' : 'Opening balances');
  const out = [
    `${e.date} *${e.number ? ` (${entryCode(e.number)})` : ''} ${description}`,
    ...(e.id ? [`    ; entry: ${e.id}`] : []),
    `    ; source: ${e.source}`,
  ];
  for (const p of e.postings) {
    const memo = p.memo ? oneLine(p.memo) : '';
    out.push(
      `    ${journalAccount(p.fund, p.type, p.number, p.name)}  ${amount(p.amount)}${memo ? `  ; ${memo}` : ''}`,
    );
  }
  return `${out.join('\n')}\n\n`;
}

const CSV_HEADER = [
  'Date',
  'Entry',
  'Entry ID',
  'Memo',
  'Source',
  'Account number',
  'Account name',
  'Account type',
  'Fund',
  'Debit',
  'Credit',
  'Line memo',
];

function csvRows(e: Entry): CsvCell[][] {
  return e.postings.map((p) => [
    e.date,
    e.number ? entryCode(e.number) : '',
    e.id ?? '',
    e.memo ?? '',
    e.source,
    p.number,
    p.name,
    p.type,
    p.fund,
    p.amount > 0n ? formatMoney(p.amount) : '',
    p.amount < 0n ? formatMoney(-p.amount) : '',
    p.memo ?? '',
  ]);
}

// The CSV writer puts a BOM at the top of what it writes: once per file, not once per page.
const withoutBom = (text: string) => text.replace(/^\uFEFF/, '');

function toEntries(rows: ExportLineRow[]): Entry[] {
  const entries: Entry[] = [];
  for (const r of rows) {
    let e = entries.at(-1);
    if (!e || e.id !== r.entry_id) {
      e = {
        id: r.entry_id,
        number: r.number,
        date: r.entry_date,
        memo: r.memo,
        source: r.source,
        postings: [],
      };
      entries.push(e);
    }
    e.postings.push({
      fund: r.fund_type,
      type: r.account_type,
      number: r.account_number,
      name: r.account_name,
      amount: toTotal(r.debit) - toTotal(r.credit),
      memo: r.line_memo,
    });
  }
  return entries;
}

export interface BooksExportOptions {
  from: string;
  to: string;
  format: BooksExportFormat;
  // The association's name and today (for the journal's heading).
  organization: string;
  today: string;
  pageEntries?: number;
}

// The file, a piece at a time (see the header). Stopping early (the client went away) rolls the
// read transaction back.
export async function* exportBooks(
  em: EntityManager,
  opts: BooksExportOptions,
): AsyncGenerator<string> {
  const { from, to, format } = opts;
  assertPeriod(from, to);
  const csv = format === BooksExportFormat.CSV;
  const limit = opts.pageEntries ?? PAGE_ENTRIES;
  const tx = em.fork();
  await tx.begin({ isolationLevel: IsolationLevel.REPEATABLE_READ, readOnly: true });
  try {
    const openingDate = dayBefore(from);
    const balances = await accountBalances(tx, { asOf: openingDate });
    const opening: Entry = {
      id: null,
      number: null,
      date: openingDate,
      memo: `Balances brought forward as of ${openingDate}`,
      source: 'brought_forward',
      postings: balances
        .filter((b) => b.debit !== b.credit)
        .map((b) => ({
          fund: b.fundType,
          type: b.type,
          number: b.number,
          name: b.name,
          amount: b.debit - b.credit,
          memo: null,
        })),
    };
    const hasOpening = opening.postings.length > 0;
    if (csv) {
      yield toCsv([CSV_HEADER, ...(hasOpening ? csvRows(opening) : [])]);
    } else {
      const org = oneLine(opts.organization);
      yield [
        `; Books of ${org}, ${from} to ${to}, exported by Covenant on ${opts.today}.`,
        `; Accounts are <Fund>:<Type>:<number> <name>, under the fund and type each line was posted in.`,
        `; The first transaction brings every balance forward as of ${openingDate} (income and`,
        `; expense since the books began, as Covenant's trial balance keeps them), so`,
        `; \`hledger -f <this file> bal\` equals the trial balance as of ${to}. Amounts in ${COMMODITY}.`,
        '',
        hasOpening ? journalEntry(opening) : '',
      ].join('\n');
    }

    let after: [string, number] = [openingDate, 0];
    for (;;) {
      const rows = await exportLinesPage(tx, { from, to, after, limit });
      if (!rows.length) break;
      const entries = toEntries(rows);
      yield csv ? withoutBom(toCsv(entries.flatMap(csvRows))) : entries.map(journalEntry).join('');
      const last = rows[rows.length - 1];
      after = [last.entry_date, Number(last.number)];
      if (entries.length < limit) break;
    }
    await tx.commit();
  } finally {
    if (tx.isInTransaction()) await tx.rollback();
  }
}
