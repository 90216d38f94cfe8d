import { Migration } from '@mikro-orm/migrations';

// History does not change behind a report: every journal line keeps the classification it was
// posted in, and an account's type or fund changes through a dated reclassification.
//
// - journal_lines.fund_type and .account_type: the account's fund and type when the line posted.
//   The posting path stamps them from the account rows it has locked (shared) for the posting, so
//   no change can slip in between; a line written without them (hand-written SQL, the back-fills
//   of migrations) gets its account's, from a row trigger that fires only for such lines. Posted
//   lines are immutable, so a line's classification never changes. Every report that groups or
//   filters by fund or type reads the line's, never the account's.
// - account_month_totals is kept per (account, month, fund, type), so the fast reads (whole months
//   from the totals, the date's own month from the lines) group by the line's classification too.
// - account_reclassifications: a change of type or fund of an account that has postings. It takes
//   effect on a date after the account's latest posting; one entry dated then (source
//   `reclassification`) moves the account's balance out of the old classification and into the
//   new one (two lines on the same account, stamped differently; the ledger adds the interfund
//   lines when the funds differ), so every report as of an earlier date reads exactly what it read
//   before, and later ones see the account in its new place. An account without postings changes
//   freely (nothing to keep).
//
// The database backs it, whatever code writes:
// - a line takes its account's current classification, except in a reclassification entry;
// - no line of an account is dated before its latest reclassification (a later posting there would
//   change reports of the time before the change);
// - an account with lines changes type or fund only in the transaction that records its
//   reclassification (from its old classification to its new one);
// - the per-fund balance check of every entry reads the line's fund.
// ledger:check recomputes the monthly totals per classification and counts lines classified
// unlike their account at their date.
export class Migration012LineClassification extends Migration {
  override async up(): Promise<void> {
    const types = `('asset', 'liability', 'equity', 'income', 'expense')`;
    const funds = `('operating', 'reserve')`;

    // Lines: classification back-filled from the accounts (no account has changed since they
    // posted: type and fund were fixed once an account had postings).
    this.addSql(
      `ALTER TABLE journal_lines ADD COLUMN fund_type text, ADD COLUMN account_type text`,
    );
    this.addSql(`ALTER TABLE journal_lines DISABLE TRIGGER journal_lines_immutable`);
    this.addSql(`
      UPDATE journal_lines l SET fund_type = a.fund_type, account_type = a.type
        FROM accounts a WHERE a.id = l.account_id`);
    this.addSql(`ALTER TABLE journal_lines ENABLE TRIGGER journal_lines_immutable`);
    this.addSql(`
      ALTER TABLE journal_lines
        ALTER COLUMN fund_type SET NOT NULL,
        ALTER COLUMN account_type SET NOT NULL,
        ADD CONSTRAINT journal_lines_fund_type_check CHECK (fund_type IN ${funds}),
        ADD CONSTRAINT journal_lines_account_type_check CHECK (account_type IN ${types})`);

    // Lines written without a classification take their account's (row trigger, only for them).
    this.addSql(`
      CREATE FUNCTION journal_lines_classify() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT coalesce(NEW.fund_type, a.fund_type), coalesce(NEW.account_type, a.type)
          INTO NEW.fund_type, NEW.account_type
          FROM accounts a WHERE a.id = NEW.account_id;
        IF NOT FOUND THEN
          RAISE EXCEPTION 'journal line refers to an account that does not exist'
            USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'journal_lines_account_id_fkey';
        END IF;
        RETURN NEW;
      END $$`);
    this.addSql(`
      CREATE TRIGGER journal_lines_classify BEFORE INSERT ON journal_lines
        FOR EACH ROW WHEN (NEW.fund_type IS NULL OR NEW.account_type IS NULL)
        EXECUTE FUNCTION journal_lines_classify()`);

    // Monthly totals per classification.
    this.addSql(
      `ALTER TABLE account_month_totals ADD COLUMN fund_type text, ADD COLUMN account_type text`,
    );
    this.addSql(`
      UPDATE account_month_totals t SET fund_type = a.fund_type, account_type = a.type
        FROM accounts a WHERE a.id = t.account_id`);
    this.addSql(`
      ALTER TABLE account_month_totals
        ALTER COLUMN fund_type SET NOT NULL,
        ALTER COLUMN account_type SET NOT NULL,
        DROP CONSTRAINT account_month_totals_pkey,
        ADD PRIMARY KEY (account_id, month, fund_type, account_type)`);
    this.addSql(`
      CREATE OR REPLACE FUNCTION account_month_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO account_month_totals AS t (account_id, month, fund_type, account_type, debit, credit)
        SELECT account_id, date_trunc('month', entry_date)::date, fund_type, account_type,
               sum(debit), sum(credit)
          FROM new_lines GROUP BY 1, 2, 3, 4
        ORDER BY 1, 2, 3, 4
        ON CONFLICT (account_id, month, fund_type, account_type)
          DO UPDATE SET debit = t.debit + excluded.debit, credit = t.credit + excluded.credit;
        RETURN NULL;
      END $$`);

    // The per-fund balance check reads the line's fund.
    this.addSql(`
      CREATE OR REPLACE FUNCTION journal_entries_must_balance() RETURNS trigger LANGUAGE plpgsql
        -- A generic plan would estimate every entry for "this transaction" and scan them all.
        SET plan_cache_mode = force_custom_plan AS $$
      DECLARE
        bad record;
      BEGIN
        SELECT id, sum(d) AS d, sum(c) AS c, sum(n) AS n,
               (array_agg(fund ORDER BY fund) FILTER (WHERE d <> c))[1] AS fund,
               (array_agg(d - c ORDER BY fund) FILTER (WHERE d <> c))[1] AS diff
          INTO bad
          FROM (SELECT e.id, l.fund_type AS fund, coalesce(sum(l.debit), 0) AS d,
                       coalesce(sum(l.credit), 0) AS c, count(l.id) AS n
                  FROM journal_entries e
                  LEFT JOIN journal_lines l ON l.entry_id = e.id
                 WHERE e.created_xact = NEW.xact
                 GROUP BY e.id, l.fund_type) f
         GROUP BY id
        HAVING sum(n) < 2 OR bool_or(d <> c)
         LIMIT 1;
        IF FOUND THEN
          IF bad.n < 2 OR bad.d <> bad.c THEN
            RAISE EXCEPTION 'journal entry % does not balance (debits %, credits %, % lines)',
              bad.id, bad.d, bad.c, bad.n
              USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entry_balanced';
          END IF;
          RAISE EXCEPTION 'journal entry % does not balance in the % fund (debits exceed credits by %)',
            bad.id, bad.fund, bad.diff
            USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entry_balanced_per_fund';
        END IF;
        DELETE FROM journal_balance_checks WHERE xact = NEW.xact;
        RETURN NULL;
      END $$`);

    this.addSql(`ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_source_check`);
    this.addSql(`
      ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_source_check
        CHECK (source IN ('manual', 'opening_balance', 'monthly_actuals', 'invoice', 'payment',
          'reversal', 'late_fee', 'import', 'reclassification'))`);

    this.addSql(`
      CREATE TABLE account_reclassifications (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES accounts (id),
        effective_date date NOT NULL,
        from_type text NOT NULL CHECK (from_type IN ${types}),
        from_fund_type text NOT NULL CHECK (from_fund_type IN ${funds}),
        to_type text NOT NULL CHECK (to_type IN ${types}),
        to_fund_type text NOT NULL CHECK (to_fund_type IN ${funds}),
        -- The entry moving the balance; none when the balance was zero.
        entry_id uuid REFERENCES journal_entries (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid,
        impersonated_by uuid,
        created_xact xid8 NOT NULL DEFAULT pg_current_xact_id(),
        CHECK (from_type <> to_type OR from_fund_type <> to_fund_type),
        UNIQUE (account_id, effective_date)
      )`);

    // Lines keep to their account's classification and dates (see the header).
    this.addSql(`
      CREATE FUNCTION journal_lines_check_classification() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        bad record;
      BEGIN
        SELECT a.number, l.fund_type, l.account_type, a.fund_type AS a_fund, a.type AS a_type
          INTO bad
          FROM new_lines l JOIN accounts a ON a.id = l.account_id
         WHERE (l.fund_type <> a.fund_type OR l.account_type <> a.type)
           AND NOT EXISTS (SELECT 1 FROM journal_entries e
                            WHERE e.id = l.entry_id AND e.source = 'reclassification')
         LIMIT 1;
        IF FOUND THEN
          RAISE EXCEPTION 'journal line on account % is classified % %, the account is % %',
            bad.number, bad.fund_type, bad.account_type, bad.a_fund, bad.a_type
            USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_lines_account_classification';
        END IF;
        SELECT a.number, l.entry_date, r.effective_date INTO bad
          FROM new_lines l
          JOIN account_reclassifications r
            ON r.account_id = l.account_id AND l.entry_date < r.effective_date
          JOIN accounts a ON a.id = l.account_id
         LIMIT 1;
        IF FOUND THEN
          RAISE EXCEPTION 'account % was reclassified as of %: it takes no line dated %',
            bad.number, bad.effective_date, bad.entry_date
            USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_lines_after_reclassification';
        END IF;
        RETURN NULL;
      END $$`);
    this.addSql(`
      CREATE TRIGGER journal_lines_check_classification AFTER INSERT ON journal_lines
        REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT
        EXECUTE FUNCTION journal_lines_check_classification()`);

    this.addSql(`
      CREATE FUNCTION accounts_reclassify_with_record() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM journal_lines WHERE account_id = OLD.id)
           AND NOT EXISTS (SELECT 1 FROM account_reclassifications r
                            WHERE r.account_id = OLD.id AND r.created_xact = pg_current_xact_id()
                              AND r.from_type = OLD.type AND r.from_fund_type = OLD.fund_type
                              AND r.to_type = NEW.type AND r.to_fund_type = NEW.fund_type) THEN
          RAISE EXCEPTION 'account % has journal lines: its type and fund change through a reclassification with an effective date', OLD.number
            USING ERRCODE = 'restrict_violation', CONSTRAINT = 'accounts_reclassified_with_record';
        END IF;
        RETURN NEW;
      END $$`);
    this.addSql(`
      CREATE TRIGGER accounts_reclassify_with_record BEFORE UPDATE OF type, fund_type ON accounts
        FOR EACH ROW WHEN (OLD.type IS DISTINCT FROM NEW.type OR OLD.fund_type IS DISTINCT FROM NEW.fund_type)
        EXECUTE FUNCTION accounts_reclassify_with_record()`);
  }
}
