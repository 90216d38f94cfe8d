import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { badInput, conflict, notFound } from '../../core/errors/app-error.js';
import { assertId } from '../../core/ids.js';
import { recordTenantAudit } from '../audit/index.js';
import type { PropertyType } from './assessments.types.js';
import {
  deletePropertyTypeRow,
  insertPropertyType,
  lockPropertyType,
  lockPropertyTypeUsage,
  propertyTypeRows,
  renamePropertyTypeRow,
} from './property-types.repository.js';

// Property types (single family, townhome, condo…): the association's own list, each with its
// rate in every assessment group.

export async function listPropertyTypes(em: EntityManager): Promise<PropertyType[]> {
  const rows = await propertyTypeRows(em);
  return rows.map((r) => ({ id: r.id, name: r.name, unitCount: r.unit_count }));
}

// The name is a plain argument (no input class), so it is checked here.
function cleanName(name: string, field = 'name', max = 80): string {
  const n = name.trim();
  if (!n) throw badInput([{ field, message: 'Enter a name' }]);
  if (n.length > max) throw badInput([{ field, message: `At most ${max} characters` }]);
  return n;
}

const nameTaken = (name: string) =>
  conflict(`Property type ${name} already exists`, [
    { field: 'name', message: 'A property type with this name already exists' },
  ]);

export async function createPropertyType(
  em: EntityManager,
  actor: AuthInfo | null,
  name: string,
): Promise<PropertyType> {
  const clean = cleanName(name);
  const id = randomUUID();
  try {
    await em.transactional(async (tx) => {
      await insertPropertyType(tx, id, clean);
      await recordTenantAudit(tx, actor, {
        entityType: 'PropertyType',
        entityId: id,
        action: 'create',
        changes: { name: clean },
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken(clean);
    throw e;
  }
  return { id, name: clean, unitCount: 0 };
}

export async function renamePropertyType(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  name: string,
): Promise<PropertyType> {
  assertId(id, 'Property type');
  const clean = cleanName(name);
  try {
    await em.transactional(async (tx) => {
      const before = await lockPropertyType(tx, id);
      if (before === undefined) throw notFound('Property type');
      await renamePropertyTypeRow(tx, id, clean);
      await recordTenantAudit(tx, actor, {
        entityType: 'PropertyType',
        entityId: id,
        action: 'update',
        changes: { name: { before, after: clean } },
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw nameTaken(clean);
    throw e;
  }
  return (await listPropertyTypes(em)).find((p) => p.id === id)!;
}

// Refused (CONFLICT) while units or group rates use the property type.
export async function deletePropertyType(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
): Promise<boolean> {
  assertId(id, 'Property type');
  await em.transactional(async (tx) => {
    const row = await lockPropertyTypeUsage(tx, id);
    if (!row) throw notFound('Property type');
    if (row.units || row.rates) {
      throw conflict(
        `Property type ${row.name} is used by ${row.units} unit(s) and ${row.rates} group rate(s) and cannot be deleted`,
      );
    }
    await deletePropertyTypeRow(tx, id);
    await recordTenantAudit(tx, actor, {
      entityType: 'PropertyType',
      entityId: id,
      action: 'delete',
      changes: { name: row.name },
    });
  });
  return true;
}
