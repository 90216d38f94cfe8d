import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

const SCENARIO_FIELDS = `id name createdBy assumptions {
  assessmentChanges { fromMonth percent }
  specialAssessments { month fund amount }
  projectMoves { projectId targetYear }
  plannedInvestments { id fund kind institution amount termMonths apy month executedInvestmentId }
  excludedInvestmentIds inflationPercent }`;
const PROJECTION = `scenarioId name
  years { fiscalYear month operatingBalance reserveBalance fullyFundedBalance percentFunded }
  months { month operatingCash reserveCash operatingBalance reserveBalance }
  lowestOperating { month balance } lowestReserve { month balance }`;
const CREATE = `mutation ($input: ScenarioInput!) { createScenario(input: $input) { ${SCENARIO_FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: ScenarioInput!) { updateScenario(id: $id, input: $input) { ${SCENARIO_FIELDS} } }`;
const DUPLICATE = `mutation ($id: ID!, $name: String) { duplicateScenario(id: $id, name: $name) { ${SCENARIO_FIELDS} } }`;
const DELETE = `mutation ($id: ID!) { deleteScenario(id: $id) }`;
const LIST = `{ scenarios { id name } }`;
const ONE = `query ($id: ID!) { scenario(id: $id) { ${SCENARIO_FIELDS} } }`;
const COMPARE = `query ($ids: [ID!]!) { scenarioComparison(ids: $ids) {
  asOf firstMonth baseline { ${PROJECTION} } scenarios { ${PROJECTION} } } }`;
const EXECUTE = `mutation ($scenarioId: ID!, $plannedInvestmentId: ID!, $input: ExecuteScenarioInvestmentInput!) {
  executeScenarioInvestment(scenarioId: $scenarioId, plannedInvestmentId: $plannedInvestmentId, input: $input) {
    scenario { ${SCENARIO_FIELDS} }
    investment { id kind institution principal apy purchaseDate maturityDate fundType status
      entries { entryId kind cash holding } } } }`;
const FORECAST = `query ($fund: ForecastFund!) { cashForecast(fund: $fund, months: 60) { months { month closing } } }`;
const ENTRY = `query ($id: ID!) { journalEntry(id: $id) { id lines { accountId debit credit } } }`;
const PROJECT = `mutation ($input: CreateCapitalProjectInput!) { createCapitalProject(input: $input) { id } }`;
const PURCHASE = `mutation ($input: PurchaseInvestmentInput!) { purchaseInvestment(input: $input) { id } }`;
const BUDGET = `mutation ($input: SaveBudgetInput!) { saveBudget(input: $input) { year } }`;
const COMPONENT = `mutation ($input: ReserveComponentInput!) { createReserveComponent(input: $input) { id } }`;
const SETTINGS = `mutation ($input: ReserveSettingsInput!) { updateReserveSettings(input: $input) { inflationRate } }`;

