// Data access — the rule for every module (copy it with the module):
//   Every SQL statement of a feature lives in its repository file (`<feature>.repository.ts`, or a
//   sub-feature's, e.g. `journal-import.repository.ts`). Services keep the rules and transactions
//   and call the repository; resolvers never see SQL.
//   Rows are typed (an interface per result shape, snake_case as the database spells it) and
//   mapped to the API's types here.
//   Values travel as parameters only (`?`), never concatenated into the text; arrays as ONE
//   parameter with `anyOf(type)` (`= ANY(ARRAY[?]::uuid[])`), never a hand-built `IN (?, ?, …)`.
//   Keyset pages go through `keysetPage` (core/graphql/connection.ts): one page plus a lazy count;
//   lists newest first by date and number through `newestFirstPage`.
//   MikroORM manages connections, transactions and migrations, and maps the few records whose
//   writes are simple aggregates (the `Account` entity); set-based reads and the ledger's writes
//   are SQL written here.
import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';
import type { AuthInfo } from '../../core/auth/tokens.js';
import {
  dateNumberPage,
  keysetPage,
  ListOrder,
  orderDirection,
  pageSize,
} from '../../core/graphql/connection.js';
import { isLocalDate } from '../../core/dates.js';
import { isId } from '../../core/ids.js';
import { sumCents, toCents, toTotal, type Total } from '../../core/money/money.js';
import { anyOf, sql } from '../../db/sql.js';
import type { AccountSummaryRow, AccountType, FundType } from '../accounts/index.js';
import type {
  EntryOwner,
  EntryOwnerType,
  EntrySource,
  JournalEntry,
  JournalLine,
  LedgerRow,
} from './journal.types.js';

// ---------------------------------------------------------------------------------------------
// Entries and lines

export interface LineRow {
  id: string;
  entry_id: string;
  line_no: number;
  account_id: string;
  debit: string;
  credit: string;
  memo: string | null;
  fund_type: FundType;
  account_type: AccountType;
}

export interface EntryHeadRow {
  id: string;
  number: string;
  entry_date: string;
  memo: string | null;
  source: EntrySource;
  reconciled: boolean;
  vendor_id: string | null;
  reverses_id: string | null;
  import_ref: string | null;
  reversed_by_id: string | null;
  owner_type: EntryOwnerType | null;
  owner_id: string | null;
  created_at: string;
}

export interface EntryRow extends EntryHeadRow {
  total: string;
}

export function toLine(r: LineRow): JournalLine {
  return {
    id: r.id,
    entryId: r.entry_id,
    lineNo: r.line_no,
    accountId: r.account_id,
    debit: toCents(r.debit),
    credit: toCents(r.credit),
    memo: r.memo,
    fundType: r.fund_type,
    accountType: r.account_type,
  };
}

export function toEntry(r: EntryRow, lines: JournalLine[] = []): JournalEntry {
  return {
    id: r.id,
    number: Number(r.number),
    date: r.entry_date,
    memo: r.memo,
    source: r.source,
    reconciled: r.reconciled,
    vendorId: r.vendor_id,
    reversesId: r.reverses_id,
    importReference: r.import_ref,
    reversedById: r.reversed_by_id,
    owner: r.owner_type && r.owner_id ? { type: r.owner_type, id: r.owner_id } : null,
    total: toTotal(r.total),
    createdAt: new Date(r.created_at),
    lines,
  };
}

// An entry's columns without its total, for callers that read its lines anyway.
export const ENTRY_HEAD_COLUMNS = `e.id, e.number, e.entry_date::text AS entry_date, e.memo, e.source,
  e.reconciled, e.vendor_id, e.reverses_id, e.import_ref,
  (SELECT r.id FROM journal_entries r WHERE r.reverses_id = e.id) AS reversed_by_id,
  e.owner_type, e.owner_id, e.created_at`;

export const ENTRY_COLUMNS = `${ENTRY_HEAD_COLUMNS},
  (SELECT coalesce(sum(l.debit), 0) FROM journal_lines l WHERE l.entry_id = e.id) AS total`;

const LINE_COLUMNS =
  'id, entry_id, line_no, account_id, debit, credit, memo, fund_type, account_type';

// The lines of many entries in one query, by entry, in line order.
export async function selectLines(
  em: EntityManager,
  entryIds: string[],
): Promise<Map<string, JournalLine[]>> {
  const out = new Map<string, JournalLine[]>();
  if (!entryIds.length) return out;
  const rows = await sql(em).all<LineRow>(
    `SELECT ${LINE_COLUMNS} FROM journal_lines
      WHERE entry_id = ${anyOf('uuid')} ORDER BY entry_id, line_no`,
    [entryIds],
  );
  for (const r of rows) {
    const list = out.get(r.entry_id) ?? [];
    list.push(toLine(r));
    out.set(r.entry_id, list);
  }
  return out;
}

