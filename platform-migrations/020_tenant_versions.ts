import { Migration } from '@mikro-orm/migrations';

// Fleet migrations. Each association records the last tenant migration its database has (the name
// its schema_migrations table holds) and when that was read, so a fleet run visits only the
// associations not at the code's version (NULL: not read yet) and a run stopped half way resumes
// where it stopped. Every run is kept in fleet_migrations: its target, its counts and how it ended.
export class Migration020TenantVersions extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE organizations
        ADD COLUMN schema_version text,
        ADD COLUMN schema_checked_at timestamptz`);
    this.addSql(`
      CREATE TABLE fleet_migrations (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        target_version text NOT NULL,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz,
        status text NOT NULL DEFAULT 'running'
          CHECK (status IN ('running', 'done', 'stopped', 'failed')),
        total integer NOT NULL DEFAULT 0 CHECK (total >= 0),
        done integer NOT NULL DEFAULT 0 CHECK (done >= 0),
        failed integer NOT NULL DEFAULT 0 CHECK (failed >= 0),
        last_error text,
        CHECK ((status = 'running') = (finished_at IS NULL))
      )`);
  }
}
