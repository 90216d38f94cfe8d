import { Migration } from '@mikro-orm/migrations';

// Passkeys (WebAuthn discoverable credentials): the public key and signature counter of each one a
// user registered, and the challenges of ceremonies in progress. A challenge is single use (used_at
// is set by the one UPDATE that consumes it) and short-lived; sign-in challenges have no user yet.
export class Migration009Passkeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      CREATE TABLE passkeys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        credential_id text NOT NULL UNIQUE
          CHECK (credential_id ~ '^[A-Za-z0-9_-]+$' AND length(credential_id) BETWEEN 16 AND 1400),
        public_key bytea NOT NULL,
        counter bigint NOT NULL DEFAULT 0 CHECK (counter >= 0),
        transports text[] NOT NULL DEFAULT '{}',
        device_type text NOT NULL CHECK (device_type IN ('singleDevice', 'multiDevice')),
        backed_up boolean NOT NULL DEFAULT false,
        name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz
      )`);
    this.addSql(`CREATE INDEX passkeys_user_idx ON passkeys (user_id, created_at)`);
    this.addSql(`
      CREATE TABLE passkey_challenges (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        purpose text NOT NULL CHECK (purpose IN ('register', 'authenticate')),
        user_id uuid REFERENCES users (id) ON DELETE CASCADE,
        challenge text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((purpose = 'register') = (user_id IS NOT NULL))
      )`);
    this.addSql(`CREATE INDEX passkey_challenges_expiry_idx ON passkey_challenges (expires_at)`);
  }
}
