import { dateNumberCursor, pageSize } from '../../core/graphql/connection.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { lazyCount, sql } from '../../db/sql.js';
import type { AccountType, FundType } from '../accounts/account.entity.js';
import { badInput } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { ENTRY_HEAD_COLUMNS, toEntry, toLine } from './journal.service.js';
import type { EntrySource, JournalEntry, JournalLine } from './journal.types.js';

export interface EntryFilter {
  from?: string | null;
  to?: string | null;
  accountId?: string | null;
  text?: string | null;
  source?: EntrySource | null;
  reconciled?: boolean | null;
  vendorId?: string | null;
}

export interface Page<T> {
  nodes: { node: T; cursor: string }[];
  hasNextPage: boolean;
  // Counting every match costs more than the page itself on a large book: only when asked for.
  totalCount: () => Promise<number>;
}

// Cursor = the position (date, number) of the last row seen; newest first.
function decodeCursor(cursor: string): [string, number] {
  const position = dateNumberCursor.decode(cursor);
  if (!position) throw badInput([{ field: 'after', message: 'Invalid cursor' }]);
  return position;
}

export async function listJournalEntries(
  em: EntityManager,
  filter: EntryFilter,
  first: number,
  after?: string | null,
): Promise<Page<JournalEntry>> {
  pageSize(first, 200, 'entries');
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
    if (!isId(filter.accountId)) {
      return { nodes: [], hasNextPage: false, totalCount: () => Promise.resolve(0) };
    }
    where.push(
      'EXISTS (SELECT 1 FROM journal_lines fl WHERE fl.entry_id = e.id AND fl.account_id = ?)',
    );
    params.push(filter.accountId);
  }
  if (filter.vendorId) {
    if (!isId(filter.vendorId)) {
      return { nodes: [], hasNextPage: false, totalCount: () => Promise.resolve(0) };
    }
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
  const conn = em.getConnection();
  const totalCount = lazyCount(em, 'journal_entries e', where, params);
  const pageWhere = [...where];
  const pageParams = [...params];
  if (after) {
    const [d, num] = decodeCursor(after);
    pageWhere.push('(e.entry_date, e.number) < (?::date, ?)');
    pageParams.push(d, num);
  }
  const rows = await conn.execute<Omit<Parameters<typeof toEntry>[0], 'total'>[]>(
    `SELECT ${ENTRY_HEAD_COLUMNS} FROM journal_entries e
      ${pageWhere.length ? `WHERE ${pageWhere.join(' AND ')}` : ''}
      ORDER BY e.entry_date DESC, e.number DESC LIMIT ?`,
    [...pageParams, first + 1],
  );
  const page = rows.slice(0, first);
  const lines = await linesOf(
    em,
    page.map((r) => r.id),
  );
  return {
    nodes: page.map((r) => {
      const entryLines = lines.get(r.id) ?? [];
      const total = entryLines.reduce((sum, l) => sum + l.debit, 0);
      return {
        node: toEntry({ ...r, total: String(total) }, entryLines),
        cursor: dateNumberCursor.encode(r.entry_date, Number(r.number)),
      };
    }),
    hasNextPage: rows.length > first,
    totalCount,
  };
}

// One query for the lines of many entries.
export async function linesOf(em: EntityManager, entryIds: string[]) {
  const out = new Map<string, JournalLine[]>();
  if (!entryIds.length) return out;
  const rows = await em.getConnection().execute<Parameters<typeof toLine>[0][]>(
    `SELECT id, entry_id, line_no, account_id, debit, credit, memo FROM journal_lines
        WHERE entry_id IN (${entryIds.map(() => '?').join(', ')}) ORDER BY entry_id, line_no`,
    entryIds,
  );
  for (const r of rows) {
    const list = out.get(r.entry_id) ?? [];
    list.push(toLine(r));
    out.set(r.entry_id, list);
  }
  return out;
}

export interface LedgerRow {
  entryId: string;
  entryNumber: number;
  date: string;
  memo: string | null;
  source: EntrySource;
  reconciled: boolean;
  debit: number;
  credit: number;
  balance: number;
}

