import type { SecretBox } from '../../core/crypto/secret-box.js';
import { withClient } from '../../db/connection.js';

// Where a vendor's tax id is sealed: a sealed value opens only for the row it was sealed for.
export const taxIdContext = (vendorId: string) => `vendor:${vendorId}:tax_id`;

// Seals the tax ids a tenant database still holds in clear (written before migration 008), in
// one transaction. Run after the tenant's migrations; a database with none does nothing.
export function sealTaxIds(secrets: SecretBox) {
  return (tenantUrl: string) =>
    withClient(tenantUrl, async (c) => {
      const { rows } = await c.query<{ id: string; tax_id: string }>(
        `SELECT id, tax_id FROM vendors WHERE tax_id IS NOT NULL`,
      );
      if (!rows.length) return;
      await c.query('BEGIN');
      try {
        for (const r of rows) {
          await c.query(
            `UPDATE vendors SET tax_id_sealed = $2, tax_id_last4 = right($3, 4), tax_id = NULL
              WHERE id = $1 AND tax_id = $3`,
            [r.id, secrets.seal(r.tax_id, taxIdContext(r.id)), r.tax_id],
          );
        }
        await c.query('COMMIT');
      } catch (err) {
        await c.query('ROLLBACK');
        throw err;
      }
    });
}