// Entries with their lines by id (ids that are not entries are absent from the map).
export async function selectEntries(
  em: EntityManager,
  ids: string[],
): Promise<Map<string, JournalEntry>> {
  const valid = ids.filter(isId);
  if (!valid.length) return new Map();
  const rows = await sql(em).all<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM journal_entries e WHERE e.id = ${anyOf('uuid')}`,
    [valid],
  );
  const lines = await selectLines(
    em,
    rows.map((r) => r.id),
  );
  return new Map(rows.map((r) => [r.id, toEntry(r, lines.get(r.id) ?? [])]));
}

// ---------------------------------------------------------------------------------------------
// Listings (keyset pages)

export interface EntryFilter {
  from?: string | null;
  to?: string | null;
  accountId?: string | null;
  text?: string | null;
  source?: EntrySource | null;
  reconciled?: boolean | null;
  vendorId?: string | null;
}

const emptyPage = () => ({
  edges: [],
  pageInfo: { hasNextPage: false, endCursor: null },
  count: () => Promise.resolve(0),
});

export const MAX_ENTRIES_PAGE = 200;

// Newest first unless asked otherwise; the cursor is the position (date, number) of the last row
// seen, read in the page's order.
export function entryPage(
  em: EntityManager,
  filter: EntryFilter,
  first: number,
  after?: string | null,
  order: ListOrder = ListOrder.NEWEST_FIRST,
) {
  pageSize(first, MAX_ENTRIES_PAGE, 'entries');
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.from) {
    where.push('e.entry_date >= ?');
    params.push(filter.from);
  }
  if (filter.to) {
    where.push('e.entry_date <= ?');
    params.push(filter.to);
  }
  if (filter.source) {
    where.push('e.source = ?');
    params.push(filter.source);
  }
  if (filter.reconciled != null) {
    where.push('e.reconciled = ?');
    params.push(filter.reconciled);
  }
  if (filter.accountId) {
    // An id that is not an id names no account: nothing matches.
    if (!isId(filter.accountId)) return Promise.resolve(emptyPage());
    where.push(
      'EXISTS (SELECT 1 FROM journal_lines fl WHERE fl.entry_id = e.id AND fl.account_id = ?)',
    );
    params.push(filter.accountId);
  }
  if (filter.vendorId) {
    if (!isId(filter.vendorId)) return Promise.resolve(emptyPage());
    where.push('e.vendor_id = ?');
    params.push(filter.vendorId);
  }
  if (filter.text?.trim()) {
    where.push(
      `(e.memo ILIKE ? OR 'JE-' || e.number = upper(?) OR EXISTS (SELECT 1 FROM journal_lines tl WHERE tl.entry_id = e.id AND tl.memo ILIKE ?))`,
    );
    const like = `%${filter.text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(like, filter.text.trim(), like);
  }
  return dateNumberPage<EntryHeadRow, JournalEntry>(em, {
    direction: orderDirection(order),
    select: `SELECT ${ENTRY_HEAD_COLUMNS} FROM journal_entries e`,
    from: 'journal_entries e',
    where,
    params,
    orderBy: ['e.entry_date', 'e.number'],
    key: (e) => [e.date, e.number],
    badCursor: 'Invalid cursor',
    first,
    max: MAX_ENTRIES_PAGE,
    noun: 'entries',
    after,
    toNodes: async (rows) => {
      const lines = await selectLines(
        em,
        rows.map((r) => r.id),
      );
      return rows.map((r) => {
        const entryLines = lines.get(r.id) ?? [];
        const total = sumCents(entryLines.map((l) => l.debit));
        return toEntry({ ...r, total: String(total) }, entryLines);
      });
    },
  });
}

export interface LineFilter {
  from?: string | null;
  to?: string | null;
  accountId?: string | null;
  fundType?: string | null;
}

export interface PowerLine {
  id: string;
  entryId: string;
  entryNumber: number;
  lineNo: number;
  entryMemo: string | null;
  source: EntrySource;
  owner: EntryOwner | null;
  date: string;
  accountId: string;
  accountNumber: string;
  accountName: string;
  accountType: AccountType;
  fundType: FundType;
  debit: number;
  credit: number;
  memo: string | null;
}

interface PowerLineRow {
  id: string;
  entry_id: string;
  number: string;
  line_no: number;
  entry_memo: string | null;
  source: EntrySource;
  owner_type: EntryOwnerType | null;
  owner_id: string | null;
  entry_date: string;
  account_id: string;
  a_number: string;
  a_name: string;
  a_type: AccountType;
  fund_type: FundType;
  debit: string;
  credit: string;
  memo: string | null;
}

export const MAX_LINES_PAGE = 1000;

// Cursor of the line listing: (date, line id) of the last row seen.
const lineCursor = {
  encode: (l: PowerLine) => Buffer.from(`${l.date}|${l.id}`).toString('base64url'),
  decode(cursor: string): [string, string] | null {
    const [d, key] = Buffer.from(cursor, 'base64url').toString().split('|');
    return isLocalDate(d ?? '') && isId(key) ? [d, key] : null;
  },
};

