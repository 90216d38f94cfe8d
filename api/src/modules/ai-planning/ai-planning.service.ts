import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthInfo } from '../../core/auth/tokens.js';
import type { Services } from '../../core/context.js';
import { DEFAULT_LOCALE, dateIn, mediumDate, now, todayIn } from '../../core/dates.js';
import { badInput } from '../../core/errors/app-error.js';
import { notFound } from '../../core/errors/app-error.js';
import { assertId, newIds } from '../../core/ids.js';
import { formatMoney, maxTotal, toTotal, type Total } from '../../core/money/money.js';
import { openTenant } from '../../core/tenancy/tenant-door.js';
import type { TenantEntry } from '../../core/tenancy/tenant-directory.js';
import { FundType } from '../accounts/index.js';
import { recordTenantAudit } from '../audit/index.js';
import { cashByFund, forecastFlows, netFlow } from '../forecast/index.js';
import {
  addPlannedInvestments,
  expectedProceeds,
  InvestmentKind,
  InvestmentStatus,
  listInvestments,
  type PlannedInvestment,
  type PlannedInvestmentDraft,
} from '../investments/index.js';
import { percentFunded } from '../reserves/index.js';
import type { PlanningRateInput } from './ai-planning.inputs.js';
import type { Narrative, NarrativeFacts, ProviderConfig } from './ai-planning.narrative.js';
import {
  plan as makePlan,
  type Plan,
  type PlannerInputs,
  type PlanRecommendation,
  RecommendationType,
  trimApy,
} from './ai-planning.planner.js';
import { writeNarrative } from './ai-planning.provider.js';
import {
  completeRecommendation,
  failStalePending,
  insertPending,
  type RecommendationRow,
  replaceRates,
  selectOrganizationLocale,
  selectPending,
  selectRates,
  selectRecommendation,
  selectRecommendations,
  selectUserEmails,
} from './ai-planning.repository.js';
import {
  AiRecommendation,
  AiRecommendationStatus,
  type FundHealth,
  type InvestmentPlan,
  NarrativeSource,
  type PlanningInputs,
  PlanningRate,
  type PlanningSettings,
} from './ai-planning.types.js';

// AI investment planning (issue #17): the inputs the planner reads, the recommendation requests
// (run in the background, one pending at a time, every one logged) and "Add to plan".
//
// A request inserts a pending log row and returns it at once; the work runs after the response
// through the one door into the tenant (its own EntityManager): read the figures, run the
// deterministic planner, and, when an AI provider is configured, have it reword the plan (its
// answer is checked against the planner's figures by the provider module; on any error the
// planner's own text stays and the error is logged on the row). A request pending for longer than
// STALE_SECONDS was cut off by a restart and is marked failed before a new one starts.

export const FORECAST_MONTHS = 24;
const STALE_SECONDS = 600;

export interface PlanningCalendar {
  today: string;
  fiscalYearStartMonth: number;
}

const calendarOf = (org: TenantEntry): PlanningCalendar => ({
  today: todayIn(org.timeZone),
  fiscalYearStartMonth: org.fiscalYearStartMonth,
});

// ---------------------------------------------------------------------------------------------
// Inputs

export async function planningRates(em: EntityManager): Promise<PlanningRate[]> {
  return (await selectRates(em)).map((r) => ({
    id: r.id,
    kind: r.kind as InvestmentKind,
    termMonths: r.term_months,
    apy: r.apy,
    institution: r.institution,
    updatedAt: new Date(r.updated_at),
  }));
}

const latestUpdate = (rates: PlanningRate[], timeZone: string): string | null => {
  const t = Math.max(...rates.map((r) => r.updatedAt.getTime()));
  return rates.length ? dateIn(timeZone, new Date(t)) : null;
};

