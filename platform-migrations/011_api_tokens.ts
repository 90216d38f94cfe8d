import { Migration } from '@mikro-orm/migrations';

// Personal API tokens: a named credential of one user for one organization (with the user's role
// or read-only), shown once and stored as a SHA-256 hash. It always expires; revoking keeps the
// row (the list shows it as revoked). A name is unique per user among tokens not revoked. The
// prefix is the token's first characters, shown in lists so a user can tell tokens apart.
export class Migration011ApiTokens extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE api_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
        access text NOT NULL CHECK (access IN ('role', 'read-only')),
        token_hash text NOT NULL UNIQUE,
        prefix text NOT NULL,
        expires_at timestamptz NOT NULL,
        last_used_at timestamptz,
        last_used_ip text,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        CHECK (expires_at > created_at AND expires_at <= created_at + interval '366 days')
      )`);
    this.addSql(`
      CREATE UNIQUE INDEX api_tokens_user_name_idx ON api_tokens (user_id, lower(name))
        WHERE revoked_at IS NULL`);
    this.addSql(`CREATE INDEX api_tokens_user_idx ON api_tokens (user_id, created_at DESC)`);
  }
}
