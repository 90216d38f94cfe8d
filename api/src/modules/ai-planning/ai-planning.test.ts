import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setClock } from '../../core/dates.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import {
  type ChatRequestBody,
  type FakeChatCompletions,
  startFakeChatCompletions,
} from '../../test/fake-chat-completions.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import type { NarrativeFacts } from './ai-planning.narrative.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

const REC = `id status requestedAt completedAt requestedByEmail provider model narrativeSource
  error responseMs
  inputs { asOf months collectionRate percentFunded ratesUpdatedOn
    funds { fund cash closings expenses capital }
    holdings { id fund kind institution value proceeds apy maturityDate }
    rates { kind termMonths apy institution } }
  plan { asOf overall riskNotes toInvest estimatedInterest
    funds { fund cash monthlyExpenses capitalNext12 floor cushion aboveFloor lowest lowestMonth toInvest }
    health { fund score grade liquidityMonths percentFunded basePoints trendPoints trend explanation }
    recommendations { id type priority fund title summary details suggestedAmount kind termMonths
      apy institution investmentId plannable
      rungs { kind amount termMonths apy institution maturityMonth interest } } }`;
const REQUEST = `mutation { requestAiRecommendation { ${REC} } }`;
const ONE = `query ($id: ID!) { aiRecommendation(id: $id) { ${REC} } }`;
const LOG = `query ($status: AiRecommendationStatus) { aiRecommendations(status: $status) { id status } }`;
const ADD = `mutation ($r: ID!, $item: String!) { addRecommendationToPlan(recommendationId: $r, itemId: $item) {
  id fundType kind institution amount termMonths apy note recommendationId status investmentId } }`;
const PLANNED = `query ($status: PlannedInvestmentStatus!) { plannedInvestments(status: $status) {
  id fundType amount termMonths status investmentId } }`;
const DISCARD = `mutation ($id: ID!) { discardPlannedInvestment(id: $id) { id status } }`;
const PURCHASE = `mutation ($input: PurchaseInvestmentInput!) { purchaseInvestment(input: $input) {
  id principal fundType entries { kind } } }`;
const RATES = `mutation ($rates: [PlanningRateInput!]!) { setPlanningRates(rates: $rates) {
  kind termMonths apy institution } }`;
const SETTINGS = `{ planningSettings { providerConfigured providerModel ratesUpdatedOn
  rates { kind termMonths apy institution } health { fund score grade liquidityMonths } } }`;
const BUDGET = `mutation ($input: SaveBudgetInput!) { saveBudget(input: $input) { year } }`;