export async function gatherInputs(
  em: EntityManager,
  cal: PlanningCalendar,
  timeZone: string,
): Promise<PlannerInputs> {
  const f = await forecastFlows(em, { ...cal, months: FORECAST_MONTHS });
  // The forecast opens at the last month-end (whole months of budget); what the fund holds now is
  // the dashboard's figure for the association's today.
  const today = await cashByFund(em, cal.today, cal.fiscalYearStartMonth);
  const funds = f.funds.map((s) => {
    let balance = s.opening;
    const closings: Total[] = [];
    for (const m of s.flows) {
      balance += netFlow(m);
      closings.push(balance);
    }
    return {
      fund: s.fundType,
      cash: today.get(s.fundType) ?? 0n,
      closings,
      expenses: s.flows.map((m) => m.expenses),
      capital: s.flows.map((m) => m.capitalProjects),
    };
  });
  const active = await listInvestments(em, cal.today, { status: InvestmentStatus.ACTIVE });
  const rates = await planningRates(em);
  const study = await percentFunded(em, cal);
  const tenths = f.collectionTenths;
  return {
    asOf: cal.today,
    months: f.months,
    funds,
    holdings: active.map((i) => ({
      id: i.id,
      fund: i.fundType,
      kind: i.kind,
      institution: i.institution,
      value: i.balance + maxTotal(0n, i.accruedInterest - i.interestRecorded),
      proceeds: expectedProceeds(i),
      apy: i.apy,
      maturityDate: i.maturityDate,
    })),
    rates: rates.map((r) => ({
      kind: r.kind,
      termMonths: r.termMonths,
      apy: r.apy,
      institution: r.institution,
    })),
    ratesUpdatedOn: latestUpdate(rates, timeZone),
    collectionRate: `${Math.floor(tenths / 10)}.${tenths % 10}`,
    percentFunded: study.percentFunded,
  };
}

const isPlannable = (r: PlanRecommendation) =>
  r.rungs.length > 0 || (r.kind !== null && r.termMonths !== null && r.suggestedAmount !== null);

const toGraph = (p: Plan): InvestmentPlan => ({
  ...p,
  recommendations: p.recommendations.map((r) => ({ ...r, plannable: isPlannable(r) })),
});

export async function planningSettings(
  em: EntityManager,
  org: TenantEntry,
  ai: ProviderConfig | null,
): Promise<PlanningSettings> {
  const cal = calendarOf(org);
  const inputs = await gatherInputs(em, cal, org.timeZone);
  const rates = await planningRates(em);
  return {
    providerConfigured: ai !== null,
    providerModel: ai?.model ?? null,
    rates,
    ratesUpdatedOn: latestUpdate(rates, org.timeZone),
    health: makePlan(inputs).health as FundHealth[],
  };
}

export async function setPlanningRates(
  em: EntityManager,
  actor: AuthInfo | null,
  input: PlanningRateInput[],
): Promise<PlanningRate[]> {
  const problems: { field: string; message: string }[] = [];
  const seen = new Set<string>();
  const rows = input.map((r, i) => {
    const term = r.termMonths ?? null;
    const dated = r.kind === InvestmentKind.CD || r.kind === InvestmentKind.TREASURY;
    if (dated && term === null) {
      problems.push({ field: `rates.${i}.termMonths`, message: 'Give the term in months' });
    }
    if (!dated && term !== null) {
      problems.push({
        field: `rates.${i}.termMonths`,
        message: 'Money market and savings have no term',
      });
    }
    const institution = r.institution?.trim() || null;
    const key = `${r.kind}|${term ?? 0}|${(institution ?? '').toLowerCase()}`;
    if (seen.has(key)) {
      problems.push({ field: `rates.${i}`, message: 'This kind, term and bank is listed twice' });
    }
    seen.add(key);
    return { kind: r.kind, termMonths: dated ? term : null, apy: r.apy, institution };
  });
  if (input.length > 60) problems.push({ field: 'rates', message: 'At most 60 rates' });
  if (problems.length) throw badInput(problems, problems[0].message);
  await em.transactional(async (tx) => {
    await replaceRates(tx, rows, now());
    await recordTenantAudit(tx, actor, {
      entityType: 'PlanningRates',
      entityId: '00000000-0000-0000-0000-000000000000',
      action: 'update',
      changes: {
        rates: rows.map((r) =>
          `${r.kind} ${r.termMonths ?? ''} ${r.apy} ${r.institution ?? ''}`.trim(),
        ),
      },
    });
  });
  return planningRates(em);
}

// ---------------------------------------------------------------------------------------------
// The log

// JSON keeps money as strings of cents (exact); these keys hold money (or lists of it) when read
// back.
const MONEY_KEYS = new Set([
  'cash',
  'closings',
  'expenses',
  'capital',
  'value',
  'proceeds',
  'amount',
  'interest',
  'suggestedAmount',
  'monthlyExpenses',
  'capitalNext12',
  'floor',
  'cushion',
  'aboveFloor',
  'lowest',
  'toInvest',
  'trend',
  'estimatedInterest',
]);
const toJson = (value: unknown) =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
function revive<T>(value: unknown): T {
  if (value === null || value === undefined) return value as T;
  const walk = (v: unknown, key: string | null): unknown => {
    if (Array.isArray(v)) {
      return v.map((x) =>
        key && MONEY_KEYS.has(key) && typeof x === 'string' ? toTotal(x) : walk(x, null),
      );
    }
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    }
    if (key && MONEY_KEYS.has(key) && typeof v === 'string') return toTotal(v);
    return v;
  };
  return walk(value, null) as T;
}

