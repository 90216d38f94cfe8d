import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { createDatabase, withClient, withDatabase } from '../../db/connection.js';
import { migrate } from '../../db/migrations.js';

// Tenant migration 025 gives existing books' accounts the roles the old name rules read, so no
// forecast of existing books changes: a database as it stood before it, with accounts, migrated.
describe('tenant migration 025: forecast roles from the old name rules', () => {
  it('backfills exactly the accounts the names made special, and audits each', async () => {
    const { serverUrl, prefix } = inject('testDb');
    const name = `${prefix}_r${randomBytes(4).toString('hex')}`;
    await createDatabase(serverUrl, name);
    const url = withDatabase(serverUrl, name);
    await migrate(url, 'tenant');
    await withClient(url, async (c) => {
      // Back to before 025.
      await c.query(`ALTER TABLE accounts DROP COLUMN forecast_role`);
      await c.query(`DELETE FROM schema_migrations WHERE name = '025_account_forecast_roles'`);
      const rows: [string, string, string, string][] = [
        ['5950', 'Transfer to Reserves', 'expense', 'operating'],
        ['5900', 'Reserve Contribution', 'expense', 'operating'],
        ['5960', 'Transfer to Operating Savings', 'expense', 'operating'],
        ['6510', 'Reserve Transfer Fees', 'expense', 'reserve'],
        ['4510', 'Reserve Contributions', 'income', 'reserve'],
        ['4515', 'Contributions and Interest', 'income', 'reserve'],
        ['4520', 'Reserve Interest Income', 'income', 'reserve'],
        ['4100', 'Late Charges and Interest', 'income', 'operating'],
        ['4300', 'Owner Contributions', 'income', 'operating'],
        ['1500', 'Interest Receivable', 'asset', 'operating'],
      ];
      for (const r of rows) {
        await c.query(
          `INSERT INTO accounts (id, number, name, type, fund_type)
           VALUES (gen_random_uuid(), $1, $2, $3, $4)`,
          r,
        );
      }
    });
    await migrate(url, 'tenant');
    await withClient(url, async (c) => {
      const { rows } = await c.query<{ number: string; forecast_role: string | null }>(
        `SELECT number, forecast_role FROM accounts ORDER BY number`,
      );
      expect(Object.fromEntries(rows.map((r) => [r.number, r.forecast_role]))).toEqual({
        '1500': null,
        // Interest in its name: the forecast left it out before, so it keeps doing so until
        // the treasurer clears the role.
        '4100': 'interest_income',
        // An operating income account cannot be the reserve contribution: ordinary income now.
        '4300': null,
        '4510': 'reserve_contribution',
        '4515': 'reserve_contribution',
        '4520': 'interest_income',
        '5900': 'reserve_transfer',
        '5950': 'reserve_transfer',
        '5960': null,
        '6510': null,
      });
      const audit = await c.query<{ number: string; changes: unknown }>(
        `SELECT a.number, l.changes FROM audit_log l JOIN accounts a ON a.id = l.entity_id
          WHERE l.entity_type = 'Account' AND l.action = 'update' ORDER BY a.number`,
      );
      expect(audit.rows).toHaveLength(6);
      expect(audit.rows[0]).toEqual({
        number: '4100',
        changes: { forecastRole: { before: null, after: 'interest_income' } },
      });
      // The tie to type and fund holds from now on.
      await expect(
        c.query(`UPDATE accounts SET forecast_role = 'reserve_transfer' WHERE number = '6510'`),
      ).rejects.toThrow(/accounts_forecast_role_reserve_transfer/);
      await expect(
        c.query(`UPDATE accounts SET forecast_role = 'interest' WHERE number = '4300'`),
      ).rejects.toThrow(/accounts_forecast_role_known/);
    });
  });
});
