import { Migration } from '@mikro-orm/migrations';

// The double-entry journal. The database itself refuses an unbalanced entry (a deferred constraint
// trigger checked at commit, whatever code wrote it), refuses edits to posted lines, and keeps
// per-account monthly totals in the same transaction as every posting.
export class Migration002Ledger extends Migration {
  override async up(): Promise<void> {
    this.addSql(`CREATE SEQUENCE journal_entry_number_seq START 1001`);
    this.addSql(`
      CREATE TABLE journal_entries (
        id uuid PRIMARY KEY,
        number bigint NOT NULL UNIQUE DEFAULT nextval('journal_entry_number_seq'),
        entry_date date NOT NULL,
        memo text CHECK (length(memo) <= 500),
        source text NOT NULL CHECK (source IN ('manual', 'opening_balance', 'monthly_actuals',
          'invoice', 'payment', 'reversal', 'late_fee')),
        reconciled boolean NOT NULL DEFAULT false,
        vendor_id uuid,
        reverses_id uuid REFERENCES journal_entries (id),
        created_by uuid,
        impersonated_by uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // An entry is reversed at most once.
    this.addSql(
      `CREATE UNIQUE INDEX journal_entries_reverses_idx ON journal_entries (reverses_id) WHERE reverses_id IS NOT NULL`,
    );
    this.addSql(
      `CREATE INDEX journal_entries_date_idx ON journal_entries (entry_date DESC, number DESC)`,
    );
    this.addSql(`
      CREATE TABLE journal_lines (
        id uuid PRIMARY KEY,
        entry_id uuid NOT NULL REFERENCES journal_entries (id),
        line_no int NOT NULL,
        account_id uuid NOT NULL REFERENCES accounts (id),
        entry_date date NOT NULL,
        debit bigint NOT NULL DEFAULT 0 CHECK (debit >= 0),
        credit bigint NOT NULL DEFAULT 0 CHECK (credit >= 0),
        memo text CHECK (length(memo) <= 500),
        CONSTRAINT one_side CHECK ((debit > 0) <> (credit > 0)),
        UNIQUE (entry_id, line_no)
      )`);
    this.addSql(
      `CREATE INDEX journal_lines_account_date_idx ON journal_lines (account_id, entry_date)`,
    );
    this.addSql(`CREATE INDEX journal_lines_date_idx ON journal_lines (entry_date, id)`);
    this.addSql(`
      CREATE TABLE account_month_totals (
        account_id uuid NOT NULL REFERENCES accounts (id),
        month date NOT NULL CHECK (extract(day FROM month) = 1),
        debit bigint NOT NULL DEFAULT 0,
        credit bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (account_id, month)
      )`);

    // Balance: checked when the transaction commits, in one query for all the entries it created
    // (a deferred trigger on a one-row-per-transaction queue). Lines can only join an entry created
    // in the same transaction (checked per statement), so every line of an entry is in place when
    // the check runs — whatever code wrote them.
    this.addSql(
      `ALTER TABLE journal_entries ADD COLUMN created_xact xid8 NOT NULL DEFAULT pg_current_xact_id()`,
    );
    this.addSql(`CREATE INDEX journal_entries_xact_idx ON journal_entries (created_xact)`);
    this.addSql(`CREATE TABLE journal_balance_checks (xact xid8 PRIMARY KEY)`);
    this.addSql(`
      CREATE FUNCTION journal_entries_queue_check() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO journal_balance_checks VALUES (pg_current_xact_id()) ON CONFLICT DO NOTHING;
        RETURN NULL;
      END $$`);
    this.addSql(`
      CREATE TRIGGER journal_entries_queue_check AFTER INSERT ON journal_entries
        FOR EACH STATEMENT EXECUTE FUNCTION journal_entries_queue_check()`);
    this.addSql(`
      CREATE FUNCTION journal_entries_must_balance() RETURNS trigger LANGUAGE plpgsql
        -- A generic plan would estimate every entry for "this transaction" and scan them all.
        SET plan_cache_mode = force_custom_plan AS $$
      DECLARE
        bad record;
      BEGIN
        SELECT e.id, coalesce(sum(l.debit), 0) AS d, coalesce(sum(l.credit), 0) AS c, count(l.id) AS n
          INTO bad
          FROM journal_entries e LEFT JOIN journal_lines l ON l.entry_id = e.id
         WHERE e.created_xact = NEW.xact
         GROUP BY e.id
        HAVING count(l.id) < 2 OR coalesce(sum(l.debit), 0) <> coalesce(sum(l.credit), 0)
         LIMIT 1;
        IF FOUND THEN
          RAISE EXCEPTION 'journal entry % does not balance (debits %, credits %, % lines)',
            bad.id, bad.d, bad.c, bad.n
            USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entry_balanced';
        END IF;
        DELETE FROM journal_balance_checks WHERE xact = NEW.xact;
        RETURN NULL;
      END $$`);
    this.addSql(`
      CREATE CONSTRAINT TRIGGER journal_entry_balanced AFTER INSERT ON journal_balance_checks
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entries_must_balance()`);
    this.addSql(`
      CREATE FUNCTION journal_lines_join_new_entries() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM new_lines l JOIN journal_entries e ON e.id = l.entry_id
                    WHERE e.created_xact <> pg_current_xact_id()) THEN
          RAISE EXCEPTION 'lines can only be added to an entry in the transaction that creates it; post a new entry'
            USING ERRCODE = 'restrict_violation';
        END IF;
        RETURN NULL;
      END $$`);
    this.addSql(`
      CREATE TRIGGER journal_lines_same_transaction AFTER INSERT ON journal_lines
        REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT
        EXECUTE FUNCTION journal_lines_join_new_entries()`);

    // Immutability: corrections are reversals. Only the reconciled flag may change.
    this.addSql(`
      CREATE FUNCTION journal_is_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'journal_entries'
           AND (to_jsonb(NEW) - 'reconciled') = (to_jsonb(OLD) - 'reconciled') THEN
          RETURN NEW;
        END IF;
        RAISE EXCEPTION 'posted journal % cannot be changed; post a reversal', TG_TABLE_NAME
          USING ERRCODE = 'restrict_violation';
      END $$`);
    this.addSql(`
      CREATE TRIGGER journal_entries_immutable BEFORE UPDATE OR DELETE ON journal_entries
        FOR EACH ROW EXECUTE FUNCTION journal_is_immutable()`);
    this.addSql(`
      CREATE TRIGGER journal_lines_immutable BEFORE UPDATE OR DELETE ON journal_lines
        FOR EACH ROW EXECUTE FUNCTION journal_is_immutable()`);

    // Monthly totals, one grouped upsert per INSERT statement.
    this.addSql(`
      CREATE FUNCTION account_month_totals_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO account_month_totals AS t (account_id, month, debit, credit)
        SELECT account_id, date_trunc('month', entry_date)::date, sum(debit), sum(credit)
          FROM new_lines GROUP BY 1, 2
        ORDER BY 1, 2
        ON CONFLICT (account_id, month)
          DO UPDATE SET debit = t.debit + excluded.debit, credit = t.credit + excluded.credit;
        RETURN NULL;
      END $$`);
    this.addSql(`
      CREATE TRIGGER journal_lines_month_totals AFTER INSERT ON journal_lines
        REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT
        EXECUTE FUNCTION account_month_totals_add()`);

    // Files attached to entries; the bytes live in the storage backend under storage_key.
    this.addSql(`
      CREATE TABLE attachments (
        id uuid PRIMARY KEY,
        entry_id uuid NOT NULL REFERENCES journal_entries (id),
        filename text NOT NULL CHECK (length(filename) BETWEEN 1 AND 255),
        content_type text NOT NULL,
        size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
        sha256 text NOT NULL,
        storage_key text NOT NULL UNIQUE,
        uploaded_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`);
    this.addSql(
      `CREATE INDEX attachments_entry_idx ON attachments (entry_id) WHERE deleted_at IS NULL`,
    );

    // The tenant's audit trail: every write, who (and as whom), what, before/after.
    this.addSql(`
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        entity_type text NOT NULL,
        entity_id uuid NOT NULL,
        action text NOT NULL,
        user_id uuid,
        impersonated_by uuid,
        changes jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(
      `CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, created_at)`,
    );
  }
}
