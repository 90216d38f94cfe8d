import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { fiscalYear, fiscalYearOf } from '../../core/dates.js';
import { badInput, type FieldDetail, notFound } from '../../core/errors/app-error.js';
import { isId, newIds } from '../../core/ids.js';
import { formatMoney, toTotal, type Total } from '../../core/money/money.js';
import { diff, recordTenantAudit } from '../audit/index.js';
import { balanceSheet } from '../reports/index.js';
import { RATE, RATE_MESSAGE } from './reserves.inputs.js';
import type { ReserveComponentInput, ReserveSettingsInput } from './reserves.inputs.js';
import {
  bandOf,
  effectiveAge,
  fullyFunded,
  fundingGoals,
  closings,
  percentOf,
  remainingFromPlaced,
  schedule,
  type LifeCycle,
  type ProjectionYear,
} from './reserves.math.js';
import {
  type AccountRow,
  type ComponentRow,
  type ComponentValues,
  deleteComponent as deleteComponentRow,
  insertComponents,
  lockAccounts,
  selectBudgetedContribution,
  selectComponent,
  selectComponents,
  selectSettings,
  updateComponent as updateComponentRow,
  updateSettings,
} from './reserves.repository.js';
import {
  ReserveBand,
  type ReserveCategory,
  type ReserveComponent,
  type ReserveFundingGoal,
  type ReserveProjection,
  type ReserveSettings,
  type ReserveStudy,
} from './reserves.types.js';

// The reserve study (issue #16). Decisions:
// - Components (reserve_components): name, category from a fixed list (+ other), quantity and
//   unit, useful life (years > 0), remaining life OR the year placed in service (exactly one),
//   current replacement cost (cents ≥ 0), the reserve-fund ASSET account it is funded from, notes.
//   Every write is audited (entity type ReserveComponent / ReserveSettings).
// - Remaining life from the placed-in-service year: max(0, placed + useful life − current fiscal
//   year). Effective age = useful life − remaining life, clamped to 0 … useful life. Fully funded
//   balance = cost × effective age ÷ useful life, half-up to the cent (BigInt).
// - Percent funded = the reserve fund balance on the association's today (the balance sheet's
//   reserve fund balance total, read through the statements service) ÷ Σ fully funded balance,
//   one decimal, half-up ("61.4"); null when nothing is to be funded. Bands: WEAK < 30 ≤ FAIR < 70
//   ≤ STRONG.
// - Projection: 30 fiscal years from the current one. Year 1 opens with the reserve fund balance
//   on the day before the fiscal year starts (the balance sheet again). Each year: the constant
//   annual contribution (as entered in the settings, else the current fiscal year's budget: the
//   budgeted amounts of the accounts whose forecastRole is reserve contribution, reserve-fund
//   INCOME accounts, which is how the demo and most charts book the operating fund's monthly
//   transfer), interest = opening × rate half-up (none on a negative opening), expenditures =
//   each component replaced that year (first at remaining life years after the current fiscal
//   year, so remaining 0 → year 1, then every useful life years) at cost × (1 + inflation)^(year − 1) half-up; closing = opening +
//   contribution + interest − expenditures. Each year also carries the fully funded balance at its
//   end (the next year's ages at the next year's inflated costs).
// - Funding goals, each the least constant annual contribution in cents (binary search; the
//   closings only rise with the contribution): threshold keeps every closing ≥ the threshold floor;
//   full funding keeps every closing ≥ 0 and the last closing ≥ that year's fully funded balance.
// - Settings (reserve_settings, one row): inflation 3 % and interest 1 % until changed, threshold
//   floor 0, contribution from the budget.

export interface ReserveCalendar {
  // The association's today and fiscal-year start month.
  today: string;
  fiscalYearStartMonth: number;
}

const currentFiscalYear = (cal: ReserveCalendar) =>
  fiscalYearOf(cal.today, cal.fiscalYearStartMonth);

// ---------------------------------------------------------------------------------------------
// Components

