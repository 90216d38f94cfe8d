import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of scenarios: typed rows, parameters only. The assumptions travel as JSON
// text in both directions (money inside as decimal strings), so no bigint passes through a number.

export interface StoredAssumptions {
  assessmentChanges?: { fromMonth: string; percent: string }[];
  specialAssessments?: { month: string; fund: string; amount: string }[];
  projectMoves?: { projectId: string; targetYear: number | null }[];
  plannedInvestments?: {
    id: string;
    fund: string;
    kind: string;
    institution: string;
    amount: string;
    termMonths: number | null;
    apy: string;
    month: string;
    executedInvestmentId: string | null;
  }[];
  excludedInvestmentIds?: string[];
  inflationPercent?: string | null;
}

export interface ScenarioRow {
  id: string;
  name: string;
  assumptions: StoredAssumptions;
  created_at: string;
  updated_at: string;
  created_by: string | null;
}

const COLUMNS = `id, name, assumptions, created_at, updated_at, created_by`;

export function selectScenarios(em: EntityManager): Promise<ScenarioRow[]> {
  return sql(em).all<ScenarioRow>(`SELECT ${COLUMNS} FROM scenarios ORDER BY lower(name), id`);
}

// `ids` must be valid uuids.
export function selectScenariosByIds(em: EntityManager, ids: string[]): Promise<ScenarioRow[]> {
  return sql(em).all<ScenarioRow>(`SELECT ${COLUMNS} FROM scenarios WHERE id = ${anyOf('uuid')}`, [
    ids,
  ]);
}

// The row, locked until the transaction ends (an edit and an execution must not interleave).
export async function lockScenario(tx: EntityManager, id: string): Promise<ScenarioRow | null> {
  const [row] = await sql(tx).all<ScenarioRow>(
    `SELECT ${COLUMNS} FROM scenarios WHERE id = ? FOR UPDATE`,
    [id],
  );
  return row ?? null;
}

// Serializes creations, so two at once cannot both pass the count limit.
export async function lockScenarioTable(tx: EntityManager): Promise<void> {
  await sql(tx).run(`LOCK TABLE scenarios IN SHARE ROW EXCLUSIVE MODE`);
}

export async function countScenarios(em: EntityManager): Promise<number> {
  const [row] = await sql(em).all<{ n: number }>(`SELECT count(*)::int AS n FROM scenarios`);
  return row.n;
}

// Whether another scenario already has the name, whatever its case.
export async function nameTaken(em: EntityManager, name: string, except?: string) {
  const rows = await sql(em).all<{ id: string }>(
    `SELECT id FROM scenarios WHERE lower(name) = lower(?) AND id IS DISTINCT FROM ?::uuid`,
    [name, except ?? null],
  );
  return rows.length > 0;
}

export async function allNames(em: EntityManager): Promise<string[]> {
  const rows = await sql(em).all<{ name: string }>(`SELECT name FROM scenarios`);
  return rows.map((r) => r.name);
}

export async function insertScenario(
  tx: EntityManager,
  s: { id: string; name: string; assumptions: StoredAssumptions; createdBy: string | null },
): Promise<void> {
  await sql(tx).run(
    `INSERT INTO scenarios (id, name, assumptions, created_by) VALUES (?, ?, ?::jsonb, ?)`,
    [s.id, s.name, JSON.stringify(s.assumptions), s.createdBy],
  );
}

export async function updateScenarioRow(
  tx: EntityManager,
  id: string,
  s: { name: string; assumptions: StoredAssumptions },
): Promise<void> {
  await sql(tx).run(
    `UPDATE scenarios SET name = ?, assumptions = ?::jsonb, updated_at = now() WHERE id = ?`,
    [s.name, JSON.stringify(s.assumptions), id],
  );
}

export async function deleteScenarioRow(tx: EntityManager, id: string): Promise<boolean> {
  const rows = await sql(tx).all<{ id: string }>(
    `DELETE FROM scenarios WHERE id = ? RETURNING id`,
    [id],
  );
  return rows.length > 0;
}

// Which of these ids are capital projects of this association (valid uuids only).
export async function existingProjectIds(em: EntityManager, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await sql(em).all<{ id: string }>(
    `SELECT id FROM capital_projects WHERE id = ${anyOf('uuid')}`,
    [ids],
  );
  return new Set(rows.map((r) => r.id));
}
