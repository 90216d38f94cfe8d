import { formatMoney, formatMoneyInput, parseMoneyInput, toCents } from '@/money';
import type {
  CapitalPlanColumn,
  CapitalProject,
  CapitalProjectCategory,
  CapitalProjectFunding,
  CapitalProjectPriority,
  CapitalProjectRow,
  CapitalProjectStatus,
  CreateCapitalProjectInput,
  UpdateCapitalProjectInput,
} from './capital-projects.graphql';

export const CATEGORY_LABEL: Record<CapitalProjectCategory, string> = {
  ROOFING: 'Roofing',
  PAVING: 'Paving',
  POOL: 'Pool',
  PAINTING: 'Painting',
  ELEVATORS: 'Elevators',
  LANDSCAPING: 'Landscaping',
  BUILDING: 'Building',
  AMENITIES: 'Amenities',
  FENCING: 'Fencing',
  LIGHTING: 'Lighting',
  PLUMBING: 'Plumbing',
  HVAC: 'HVAC',
  OTHER: 'Other',
};

export const FUNDING_LABEL: Record<CapitalProjectFunding, string> = {
  RESERVE: 'Reserve',
  OPERATING: 'Operating',
  SPECIAL_ASSESSMENT: 'Special assessment',
  LOAN: 'Loan',
};

export const PRIORITY_LABEL: Record<CapitalProjectPriority, string> = {
  LOW: 'Low',
  MEDIUM: 'Medium',
  HIGH: 'High',
  CRITICAL: 'Critical',
};

export const STATUS_LABEL: Record<CapitalProjectStatus, string> = {
  PLANNED: 'Planned',
  APPROVED: 'Approved',
  IN_PROGRESS: 'In progress',
  DONE: 'Done',
  DEFERRED: 'Deferred',
};

const options = <K extends string>(labels: Record<K, string>) =>
  (Object.keys(labels) as K[]).map((value) => ({ value, label: labels[value] }));

export const CATEGORY_OPTIONS = options(CATEGORY_LABEL);
export const FUNDING_OPTIONS = options(FUNDING_LABEL);
export const PRIORITY_OPTIONS = options(PRIORITY_LABEL);
export const STATUS_OPTIONS = options(STATUS_LABEL);

// Sort ranks for the table (most urgent first when sorted descending).
export const PRIORITY_RANK: Record<CapitalProjectPriority, number> = {
  LOW: 0,
  MEDIUM: 1,
  HIGH: 2,
  CRITICAL: 3,
};
export const STATUS_RANK: Record<CapitalProjectStatus, number> = {
  PLANNED: 0,
  APPROVED: 1,
  IN_PROGRESS: 2,
  DONE: 3,
  DEFERRED: 4,
};

export const yearLabel = (year: number | null | undefined) =>
  year === null || year === undefined ? 'Future' : `FY ${year}`;

// Whole dollars for board figures ("$12,400"); cents only when there are some.
export function boardMoney(amount: string | number): string {
  const cents = typeof amount === 'number' ? amount : toCents(amount);
  const text = formatMoney(cents);
  return text.endsWith('.00') ? text.slice(0, -3) : text;
}

// The column footer's verdict on the reserve-funded projects, in words (never colour alone).
export function reserveVerdict(c: CapitalPlanColumn): string | null {
  if (c.projectedReserve === null || c.projectedReserve === undefined) return null;
  if (c.underfunded && c.shortfall) return `Short by ${boardMoney(c.shortfall)}`;
  if (toCents(c.reserveFunded) === 0) return null;
  return 'Covered by reserves';
}

// Where the keyboard can send a card: every column but its own.
export function moveTargets(columns: readonly CapitalPlanColumn[], from: number | null) {
  return columns
    .filter((c) => c.fiscalYear !== from)
    .map((c) => ({ year: c.fiscalYear ?? null, label: c.label }));
}

// The column next to `index` in a direction (arrow keys), or null at the ends.
export function neighbour(columns: readonly CapitalPlanColumn[], index: number, step: -1 | 1) {
  const next = index + step;
  return next >= 0 && next < columns.length ? columns[next] : null;
}

export interface ProjectForm {
  name: string;
  description: string;
  category: CapitalProjectCategory | null;
  estimatedCost: string;
  fundingSource: CapitalProjectFunding | null;
  priority: CapitalProjectPriority;
  status: CapitalProjectStatus;
  // '' = Future, otherwise a year.
  targetYear: string;
  reserveComponentId: string | null;
  notes: string;
}

