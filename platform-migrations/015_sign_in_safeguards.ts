import { Migration } from '@mikro-orm/migrations';

// The email log's bodies as api/src/core/email/mask.ts masks them (the same two patterns, in
// PostgreSQL's regular expressions): links' query values, then long runs of token characters
// with a digit in them. (Run as it is: the migrator passes SQL without parameters untouched, ?
// included; mask.test.ts runs it the same way.)
export const MASK_EMAIL_LOG_SQL = `UPDATE email_log SET body = regexp_replace(
  regexp_replace(body, '([?&][^=\\s&#]+=)[^\\s&#]+', '\\1[hidden]', 'g'),
  '(?<![A-Za-z0-9_-])(?=[A-Za-z_-]*[0-9])[A-Za-z0-9_-]{24,}', '[hidden]', 'g')`;

// Sign-in safeguards. Wrong authenticator codes in a row are counted per user, in the database
// (every API process sees the same count, and a restart forgets nothing); past the limit the
// authenticator is locked until `locked_until`. An impersonation records the reason the super admin
// gave. The email log no longer keeps usable links: those already stored are masked.
export class Migration015SignInSafeguards extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE user_mfa
        ADD COLUMN failed_codes integer NOT NULL DEFAULT 0 CHECK (failed_codes >= 0),
        ADD COLUMN locked_until timestamptz`);
    this.addSql(`
      ALTER TABLE login_history
        ADD COLUMN reason text CHECK (length(reason) <= 500)`);
    this.addSql(MASK_EMAIL_LOG_SQL);
  }
}
