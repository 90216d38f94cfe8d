import type { EntityManager } from '@mikro-orm/postgresql';
import { anyOf, sql } from '../../db/sql.js';

// Every SQL statement of capital projects: typed rows, parameters only.

export interface ProjectRow {
  id: string;
  name: string;
  description: string | null;
  category: string;
  estimated_cost: string;
  funding_source: string;
  priority: string;
  status: string;
  target_year: number | null;
  position: number;
  reserve_component_id: string | null;
  reserve_component_name: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `p.id, p.name, p.description, p.category, p.estimated_cost, p.funding_source,
  p.priority, p.status, p.target_year, p.position, p.reserve_component_id,
  rc.name AS reserve_component_name, p.notes, p.created_at, p.updated_at`;
const FROM = `capital_projects p LEFT JOIN reserve_components rc ON rc.id = p.reserve_component_id`;

export interface ProjectWhere {
  status?: string;
  year?: number;
  future?: boolean;
  funding?: string;
}

export function selectProjects(em: EntityManager, f: ProjectWhere = {}): Promise<ProjectRow[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  if (f.status) {
    where.push('p.status = ?');
    params.push(f.status);
  }
  if (f.year !== undefined) {
    where.push('p.target_year = ?');
    params.push(f.year);
  }
  if (f.future) where.push('p.target_year IS NULL');
  if (f.funding) {
    where.push('p.funding_source = ?');
    params.push(f.funding);
  }
  return sql(em).all<ProjectRow>(
    `SELECT ${COLUMNS} FROM ${FROM} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY p.target_year NULLS LAST, p.position, lower(p.name), p.id`,
    params,
  );
}

// `ids` must be valid uuids.
export function selectProjectsByIds(em: EntityManager, ids: string[]): Promise<ProjectRow[]> {
  return sql(em).all<ProjectRow>(`SELECT ${COLUMNS} FROM ${FROM} WHERE p.id = ${anyOf('uuid')}`, [
    ids,
  ]);
}

// Every project, locked until the transaction ends: a move renumbers two columns at once, and
// two moves at the same time must not interleave their numbers.
export async function lockAllProjects(tx: EntityManager): Promise<void> {
  await sql(tx).run(`SELECT id FROM capital_projects ORDER BY id FOR UPDATE`);
}

export async function lockProject(tx: EntityManager, id: string): Promise<boolean> {
  const rows = await sql(tx).all<{ id: string }>(
    `SELECT id FROM capital_projects WHERE id = ? FOR UPDATE`,
    [id],
  );
  return rows.length > 0;
}

export interface NewProjectRow {
  id: string;
  name: string;
  description: string | null;
  category: string;
  estimatedCost: number;
  fundingSource: string;
  priority: string;
  status: string;
  targetYear: number | null;
  position: number;
  reserveComponentId: string | null;
  notes: string | null;
}

export async function insertProject(tx: EntityManager, p: NewProjectRow): Promise<void> {
  await sql(tx).run(
    `INSERT INTO capital_projects (id, name, description, category, estimated_cost,
        funding_source, priority, status, target_year, position, reserve_component_id, notes)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      p.id,
      p.name,
      p.description,
      p.category,
      p.estimatedCost,
      p.fundingSource,
      p.priority,
      p.status,
      p.targetYear,
      p.position,
      p.reserveComponentId,
      p.notes,
    ],
  );
}

// The columns an edit may set (the names are fixed here; only the values are parameters).
export type ProjectColumn =
  | 'name'
  | 'description'
  | 'category'
  | 'estimated_cost'
  | 'funding_source'
  | 'priority'
  | 'status'
  | 'target_year'
  | 'position'
  | 'reserve_component_id'
  | 'notes';

const PROJECT_COLUMNS = new Set<ProjectColumn>([
  'name',
  'description',
  'category',
  'estimated_cost',
  'funding_source',
  'priority',
  'status',
  'target_year',
  'position',
  'reserve_component_id',
  'notes',
]);

export async function updateProjectColumns(
  tx: EntityManager,
  id: string,
  set: [ProjectColumn, unknown][],
): Promise<void> {
  for (const [column] of set) {
    if (!PROJECT_COLUMNS.has(column)) throw new Error(`Not a capital project column: ${column}`);
  }
  await sql(tx).run(
    `UPDATE capital_projects SET ${set.map(([c]) => `${c} = ?`).join(', ')}, updated_at = now()
      WHERE id = ?`,
    [...set.map(([, v]) => v), id],
  );
}

// Positions 0..n−1 in the order given (one statement for the whole column).
export async function renumber(tx: EntityManager, ids: string[]): Promise<void> {
  if (!ids.length) return;
  await sql(tx).run(
    `UPDATE capital_projects p SET position = o.n - 1
       FROM unnest(ARRAY[?]::uuid[]) WITH ORDINALITY AS o(id, n)
      WHERE p.id = o.id AND p.position <> o.n - 1`,
    [ids],
  );
}

export async function deleteProject(tx: EntityManager, id: string): Promise<void> {
  await sql(tx).run(`DELETE FROM capital_projects WHERE id = ?`, [id]);
}

// A reserve component of this association, share-locked so it cannot be deleted under the link.
export async function lockReserveComponent(
  tx: EntityManager,
  id: string,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await sql(tx).all<{ id: string; name: string }>(
    `SELECT id, name FROM reserve_components WHERE id = ? FOR SHARE`,
    [id],
  );
  return row;
}

export async function entryExists(tx: EntityManager, id: string): Promise<boolean> {
  const rows = await sql(tx).all<{ id: string }>(`SELECT id FROM journal_entries WHERE id = ?`, [
    id,
  ]);
  return rows.length > 0;
}

export async function insertLink(tx: EntityManager, projectId: string, entryId: string) {
  await sql(tx).run(
    `INSERT INTO capital_project_entries (project_id, entry_id) VALUES (?, ?)
     ON CONFLICT DO NOTHING`,
    [projectId, entryId],
  );
}

export async function deleteLink(tx: EntityManager, projectId: string, entryId: string) {
  await sql(tx).run(`DELETE FROM capital_project_entries WHERE project_id = ? AND entry_id = ?`, [
    projectId,
    entryId,
  ]);
}

// The linked entries of projects, by entry date then number.
export function selectLinkedEntries(
  em: EntityManager,
  projectIds: string[],
): Promise<{ project_id: string; entry_id: string }[]> {
  return sql(em).all<{ project_id: string; entry_id: string }>(
    `SELECT pe.project_id, pe.entry_id
       FROM capital_project_entries pe JOIN journal_entries e ON e.id = pe.entry_id
      WHERE pe.project_id = ${anyOf('uuid')}
      ORDER BY e.entry_date, e.number`,
    [projectIds],
  );
}

// Actual cost per project: net debits (debit − credit) of the linked entries on EXPENSE accounts
// (see the rule at the top of capital-projects.service.ts). An entry that was reversed, and a
// reversal, count zero (the pair nets to nothing whichever of them is linked).
export function selectActualCosts(
  em: EntityManager,
  projectIds: string[],
): Promise<{ project_id: string; actual: string }[]> {
  return sql(em).all<{ project_id: string; actual: string }>(
    `SELECT pe.project_id, sum(l.debit - l.credit)::text AS actual
       FROM capital_project_entries pe
       JOIN journal_entries e ON e.id = pe.entry_id
       JOIN journal_lines l ON l.entry_id = e.id
       JOIN accounts a ON a.id = l.account_id
      WHERE pe.project_id = ${anyOf('uuid')}
        AND e.reverses_id IS NULL
        AND NOT EXISTS (SELECT 1 FROM journal_entries r WHERE r.reverses_id = e.id)
        AND a.type = 'expense'
      GROUP BY pe.project_id`,
    [projectIds],
  );
}

// Reserve components by name (the demo links its projects to the study by name).
export function selectReserveComponentNames(
  em: EntityManager,
): Promise<{ id: string; name: string }[]> {
  return sql(em).all<{ id: string; name: string }>(`SELECT id, name FROM reserve_components`);
}
