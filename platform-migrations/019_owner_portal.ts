import { Migration } from '@mikro-orm/migrations';

// The owner portal. A homeowner is a member of the association with the role `owner`, invited
// like everyone else (the units they own are bound in the association's own database). The
// association's Stripe account (Stripe Connect, a Standard account the association owns) is
// recorded here, because Stripe's webhooks name the account and the platform must find the
// association from it before it can enter the association's database. Two more kinds of
// scheduled work: the monthly owner statements by email, and AutoPay's charges on due dates.
export class Migration019OwnerPortal extends Migration {
  override async up(): Promise<void> {
    for (const table of ['memberships', 'invitations']) {
      this.addSql(`ALTER TABLE ${table} DROP CONSTRAINT IF EXISTS ${table}_role_check`);
      this.addSql(`
        ALTER TABLE ${table} ADD CONSTRAINT ${table}_role_check
          CHECK (role IN ('admin', 'user', 'viewer', 'owner'))`);
    }
    this.addSql(`
      CREATE TABLE stripe_connected_accounts (
        organization_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
        account_id text NOT NULL UNIQUE CHECK (account_id ~ '^acct_[A-Za-z0-9_]{1,64}$'),
        charges_enabled boolean NOT NULL DEFAULT false,
        payouts_enabled boolean NOT NULL DEFAULT false,
        details_submitted boolean NOT NULL DEFAULT false,
        connected_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      ALTER TABLE automation_schedules
        ADD COLUMN owner_statements boolean NOT NULL DEFAULT false,
        ADD COLUMN last_owner_statements_on date,
        ADD COLUMN autopay boolean NOT NULL DEFAULT false,
        ADD COLUMN last_autopay_on date`);
  }
}
