import { Migration } from '@mikro-orm/migrations';

// Sessions that end when they should. Every access token carries the user's session version; a
// password reset or change and "sign out everywhere" move it on, which ends every access token
// issued before (refresh sessions are revoked as they were). A membership can now be suspended by
// the organization's admins: no access until it is reinstated. A password reset asked for an
// unknown email stores a token too, with no user (never sent, so never usable): the request does
// the same write whether the account exists or not.
export class Migration004SessionVersion extends Migration {
  override async up(): Promise<void> {
    this.addSql(`ALTER TABLE users ADD COLUMN session_version integer NOT NULL DEFAULT 0`);
    this.addSql(`ALTER TABLE memberships DROP CONSTRAINT memberships_status_check`);
    this.addSql(`
      ALTER TABLE memberships
        ADD CONSTRAINT memberships_status_check
          CHECK (status IN ('active', 'invited', 'suspended'))`);
    this.addSql(`ALTER TABLE password_reset_tokens ALTER COLUMN user_id DROP NOT NULL`);
  }
}
