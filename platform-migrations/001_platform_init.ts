import { Migration } from '@mikro-orm/migrations';

// Organizations (tenants), users and their memberships. A tenant's location is its cluster and
// database name; tokens and the web app never carry either.
export class Migration001PlatformInit extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE organizations (
        id uuid PRIMARY KEY,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'suspended', 'archived')),
        plan_level text NOT NULL DEFAULT 'standard',
        contract_number text,
        payment_date date,
        confirmation_number text,
        renewal_date date,
        settings jsonb NOT NULL DEFAULT '{}'::jsonb,
        db_cluster text NOT NULL DEFAULT 'default',
        db_name text NOT NULL UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        email text NOT NULL UNIQUE CHECK (email = lower(email) AND length(email) <= 254),
        name text,
        password_hash text,
        is_superadmin boolean NOT NULL DEFAULT false,
        is_platform_owner boolean NOT NULL DEFAULT false,
        has_seen_intro boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT platform_owner_is_superadmin CHECK (NOT is_platform_owner OR is_superadmin)
      )`);
    this.addSql(`
      CREATE TABLE memberships (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('admin', 'user', 'viewer')),
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, organization_id)
      )`);
    this.addSql(`CREATE INDEX memberships_organization_idx ON memberships (organization_id)`);
  }
}
