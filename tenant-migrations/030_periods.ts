import { Migration } from '@mikro-orm/migrations';

// Closed periods. The books are closed through one date (`books_lock.closed_through`): every day on
// or before it is locked. Months are closed in order, so the date moves forward one month at a time
// (the first close locks everything before it too) and back when the latest closed month is
// reopened. `period_closes` keeps every close and reopen: who, when, the override reason when a
// month was closed with a bank account not reconciled, and the reason it was reopened.
//
// The lock lives here as well as in the services: a statement that inserts a journal entry or a
// bank line dated on or before `closed_through` fails with SQLSTATE CV002, whatever code path ran
// it (an entry's date never changes: posted entries are immutable, migration 002). The check takes a share lock on the lock row, so a close (which updates it) waits for the
// postings in flight, and a posting that starts during a close waits for it and then sees it.
export class Migration030Periods extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE books_lock (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        closed_through date
      )`);
    this.addSql(`INSERT INTO books_lock (id, closed_through) VALUES (1, NULL)`);

    this.addSql(`
      CREATE TABLE period_closes (
        id uuid PRIMARY KEY,
        kind text NOT NULL CHECK (kind IN ('month', 'year')),
        period_start date NOT NULL,
        period_end date NOT NULL CHECK (period_end >= period_start),
        closed_at timestamptz NOT NULL DEFAULT now(),
        closed_by uuid,
        -- Set when the month was closed with bank accounts not reconciled through its end.
        override_reason text CHECK (length(override_reason) BETWEEN 1 AND 500),
        unreconciled jsonb NOT NULL DEFAULT '[]',
        reopened_at timestamptz,
        reopened_by uuid,
        reopen_reason text CHECK (length(reopen_reason) BETWEEN 1 AND 500),
        CHECK ((reopened_at IS NULL) = (reopen_reason IS NULL))
      )`);
    // One standing close per period.
    this.addSql(`
      CREATE UNIQUE INDEX period_closes_standing ON period_closes (kind, period_end)
        WHERE reopened_at IS NULL`);
    this.addSql(`CREATE INDEX period_closes_end ON period_closes (period_end)`);

    this.addSql(`
      CREATE FUNCTION books_lock_check() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        through date;
        earliest date;
      BEGIN
        SELECT closed_through INTO through FROM books_lock WHERE id = 1 FOR SHARE;
        IF through IS NULL THEN
          RETURN NULL;
        END IF;
        IF TG_TABLE_NAME = 'journal_entries' THEN
          SELECT min(entry_date) INTO earliest FROM inserted;
        ELSE
          SELECT min(posted_on) INTO earliest FROM inserted;
        END IF;
        IF earliest <= through THEN
          RAISE EXCEPTION 'The books are closed through %: date it after that, or have an admin reopen the period', to_char(through, 'FMMonth FMDD, YYYY')
            USING ERRCODE = 'CV002', DETAIL = through::text;
        END IF;
        RETURN NULL;
      END $$`);
    this.addSql(`
      CREATE TRIGGER journal_entries_books_lock AFTER INSERT ON journal_entries
        REFERENCING NEW TABLE AS inserted
        FOR EACH STATEMENT EXECUTE FUNCTION books_lock_check()`);
    this.addSql(`
      CREATE TRIGGER bank_lines_books_lock AFTER INSERT ON bank_lines
        REFERENCING NEW TABLE AS inserted
        FOR EACH STATEMENT EXECUTE FUNCTION books_lock_check()`);
  }
}
