import { Migration } from '@mikro-orm/migrations';

// Self-service sign-up and subscriptions (Stripe). An organization keeps its billing state: the
// processor's customer and subscription, how it pays (monthly or annual) and when its writes stop
// (`read_only_from`: the end of a past-due grace or of a trial without payment; reads go on).
// A sign-up is the request of someone on the pricing page, from checkout to a provisioned
// association; the browser polls it with a key only it was given (stored hashed). Processed
// webhook events are kept by their id so a replay does nothing twice.
export class Migration013Billing extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE organizations
        ADD COLUMN billing_status text NOT NULL DEFAULT 'active'
          CHECK (billing_status IN ('active', 'trialing', 'past_due', 'canceled')),
        ADD COLUMN billing_interval text CHECK (billing_interval IN ('monthly', 'annual')),
        ADD COLUMN read_only_from timestamptz,
        ADD COLUMN stripe_customer_id text UNIQUE,
        ADD COLUMN stripe_subscription_id text UNIQUE`);
    this.addSql(`
      CREATE TABLE signups (
        id uuid PRIMARY KEY,
        status text NOT NULL DEFAULT 'pending_payment'
          CHECK (status IN ('pending_payment', 'provisioning', 'ready', 'failed')),
        association_name text NOT NULL CHECK (length(association_name) BETWEEN 1 AND 200),
        contact_name text NOT NULL CHECK (length(contact_name) BETWEEN 1 AND 120),
        email text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
        unit_count integer NOT NULL CHECK (unit_count BETWEEN 1 AND 100000),
        plan_level text NOT NULL,
        billing_interval text NOT NULL CHECK (billing_interval IN ('monthly', 'annual')),
        trial boolean NOT NULL DEFAULT false,
        status_key_hash text NOT NULL,
        checkout_session_id text UNIQUE,
        organization_id uuid REFERENCES organizations (id) ON DELETE SET NULL,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX signups_created_idx ON signups (created_at DESC)`);
    this.addSql(`
      CREATE TABLE stripe_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        organization_id uuid REFERENCES organizations (id) ON DELETE SET NULL,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }
}
