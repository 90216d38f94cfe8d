import { Migration } from '@mikro-orm/migrations';

// Payables: what the association owes its vendors and how it pays them.
//
// - A bill posts when it is entered (the debt exists whether or not the board has approved it):
//   Dr each line's expense (or asset) account, Cr Accounts Payable, one entry owned by the bill
//   (owner_type 'bill'). Accounts Payable is a control account (role `payable`) kept by bills and
//   bill payments alone. A bill is voided (its entry reversed) only while no standing payment pays it.
// - Approval gates paying, not posting: a bill above the policy's threshold needs that many
//   approvals from members holding one of the policy's board seats. A rejection stops it until it
//   is voided. Each approval keeps who, when, from where and the comment.
// - A bill payment (check, ACH or card) is one entry owned by the payment ('bill_payment'):
//   Dr Accounts Payable, Cr the bank account. Voiding it reverses that entry and reopens its bills.
//   A check takes the next number of its bank account's check sequence; a check number is used
//   once per bank account, void or not (a voided check's number stays spent, as on paper).
// - A payment run groups the payments made together (one check per vendor) and the documents
//   printed for them (the checks PDF, the positive-pay file).
// - Board seats: the association's officers and directors, by platform user. A seat is what lets a
//   viewer approve a bill without any other write right.
// - Bill templates: recurring bills (management fee, insurance) the scheduled jobs enter.
export class Migration032Payables extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE board_seats (
        user_id uuid PRIMARY KEY,
        title text NOT NULL CHECK (title IN ('president', 'vice_president', 'treasurer',
          'secretary', 'director')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    // One row: the Accounts Payable account and the approval policy.
    this.addSql(`
      CREATE TABLE payables_settings (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        payable_account_id uuid REFERENCES accounts (id),
        -- Bills whose total is above this many cents need approvals (0 with approvals_required 0:
        -- no approval needed).
        approval_threshold bigint NOT NULL DEFAULT 0 CHECK (approval_threshold >= 0),
        approvals_required smallint NOT NULL DEFAULT 0 CHECK (approvals_required BETWEEN 0 AND 5),
        approver_titles text[] NOT NULL DEFAULT '{president,vice_president,treasurer,secretary,director}',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`INSERT INTO payables_settings (id) VALUES (1)`);

    this.addSql(`
      CREATE TABLE bill_templates (
        id uuid PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 120),
        vendor_id uuid NOT NULL REFERENCES vendors (id),
        memo text CHECK (length(memo) <= 500),
        -- [{ accountId, amount (cents, as text), memo }]
        lines jsonb NOT NULL,
        frequency text NOT NULL CHECK (frequency IN ('monthly', 'quarterly', 'semiannual', 'annual')),
        -- The next bill's date; the scheduled job enters every bill dated on or before today.
        next_date date NOT NULL,
        due_days smallint NOT NULL DEFAULT 30 CHECK (due_days BETWEEN 0 AND 365),
        active boolean NOT NULL DEFAULT true,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    this.addSql(`CREATE SEQUENCE bill_number_seq START 1`);
    this.addSql(`
      CREATE TABLE bills (
        id uuid PRIMARY KEY,
        number bigint NOT NULL UNIQUE,
        vendor_id uuid NOT NULL REFERENCES vendors (id),
        -- The vendor's own invoice number (a repeat for one vendor is flagged, not refused).
        vendor_invoice_number text CHECK (length(vendor_invoice_number) BETWEEN 1 AND 60),
        bill_date date NOT NULL,
        due_date date NOT NULL CHECK (due_date >= bill_date),
        memo text CHECK (length(memo) <= 500),
        total bigint NOT NULL CHECK (total > 0),
        approval text NOT NULL CHECK (approval IN ('not_required', 'pending', 'approved', 'rejected')),
        approvals_required smallint NOT NULL DEFAULT 0 CHECK (approvals_required BETWEEN 0 AND 5),
        capital_project_id uuid REFERENCES capital_projects (id),
        reserve_component_id uuid REFERENCES reserve_components (id),
        template_id uuid REFERENCES bill_templates (id),
        journal_entry_id uuid NOT NULL REFERENCES journal_entries (id),
        void_entry_id uuid REFERENCES journal_entries (id),
        void_date date,
        void_reason text CHECK (length(void_reason) BETWEEN 1 AND 500),
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((void_entry_id IS NULL) = (void_date IS NULL))
      )`);
    this.addSql(`CREATE INDEX bills_vendor ON bills (vendor_id, bill_date)`);
    this.addSql(`CREATE INDEX bills_due ON bills (due_date) WHERE void_date IS NULL`);
    this.addSql(
      `CREATE INDEX bills_vendor_invoice ON bills (vendor_id, lower(vendor_invoice_number)) WHERE vendor_invoice_number IS NOT NULL`,
    );
    // A template enters one bill per date, whichever worker runs it.
    this.addSql(
      `CREATE UNIQUE INDEX bills_template_once ON bills (template_id, bill_date) WHERE template_id IS NOT NULL`,
    );

    this.addSql(`
      CREATE TABLE bill_lines (
        id uuid PRIMARY KEY,
        bill_id uuid NOT NULL REFERENCES bills (id),
        position smallint NOT NULL,
        account_id uuid NOT NULL REFERENCES accounts (id),
        amount bigint NOT NULL CHECK (amount > 0),
        memo text CHECK (length(memo) <= 200),
        UNIQUE (bill_id, position)
      )`);

    this.addSql(`
      CREATE TABLE bill_approvals (
        id uuid PRIMARY KEY,
        bill_id uuid NOT NULL REFERENCES bills (id),
        user_id uuid NOT NULL,
        title text NOT NULL,
        decision text NOT NULL CHECK (decision IN ('approved', 'rejected')),
        comment text CHECK (length(comment) <= 1000),
        ip text CHECK (length(ip) <= 100),
        user_agent text CHECK (length(user_agent) <= 500),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (bill_id, user_id)
      )`);

    this.addSql(`CREATE SEQUENCE payment_run_number_seq START 1`);
    this.addSql(`
      CREATE TABLE payment_runs (
        id uuid PRIMARY KEY,
        number bigint NOT NULL UNIQUE,
        bank_account_id uuid NOT NULL REFERENCES accounts (id),
        method text NOT NULL CHECK (method IN ('check', 'ach', 'card')),
        payment_date date NOT NULL,
        pay_through date NOT NULL,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    this.addSql(`CREATE SEQUENCE bill_payment_number_seq START 1`);
    this.addSql(`
      CREATE TABLE bill_payments (
        id uuid PRIMARY KEY,
        number bigint NOT NULL UNIQUE,
        run_id uuid REFERENCES payment_runs (id),
        vendor_id uuid NOT NULL REFERENCES vendors (id),
        bank_account_id uuid NOT NULL REFERENCES accounts (id),
        method text NOT NULL CHECK (method IN ('check', 'ach', 'card')),
        check_number bigint CHECK (check_number > 0),
        payment_date date NOT NULL,
        amount bigint NOT NULL CHECK (amount > 0),
        memo text CHECK (length(memo) <= 200),
        journal_entry_id uuid NOT NULL REFERENCES journal_entries (id),
        void_entry_id uuid REFERENCES journal_entries (id),
        void_date date,
        void_reason text CHECK (length(void_reason) BETWEEN 1 AND 500),
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((method = 'check') = (check_number IS NOT NULL)),
        CHECK ((void_entry_id IS NULL) = (void_date IS NULL))
      )`);
    this.addSql(
      `CREATE UNIQUE INDEX bill_payments_check_once ON bill_payments (bank_account_id, check_number) WHERE check_number IS NOT NULL`,
    );
    this.addSql(`CREATE INDEX bill_payments_date ON bill_payments (payment_date, number)`);
    this.addSql(`CREATE INDEX bill_payments_vendor ON bill_payments (vendor_id, payment_date)`);

    this.addSql(`
      CREATE TABLE bill_payment_applications (
        bill_payment_id uuid NOT NULL REFERENCES bill_payments (id),
        bill_id uuid NOT NULL REFERENCES bills (id),
        amount bigint NOT NULL CHECK (amount > 0),
        PRIMARY KEY (bill_payment_id, bill_id)
      )`);
    this.addSql(
      `CREATE INDEX bill_payment_applications_bill ON bill_payment_applications (bill_id)`,
    );

    // Checks: the next number of each bank account, and what the MICR line prints (routing number
    // in clear, the account number sealed by the application like a vendor's tax id).
    this.addSql(`
      ALTER TABLE bank_accounts
        ADD COLUMN next_check_number bigint NOT NULL DEFAULT 1001 CHECK (next_check_number > 0),
        ADD COLUMN routing_number text CHECK (routing_number ~ '^[0-9]{9}$'),
        ADD COLUMN account_number_sealed text CHECK (account_number_sealed ~ '^v1\\.'),
        ADD COLUMN account_number_last4 text CHECK (account_number_last4 ~ '^[0-9]{4}$')`);

    // The ledger: Accounts Payable is a control account; bills and bill payments own entries.
    this.addSql(`ALTER TABLE control_accounts DROP CONSTRAINT control_accounts_role_check`);
    this.addSql(`
      ALTER TABLE control_accounts ADD CONSTRAINT control_accounts_role_check
        CHECK (role IN ('receivable', 'prepaid', 'interfund_operating', 'interfund_reserve',
          'investment', 'undeposited', 'payable'))`);
    this.addSql(`ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_owner_type_check`);
    this.addSql(`
      ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_owner_type_check
        CHECK (owner_type IN ('invoice', 'payment', 'monthly_actuals', 'investment', 'deposit',
          'bill', 'bill_payment'))`);
    this.addSql(`ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_source_check`);
    this.addSql(`
      ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_source_check
        CHECK (source IN ('manual', 'opening_balance', 'monthly_actuals', 'invoice', 'payment',
          'reversal', 'late_fee', 'import', 'write_off', 'reclassification', 'investment',
          'deposit', 'bank', 'bill', 'bill_payment'))`);

    // Documents: the checks of a payment run, and its positive-pay file.
    this.addSql(`ALTER TABLE documents DROP CONSTRAINT documents_kind_check`);
    this.addSql(`
      ALTER TABLE documents ADD CONSTRAINT documents_kind_check
        CHECK (kind IN ('board_packet', 'cpa_package', 'reconciliation_report', 'checks'))`);
    this.addSql(
      `ALTER TABLE documents ADD COLUMN payment_run_id uuid REFERENCES payment_runs (id)`,
    );

    // Scheduled work: recurring bills.
    this.addSql(`ALTER TABLE automation_runs DROP CONSTRAINT automation_runs_kind_check`);
    this.addSql(`
      ALTER TABLE automation_runs ADD CONSTRAINT automation_runs_kind_check
        CHECK (kind IN ('assessment_run', 'late_fees', 'reminders', 'recurring_bills'))`);
  }
}
