import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';
import type { Account } from './accounts.entity.js';
import { accountSummary, type AccountSummaryRow } from './account-summary.types.js';

// The chart of accounts read by hand; writes go through the `Account` entity (a simple aggregate).
// The data-access rule is written at the top of `journal/journal.repository.ts`.

interface AccountRow extends AccountSummaryRow {
  description: string | null;
  // Timestamps arrive as text: MikroORM sets the pg driver's parsers that way.
  created_at: string;
  updated_at: string;
}

const COLUMNS = 'id, number, name, type, fund_type, description, archived, created_at, updated_at';

// Plain objects, not entities: hydration and identity-map bookkeeping cost more than the query
// itself on this hot path (see bench/).
export async function selectAccounts(
  em: EntityManager,
  opts: { includeArchived?: boolean } = {},
): Promise<Account[]> {
  const rows = await sql(em).all<AccountRow>(
    `SELECT ${COLUMNS} FROM accounts ${opts.includeArchived ? '' : 'WHERE NOT archived'} ORDER BY number`,
  );
  return rows.map((r) => ({
    id: r.id,
    ...accountSummary(r),
    description: r.description,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  }));
}

// Locks an account against postings (they lock it shared) until the transaction ends: what it
// holds cannot change while an archive checks its balance.
export async function lockAccountForArchive(tx: EntityManager, id: string): Promise<void> {
  await sql(tx).all('SELECT id FROM accounts WHERE id = ? FOR UPDATE', [id]);
}
