import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '../../core/dates.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

const FIELDS = `id name category quantity unit usefulLifeYears remainingLifeYears remainingLifeDerived
  placedInServiceYear effectiveAgeYears nextReplacementYear currentReplacementCost
  fullyFundedBalance accountId account { number } notes`;
const CREATE = `mutation ($input: ReserveComponentInput!) { createReserveComponent(input: $input) { ${FIELDS} } }`;
const UPDATE = `mutation ($id: ID!, $input: ReserveComponentInput!) {
  updateReserveComponent(id: $id, input: $input) { ${FIELDS} } }`;
const DELETE = `mutation ($id: ID!) { deleteReserveComponent(id: $id) }`;
const STUDY = `{ reserveStudy { reserveBalance totalFullyFunded totalReplacementCost percentFunded band
  componentsCount asOf } }`;
const PROJECTION = `query ($a: ReserveSettingsInput) { reserveProjection(assumptions: $a) {
  negativeYears
  years { fiscalYear opening contribution interest expenditures closing fullyFunded negative
    replacements { name cost } }
  goals { threshold { annualContribution lowestClosing lowestYear finalClosing }
    fullFunding { annualContribution lowestClosing lowestYear finalClosing } }
  assumptions { inflationRate interestRate annualContribution contributionFromBudget
    budgetedContribution thresholdFloor openingBalance openingAsOf } } }`;
const SETTINGS = `mutation ($input: ReserveSettingsInput!) { updateReserveSettings(input: $input) {
  inflationRate interestRate annualContribution thresholdFloor } }`;

