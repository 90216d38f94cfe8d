import { Migration } from '@mikro-orm/migrations';

// Two-step sign-in with an authenticator app (TOTP). A user's secret is kept sealed (never in plain
// text); a setup in progress keeps its own pending secret until a first code confirms it. The last
// accepted time step refuses a code used once from being replayed within its window. Recovery
// codes and sign-in challenges are stored as SHA-256 hashes, each single use.
export class Migration008Mfa extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE user_mfa (
        user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        secret_sealed text,
        pending_secret_sealed text,
        pending_since timestamptz,
        enabled_at timestamptz,
        last_time_step bigint,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (enabled_at IS NULL OR secret_sealed IS NOT NULL)
      )`);
    this.addSql(`
      CREATE TABLE mfa_recovery_codes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash text NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, code_hash)
      )`);
    this.addSql(`
      CREATE TABLE mfa_challenges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_hash text NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        failed_attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    this.addSql(`CREATE INDEX mfa_challenges_expiry_idx ON mfa_challenges (expires_at)`);
  }
}