function hydrate(r: RecommendationRow): AiRecommendation {
  const output = revive<Plan | null>(r.output);
  return {
    id: r.id,
    status: r.status as AiRecommendationStatus,
    requestedAt: new Date(r.requested_at),
    completedAt: r.completed_at ? new Date(r.completed_at) : null,
    requestedByEmail: r.requested_by_email,
    provider: r.provider,
    model: r.model,
    narrativeSource: r.narrative_source as NarrativeSource | null,
    error: r.error,
    responseMs: r.response_ms,
    inputs: revive<PlanningInputs | null>(r.inputs),
    plan: output ? toGraph(output) : null,
  };
}

// Who asked, by their email now (users live in the platform database), else as it was then.
async function withEmails(
  platformEm: EntityManager | null,
  rows: RecommendationRow[],
): Promise<AiRecommendation[]> {
  const ids = [...new Set(rows.map((r) => r.requested_by).filter((x): x is string => !!x))];
  const emails = new Map(
    platformEm && ids.length
      ? (await selectUserEmails(platformEm, ids)).map((u) => [u.id, u.email])
      : [],
  );
  return rows.map((r) => ({
    ...hydrate(r),
    requestedByEmail: (r.requested_by ? emails.get(r.requested_by) : null) ?? r.requested_by_email,
  }));
}

export async function listRecommendations(
  em: EntityManager,
  platformEm: EntityManager | null,
  limit: number,
  status: AiRecommendationStatus | null,
): Promise<AiRecommendation[]> {
  if (!Number.isInteger(limit) || limit < 1 || limit > 200) {
    throw badInput([{ field: 'limit', message: 'Give 1 to 200' }], 'Give 1 to 200');
  }
  return withEmails(platformEm, await selectRecommendations(em, limit, status));
}

export async function findRecommendation(
  em: EntityManager,
  id: string,
  platformEm: EntityManager | null = null,
): Promise<AiRecommendation> {
  assertId(id, 'Recommendation');
  const row = await selectRecommendation(em, id);
  if (!row) throw notFound('Recommendation');
  return (await withEmails(platformEm, [row]))[0];
}

// ---------------------------------------------------------------------------------------------
// Requests

const providerName = (ai: ProviderConfig | null) => {
  if (!ai) return 'planner';
  try {
    return new URL(ai.url).host;
  } catch {
    return 'provider';
  }
};

// Runs of this process not finished yet (shutdown waits for them).
const running = new Set<Promise<void>>();
export async function settleRecommendations(): Promise<void> {
  while (running.size) await Promise.allSettled([...running]);
}

export const AI_RECOMMENDATION_JOB = 'ai-recommendation';

// The planner (and the AI provider it may call) runs on the job queue, not in the request: the
// request records a pending recommendation and queues its job; whichever API process fetches it
// writes the result on the row. A process that dies mid-run leaves the job to expire and be run
// again by another (the row is completed once: only while it is pending).
export function defineAiPlanningJobs(services: Services): void {
  services.jobs.define<{ orgId: string; id: string }>({
    name: AI_RECOMMENDATION_JOB,
    retryLimit: 1,
    retryDelay: 5,
    retryBackoff: false,
    // Longer than a provider's answer may take, shorter than a pending row is left to go stale.
    expireInSeconds: Math.min(
      STALE_SECONDS - 60,
      Math.ceil((services.config.ai?.timeoutMs ?? 0) / 1000) * 2 + 120,
    ),
    handler: async ({ orgId, id }) => {
      const work = run(services, orgId, id).finally(() => running.delete(work));
      running.add(work);
      await work;
    },
  });
}

export async function requestRecommendation(
  services: Services,
  em: EntityManager,
  platformEm: EntityManager,
  org: TenantEntry,
  actor: AuthInfo,
): Promise<AiRecommendation> {
  const ai = services.config.ai;
  await failStalePending(em, STALE_SECONDS);
  const [id] = newIds(1);
  const inserted = await insertPending(em, {
    id,
    requestedBy: actor.userId,
    email: (await selectUserEmails(platformEm, [actor.userId]))[0]?.email ?? null,
    provider: providerName(ai),
    model: ai?.model ?? null,
  });
  if (!inserted) {
    const pending = await selectPending(em);
    if (pending) return hydrate(pending);
    // Finished between the insert and the read: ask again.
    return requestRecommendation(services, em, platformEm, org, actor);
  }
  await services.jobs.send(AI_RECOMMENDATION_JOB, { orgId: org.orgId, id });
  return findRecommendation(em, id, platformEm);
}