// For custom reports: every line with its entry, account and fund, oldest first unless asked
// otherwise. The type and fund are the line's: its account's when it posted.
export function linePage(
  em: EntityManager,
  filter: LineFilter,
  first: number,
  after?: string | null,
  order: ListOrder = ListOrder.OLDEST_FIRST,
) {
  pageSize(first, MAX_LINES_PAGE, 'lines');
  const where: string[] = [];
  const params: unknown[] = [];
  if (filter.from) {
    where.push('l.entry_date >= ?');
    params.push(filter.from);
  }
  if (filter.to) {
    where.push('l.entry_date <= ?');
    params.push(filter.to);
  }
  if (filter.accountId) {
    if (!isId(filter.accountId)) return Promise.resolve(emptyPage());
    where.push('l.account_id = ?');
    params.push(filter.accountId);
  }
  if (filter.fundType) {
    where.push('l.fund_type = ?');
    params.push(filter.fundType);
  }
  return keysetPage<PowerLineRow, PowerLine>(em, {
    select: `SELECT l.id, l.entry_id, e.number, l.line_no, e.memo AS entry_memo, e.source,
            e.owner_type, e.owner_id, l.entry_date::text AS entry_date, l.account_id,
            a.number AS a_number, a.name AS a_name, l.account_type AS a_type, l.fund_type,
            l.debit, l.credit, l.memo
       FROM journal_lines l
       JOIN journal_entries e ON e.id = l.entry_id
       JOIN accounts a ON a.id = l.account_id`,
    from: 'journal_lines l',
    where,
    params,
    orderBy: ['l.entry_date', 'l.id'],
    direction: orderDirection(order),
    positionTypes: ['?::date', '?::uuid'],
    cursor: lineCursor,
    badCursor: 'Invalid cursor',
    first,
    max: MAX_LINES_PAGE,
    noun: 'lines',
    after,
    toNodes: (rows) =>
      rows.map((r) => ({
        id: r.id,
        entryId: r.entry_id,
        entryNumber: Number(r.number),
        lineNo: r.line_no,
        entryMemo: r.entry_memo,
        source: r.source,
        owner: r.owner_type && r.owner_id ? { type: r.owner_type, id: r.owner_id } : null,
        date: r.entry_date,
        accountId: r.account_id,
        accountNumber: r.a_number,
        accountName: r.a_name,
        accountType: r.a_type,
        fundType: r.fund_type,
        debit: toCents(r.debit),
        credit: toCents(r.credit),
        memo: r.memo,
      })),
  });
}

// ---------------------------------------------------------------------------------------------
// One account's ledger

// Debits and credits of an account before a date: whole months from the monthly totals, the
// date's own month from the lines.
export async function totalsBefore(
  em: EntityManager,
  accountId: string,
  date: string,
): Promise<{ debit: Total; credit: Total }> {
  const [o] = await sql(em).all<{ d: string; c: string }>(
    `SELECT coalesce(sum(d), 0) AS d, coalesce(sum(c), 0) AS c FROM (
       SELECT debit AS d, credit AS c FROM account_month_totals
        WHERE account_id = ? AND month < date_trunc('month', ?::date)
       UNION ALL
       SELECT debit, credit FROM journal_lines
        WHERE account_id = ? AND entry_date >= date_trunc('month', ?::date)::date AND entry_date < ?::date
     ) x`,
    [accountId, date, accountId, date, date],
  );
  return { debit: toTotal(o.d), credit: toTotal(o.c) };
}

// Debits and credits of an account up to and including a position of its ledger (date, entry
// number, line number): everything before the date as `totalsBefore` reads it, plus the date's own
// lines up to the position.
export async function totalsThrough(
  em: EntityManager,
  accountId: string,
  [date, number, lineNo]: LedgerPosition,
): Promise<{ debit: Total; credit: Total }> {
  const before = await totalsBefore(em, accountId, date);
  const [o] = await sql(em).all<{ d: string; c: string }>(
    `SELECT coalesce(sum(l.debit), 0) AS d, coalesce(sum(l.credit), 0) AS c
       FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE l.account_id = ? AND l.entry_date = ?::date AND (e.number, l.line_no) <= (?::bigint, ?::int)`,
    [accountId, date, number, lineNo],
  );
  return { debit: before.debit + toTotal(o.d), credit: before.credit + toTotal(o.c) };
}

interface LedgerLineRow {
  entry_id: string;
  number: string;
  line_no: number;
  entry_date: string;
  memo: string | null;
  source: EntrySource;
  reconciled: boolean;
  debit: string;
  credit: string;
}

// A row of an account's ledger is at (date, entry number, line number).
export type LedgerPosition = [date: string, number: number, lineNo: number];

export const ledgerCursor = {
  encode: (r: Pick<LedgerRow, 'date' | 'entryNumber' | 'lineNo'>) =>
    Buffer.from(`${r.date}|${r.entryNumber}|${r.lineNo}`).toString('base64url'),
  decode(cursor: string): LedgerPosition | null {
    const [d, n, ln] = Buffer.from(cursor, 'base64url').toString().split('|');
    if (!isLocalDate(d ?? '') || !/^\d{1,15}$/.test(n ?? '') || !/^\d{1,9}$/.test(ln ?? '')) {
      return null;
    }
    return [d, Number(n), Number(ln)];
  },
};

