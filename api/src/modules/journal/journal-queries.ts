import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { ENTRY_COLUMNS, toEntry, toLine } from './journal.service.js';
import type { EntrySource, JournalEntry, JournalLine } from './journal.types.js';

export interface EntryFilter {
  from?: string | null;
  to?: string | null;
  accountId?: string | null;
  text?: string | null;
  source?: EntrySource | null;
  reconciled?: boolean | null;
}

export interface Page<T> {
  nodes: { node: T; cursor: string }[];
  hasNextPage: boolean;
  totalCount: number;
}

// Cursor = the position (date, number) of the last row seen; newest first.
function encodeCursor(date: string, number: number) {
  return Buffer.from(`${date}|${number}`).toString('base64url');
}

function decodeCursor(cursor: string): [string, number] {
  const [date, n] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date ?? '') || !/^\d+$/.test(n ?? '')) {
    throw badInput([{ field: 'after', message: 'Invalid cursor' }]);
  }
  return [date, Number(n)];
}

export async function listJournalEntries(
  em: EntityManager,
  filter: EntryFilter,
  first: number,
  after?: string | null,
): Promise<Page<JournalEntry>> {
  if (first < 1 || first > 200)
    throw badInput([{ field: 'first', message: 'Ask for 1 to 200 entries' }]);
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
    if (!isId(filter.accountId)) return { nodes: [], hasNextPage: false, totalCount: 0 };
    where.push(
      'EXISTS (SELECT 1 FROM journal_lines fl WHERE fl.entry_id = e.id AND fl.account_id = ?)',
    );
    params.push(filter.accountId);
  }
  if (filter.text?.trim()) {
    where.push(
      `(e.memo ILIKE ? OR 'JE-' || e.number = upper(?) OR EXISTS (SELECT 1 FROM journal_lines tl WHERE tl.entry_id = e.id AND tl.memo ILIKE ?))`,
    );
    const like = `%${filter.text.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(like, filter.text.trim(), like);
  }
  const conn = em.getConnection();
  const cond = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [{ n }] = await conn.execute<{ n: number }[]>(
    `SELECT count(*)::int AS n FROM journal_entries e ${cond}`,
    params,
  );
  const pageWhere = [...where];
  const pageParams = [...params];
  if (after) {
    const [d, num] = decodeCursor(after);
    pageWhere.push('(e.entry_date, e.number) < (?::date, ?)');
    pageParams.push(d, num);
  }
  const rows = await conn.execute<Parameters<typeof toEntry>[0][]>(
    `SELECT ${ENTRY_COLUMNS} FROM journal_entries e
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
    nodes: page.map((r) => ({
      node: toEntry(r, lines.get(r.id) ?? []),
      cursor: encodeCursor(r.entry_date, Number(r.number)),
    })),
    hasNextPage: rows.length > first,
    totalCount: n,
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