export type ProjectField = keyof ProjectForm;

export function blankProjectForm(p?: CapitalProject | null, year?: number | null): ProjectForm {
  return {
    name: p?.name ?? '',
    description: p?.description ?? '',
    category: p?.category ?? null,
    estimatedCost: p ? formatMoneyInput(p.estimatedCost) : '',
    fundingSource: p?.fundingSource ?? 'RESERVE',
    priority: p?.priority ?? 'MEDIUM',
    status: p?.status ?? 'PLANNED',
    targetYear: p ? (p.targetYear === null ? '' : String(p.targetYear)) : year ? String(year) : '',
    reserveComponentId: p?.reserveComponentId ?? null,
    notes: p?.notes ?? '',
  };
}

export function checkProjectForm(f: ProjectForm): Partial<Record<ProjectField, string>> {
  const errors: Partial<Record<ProjectField, string>> = {};
  if (!f.name.trim()) errors.name = 'Enter a name';
  if (!f.category) errors.category = 'Choose a category';
  if (!f.fundingSource) errors.fundingSource = 'Choose how it is funded';
  const cost = parseMoneyInput(f.estimatedCost);
  if (cost.kind === 'empty') errors.estimatedCost = 'Enter the estimated cost';
  else if (cost.kind === 'invalid') errors.estimatedCost = cost.message;
  if (f.targetYear && !/^\d{4}$/.test(f.targetYear)) errors.targetYear = 'Choose a fiscal year';
  return errors;
}

function costOf(f: ProjectForm): string {
  const cost = parseMoneyInput(f.estimatedCost);
  return cost.kind === 'ok' ? cost.money : '0.00';
}

const year = (f: ProjectForm) => (f.targetYear ? Number(f.targetYear) : null);

export function createInput(f: ProjectForm): CreateCapitalProjectInput {
  return {
    name: f.name.trim(),
    description: f.description.trim() || null,
    category: f.category!,
    estimatedCost: costOf(f),
    fundingSource: f.fundingSource!,
    priority: f.priority,
    status: f.status,
    targetYear: year(f),
    reserveComponentId: f.reserveComponentId || null,
    notes: f.notes.trim() || null,
  };
}

// Only what changed.
export function updateInput(p: CapitalProject, f: ProjectForm): UpdateCapitalProjectInput {
  const all = createInput(f);
  const input: UpdateCapitalProjectInput = {};
  if (all.name !== p.name) input.name = all.name;
  if ((all.description ?? null) !== p.description) input.description = all.description ?? '';
  if (all.category !== p.category) input.category = all.category;
  if (toCents(all.estimatedCost) !== toCents(p.estimatedCost)) {
    input.estimatedCost = all.estimatedCost;
  }
  if (all.fundingSource !== p.fundingSource) input.fundingSource = all.fundingSource;
  if (all.priority !== p.priority) input.priority = all.priority;
  if (all.status !== p.status) input.status = all.status;
  if ((all.targetYear ?? null) !== p.targetYear) input.targetYear = all.targetYear ?? null;
  if ((all.reserveComponentId ?? null) !== p.reserveComponentId) {
    input.reserveComponentId = all.reserveComponentId ?? null;
  }
  if ((all.notes ?? null) !== p.notes) input.notes = all.notes ?? '';
  return input;
}

// The printed report: projects grouped by target year (earliest first, Future last), each group
// with its total, and the grand total. Done projects of past years are included: the report is the
// whole plan, not the board.
export interface ReportGroup {
  label: string;
  projects: CapitalProjectRow[];
  total: number;
}

export function reportGroups(rows: readonly CapitalProjectRow[]): {
  groups: ReportGroup[];
  total: number;
} {
  const byYear = new Map<number | null, CapitalProjectRow[]>();
  for (const r of rows)
    byYear.set(r.targetYear ?? null, [...(byYear.get(r.targetYear ?? null) ?? []), r]);
  const years = [...byYear.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
  const groups = years.map((y) => {
    const projects = [...byYear.get(y)!].sort(
      (a, b) => a.position - b.position || a.name.localeCompare(b.name),
    );
    return {
      label: yearLabel(y),
      projects,
      total: projects.reduce((s, p) => s + toCents(p.estimatedCost), 0),
    };
  });
  return { groups, total: groups.reduce((s, g) => s + g.total, 0) };
}