export const MAX_LEDGER_ROWS = 5000;

// One page of an account's lines in ledger order (date, entry number, line number). `balance`
// turns a line's debit and credit into the running balance after it, in the page's order.
export function ledgerPage(
  em: EntityManager,
  accountId: string,
  opts: {
    from?: string | null;
    to?: string | null;
    first: number;
    after?: string | null;
    balance: (debit: Total, credit: Total) => Total;
  },
) {
  const where = ['l.account_id = ?'];
  const params: unknown[] = [accountId];
  if (opts.from) {
    where.push('l.entry_date >= ?');
    params.push(opts.from);
  }
  if (opts.to) {
    where.push('l.entry_date <= ?');
    params.push(opts.to);
  }
  return keysetPage<LedgerLineRow, LedgerRow>(em, {
    select: `SELECT l.entry_id, e.number, l.line_no, l.entry_date::text AS entry_date,
            coalesce(l.memo, e.memo) AS memo, e.source, e.reconciled, l.debit, l.credit
       FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id`,
    from: 'journal_lines l',
    where,
    params,
    orderBy: ['l.entry_date', 'e.number', 'l.line_no'],
    direction: 'ASC',
    positionTypes: ['?::date', '?::bigint', '?::int'],
    cursor: { encode: ledgerCursor.encode, decode: ledgerCursor.decode },
    badCursor: 'Invalid cursor',
    first: opts.first,
    max: MAX_LEDGER_ROWS,
    noun: 'rows',
    after: opts.after,
    toNodes: (rows) =>
      rows.map((r) => {
        const debit = toCents(r.debit);
        const credit = toCents(r.credit);
        return {
          entryId: r.entry_id,
          entryNumber: Number(r.number),
          lineNo: r.line_no,
          date: r.entry_date,
          memo: r.memo,
          source: r.source,
          reconciled: r.reconciled,
          debit,
          credit,
          balance: opts.balance(toTotal(r.debit), toTotal(r.credit)),
        };
      }),
  });
}

// ---------------------------------------------------------------------------------------------
// Balances

export interface BalanceSumRow extends AccountSummaryRow {
  d: string;
  c: string;
  // Whether the row's type and fund are the account's on the date (see balanceSums).
  in_force: boolean;
}

// Every account (or one) with its debits and credits up to a date (or ever), per classification
// (type and fund) its lines were posted in: the monthly totals of whole months before the date
// and only the lines of its own month — O(accounts × months). `type` and `fund_type` are the
// row's classification, not the account's today.
// Each account comes once in the classification it had on the date (`in_force`: the `from` of
// its first reclassification after the date, else its own), with whatever its lines hold there,
// and once more for any other classification its lines hold something in: a balance
// (`keep: 'balance'`, balances as of a date) or any debit or credit (`keep: 'sums'`, the two ends
// of a period's activity). A reclassification moves the whole balance, so as of any date an
// account has one row unless the books hold a balance where its classification does not say.
export async function balanceSums(
  em: EntityManager,
  opts: {
    asOf?: string | null;
    fundType?: FundType | null;
    accountId?: string;
    keep?: 'balance' | 'sums';
  },
): Promise<BalanceSumRow[]> {
  if (opts.accountId) {
    const one = await unreclassifiedSums(em, opts.accountId, opts.asOf);
    if (one !== 'reclassified') {
      return one && (!opts.fundType || one.fund_type === opts.fundType) ? [one] : [];
    }
  }
  const params: unknown[] = [];
  let months: string;
  let partial = '';
  // One account: its own totals and lines only, read through the (account_id, …) indexes.
  const one = opts.accountId ? 'account_id = ? AND' : '';
  const oneParam = opts.accountId ? [opts.accountId] : [];
  const by = 'account_id, fund_type, account_type';
  if (opts.asOf) {
    months = `SELECT ${by}, sum(debit) AS d, sum(credit) AS c FROM account_month_totals
                WHERE ${one} month < date_trunc('month', ?::date) GROUP BY ${by}`;
    partial = `UNION ALL SELECT ${by}, sum(debit), sum(credit) FROM journal_lines
                WHERE ${one} entry_date >= date_trunc('month', ?::date)::date AND entry_date <= ?::date
                GROUP BY ${by}`;
    params.push(...oneParam, opts.asOf, ...oneParam, opts.asOf, opts.asOf);
  } else {
    months = `SELECT ${by}, sum(debit) AS d, sum(credit) AS c FROM account_month_totals
                ${opts.accountId ? 'WHERE account_id = ?' : ''} GROUP BY ${by}`;
    params.push(...oneParam);
  }
  // The classification each account had on the date (without one: today's).
  let inForce = 'a.type, a.fund_type';
  let reclassified = '';
  if (opts.asOf) {
    inForce =
      'coalesce(r.from_type, a.type) AS type, coalesce(r.from_fund_type, a.fund_type) AS fund_type';
    reclassified = `LEFT JOIN LATERAL (
        SELECT from_type, from_fund_type FROM account_reclassifications r
         WHERE r.account_id = a.id AND r.effective_date > ?::date
         ORDER BY r.effective_date LIMIT 1) r ON true`;
    params.push(opts.asOf);
  }
  if (opts.accountId) params.push(opts.accountId);
  const where: string[] = [
    `((x.type = k.type AND x.fund_type = k.fund_type) OR ${
      opts.keep === 'sums' ? '(s.d <> 0 OR s.c <> 0)' : 's.d <> s.c'
    })`,
  ];
  if (opts.fundType) {
    where.push('x.fund_type = ?');
    params.push(opts.fundType);
  }
  return sql(em).all<BalanceSumRow>(
    `WITH t AS (${months} ${partial}),
          s AS (SELECT ${by}, sum(d) AS d, sum(c) AS c FROM t GROUP BY ${by}),
          k AS (SELECT a.id, a.number, a.name, a.archived, ${inForce}
                  FROM accounts a ${reclassified}
                 ${opts.accountId ? 'WHERE a.id = ?' : ''}),
          x AS (SELECT id AS account_id, type, fund_type FROM k
                UNION SELECT account_id, account_type, fund_type FROM s)
     SELECT k.id, k.number, k.name, x.type, x.fund_type, k.archived,
            coalesce(s.d, 0) AS d, coalesce(s.c, 0) AS c,
            (x.type = k.type AND x.fund_type = k.fund_type) AS in_force
       FROM x JOIN k ON k.id = x.account_id
       LEFT JOIN s ON s.account_id = x.account_id AND s.account_type = x.type
                  AND s.fund_type = x.fund_type
      WHERE ${where.join(' AND ')}
      ORDER BY k.number, in_force DESC, x.fund_type, x.type`,
    params,
  );
}

