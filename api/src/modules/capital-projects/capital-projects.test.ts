import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

const FIELDS = `id name description category estimatedCost fundingSource priority status targetYear
  position boardYear overdue reserveComponentId reserveComponentName notes`;
const CREATE = `mutation ($input: CreateCapitalProjectInput!) {
  createCapitalProject(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: UpdateCapitalProjectInput!) {
  updateCapitalProject(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = `mutation ($id: ID!) { deleteCapitalProject(id: $id) { id } }`;
const MOVE = `mutation ($id: ID!, $year: Int, $position: Int!) {
  moveCapitalProject(id: $id, targetYear: $year, position: $position) { ${FIELDS} } }`;
const LINK = `mutation ($p: ID!, $e: ID!) { linkCapitalProjectEntry(projectId: $p, entryId: $e) {
  id actualCost entries { id number } } }`;
const UNLINK = `mutation ($p: ID!, $e: ID!) { unlinkCapitalProjectEntry(projectId: $p, entryId: $e) {
  id actualCost entries { id } } }`;
const ONE = `query ($id: ID!) { capitalProject(id: $id) { ${FIELDS} actualCost entries { id } } }`;
const LIST = `query ($filter: CapitalProjectFilter) { capitalProjects(filter: $filter) { id name } }`;
const PLAN = `{ capitalPlan { currentFiscalYear total columns { fiscalYear label total reserveFunded
  projectedReserve shortfall underfunded projects { name overdue targetYear position } } } }`;
const TILE = `{ dashboard { capitalProjects { fiscalYear count estimatedCost overdue
  byStatus { status count estimatedCost } } } }`;
const REVERSE = `mutation ($id: ID!, $date: LocalDate!) { reverseJournalEntry(id: $id, date: $date) { id } }`;
const SETTINGS = `mutation ($input: ReserveSettingsInput!) { updateReserveSettings(input: $input) {
  annualContribution } }`;
const COMPONENT = `mutation ($input: ReserveComponentInput!) { createReserveComponent(input: $input) {
  id } }`;

type Res = { body: { errors?: { message: string; extensions?: Record<string, unknown> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const details = (res: Res) => res.body.errors?.[0]?.extensions?.details;

describe('capital projects', () => {
  let app: TestApp;
  let t: Tenant;
  let o: Tenant;
  const ids: Record<string, string> = {};

  const create = async (input: Record<string, unknown>, tenant = t) =>
    (
      await tenant.ok(CREATE, {
        input: { category: 'OTHER', fundingSource: 'RESERVE', estimatedCost: '0.00', ...input },
      })
    ).createCapitalProject;
  const column = (plan: any, year: number | null) =>
    plan.columns.find((c: any) => c.fiscalYear === year);
  const names = (plan: any, year: number | null) =>
    column(plan, year).projects.map((p: any) => p.name);
  const count = async () => (await t.ok(LIST)).capitalProjects.length;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Capital HOA');
    o = await createTenant(app, 'Other HOA');
    ids.reserveCash = await t.account('1510', 'ASSET', {
      fundType: 'RESERVE',
      name: 'Reserve Money Market',
    });
    ids.reserveEquity = await t.account('3510', 'EQUITY', { fundType: 'RESERVE' });
    ids.reserveExpense = await t.account('6510', 'EXPENSE', { fundType: 'RESERVE' });
    ids.improvements = await t.account('1700', 'ASSET', {
      fundType: 'RESERVE',
      name: 'Clubhouse Improvements',
    });
    // Opening reserve balance of fiscal 2026: 10,000.00 (posted in 2025).
    await t.post('2025-06-01', [
      [ids.reserveCash, '10000.00', null],
      [ids.reserveEquity, null, '10000.00'],
    ]);
    // Projection: contribution 5,000.00 a year, interest 1 % (the default), no components.
    await t.ok(SETTINGS, { input: { annualContribution: '5000.00', interestRate: '1' } });
    ids.otherCash = await o.account('1010', 'ASSET');
    ids.otherExpense = await o.account('5010', 'EXPENSE');
    ids.otherEntry = await o.post('2026-01-10', [
      [ids.otherExpense, '10.00', null],
      [ids.otherCash, null, '10.00'],
    ]);
    ids.otherProject = (await create({ name: 'Other roof' }, o)).id;
  });
  beforeEach(() => setClock(() => new Date('2026-03-15T15:00:00Z')));
  afterEach(() => setClock());
  afterAll(() => app.close());

  it('sums the linked entries into the actual cost; a reversed entry and its reversal count zero', async () => {
    const p = await create({ name: 'Clubhouse remodel', estimatedCost: '15000.00' });
    const expense = await t.post('2026-02-01', [
      [ids.reserveExpense, '8000.00', null],
      [ids.reserveCash, null, '8000.00'],
    ]);
    // Put on an asset account: not an expense, so not part of the cost (the rule in the service).
    const capitalized = await t.post('2026-02-10', [
      [ids.improvements, '4000.00', null],
      [ids.reserveCash, null, '4000.00'],
    ]);
    const mistaken = await t.post('2026-02-12', [
      [ids.reserveExpense, '1500.00', null],
      [ids.reserveCash, null, '1500.00'],
    ]);
    const refund = await t.post('2026-02-20', [
      [ids.reserveCash, '500.00', null],
      [ids.reserveExpense, null, '500.00'],
    ]);
    const unrelated = await t.post('2026-02-21', [
      [ids.reserveExpense, '999.00', null],
      [ids.reserveCash, null, '999.00'],
    ]);
    for (const e of [expense, capitalized, mistaken, refund]) {
      await t.ok(LINK, { p: p.id, e });
    }
    // 8,000.00 + 1,500.00 − 500.00 = 9,000.00 before the reversal (the 4,000.00 asset is not cost).
    let one = (await t.ok(ONE, { id: p.id })).capitalProject;
    expect(one.actualCost).toBe('9000.00');
    expect(one.entries.map((e: any) => e.id)).toEqual([expense, capitalized, mistaken, refund]);

    const reversal = (await t.ok(REVERSE, { id: mistaken, date: '2026-02-25' })).reverseJournalEntry
      .id;
    // The reversed 1,500.00 counts zero: 8,000.00 − 500.00 = 7,500.00; linking the reversal too
    // changes nothing.
    one = (await t.ok(ONE, { id: p.id })).capitalProject;
    expect(one.actualCost).toBe('7500.00');
    expect((await t.ok(LINK, { p: p.id, e: reversal })).linkCapitalProjectEntry.actualCost).toBe(
      '7500.00',
    );
    // Linking twice is one link.
    const again = (await t.ok(LINK, { p: p.id, e: expense })).linkCapitalProjectEntry;
    expect(again.entries).toHaveLength(5);
    // Unlinking the asset entry changes nothing: it never counted (still 7,500.00).
    const after = (await t.ok(UNLINK, { p: p.id, e: capitalized })).unlinkCapitalProjectEntry;
    expect(after.actualCost).toBe('7500.00');
    expect(after.entries.map((e: any) => e.id)).not.toContain(capitalized);
    expect(after.entries.map((e: any) => e.id)).not.toContain(unrelated);

    // Unknown entry, another tenant's entry, a malformed id: NOT_FOUND, nothing linked.
    for (const e of [ids.otherEntry, '0190d0f0-0000-7000-8000-000000000000']) {
      const res = await t.gql(LINK, { p: p.id, e });
      expect(code(res)).toBe('NOT_FOUND');
      expect(details(res)).toEqual([{ field: 'entryId', message: 'Journal entry not found' }]);
    }
    expect(code(await t.gql(LINK, { p: p.id, e: 'nope' }))).toBe('NOT_FOUND');
    expect((await t.ok(ONE, { id: p.id })).capitalProject.entries).toHaveLength(4);
    await t.ok(DELETE, { id: p.id });
  });

  it('moves projects between columns and persists year and order, renumbering both columns', async () => {
    const a = await create({ name: 'A', targetYear: 2027 });
    const b = await create({ name: 'B', targetYear: 2027 });
    const c = await create({ name: 'C', targetYear: 2027 });
    const f = await create({ name: 'F' });
    expect([a.position, b.position, c.position, f.position]).toEqual([0, 1, 2, 0]);

    // A to Future, first: Future = A, F; 2027 = B, C renumbered 0, 1.
    let moved = (await t.ok(MOVE, { id: a.id, year: null, position: 0 })).moveCapitalProject;
    expect(moved).toMatchObject({ targetYear: null, position: 0, boardYear: null });
    let plan = (await t.ok(PLAN)).capitalPlan;
    expect(names(plan, null)).toEqual(['A', 'F']);
    expect(names(plan, 2027)).toEqual(['B', 'C']);
    expect(column(plan, 2027).projects.map((p: any) => p.position)).toEqual([0, 1]);

    // Back to 2027 between B and C; a position past the end is clamped to the end.
    moved = (await t.ok(MOVE, { id: a.id, year: 2027, position: 1 })).moveCapitalProject;
    expect(moved).toMatchObject({ targetYear: 2027, position: 1 });
    await t.ok(MOVE, { id: f.id, year: 2027, position: 99 });
    plan = (await t.ok(PLAN)).capitalPlan;
    expect(names(plan, 2027)).toEqual(['B', 'A', 'C', 'F']);
    expect(column(plan, 2027).projects.map((p: any) => p.position)).toEqual([0, 1, 2, 3]);
    expect(names(plan, null)).toEqual([]);

    // Reorder within the column: C first.
    await t.ok(MOVE, { id: c.id, year: 2027, position: 0 });
    plan = (await t.ok(PLAN)).capitalPlan;
    expect(names(plan, 2027)).toEqual(['C', 'B', 'A', 'F']);

    // A year after the last column (2030) lands in Future with its year.
    moved = (await t.ok(MOVE, { id: b.id, year: 2034, position: 0 })).moveCapitalProject;
    expect(moved).toMatchObject({ targetYear: 2034, boardYear: null });
    expect(names((await t.ok(PLAN)).capitalPlan, null)).toEqual(['B']);

    // Bad input: a past year, a negative position; nothing moves.
    const res = await t.gql(MOVE, { id: c.id, year: 2025, position: -1 });
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(details(res)).toEqual([
      { field: 'targetYear', message: 'Choose fiscal year 2026 or later, or Future' },
      { field: 'position', message: 'The position must be 0 or more' },
    ]);
    expect((await t.ok(ONE, { id: c.id })).capitalProject).toMatchObject({
      targetYear: 2027,
      position: 0,
    });
    for (const p of [a, b, c, f]) await t.ok(DELETE, { id: p.id });
  });

  it('totals each column against the projected reserve balance and flags the shortfall', async () => {
    // Projection (hand-checked): fiscal 2026 opens at 10,000.00; contribution 5,000.00; interest
    // 10,000.00 × 1 % = 100.00 → available 15,100.00 (closing too: no components). Fiscal 2027:
    // 15,100.00 + 5,000.00 + 151.00 = 20,251.00.
    await create({ name: 'Roof', estimatedCost: '12000.00', targetYear: 2026 });
    await create({
      name: 'Gym',
      estimatedCost: '3000.00',
      targetYear: 2026,
      fundingSource: 'OPERATING',
    });
    await create({ name: 'Paving', estimatedCost: '5000.00', targetYear: 2026 });
    await create({ name: 'Pool', estimatedCost: '20000.00', targetYear: 2027 });
    // Overdue (2023, not done): shows in 2026's column; done in 2024: off the board.
    const late = await create({ name: 'Fence', estimatedCost: '1000.00', targetYear: 2023 });
    expect(late).toMatchObject({ overdue: true, boardYear: 2026 });
    await create({ name: 'Old', estimatedCost: '800.00', targetYear: 2024, status: 'DONE' });
    await create({ name: 'Dock', estimatedCost: '7500.00', fundingSource: 'LOAN' });
    await create({ name: 'Tower', estimatedCost: '2000.00', targetYear: 2035 });

    const plan = (await t.ok(PLAN)).capitalPlan;
    expect(plan.currentFiscalYear).toBe(2026);
    expect(plan.columns.map((c: any) => c.label)).toEqual([
      'FY 2026',
      'FY 2027',
      'FY 2028',
      'FY 2029',
      'FY 2030',
      'Future',
    ]);
    // 2026: reserve-funded 12,000 + 5,000 + 1,000 = 18,000.00 against 15,100.00: short 2,900.00.
    expect(column(plan, 2026)).toMatchObject({
      total: '21000.00',
      reserveFunded: '18000.00',
      projectedReserve: '15100.00',
      shortfall: '2900.00',
      underfunded: true,
    });
    expect(names(plan, 2026)).toEqual(['Roof', 'Gym', 'Paving', 'Fence']);
    // 2027: 20,000.00 against 20,251.00: covered.
    expect(column(plan, 2027)).toMatchObject({
      total: '20000.00',
      reserveFunded: '20000.00',
      projectedReserve: '20251.00',
      shortfall: '0.00',
      underfunded: false,
    });
    // 2028: 20,251.00 + 5,000.00 + 202.51 = 25,453.51, nothing planned.
    expect(column(plan, 2028)).toMatchObject({ total: '0.00', projectedReserve: '25453.51' });
    expect(column(plan, null)).toMatchObject({
      total: '9500.00',
      reserveFunded: '2000.00',
      projectedReserve: null,
      shortfall: null,
      underfunded: false,
    });
    expect(names(plan, null)).toEqual(['Dock', 'Tower']);
    // 21,000 + 20,000 + 9,500 = 50,500.00 (the done 2024 project is not on the board).
    expect(plan.total).toBe('50500.00');

    // Reordering the overdue project within this year's column keeps its year (still overdue).
    const m = (await t.ok(MOVE, { id: late.id, year: 2026, position: 0 })).moveCapitalProject;
    expect(m).toMatchObject({ targetYear: 2023, overdue: true, position: 0 });

    // The dashboard tile: this year's column by status.
    const tile = (await t.ok(TILE)).dashboard.capitalProjects;
    expect(tile).toEqual({
      fiscalYear: 2026,
      count: 4,
      estimatedCost: '21000.00',
      overdue: 1,
      byStatus: [{ status: 'PLANNED', count: 4, estimatedCost: '21000.00' }],
    });

    // Filters.
    expect((await t.ok(LIST, { filter: { year: 2027 } })).capitalProjects).toEqual([
      expect.objectContaining({ name: 'Pool' }),
    ]);
    expect(
      (await t.ok(LIST, { filter: { future: true } })).capitalProjects.map((p: any) => p.name),
    ).toEqual(['Dock']);
    expect(
      (await t.ok(LIST, { filter: { funding: 'OPERATING' } })).capitalProjects.map(
        (p: any) => p.name,
      ),
    ).toEqual(['Gym']);
    expect(
      (await t.ok(LIST, { filter: { status: 'DONE' } })).capitalProjects.map((p: any) => p.name),
    ).toEqual(['Old']);
  });

  it('edits a project: a new year places it last in its new column and closes the gap', async () => {
    const x = await create({ name: 'X', targetYear: 2029 });
    const y = await create({ name: 'Y', targetYear: 2029 });
    const z = await create({ name: 'Z', targetYear: 2030 });
    const comp = (
      await t.ok(COMPONENT, {
        input: {
          name: 'Clubhouse roof',
          category: 'ROOFING',
          usefulLifeYears: 20,
          remainingLifeYears: 5,
          currentReplacementCost: '30000.00',
          accountId: ids.reserveCash,
        },
      })
    ).createReserveComponent.id;
    const edited = (
      await t.ok(UPDATE, {
        id: x.id,
        input: {
          targetYear: 2030,
          name: ' X2 ',
          estimatedCost: '123.45',
          priority: 'CRITICAL',
          reserveComponentId: comp,
          description: 'New shingles',
        },
      })
    ).updateCapitalProject;
    expect(edited).toMatchObject({
      name: 'X2',
      targetYear: 2030,
      position: 1,
      estimatedCost: '123.45',
      priority: 'CRITICAL',
      reserveComponentId: comp,
      reserveComponentName: 'Clubhouse roof',
      description: 'New shingles',
    });
    expect((await t.ok(ONE, { id: y.id })).capitalProject.position).toBe(0);
    expect((await t.ok(ONE, { id: z.id })).capitalProject.position).toBe(0);
    const cleared = (
      await t.ok(UPDATE, { id: x.id, input: { reserveComponentId: null, description: '' } })
    ).updateCapitalProject;
    expect(cleared).toMatchObject({ reserveComponentId: null, description: null });
    for (const p of [x, y, z]) await t.ok(DELETE, { id: p.id });
  });

  it('refuses bad input with field details and writes nothing', async () => {
    const before = await count();
    let res = await t.gql(CREATE, {
      input: {
        name: '',
        category: 'ROOFING',
        estimatedCost: '-5.00',
        fundingSource: 'RESERVE',
        targetYear: 1800,
        notes: 'n'.repeat(1001),
      },
    });
    expect(code(res)).toBe('BAD_USER_INPUT');
    const fields = (details(res) as { field: string }[]).map((d) => d.field).sort();
    expect(fields).toEqual(['estimatedCost', 'name', 'notes', 'targetYear']);
    res = await t.gql(CREATE, {
      input: {
        name: 'Z',
        category: 'ROOFING',
        estimatedCost: '5.00',
        fundingSource: 'RESERVE',
        reserveComponentId: ids.otherProject,
      },
    });
    expect(code(res)).toBe('NOT_FOUND');
    expect(details(res)).toEqual([
      { field: 'reserveComponentId', message: 'Reserve component not found' },
    ]);
    res = await t.gql(CREATE, {
      input: { name: '   ', category: 'ROOFING', estimatedCost: '5.00', fundingSource: 'RESERVE' },
    });
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(await count()).toBe(before);
  });

  it('lets viewers read but not write, and never reaches another tenant', async () => {
    const p = await create({ name: 'Mine', targetYear: 2027 });
    const entry = await t.post('2026-03-01', [
      [ids.reserveExpense, '1.00', null],
      [ids.reserveCash, null, '1.00'],
    ]);
    // Viewer reads the list, one project, the plan.
    expect((await t.ok(LIST, {}, t.viewer)).capitalProjects.length).toBeGreaterThan(0);
    await t.ok(ONE, { id: p.id }, t.viewer);
    await t.ok(PLAN, {}, t.viewer);
    const writes: [string, Record<string, unknown>][] = [
      [
        CREATE,
        { input: { name: 'V', category: 'OTHER', estimatedCost: '1.00', fundingSource: 'LOAN' } },
      ],
      [UPDATE, { id: p.id, input: { name: 'V' } }],
      [DELETE, { id: p.id }],
      [MOVE, { id: p.id, year: null, position: 0 }],
      [LINK, { p: p.id, e: entry }],
      [UNLINK, { p: p.id, e: entry }],
    ];
    for (const [q, v] of writes) expect(code(await t.gql(q, v, t.viewer))).toBe('FORBIDDEN');
    // The other tenant's project id is unknown here, for every operation.
    const foreign = ids.otherProject;
    const tries: [string, Record<string, unknown>][] = [
      [ONE, { id: foreign }],
      [UPDATE, { id: foreign, input: { name: 'X' } }],
      [DELETE, { id: foreign }],
      [MOVE, { id: foreign, year: null, position: 0 }],
      [LINK, { p: foreign, e: entry }],
      [UNLINK, { p: foreign, e: entry }],
      [ONE, { id: 'not-an-id' }],
    ];
    for (const [q, v] of tries) expect(code(await t.gql(q, v))).toBe('NOT_FOUND');
    // Nothing changed on either side.
    expect((await t.ok(ONE, { id: p.id })).capitalProject).toMatchObject({
      name: 'Mine',
      targetYear: 2027,
    });
    expect((await o.ok(ONE, { id: foreign })).capitalProject.name).toBe('Other roof');
    await t.ok(DELETE, { id: p.id });
  });
});
