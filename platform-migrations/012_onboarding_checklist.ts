import { Migration } from '@mikro-orm/migrations';

// The onboarding checklist's progress, kept server-side. A step is recorded the first time it is
// seen done and stays done (undoing its thing later does not un-tick it). Organization steps have
// no user; personal steps (turning on two-step sign-in) name the user, so one member's progress
// never ticks another's. The unique index treats a missing user as one value (NULLS NOT DISTINCT),
// so an organization step is recorded once however many members look at the card at the same
// moment. Dismissing the card is each member's own choice, per organization.
export class Migration012OnboardingChecklist extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE onboarding_step_completions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        user_id uuid REFERENCES users (id) ON DELETE CASCADE,
        step text NOT NULL CHECK (step ~ '^[a-z_]{1,40}$'),
        completed_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE UNIQUE INDEX onboarding_step_completions_step_idx
        ON onboarding_step_completions (organization_id, user_id, step) NULLS NOT DISTINCT`);
    this.addSql(`
      CREATE TABLE onboarding_checklist_dismissals (
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        dismissed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, user_id)
      )`);
  }
}