// One account's debits and credits up to a date (or ever), when it was never reclassified: the
// database keeps every line of such an account in the account's own classification (migration
// 012's triggers), so one sum is the whole answer, read with the account in the same statement.
// 'reclassified' when the account has a reclassification (then balanceSums' general query
// applies); null when there is no such account.
async function unreclassifiedSums(
  em: EntityManager,
  accountId: string,
  asOf: string | null | undefined,
): Promise<BalanceSumRow | null | 'reclassified'> {
  const params: unknown[] = [];
  let lines = '';
  let months = '';
  if (asOf) {
    months = `AND month < date_trunc('month', ?::date)`;
    lines = `UNION ALL SELECT debit, credit FROM journal_lines
              WHERE account_id = a.id AND entry_date >= date_trunc('month', ?::date)::date
                AND entry_date <= ?::date`;
    params.push(asOf, asOf, asOf);
  }
  params.push(accountId);
  const [row] = await sql(em).all<BalanceSumRow & { reclassified: boolean }>(
    `SELECT a.id, a.number, a.name, a.type, a.fund_type, a.archived, s.d, s.c, true AS in_force,
            EXISTS (SELECT 1 FROM account_reclassifications r WHERE r.account_id = a.id)
              AS reclassified
       FROM accounts a,
            LATERAL (SELECT coalesce(sum(d), 0) AS d, coalesce(sum(c), 0) AS c
                       FROM (SELECT debit AS d, credit AS c FROM account_month_totals
                              WHERE account_id = a.id ${months} ${lines}) u) s
      WHERE a.id = ?`,
    params,
  );
  if (!row) return null;
  if (row.reclassified) return 'reclassified';
  const { reclassified: _, ...sums } = row;
  return sums;
}

// ---------------------------------------------------------------------------------------------
// Posting

// The accounts of a posting, locked shared: an account cannot be archived or reclassified while
// an entry posts to it, so the type and fund read here are those its lines are stamped with.
// `control_role` is set on a control account (only its subledger posts to it).
export function lockAccountsForPosting(tx: EntityManager, accountIds: string[]) {
  return sql(tx).all<AccountSummaryRow & { control_role: ControlRole | null }>(
    `SELECT a.id, a.number, a.name, a.archived, a.type, a.fund_type, c.role AS control_role
       FROM accounts a LEFT JOIN control_accounts c ON c.account_id = a.id
      WHERE a.id = ${anyOf('uuid')} FOR SHARE OF a`,
    [accountIds],
  );
}

// The latest reclassification date of each of these accounts that has one (read after the
// accounts are locked: a reclassification in progress has committed by then).
export async function latestReclassifications(
  tx: EntityManager,
  accountIds: string[],
): Promise<Map<string, string>> {
  const rows = await sql(tx).all<{ account_id: string; effective_date: string }>(
    `SELECT account_id, max(effective_date)::text AS effective_date FROM account_reclassifications
      WHERE account_id = ${anyOf('uuid')} GROUP BY account_id`,
    [accountIds],
  );
  return new Map(rows.map((r) => [r.account_id, r.effective_date]));
}

