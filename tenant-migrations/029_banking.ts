import { Migration } from '@mikro-orm/migrations';

// Banking: bank accounts, imported statements and their lines, matches between bank lines and the
// book lines on the bank's ledger account, reconciliations that lock what they cleared, rules that
// turn recurring bank lines into entries, and deposits that carry payments from Undeposited Funds
// to the bank as the bank shows them.
//
// The lock lives here as well as in the services: a finished reconciliation's matches cannot be
// deleted or moved, their bank lines cannot change, and an entry with a reconciled line cannot be
// reversed (a reversal is the only way an entry is undone) until the reconciliation is undone.
export class Migration029Banking extends Migration {
  override async up(): Promise<void> {
    // A ledger cash account marked as a bank account.
    this.addSql(`
      CREATE TABLE bank_accounts (
        account_id uuid PRIMARY KEY REFERENCES accounts (id),
        institution text NOT NULL CHECK (length(institution) BETWEEN 1 AND 120),
        -- The last digits of the account number (what a statement file is checked against).
        masked_number text NOT NULL CHECK (masked_number ~ '^[0-9A-Za-z]{2,6}$'),
        kind text NOT NULL DEFAULT 'checking'
          CHECK (kind IN ('checking', 'savings', 'money_market')),
        -- The statement's closing day of month (31: the month's last day).
        statement_day smallint NOT NULL DEFAULT 31 CHECK (statement_day BETWEEN 1 AND 31),
        -- The saved CSV column mapping of this bank's exports.
        csv_mapping jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    this.addSql(`
      CREATE TABLE bank_statements (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES bank_accounts (account_id),
        format text NOT NULL CHECK (format IN ('ofx', 'csv', 'camt053', 'demo')),
        file_name text NOT NULL CHECK (length(file_name) <= 255),
        period_start date,
        period_end date CHECK (period_end >= period_start),
        opening_balance bigint,
        closing_balance bigint,
        available_balance bigint,
        line_count integer NOT NULL CHECK (line_count >= 0),
        skipped integer NOT NULL DEFAULT 0 CHECK (skipped >= 0),
        imported_by uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX bank_statements_account ON bank_statements (account_id, period_end)`);

    this.addSql(`
      CREATE TABLE bank_reconciliations (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES bank_accounts (account_id),
        statement_id uuid REFERENCES bank_statements (id),
        period_start date NOT NULL,
        statement_date date NOT NULL CHECK (statement_date >= period_start),
        opening_balance bigint NOT NULL,
        closing_balance bigint NOT NULL,
        -- The ledger's balance of the account on the statement date when it was finished.
        book_balance bigint NOT NULL,
        status text NOT NULL DEFAULT 'finished' CHECK (status IN ('finished', 'undone')),
        finished_by uuid,
        finished_at timestamptz NOT NULL DEFAULT now(),
        undone_by uuid,
        undone_at timestamptz,
        undo_reason text CHECK (length(undo_reason) BETWEEN 1 AND 500),
        CHECK ((status = 'undone') = (undone_at IS NOT NULL AND undo_reason IS NOT NULL))
      )`);
    // One standing reconciliation per account and statement date.
    this.addSql(`
      CREATE UNIQUE INDEX bank_reconciliations_once ON bank_reconciliations (account_id, statement_date)
       WHERE status = 'finished'`);

    // A match ties bank lines to book lines of equal sum (one deposit line to one entry, one bank
    // line to several entries, several bank lines to one entry, or book lines that cancel out).
    this.addSql(`
      CREATE TABLE bank_matches (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES bank_accounts (account_id),
        kind text NOT NULL CHECK (kind IN ('manual', 'suggested', 'rule', 'posted', 'offset')),
        reconciliation_id uuid REFERENCES bank_reconciliations (id),
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(
      `CREATE INDEX bank_matches_reconciliation ON bank_matches (reconciliation_id) WHERE reconciliation_id IS NOT NULL`,
    );

    this.addSql(`
      CREATE TABLE bank_lines (
        id uuid PRIMARY KEY,
        account_id uuid NOT NULL REFERENCES bank_accounts (account_id),
        statement_id uuid NOT NULL REFERENCES bank_statements (id),
        row_no integer NOT NULL,
        posted_on date NOT NULL,
        amount bigint NOT NULL CHECK (amount <> 0),
        description text NOT NULL CHECK (length(description) BETWEEN 1 AND 500),
        payee text CHECK (length(payee) <= 200),
        check_number text CHECK (length(check_number) <= 40),
        bank_ref text CHECK (length(bank_ref) <= 255),
        -- The bank's own id ("id:…") or a hash of account, date, amount, description and ordinal.
        dedupe_key text NOT NULL,
        match_id uuid REFERENCES bank_matches (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (account_id, dedupe_key)
      )`);
    this.addSql(`CREATE INDEX bank_lines_account_date ON bank_lines (account_id, posted_on)`);
    this.addSql(
      `CREATE INDEX bank_lines_match ON bank_lines (match_id) WHERE match_id IS NOT NULL`,
    );

    // The book side of a match: journal lines on the bank's ledger account, each matched once.
    this.addSql(`
      CREATE TABLE bank_match_book_lines (
        journal_line_id uuid PRIMARY KEY REFERENCES journal_lines (id),
        match_id uuid NOT NULL REFERENCES bank_matches (id) ON DELETE CASCADE,
        entry_id uuid NOT NULL REFERENCES journal_entries (id)
      )`);
    this.addSql(`CREATE INDEX bank_match_book_lines_match ON bank_match_book_lines (match_id)`);
    this.addSql(`CREATE INDEX bank_match_book_lines_entry ON bank_match_book_lines (entry_id)`);

    this.addSql(`
      CREATE TABLE bank_rules (
        id uuid PRIMARY KEY,
        position integer NOT NULL,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        contains text NOT NULL CHECK (length(contains) BETWEEN 1 AND 120),
        direction text NOT NULL DEFAULT 'any' CHECK (direction IN ('any', 'in', 'out')),
        bank_account_id uuid REFERENCES bank_accounts (account_id),
        account_id uuid NOT NULL REFERENCES accounts (id),
        vendor_id uuid REFERENCES vendors (id),
        memo text CHECK (length(memo) <= 200),
        auto_apply boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    this.addSql(`CREATE SEQUENCE deposit_number_seq START 1`);
    this.addSql(`
      CREATE TABLE deposits (
        id uuid PRIMARY KEY,
        number bigint NOT NULL UNIQUE,
        account_id uuid NOT NULL REFERENCES accounts (id),
        deposit_date date NOT NULL,
        memo text CHECK (length(memo) <= 200),
        total bigint NOT NULL CHECK (total > 0),
        fee bigint NOT NULL DEFAULT 0 CHECK (fee >= 0 AND fee < total),
        fee_account_id uuid REFERENCES accounts (id),
        journal_entry_id uuid NOT NULL REFERENCES journal_entries (id),
        void_entry_id uuid REFERENCES journal_entries (id),
        void_date date,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((fee = 0) OR (fee_account_id IS NOT NULL)),
        CHECK ((void_entry_id IS NULL) = (void_date IS NULL))
      )`);
    this.addSql(`CREATE INDEX deposits_date ON deposits (deposit_date DESC, number DESC)`);
    this.addSql(`
      CREATE TABLE deposit_payments (
        deposit_id uuid NOT NULL REFERENCES deposits (id),
        payment_id uuid NOT NULL REFERENCES payments (id),
        -- Cleared when the deposit is voided (the payment is undeposited again).
        standing boolean NOT NULL DEFAULT true,
        PRIMARY KEY (deposit_id, payment_id)
      )`);
    this.addSql(
      `CREATE UNIQUE INDEX deposit_payments_once ON deposit_payments (payment_id) WHERE standing`,
    );

    this.addSql(
      `ALTER TABLE receivables_settings ADD COLUMN undeposited_account_id uuid REFERENCES accounts (id)`,
    );

    this.addSql(`ALTER TABLE control_accounts DROP CONSTRAINT control_accounts_role_check`);
    this.addSql(`
      ALTER TABLE control_accounts ADD CONSTRAINT control_accounts_role_check
        CHECK (role IN ('receivable', 'prepaid', 'interfund_operating', 'interfund_reserve',
          'investment', 'undeposited'))`);
    this.addSql(`ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_owner_type_check`);
    this.addSql(`
      ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_owner_type_check
        CHECK (owner_type IN ('invoice', 'payment', 'monthly_actuals', 'investment', 'deposit'))`);
    this.addSql(`ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_source_check`);
    this.addSql(`
      ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_source_check
        CHECK (source IN ('manual', 'opening_balance', 'monthly_actuals', 'invoice', 'payment',
          'reversal', 'late_fee', 'import', 'write_off', 'reclassification', 'investment',
          'deposit', 'bank'))`);

    // The lock, in the database: what a finished reconciliation cleared stays as it is.
    this.addSql(`
      CREATE FUNCTION bank_reconciled_entry_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM bank_match_book_lines b
                     JOIN bank_matches m ON m.id = b.match_id
                    WHERE b.entry_id = NEW.reverses_id AND m.reconciliation_id IS NOT NULL) THEN
          RAISE EXCEPTION 'entry % has a reconciled bank line', NEW.reverses_id
            USING ERRCODE = 'CV001';
        END IF;
        RETURN NEW;
      END $$`);
    this.addSql(`
      CREATE TRIGGER journal_entries_reconciled_guard BEFORE INSERT ON journal_entries
        FOR EACH ROW WHEN (NEW.reverses_id IS NOT NULL)
        EXECUTE FUNCTION bank_reconciled_entry_guard()`);

    this.addSql(`
      CREATE FUNCTION bank_reconciled_match_guard() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        mid uuid;
      BEGIN
        IF TG_TABLE_NAME = 'bank_matches' THEN
          IF OLD.reconciliation_id IS NOT NULL AND (TG_OP = 'DELETE'
               OR NEW.reconciliation_id IS NOT DISTINCT FROM OLD.reconciliation_id) THEN
            RAISE EXCEPTION 'bank match % is reconciled', OLD.id USING ERRCODE = 'CV001';
          END IF;
        ELSE
          mid := OLD.match_id;
          IF mid IS NOT NULL AND EXISTS (SELECT 1 FROM bank_matches
                                          WHERE id = mid AND reconciliation_id IS NOT NULL) THEN
            RAISE EXCEPTION 'a reconciled bank match cannot change' USING ERRCODE = 'CV001';
          END IF;
        END IF;
        IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
        RETURN NEW;
      END $$`);
    this.addSql(`
      CREATE TRIGGER bank_matches_reconciled_guard BEFORE UPDATE OR DELETE ON bank_matches
        FOR EACH ROW EXECUTE FUNCTION bank_reconciled_match_guard()`);
    this.addSql(`
      CREATE TRIGGER bank_lines_reconciled_guard BEFORE UPDATE OR DELETE ON bank_lines
        FOR EACH ROW EXECUTE FUNCTION bank_reconciled_match_guard()`);
    this.addSql(`
      CREATE TRIGGER bank_match_book_lines_reconciled_guard BEFORE UPDATE OR DELETE
        ON bank_match_book_lines
        FOR EACH ROW EXECUTE FUNCTION bank_reconciled_match_guard()`);
  }
}