function toComponent(r: ComponentRow, currentFy: number): ReserveComponent {
  const derived = r.remaining_life_years === null;
  const remaining = derived
    ? remainingFromPlaced(r.placed_in_service_year!, r.useful_life_years, currentFy)
    : r.remaining_life_years!;
  const cost = toTotal(r.current_replacement_cost);
  return {
    id: r.id,
    name: r.name,
    category: r.category as ReserveCategory,
    quantity: r.quantity === null ? null : trimDecimal(r.quantity),
    unit: r.unit,
    usefulLifeYears: r.useful_life_years,
    remainingLifeYears: remaining,
    remainingLifeDerived: derived,
    placedInServiceYear: r.placed_in_service_year,
    effectiveAgeYears: effectiveAge(r.useful_life_years, remaining),
    nextReplacementYear: currentFy + remaining,
    currentReplacementCost: cost,
    fullyFundedBalance: fullyFunded({
      usefulLife: r.useful_life_years,
      remainingLife: remaining,
      cost,
    }),
    accountId: r.account_id,
    notes: r.notes,
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

// "42.00" → "42", "12.50" → "12.5".
const trimDecimal = (s: string) => (s.includes('.') ? s.replace(/\.?0+$/, '') : s);

export async function listComponents(
  em: EntityManager,
  cal: ReserveCalendar,
): Promise<ReserveComponent[]> {
  const fy = currentFiscalYear(cal);
  return (await selectComponents(em)).map((r) => toComponent(r, fy));
}

export async function findComponent(
  em: EntityManager,
  cal: ReserveCalendar,
  id: string,
  lock = false,
): Promise<ReserveComponent> {
  const row = isId(id) ? await selectComponent(em, id, lock) : undefined;
  if (!row) throw notFound('Reserve component');
  return toComponent(row, currentFiscalYear(cal));
}

const text = (value: string | null | undefined): string | null => value?.trim() || null;

// A component's values from an input, with the problems the field rules cannot see (the account
// is checked separately, against the accounts locked for the write).
export function componentValues(
  input: ReserveComponentInput,
  problems: FieldDetail[],
  field: (name: string) => string = (n) => n,
): ComponentValues {
  const name = input.name?.trim() ?? '';
  if (!name) problems.push({ field: field('name'), message: 'Name is required' });
  const hasRemaining = input.remainingLifeYears !== null && input.remainingLifeYears !== undefined;
  const hasPlaced = input.placedInServiceYear !== null && input.placedInServiceYear !== undefined;
  if (hasRemaining === hasPlaced) {
    problems.push({
      field: field('remainingLifeYears'),
      message: hasRemaining
        ? 'Give the remaining life or the year placed in service, not both'
        : 'Give the remaining life or the year placed in service',
    });
  }
  if (input.currentReplacementCost < 0) {
    problems.push({
      field: field('currentReplacementCost'),
      message: 'The replacement cost cannot be negative',
    });
  }
  const quantity = text(input.quantity);
  if (quantity !== null && Number(quantity) <= 0) {
    problems.push({ field: field('quantity'), message: 'The quantity must be more than 0' });
  }
  return {
    name,
    category: input.category,
    quantity,
    unit: text(input.unit),
    usefulLifeYears: input.usefulLifeYears,
    remainingLifeYears: hasRemaining ? input.remainingLifeYears! : null,
    placedInServiceYear: hasPlaced ? input.placedInServiceYear! : null,
    currentReplacementCost: input.currentReplacementCost,
    accountId: input.accountId,
    notes: text(input.notes),
  };
}

// Why an account cannot fund a component, if it cannot.
export function accountProblem(a: AccountRow): string | null {
  const label = `Account ${a.number} ${a.name}`;
  if (a.fund_type !== 'reserve') return `${label} is not in the reserve fund`;
  if (a.type !== 'asset') return `${label} is not an asset account`;
  if (a.archived) return `${label} is archived`;
  return null;
}

async function checkAccount(tx: EntityManager, id: string, problems: FieldDetail[]) {
  const field = 'accountId';
  const [account] = isId(id) ? await lockAccounts(tx, [id]) : [];
  if (!account) throw notFound('Account', [{ field, message: 'Account not found' }]);
  const problem = accountProblem(account);
  if (problem) problems.push({ field, message: problem });
}

function auditValues(v: ComponentValues) {
  return {
    name: v.name,
    category: v.category,
    quantity: v.quantity,
    unit: v.unit,
    usefulLifeYears: v.usefulLifeYears,
    remainingLifeYears: v.remainingLifeYears,
    placedInServiceYear: v.placedInServiceYear,
    currentReplacementCost: formatMoney(v.currentReplacementCost),
    accountId: v.accountId,
    notes: v.notes,
  };
}

const rowValues = (r: ComponentRow): ComponentValues => ({
  name: r.name,
  category: r.category,
  quantity: r.quantity === null ? null : trimDecimal(r.quantity),
  unit: r.unit,
  usefulLifeYears: r.useful_life_years,
  remainingLifeYears: r.remaining_life_years,
  placedInServiceYear: r.placed_in_service_year,
  currentReplacementCost: Number(r.current_replacement_cost),
  accountId: r.account_id,
  notes: r.notes,
});

export async function createComponent(
  em: EntityManager,
  actor: AuthInfo | null,
  cal: ReserveCalendar,
  input: ReserveComponentInput,
): Promise<ReserveComponent> {
  const problems: FieldDetail[] = [];
  const values = componentValues(input, problems);
  const [id] = newIds(1);
  return em.transactional(async (tx) => {
    await checkAccount(tx, values.accountId, problems);
    if (problems.length) throw badInput(problems, problems[0].message);
    await insertComponents(tx, [{ id, values }]);
    await recordTenantAudit(tx, actor, {
      entityType: 'ReserveComponent',
      entityId: id,
      action: 'create',
      changes: auditValues(values),
    });
    return findComponent(tx, cal, id);
  });
}

export async function updateComponent(
  em: EntityManager,
  actor: AuthInfo | null,
  cal: ReserveCalendar,
  id: string,
  input: ReserveComponentInput,
): Promise<ReserveComponent> {
  return em.transactional(async (tx) => {
    const before = isId(id) ? await selectComponent(tx, id, true) : undefined;
    if (!before) throw notFound('Reserve component');
    const problems: FieldDetail[] = [];
    const values = componentValues(input, problems);
    await checkAccount(tx, values.accountId, problems);
    if (problems.length) throw badInput(problems, problems[0].message);
    const a = auditValues(values);
    const changes = diff(auditValues(rowValues(before)), a, Object.keys(a) as (keyof typeof a)[]);
    if (Object.keys(changes).length) {
      await updateComponentRow(tx, id, values);
      await recordTenantAudit(tx, actor, {
        entityType: 'ReserveComponent',
        entityId: id,
        action: 'update',
        changes,
      });
    }
    return findComponent(tx, cal, id);
  });
}

export async function deleteComponent(
  em: EntityManager,
  actor: AuthInfo | null,
  id: string,
): Promise<boolean> {
  return em.transactional(async (tx) => {
    const before = isId(id) ? await selectComponent(tx, id, true) : undefined;
    if (!before) throw notFound('Reserve component');
    await deleteComponentRow(tx, id);
    await recordTenantAudit(tx, actor, {
      entityType: 'ReserveComponent',
      entityId: id,
      action: 'delete',
      changes: auditValues(rowValues(before)),
    });
    return true;
  });
}

// ---------------------------------------------------------------------------------------------
// Settings

// Basis points ↔ a percent string with two decimals ("2.75").
export const bpsToPercent = (bps: number) =>
  `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;

export function percentToBps(percent: string): number | null {
  const m = RATE.exec(percent.trim());
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? '.').slice(1).padEnd(2, '0'));
  return bps <= 2500 ? bps : null;
}

// The one settings row has no id of its own: its history is kept under the nil uuid.
export const SETTINGS_AUDIT_ID = '00000000-0000-0000-0000-000000000000';

interface Settings {
  inflationBps: number;
  interestBps: number;
  annualContribution: Total | null;
  thresholdFloor: Total;
}

async function loadSettings(em: EntityManager, lock = false): Promise<Settings> {
  const r = await selectSettings(em, lock);
  return {
    inflationBps: r.inflation_rate_bps,
    interestBps: r.interest_rate_bps,
    annualContribution: r.annual_contribution === null ? null : toTotal(r.annual_contribution),
    thresholdFloor: toTotal(r.threshold_floor),
  };
}

const toSettings = (s: Settings): ReserveSettings => ({
  inflationRate: bpsToPercent(s.inflationBps),
  interestRate: bpsToPercent(s.interestBps),
  annualContribution: s.annualContribution,
  thresholdFloor: s.thresholdFloor,
});

export async function getSettings(em: EntityManager): Promise<ReserveSettings> {
  return toSettings(await loadSettings(em));
}

// The settings with an input's fields applied (omitted: kept; annualContribution null: the
// budget), or the field problems.
function applySettings(s: Settings, input: ReserveSettingsInput): Settings {
  const problems: FieldDetail[] = [];
  const next = { ...s };
  const rate = (field: 'inflationRate' | 'interestRate', key: 'inflationBps' | 'interestBps') => {
    const v = input[field];
    if (v === undefined || v === null) return;
    const bps = percentToBps(v);
    if (bps === null) problems.push({ field, message: RATE_MESSAGE });
    else next[key] = bps;
  };
  rate('inflationRate', 'inflationBps');
  rate('interestRate', 'interestBps');
  if (input.annualContribution !== undefined) {
    if (input.annualContribution !== null && input.annualContribution < 0) {
      problems.push({
        field: 'annualContribution',
        message: 'The contribution cannot be negative',
      });
    } else {
      next.annualContribution =
        input.annualContribution === null ? null : toTotal(input.annualContribution);
    }
  }
  if (input.thresholdFloor !== undefined && input.thresholdFloor !== null) {
    if (input.thresholdFloor < 0) {
      problems.push({ field: 'thresholdFloor', message: 'The floor cannot be negative' });
    } else next.thresholdFloor = toTotal(input.thresholdFloor);
  }
  if (problems.length) throw badInput(problems, problems[0].message);
  return next;
}

export async function saveSettings(
  em: EntityManager,
  actor: AuthInfo | null,
  input: ReserveSettingsInput,
): Promise<ReserveSettings> {
  return em.transactional(async (tx) => {
    const before = await loadSettings(tx, true);
    const after = applySettings(before, input);
    const b = toSettings(before);
    const a = toSettings(after);
    const show = (x: ReserveSettings) => ({
      ...x,
      annualContribution: x.annualContribution === null ? null : formatMoney(x.annualContribution),
      thresholdFloor: formatMoney(x.thresholdFloor),
    });
    const changes = diff(show(b), show(a), [
      'inflationRate',
      'interestRate',
      'annualContribution',
      'thresholdFloor',
    ]);
    if (Object.keys(changes).length) {
      await updateSettings(tx, {
        inflationBps: after.inflationBps,
        interestBps: after.interestBps,
        annualContribution:
          after.annualContribution === null ? null : Number(after.annualContribution),
        thresholdFloor: Number(after.thresholdFloor),
      });
      await recordTenantAudit(tx, actor, {
        entityType: 'ReserveSettings',
        entityId: SETTINGS_AUDIT_ID,
        action: 'update',
        changes,
      });
    }
    return a;
  });
}

// ---------------------------------------------------------------------------------------------
// Percent funded and the projection

// The reserve fund's balance on a date: the balance sheet's reserve fund balance total.
export async function reserveFundBalance(
  em: EntityManager,
  asOf: string,
  fiscalYearStartMonth: number,
): Promise<Total> {
  const sheet = await balanceSheet(em, { asOf, fiscalYearStartMonth });
  return sheet.fundBalance.total.reserve;
}

const lifeCycle = (c: ReserveComponent): LifeCycle & { id: string; name: string } => ({
  id: c.id,
  name: c.name,
  usefulLife: c.usefulLifeYears,
  remainingLife: c.remainingLifeYears,
  cost: c.currentReplacementCost,
});

// Percent funded on the calendar's today (the dashboard tile and the Reserves page).
export async function percentFunded(
  em: EntityManager,
  cal: ReserveCalendar,
): Promise<ReserveStudy> {
  const components = await listComponents(em, cal);
  const reserveBalance = await reserveFundBalance(em, cal.today, cal.fiscalYearStartMonth);
  const totalFullyFunded = components.reduce((s, c) => s + c.fullyFundedBalance, 0n);
  const { percent, tenths } = percentOf(reserveBalance, totalFullyFunded);
  return {
    asOf: cal.today,
    reserveBalance,
    totalFullyFunded,
    totalReplacementCost: components.reduce((s, c) => s + c.currentReplacementCost, 0n),
    percentFunded: percent,
    band: tenths === null ? null : ReserveBand[bandOf(tenths)],
    componentsCount: components.length,
  };
}

export async function budgetedContribution(em: EntityManager, year: number): Promise<Total> {
  return toTotal(await selectBudgetedContribution(em, year));
}

function goal(contribution: Total, years: ProjectionYear[]): ReserveFundingGoal {
  let low = years[0];
  for (const y of years) if (y.closing < low.closing) low = y;
  return {
    annualContribution: contribution,
    lowestClosing: low?.closing ?? 0n,
    lowestYear: low?.fiscalYear ?? 0,
    finalClosing: years.at(-1)?.closing ?? 0n,
  };
}

// The 30-year projection from the current fiscal year, with the saved assumptions or, for a
// what-if, the fields of `assumptions` in their place (nothing is saved).
export async function reserveProjection(
  em: EntityManager,
  cal: ReserveCalendar,
  assumptions?: ReserveSettingsInput | null,
): Promise<ReserveProjection> {
  const saved = await loadSettings(em);
  const s = assumptions ? applySettings(saved, assumptions) : saved;
  const fy = currentFiscalYear(cal);
  const start = fiscalYear(fy, cal.fiscalYearStartMonth).from;
  const openingAsOf = new Date(Date.parse(`${start}T00:00:00Z`) - 86_400_000)
    .toISOString()
    .slice(0, 10);
  const opening = await reserveFundBalance(em, openingAsOf, cal.fiscalYearStartMonth);
  const budgeted = await budgetedContribution(em, fy);
  const contribution = s.annualContribution ?? budgeted;
  const components = (await listComponents(em, cal)).map(lifeCycle);
  const plan = schedule({ firstFiscalYear: fy, inflationBps: s.inflationBps, components });
  const years = closings(plan, opening, contribution, s.interestBps);
  const goals = fundingGoals(plan, opening, s.interestBps, s.thresholdFloor);
  return {
    years: years.map((y) => ({ ...y, negative: y.closing < 0n })),
    negativeYears: years.filter((y) => y.closing < 0n).length,
    goals: {
      threshold: goal(goals.threshold, closings(plan, opening, goals.threshold, s.interestBps)),
      fullFunding: goal(
        goals.fullFunding,
        closings(plan, opening, goals.fullFunding, s.interestBps),
      ),
    },
    assumptions: {
      inflationRate: bpsToPercent(s.inflationBps),
      interestRate: bpsToPercent(s.interestBps),
      annualContribution: contribution,
      contributionFromBudget: s.annualContribution === null,
      budgetedContribution: budgeted,
      thresholdFloor: s.thresholdFloor,
      openingBalance: opening,
      openingAsOf,
    },
  };
}