// The interfund account of each fund ("Due from Reserve Fund" in operating, "Due to Operating
// Fund" in reserve), created on first use by the database function of migration 011 (which also
// registers it as a control account of role `interfund_<fund>`), with the type and fund its lines
// are stamped with, locked shared like every account of the posting.
export async function interfundAccounts(
  tx: EntityManager,
  funds: FundType[],
): Promise<Map<FundType, { id: string; type: AccountType; fund_type: FundType }>> {
  const ids = await sql(tx).all<{ fund: FundType; id: string }>(
    `SELECT fund, ledger_interfund_account(fund) AS id FROM unnest(ARRAY[?]::text[]) AS f(fund)`,
    [funds],
  );
  // A second statement: one created just now is visible only to statements that start after it.
  const rows = await sql(tx).all<{ id: string; type: AccountType; fund_type: FundType }>(
    `SELECT id, type, fund_type FROM accounts WHERE id = ${anyOf('uuid')} FOR SHARE`,
    [ids.map((r) => r.id)],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return new Map(ids.map((r) => [r.fund, byId.get(r.id)!]));
}

// ---------------------------------------------------------------------------------------------
// Control accounts and entry owners

// The role of a control account: which subledger keeps it.
// Every role has one account but `investment`: each investment's holding account is one.
export type ControlRole =
  | 'receivable'
  | 'prepaid'
  | 'interfund_operating'
  | 'interfund_reserve'
  | 'investment'
  | 'undeposited'
  | 'payable';

export function selectControlAccounts(em: EntityManager) {
  return sql(em).all<{ role: ControlRole; account_id: string; number: string; name: string }>(
    `SELECT c.role, c.account_id, a.number, a.name
       FROM control_accounts c JOIN accounts a ON a.id = c.account_id`,
  );
}

// Makes the account the control account of the role (replacing the previous one); an
// `investment` account is added beside the others (nothing happens if it is one already).
export async function upsertControlAccount(
  tx: EntityManager,
  role: ControlRole,
  accountId: string,
) {
  await sql(tx).run(
    role === 'investment'
      ? `INSERT INTO control_accounts (role, account_id) VALUES (?, ?) ON CONFLICT DO NOTHING`
      : `INSERT INTO control_accounts (role, account_id) VALUES (?, ?)
         ON CONFLICT (role) WHERE role <> 'investment' DO UPDATE SET account_id = excluded.account_id`,
    [role, accountId],
  );
}

// How an owner is named in messages (INV-1001, PMT-7, March 2026). The one place the journal
// reads its subledgers' tables: the owner of an entry is a record of another module, and the
// journal cannot call those modules (they call it).
export async function selectOwnerLabel(
  em: EntityManager,
  type: EntryOwnerType,
  id: string,
): Promise<string | null> {
  const query: Record<EntryOwnerType, string> = {
    invoice: `SELECT 'INV-' || number AS label FROM invoices WHERE id = ?`,
    payment: `SELECT 'PMT-' || number AS label FROM payments WHERE id = ?`,
    monthly_actuals: `SELECT trim(to_char(month, 'FMMonth YYYY')) AS label FROM actuals_months WHERE id = ?`,
    investment: `SELECT institution || ' ' || upper(replace(kind, '_', ' ')) || ' of ' || purchase_date::text AS label
                   FROM investments WHERE id = ?`,
    deposit: `SELECT 'DEP-' || number AS label FROM deposits WHERE id = ?`,
    bill: `SELECT 'BILL-' || number AS label FROM bills WHERE id = ?`,
    bill_payment: `SELECT CASE WHEN check_number IS NOT NULL THEN 'check ' || check_number
                               ELSE 'VP-' || number END AS label
                     FROM bill_payments WHERE id = ?`,
  };
  const [row] = await sql(em).all<{ label: string }>(query[type], [id]);
  return row?.label ?? null;
}

// Whether the entry has a line a finished bank reconciliation cleared (the banking module's lock;
// the tenant database refuses its reversal too).
export async function hasReconciledLine(em: EntityManager, entryId: string): Promise<boolean> {
  const [row] = await sql(em).all<{ yes: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM bank_match_book_lines b JOIN bank_matches m ON m.id = b.match_id
                     WHERE b.entry_id = ? AND m.reconciliation_id IS NOT NULL) AS yes`,
    [entryId],
  );
  return row.yes;
}

// How many of these entries already have a reversal.
export async function countReversed(tx: EntityManager, entryIds: string[]): Promise<number> {
  const [row] = await sql(tx).all<{ n: number }>(
    `SELECT count(*)::int AS n FROM journal_entries WHERE reverses_id = ${anyOf('uuid')}`,
    [entryIds],
  );
  return row.n;
}

// One entry as the bulk insert reads it (short keys keep the JSON document small).
export interface EntryDoc {
  id: string;
  // Its audit row's id.
  a: string;
  d: string;
  m: string | null;
  s: EntrySource;
  r: boolean;
  v: string | null;
  x: string | null;
  f: string | null;
  // Owner type and id.
  ot: EntryOwnerType | null;
  oi: string | null;
  // Number of lines.
  n: number;
}

export interface LineDoc {
  id: string;
  e: string;
  n: number;
  a: string;
  d: string;
  dr: number;
  cr: number;
  m: string | null;
  // The line's fund and type (its account's, read under the posting's lock; a reclassification
  // entry's own).
  f: FundType;
  t: AccountType;
}

// Each table's rows as one JSON document: three statements however many entries, and no
// per-value parameter encoding on the client. The entries' audit rows are written alongside.
export async function insertEntries(
  tx: EntityManager,
  actor: AuthInfo | null,
  entries: EntryDoc[],
  lines: LineDoc[],
) {
  const db = sql(tx);
  const who = [actor?.userId ?? null, actor?.impersonatedBy ?? null];
  const entriesJson = JSON.stringify(entries);
  await db.bulk(
    `INSERT INTO journal_entries (id, entry_date, memo, source, reconciled, vendor_id, reverses_id, import_ref, owner_type, owner_id, created_by, impersonated_by)
     SELECT id, d, m, s, r, v, x, f, ot, oi, ?::uuid, ?::uuid
       FROM jsonb_to_recordset(?::jsonb) AS t(id uuid, d date, m text, s text, r boolean, v uuid, x uuid, f text, ot text, oi uuid)`,
    [...who, entriesJson],
  );
  await db.bulk(
    `INSERT INTO journal_lines (id, entry_id, line_no, account_id, entry_date, debit, credit, memo, fund_type, account_type)
     SELECT id, e, n, a, d, dr, cr, m, f, t
       FROM jsonb_to_recordset(?::jsonb) AS x(id uuid, e uuid, n int, a uuid, d date, dr bigint, cr bigint, m text, f text, t text)`,
    [JSON.stringify(lines)],
  );
  await db.bulk(
    `INSERT INTO audit_log (id, entity_type, entity_id, action, user_id, impersonated_by, changes)
     SELECT a, 'JournalEntry', id, CASE WHEN x IS NULL THEN 'post' ELSE 'reverse' END, ?::uuid, ?::uuid,
            jsonb_build_object('date', d, 'memo', m, 'source', s, 'lines', n)
       FROM jsonb_to_recordset(?::jsonb) AS t(a uuid, id uuid, d text, m text, s text, x uuid, n int)`,
    [...who, entriesJson],
  );
}

// ---------------------------------------------------------------------------------------------
// Maintenance (ledger check): plain pg clients, see ledger-check.service.ts

// Monthly-total rows (per account, month and line classification) that differ from the sums of
// the lines they summarize.
export async function countTotalsDrift(c: pg.Client): Promise<number> {
  const r = await c.query<{ n: number }>(`
    SELECT count(*)::int AS n FROM (
      SELECT account_id, date_trunc('month', entry_date)::date AS month, fund_type, account_type,
             sum(debit) AS d, sum(credit) AS c
        FROM journal_lines GROUP BY 1, 2, 3, 4
    ) l FULL JOIN account_month_totals t USING (account_id, month, fund_type, account_type)
    WHERE coalesce(l.d, 0) <> coalesce(t.debit, 0) OR coalesce(l.c, 0) <> coalesce(t.credit, 0)`);
  return r.rows[0].n;
}

// Entries whose debits differ from their credits, or with fewer than two lines.
export async function countUnbalancedEntries(c: pg.Client): Promise<number> {
  const r = await c.query<{ n: number }>(`
    SELECT count(*)::int AS n FROM (
      SELECT entry_id FROM journal_lines GROUP BY entry_id
      HAVING sum(debit) <> sum(credit) OR count(*) < 2
    ) x`);
  return r.rows[0].n;
}

// Entries that do not balance within a fund (the fund each line was posted in), and of those how
// many balance overall (they cross funds without interfund lines).
export async function countFundUnbalancedEntries(
  c: pg.Client,
): Promise<{ unbalanced: number; crossFund: number }> {
  const r = await c.query<{ unbalanced: number; cross_fund: number }>(`
    WITH f AS (
      SELECT entry_id, fund_type, sum(debit) AS d, sum(credit) AS c
        FROM journal_lines GROUP BY entry_id, fund_type
    ), e AS (
      SELECT entry_id, bool_or(d <> c) AS fund_off, sum(d) <> sum(c) AS off FROM f GROUP BY entry_id
    )
    SELECT count(*) FILTER (WHERE fund_off)::int AS unbalanced,
           count(*) FILTER (WHERE fund_off AND NOT off)::int AS cross_fund
      FROM e`);
  return { unbalanced: r.rows[0].unbalanced, crossFund: r.rows[0].cross_fund };
}

// Lines classified unlike their account on their date (outside reclassification entries, whose
// lines carry both classifications): its type and fund then are those its first reclassification
// after the date moved it from, else the account's own.
export async function countMisclassifiedLines(c: pg.Client): Promise<number> {
  const r = await c.query<{ n: number }>(`
    WITH i AS (
      SELECT account_id, from_type, from_fund_type, effective_date AS until,
             coalesce(lag(effective_date) OVER (PARTITION BY account_id ORDER BY effective_date),
                      '-infinity'::date) AS since
        FROM account_reclassifications
    )
    SELECT count(*)::int AS n
      FROM journal_lines l
      JOIN accounts a ON a.id = l.account_id
      LEFT JOIN i ON i.account_id = l.account_id AND l.entry_date >= i.since AND l.entry_date < i.until
     WHERE (l.account_type <> coalesce(i.from_type, a.type)
            OR l.fund_type <> coalesce(i.from_fund_type, a.fund_type))
       AND NOT EXISTS (SELECT 1 FROM journal_entries e
                        WHERE e.id = l.entry_id AND e.source = 'reclassification')`);
  return r.rows[0].n;
}

// Whether the books keep interfund accounts (control accounts of an `interfund…` role): from then
// on every entry must balance per fund.
export async function hasInterfundAccounts(c: pg.Client): Promise<boolean> {
  const r = await c.query<{ yes: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM control_accounts WHERE role LIKE 'interfund%') AS yes`,
  );
  return r.rows[0].yes;
}

