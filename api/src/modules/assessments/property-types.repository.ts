import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

export interface PropertyTypeRow {
  id: string;
  name: string;
  unit_count: number;
}

export function propertyTypeRows(em: EntityManager): Promise<PropertyTypeRow[]> {
  return sql(em).all<PropertyTypeRow>(
    `SELECT p.id, p.name, (SELECT count(*)::int FROM units u WHERE u.property_type_id = p.id) AS unit_count
       FROM property_types p ORDER BY lower(p.name)`,
  );
}

// Which of the ids are property types of this association.
export async function knownPropertyTypeIds(em: EntityManager, ids: string[]): Promise<string[]> {
  const rows = await sql(em).all<{ id: string }>(
    `SELECT id FROM property_types WHERE id = ${anyOf('uuid')}`,
    [ids],
  );
  return rows.map((r) => r.id);
}

export async function insertPropertyType(em: EntityManager, id: string, name: string) {
  await sql(em).run('INSERT INTO property_types (id, name) VALUES (?, ?)', [id, name]);
}

// The property type's name, locked for the transaction; undefined when there is none.
export async function lockPropertyType(em: EntityManager, id: string): Promise<string | undefined> {
  const [row] = await sql(em).all<{ name: string }>(
    'SELECT name FROM property_types WHERE id = ? FOR UPDATE',
    [id],
  );
  return row?.name;
}

export async function renamePropertyTypeRow(em: EntityManager, id: string, name: string) {
  await sql(em).run('UPDATE property_types SET name = ? WHERE id = ?', [name, id]);
}

// The property type (locked) with how many units and group rates use it.
export async function lockPropertyTypeUsage(
  em: EntityManager,
  id: string,
): Promise<{ name: string; units: number; rates: number } | undefined> {
  const [row] = await sql(em).all<{ name: string; units: number; rates: number }>(
    `SELECT name, (SELECT count(*)::int FROM units WHERE property_type_id = p.id) AS units,
            (SELECT count(*)::int FROM assessment_rates WHERE property_type_id = p.id) AS rates
       FROM property_types p WHERE id = ? FOR UPDATE`,
    [id],
  );
  return row;
}

export async function deletePropertyTypeRow(em: EntityManager, id: string) {
  await sql(em).run('DELETE FROM property_types WHERE id = ?', [id]);
}
