import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context } from '../../core/context.js';
import { notFound } from '../../core/errors/app-error.js';
import { isId } from '../../core/ids.js';
import { Role } from '../../core/roles.js';
import { sql } from '../../db/sql.js';

// The owner portal's one door to a unit: an owner reaches a unit only through a binding of
// unit_owners to the caller. Every owner-reachable operation asks here for each id it is given, and
// an id that is not the caller's (another unit's, another association's, not an id at all) is
// NOT_FOUND, the same answer as an id that does not exist, so an owner learns nothing of the
// association's other units.

/** The units the caller owns in this association (none for anyone who is not an owner). */
export async function ownedUnitIds(ctx: Context): Promise<string[]> {
  if (ctx.role !== Role.OWNER || !ctx.auth) return [];
  return unitIdsOfOwner(ctx.em, ctx.auth.userId);
}

export async function unitIdsOfOwner(em: EntityManager, userId: string): Promise<string[]> {
  const rows = await sql(em).all<{ unit_id: string }>(
    `SELECT o.unit_id FROM unit_owners o JOIN units u ON u.id = o.unit_id
      WHERE o.user_id = ? ORDER BY lower(u.number), u.id`,
    [userId],
  );
  return rows.map((r) => r.unit_id);
}

/** The unit id, once it is one of the caller's; NOT_FOUND otherwise. */
export async function assertOwnedUnit(ctx: Context, unitId: string, what = 'Unit') {
  if (!isId(unitId)) throw notFound(what);
  const owned = await ownedUnitIds(ctx);
  if (!owned.includes(unitId)) throw notFound(what);
  return unitId;
}
