import { SHORT_MONTHS } from '@/composables/useOrganizationToday';
import { formatMoneyInput, parseMoneyInput } from '@/money';
import type {
  FundType,
  InvestmentKind,
  ScenarioAssumptions,
  ScenarioInput,
} from './scenarios.graphql';

export const MAX_COMPARED = 4;

/** "2027-03" → "Mar 2027". */
export const monthLabel = (month: string): string =>
  `${SHORT_MONTHS[Number(month.slice(5, 7)) - 1] ?? '?'} ${month.slice(0, 4)}`;

export const FUND_OPTIONS: { value: FundType; label: string }[] = [
  { value: 'RESERVE', label: 'Reserve' },
  { value: 'OPERATING', label: 'Operating' },
];
export const fundLabel = (f: FundType): string => (f === 'RESERVE' ? 'Reserve' : 'Operating');

// The kinds of investment a scenario plans are the Investments page's.
export { KIND_LABELS, KIND_OPTIONS } from '@/features/investments';
export const hasTerm = (kind: InvestmentKind): boolean => kind === 'CD' || kind === 'TREASURY';

/** One line per palette slot: today's books first (slate), then each compared scenario. */
export const BASELINE_COLOR = '#64748b';
export const SCENARIO_COLORS = ['#2563eb', '#dc2626', '#059669', '#d97706'];

// The form's rows: what a person types (text), turned into the API's input on save.
export interface AssessmentChangeRow {
  fromMonth: string;
  percent: string;
}
export interface SpecialAssessmentRow {
  month: string;
  fund: FundType;
  amount: string;
}
export interface ProjectMoveRow {
  projectId: string | null;
  /** A fiscal year, or null for Future. */
  targetYear: number | null;
}
export interface PlannedInvestmentRow {
  id: string | null;
  executedInvestmentId: string | null;
  fund: FundType;
  kind: InvestmentKind;
  institution: string;
  amount: string;
  termMonths: string;
  apy: string;
  month: string;
}
export interface ScenarioForm {
  name: string;
  assessmentChanges: AssessmentChangeRow[];
  specialAssessments: SpecialAssessmentRow[];
  projectMoves: ProjectMoveRow[];
  plannedInvestments: PlannedInvestmentRow[];
  excludedInvestmentIds: string[];
  inflationPercent: string;
}

export function blankForm(): ScenarioForm {
  return {
    name: '',
    assessmentChanges: [],
    specialAssessments: [],
    projectMoves: [],
    plannedInvestments: [],
    excludedInvestmentIds: [],
    inflationPercent: '',
  };
}

export function formOf(name: string, a: ScenarioAssumptions): ScenarioForm {
  return {
    name,
    assessmentChanges: a.assessmentChanges.map((c) => ({ ...c })),
    specialAssessments: a.specialAssessments.map((s) => ({
      month: s.month,
      fund: s.fund,
      amount: formatMoneyInput(s.amount),
    })),
    projectMoves: a.projectMoves.map((m) => ({ ...m })),
    plannedInvestments: a.plannedInvestments.map((p) => ({
      id: p.id,
      executedInvestmentId: p.executedInvestmentId ?? null,
      fund: p.fund,
      kind: p.kind,
      institution: p.institution,
      amount: formatMoneyInput(p.amount),
      termMonths: p.termMonths === null || p.termMonths === undefined ? '' : String(p.termMonths),
      apy: p.apy,
      month: p.month,
    })),
    excludedInvestmentIds: [...a.excludedInvestmentIds],
    inflationPercent: a.inflationPercent ?? '',
  };
}

// An amount as the API takes it ("1234.56"); what does not parse goes as typed, for the API's
// field message.
function money(text: string): string {
  const parsed = parseMoneyInput(text);
  return parsed.kind === 'ok' ? parsed.money : text.trim() || '0';
}

export function inputOf(f: ScenarioForm): ScenarioInput {
  return {
    name: f.name.trim(),
    assumptions: {
      assessmentChanges: f.assessmentChanges.map((c) => ({
        fromMonth: c.fromMonth.trim(),
        percent: c.percent.trim(),
      })),
      specialAssessments: f.specialAssessments.map((s) => ({
        month: s.month.trim(),
        fund: s.fund,
        amount: money(s.amount),
      })),
      projectMoves: f.projectMoves.map((m) => ({
        projectId: m.projectId ?? '',
        targetYear: m.targetYear,
      })),
      plannedInvestments: f.plannedInvestments.map((p) => ({
        id: p.id,
        fund: p.fund,
        kind: p.kind,
        institution: p.institution.trim(),
        amount: money(p.amount),
        termMonths: hasTerm(p.kind) && p.termMonths.trim() ? Number(p.termMonths) : null,
        apy: p.apy.trim(),
        month: p.month.trim(),
      })),
      excludedInvestmentIds: f.excludedInvestmentIds,
      inflationPercent: f.inflationPercent.trim() || null,
    },
  };
}

/** "+4 % from Jan 2027 · special assessment · 1 project moved", for a scenario's chip. */
export function summary(a: ScenarioAssumptions): string {
  const parts: string[] = [];
  for (const c of a.assessmentChanges) {
    const sign = c.percent.startsWith('-') ? '' : '+';
    parts.push(`Assessments ${sign}${c.percent} % from ${monthLabel(c.fromMonth)}`);
  }
  const n = (count: number, one: string, many: string) =>
    count ? parts.push(`${count} ${count === 1 ? one : many}`) : 0;
  n(a.specialAssessments.length, 'special assessment', 'special assessments');
  n(a.projectMoves.length, 'project moved', 'projects moved');
  n(a.plannedInvestments.length, 'planned investment', 'planned investments');
  n(a.excludedInvestmentIds.length, 'investment cashed out', 'investments cashed out');
  if (a.inflationPercent) parts.push(`Inflation ${a.inflationPercent} %`);
  return parts.join(' · ') || "No changes: today's books";
}
