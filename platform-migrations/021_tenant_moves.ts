import { Migration } from '@mikro-orm/migrations';

// Moving an association to another PostgreSQL cluster (npm run tenant:move). While
// `moving_since` is set the association's writes are refused (its database is read-only for the
// copy). `tenant_moves` keeps every move: the database it left (kept, read-only, until the move
// is confirmed and it is dropped), where it went, and how long writes were frozen. One move at a
// time per association: a second is refused while one copies or awaits confirmation.
export class Migration021TenantMoves extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE organizations ADD COLUMN moving_since timestamptz`);
    this.addSql(`
      CREATE TABLE tenant_moves (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        from_cluster text NOT NULL,
        from_db text NOT NULL,
        to_cluster text NOT NULL,
        to_db text NOT NULL,
        status text NOT NULL DEFAULT 'copying'
          CHECK (status IN ('copying', 'awaiting_confirmation', 'confirmed', 'failed')),
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        confirmed_at timestamptz,
        freeze_ms integer,
        error text
      )`);
    this.addSql(`
      CREATE UNIQUE INDEX tenant_moves_one_open ON tenant_moves (organization_id)
        WHERE status IN ('copying', 'awaiting_confirmation')`);
  }
}