type Res = { body: { errors?: { message: string; extensions?: Record<string, any> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const twelve = (x: string) => Array(12).fill(x);

// The books (today 2026-03-15; the forecast opens with the cash of 2026-02-28): operating cash
// $120,000.00 and a budget of $10,000.00 of expenses and $10,000.00 of other income a month, so
// every forecast month closes at $120,000.00; reserve cash $300,000.00 and nothing else.
// Operating: M = $10,000.00, cushion = floor = $30,000.00, $90,000.00 can stay out 24 months.
// The example rate table's ladder terms are 3, 6, 12, 18 and 24 months; nothing is needed sooner,
// so the $90,000.00 spreads over the 6-, 12-, 18- and 24-month rungs: $22,500.00 each, rounded
// down to $22,000.00. Reserve: no floor, $300,000.00 → $75,000.00 a rung. The best rates: 6 months
// CD 4.15, 12 CD 4.00, 18 CD 3.90, 24 treasury 3.85 (the CD pays 3.80).
async function books(t: Tenant) {
  const a: Record<string, string> = {};
  a.cash = await t.account('1000', 'ASSET', {
    name: 'Operating Checking',
    initialBalance: '120000.00',
    openingDate: '2026-01-01',
  });
  a.expense = await t.account('5010', 'EXPENSE', { name: 'Landscaping' });
  a.laundry = await t.account('4200', 'INCOME', { name: 'Laundry' });
  a.rcash = await t.account('1510', 'ASSET', {
    fundType: 'RESERVE',
    name: 'Reserve Savings',
    initialBalance: '300000.00',
    openingDate: '2026-01-01',
  });
  a.cds = await t.account('1620', 'ASSET', { fundType: 'RESERVE', name: 'Reserve CDs' });
  a.opcds = await t.account('1120', 'ASSET', { name: 'Operating CDs' });
  await t.ok(BUDGET, {
    input: {
      year: 2026,
      lines: [
        { accountId: a.expense, amounts: twelve('10000.00') },
        { accountId: a.laundry, amounts: twelve('10000.00') },
      ],
    },
  });
  return a;
}

// The planner runs on the job queue: wait until the recommendation is no longer pending.
const settled = (t: Tenant, id: string) =>
  vi.waitFor(
    async () => {
      const rec = (await t.ok(ONE, { id })).aiRecommendation;
      if (rec.status === 'PENDING') throw new Error('still pending');
      return rec;
    },
    { timeout: 20_000, interval: 100 },
  );

describe('AI investment planning, without a provider', () => {
  let app: TestApp;
  let t: Tenant;
  let o: Tenant;
  let a: Record<string, string>;
  let rec: any;

  beforeAll(async () => {
    setClock(() => new Date('2026-03-15T15:00:00Z'));
    app = await startTestApp();
    t = await createTenant(app, 'Planning HOA');
    o = await createTenant(app, 'Other HOA');
    a = await books(t);
  });
  beforeEach(() => setClock(() => new Date('2026-03-15T15:00:00Z')));
  afterEach(() => setClock());
  afterAll(() => app.close());

  it('lets a viewer ask, runs in the background and logs inputs and output', async () => {
    const asked = (await t.ok(REQUEST, undefined, t.viewer)).requestAiRecommendation;
    expect(['PENDING', 'DONE']).toContain(asked.status);
    rec = await settled(t, asked.id);
    expect(rec).toMatchObject({
      status: 'DONE',
      provider: 'planner',
      model: null,
      narrativeSource: 'PLANNER',
      error: null,
    });
    expect(rec.requestedByEmail).toMatch(/@/);
    expect(rec.responseMs).toBeGreaterThanOrEqual(0);
    expect(rec.completedAt).not.toBeNull();

    // The snapshot: the ledger's cash, the forecast's months and the rate table.
    const [op, res] = rec.inputs.funds;
    expect([op.fund, op.cash, res.fund, res.cash]).toEqual([
      'OPERATING',
      '120000.00',
      'RESERVE',
      '300000.00',
    ]);
    expect(rec.inputs.months).toHaveLength(24);
    expect(rec.inputs.months[0]).toBe('2026-03');
    expect(new Set(op.closings)).toEqual(new Set(['120000.00']));
    expect(rec.inputs.collectionRate).toBe('100.0');
    expect(rec.inputs.rates.length).toBe(11);

    const plan = rec.plan;
    expect(plan.funds[0]).toMatchObject({
      monthlyExpenses: '10000.00',
      floor: '30000.00',
      aboveFloor: '90000.00',
      toInvest: '88000.00',
    });
    const ladder = (fund: string) =>
      plan.recommendations.find((r: any) => r.type === 'CD_LADDER' && r.fund === fund);
    expect(
      ladder('OPERATING').rungs.map((r: any) => [r.termMonths, r.amount, r.apy, r.kind]),
    ).toEqual([
      [6, '22000.00', '4.150', 'CD'],
      [12, '22000.00', '4.000', 'CD'],
      [18, '22000.00', '3.900', 'CD'],
      [24, '22000.00', '3.850', 'TREASURY'],
    ]);
    expect(ladder('RESERVE').rungs.map((r: any) => r.amount)).toEqual(Array(4).fill('75000.00'));
    expect(plan.toInvest).toBe('388000.00');
    expect(plan.health[0]).toMatchObject({
      fund: 'OPERATING',
      liquidityMonths: '12.0',
      score: 100,
    });
    // No reserve study: no reserve score.
    expect(plan.health[1]).toMatchObject({ fund: 'RESERVE', score: null, grade: 'UNKNOWN' });
    expect(plan.recommendations.at(-1)).toMatchObject({ type: 'GENERAL', plannable: false });

    const log = (await t.ok(LOG, {})).aiRecommendations;
    expect(log.map((r: any) => r.id)).toContain(rec.id);
  });

  it('turns a ladder into draft investments, once; viewers may not', async () => {
    const reserve = rec.plan.recommendations.find(
      (r: any) => r.type === 'CD_LADDER' && r.fund === 'RESERVE',
    );
    expect(code(await t.gql(ADD, { r: rec.id, item: reserve.id }, t.viewer))).toBe('FORBIDDEN');
    const drafts = (await t.ok(ADD, { r: rec.id, item: reserve.id })).addRecommendationToPlan;
    expect(drafts.map((d: any) => [d.fundType, d.amount, d.termMonths, d.status])).toEqual([
      ['RESERVE', '75000.00', 6, 'DRAFT'],
      ['RESERVE', '75000.00', 12, 'DRAFT'],
      ['RESERVE', '75000.00', 18, 'DRAFT'],
      ['RESERVE', '75000.00', 24, 'DRAFT'],
    ]);
    expect(drafts[0].note).toContain('Ladder rung 1 of 4');
    expect(code(await t.gql(ADD, { r: rec.id, item: reserve.id }))).toBe('CONFLICT');
    const general = rec.plan.recommendations.at(-1);
    expect(code(await t.gql(ADD, { r: rec.id, item: general.id }))).toBe('BAD_USER_INPUT');
    expect(code(await t.gql(ADD, { r: rec.id, item: 'r99' }))).toBe('NOT_FOUND');

    const listed = (await t.ok(PLANNED, { status: 'DRAFT' })).plannedInvestments;
    expect(listed).toHaveLength(4);

    // Buying a draft is the ordinary purchase, naming it: a balanced entry, the draft purchased.
    const buy = (plannedInvestmentId: string, accountId = a.cds, cashAccountId = a.rcash) =>
      t.gql(PURCHASE, {
        input: {
          kind: 'CD',
          institution: 'Harbor Bank',
          accountId,
          cashAccountId,
          principal: '75000.00',
          apy: '4.15',
          purchaseDate: '2026-03-15',
          maturityDate: '2026-09-15',
          plannedInvestmentId,
        },
      });
    // A reserve plan bought from an operating account: refused, nothing written.
    const wrongFund = await buy(drafts[0].id, a.opcds, a.cash);
    expect(code(wrongFund)).toBe('BAD_USER_INPUT');
    const res = await buy(drafts[0].id);
    const inv = (res.body as any).data.purchaseInvestment;
    expect(inv).toMatchObject({ principal: '75000.00', fundType: 'RESERVE' });
    expect(code(await buy(drafts[0].id))).toBe('CONFLICT');
    const after = (await t.ok(PLANNED, { status: 'PURCHASED' })).plannedInvestments;
    expect(after).toEqual([expect.objectContaining({ id: drafts[0].id, investmentId: inv.id })]);

    expect(code(await t.gql(DISCARD, { id: drafts[1].id }, t.viewer))).toBe('FORBIDDEN');
    expect((await t.ok(DISCARD, { id: drafts[1].id })).discardPlannedInvestment.status).toBe(
      'DISCARDED',
    );
    expect(code(await t.gql(DISCARD, { id: drafts[1].id }))).toBe('CONFLICT');
    expect((await t.ok(PLANNED, { status: 'DRAFT' })).plannedInvestments).toHaveLength(2);
  });

  it("refuses another association's ids", async () => {
    expect(code(await o.gql(ONE, { id: rec.id }))).toBe('NOT_FOUND');
    expect(code(await o.gql(ADD, { r: rec.id, item: 'r1' }))).toBe('NOT_FOUND');
    const [draft] = (await t.ok(PLANNED, { status: 'DRAFT' })).plannedInvestments;
    expect(code(await o.gql(DISCARD, { id: draft.id }))).toBe('NOT_FOUND');
    expect(code(await o.gql(ONE, { id: 'not-an-id' }))).toBe('NOT_FOUND');
    expect((await o.ok(LOG, {})).aiRecommendations).toEqual([]);
  });

  it('keeps the rate table to admins, checked row by row', async () => {
    const rates = [
      { kind: 'CD', termMonths: 12, apy: '4.4', institution: 'Harbor Bank' },
      { kind: 'MONEY_MARKET', apy: '3.1' },
    ];
    expect(code(await t.gql(RATES, { rates }, t.user))).toBe('FORBIDDEN');
    const bad = await t.gql(RATES, {
      rates: [
        { kind: 'CD', apy: '4.4' },
        { kind: 'SAVINGS', termMonths: 3, apy: '0.5' },
      ],
    });
    expect(code(bad)).toBe('BAD_USER_INPUT');
    expect((bad.body.errors![0].extensions!.details as any[]).map((d: any) => d.field)).toEqual([
      'rates.0.termMonths',
      'rates.1.termMonths',
    ]);
    expect(code(await t.gql(RATES, { rates: [{ kind: 'CD', termMonths: 6, apy: '4.4.4' }] }))).toBe(
      'BAD_USER_INPUT',
    );
    const saved = (await t.ok(RATES, { rates })).setPlanningRates;
    expect(saved).toEqual([
      { kind: 'CD', termMonths: 12, apy: '4.400', institution: 'Harbor Bank' },
      { kind: 'MONEY_MARKET', termMonths: null, apy: '3.100', institution: null },
    ]);
    const settings = (await t.ok(SETTINGS, undefined, t.viewer)).planningSettings;
    expect(settings).toMatchObject({ providerConfigured: false, providerModel: null });
    expect(settings.ratesUpdatedOn).toBe('2026-03-15');
    expect(settings.health[0]).toMatchObject({ fund: 'OPERATING', score: 100 });
    // The other association's table is its own.
    expect((await o.ok(SETTINGS)).planningSettings.rates).toHaveLength(11);
  });
});

// Every sentence of a plan, for the checks that dates are written as people read them.
const prose = (plan: any): string[] => [
  plan.overall,
  ...plan.riskNotes,
  ...plan.recommendations.flatMap((r: any) => [r.title, r.summary, r.details]),
];
const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;
const DASHBOARD_CASH = `{ dashboard { asOf cash { funds { fundType balance } } } }`;

describe("the planner's today", () => {
  let app: TestApp;
  // 2026-03-16 02:00 UTC is still the evening of March 15 in New York (the association's zone).
  const EVENING = () => new Date('2026-03-16T02:00:00Z');

  beforeAll(async () => {
    setClock(EVENING);
    app = await startTestApp();
  });
  beforeEach(() => setClock(EVENING));
  afterEach(() => setClock());
  afterAll(() => app.close());

  it("takes the dashboard's cash of the association's today, its date and its locale's words", async () => {
    const t = await createTenant(app, 'Today HOA');
    const cash = await t.account('1010', 'ASSET', {
      name: 'Operating Checking',
      initialBalance: '112839.94',
      openingDate: '2026-01-01',
    });
    const income = await t.account('4010', 'INCOME', { name: 'Assessment Income' });
    const expense = await t.account('5010', 'EXPENSE', { name: 'Landscaping' });
    const rcash = await t.account('1510', 'ASSET', {
      fundType: 'RESERVE',
      name: 'Reserve Savings',
      initialBalance: '250000.00',
      openingDate: '2026-01-01',
    });
    const cds = await t.account('1620', 'ASSET', { fundType: 'RESERVE', name: 'Reserve CDs' });
    await t.ok(BUDGET, {
      input: { year: 2026, lines: [{ accountId: expense, amounts: twelve('10000.00') }] },
    });
    // After the last month-end (Feb 28): dues collected on March 3 …
    await t.post('2026-03-03', [
      [cash, '6107.00', null],
      [income, null, '6107.00'],
    ]);
    // … and an entry dated March 16, the UTC date but not yet the association's.
    await t.post('2026-03-16', [
      [cash, '500.00', null],
      [income, null, '500.00'],
    ]);
    // A CD maturing within 90 days, so the plan speaks of its date.
    await t.ok(PURCHASE, {
      input: {
        kind: 'CD',
        institution: 'Harbor Bank',
        accountId: cds,
        cashAccountId: rcash,
        principal: '20000.00',
        apy: '3.50',
        purchaseDate: '2026-03-02',
        maturityDate: '2026-05-04',
      },
    });

    const dashboard = (await t.ok(DASHBOARD_CASH)).dashboard;
    expect(dashboard.asOf).toBe('2026-03-15');
    const shown = Object.fromEntries(dashboard.cash.funds.map((f: any) => [f.fundType, f.balance]));
    expect(shown).toEqual({ OPERATING: '118946.94', RESERVE: '230000.00' });

    const asked = (await t.ok(REQUEST)).requestAiRecommendation;
    const rec = await settled(t, asked.id);
    expect(rec.status).toBe('DONE');
    // The figure the dashboard shows for the same day, fund by fund.
    for (const f of [...rec.inputs.funds, ...rec.plan.funds]) {
      expect(f.cash, f.fund).toBe(shown[f.fund]);
    }
    expect(rec.plan.asOf).toBe('2026-03-15');
    expect(rec.plan.overall).toMatch(
      /^On Mar 15, 2026 the operating fund holds \$118,946\.94 in cash/,
    );
    const maturity = rec.plan.recommendations.find((r: any) => r.type === 'MATURITY_ACTION');
    expect(maturity.summary).toContain('matures on May 4, 2026');
    const general = rec.plan.recommendations.find((r: any) => r.type === 'GENERAL');
    expect(general.summary).toMatch(/last changed on [A-Z][a-z]{2} \d{1,2}, \d{4}\)/);
    for (const text of prose(rec.plan)) expect(text).not.toMatch(ISO_DATE);

    // Drafts are stamped with the association's date of the recommendation, not the UTC one.
    const ladder = rec.plan.recommendations.find((r: any) => r.plannable);
    const drafts = (await t.ok(ADD, { r: rec.id, item: ladder.id })).addRecommendationToPlan;
    for (const d of drafts) {
      expect(d.note).toMatch(/ — recommendation of Mar 15, 2026$/);
      expect(d.note).not.toMatch(ISO_DATE);
    }

    // The association's own locale, when its settings name one.
    await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute(
        `UPDATE organizations SET settings = settings || '{"locale":"en-GB"}' WHERE id = ?`,
        [t.org.id],
      );
    const again = await settled(t, (await t.ok(REQUEST)).requestAiRecommendation.id);
    expect(again.plan.overall).toMatch(/^On 15 Mar 2026 the operating fund holds/);
    for (const text of prose(again.plan)) expect(text).not.toMatch(ISO_DATE);
  });

  it('scores no fund of a new association with nothing to measure, and says why', async () => {
    const t = await createTenant(app, 'New HOA');
    await t.account('1010', 'ASSET', {
      name: 'Operating Checking',
      initialBalance: '25000.00',
      openingDate: '2026-03-01',
    });
    const health = (await t.ok(SETTINGS)).planningSettings.health;
    expect(health).toEqual([
      { fund: 'OPERATING', score: null, grade: 'UNKNOWN', liquidityMonths: null },
      { fund: 'RESERVE', score: null, grade: 'UNKNOWN', liquidityMonths: null },
    ]);
    const why = (await t.ok(`{ planningSettings { health { fund basePoints explanation } } }`))
      .planningSettings.health;
    expect(why[0].basePoints).toBeNull();
    expect(why[0].explanation).toMatch(/^No budgeted operating expenses/);
    expect(why[0].explanation).toContain('Budget page');
  });
});

describe('AI investment planning, with a provider', () => {
  let app: TestApp;
  let t: Tenant;
  let ai: FakeChatCompletions;

  const reword = (body: ChatRequestBody) => {
    const facts = JSON.parse(String(body.messages!.at(-1)!.content)) as NarrativeFacts;
    return JSON.stringify({
      overall: `In short: ${facts.overall}`,
      riskNotes: facts.riskNotes,
      items: facts.recommendations.map((r) => ({
        id: r.id,
        summary: `Reworded: ${r.summary}`,
        details: r.details,
      })),
    });
  };

  beforeAll(async () => {
    setClock(() => new Date('2026-03-15T15:00:00Z'));
    ai = await startFakeChatCompletions({ apiKey: 'sk-test' });
    app = await startTestApp({
      ai: { url: ai.url, apiKey: 'sk-test', model: 'planner-test-7b', timeoutMs: 1500 },
    });
    t = await createTenant(app, 'Provider HOA');
    await books(t);
  });
  beforeEach(() => setClock(() => new Date('2026-03-15T15:00:00Z')));
  afterEach(() => setClock());
  afterAll(async () => {
    await app.close();
    await ai.close();
  });

  it("uses the provider's words over the planner's figures", async () => {
    ai.respond({ content: reword });
    const asked = (await t.ok(REQUEST)).requestAiRecommendation;
    const rec = await settled(t, asked.id);
    expect(rec).toMatchObject({
      status: 'DONE',
      narrativeSource: 'PROVIDER',
      model: 'planner-test-7b',
      error: null,
    });
    expect(rec.provider).toBe(new URL(ai.url).host);
    expect(rec.plan.overall.startsWith('In short: On Mar 15, 2026')).toBe(true);
    expect(rec.plan.recommendations[0].summary.startsWith('Reworded: ')).toBe(true);
    // Figures stay the planner's.
    expect(rec.plan.toInvest).toBe('388000.00');
    const sent = ai.requests.at(-1)!;
    expect(sent.body!.temperature).toBeLessThanOrEqual(0.3);
    expect(sent.body!.model).toBe('planner-test-7b');
    // The facts carry the date as the sentences write it, so the provider's words do too.
    const facts = JSON.parse(String(sent.body!.messages!.at(-1)!.content)) as NarrativeFacts;
    expect(facts.asOf).toBe('Mar 15, 2026');
  });

  it('falls back to the planner when the answer invents an amount, and logs why', async () => {
    ai.respond({
      content: (body) => reword(body).replace('In short:', 'Put $999,999.00 to work now.'),
    });
    const asked = (await t.ok(REQUEST)).requestAiRecommendation;
    const rec = await settled(t, asked.id);
    expect(rec.status).toBe('DONE');
    expect(rec.narrativeSource).toBe('PLANNER');
    expect(rec.error).toContain('$999,999.00');
    expect(rec.plan.overall.startsWith('On Mar 15, 2026')).toBe(true);
  });

  it('gives a pending request to a second caller, and times the provider out', async () => {
    ai.respond({ content: reword, delayMs: 4000 });
    const first = (await t.ok(REQUEST)).requestAiRecommendation;
    expect(first.status).toBe('PENDING');
    const second = (await t.ok(REQUEST, undefined, t.viewer)).requestAiRecommendation;
    expect(second.id).toBe(first.id);
    const started = Date.now();
    const rec = await settled(t, first.id);
    expect(Date.now() - started).toBeLessThan(3500);
    expect(rec).toMatchObject({ status: 'DONE', narrativeSource: 'PLANNER' });
    expect(rec.error).toContain('timed out');
    const pending = (await t.ok(LOG, { status: 'PENDING' })).aiRecommendations;
    expect(pending).toEqual([]);
  });
});