// One account's lines in order with a running balance in the account's normal direction, starting
// from its balance the day before `from`.
export async function accountLedger(
  em: EntityManager,
  account: { id: string; debitNormal: boolean },
  opts: { from?: string | null; to?: string | null; limit: number },
): Promise<{ opening: number; rows: LedgerRow[]; truncated: boolean }> {
  const sign = account.debitNormal ? 1 : -1;
  const db = sql(em);
  let opening = 0;
  if (opts.from) {
    const [o] = await db.all<{ d: string; c: string }>(
      `SELECT coalesce(sum(d), 0) AS d, coalesce(sum(c), 0) AS c FROM (
         SELECT debit AS d, credit AS c FROM account_month_totals
          WHERE account_id = ? AND month < date_trunc('month', ?::date)
         UNION ALL
         SELECT debit, credit FROM journal_lines
          WHERE account_id = ? AND entry_date >= date_trunc('month', ?::date)::date AND entry_date < ?::date
       ) x`,
      [account.id, opts.from, account.id, opts.from, opts.from],
    );
    opening = sign * (Number(o.d) - Number(o.c));
  }
  const where = ['l.account_id = ?'];
  const params: unknown[] = [account.id];
  if (opts.from) {
    where.push('l.entry_date >= ?');
    params.push(opts.from);
  }
  if (opts.to) {
    where.push('l.entry_date <= ?');
    params.push(opts.to);
  }
  const rows = await db.all<{
    entry_id: string;
    number: string;
    entry_date: string;
    memo: string | null;
    source: EntrySource;
    reconciled: boolean;
    debit: string;
    credit: string;
    running: string;
  }>(
    `SELECT l.entry_id, e.number, l.entry_date::text AS entry_date, coalesce(l.memo, e.memo) AS memo,
            e.source, e.reconciled, l.debit, l.credit,
            sum(l.debit - l.credit) OVER (ORDER BY l.entry_date, e.number, l.line_no) AS running
       FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
      WHERE ${where.join(' AND ')}
      ORDER BY l.entry_date, e.number, l.line_no
      LIMIT ?`,
    [...params, opts.limit + 1],
  );
  return {
    opening,
    truncated: rows.length > opts.limit,
    rows: rows.slice(0, opts.limit).map((r) => ({
      entryId: r.entry_id,
      entryNumber: Number(r.number),
      date: r.entry_date,
      memo: r.memo,
      source: r.source,
      reconciled: r.reconciled,
      debit: Number(r.debit),
      credit: Number(r.credit),
      balance: opening + sign * Number(r.running),
    })),
  };
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

// For custom reports: every line with its account and fund, oldest first, keyset-paged.
export async function listJournalLines(
  em: EntityManager,
  filter: LineFilter,
  first: number,
  after?: string | null,
): Promise<{
  rows: { node: PowerLine; cursor: string }[];
  hasNextPage: boolean;
  count: () => Promise<number>;
}> {
  pageSize(first, 1000, 'lines');
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
    if (!isId(filter.accountId)) {
      return { rows: [], hasNextPage: false, count: () => Promise.resolve(0) };
    }
    where.push('l.account_id = ?');
    params.push(filter.accountId);
  }
  if (filter.fundType) {
    where.push('a.fund_type = ?');
    params.push(filter.fundType);
  }
  const count = lazyCount(
    em,
    `journal_lines l ${filter.fundType ? 'JOIN accounts a ON a.id = l.account_id' : ''}`,
    where,
    params,
  );
  if (after) {
    const [d, key] = Buffer.from(after, 'base64url').toString().split('|');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(d ?? '') || !isId(key)) {
      throw badInput([{ field: 'after', message: 'Invalid cursor' }]);
    }
    where.push('(l.entry_date, l.id) > (?::date, ?::uuid)');
    params.push(d, key);
  }
  const rows = await sql(em).all<{
    id: string;
    entry_id: string;
    number: string;
    entry_date: string;
    account_id: string;
    a_number: string;
    a_name: string;
    a_type: AccountType;
    fund_type: FundType;
    debit: string;
    credit: string;
    memo: string | null;
  }>(
    `SELECT l.id, l.entry_id, e.number, l.entry_date::text AS entry_date, l.account_id,
            a.number AS a_number, a.name AS a_name, a.type AS a_type, a.fund_type,
            l.debit, l.credit, l.memo
       FROM journal_lines l
       JOIN journal_entries e ON e.id = l.entry_id
       JOIN accounts a ON a.id = l.account_id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY l.entry_date, l.id LIMIT ?`,
    [...params, first + 1],
  );
  return {
    hasNextPage: rows.length > first,
    count,
    rows: rows.slice(0, first).map((r) => ({
      cursor: Buffer.from(`${r.entry_date}|${r.id}`).toString('base64url'),
      node: {
        id: r.id,
        entryId: r.entry_id,
        entryNumber: Number(r.number),
        date: r.entry_date,
        accountId: r.account_id,
        accountNumber: r.a_number,
        accountName: r.a_name,
        accountType: r.a_type,
        fundType: r.fund_type,
        debit: Number(r.debit),
        credit: Number(r.credit),
        memo: r.memo,
      },
    })),
  };
}
