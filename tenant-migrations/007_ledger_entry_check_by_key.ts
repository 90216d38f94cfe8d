import { Migration } from '@mikro-orm/migrations';

// The per-statement reference check of journal_lines looked up "entries of this transaction"
// through the created_xact index. Statistics never see the current transaction's rows, so the
// planner expected one row and compared every new line with every new entry: 3,000 lines joining
// 1,000 entries cost 1.5 million comparisons, more than half of a bulk posting's time. Each line
// now finds its entry by primary key and then compares the transaction, which suits 2 lines and
// 3,000 alike (the plan is cached for the session).
export class Migration007LedgerEntryCheckByKey extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE OR REPLACE FUNCTION journal_lines_join_new_entries() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        wanted int;
        found int;
      BEGIN
        IF EXISTS (SELECT 1 FROM new_lines l LEFT JOIN journal_entries e ON e.id = l.entry_id
                    WHERE e.created_xact IS DISTINCT FROM pg_current_xact_id()) THEN
          IF EXISTS (SELECT 1 FROM new_lines l
                      WHERE NOT EXISTS (SELECT 1 FROM journal_entries e WHERE e.id = l.entry_id)) THEN
            RAISE EXCEPTION 'journal line refers to a journal entry that does not exist'
              USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'journal_lines_entry_id_fkey';
          END IF;
          RAISE EXCEPTION 'lines can only be added to an entry in the transaction that creates it; post a new entry'
            USING ERRCODE = 'restrict_violation';
        END IF;
        SELECT count(DISTINCT account_id) INTO wanted FROM new_lines;
        SELECT count(*) INTO found FROM (
          SELECT 1 FROM accounts
           WHERE id IN (SELECT DISTINCT account_id FROM new_lines)
           ORDER BY id FOR KEY SHARE) locked;
        IF found <> wanted THEN
          RAISE EXCEPTION 'journal line refers to an account that does not exist'
            USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'journal_lines_account_id_fkey';
        END IF;
        RETURN NULL;
      END $$`);
  }
}