async function run(services: Services, orgId: string, id: string): Promise<void> {
  const started = Date.now();
  let em: EntityManager | null = null;
  try {
    const tenant = await openTenant(services, orgId);
    em = tenant.em;
    await complete(em, id, started, {
      cal: calendarOf(tenant.org),
      timeZone: tenant.org.timeZone,
      association: tenant.org.name,
      locale: await organizationLocale(services.platformOrm.em.fork() as EntityManager, orgId),
      ai: services.config.ai,
    });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error(`AI recommendation ${id} failed:`, err);
    try {
      em ??= (await openTenant(services, orgId)).em;
      await completeRecommendation(em, id, {
        status: 'failed',
        inputs: null,
        output: null,
        model: services.config.ai?.model ?? null,
        narrativeSource: null,
        error: `The planner could not finish: ${message}`,
        responseMs: Date.now() - started,
      });
    } catch (inner) {
      console.error(`AI recommendation ${id}: the failure could not be recorded`, inner);
    }
  }
}

interface RunContext {
  cal: PlanningCalendar;
  timeZone: string;
  association: string;
  // The association's locale (its settings), for the dates in the plan's words.
  locale?: string;
  ai: ProviderConfig | null;
}

// The locale of the association's settings (platform database), else the default.
export async function organizationLocale(platformEm: EntityManager, orgId: string) {
  return (await selectOrganizationLocale(platformEm, orgId)) ?? DEFAULT_LOCALE;
}

// Read the figures, plan, let the provider (if any) reword, and write the result on the row.
async function complete(em: EntityManager, id: string, started: number, c: RunContext) {
  const inputs = await gatherInputs(em, c.cal, c.timeZone);
  const locale = c.locale ?? DEFAULT_LOCALE;
  const planned = makePlan(inputs, { locale });
  let result = planned;
  let source: 'planner' | 'provider' = 'planner';
  let error: string | null = null;
  let model: string | null = c.ai?.model ?? null;
  if (c.ai) {
    const answer = await writeNarrative(
      c.ai,
      narrativeFacts(planned, c.association, locale),
      (msg) => console.error(`AI recommendation ${id}: ${msg}`),
    );
    model = answer.model;
    if (answer.narrative) {
      result = applyNarrative(planned, answer.narrative);
      source = 'provider';
    } else {
      error = `The AI provider's answer was not used, so the planner's own words are shown: ${answer.error ?? 'no answer'}`;
    }
  }
  await completeRecommendation(em, id, {
    status: 'done',
    inputs: toJson(inputs),
    output: toJson(result),
    model,
    narrativeSource: source,
    error,
    responseMs: Date.now() - started,
  });
}

// A recommendation made and logged at once, by the planner alone (the demo's seed: no request,
// no provider).
export async function recordPlannerRecommendation(
  em: EntityManager,
  c: Omit<RunContext, 'ai'>,
  requestedBy: { userId: string | null; email: string | null },
): Promise<AiRecommendation> {
  const started = Date.now();
  const [id] = newIds(1);
  const inserted = await insertPending(em, {
    id,
    requestedBy: requestedBy.userId,
    email: requestedBy.email,
    provider: 'planner',
    model: null,
  });
  if (!inserted) throw new Error('A recommendation is pending already');
  await complete(em, id, started, { ...c, ai: null });
  return findRecommendation(em, id);
}

const dollars = (t: Total) => formatMoney(t);

