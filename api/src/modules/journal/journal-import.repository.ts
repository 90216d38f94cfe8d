import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql.js';

// Every SQL statement of the journal import (the rule: top of journal.repository.ts). Posting
// goes through the ledger's bulk path in journal.service.ts.

// Open accounts' numbers and types, by number (for the template's example entry).
export function selectOpenAccountNumbers(em: EntityManager) {
  return sql(em).all<{ number: string; type: string }>(
    `SELECT number, type FROM accounts WHERE NOT archived ORDER BY number`,
  );
}

// Every account, to resolve the file's account numbers, with its latest reclassification date.
export function selectAccountsForImport(em: EntityManager) {
  return sql(em).all<{
    id: string;
    number: string;
    name: string;
    archived: boolean;
    reclassified_on: string | null;
  }>(
    `SELECT a.id, a.number, a.name, a.archived,
            (SELECT max(r.effective_date)::text FROM account_reclassifications r
              WHERE r.account_id = a.id) AS reclassified_on
       FROM accounts a`,
  );
}

// Entries imported before with one of these (reference, date) pairs.
export function selectImportedBefore(
  em: EntityManager,
  refs: { reference: string; date: string | null }[],
) {
  return sql(em).all<{ import_ref: string; entry_date: string; number: string }>(
    `SELECT e.import_ref, e.entry_date::text AS entry_date, e.number
       FROM journal_entries e
       JOIN jsonb_to_recordset(?::jsonb) AS t(r text, d date) ON t.r = e.import_ref AND t.d = e.entry_date`,
    [JSON.stringify(refs.map((x) => ({ r: x.reference, d: x.date })))],
  );
}