type Res = { body: { errors?: { message: string; extensions?: Record<string, unknown> }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const details = (res: Res) => res.body.errors?.[0]?.extensions?.details;

// "12345.67" → cents, for comparisons.
const cents = (m: string) => BigInt(m.replace('.', ''));
const money = (c: bigint) => {
  const neg = c < 0n;
  const a = neg ? -c : c;
  return `${neg ? '-' : ''}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

describe('reserves', () => {
  let app: TestApp;
  let t: Tenant;
  let o: Tenant;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Reserve HOA');
    o = await createTenant(app, 'Other HOA');
    ids.reserveCash = await t.account('1510', 'ASSET', { fundType: 'RESERVE', name: 'Reserve MM' });
    ids.reserveEquity = await t.account('3510', 'EQUITY', { fundType: 'RESERVE' });
    ids.contributions = await t.account('4510', 'INCOME', {
      fundType: 'RESERVE',
      name: 'Reserve Contributions',
      forecastRole: 'RESERVE_CONTRIBUTION',
    });
    ids.reserveInterest = await t.account('4520', 'INCOME', {
      fundType: 'RESERVE',
      name: 'Reserve Interest',
    });
    ids.reserveExpense = await t.account('6510', 'EXPENSE', { fundType: 'RESERVE' });
    ids.operatingCash = await t.account('1010', 'ASSET');
    ids.otherReserve = await o.account('1510', 'ASSET', { fundType: 'RESERVE' });
    // Opening 10,000.00 before fiscal 2026; 2,000.00 contributed in it: 12,000.00 today.
    await t.post('2025-06-01', [
      [ids.reserveCash, '10000.00', null],
      [ids.reserveEquity, null, '10000.00'],
    ]);
    await t.post('2026-02-01', [
      [ids.reserveCash, '2000.00', null],
      [ids.contributions, null, '2000.00'],
    ]);
  });
  beforeEach(() => setClock(() => new Date('2026-03-15T15:00:00Z')));
  afterEach(() => setClock());
  afterAll(() => app.close());

  const sample = (extra: Record<string, unknown> = {}) => ({
    name: 'Clubhouse roof',
    category: 'ROOFING',
    usefulLifeYears: 20,
    remainingLifeYears: 5,
    currentReplacementCost: '30000.00',
    accountId: ids.reserveCash,
    ...extra,
  });

  it('keeps components with their fully funded balance, and percent funded from the ledger', async () => {
    // Empty study: nothing to fund, no percent.
    const empty = (await t.ok(STUDY)).reserveStudy;
    expect(empty).toMatchObject({ percentFunded: null, band: null, componentsCount: 0 });

    // A: 30,000.00 × (20 − 5) / 20 = 22,500.00
    const a = (await t.ok(CREATE, { input: sample({ quantity: '42', unit: 'squares' }) }))
      .createReserveComponent;
    expect(a).toMatchObject({
      quantity: '42',
      unit: 'squares',
      remainingLifeYears: 5,
      remainingLifeDerived: false,
      effectiveAgeYears: 15,
      nextReplacementYear: 2031,
      fullyFundedBalance: '22500.00',
      account: { number: '1510' },
    });
    // B: placed 2018, life 10 → remaining max(0, 2018 + 10 − 2026) = 2, age 8 → 8,000.00
    const b = (
      await t.ok(CREATE, {
        input: sample({
          name: 'Street paving',
          category: 'PAVING',
          usefulLifeYears: 10,
          remainingLifeYears: null,
          placedInServiceYear: 2018,
          currentReplacementCost: '10000.00',
        }),
      })
    ).createReserveComponent;
    expect(b).toMatchObject({
      remainingLifeYears: 2,
      remainingLifeDerived: true,
      effectiveAgeYears: 8,
      fullyFundedBalance: '8000.00',
    });
    // C: 1,000.00 × 2 / 3 = 666.666… → 666.67
    const c = (
      await t.ok(CREATE, {
        input: sample({
          name: 'Pool resurfacing',
          category: 'POOL',
          usefulLifeYears: 3,
          remainingLifeYears: 1,
          currentReplacementCost: '1000.00',
        }),
      })
    ).createReserveComponent;
    expect(c.fullyFundedBalance).toBe('666.67');
    ids.a = a.id;
    ids.b = b.id;
    ids.c = c.id;

    // 12,000.00 / (22,500 + 8,000 + 666.67 = 31,166.67) = 38.50… % → "38.5", FAIR
    const study = (await t.ok(STUDY, undefined, t.viewer)).reserveStudy;
    expect(study).toEqual({
      reserveBalance: '12000.00',
      totalFullyFunded: '31166.67',
      totalReplacementCost: '41000.00',
      percentFunded: '38.5',
      band: 'FAIR',
      componentsCount: 3,
      asOf: '2026-03-15',
    });
    // The balance is the balance sheet's reserve fund balance, on the same day.
    const sheet = await t.ok(
      `{ balanceSheet(asOf: "2026-03-15") { fundBalance { total { reserve } } } }`,
    );
    expect(study.reserveBalance).toBe(sheet.balanceSheet.fundBalance.total.reserve);
    // And the dashboard's tile says the same.
    const dash = await t.ok(`{ dashboard { reserves { percentFunded band reserveBalance } } }`);
    expect(dash.dashboard.reserves).toEqual({
      percentFunded: '38.5',
      band: 'FAIR',
      reserveBalance: '12000.00',
    });
  });

  it('projects 30 years from the ledger, the settings and the budget', async () => {
    // The budget's reserve contribution: 400.00 a month on 4510, the reserve contribution by its
    // role (the interest budget on 4520 is not a contribution) → 4,800.00.
    await t.ok(`mutation ($input: SaveBudgetInput!) { saveBudget(input: $input) { year } }`, {
      input: {
        year: 2026,
        lines: [
          { accountId: ids.contributions, amounts: Array(12).fill('400.00') },
          { accountId: ids.reserveInterest, amounts: Array(12).fill('10.00') },
        ],
      },
    });
    const fromBudget = (await t.ok(PROJECTION)).reserveProjection;
    expect(fromBudget.assumptions).toEqual({
      inflationRate: '3.00',
      interestRate: '1.00',
      annualContribution: '4800.00',
      contributionFromBudget: true,
      budgetedContribution: '4800.00',
      thresholdFloor: '0.00',
      openingBalance: '10000.00',
      openingAsOf: '2025-12-31',
    });
    expect(fromBudget.years).toHaveLength(30);
    expect(fromBudget.years[0]).toMatchObject({ fiscalYear: 2026, opening: '10000.00' });

    // Saved assumptions: the hand-checked years of reserves.math.test.ts.
    const saved = await t.ok(SETTINGS, {
      input: { inflationRate: '3', interestRate: '2', annualContribution: '5000.00' },
    });
    expect(saved.updateReserveSettings).toEqual({
      inflationRate: '3.00',
      interestRate: '2.00',
      annualContribution: '5000.00',
      thresholdFloor: '0.00',
    });
    const p = (await t.ok(PROJECTION)).reserveProjection;
    // Y1 2026: 10,000.00 + 5,000 + 200.00 − 0                 = 15,200.00
    // Y2 2027: 15,200.00 + 5,000 + 304.00 − pool 1,030.00      = 19,474.00
    // Y3 2028: 19,474.00 + 5,000 + 389.48 − paving 10,609.00   = 14,254.48
    // Y4 2029: 14,254.48 + 5,000 + 285.09 − 0                  = 19,539.57
    // Y5 2030: 19,539.57 + 5,000 + 390.79 − pool 1,125.51      = 23,804.85
    expect(
      p.years.slice(0, 5).map((y: any) => [y.fiscalYear, y.interest, y.expenditures, y.closing]),
    ).toEqual([
      [2026, '200.00', '0.00', '15200.00'],
      [2027, '304.00', '1030.00', '19474.00'],
      [2028, '389.48', '10609.00', '14254.48'],
      [2029, '285.09', '0.00', '19539.57'],
      [2030, '390.79', '1125.51', '23804.85'],
    ]);
    // End of 2026 fully funded: 24,720.00 + 9,270.00 + 1,030.00
    expect(p.years[0].fullyFunded).toBe('35020.00');
    expect(p.years[2].replacements).toEqual([{ name: 'Street paving', cost: '10609.00' }]);

    // No contribution at all: the roof in 2031 takes the fund below zero, flagged.
    const none = (await t.ok(PROJECTION, { a: { annualContribution: '0.00' } })).reserveProjection;
    const y2031 = none.years.find((y: any) => y.fiscalYear === 2031);
    expect(y2031.negative).toBe(true);
    expect(cents(y2031.closing)).toBeLessThan(0n);
    expect(none.negativeYears).toBe(none.years.filter((y: any) => y.negative).length);
    // What-ifs are not saved.
    expect((await t.ok(PROJECTION)).reserveProjection.assumptions.annualContribution).toBe(
      '5000.00',
    );
  });

  it('finds both funding goals, checked one cent below', async () => {
    await t.ok(SETTINGS, { input: { thresholdFloor: '2500.00' } });
    const { goals } = (await t.ok(PROJECTION)).reserveProjection;
    const at = async (c: bigint) =>
      (await t.ok(PROJECTION, { a: { annualContribution: money(c) } })).reserveProjection.years;
    const threshold = cents(goals.threshold.annualContribution);
    const full = cents(goals.fullFunding.annualContribution);
    const aboveFloor = (ys: any[]) => ys.every((y) => cents(y.closing) >= 250_000n);
    const fullyFunded = (ys: any[]) =>
      ys.every((y) => cents(y.closing) >= 0n) && cents(ys[29].closing) >= cents(ys[29].fullyFunded);
    expect(aboveFloor(await at(threshold))).toBe(true);
    expect(aboveFloor(await at(threshold - 1n))).toBe(false);
    expect(fullyFunded(await at(full))).toBe(true);
    expect(fullyFunded(await at(full - 1n))).toBe(false);
    const atThreshold = await at(threshold);
    const lowest = atThreshold.reduce((m: any, y: any) =>
      cents(y.closing) < cents(m.closing) ? y : m,
    );
    expect(goals.threshold.lowestClosing).toBe(lowest.closing);
    expect(goals.threshold.lowestYear).toBe(lowest.fiscalYear);
  });

  it('edits and deletes a component, refusing bad input with field details and writing nothing', async () => {
    const edited = await t.ok(UPDATE, {
      id: ids.c,
      input: sample({
        name: 'Pool resurfacing',
        category: 'POOL',
        usefulLifeYears: 12,
        remainingLifeYears: 3,
        currentReplacementCost: '1200.00',
        notes: ' Plaster ',
      }),
    });
    // 1,200.00 × 9 / 12 = 900.00
    expect(edited.updateReserveComponent).toMatchObject({
      fullyFundedBalance: '900.00',
      notes: 'Plaster',
    });

    const bad = await t.gql(CREATE, {
      input: sample({ name: ' ', placedInServiceYear: 2010, currentReplacementCost: '-5.00' }),
    });
    expect(code(bad)).toBe('BAD_USER_INPUT');
    expect(details(bad)).toEqual(
      expect.arrayContaining([
        { field: 'name', message: 'Name is required' },
        {
          field: 'remainingLifeYears',
          message: 'Give the remaining life or the year placed in service, not both',
        },
        { field: 'currentReplacementCost', message: 'The replacement cost cannot be negative' },
      ]),
    );
    const operating = await t.gql(CREATE, { input: sample({ accountId: ids.operatingCash }) });
    expect(code(operating)).toBe('BAD_USER_INPUT');
    expect(details(operating)).toEqual([
      { field: 'accountId', message: 'Account 1010 Account 1010 is not in the reserve fund' },
    ]);
    const rule = await t.gql(CREATE, { input: sample({ usefulLifeYears: 0 }) });
    expect(code(rule)).toBe('BAD_USER_INPUT');
    const settings = await t.gql(SETTINGS, { input: { inflationRate: '30' } });
    expect(code(settings)).toBe('BAD_USER_INPUT');
    expect(details(settings)).toEqual([
      { field: 'inflationRate', message: 'Enter a percentage from 0 to 25, e.g. 3 or 2.75' },
    ]);
    expect((await t.ok(STUDY)).reserveStudy.componentsCount).toBe(3);

    const history = await t.ok(
      `query ($id: ID!) { auditLog(entityType: "ReserveComponent", entityId: $id) { action } }`,
      { id: ids.c },
    );
    expect(history.auditLog.map((h: any) => h.action).sort()).toEqual(['create', 'update']);

    const extra = (await t.ok(CREATE, { input: sample({ name: 'Temporary' }) }))
      .createReserveComponent;
    expect((await t.ok(DELETE, { id: extra.id })).deleteReserveComponent).toBe(true);
    expect(code(await t.gql(DELETE, { id: extra.id }))).toBe('NOT_FOUND');
  });

  it('lets viewers read, not write; another association sees none of it', async () => {
    const listed = await t.ok(`{ reserveComponents { id } }`, undefined, t.viewer);
    expect(listed.reserveComponents).toHaveLength(3);
    for (const [q, v] of [
      [CREATE, { input: sample() }],
      [UPDATE, { id: ids.a, input: sample() }],
      [DELETE, { id: ids.a }],
      [SETTINGS, { input: { interestRate: '1' } }],
    ] as const) {
      expect(code(await t.gql(q, v, t.viewer))).toBe('FORBIDDEN');
    }

    // Another tenant's ids are unknown here, and ours unknown there.
    const q = `query ($id: ID!) { reserveComponent(id: $id) { id } }`;
    expect(code(await o.gql(q, { id: ids.a }))).toBe('NOT_FOUND');
    expect(
      code(await o.gql(UPDATE, { id: ids.a, input: sample({ accountId: ids.otherReserve }) })),
    ).toBe('NOT_FOUND');
    expect(code(await o.gql(DELETE, { id: ids.a }))).toBe('NOT_FOUND');
    const foreignAccount = await t.gql(CREATE, {
      input: sample({ accountId: ids.otherReserve }),
    });
    expect(code(foreignAccount)).toBe('NOT_FOUND');
    expect((await o.ok(`{ reserveComponents { id } }`)).reserveComponents).toEqual([]);
    expect(
      (await t.ok(`query ($id: ID!) { reserveComponent(id: $id) { name } }`, { id: ids.a }))
        .reserveComponent.name,
    ).toBe('Clubhouse roof');
  });

  async function upload(csv: string, token = t.admin) {
    const form = new FormData();
    form.append(
      'operations',
      JSON.stringify({
        query:
          'mutation ($file: Upload!) { importReserveComponents(file: $file) { created sampleRowsSkipped errors { row field message } } }',
        variables: { file: null },
      }),
    );
    form.append('map', JSON.stringify({ 0: ['variables.file'] }));
    form.append('0', new Blob([csv]), 'reserves.csv');
    const res = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    return (await res.json()) as any;
  }

  it('imports a reserve study from CSV, all or nothing, with row-by-row errors', async () => {
    const template = (await t.ok(`{ reserveComponentsTemplate }`)).reserveComponentsTemplate;
    expect(template).toContain(
      'name,category,quantity,unit,useful_life_years,remaining_life_years,placed_in_service_year,current_replacement_cost,reserve_account,notes',
    );
    // The template as downloaded holds only sample rows: nothing is imported.
    const samples = (await upload(template)).data.importReserveComponents;
    expect(samples.created).toBe(0);
    expect(samples.sampleRowsSkipped).toBe(2);

    const bad = await upload(
      [
        'Name,Category,useful_life_years,remaining_life_years,placed_in_service_year,current_replacement_cost,reserve_account',
        'Fence,fencing,20,4,,"18,500.00",1510',
        ',gazebos,15,2,,500,1510',
        'Lights,lighting,x,2,2001,abc,1010',
        'Mailboxes,site,20,,,2400,9999',
      ].join('\n'),
    );
    const errors = bad.data.importReserveComponents.errors;
    expect(bad.data.importReserveComponents.created).toBe(0);
    expect(errors).toEqual(
      expect.arrayContaining([
        { row: 3, field: 'name', message: 'Name is required' },
        {
          row: 3,
          field: 'category',
          message: expect.stringContaining('Unknown category "gazebos"'),
        },
        { row: 4, field: 'useful_life_years', message: '"x" is not a whole number of years' },
        { row: 4, field: 'current_replacement_cost', message: '"abc" is not an amount' },
        {
          row: 4,
          field: 'reserve_account',
          message: 'No active reserve-fund asset account numbered "1010"',
        },
        {
          row: 4,
          field: 'remaining_life_years',
          message: 'Give the remaining life or the year placed in service, not both',
        },
        {
          row: 5,
          field: 'remaining_life_years',
          message: 'Give the remaining life or the year placed in service',
        },
        {
          row: 5,
          field: 'reserve_account',
          message: 'No active reserve-fund asset account numbered "9999"',
        },
      ]),
    );
    expect(errors.some((e: any) => e.row === 2)).toBe(false);
    expect((await t.ok(STUDY)).reserveStudy.componentsCount).toBe(3);

    // A viewer cannot import.
    expect((await upload('name\nX\n', t.viewer)).errors[0].extensions.code).toBe('FORBIDDEN');

    const good = await upload(
      [
        'name,category,quantity,unit,useful_life_years,remaining_life_years,placed_in_service_year,current_replacement_cost,reserve_account,notes',
        '"# example: Clubhouse roof",roofing,42,squares,25,18,,48750.00,1510,',
        'Perimeter fence,Fencing,1200,linear ft,20,4,,"18,500.00",1510,Vinyl',
        'Entrance lighting,,,,15,,2016,6000,,',
      ].join('\n'),
    );
    expect(good.data.importReserveComponents).toEqual({
      created: 2,
      sampleRowsSkipped: 1,
      errors: [],
    });
    const list = (await t.ok(`{ reserveComponents { ${FIELDS} } }`)).reserveComponents;
    expect(list.find((c: any) => c.name === 'Perimeter fence')).toMatchObject({
      category: 'FENCING',
      quantity: '1200',
      unit: 'linear ft',
      // 18,500.00 × 16 / 20 = 14,800.00
      fullyFundedBalance: '14800.00',
      notes: 'Vinyl',
    });
    // Blank category: other; blank account: the reserve fund's first asset account; placed 2016,
    // life 15 → remaining 5, age 10 → 6,000 × 10 / 15 = 4,000.00
    expect(list.find((c: any) => c.name === 'Entrance lighting')).toMatchObject({
      category: 'OTHER',
      remainingLifeYears: 5,
      fullyFundedBalance: '4000.00',
      account: { number: '1510' },
    });
  });

  it("takes the budgeted contribution from the accounts' role, never from their names", async () => {
    const UPDATE_ACCOUNT = `mutation ($id: ID!, $input: UpdateAccountInput!) {
      updateAccount(id: $id, input: $input) { forecastRole } }`;
    const budgeted = async () =>
      (await t.ok(PROJECTION)).reserveProjection.assumptions.budgetedContribution;
    // Named like a contribution, no role: ordinary reserve income.
    const refund = await t.account('4530', 'INCOME', {
      fundType: 'RESERVE',
      name: 'Reserve Contribution Refund',
    });
    // The role, whatever the name.
    const board = await t.account('4540', 'INCOME', {
      fundType: 'RESERVE',
      name: 'Transfers in from operating',
      forecastRole: 'RESERVE_CONTRIBUTION',
    });
    await t.ok(`mutation ($input: SaveBudgetInput!) { saveBudget(input: $input) { year } }`, {
      input: {
        year: 2026,
        lines: [
          { accountId: ids.contributions, amounts: Array(12).fill('400.00') },
          { accountId: refund, amounts: Array(12).fill('50.00') },
          { accountId: board, amounts: Array(12).fill('25.00') },
        ],
      },
    });
    // 4,800.00 + 12 × 25.00
    expect(await budgeted()).toBe('5100.00');
    // Clearing the role (null) takes 4510 out; giving it to the refund puts that in.
    await t.ok(UPDATE_ACCOUNT, { id: ids.contributions, input: { forecastRole: null } });
    await t.ok(UPDATE_ACCOUNT, { id: refund, input: { forecastRole: 'RESERVE_CONTRIBUTION' } });
    expect(await budgeted()).toBe('900.00');
    await t.ok(UPDATE_ACCOUNT, {
      id: ids.contributions,
      input: { forecastRole: 'RESERVE_CONTRIBUTION' },
    });
  });
});
