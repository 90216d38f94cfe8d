import { Migration } from '@mikro-orm/migrations';

// Tenant Health: one snapshot of each organization's health score per week (the week starting on
// Monday, UTC), so the admin page can draw the last twelve weeks. The inputs the score was computed
// from are kept beside it. Health counts each organization's sign-ins over the last 30 days: an
// index on login_history by organization and time keeps that a range scan.
export class Migration005TenantHealthSnapshots extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE tenant_health_snapshots (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        week_start date NOT NULL CHECK (extract(isodow FROM week_start) = 1),
        score int NOT NULL CHECK (score BETWEEN 0 AND 100),
        inputs jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (organization_id, week_start)
      )`);
    this.addSql(
      `CREATE INDEX login_history_organization_idx ON login_history (organization_id, created_at DESC)`,
    );
  }
}
