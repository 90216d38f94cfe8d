import { Migration } from '@mikro-orm/migrations';

// Which organizations are demo associations is the platform's to say, not a setting: the settings
// document was writable by any member, and `demo` in it made `npm run demo:reset` drop that
// association's database. The mark moves to a column only the demo seeder writes. A `demo` setting
// is carried over only where the seeded treasurer is an active admin (a member could write the key,
// but not make that account join); every other one is dropped.
//
// The settings document holds the declared keys only (organizations.inputs.ts lists them, and the
// permission table says who sets which); anything else members wrote is removed, and the database
// refuses it from now on.

// An object holding no key but the declared ones (CASE: `-` on a non-object raises an error).
const DECLARED_ONLY = `CASE WHEN jsonb_typeof(settings) = 'object'
  THEN settings - ARRAY['onboardingComplete', 'requireMfa', 'locale', 'currency',
                        'ideationEnabled'] = '{}'::jsonb
  ELSE false END`;

export class Migration014DemoProfileAndSettingsKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      ALTER TABLE organizations
        ADD COLUMN demo_profile text CHECK (demo_profile ~ '^[a-z][a-z0-9-]{0,39}$')`);
    this.addSql(`
      UPDATE organizations o SET demo_profile = seeded.profile
        FROM (VALUES ('maple-ridge', 'treasurer@maple-ridge.example'),
                     ('harbor-point', 'treasurer@harbor-point.example')) AS seeded (profile, admin)
       WHERE o.settings->>'demo' = seeded.profile
         AND EXISTS (
           SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
            WHERE m.organization_id = o.id AND m.role = 'admin' AND m.status = 'active'
              AND u.email = seeded.admin)`);
    this.addSql(`
      UPDATE organizations
         SET settings = CASE WHEN jsonb_typeof(settings) = 'object' THEN COALESCE(
               (SELECT jsonb_object_agg(key, value) FROM jsonb_each(settings)
                 WHERE key IN ('onboardingComplete', 'requireMfa', 'locale', 'currency',
                               'ideationEnabled')),
               '{}'::jsonb) ELSE '{}'::jsonb END
       WHERE NOT ${DECLARED_ONLY}`);
    this.addSql(`
      ALTER TABLE organizations
        ADD CONSTRAINT organizations_settings_keys CHECK (${DECLARED_ONLY})`);
  }
}
