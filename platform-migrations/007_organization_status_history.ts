import { Migration } from '@mikro-orm/migrations';

// Every status change of an organization (active, suspended, archived): from what, to what, who
// made it and why. A tenant created from the admin panel starts with its first row (to active).
export class Migration007OrganizationStatusHistory extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE organization_status_history (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        from_status text CHECK (from_status IN ('active', 'suspended', 'archived')),
        to_status text NOT NULL CHECK (to_status IN ('active', 'suspended', 'archived')),
        changed_by uuid REFERENCES users (id) ON DELETE SET NULL,
        reason text NOT NULL DEFAULT '' CHECK (length(reason) <= 500),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE INDEX organization_status_history_org_idx
        ON organization_status_history (organization_id, created_at DESC)`);
  }
}
