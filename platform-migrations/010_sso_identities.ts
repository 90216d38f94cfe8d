import { Migration } from '@mikro-orm/migrations';

// Sign-in through an identity provider (Google, Microsoft Entra ID). An identity is the provider's
// stable subject (`sub`), linked to one user by that user's own act; the email beside it is only
// shown, never used to find a user. A sign-in or link in flight keeps its state (stored hashed),
// PKCE verifier and nonce for ten minutes, single use.
export class Migration010SsoIdentities extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE user_identities (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        provider text NOT NULL CHECK (provider IN ('google', 'microsoft')),
        subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
        email text CHECK (length(email) <= 320),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        UNIQUE (provider, subject),
        UNIQUE (user_id, provider)
      )`);
    this.addSql(`
      CREATE TABLE sso_states (
        state_hash text PRIMARY KEY,
        provider text NOT NULL CHECK (provider IN ('google', 'microsoft')),
        purpose text NOT NULL CHECK (purpose IN ('sign-in', 'link')),
        user_id uuid REFERENCES users (id) ON DELETE CASCADE,
        code_verifier text NOT NULL,
        nonce text NOT NULL,
        redirect_path text NOT NULL DEFAULT '/' CHECK (length(redirect_path) <= 500),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((purpose = 'link') = (user_id IS NOT NULL))
      )`);
    this.addSql(`CREATE INDEX sso_states_expiry_idx ON sso_states (expires_at)`);
  }
}
