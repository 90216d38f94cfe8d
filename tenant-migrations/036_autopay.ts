import { Migration } from '@mikro-orm/migrations';

// AutoPay: an owner saves a card or bank account on the association's Stripe account (Checkout in
// setup mode) and the association's automation charges it on each open invoice's due date, up to
// the owner's maximum, off-session.
//
// - stripe_customers: an owner's Stripe customer on the association's account (one per owner;
//   made again if the association connects another account).
// - autopay_enrollments: one active per unit (a new setup by its owners replaces it); pending
//   while the owner is on Stripe's page.
// - autopay_charges: one row per unit and due date, whichever worker gets there first: the notice
//   3 days before, then the charge (its online payment), a skip above the maximum, or a failure.
export class Migration036Autopay extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE stripe_customers (
        user_id uuid NOT NULL,
        account_id text NOT NULL CHECK (account_id ~ '^acct_[A-Za-z0-9_]{1,64}$'),
        customer_id text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, account_id)
      )`);

    this.addSql(`
      CREATE TABLE autopay_enrollments (
        id uuid PRIMARY KEY,
        unit_id uuid NOT NULL REFERENCES units (id),
        user_id uuid NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'active', 'canceled')),
        method text NOT NULL CHECK (method IN ('card', 'us_bank_account')),
        max_amount bigint NOT NULL CHECK (max_amount > 0),
        stripe_checkout_session_id text UNIQUE,
        stripe_customer_id text,
        stripe_payment_method_id text,
        -- "Visa •••• 4242", "Bank •••• 6789"
        method_label text CHECK (length(method_label) <= 100),
        -- Due dates on or after this day are charged (the day it became active).
        starts_on date,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        canceled_at timestamptz,
        CHECK (status <> 'active' OR (stripe_payment_method_id IS NOT NULL AND starts_on IS NOT NULL))
      )`);
    this.addSql(
      `CREATE UNIQUE INDEX autopay_enrollments_one_active ON autopay_enrollments (unit_id) WHERE status = 'active'`,
    );

    this.addSql(`
      CREATE TABLE autopay_charges (
        id uuid PRIMARY KEY,
        enrollment_id uuid NOT NULL REFERENCES autopay_enrollments (id),
        unit_id uuid NOT NULL REFERENCES units (id),
        due_date date NOT NULL,
        status text NOT NULL
          CHECK (status IN ('notified', 'charging', 'charged', 'skipped', 'failed', 'nothing_due')),
        -- What was due (notice, charge or skip).
        amount bigint CHECK (amount >= 0),
        online_payment_id uuid UNIQUE REFERENCES online_payments (id),
        reason text CHECK (length(reason) <= 1000),
        notified_at timestamptz,
        charged_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (unit_id, due_date)
      )`);
    this.addSql(
      `CREATE INDEX autopay_charges_enrollment ON autopay_charges (enrollment_id, due_date DESC)`,
    );

    // Scheduled work: AutoPay's daily run.
    this.addSql(`ALTER TABLE automation_runs DROP CONSTRAINT automation_runs_kind_check`);
    this.addSql(`
      ALTER TABLE automation_runs ADD CONSTRAINT automation_runs_kind_check
        CHECK (kind IN ('assessment_run', 'late_fees', 'reminders', 'recurring_bills',
          'owner_statements', 'autopay'))`);
  }
}
