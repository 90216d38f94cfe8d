import { Migration } from '@mikro-orm/migrations';

// Sessions (rotating refresh tokens in families), password resets, invitations, and the records
// the spec asks for: login history, email log, and an audit log of sensitive platform actions.
export class Migration002Identity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE memberships
        ADD COLUMN status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'invited'))`);
    this.addSql(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        family_id uuid NOT NULL,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        replaced_at timestamptz,
        revoked_at timestamptz,
        ip text,
        user_agent text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id)`);
    this.addSql(`CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id)`);
    this.addSql(`
      CREATE TABLE password_reset_tokens (
        id uuid PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE TABLE invitations (
        id uuid PRIMARY KEY,
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role text NOT NULL CHECK (role IN ('admin', 'user', 'viewer')),
        token_hash text NOT NULL UNIQUE,
        invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE TABLE login_history (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        email text,
        organization_id uuid REFERENCES organizations (id) ON DELETE SET NULL,
        ip text,
        user_agent text,
        method text NOT NULL,
        success boolean NOT NULL,
        failure_reason text,
        impersonated_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX login_history_user_idx ON login_history (user_id, created_at DESC)`);
    this.addSql(`
      CREATE TABLE email_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        to_address text NOT NULL,
        subject text NOT NULL,
        body text NOT NULL,
        template text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`
      CREATE TABLE audit_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        actor_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
        impersonated_by uuid REFERENCES users (id) ON DELETE SET NULL,
        organization_id uuid REFERENCES organizations (id) ON DELETE SET NULL,
        action text NOT NULL,
        entity_type text NOT NULL,
        entity_id text,
        details jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }
}