export interface ControlAccountCheckRow {
  role: string;
  number: string;
  name: string;
  // Debits − credits of every posting, and what the subledger says it should be.
  ledger: string;
  subledger: string;
}

// Each control account against its subledger, over every posting (the ledger check's maintenance
// read of the subledgers' tables). The receivable account: open invoice balances less standing
// write-offs, as the aging report totals them (invoices/aging.repository.ts) with every document
// counted that is not voided and every application between two such documents. Prepaid
// Assessments (a liability: credits − debits): the unapplied money of standing payments. Each
// investment holding account (several may exist): the carrying amounts of the investments it
// holds, each the sum of its investment_entries' `holding` (purchase +, reinvested interest +,
// maturity / redemption / rollover − the balance; a rollover's entry adds to the new one). The
// tables are read here, as the receivables' are, because investments depends on the journal.
// Accounts Payable (a liability: credits − debits): the open balances of standing bills, each its
// total less what standing bill payments applied to it.
export async function controlAccountTotals(c: pg.Client): Promise<ControlAccountCheckRow[]> {
  const r = await c.query<ControlAccountCheckRow>(`
    WITH applied AS (
      SELECT a.invoice_id, a.payment_id, a.amount FROM payment_applications a
        JOIN payments p ON p.id = a.payment_id JOIN invoices i ON i.id = a.invoice_id
       WHERE p.void_date IS NULL AND i.void_date IS NULL
    ), open AS (
      SELECT coalesce(sum(i.total - coalesce((SELECT sum(amount) FROM applied WHERE invoice_id = i.id), 0)
                      - coalesce((SELECT sum(w.amount) FROM invoice_write_offs w
                                   WHERE w.invoice_id = i.id AND w.void_date IS NULL), 0)), 0) AS v
        FROM invoices i WHERE i.void_date IS NULL
    ), credit AS (
      SELECT coalesce(sum(p.amount - coalesce((SELECT sum(amount) FROM applied WHERE payment_id = p.id), 0)), 0) AS v
        FROM payments p WHERE p.void_date IS NULL
    ), undeposited AS (
      SELECT coalesce((SELECT sum(p.amount) FROM payments p
                         JOIN control_accounts c ON c.role = 'undeposited' AND c.account_id = p.deposit_account_id
                        WHERE p.void_date IS NULL
                          AND NOT EXISTS (SELECT 1 FROM deposit_payments dp
                                           WHERE dp.payment_id = p.id AND dp.standing)), 0) AS v
    ), payable AS (
      SELECT coalesce(sum(b.total - coalesce((SELECT sum(a.amount) FROM bill_payment_applications a
                                               JOIN bill_payments bp ON bp.id = a.bill_payment_id
                                              WHERE a.bill_id = b.id AND bp.void_date IS NULL), 0)), 0) AS v
        FROM bills b WHERE b.void_date IS NULL
    )
    SELECT c.role, a.number, a.name,
           (SELECT coalesce(sum(l.debit - l.credit), 0) FROM journal_lines l
             WHERE l.account_id = c.account_id)::text AS ledger,
           (CASE c.role
              WHEN 'receivable' THEN open.v
              WHEN 'prepaid' THEN -credit.v
              WHEN 'undeposited' THEN undeposited.v
              WHEN 'payable' THEN -payable.v
              ELSE (SELECT coalesce(sum(x.holding), 0) FROM investment_entries x
                      JOIN investments i ON i.id = x.investment_id
                     WHERE i.account_id = c.account_id)
            END)::text AS subledger
      FROM control_accounts c JOIN accounts a ON a.id = c.account_id, open, credit, undeposited, payable
     WHERE c.role IN ('receivable', 'prepaid', 'investment', 'undeposited', 'payable')
     ORDER BY a.number`);
  return r.rows;
}

// ---------------------------------------------------------------------------------------------
// Closed periods (tenant migration 030)

// The date the books are closed through (null: nothing closed). With `share`, the lock row is held
// until the transaction ends, so a close waits for this posting and a posting waits for a close.
export async function selectClosedThrough(
  em: EntityManager,
  opts: { share?: boolean } = {},
): Promise<string | null> {
  const [row] = await sql(em).all<{ through: string | null }>(
    `SELECT closed_through::text AS through FROM books_lock WHERE id = 1${opts.share ? ' FOR SHARE' : ''}`,
  );
  return row?.through ?? null;
}
