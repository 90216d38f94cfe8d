import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of the bindings of owners to units (unit_owners, tenant migration 033).

export interface UnitRef {
  id: string;
  number: string;
}

export async function selectUnitRef(em: EntityManager, id: string): Promise<UnitRef | undefined> {
  const [row] = await sql(em).all<UnitRef>('SELECT id, number FROM units WHERE id = ?', [id]);
  return row;
}

// Every unit's id and number, for a file that names units by number.
export function selectUnitRefs(em: EntityManager): Promise<UnitRef[]> {
  return sql(em).all<UnitRef>('SELECT id, number FROM units');
}

export interface BindingRow {
  unit_id: string;
  user_id: string;
  email: string;
  created_at: Date;
}

// The owners of the units, first invited first.
export function selectBindingsOfUnits(em: EntityManager, unitIds: string[]): Promise<BindingRow[]> {
  return sql(em).all<BindingRow>(
    `SELECT unit_id, user_id, email, created_at FROM unit_owners
      WHERE unit_id = ${anyOf('uuid')} ORDER BY created_at, email`,
    [unitIds],
  );
}

// The bindings of these people (to any unit).
export function selectBindingsOfUsers(em: EntityManager, userIds: string[]): Promise<BindingRow[]> {
  return sql(em).all<BindingRow>(
    `SELECT unit_id, user_id, email, created_at FROM unit_owners
      WHERE user_id = ${anyOf('uuid')}`,
    [userIds],
  );
}

// The numbers of a person's units, by number.
export async function selectUnitNumbersOf(em: EntityManager, userId: string): Promise<string[]> {
  const rows = await sql(em).all<{ number: string }>(
    `SELECT u.number FROM unit_owners o JOIN units u ON u.id = o.unit_id
      WHERE o.user_id = ? ORDER BY lower(u.number), u.id`,
    [userId],
  );
  return rows.map((r) => r.number);
}

// Answers whether the row was new (a binding already there is left as it was).
export async function insertBinding(
  tx: EntityManager,
  b: { unitId: string; userId: string; email: string; invitedBy: string | null },
): Promise<boolean> {
  const rows = await sql(tx).all<{ unit_id: string }>(
    `INSERT INTO unit_owners (unit_id, user_id, email, invited_by) VALUES (?, ?, ?, ?)
     ON CONFLICT (unit_id, user_id) DO NOTHING RETURNING unit_id`,
    [b.unitId, b.userId, b.email, b.invitedBy],
  );
  return rows.length > 0;
}

// Answers whether there was such a binding.
export async function deleteBinding(
  tx: EntityManager,
  unitId: string,
  userId: string,
): Promise<boolean> {
  const rows = await sql(tx).all<{ unit_id: string }>(
    'DELETE FROM unit_owners WHERE unit_id = ? AND user_id = ? RETURNING unit_id',
    [unitId, userId],
  );
  return rows.length > 0;
}

export async function countBindingsOf(tx: EntityManager, userId: string): Promise<number> {
  const [row] = await sql(tx).all<{ n: number }>(
    'SELECT count(*)::int AS n FROM unit_owners WHERE user_id = ?',
    [userId],
  );
  return row.n;
}
