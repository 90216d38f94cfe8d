import { Migration } from '@mikro-orm/migrations';

// Bulk posting: the two row-by-row foreign keys of journal_lines (one lookup and one row lock per
// line) become one set-based check per INSERT statement. The guarantees stay the same:
// - every line's entry exists and was created by this transaction (entries are never deleted);
// - every line's account exists, and is key-share locked once per distinct account — as the
//   foreign key did per line — so no concurrent transaction can delete it before this one commits;
// - an account that has lines cannot be deleted (it is archived instead).
export class Migration003LedgerSetChecks extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE journal_lines DROP CONSTRAINT journal_lines_entry_id_fkey`);
    this.addSql(`ALTER TABLE journal_lines DROP CONSTRAINT journal_lines_account_id_fkey`);
    this.addSql(`
      CREATE OR REPLACE FUNCTION journal_lines_join_new_entries() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        wanted int;
        found int;
      BEGIN
        -- Plans here are cached for the session, so each query must suit 2 lines and 3,000 alike:
        -- the entries of this transaction come from their own index, never a scan of all entries.
        IF EXISTS (SELECT 1 FROM new_lines l
                    WHERE NOT EXISTS (SELECT 1 FROM journal_entries e
                                       WHERE e.created_xact = pg_current_xact_id() AND e.id = l.entry_id)) THEN
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
    // Triggers fire in name order: the reference check runs before the monthly totals.
    this.addSql(
      `ALTER TRIGGER journal_lines_same_transaction ON journal_lines RENAME TO journal_lines_check_references`,
    );
    this.addSql(`
      CREATE FUNCTION accounts_keep_posted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM journal_lines WHERE account_id = OLD.id) THEN
          RAISE EXCEPTION 'account % has journal lines; archive it instead', OLD.number
            USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'journal_lines_account_id_fkey';
        END IF;
        IF TG_OP = 'UPDATE' THEN
          RETURN NEW;
        END IF;
        RETURN OLD;
      END $$`);
    this.addSql(`
      CREATE TRIGGER accounts_keep_posted BEFORE DELETE ON accounts
        FOR EACH ROW EXECUTE FUNCTION accounts_keep_posted()`);
    this.addSql(`
      CREATE TRIGGER accounts_keep_posted_id BEFORE UPDATE OF id ON accounts
        FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION accounts_keep_posted()`);
  }
}
