import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { addMonths, daysBetween, fiscalYear, fiscalYearOf, isLocalDate } from '../../core/dates.js';
import { badInput, conflict, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { assertId, isId, newIds } from '../../core/ids.js';
import {
  divHalfUp,
  formatMoney,
  MAX_AMOUNT,
  parseMoney,
  toTotal,
  type Total,
} from '../../core/money/money.js';
import { controlCharacterIn } from '../../core/text.js';
import { TENANT_TEXT_LIMITS } from '@covenant/shared/text-limits';
import { FundType } from '../accounts/index.js';
import { recordTenantAudit } from '../audit/index.js';
import { forecastFlows, type FundSeries, netFlow } from '../forecast/index.js';
import {
  Compounding,
  expectedProceeds,
  type Investment,
  InvestmentKind,
  InvestmentStatus,
  interestFor,
  listInvestments,
  purchaseInvestment,
} from '../investments/index.js';
import { percentOf, type ReserveCalendar, reserveProjection } from '../reserves/index.js';
import type {
  ExecuteScenarioInvestmentInput,
  ScenarioAssumptionsInput,
  ScenarioInput,
} from './scenarios.inputs.js';
import {
  allNames,
  countScenarios,
  deleteScenarioRow,
  existingProjectIds,
  insertScenario,
  lockScenario,
  lockScenarioTable,
  nameTaken,
  type ScenarioRow,
  selectScenarios,
  selectScenariosByIds,
  type StoredAssumptions,
  updateScenarioRow,
} from './scenarios.repository.js';
import type {
  Scenario,
  ScenarioAssumptions,
  ScenarioComparison,
  ScenarioLowest,
  ScenarioMonth,
  ScenarioPlannedInvestment,
  ScenarioProjection,
  ScenarioYear,
} from './scenarios.types.js';

// Board what-if scenarios. The rules:
// - A scenario is a name (1 to 80 characters, unique whatever the case) and assumptions, stored as
//   one JSON document (money as decimal strings). At most MAX_SCENARIOS are saved (CONFLICT
//   beyond). Nothing of the projection is stored: each comparison starts from today's books.
// - The projection is the cash forecast's flows (forecast module, `forecastFlows`) over the 60
//   months from the month of the association's today, changed by the assumptions, then added up:
//   · assessment changes: from its month on, each fund's collected assessments × (1 + p/100);
//     several changes compound; half-up to the cent per month and fund;
//   · special assessments: the amount (the association's total, assumed collected in full) added
//     to the fund's assessments in its month;
//   · project moves: the project's remaining cost (estimate − actual cost so far, as the
//     forecast counts it) leaves the month it was in and lands in the first month of the target
//     fiscal year (the first month when that year has begun; nowhere for Future or a year after
//     the window). Only reserve- and operating-funded projects not done move money;
//   · planned investments (not yet executed): the amount leaves the fund's cash in its month (the
//     first month when that month has passed) and, for a term, principal + interest return
//     `termMonths` later, the interest from the investments module (`interestFor`, monthly
//     compounding at the APY from the first of the month, as a purchase defaults to) so the figure
//     agrees with the Investments page. An executed plan is in the books, so it is left out;
//   · removed (excluded) active investments: cashed out today, their expected proceeds (carrying
//     amount + the term's interest not yet recorded) come back in the first month instead of at
//     maturity;
//   · inflation r % a year: budgeted expenses and capital-project spending of projection year k
//     (the current fiscal year is k = 0) × (1 + r/100)^k, half-up to the cent.
// - Balances per fund at each month end: cash (the forecast's closing) + that fund's investments
//   at cost (carrying amount of active ones until they mature, the amount of planned ones until
//   theirs), so buying a CD moves money without looking like a loss. Year rows: the ends of the
//   five fiscal years that close in the window (the current one and the next four), each with the
//   reserve balance ÷ the reserve study's fully funded balance at that year's end (one decimal,
//   half-up; null without a study). The lowest month-end balance per fund and its month.
// - Today's books (no assumptions) is always computed beside the scenarios; its cash equals the
//   cash forecast's closings month for month.
// - Executing a planned investment buys it through the investments service (one journal entry,
//   Dr holding Cr cash) and stores the new investment's id on the plan, in one transaction with
//   the scenario row locked: a second execution is a CONFLICT.

export const MAX_SCENARIOS = 20;
export const PROJECTION_MONTHS = 60;
export const PROJECTION_YEARS = 5;
const MAX_ITEMS = 50;
const NAME_MAX = TENANT_TEXT_LIMITS.scenarios.name;
const INSTITUTION_MAX = TENANT_TEXT_LIMITS.investments.institution;
export const BASELINE_NAME = "Today's books";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const PERCENT = /^(-)?(\d{1,3})(?:\.(\d{1,2}))?$/;
const APY = /^\d{1,2}(\.\d{1,3})?$/;
const TEN_THOUSAND = 10_000n;
const MATURING = [InvestmentKind.CD, InvestmentKind.TREASURY];

// ---------------------------------------------------------------------------------------------
// Reading and writing the stored document

// "3.5" → 350 hundredths of a percent; null when not a percentage with up to two decimals.
function hundredths(text: string): number | null {
  const m = PERCENT.exec(text.trim());
  if (!m) return null;
  const v = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -v : v;
}

// 350 → "3.5", -1000 → "-10", 425 → "4.25".
function percentText(h: number): string {
  const abs = Math.abs(h);
  const frac = String(abs % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${h < 0 ? '-' : ''}${Math.floor(abs / 100)}${frac ? `.${frac}` : ''}`;
}

const FUNDS = new Set<string>(Object.values(FundType));
const KINDS = new Set<string>(Object.values(InvestmentKind));

function fromStored(a: StoredAssumptions): ScenarioAssumptions {
  return {
    assessmentChanges: (a.assessmentChanges ?? []).map((c) => ({ ...c })),
    specialAssessments: (a.specialAssessments ?? []).map((s) => ({
      month: s.month,
      fund: s.fund as FundType,
      amount: toTotal(parseMoney(s.amount)),
    })),
    projectMoves: (a.projectMoves ?? []).map((m) => ({ ...m })),
    plannedInvestments: (a.plannedInvestments ?? []).map((p) => ({
      ...p,
      fund: p.fund as FundType,
      kind: p.kind as InvestmentKind,
      amount: toTotal(parseMoney(p.amount)),
    })),
    excludedInvestmentIds: [...(a.excludedInvestmentIds ?? [])],
    inflationPercent: a.inflationPercent ?? null,
  };
}

function toStored(a: ScenarioAssumptions): StoredAssumptions {
  return {
    assessmentChanges: a.assessmentChanges,
    specialAssessments: a.specialAssessments.map((s) => ({
      ...s,
      amount: formatMoney(s.amount),
    })),
    projectMoves: a.projectMoves,
    plannedInvestments: a.plannedInvestments.map((p) => ({ ...p, amount: formatMoney(p.amount) })),
    excludedInvestmentIds: a.excludedInvestmentIds,
    inflationPercent: a.inflationPercent,
  };
}

function toScenario(r: ScenarioRow): Scenario {
  return {
    id: r.id,
    name: r.name,
    assumptions: fromStored(r.assumptions),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
    createdBy: r.created_by,
  };
}

// ---------------------------------------------------------------------------------------------
// Checking what a caller gives

function checkName(raw: string, field = 'name'): string {
  const name = (raw ?? '').trim();
  const message = `Name must be 1 to ${NAME_MAX} characters`;
  if (!name || name.length > NAME_MAX) throw badInput([{ field, message }], message);
  if (controlCharacterIn(name) !== null) {
    throw badInput([{ field, message: 'Remove the control characters' }], 'Invalid name');
  }
  return name;
}

async function checkNameFree(em: EntityManager, name: string, except?: string) {
  if (await nameTaken(em, name, except)) {
    const message = `A scenario named "${name}" already exists`;
    throw conflict(message, [{ field: 'name', message }]);
  }
}

const monthOk = (m: unknown): m is string => {
  if (typeof m !== 'string') return false;
  const match = MONTH.exec(m);
  return !!match && Number(match[1]) >= 1900 && Number(match[1]) <= 2200;
};

const amountOk = (a: unknown): a is number =>
  typeof a === 'number' && Number.isSafeInteger(a) && a > 0 && a <= MAX_AMOUNT;

// The assumptions, checked and normalized. `before` is the stored version when editing: plans
// keep their ids, and an executed plan keeps what it was executed as.
async function checkAssumptions(
  em: EntityManager,
  today: string,
  input: ScenarioAssumptionsInput | null | undefined,
  before: ScenarioAssumptions | null,
): Promise<ScenarioAssumptions> {
  const errors: FieldDetail[] = [];
  const at = (path: string, message: string) =>
    errors.push({ field: `assumptions.${path}`, message });
  const list = <T>(name: string, items: T[] | null | undefined): T[] => {
    const xs = items ?? [];
    if (xs.length > MAX_ITEMS) at(name, `At most ${MAX_ITEMS}`);
    return xs.slice(0, MAX_ITEMS);
  };
  const MONTH_MESSAGE = 'Use a month like 2027-01';

  const assessmentChanges = list('assessmentChanges', input?.assessmentChanges).map((c, i) => {
    if (!monthOk(c.fromMonth)) at(`assessmentChanges.${i}.fromMonth`, MONTH_MESSAGE);
    const h = hundredths(c.percent ?? '');
    if (h === null || h < -5000 || h > 10000) {
      at(`assessmentChanges.${i}.percent`, 'Enter a percentage from -50 to 100, e.g. 3.5');
    }
    return { fromMonth: c.fromMonth, percent: h === null ? '' : percentText(h) };
  });

  const specialAssessments = list('specialAssessments', input?.specialAssessments).map((s, i) => {
    if (!monthOk(s.month)) at(`specialAssessments.${i}.month`, MONTH_MESSAGE);
    if (!FUNDS.has(s.fund)) at(`specialAssessments.${i}.fund`, 'Choose a fund');
    if (!amountOk(s.amount)) at(`specialAssessments.${i}.amount`, 'The amount must be positive');
    return { month: s.month, fund: s.fund, amount: toTotal(amountOk(s.amount) ? s.amount : 0) };
  });

  const projectMoves = list('projectMoves', input?.projectMoves).map((m, i) => {
    const y = m.targetYear ?? null;
    if (y !== null && (!Number.isInteger(y) || y < 1900 || y > 2200)) {
      at(`projectMoves.${i}.targetYear`, 'Enter a fiscal year between 1900 and 2200');
    }
    if (projectMovesSeen(i, m.projectId, input?.projectMoves ?? [])) {
      at(`projectMoves.${i}.projectId`, 'This project is moved twice');
    }
    return { projectId: m.projectId, targetYear: y };
  });

  const earlier = new Map((before?.plannedInvestments ?? []).map((p) => [p.id, p]));
  const given = list('plannedInvestments', input?.plannedInvestments);
  const fresh = newIds(given.length);
  const plannedInvestments = given.map((p, i): ScenarioPlannedInvestment => {
    const path = `plannedInvestments.${i}`;
    if (p.id !== null && p.id !== undefined) {
      const old = earlier.get(p.id);
      if (!old) at(`${path}.id`, 'No such planned investment in this scenario');
      // What was executed stays as it was bought.
      else if (old.executedInvestmentId) return old;
    }
    const institution = (p.institution ?? '').trim();
    if (!institution || institution.length > INSTITUTION_MAX) {
      at(`${path}.institution`, `Name the bank or broker (at most ${INSTITUTION_MAX} characters)`);
    } else if (controlCharacterIn(institution) !== null) {
      at(`${path}.institution`, 'Remove the control characters');
    }
    if (!FUNDS.has(p.fund)) at(`${path}.fund`, 'Choose a fund');
    if (!KINDS.has(p.kind)) at(`${path}.kind`, 'Choose a kind');
    if (!amountOk(p.amount)) at(`${path}.amount`, 'The amount must be positive');
    if (!APY.test(p.apy ?? '')) at(`${path}.apy`, 'Enter the APY in percent, like 4.25');
    if (!monthOk(p.month)) at(`${path}.month`, MONTH_MESSAGE);
    const term = p.termMonths ?? null;
    if (MATURING.includes(p.kind)) {
      if (term === null || !Number.isInteger(term) || term < 1 || term > 120) {
        at(`${path}.termMonths`, 'Enter a term of 1 to 120 months');
      }
    } else if (term !== null) {
      at(`${path}.termMonths`, 'A money market or savings account has no term');
    }
    return {
      id: p.id && earlier.has(p.id) ? p.id : fresh[i],
      fund: p.fund,
      kind: p.kind,
      institution,
      amount: toTotal(amountOk(p.amount) ? p.amount : 0),
      termMonths: term,
      apy: p.apy,
      month: p.month,
      executedInvestmentId: null,
    };
  });

  const excludedInvestmentIds = [
    ...new Set(list('excludedInvestmentIds', input?.excludedInvestmentIds)),
  ];

  let inflationPercent: string | null = null;
  const inflation = input?.inflationPercent?.trim();
  if (inflation) {
    const h = hundredths(inflation);
    if (h === null || h < 0 || h > 2000) at('inflationPercent', 'Enter 0 to 20 percent a year');
    else inflationPercent = h === 0 ? null : percentText(h);
  }

  if (errors.length) throw badInput(errors, errors[0].message);

  // Ids: this association's projects and active investments, else NOT_FOUND.
  const moved = projectMoves.map((m) => m.projectId);
  const known = await existingProjectIds(em, moved.filter(isId));
  const missingProjects = projectMoves
    .map((m, i) => ({ m, i }))
    .filter(({ m }) => !known.has(m.projectId))
    .map(({ i }) => ({
      field: `assumptions.projectMoves.${i}.projectId`,
      message: 'Capital project not found',
    }));
  if (missingProjects.length) throw notFound('Capital project', missingProjects);
  if (excludedInvestmentIds.length) {
    const active = new Set(
      (await listInvestments(em, today, { status: InvestmentStatus.ACTIVE })).map((x) => x.id),
    );
    const missing = excludedInvestmentIds
      .map((id, i) => ({ id, i }))
      .filter(({ id }) => !active.has(id))
      .map(({ i }) => ({
        field: `assumptions.excludedInvestmentIds.${i}`,
        message: 'Active investment not found',
      }));
    if (missing.length) throw notFound('Investment', missing);
  }

  return {
    assessmentChanges,
    specialAssessments,
    projectMoves,
    plannedInvestments,
    excludedInvestmentIds,
    inflationPercent,
  };
}

const projectMovesSeen = (i: number, id: string, all: { projectId: string }[]) =>
  all.findIndex((m) => m.projectId === id) < i;

// ---------------------------------------------------------------------------------------------
// Reads and writes

export async function listScenarios(em: EntityManager): Promise<Scenario[]> {
  return (await selectScenarios(em)).map(toScenario);
}

export async function findScenario(em: EntityManager, id: string): Promise<Scenario> {
  assertId(id, 'Scenario');
  const [row] = await selectScenariosByIds(em, [id]);
  if (!row) throw notFound('Scenario');
  return toScenario(row);
}

async function checkRoom(tx: EntityManager) {
  await lockScenarioTable(tx);
  if ((await countScenarios(tx)) >= MAX_SCENARIOS) {
    throw conflict(`At most ${MAX_SCENARIOS} scenarios can be saved; delete one first`);
  }
}

export async function createScenario(
  em: EntityManager,
  actor: AuthInfo | null,
  today: string,
  input: ScenarioInput,
): Promise<Scenario> {
  const name = checkName(input.name);
  const [id] = newIds(1);
  await em.transactional(async (tx) => {
    await checkRoom(tx);
    await checkNameFree(tx, name);
    const assumptions = await checkAssumptions(tx, today, input.assumptions, null);
    await insertScenario(tx, {
      id,
      name,
      assumptions: toStored(assumptions),
      createdBy: actor?.userId ?? null,
    });
    await recordTenantAudit(tx, actor, {
      entityType: 'Scenario',
      entityId: id,
      action: 'create',
      changes: { name },
    });
  });
  return findScenario(em, id);
}

export async function updateScenario(
  em: EntityManager,
  actor: AuthInfo | null,
  today: string,
  id: string,
  input: ScenarioInput,
): Promise<Scenario> {
  assertId(id, 'Scenario');
  const name = checkName(input.name);
  await em.transactional(async (tx) => {
    const row = await lockScenario(tx, id);
    if (!row) throw notFound('Scenario');
    await checkNameFree(tx, name, id);
    const before = fromStored(row.assumptions);
    const assumptions = await checkAssumptions(tx, today, input.assumptions, before);
    await updateScenarioRow(tx, id, { name, assumptions: toStored(assumptions) });
    await recordTenantAudit(tx, actor, {
      entityType: 'Scenario',
      entityId: id,
      action: 'update',
      changes: row.name === name ? {} : { name: { before: row.name, after: name } },
    });
  });
  return findScenario(em, id);
}

// "Dues +4 %" → "Dues +4 % (copy)", then "(copy 2)", … cut to fit the name limit.
function copyName(name: string, taken: Set<string>): string {
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`;
    const candidate = `${name.slice(0, NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
}

export async function duplicateScenario(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
  name?: string | null,
): Promise<Scenario> {
  assertId(id, 'Scenario');
  const wanted = name === null || name === undefined ? null : checkName(name);
  const [copyId] = newIds(1);
  await em.transactional(async (tx) => {
    const row = await lockScenario(tx, id);
    if (!row) throw notFound('Scenario');
    await checkRoom(tx);
    const taken = new Set((await allNames(tx)).map((n) => n.toLowerCase()));
    const copy = wanted ?? copyName(row.name, taken);
    if (wanted) await checkNameFree(tx, wanted);
    const a = fromStored(row.assumptions);
    // The copy's plans are its own (new ids); an executed one stays executed, as the books hold it.
    const ids = newIds(a.plannedInvestments.length);
    a.plannedInvestments = a.plannedInvestments.map((p, i) => ({ ...p, id: ids[i] }));
    await insertScenario(tx, {
      id: copyId,
      name: copy,
      assumptions: toStored(a),
      createdBy: actor?.userId ?? null,
    });
    await recordTenantAudit(tx, actor, {
      entityType: 'Scenario',
      entityId: copyId,
      action: 'duplicate',
      changes: { name: copy, from: id },
    });
  });
  return findScenario(em, copyId);
}

export async function deleteScenario(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
): Promise<boolean> {
  assertId(id, 'Scenario');
  await em.transactional(async (tx) => {
    const row = await lockScenario(tx, id);
    if (!row) throw notFound('Scenario');
    await deleteScenarioRow(tx, id);
    await recordTenantAudit(tx, actor, {
      entityType: 'Scenario',
      entityId: id,
      action: 'delete',
      changes: { name: row.name },
    });
  });
  return true;
}

// `date` + n months, on the same day or the month's last day when it has fewer days.
function addWholeMonths(date: string, n: number): string {
  const first = addMonths(`${date.slice(0, 7)}-01`, n);
  const y = Number(first.slice(0, 4));
  const m = Number(first.slice(5, 7));
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const day = Math.min(Number(date.slice(8, 10)), last);
  return `${first.slice(0, 8)}${String(day).padStart(2, '0')}`;
}

export async function executeScenarioInvestment(
  em: EntityManager,
  actor: AuthInfo | null,
  today: string,
  scenarioId: string,
  plannedInvestmentId: string,
  input: ExecuteScenarioInvestmentInput,
): Promise<{ scenario: Scenario; investment: Investment }> {
  assertId(scenarioId, 'Scenario');
  assertId(plannedInvestmentId, 'Planned investment');
  if (!isLocalDate(input.purchaseDate)) {
    const message = 'Use a date like 2026-03-31';
    throw badInput([{ field: 'purchaseDate', message }], message);
  }
  let investment: Investment | undefined;
  await em.transactional(async (tx) => {
    const row = await lockScenario(tx, scenarioId);
    if (!row) throw notFound('Scenario');
    const a = fromStored(row.assumptions);
    const plan = a.plannedInvestments.find((p) => p.id === plannedInvestmentId);
    if (!plan) throw notFound('Planned investment');
    if (plan.executedInvestmentId) {
      throw conflict('This planned investment has already been bought');
    }
    const maturityDate =
      input.maturityDate ??
      (plan.termMonths === null ? null : addWholeMonths(input.purchaseDate, plan.termMonths));
    // The same service as the Investments page: its checks, its journal entry, its audit row.
    investment = await purchaseInvestment(tx, actor, today, {
      kind: plan.kind,
      institution: input.institution?.trim() || plan.institution,
      accountId: input.accountId,
      cashAccountId: input.cashAccountId,
      principal: Number(plan.amount),
      apy: plan.apy,
      purchaseDate: input.purchaseDate,
      maturityDate,
      compounding: Compounding.MONTHLY,
      notes: `Planned in the scenario "${row.name}"`,
    });
    if (investment.fundType !== plan.fund) {
      const message = `The plan invests ${plan.fund} money: choose a ${plan.fund} fund account`;
      throw badInput([{ field: 'accountId', message }], message);
    }
    plan.executedInvestmentId = investment.id;
    await updateScenarioRow(tx, scenarioId, { name: row.name, assumptions: toStored(a) });
    await recordTenantAudit(tx, actor, {
      entityType: 'Scenario',
      entityId: scenarioId,
      action: 'execute_investment',
      changes: { plannedInvestmentId, investmentId: investment.id },
    });
  });
  return { scenario: await findScenario(em, scenarioId), investment: investment! };
}

// ---------------------------------------------------------------------------------------------
// The projection

// What every projection of one request starts from: today's books, read once.
export interface Books {
  today: string;
  fiscalYearStartMonth: number;
  currentFiscalYear: number;
  months: string[];
  funds: FundSeries[];
  projectSpends: Awaited<ReturnType<typeof forecastFlows>>['projectSpends'];
  maturities: Awaited<ReturnType<typeof forecastFlows>>['maturities'];
  active: Investment[];
  // The reserve study's fully funded balance at the end of each fiscal year (none: no study).
  fullyFunded: Map<number, Total>;
}

export async function loadBooks(em: EntityManager, cal: ReserveCalendar): Promise<Books> {
  const flows = await forecastFlows(em, {
    today: cal.today,
    fiscalYearStartMonth: cal.fiscalYearStartMonth,
    months: PROJECTION_MONTHS,
  });
  const active = await listInvestments(em, cal.today, { status: InvestmentStatus.ACTIVE });
  const study = await reserveProjection(em, cal);
  return {
    today: cal.today,
    fiscalYearStartMonth: cal.fiscalYearStartMonth,
    currentFiscalYear: fiscalYearOf(cal.today, cal.fiscalYearStartMonth),
    months: flows.months,
    funds: flows.funds,
    projectSpends: flows.projectSpends,
    maturities: flows.maturities,
    active,
    fullyFunded: new Map(study.years.map((y) => [y.fiscalYear, y.fullyFunded])),
  };
}

// amount × Π(10000 + hᵢ) ÷ 10000ⁿ, half-up once.
function scaled(amount: Total, factors: bigint[]): Total {
  if (!factors.length) return amount;
  const num = factors.reduce((p, f) => p * (TEN_THOUSAND + f), 1n);
  return divHalfUp(amount * num, TEN_THOUSAND ** BigInt(factors.length));
}

const NO_ASSUMPTIONS: ScenarioAssumptions = {
  assessmentChanges: [],
  specialAssessments: [],
  projectMoves: [],
  plannedInvestments: [],
  excludedInvestmentIds: [],
  inflationPercent: null,
};

export function project(
  books: Books,
  a: ScenarioAssumptions = NO_ASSUMPTIONS,
  who: { scenarioId: string | null; name: string } = { scenarioId: null, name: BASELINE_NAME },
): ScenarioProjection {
  const { months } = books;
  const n = months.length;
  const indexOfMonth = (m: string): number | null =>
    m < months[0] ? 0 : m > months[n - 1] ? null : months.indexOf(m);
  const yearOf = (i: number) =>
    fiscalYearOf(`${months[i]}-01`, books.fiscalYearStartMonth) - books.currentFiscalYear;
  const inflation = a.inflationPercent === null ? 0 : hundredths(a.inflationPercent)!;
  const inflate = (amount: Total, i: number) =>
    inflation ? scaled(amount, Array(yearOf(i)).fill(BigInt(inflation))) : amount;

  const funds = books.funds.map((f) => ({
    fundType: f.fundType,
    opening: f.opening,
    flows: f.flows.map((x) => ({ ...x })),
    invested: Array<Total>(n).fill(0n),
  }));
  const fundOf = (t: FundType) => funds.find((f) => f.fundType === t)!;

  // Assessment changes, compounding in month order.
  const changes = [...a.assessmentChanges]
    .map((c) => ({ from: c.fromMonth, h: BigInt(hundredths(c.percent)!) }))
    .sort((x, y) => x.from.localeCompare(y.from));
  months.forEach((m, i) => {
    const factors = changes.filter((c) => c.from <= m).map((c) => c.h);
    if (!factors.length) return;
    for (const f of funds) f.flows[i].assessments = scaled(f.flows[i].assessments, factors);
  });
  for (const s of a.specialAssessments) {
    const i = months.indexOf(s.month);
    if (i >= 0) fundOf(s.fund).flows[i].assessments += s.amount;
  }

  // Budgeted expenses with inflation.
  for (const f of funds) f.flows.forEach((x, i) => (x.expenses = inflate(x.expenses, i)));

  // Capital projects: every spend again, at its (moved) month, with inflation.
  const moves = new Map(a.projectMoves.map((m) => [m.projectId, m.targetYear]));
  for (const f of funds) for (const x of f.flows) x.capitalProjects = 0n;
  for (const s of books.projectSpends) {
    let at = s.monthIndex;
    if (moves.has(s.projectId)) {
      const year = moves.get(s.projectId)!;
      at =
        year === null
          ? null
          : indexOfMonth(fiscalYear(year, books.fiscalYearStartMonth).from.slice(0, 7));
    }
    if (at !== null) fundOf(s.fundType).flows[at].capitalProjects += inflate(s.amount, at);
  }

  // Investments held today, at cost until they mature; removed ones come back now.
  const excluded = new Set(a.excludedInvestmentIds);
  const maturity = new Map(books.maturities.map((m) => [m.investmentId, m]));
  for (const inv of books.active) {
    const f = fundOf(inv.fundType);
    if (excluded.has(inv.id)) {
      const m = maturity.get(inv.id);
      if (m) f.flows[m.monthIndex].investmentFlows -= m.proceeds;
      f.flows[0].investmentFlows += expectedProceeds(inv);
      continue;
    }
    const until = maturity.get(inv.id)?.monthIndex ?? n;
    for (let i = 0; i < until; i++) f.invested[i] += inv.balance;
  }

  // Planned investments not bought yet.
  for (const p of a.plannedInvestments) {
    if (p.executedInvestmentId) continue;
    const at = indexOfMonth(p.month);
    if (at === null) continue;
    const f = fundOf(p.fund);
    f.flows[at].investmentFlows -= p.amount;
    let until = n;
    if (p.termMonths !== null) {
      const bought = `${months[at]}-01`;
      const days = daysBetween(bought, addMonths(bought, p.termMonths));
      const back = p.amount + interestFor(p.amount, p.apy, days, Compounding.MONTHLY);
      until = at + p.termMonths;
      if (until < n) f.flows[until].investmentFlows += back;
    }
    for (let i = at; i < Math.min(until, n); i++) f.invested[i] += p.amount;
  }

  // Adding up.
  const closes = funds.map((f) => {
    let cash = f.opening;
    return f.flows.map((x, i) => {
      cash += netFlow(x);
      return { cash, balance: cash + f.invested[i] };
    });
  });
  const op = closes[funds.indexOf(fundOf(FundType.OPERATING))];
  const res = closes[funds.indexOf(fundOf(FundType.RESERVE))];
  const monthRows: ScenarioMonth[] = months.map((month, i) => ({
    month,
    operatingCash: op[i].cash,
    reserveCash: res[i].cash,
    operatingBalance: op[i].balance,
    reserveBalance: res[i].balance,
  }));

  const years: ScenarioYear[] = [];
  for (let k = 0; k < PROJECTION_YEARS; k++) {
    const fy = books.currentFiscalYear + k;
    const last = fiscalYear(fy, books.fiscalYearStartMonth).months[11];
    const month = `${last.year}-${String(last.month).padStart(2, '0')}`;
    const row = monthRows.find((m) => m.month === month);
    if (!row) break;
    const ffb = books.fullyFunded.get(fy) ?? 0n;
    years.push({
      fiscalYear: fy,
      month,
      operatingBalance: row.operatingBalance,
      reserveBalance: row.reserveBalance,
      fullyFundedBalance: ffb > 0n ? ffb : null,
      percentFunded: percentOf(row.reserveBalance, ffb).percent,
    });
  }

  const lowest = (pick: (m: ScenarioMonth) => Total): ScenarioLowest => {
    let low = monthRows[0];
    for (const m of monthRows) if (pick(m) < pick(low)) low = m;
    return { month: low.month, balance: pick(low) };
  };
  return {
    scenarioId: who.scenarioId,
    name: who.name,
    years,
    months: monthRows,
    lowestOperating: lowest((m) => m.operatingBalance),
    lowestReserve: lowest((m) => m.reserveBalance),
  };
}

export async function scenarioComparison(
  em: EntityManager,
  cal: ReserveCalendar,
  ids: string[],
): Promise<ScenarioComparison> {
  if (ids.length < 1 || ids.length > 4 || new Set(ids).size !== ids.length) {
    const message = 'Choose one to four different scenarios';
    throw badInput([{ field: 'ids', message }], message);
  }
  for (const id of ids) assertId(id, 'Scenario');
  const rows = await selectScenariosByIds(em, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  if (ids.some((id) => !byId.has(id))) throw notFound('Scenario');
  const books = await loadBooks(em, cal);
  return {
    asOf: cal.today,
    firstMonth: books.months[0],
    baseline: project(books),
    scenarios: ids.map((id) => {
      const s = toScenario(byId.get(id)!);
      return project(books, s.assumptions, { scenarioId: s.id, name: s.name });
    }),
  };
}
