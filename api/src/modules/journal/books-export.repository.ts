import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';
import type { AccountType, FundType } from '../accounts/index.js';
import type { EntrySource } from './journal.types.js';

// Every SQL statement of the books export (the rule: top of journal.repository.ts).

export interface ExportLineRow {
  entry_id: string;
  number: string;
  entry_date: string;
  memo: string | null;
  source: EntrySource;
  line_no: number;
  debit: string;
  credit: string;
  line_memo: string | null;
  // The classification the line was posted in, and its account's number and name.
  fund_type: FundType;
  account_type: AccountType;
  account_number: string;
  account_name: string;
}

// The lines of up to `limit` entries of the period after a position (date, entry number), in
// journal order (date, entry number, line number). The entries are read through their
// (entry_date, number) index, their lines through (entry_id, line_no): a page costs what it
// returns, however long the journal.
export function exportLinesPage(
  em: EntityManager,
  opts: { from: string; to: string; after: [string, number]; limit: number },
) {
  return sql(em).all<ExportLineRow>(
    `WITH e AS (
       SELECT id, number, entry_date, memo, source FROM journal_entries
        WHERE entry_date >= ?::date AND entry_date <= ?::date
          AND (entry_date, number) > (?::date, ?::bigint)
        ORDER BY entry_date, number
        LIMIT ?)
     SELECT e.id AS entry_id, e.number, e.entry_date::text AS entry_date, e.memo, e.source,
            l.line_no, l.debit, l.credit, l.memo AS line_memo, l.fund_type, l.account_type,
            a.number AS account_number, a.name AS account_name
       FROM e JOIN journal_lines l ON l.entry_id = e.id
       JOIN accounts a ON a.id = l.account_id
      ORDER BY e.entry_date, e.number, l.line_no`,
    [opts.from, opts.to, opts.after[0], opts.after[1], opts.limit],
  );
}