type Res = { body: { errors?: { message: string; extensions?: Record<string, unknown> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const cents = (s: string) => BigInt(s.replace('.', ''));
const money = (c: bigint) => {
  const neg = c < 0n;
  const abs = neg ? -c : c;
  return `${neg ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

// The books (today 2026-03-15, fiscal year = calendar year; the projection runs March 2026 to
// February 2031, month index 0 to 59):
// - Operating cash 10,000.00; reserve cash 50,000.00, 10,000.00 of it in a CD bought 2026-01-15
//   (4 % simple, maturing 2026-07-15: 181 days, interest 198.36), so reserve cash opens at
//   40,000.00 and 10,198.36 comes back in July 2026 (index 4).
// - Two units at 200.00 a month, nothing billed yet: collected in full, 400.00 a month.
// - Budget FY 2026 (later years use it): operating expense 1,000.00 a month, "Transfer to
//   Reserves" 300.00 a month (role: the transfer), reserve "Reserve Contributions" 300.00 a
//   month (role: the contribution).
//   Operating: 10,000.00 − 900.00 × (i + 1). Reserve cash: 40,000.00 + 300.00 × (i + 1)
//   (+ 10,198.36 from July 2026, − 20,000.00 from January 2027, the roof).
// - Capital project: reserve roof, 20,000.00, FY 2027 → January 2027 (index 10).
// - Reserve study: one component, 60,000.00, useful life 10, remaining 5, inflation 0: fully
//   funded at the end of FY 2026 = 60,000.00 × 6/10 = 36,000.00, FY 2027 42,000.00, FY 2028
//   48,000.00, FY 2029 54,000.00, FY 2030 60,000.00.
// Baseline, year ends (reserve balance = cash + the CD at cost until July 2026):
//   Dec 2026 (i = 9):  operating 1,000.00; reserve 40,000.00 + 3,000.00 + 10,198.36 = 53,198.36,
//                      53,198.36 ÷ 36,000.00 = 147.77 % → "147.8".
//   Dec 2027 (i = 21): operating −9,800.00; reserve 53,198.36 + 3,600.00 − 20,000.00 = 36,798.36,
//                      ÷ 42,000.00 = 87.62 % → "87.6".
//   Lowest operating: February 2031 (i = 59) 10,000.00 − 54,000.00 = −44,000.00.
//   Lowest reserve: January 2027 (i = 10) 40,000.00 + 3,300.00 + 10,198.36 − 20,000.00 = 33,498.36.
describe('what-if scenarios', () => {
  let app: TestApp;
  let t: Tenant;
  let o: Tenant;
  const a: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const create = async (name: string, assumptions: Record<string, unknown> = {}, token?: string) =>
    (await t.ok(CREATE, { input: { name, assumptions } }, token)).createScenario;
  const compare = async (scenarioIds: string[], token?: string) =>
    (await t.ok(COMPARE, { ids: scenarioIds }, token)).scenarioComparison;
  const at = (p: any, month: string) => p.months.find((m: any) => m.month === month);

  beforeAll(async () => {
    setClock(() => new Date('2026-03-15T15:00:00Z'));
    app = await startTestApp();
    t = await createTenant(app, 'Scenario HOA');
    o = await createTenant(app, 'Other HOA');
    a.cash = await t.account('1010', 'ASSET');
    a.equity = await t.account('3010', 'EQUITY');
    a.dues = await t.account('4010', 'INCOME', { name: 'Assessments' });
    a.expense = await t.account('5010', 'EXPENSE', { name: 'Landscaping' });
    a.transfer = await t.account('5950', 'EXPENSE', {
      name: 'Transfer to Reserves',
      forecastRole: 'RESERVE_TRANSFER',
    });
    a.rcash = await t.account('1510', 'ASSET', { fundType: 'RESERVE' });
    a.cd = await t.account('1600', 'ASSET', { fundType: 'RESERVE', name: 'Reserve CDs' });
    a.requity = await t.account('3510', 'EQUITY', { fundType: 'RESERVE' });
    a.contribution = await t.account('4600', 'INCOME', {
      fundType: 'RESERVE',
      name: 'Reserve Contributions',
      forecastRole: 'RESERVE_CONTRIBUTION',
    });
    await t.post('2026-01-05', [
      [a.cash, '10000.00', null],
      [a.equity, null, '10000.00'],
    ]);
    await t.post('2026-01-05', [
      [a.rcash, '50000.00', null],
      [a.requity, null, '50000.00'],
    ]);
    const house = await t.propertyType('House');
    const group = await t.group({
      name: 'Dues',
      rates: [{ propertyTypeId: house, regular: '200.00' }],
      regularIncomeAccountId: a.dues,
    });
    await t.unit('1', { groupId: group, propertyTypeId: house });
    await t.unit('2', { groupId: group, propertyTypeId: house });
    ids.cd = (
      await t.ok(PURCHASE, {
        input: {
          kind: 'CD',
          institution: 'First Bank',
          accountId: a.cd,
          cashAccountId: a.rcash,
          principal: '10000.00',
          apy: '4',
          compounding: 'SIMPLE',
          purchaseDate: '2026-01-15',
          maturityDate: '2026-07-15',
        },
      })
    ).purchaseInvestment.id;
    const twelve = (x: string) => Array(12).fill(x);
    await t.ok(BUDGET, {
      input: {
        year: 2026,
        lines: [
          { accountId: a.expense, amounts: twelve('1000.00') },
          { accountId: a.transfer, amounts: twelve('300.00') },
          { accountId: a.contribution, amounts: twelve('300.00') },
        ],
      },
    });
    ids.roof = (
      await t.ok(PROJECT, {
        input: {
          name: 'Roof',
          category: 'ROOFING',
          fundingSource: 'RESERVE',
          estimatedCost: '20000.00',
          targetYear: 2027,
        },
      })
    ).createCapitalProject.id;
    await t.ok(SETTINGS, { input: { inflationRate: '0' } });
    await t.ok(COMPONENT, {
      input: {
        name: 'Roof',
        category: 'ROOFING',
        usefulLifeYears: 10,
        remainingLifeYears: 5,
        currentReplacementCost: '60000.00',
        accountId: a.rcash,
      },
    });
    // The other association: a project and a scenario of its own.
    ids.otherProject = (
      await o.ok(PROJECT, {
        input: { name: 'Gate', category: 'OTHER', fundingSource: 'RESERVE', estimatedCost: '1.00' },
      })
    ).createCapitalProject.id;
    ids.otherScenario = (
      await o.ok(CREATE, { input: { name: 'Theirs', assumptions: {} } })
    ).createScenario.id;
  });
  beforeEach(() => setClock(() => new Date('2026-03-15T15:00:00Z')));
  afterEach(() => setClock());
  afterAll(() => app.close());

  it("projects today's books: year ends, percent funded, lowest balances, as the cash forecast", async () => {
    ids.plain = (await create('Nothing changed')).id;
    const c = await compare([ids.plain]);
    expect(c.asOf).toBe('2026-03-15');
    expect(c.firstMonth).toBe('2026-03');
    const b = c.baseline;
    expect(b.scenarioId).toBeNull();
    expect(b.name).toBe("Today's books");
    expect(b.months).toHaveLength(60);
    expect(b.months[59].month).toBe('2031-02');
    expect(b.years.map((y: any) => y.fiscalYear)).toEqual([2026, 2027, 2028, 2029, 2030]);
    expect(b.years[0]).toEqual({
      fiscalYear: 2026,
      month: '2026-12',
      operatingBalance: '1000.00',
      reserveBalance: '53198.36',
      fullyFundedBalance: '36000.00',
      percentFunded: '147.8',
    });
    expect(b.years[1]).toMatchObject({
      month: '2027-12',
      operatingBalance: '-9800.00',
      reserveBalance: '36798.36',
      fullyFundedBalance: '42000.00',
      percentFunded: '87.6',
    });
    expect(b.years[4].month).toBe('2030-12');
    // The CD counts at cost until it matures: no dip in March, the interest in July.
    expect(at(b, '2026-03')).toEqual({
      month: '2026-03',
      operatingCash: '9100.00',
      reserveCash: '40300.00',
      operatingBalance: '9100.00',
      reserveBalance: '50300.00',
    });
    expect(at(b, '2026-07')).toMatchObject({ reserveCash: '51698.36', reserveBalance: '51698.36' });
    expect(b.lowestOperating).toEqual({ month: '2031-02', balance: '-44000.00' });
    expect(b.lowestReserve).toEqual({ month: '2027-01', balance: '33498.36' });
    // A scenario without assumptions is today's books.
    expect(c.scenarios[0]).toMatchObject({ scenarioId: ids.plain, name: 'Nothing changed' });
    expect(c.scenarios[0].months).toEqual(b.months);
    // Cash month for month as the cash forecast over the same 60 months.
    for (const [fund, key] of [
      ['OPERATING', 'operatingCash'],
      ['RESERVE', 'reserveCash'],
    ]) {
      const f = (await t.ok(FORECAST, { fund })).cashForecast;
      expect(b.months.map((m: any) => [m.month, m[key]])).toEqual(
        f.months.map((m: any) => [m.month, m.closing]),
      );
    }
  });

  it('raises assessments by a percentage from a month, and only those months', async () => {
    const s = await create('Dues +10 % from June', {
      assessmentChanges: [{ fromMonth: '2026-06', percent: '10.00' }],
    });
    expect(s.assumptions.assessmentChanges).toEqual([{ fromMonth: '2026-06', percent: '10' }]);
    const c = await compare([s.id]);
    const b = c.baseline;
    const x = c.scenarios[0];
    // 400.00 → 440.00 a month from June (index 3): + 40.00 × (i − 2).
    b.months.forEach((m: any, i: number) => {
      const lift = i < 3 ? 0n : 4000n * BigInt(i - 2);
      expect(cents(x.months[i].operatingCash) - cents(m.operatingCash)).toBe(lift);
      expect(x.months[i].reserveCash).toBe(m.reserveCash);
    });
    expect(at(x, '2026-05').operatingCash).toBe('7300.00');
    expect(at(x, '2026-06').operatingCash).toBe('6440.00');
    expect(x.years[0].operatingBalance).toBe('1280.00');
    // Two changes compound: +10 % from June 2026, −50 % from March 2027: 440.00 × 0.5 = 220.00.
    const two = await create('Up then down', {
      assessmentChanges: [
        { fromMonth: '2027-03', percent: '-50' },
        { fromMonth: '2026-06', percent: '10' },
      ],
    });
    const y = (await compare([two.id])).scenarios[0];
    const diff = (m: string, n: string) =>
      cents(at(y, n).operatingCash) - cents(at(y, m).operatingCash);
    expect(money(diff('2027-01', '2027-02'))).toBe('-860.00');
    expect(money(diff('2027-02', '2027-03'))).toBe('-1080.00');
  });

  it('lands a special assessment in its month and fund', async () => {
    const s = await create('Special for the pool', {
      specialAssessments: [{ month: '2026-09', fund: 'RESERVE', amount: '5000.00' }],
    });
    const c = await compare([s.id]);
    const b = c.baseline;
    const x = c.scenarios[0];
    expect(at(x, '2026-08').reserveCash).toBe(at(b, '2026-08').reserveCash);
    expect(cents(at(x, '2026-09').reserveCash) - cents(at(b, '2026-09').reserveCash)).toBe(500000n);
    expect(x.months.map((m: any) => m.operatingCash)).toEqual(
      b.months.map((m: any) => m.operatingCash),
    );
    // 53,198.36 + 5,000.00 = 58,198.36 ÷ 36,000.00 = 161.66 %.
    expect(x.years[0]).toMatchObject({ reserveBalance: '58198.36', percentFunded: '161.7' });
  });

  it("moves a project's spending to another year, or out of the window", async () => {
    const later = await create('Roof in 2028', {
      projectMoves: [{ projectId: ids.roof, targetYear: 2028 }],
    });
    const never = await create('Roof some day', {
      projectMoves: [{ projectId: ids.roof, targetYear: null }],
    });
    const c = await compare([later.id, never.id]);
    const b = c.baseline;
    const [x, y] = c.scenarios;
    expect(c.scenarios.map((s: any) => s.name)).toEqual(['Roof in 2028', 'Roof some day']);
    // January 2027 no longer spends 20,000.00; January 2028 does.
    expect(cents(at(x, '2027-01').reserveCash) - cents(at(b, '2027-01').reserveCash)).toBe(
      2000000n,
    );
    expect(cents(at(x, '2027-12').reserveCash) - cents(at(b, '2027-12').reserveCash)).toBe(
      2000000n,
    );
    expect(at(x, '2028-01').reserveCash).toBe(at(b, '2028-01').reserveCash);
    expect(x.years[1]).toMatchObject({ reserveBalance: '56798.36', percentFunded: '135.2' });
    // The lowest reserve is now January 2028: 40,000.00 + 6,900.00 + 10,198.36 − 20,000.00.
    expect(x.lowestReserve).toEqual({ month: '2028-01', balance: '37098.36' });
    expect(cents(at(y, '2031-02').reserveCash) - cents(at(b, '2031-02').reserveCash)).toBe(
      2000000n,
    );
  });

  it('takes a planned investment out of cash and brings it back with interest', async () => {
    // 20,000.00 for 12 months at 5 % from September 2026: 365 days, 1,000.00 interest.
    const s = await create('CD ladder', {
      plannedInvestments: [
        {
          fund: 'RESERVE',
          kind: 'CD',
          institution: 'Keystone Bank',
          amount: '20000.00',
          termMonths: 12,
          apy: '5.00',
          month: '2026-09',
        },
      ],
    });
    const plan = s.assumptions.plannedInvestments[0];
    expect(plan.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(plan.executedInvestmentId).toBeNull();
    const c = await compare([s.id]);
    const b = c.baseline;
    const x = c.scenarios[0];
    const d = (m: string, k: string) => cents(at(x, m)[k]) - cents(at(b, m)[k]);
    expect(d('2026-08', 'reserveCash')).toBe(0n);
    expect(d('2026-09', 'reserveCash')).toBe(-2000000n);
    expect(d('2026-09', 'reserveBalance')).toBe(0n);
    expect(d('2027-08', 'reserveCash')).toBe(-2000000n);
    expect(d('2027-09', 'reserveCash')).toBe(100000n);
    expect(d('2027-09', 'reserveBalance')).toBe(100000n);
    ids.ladder = s.id;
    ids.plan = plan.id;

    // Removing the CD held today: its 10,198.36 comes back in March 2026, not July.
    const out = await create('Cash out the CD', { excludedInvestmentIds: [ids.cd] });
    const y = (await compare([out.id])).scenarios[0];
    expect(at(y, '2026-03')).toMatchObject({
      reserveCash: '50498.36',
      reserveBalance: '50498.36',
    });
    expect(at(y, '2026-07').reserveBalance).toBe(at(b, '2026-07').reserveBalance);
  });

  it('inflates budgeted expenses and project costs from the second year', async () => {
    const s = await create('Ten percent inflation', { inflationPercent: '10' });
    expect(s.assumptions.inflationPercent).toBe('10');
    const c = await compare([s.id]);
    const b = c.baseline;
    const x = c.scenarios[0];
    // FY 2026 as budgeted; FY 2027 expenses 1,100.00 a month, the roof 22,000.00; FY 2028 1,210.00.
    expect(x.years[0].operatingBalance).toBe(b.years[0].operatingBalance);
    expect(x.years[1].operatingBalance).toBe('-11000.00');
    expect(at(x, '2028-01').operatingCash).toBe('-12110.00');
    expect(cents(at(x, '2027-01').reserveCash) - cents(at(b, '2027-01').reserveCash)).toBe(
      -200000n,
    );
  });

  it('refuses bad assumptions field by field, and unknown ids as NOT_FOUND', async () => {
    const bad = await t.gql(CREATE, {
      input: {
        name: 'Bad',
        assumptions: {
          assessmentChanges: [{ fromMonth: '2026-13', percent: '150' }],
          plannedInvestments: [
            {
              fund: 'RESERVE',
              kind: 'CD',
              institution: ' ',
              amount: '0.00',
              apy: 'x',
              month: '2026-09',
            },
          ],
          inflationPercent: '25',
        },
      },
    });
    expect(code(bad)).toBe('BAD_USER_INPUT');
    const fields = (bad.body.errors![0].extensions!.details as { field: string }[]).map(
      (d) => d.field,
    );
    expect(fields).toEqual([
      'assumptions.assessmentChanges.0.fromMonth',
      'assumptions.assessmentChanges.0.percent',
      'assumptions.plannedInvestments.0.institution',
      'assumptions.plannedInvestments.0.amount',
      'assumptions.plannedInvestments.0.apy',
      'assumptions.plannedInvestments.0.termMonths',
      'assumptions.inflationPercent',
    ]);
    for (const projectId of [ids.otherProject, 'not-an-id']) {
      const res = await t.gql(CREATE, {
        input: {
          name: 'Foreign',
          assumptions: { projectMoves: [{ projectId, targetYear: 2028 }] },
        },
      });
      expect(code(res)).toBe('NOT_FOUND');
    }
    const gone = await t.gql(CREATE, {
      input: { name: 'Foreign', assumptions: { excludedInvestmentIds: [ids.otherProject] } },
    });
    expect(code(gone)).toBe('NOT_FOUND');
    expect((await t.ok(LIST, {})).scenarios.some((s: any) => s.name === 'Foreign')).toBe(false);
  });

  it('duplicates, renames and deletes; names are unique whatever the case', async () => {
    const copy = (await t.ok(DUPLICATE, { id: ids.ladder })).duplicateScenario;
    expect(copy.name).toBe('CD ladder (copy)');
    expect(copy.assumptions.plannedInvestments).toHaveLength(1);
    expect(copy.assumptions.plannedInvestments[0].id).not.toBe(ids.plan);
    expect(copy.assumptions.plannedInvestments[0]).toMatchObject({
      amount: '20000.00',
      termMonths: 12,
    });
    const again = (await t.ok(DUPLICATE, { id: ids.ladder })).duplicateScenario;
    expect(again.name).toBe('CD ladder (copy 2)');
    const named = (await t.ok(DUPLICATE, { id: ids.ladder, name: 'Ladder B' })).duplicateScenario;
    expect(named.name).toBe('Ladder B');

    const clash = await t.gql(CREATE, { input: { name: '  cd LADDER ', assumptions: {} } });
    expect(code(clash)).toBe('CONFLICT');
    expect(code(await t.gql(DUPLICATE, { id: ids.ladder, name: 'ladder b' }))).toBe('CONFLICT');
    const rename = await t.gql(UPDATE, { id: named.id, input: { name: 'CD Ladder' } });
    expect(code(rename)).toBe('CONFLICT');
    // Renaming keeps the plan's id.
    const renamed = (
      await t.ok(UPDATE, {
        id: copy.id,
        input: {
          name: 'Ladder A',
          assumptions: {
            plannedInvestments: copy.assumptions.plannedInvestments.map(
              ({ executedInvestmentId: _, ...p }: any) => ({ ...p, apy: '4.5' }),
            ),
          },
        },
      })
    ).updateScenario;
    expect(renamed.assumptions.plannedInvestments[0]).toMatchObject({
      id: copy.assumptions.plannedInvestments[0].id,
      apy: '4.5',
    });
    expect(code(await t.gql(CREATE, { input: { name: 'x'.repeat(81) } }))).toBe('BAD_USER_INPUT');

    for (const s of [copy, again, named]) {
      expect((await t.ok(DELETE, { id: s.id })).deleteScenario).toBe(true);
    }
    expect(code(await t.gql(ONE, { id: copy.id }))).toBe('NOT_FOUND');
  });

  it('lets viewers read and compare but not write or execute', async () => {
    expect((await t.ok(LIST, {}, t.viewer)).scenarios.length).toBeGreaterThan(0);
    expect((await compare([ids.ladder], t.viewer)).scenarios).toHaveLength(1);
    const writes: [string, Record<string, unknown>][] = [
      [CREATE, { input: { name: 'Viewer', assumptions: {} } }],
      [UPDATE, { id: ids.ladder, input: { name: 'Viewer' } }],
      [DUPLICATE, { id: ids.ladder }],
      [DELETE, { id: ids.ladder }],
      [
        EXECUTE,
        {
          scenarioId: ids.ladder,
          plannedInvestmentId: ids.plan,
          input: { accountId: a.cd, cashAccountId: a.rcash, purchaseDate: '2026-03-15' },
        },
      ],
    ];
    for (const [q, v] of writes) expect(code(await t.gql(q, v, t.viewer))).toBe('FORBIDDEN');
    expect((await t.ok(ONE, { id: ids.ladder })).scenario.name).toBe('CD ladder');
  });

  it("never reaches another association's scenarios", async () => {
    const foreign = ids.otherScenario;
    const calls: [string, Record<string, unknown>][] = [
      [ONE, { id: foreign }],
      [COMPARE, { ids: [foreign] }],
      [COMPARE, { ids: [ids.ladder, foreign] }],
      [UPDATE, { id: foreign, input: { name: 'Mine now' } }],
      [DUPLICATE, { id: foreign }],
      [DELETE, { id: foreign }],
      [
        EXECUTE,
        {
          scenarioId: foreign,
          plannedInvestmentId: ids.plan,
          input: { accountId: a.cd, cashAccountId: a.rcash, purchaseDate: '2026-03-15' },
        },
      ],
      [ONE, { id: 'garbage' }],
    ];
    for (const [q, v] of calls) expect(code(await t.gql(q, v))).toBe('NOT_FOUND');
    expect((await o.ok(ONE, { id: foreign })).scenario.name).toBe('Theirs');
    expect(code(await t.gql(COMPARE, { ids: [] }))).toBe('BAD_USER_INPUT');
    const five = [ids.ladder, ids.plain, foreign, ids.otherProject, ids.roof];
    expect(code(await t.gql(COMPARE, { ids: five }))).toBe('BAD_USER_INPUT');
  });

  it('executes a planned investment once: the investment and its balanced entry', async () => {
    const input = { accountId: a.cd, cashAccountId: a.rcash, purchaseDate: '2026-03-10' };
    const done = (
      await t.ok(EXECUTE, { scenarioId: ids.ladder, plannedInvestmentId: ids.plan, input })
    ).executeScenarioInvestment;
    expect(done.investment).toMatchObject({
      kind: 'CD',
      institution: 'Keystone Bank',
      principal: '20000.00',
      apy: '5.00',
      purchaseDate: '2026-03-10',
      maturityDate: '2027-03-10',
      fundType: 'RESERVE',
      status: 'ACTIVE',
    });
    expect(done.scenario.assumptions.plannedInvestments[0].executedInvestmentId).toBe(
      done.investment.id,
    );
    const [purchase] = done.investment.entries;
    expect(purchase).toMatchObject({ kind: 'PURCHASE', cash: '-20000.00', holding: '20000.00' });
    const entry = (await t.ok(ENTRY, { id: purchase.entryId })).journalEntry;
    const sum = (k: string) =>
      entry.lines.reduce((s: bigint, l: any) => s + (l[k] ? cents(l[k]) : 0n), 0n);
    expect(sum('debit')).toBe(2000000n);
    expect(sum('credit')).toBe(2000000n);
    expect(entry.lines.find((l: any) => l.accountId === a.cd).debit).toBe('20000.00');
    expect(entry.lines.find((l: any) => l.accountId === a.rcash).credit).toBe('20000.00');

    const twice = await t.gql(EXECUTE, {
      scenarioId: ids.ladder,
      plannedInvestmentId: ids.plan,
      input,
    });
    expect(code(twice)).toBe('CONFLICT');
    const unknown = await t.gql(EXECUTE, {
      scenarioId: ids.ladder,
      plannedInvestmentId: ids.cd,
      input,
    });
    expect(code(unknown)).toBe('NOT_FOUND');
    // The plan is in the books now: the scenario no longer buys it again.
    const c = await compare([ids.ladder]);
    expect(c.scenarios[0].months).toEqual(c.baseline.months);
  });

  it('keeps at most 20 scenarios', async () => {
    const have = (await t.ok(LIST, {})).scenarios.length;
    for (let i = have; i < 20; i++) await create(`Filler ${i}`);
    expect(code(await t.gql(CREATE, { input: { name: 'One too many' } }))).toBe('CONFLICT');
    expect(code(await t.gql(DUPLICATE, { id: ids.ladder }))).toBe('CONFLICT');
  });
});
