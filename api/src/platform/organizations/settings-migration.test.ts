import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { createDatabase, withClient, withDatabase } from '../../db/connection.js';
import { migrate } from '../../db/migrations.js';

// Platform migration 014 takes the demo mark out of the settings (any member could write it, and
// demo:reset dropped the books of whatever carried it) and keeps the declared keys only: a
// platform database as it stood before it, with such settings, migrated.
describe('platform migration 014: the demo mark and the declared settings keys', () => {
  it('carries a demo mark over only where the seeded treasurer is an active admin', async () => {
    const { serverUrl, prefix } = inject('testDb');
    const name = `${prefix}_m${randomBytes(4).toString('hex')}`;
    await createDatabase(serverUrl, name);
    const url = withDatabase(serverUrl, name);
    await migrate(url, 'platform');
    const ids = {
      seeded: randomUUID(),
      copied: randomUUID(),
      invited: randomUUID(),
      plain: randomUUID(),
      odd: randomUUID(),
    };
    await withClient(url, async (c) => {
      // Back to before 014.
      await c.query('ALTER TABLE organizations DROP CONSTRAINT organizations_settings_keys');
      await c.query('ALTER TABLE organizations DROP COLUMN demo_profile');
      await c.query(
        `DELETE FROM schema_migrations WHERE name = '014_demo_profile_and_settings_keys'`,
      );
      const org = (id: string, orgName: string, settings: unknown) =>
        c.query(
          `INSERT INTO organizations (id, name, db_name, settings) VALUES ($1, $2, $3, $4::jsonb)`,
          [id, orgName, `db_${id.slice(0, 8)}`, JSON.stringify(settings)],
        );
      // The demo as the seeder left it.
      await org(ids.seeded, 'Maple Ridge HOA', {
        demo: 'maple-ridge',
        onboardingComplete: true,
        ideationEnabled: true,
      });
      // A member's association that wrote the mark, and named itself like the demo.
      await org(ids.copied, 'Maple Ridge HOA', { demo: 'maple-ridge', theme: 'dark' });
      // The treasurer only invited (a member can invite, not make them accept).
      await org(ids.invited, 'Harbor Point Condominium Association', {
        demo: 'harbor-point',
        locale: 'en-US',
      });
      await org(ids.plain, 'Birch Hollow HOA', { requireMfa: true, currency: 'USD' });
      await org(ids.odd, 'Odd HOA', ['not', 'an', 'object']);
      const user = async (email: string) => {
        const id = randomUUID();
        await c.query('INSERT INTO users (id, email) VALUES ($1, $2)', [id, email]);
        return id;
      };
      const maple = await user('treasurer@maple-ridge.example');
      const harbor = await user('treasurer@harbor-point.example');
      const member = async (userId: string, orgId: string, status: string) =>
        c.query(
          `INSERT INTO memberships (id, user_id, organization_id, role, status)
           VALUES ($1, $2, $3, 'admin', $4)`,
          [randomUUID(), userId, orgId, status],
        );
      await member(maple, ids.seeded, 'active');
      await member(harbor, ids.invited, 'invited');
    });

    await migrate(url, 'platform');

    await withClient(url, async (c) => {
      const { rows } = await c.query<{ id: string; demo_profile: string | null; settings: object }>(
        'SELECT id, demo_profile, settings FROM organizations',
      );
      const by = Object.fromEntries(rows.map((r) => [r.id, r]));
      expect(by[ids.seeded]).toMatchObject({
        demo_profile: 'maple-ridge',
        settings: { onboardingComplete: true, ideationEnabled: true },
      });
      expect(by[ids.copied]).toMatchObject({ demo_profile: null, settings: {} });
      expect(by[ids.invited]).toMatchObject({ demo_profile: null, settings: { locale: 'en-US' } });
      expect(by[ids.plain]).toMatchObject({
        demo_profile: null,
        settings: { requireMfa: true, currency: 'USD' },
      });
      expect(by[ids.odd]).toMatchObject({ demo_profile: null, settings: {} });
      // From now on the database refuses any other key, whoever writes it.
      await expect(
        c.query(`UPDATE organizations SET settings = settings || '{"demo": "x"}' WHERE id = $1`, [
          ids.plain,
        ]),
      ).rejects.toThrow(/organizations_settings_keys/);
      await expect(
        c.query(`UPDATE organizations SET settings = '[]' WHERE id = $1`, [ids.plain]),
      ).rejects.toThrow(/organizations_settings_keys/);
    });
  });
});
