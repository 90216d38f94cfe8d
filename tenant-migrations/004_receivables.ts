import { Migration } from '@mikro-orm/migrations';

// How an association bills its owners and gets paid: property types, assessment groups with rates,
// units, invoices, payments and their applications. Every amount posts through the journal; these
// tables say what each posting was for.
export class Migration004Receivables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE property_types (
        id uuid PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE UNIQUE INDEX property_types_name_idx ON property_types (lower(name))`);
    this.addSql(`
      CREATE TABLE assessment_groups (
        id uuid PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        description text CHECK (length(description) <= 1000),
        frequency text NOT NULL CHECK (frequency IN ('monthly', 'quarterly', 'annual')),
        is_default boolean NOT NULL DEFAULT false,
        due_day int NOT NULL DEFAULT 1 CHECK (due_day BETWEEN 1 AND 28),
        regular_income_account_id uuid NOT NULL REFERENCES accounts (id),
        special_income_account_id uuid NOT NULL REFERENCES accounts (id),
        late_grace_days int CHECK (late_grace_days BETWEEN 0 AND 365),
        late_flat_fee bigint CHECK (late_flat_fee >= 0),
        late_percent_bps int CHECK (late_percent_bps BETWEEN 0 AND 10000),
        late_interest_bps int CHECK (late_interest_bps BETWEEN 0 AND 10000),
        late_income_account_id uuid REFERENCES accounts (id),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((late_income_account_id IS NULL) = (late_grace_days IS NULL))
      )`);
    this.addSql(
      `CREATE UNIQUE INDEX assessment_groups_name_idx ON assessment_groups (lower(name))`,
    );
    // At most one default group (new units and CSV rows without a group land there).
    this.addSql(
      `CREATE UNIQUE INDEX assessment_groups_default_idx ON assessment_groups (is_default) WHERE is_default`,
    );
    this.addSql(`
      CREATE TABLE assessment_rates (
        group_id uuid NOT NULL REFERENCES assessment_groups (id) ON DELETE CASCADE,
        property_type_id uuid NOT NULL REFERENCES property_types (id),
        regular bigint NOT NULL CHECK (regular >= 0),
        special bigint NOT NULL DEFAULT 0 CHECK (special >= 0),
        PRIMARY KEY (group_id, property_type_id)
      )`);
    // One row: the receivable account every invoice and payment posts to, and the default deposit
    // account of payments.
    this.addSql(`
      CREATE TABLE receivables_settings (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        receivable_account_id uuid NOT NULL REFERENCES accounts (id),
        deposit_account_id uuid REFERENCES accounts (id)
      )`);
    this.addSql(`
      CREATE TABLE units (
        id uuid PRIMARY KEY,
        number text NOT NULL CHECK (length(number) BETWEEN 1 AND 40),
        address text CHECK (length(address) <= 300),
        owner_name text CHECK (length(owner_name) <= 200),
        email text CHECK (length(email) <= 254),
        phone text CHECK (length(phone) <= 40),
        property_type_id uuid NOT NULL REFERENCES property_types (id),
        assessment_group_id uuid NOT NULL REFERENCES assessment_groups (id),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE UNIQUE INDEX units_number_idx ON units (lower(number))`);
    this.addSql(`CREATE INDEX units_group_idx ON units (assessment_group_id)`);
    this.addSql(`CREATE SEQUENCE invoice_number_seq START 1001`);
    this.addSql(`
      CREATE TABLE invoices (
        id uuid PRIMARY KEY,
        number bigint NOT NULL UNIQUE DEFAULT nextval('invoice_number_seq'),
        unit_id uuid NOT NULL REFERENCES units (id),
        kind text NOT NULL CHECK (kind IN ('assessment', 'one_off', 'late_fee')),
        period text,
        group_id uuid REFERENCES assessment_groups (id),
        late_fee_for_id uuid REFERENCES invoices (id),
        issue_date date NOT NULL,
        due_date date NOT NULL CHECK (due_date >= issue_date),
        memo text CHECK (length(memo) <= 500),
        total bigint NOT NULL CHECK (total > 0),
        journal_entry_id uuid NOT NULL REFERENCES journal_entries (id),
        void_entry_id uuid REFERENCES journal_entries (id),
        void_date date,
        voided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((kind = 'assessment') = (period IS NOT NULL AND group_id IS NOT NULL) OR kind = 'late_fee'),
        CHECK ((void_entry_id IS NULL) = (void_date IS NULL))
      )`);
    // Idempotence is the database's promise too: one assessment invoice per unit and period, one
    // late fee per invoice and month, even under concurrent runs.
    this.addSql(
      `CREATE UNIQUE INDEX invoices_assessment_period_idx ON invoices (unit_id, period) WHERE kind = 'assessment'`,
    );
    this.addSql(
      `CREATE UNIQUE INDEX invoices_late_fee_idx ON invoices (late_fee_for_id, period) WHERE kind = 'late_fee'`,
    );
    this.addSql(`CREATE INDEX invoices_unit_idx ON invoices (unit_id, issue_date)`);
    this.addSql(`CREATE INDEX invoices_issue_idx ON invoices (issue_date DESC, number DESC)`);
    this.addSql(`
      CREATE TABLE invoice_lines (
        id uuid PRIMARY KEY,
        invoice_id uuid NOT NULL REFERENCES invoices (id),
        line_no int NOT NULL,
        description text NOT NULL CHECK (length(description) BETWEEN 1 AND 200),
        account_id uuid NOT NULL REFERENCES accounts (id),
        amount bigint NOT NULL CHECK (amount > 0),
        UNIQUE (invoice_id, line_no)
      )`);
    this.addSql(`CREATE SEQUENCE payment_number_seq START 1`);
    this.addSql(`
      CREATE TABLE payments (
        id uuid PRIMARY KEY,
        number bigint NOT NULL UNIQUE DEFAULT nextval('payment_number_seq'),
        unit_id uuid NOT NULL REFERENCES units (id),
        date date NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        method text NOT NULL CHECK (method IN ('check', 'ach', 'card', 'cash', 'other')),
        reference text CHECK (length(reference) <= 100),
        memo text CHECK (length(memo) <= 500),
        deposit_account_id uuid NOT NULL REFERENCES accounts (id),
        journal_entry_id uuid NOT NULL REFERENCES journal_entries (id),
        void_entry_id uuid REFERENCES journal_entries (id),
        void_date date,
        voided_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((void_entry_id IS NULL) = (void_date IS NULL))
      )`);
    this.addSql(`CREATE INDEX payments_unit_idx ON payments (unit_id, date)`);
    this.addSql(`CREATE INDEX payments_date_idx ON payments (date DESC, number DESC)`);
    // A payment's money applied to invoices; what is left is the unit's credit. An application
    // counts from applied_on (the later of the payment and the invoice dates).
    this.addSql(`
      CREATE TABLE payment_applications (
        id uuid PRIMARY KEY,
        payment_id uuid NOT NULL REFERENCES payments (id),
        invoice_id uuid NOT NULL REFERENCES invoices (id),
        amount bigint NOT NULL CHECK (amount > 0),
        applied_on date NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(
      `CREATE INDEX payment_applications_payment_idx ON payment_applications (payment_id)`,
    );
    this.addSql(
      `CREATE INDEX payment_applications_invoice_idx ON payment_applications (invoice_id)`,
    );
  }
}
