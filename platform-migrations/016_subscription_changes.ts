import { Migration } from '@mikro-orm/migrations';

// Subscription changes made in Stripe's billing portal arrive as webhook events. An organization
// keeps when its subscription is set to end (`billing_cancel_at`: canceled at the period's end,
// still running until then) and the creation time of the newest subscription event applied
// (`billing_event_at`), so an older event delivered late never rolls the state back.
export class Migration016SubscriptionChanges extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE organizations
        ADD COLUMN billing_cancel_at timestamptz,
        ADD COLUMN billing_event_at timestamptz`);
  }
}
