import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { isUniqueViolation } from '../../core/db/errors.js';
import { AppError, conflict, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { assertId, isId, newIds } from '../../core/ids.js';
import { toTotal } from '../../core/money/money.js';
import { diff, recordTenantAudit } from '../audit/index.js';
import type { UnitFilter, UnitInput } from './units.inputs.js';
import {
  assessmentGroupExists,
  deleteUnitRow,
  countUnits,
  insertUnit,
  lockUnit,
  lockUnitHistory,
  MAX_UNITS_PAGE,
  pageUnits,
  propertyTypeExists,
  selectFigures,
  selectUnits,
  type UnitValues,
  updateUnitRow,
} from './units.repository.js';
import type { Unit } from './units.types.js';

// Units: the records themselves. Their ledger is unit-ledger.service.ts, their CSV import
// unit-import.service.ts. Field checks are class-validator rules on UnitInput (units.inputs.ts);
// this file checks what needs the database (references, unique numbers, history).

export async function unitFigures(em: EntityManager, ids: string[]) {
  const valid = ids.filter(isId);
  const rows = valid.length ? await selectFigures(em, valid) : [];
  return ids.map((id) => {
    const r = rows.find((x) => x.id === id);
    return {
      balanceDue: toTotal(r?.due),
      credit: toTotal(r?.credit),
      invoiceCount: r?.invoices ?? 0,
    };
  });
}

// Many units by id (DataLoader batches); ids that do not name a unit are left out.
export async function findUnits(em: EntityManager, ids: string[]): Promise<Unit[]> {
  const valid = ids.filter(isId);
  if (!valid.length) return [];
  return selectUnits(em, valid);
}

export async function findUnit(em: EntityManager, id: string): Promise<Unit> {
  assertId(id, 'Unit');
  const [u] = await findUnits(em, [id]);
  if (!u) throw notFound('Unit');
  return u;
}

// Units by number (case-insensitive), keyset-paginated; 1 to 200 a page.
export function listUnits(
  em: EntityManager,
  filter: UnitFilter = {},
  first = 50,
  after?: string | null,
) {
  if (filter.assessmentGroupId) assertId(filter.assessmentGroupId, 'Assessment group');
  return pageUnits(
    em,
    {
      search: filter.search?.trim() || undefined,
      assessmentGroupId: filter.assessmentGroupId || undefined,
      withBalance: !!filter.withBalance,
    },
    { first, max: MAX_UNITS_PAGE, after },
  );
}

// A unit's values as they are stored: text trimmed, empty as null, email in lower case. The
// field rules (UnitInput's decorators) check these same trimmed values.
export function unitValues(input: UnitInput): UnitValues {
  const t = (s?: string | null) => s?.trim() || null;
  return {
    number: input.number.trim(),
    address: t(input.address),
    ownerName: t(input.ownerName),
    email: t(input.email)?.toLowerCase() ?? null,
    phone: t(input.phone),
    propertyTypeId: input.propertyTypeId,
    assessmentGroupId: input.assessmentGroupId,
  };
}

// The property type and group must be this association's (NOT_FOUND, naming the field).
async function checkRefs(em: EntityManager, u: UnitValues) {
  const d: FieldDetail[] = [];
  if (!(isId(u.propertyTypeId) && (await propertyTypeExists(em, u.propertyTypeId)))) {
    d.push({ field: 'propertyTypeId', message: 'Property type not found' });
  }
  if (!(isId(u.assessmentGroupId) && (await assessmentGroupExists(em, u.assessmentGroupId)))) {
    d.push({ field: 'assessmentGroupId', message: 'Assessment group not found' });
  }
  if (d.length) throw new AppError('NOT_FOUND', d[0].message, d);
}

const duplicate = (number: string) =>
  conflict(`Unit ${number} already exists`, [
    { field: 'number', message: 'A unit with this number already exists' },
  ]);

// The plan's limit on units: throws when `existing` units plus `adding` more exceed it.
export type UnitLimit = (existing: number, adding: number) => void;

export async function createUnit(
  em: EntityManager,
  actor: AuthInfo | null,
  input: UnitInput,
  limit: UnitLimit = () => undefined,
): Promise<Unit> {
  const u = unitValues(input);
  await checkRefs(em, u);
  const [id] = newIds(1);
  try {
    await em.transactional(async (tx) => {
      limit(await countUnits(tx), 1);
      await insertUnit(tx, id, u);
      await recordTenantAudit(tx, actor, {
        entityType: 'Unit',
        entityId: id,
        action: 'create',
        changes: { ...u },
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicate(u.number);
    throw e;
  }
  return findUnit(em, id);
}

export async function updateUnit(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  input: UnitInput,
): Promise<Unit> {
  assertId(id, 'Unit');
  const u = unitValues(input);
  await checkRefs(em, u);
  try {
    await em.transactional(async (tx) => {
      const before = await lockUnit(tx, id);
      if (!before) throw notFound('Unit');
      await updateUnitRow(tx, id, u);
      const changes = diff({ ...before }, { ...before, ...u }, [
        'number',
        'address',
        'ownerName',
        'email',
        'phone',
        'propertyTypeId',
        'assessmentGroupId',
      ]);
      if (Object.keys(changes).length) {
        await recordTenantAudit(tx, actor, {
          entityType: 'Unit',
          entityId: id,
          action: 'update',
          changes,
        });
      }
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw duplicate(u.number);
    throw e;
  }
  return findUnit(em, id);
}

// A unit with invoices keeps its history: it cannot be deleted.
export async function deleteUnit(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
): Promise<boolean> {
  assertId(id, 'Unit');
  await em.transactional(async (tx) => {
    const u = await lockUnitHistory(tx, id);
    if (!u) throw notFound('Unit');
    if (u.invoices > 0) {
      throw conflict(
        `Unit ${u.number} has ${u.invoices} invoice${u.invoices === 1 ? '' : 's'} and cannot be deleted; its history stays in the books`,
      );
    }
    if (u.payments > 0) {
      throw conflict(
        `Unit ${u.number} has payments and cannot be deleted; its history stays in the books`,
      );
    }
    // Owners invited to the portal for it are removed from it first (Owners on the unit's page).
    if (u.owners > 0) {
      throw conflict(
        `Unit ${u.number} has owners in the owner portal; remove them from the unit first`,
      );
    }
    await deleteUnitRow(tx, id);
    await recordTenantAudit(tx, actor, {
      entityType: 'Unit',
      entityId: id,
      action: 'delete',
      changes: { number: u.number },
    });
  });
  return true;
}
