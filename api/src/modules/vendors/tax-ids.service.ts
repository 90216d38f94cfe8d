import type { EntityManager } from '@mikro-orm/postgresql';
import type { SecretBox } from '../../core/crypto/secret-box.js';
import { isId } from '../../core/ids.js';
import { withClient } from '../../db/connection.js';
import { sealClearTaxId, selectClearTaxIds, selectSealedTaxIds } from './vendors.repository.js';

// Where a vendor's tax id is sealed: a sealed value opens only for the row it was sealed for.
export const taxIdContext = (vendorId: string) => `vendor:${vendorId}:tax_id`;

// Seals the tax ids a tenant database still holds in clear (written before migration 008), in
// one transaction. Run after the tenant's migrations; a database with none does nothing. It is
// given the tenant's URL by the migration runner (boot and the migrate CLI), which upgrades every
// tenant database whatever the organization's status, so it connects by URL rather than through
// the tenant door.
export function sealTaxIds(secrets: SecretBox) {
  return (tenantUrl: string) =>
    withClient(tenantUrl, async (c) => {
      const rows = await selectClearTaxIds(c);
      if (!rows.length) return;
      await c.query('BEGIN');
      try {
        for (const r of rows) {
          await sealClearTaxId(c, r.id, r.tax_id, secrets.seal(r.tax_id, taxIdContext(r.id)));
        }
        await c.query('COMMIT');
      } catch (err) {
        await c.query('ROLLBACK');
        throw err;
      }
    });
}

// The whole tax ids (nine digits) of these vendors, opened from their seals: only for callers that
// have checked the caller may see them (organization admins, the 1099 report). Vendors without a
// tax id, and ids that name no vendor, are absent from the map.
export async function vendorTaxIds(
  em: EntityManager,
  secrets: SecretBox,
  vendorIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(vendorIds.filter(isId))];
  if (!ids.length) return new Map();
  const rows = await selectSealedTaxIds(em, ids);
  const out = new Map<string, string>();
  for (const r of rows) {
    if (r.tax_id_sealed) out.set(r.id, secrets.open(r.tax_id_sealed, taxIdContext(r.id)));
    else if (r.tax_id) out.set(r.id, r.tax_id);
  }
  return out;
}
