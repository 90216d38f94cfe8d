import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { fiscalYearOf } from '../../core/dates.js';
import { badInput, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { isId, newIds } from '../../core/ids.js';
import { formatMoney, toTotal, type Total } from '../../core/money/money.js';
import { recordTenantAudit } from '../audit/index.js';
import { findJournalEntries, type JournalEntry } from '../journal/index.js';
import { type ReserveCalendar, reserveProjection } from '../reserves/index.js';
import type {
  CreateCapitalProjectInput,
  UpdateCapitalProjectInput,
} from './capital-projects.inputs.js';
import {
  deleteLink,
  deleteProject,
  entryExists,
  insertLink,
  insertProject,
  lockAllProjects,
  lockReserveComponent,
  type ProjectColumn,
  type ProjectRow,
  renumber,
  selectActualCosts,
  selectLinkedEntries,
  selectProjects,
  selectProjectsByIds,
  selectReserveComponentNames,
  updateProjectColumns,
} from './capital-projects.repository.js';
import {
  type CapitalPlan,
  type CapitalPlanColumn,
  type CapitalProject,
  type CapitalProjectCategory,
  type CapitalProjectFilter,
  type CapitalProjectFunding,
  CapitalProjectFunding as Funding,
  CapitalProjectPriority,
  CapitalProjectStatus,
  type DashboardCapitalProjects,
} from './capital-projects.types.js';

// Capital projects: the board of planned work on the common property. The rules:
// - Table capital_projects (tenant migration 022): name, description, category, estimated cost
//   (bigint cents), funding source (RESERVE | OPERATING | SPECIAL_ASSESSMENT | LOAN), priority,
//   status (PLANNED | APPROVED | IN_PROGRESS | DONE | DEFERRED), target fiscal year (NULL =
//   Future), position (order within its column, 0 first), an optional reserve component (a
//   deleted component leaves the project unlinked), notes. capital_project_entries links journal
//   entries (each pair once).
// - Actual cost: over the linked entries, net debits (debit − credit) on EXPENSE accounts. An
//   association expenses its replacements and repairs (the common-interest realty practice: the
//   common property is not the association's asset on its balance sheet), so what a project cost is
//   what its entries expensed; the cash, investment and interfund sides of those entries never
//   count, and no account name is guessed at. An entry that has been reversed counts zero, and
//   so does a reversal: the pair nets to nothing, whichever of the two is linked. Links check that the entry exists in this association's books.
// - Fiscal years: the association's fiscal-year start (named by the calendar year they end in,
//   core/dates.ts). The board shows the current fiscal year, the next four and Future. A project
//   whose target year has passed and that is not DONE shows in the current year's column, marked
//   overdue (its target year is kept: reordering it within that column does not change it). DONE
//   projects of past years are not on the board (the table lists them). A project targeted after
//   the last column shows in Future with its year.
// - Column totals: the estimated cost of every project in the column, whatever its status; the
//   RESERVE-funded part is compared with what the reserve projection makes available that year:
//   opening balance + contribution + interest of that projection year (before the study's own
//   replacements, which these projects are). A shortfall is reserve-funded − available when
//   positive; the column is underfunded then ("Short by $12,400" on the board). Future has no
//   projection figure.
// - Move: moveCapitalProject(id, targetYear, position) puts the project at `position` of the
//   destination column (clamped to its end) and renumbers both columns 0..n−1 in one transaction,
//   every project row locked so concurrent moves serialize. The destination is a board column:
//   Future (null) or a year from the current fiscal year on; a year after the last column lands in
//   Future's column with that year. Create and a change of year or status place the project last
//   in its new column.

export const BOARD_YEARS = 5;

const currentFiscalYear = (cal: ReserveCalendar) =>
  fiscalYearOf(cal.today, cal.fiscalYearStartMonth);

// Where a project shows on the board in fiscal year `fy`.
function placement(targetYear: number | null, status: string, fy: number) {
  if (targetYear === null) return { onBoard: true, boardYear: null, overdue: false };
  if (targetYear < fy) {
    return status === CapitalProjectStatus.DONE
      ? { onBoard: false, boardYear: null, overdue: false }
      : { onBoard: true, boardYear: fy, overdue: true };
  }
  if (targetYear >= fy + BOARD_YEARS) return { onBoard: true, boardYear: null, overdue: false };
  return { onBoard: true, boardYear: targetYear, overdue: false };
}

// The column a project belongs to, as a key: "2027", "future", or "past:2023" off the board.
const columnKey = (p: Pick<CapitalProject, 'onBoard' | 'boardYear' | 'targetYear'>) =>
  !p.onBoard ? `past:${p.targetYear}` : p.boardYear === null ? 'future' : String(p.boardYear);

function toProject(r: ProjectRow, fy: number): CapitalProject {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    category: r.category as CapitalProjectCategory,
    estimatedCost: toTotal(r.estimated_cost),
    fundingSource: r.funding_source as CapitalProjectFunding,
    priority: r.priority as CapitalProjectPriority,
    status: r.status as CapitalProjectStatus,
    targetYear: r.target_year,
    position: r.position,
    ...placement(r.target_year, r.status, fy),
    reserveComponentId: r.reserve_component_id,
    reserveComponentName: r.reserve_component_name,
    notes: r.notes,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

const byPosition = (a: CapitalProject, b: CapitalProject) =>
  a.position - b.position || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

export async function listProjects(
  em: EntityManager,
  cal: ReserveCalendar,
  filter: CapitalProjectFilter = {},
): Promise<CapitalProject[]> {
  const fy = currentFiscalYear(cal);
  const rows = await selectProjects(em, {
    status: filter.status ?? undefined,
    year: filter.year ?? undefined,
    future: !!filter.future,
    funding: filter.funding ?? undefined,
  });
  return rows.map((r) => toProject(r, fy));
}

export async function projectsByIds(
  em: EntityManager,
  cal: ReserveCalendar,
  ids: readonly string[],
): Promise<CapitalProject[]> {
  const valid = [...new Set(ids.filter(isId))];
  if (!valid.length) return [];
  const fy = currentFiscalYear(cal);
  return (await selectProjectsByIds(em, valid)).map((r) => toProject(r, fy));
}

export async function findProject(
  em: EntityManager,
  cal: ReserveCalendar,
  id: string,
): Promise<CapitalProject> {
  const [p] = await projectsByIds(em, cal, [id]);
  if (!p) throw notFound('Capital project');
  return p;
}

// Text fields: trimmed, and empty means none.
function text(value: string | null | undefined): string | null {
  const t = value?.trim();
  return t ? t : null;
}

async function checkComponent(tx: EntityManager, id: string): Promise<void> {
  const found = isId(id) ? await lockReserveComponent(tx, id) : undefined;
  if (!found) {
    throw notFound('Reserve component', [
      { field: 'reserveComponentId', message: 'Reserve component not found' },
    ]);
  }
}

// What the history records of a project (money as decimal strings: JSON has no bigint).
function auditValues(p: CapitalProject) {
  return {
    name: p.name,
    description: p.description,
    category: p.category,
    estimatedCost: formatMoney(p.estimatedCost),
    fundingSource: p.fundingSource,
    priority: p.priority,
    status: p.status,
    targetYear: p.targetYear,
    reserveComponentId: p.reserveComponentId,
    notes: p.notes,
  };
}

// Every project, each with its column, in board order (inside a transaction that locked them).
async function columns(tx: EntityManager, fy: number) {
  const all = (await selectProjects(tx)).map((r) => toProject(r, fy));
  const byKey = new Map<string, CapitalProject[]>();
  for (const p of all.sort(byPosition)) {
    const key = columnKey(p);
    byKey.set(key, [...(byKey.get(key) ?? []), p]);
  }
  return { all, column: (key: string) => byKey.get(key) ?? [] };
}

export async function createProject(
  em: EntityManager,
  actor: AuthInfo | null,
  cal: ReserveCalendar,
  input: CreateCapitalProjectInput,
): Promise<CapitalProject> {
  const fy = currentFiscalYear(cal);
  const name = input.name.trim();
  const problems: FieldDetail[] = [];
  if (!name) problems.push({ field: 'name', message: 'Name is required' });
  const [id] = newIds(1);
  return em.transactional(async (tx) => {
    if (input.reserveComponentId) await checkComponent(tx, input.reserveComponentId);
    if (problems.length) throw badInput(problems, problems[0].message);
    await lockAllProjects(tx);
    const status = input.status ?? CapitalProjectStatus.PLANNED;
    const targetYear = input.targetYear ?? null;
    const { column } = await columns(tx, fy);
    const key = columnKey({ targetYear, ...placement(targetYear, status, fy) });
    await insertProject(tx, {
      id,
      name,
      description: text(input.description),
      category: input.category,
      estimatedCost: input.estimatedCost,
      fundingSource: input.fundingSource,
      priority: input.priority ?? CapitalProjectPriority.MEDIUM,
      status,
      targetYear,
      position: column(key).length,
      reserveComponentId: input.reserveComponentId || null,
      notes: text(input.notes),
    });
    const project = await findProject(tx, cal, id);
    await recordTenantAudit(tx, actor, {
      entityType: 'CapitalProject',
      entityId: id,
      action: 'create',
      changes: auditValues(project),
    });
    return project;
  });
}

export async function updateProject(
  em: EntityManager,
  actor: AuthInfo | null,
  cal: ReserveCalendar,
  id: string,
  patch: UpdateCapitalProjectInput,
): Promise<CapitalProject> {
  const fy = currentFiscalYear(cal);
  return em.transactional(async (tx) => {
    const before = await findProject(tx, cal, id);
    const problems: FieldDetail[] = [];
    const set: [ProjectColumn, unknown][] = [];
    const assign = (column: ProjectColumn, value: unknown) => set.push([column, value]);
    if (patch.name != null) {
      const name = patch.name.trim();
      if (!name) problems.push({ field: 'name', message: 'Name is required' });
      else if (name !== before.name) assign('name', name);
    }
    for (const [field, column] of [
      ['description', 'description'],
      ['notes', 'notes'],
    ] as const) {
      if (patch[field] !== undefined && text(patch[field]) !== before[field]) {
        assign(column, text(patch[field]));
      }
    }
    const enums = [
      ['category', 'category'],
      ['fundingSource', 'funding_source'],
      ['priority', 'priority'],
      ['status', 'status'],
    ] as const;
    for (const [field, column] of enums) {
      if (patch[field] != null && patch[field] !== before[field]) assign(column, patch[field]);
    }
    if (patch.estimatedCost != null && toTotal(patch.estimatedCost) !== before.estimatedCost) {
      assign('estimated_cost', patch.estimatedCost);
    }
    if (patch.targetYear !== undefined && (patch.targetYear ?? null) !== before.targetYear) {
      assign('target_year', patch.targetYear ?? null);
    }
    const component = patch.reserveComponentId;
    if (component !== undefined && (component || null) !== before.reserveComponentId) {
      if (component) await checkComponent(tx, component);
      assign('reserve_component_id', component || null);
    }
    if (problems.length) throw badInput(problems, problems[0].message);
    if (!set.length) return before;

    await lockAllProjects(tx);
    const status = patch.status ?? before.status;
    const targetYear =
      patch.targetYear !== undefined ? (patch.targetYear ?? null) : before.targetYear;
    const from = columnKey(before);
    const to = columnKey({ targetYear, ...placement(targetYear, status, fy) });
    if (from !== to) {
      // Last in the new column; the old one closes the gap.
      const { column } = await columns(tx, fy);
      assign('position', column(to).length);
      await renumber(
        tx,
        column(from)
          .filter((p) => p.id !== id)
          .map((p) => p.id),
      );
    }
    await updateProjectColumns(tx, id, set);
    const after = await findProject(tx, cal, id);
    const a = auditValues(after);
    const b = auditValues(before);
    const changes: Record<string, { before: unknown; after: unknown }> = {};
    for (const key of Object.keys(a) as (keyof typeof a)[]) {
      if (a[key] !== b[key]) changes[key] = { before: b[key], after: a[key] };
    }
    if (Object.keys(changes).length) {
      await recordTenantAudit(tx, actor, {
        entityType: 'CapitalProject',
        entityId: id,
        action: 'update',
        changes,
      });
    }
    return after;
  });
}

export async function removeProject(
  em: EntityManager,
  actor: AuthInfo | null,
  cal: ReserveCalendar,
  id: string,
): Promise<CapitalProject> {
  const fy = currentFiscalYear(cal);
  return em.transactional(async (tx) => {
    const project = await findProject(tx, cal, id);
    await lockAllProjects(tx);
    await deleteProject(tx, id);
    const { column } = await columns(tx, fy);
    await renumber(
      tx,
      column(columnKey(project)).map((p) => p.id),
    );
    await recordTenantAudit(tx, actor, {
      entityType: 'CapitalProject',
      entityId: id,
      action: 'delete',
      changes: auditValues(project),
    });
    return project;
  });
}

export async function moveProject(
  em: EntityManager,
  actor: AuthInfo | null,
  cal: ReserveCalendar,
  id: string,
  targetYear: number | null,
  position: number,
): Promise<CapitalProject> {
  const fy = currentFiscalYear(cal);
  const problems: FieldDetail[] = [];
  if (
    targetYear !== null &&
    (!Number.isInteger(targetYear) || targetYear < fy || targetYear > 2200)
  ) {
    problems.push({
      field: 'targetYear',
      message: `Choose fiscal year ${fy} or later, or Future`,
    });
  }
  if (!Number.isInteger(position) || position < 0) {
    problems.push({ field: 'position', message: 'The position must be 0 or more' });
  }
  return em.transactional(async (tx) => {
    const before = await findProject(tx, cal, id);
    if (problems.length) throw badInput(problems, problems[0].message);
    await lockAllProjects(tx);
    const { all, column } = await columns(tx, fy);
    const moving = all.find((p) => p.id === id)!;
    const from = columnKey(moving);
    const to = columnKey({ targetYear, ...placement(targetYear, moving.status, fy) });
    // Within its own column only the order changes (an overdue project keeps its year).
    const year = from === to ? moving.targetYear : targetYear;
    const dest = column(to).filter((p) => p.id !== id);
    dest.splice(Math.min(position, dest.length), 0, moving);
    if (year !== moving.targetYear) await updateProjectColumns(tx, id, [['target_year', year]]);
    if (from !== to) {
      await renumber(
        tx,
        column(from)
          .filter((p) => p.id !== id)
          .map((p) => p.id),
      );
    }
    await renumber(
      tx,
      dest.map((p) => p.id),
    );
    const after = await findProject(tx, cal, id);
    if (year !== before.targetYear) {
      await recordTenantAudit(tx, actor, {
        entityType: 'CapitalProject',
        entityId: id,
        action: 'move',
        changes: { targetYear: { before: before.targetYear, after: year } },
      });
    }
    return after;
  });
}

async function checkEntry(tx: EntityManager, entryId: string): Promise<void> {
  if (!isId(entryId) || !(await entryExists(tx, entryId))) {
    throw notFound('Journal entry', [{ field: 'entryId', message: 'Journal entry not found' }]);
  }
}

export async function linkEntry(
  em: EntityManager,
  actor: AuthInfo | null,
  cal: ReserveCalendar,
  projectId: string,
  entryId: string,
): Promise<CapitalProject> {
  return em.transactional(async (tx) => {
    const project = await findProject(tx, cal, projectId);
    await checkEntry(tx, entryId);
    await insertLink(tx, projectId, entryId);
    await recordTenantAudit(tx, actor, {
      entityType: 'CapitalProject',
      entityId: projectId,
      action: 'link_entry',
      changes: { entryId },
    });
    return project;
  });
}

export async function unlinkEntry(
  em: EntityManager,
  actor: AuthInfo | null,
  cal: ReserveCalendar,
  projectId: string,
  entryId: string,
): Promise<CapitalProject> {
  return em.transactional(async (tx) => {
    const project = await findProject(tx, cal, projectId);
    await checkEntry(tx, entryId);
    await deleteLink(tx, projectId, entryId);
    await recordTenantAudit(tx, actor, {
      entityType: 'CapitalProject',
      entityId: projectId,
      action: 'unlink_entry',
      changes: { entryId },
    });
    return project;
  });
}

// Actual cost per project (see the rule at the top); projects without linked entries cost 0.
export async function actualCosts(
  em: EntityManager,
  projectIds: readonly string[],
): Promise<Map<string, Total>> {
  const ids = [...new Set(projectIds.filter(isId))];
  if (!ids.length) return new Map();
  const rows = await selectActualCosts(em, ids);
  return new Map(rows.map((r) => [r.project_id, toTotal(r.actual)]));
}

// The linked entries of each project, oldest first.
export async function linkedEntries(
  em: EntityManager,
  projectIds: readonly string[],
): Promise<Map<string, JournalEntry[]>> {
  const ids = [...new Set(projectIds.filter(isId))];
  const out = new Map<string, JournalEntry[]>();
  if (!ids.length) return out;
  const links = await selectLinkedEntries(em, ids);
  const entries = await findJournalEntries(em, [...new Set(links.map((l) => l.entry_id))]);
  for (const l of links) {
    const e = entries.get(l.entry_id);
    if (e) out.set(l.project_id, [...(out.get(l.project_id) ?? []), e]);
  }
  return out;
}

const sum = (ps: CapitalProject[]) => ps.reduce((s, p) => s + p.estimatedCost, 0n);

// The board: this fiscal year, the next four, Future; each column's totals against the reserve
// projection (see the rule at the top).
export async function capitalPlan(em: EntityManager, cal: ReserveCalendar): Promise<CapitalPlan> {
  const fy = currentFiscalYear(cal);
  const projects = (await listProjects(em, cal)).filter((p) => p.onBoard).sort(byPosition);
  const projection = await reserveProjection(em, cal);
  const available = new Map(
    projection.years.map((y) => [y.fiscalYear, y.opening + y.contribution + y.interest]),
  );
  const years: (number | null)[] = [...Array.from({ length: BOARD_YEARS }, (_, i) => fy + i), null];
  const cols: CapitalPlanColumn[] = years.map((year) => {
    const inColumn = projects.filter((p) => p.boardYear === year);
    const reserveFunded = sum(inColumn.filter((p) => p.fundingSource === Funding.RESERVE));
    const projectedReserve = year === null ? null : (available.get(year) ?? null);
    const short =
      projectedReserve === null
        ? null
        : reserveFunded > projectedReserve
          ? reserveFunded - projectedReserve
          : 0n;
    return {
      fiscalYear: year,
      label: year === null ? 'Future' : `FY ${year}`,
      total: sum(inColumn),
      reserveFunded,
      projectedReserve,
      shortfall: short,
      underfunded: short !== null && short > 0n,
      projects: inColumn,
    };
  });
  return { currentFiscalYear: fy, columns: cols, total: sum(projects) };
}

const STATUS_ORDER = [
  CapitalProjectStatus.PLANNED,
  CapitalProjectStatus.APPROVED,
  CapitalProjectStatus.IN_PROGRESS,
  CapitalProjectStatus.DONE,
  CapitalProjectStatus.DEFERRED,
];

// The dashboard tile: the current fiscal year's column of the board (overdue projects included).
export async function capitalProjectsTile(
  em: EntityManager,
  cal: ReserveCalendar,
): Promise<DashboardCapitalProjects> {
  const fy = currentFiscalYear(cal);
  const projects = (await listProjects(em, cal)).filter((p) => p.onBoard && p.boardYear === fy);
  return {
    fiscalYear: fy,
    count: projects.length,
    estimatedCost: sum(projects),
    overdue: projects.filter((p) => p.overdue).length,
    byStatus: STATUS_ORDER.map((status) => {
      const of = projects.filter((p) => p.status === status);
      return { status, count: of.length, estimatedCost: sum(of) };
    }).filter((s) => s.count > 0),
  };
}

// Reserve component ids by name.
export async function reserveComponentIdsByName(em: EntityManager): Promise<Map<string, string>> {
  return new Map((await selectReserveComponentNames(em)).map((r) => [r.name, r.id]));
}