export function narrativeFacts(
  p: Plan,
  association: string,
  locale: string = DEFAULT_LOCALE,
): NarrativeFacts {
  const figures: { label: string; amount: string }[] = [];
  for (const f of p.funds) {
    const name = f.fund === FundType.OPERATING ? 'operating' : 'reserve';
    figures.push(
      { label: `Cash — ${name}`, amount: dollars(f.cash) },
      { label: `Monthly expenses — ${name}`, amount: dollars(f.monthlyExpenses) },
      { label: `Capital work, next 12 months — ${name}`, amount: dollars(f.capitalNext12) },
      { label: `Liquidity floor — ${name}`, amount: dollars(f.floor) },
      { label: `Cushion — ${name}`, amount: dollars(f.cushion) },
      { label: `Cash above the floor — ${name}`, amount: dollars(f.aboveFloor) },
      { label: `Lowest forecast balance (${f.lowestMonth}) — ${name}`, amount: dollars(f.lowest) },
      { label: `To invest — ${name}`, amount: dollars(f.toInvest) },
    );
  }
  figures.push(
    { label: 'To invest in all', amount: dollars(p.toInvest) },
    { label: 'Estimated interest in all', amount: dollars(p.estimatedInterest) },
  );
  // Percentages the texts may quote: the rates, and the reserve's percent funded.
  const rates = new Set<string>();
  for (const h of p.health) if (h.percentFunded) rates.add(h.percentFunded);
  for (const r of p.recommendations) {
    if (r.apy) rates.add(trimApy(r.apy));
    for (const x of r.rungs) rates.add(trimApy(x.apy));
  }
  return {
    // As the planner's sentences write it, so the provider's do too.
    asOf: mediumDate(p.asOf, locale),
    association,
    overall: p.overall,
    riskNotes: p.riskNotes,
    recommendations: p.recommendations.map((r) => ({
      id: r.id,
      type: r.type,
      priority: r.priority,
      fund: r.fund,
      title: r.title,
      summary: r.summary,
      details: r.details,
      suggestedAmount: r.suggestedAmount === null ? null : dollars(r.suggestedAmount),
      termMonths: r.termMonths,
      apy: r.apy ? trimApy(r.apy) : null,
      rungs: r.rungs.map((x) => ({
        amount: dollars(x.amount),
        termMonths: x.termMonths,
        apy: trimApy(x.apy),
        institution: x.institution ?? 'any FDIC-insured bank',
      })),
    })),
    figures,
    rates: [...rates],
  };
}

// The provider's words over the planner's figures: titles, amounts, terms and rates stay.
export function applyNarrative(p: Plan, n: Narrative): Plan {
  const words = new Map(n.items.map((i) => [i.id, i]));
  return {
    ...p,
    overall: n.overall,
    riskNotes: n.riskNotes,
    recommendations: p.recommendations.map((r) => {
      const w = words.get(r.id);
      return w ? { ...r, summary: w.summary, details: w.details } : r;
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Add to plan

const KIND_WORD: Record<InvestmentKind, string> = {
  [InvestmentKind.CD]: 'CD',
  [InvestmentKind.TREASURY]: 'Treasury',
  [InvestmentKind.MONEY_MARKET]: 'Money market',
  [InvestmentKind.SAVINGS]: 'Savings',
};

export async function addRecommendationToPlan(
  em: EntityManager,
  actor: AuthInfo | null,
  recommendationId: string,
  itemId: string,
  locale: string = DEFAULT_LOCALE,
): Promise<PlannedInvestment[]> {
  const rec = await findRecommendation(em, recommendationId);
  const item = rec.plan?.recommendations.find((r) => r.id === itemId);
  if (!rec.plan || !item) {
    throw notFound('Recommendation item', [{ field: 'itemId', message: 'No such item' }]);
  }
  // The association's date of the recommendation (its plan's today, in the association's time
  // zone), never the UTC date of the request, in the locale's words.
  const when = mediumDate(rec.plan.asOf, locale);
  const note = (what: string) => `${what} — recommendation of ${when}`;
  let drafts: PlannedInvestmentDraft[];
  if (item.rungs.length) {
    drafts = item.rungs.map((x, i) => ({
      fundType: item.fund!,
      kind: x.kind,
      institution: x.institution,
      amount: x.amount,
      termMonths: x.termMonths,
      apy: x.apy,
      note: note(
        item.type === RecommendationType.CD_LADDER
          ? `Ladder rung ${i + 1} of ${item.rungs.length}`
          : `${KIND_WORD[x.kind]} for ${x.termMonths} months`,
      ),
      recommendationId: rec.id,
      recommendationItem: item.id,
      rung: i,
    }));
  } else if (isPlannable(item) && item.fund) {
    drafts = [
      {
        fundType: item.fund,
        kind: item.kind!,
        institution: item.institution,
        amount: item.suggestedAmount!,
        termMonths: item.termMonths,
        apy: item.apy!,
        note: note(item.title),
        recommendationId: rec.id,
        recommendationItem: item.id,
        rung: 0,
      },
    ];
  } else {
    const message = 'This recommendation has no investment to put on the plan';
    throw badInput([{ field: 'itemId', message }], message);
  }
  return addPlannedInvestments(em, actor, drafts);
}
