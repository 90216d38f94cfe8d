/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { lateFeePolicy, receivablesChart, receivablesKit } from '../../test/receivables.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { AssessmentFrequency, monthlyEquivalent } from './assessments.types.js';

type Body = { data?: Record<string, any> | null; errors?: { message: string; extensions: any }[] };
const code = (b: Body) => b.errors?.[0]?.extensions?.code;

describe('monthly equivalents', () => {
  it('divide by the months of the period, rounding half up to the cent', () => {
    expect(monthlyEquivalent(25_000, AssessmentFrequency.MONTHLY)).toBe(25_000);
    expect(monthlyEquivalent(60_000, AssessmentFrequency.QUARTERLY)).toBe(20_000);
    expect(monthlyEquivalent(10_000, AssessmentFrequency.QUARTERLY)).toBe(3_333); // 33.333…
    expect(monthlyEquivalent(10_001, AssessmentFrequency.QUARTERLY)).toBe(3_334); // 33.336…
    expect(monthlyEquivalent(120_000, AssessmentFrequency.ANNUAL)).toBe(10_000);
    expect(monthlyEquivalent(100_006, AssessmentFrequency.ANNUAL)).toBe(8_334); // 83.338…: up
    expect(monthlyEquivalent(6, AssessmentFrequency.ANNUAL)).toBe(1); // 0.5 cent: half up
    expect(monthlyEquivalent(5, AssessmentFrequency.ANNUAL)).toBe(0);
  });
});

describe('property types, assessment groups and receivables settings', () => {
  let app: TestApp;
  let t: Tenant;
  let other: Tenant;
  const ids: Record<string, string> = {};

  const gql = async (query: string, variables?: Record<string, unknown>, token?: string) =>
    (await t.gql(query, variables, token)).body as Body;
  const ok = (query: string, variables?: Record<string, unknown>) => t.ok(query, variables);
  const { unit, group } = receivablesKit(() => t, ids);
  const GROUP = `mutation ($input: AssessmentGroupInput!) { createAssessmentGroup(input: $input) {
    id unitCount projectedMonthlyIncome projectedAnnualIncome
    rates { propertyType { name } regular special regularMonthly specialMonthly unitCount projectedMonthly projectedAnnual } } }`;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Maple Ridge HOA');
    other = await createTenant(app, 'Other HOA');
    Object.assign(ids, await receivablesChart(t));
  });
  afterAll(() => app.close());

  it('projects income from units × rates normalized to a month and a year', async () => {
    ids.quarterly = await group('Quarterly dues', 'QUARTERLY', [
      [ids.house, '600.00', '100.00'],
      [ids.condo, '300.00', '0.00'],
    ]);
    ids.monthly = await group('Monthly dues', 'MONTHLY', [[ids.house, '250.00', '25.00']], {
      lateFee: lateFeePolicy(ids),
    });
    ids.a = await unit('A-1', ids.quarterly, ids.house);
    ids.b = await unit('A-2', ids.quarterly, ids.house);
    ids.c = await unit('C-1', ids.quarterly, ids.condo);
    const p = (
      await ok(`{ assessmentProjection { monthly annual unitCount groups { name projectedMonthlyIncome projectedAnnualIncome
        rates { regularMonthly specialMonthly unitCount projectedMonthly projectedAnnual } } } }`)
    ).assessmentProjection;
    const quarterly = p.groups.find((g: any) => g.name === 'Quarterly dues');
    // House: 600/3 = 200.00 and 100/3 = 33.33 (half up); condo: 300/3 = 100.00.
    expect(quarterly.rates).toEqual([
      {
        regularMonthly: '100.00',
        specialMonthly: '0.00',
        unitCount: 1,
        projectedMonthly: '100.00',
        projectedAnnual: '1200.00',
      },
      {
        regularMonthly: '200.00',
        specialMonthly: '33.33',
        unitCount: 2,
        projectedMonthly: '466.66',
        projectedAnnual: '5600.00',
      },
    ]);
    expect(quarterly.projectedMonthlyIncome).toBe('566.66');
    expect(quarterly.projectedAnnualIncome).toBe('6800.00');
    expect(p).toMatchObject({ monthly: '566.66', annual: '6800.00', unitCount: 3 });
  });

  it('lists, renames and deletes property types; refuses a taken name or one in use', async () => {
    const list = (await ok('{ propertyTypes { id name unitCount } }')).propertyTypes;
    expect(list.map((p: any) => [p.name, p.unitCount])).toEqual([
      ['Condo', 1],
      ['Single family', 2],
    ]);
    const taken = await gql(`mutation { createPropertyType(name: " condo ") { id } }`);
    expect(code(taken)).toBe('CONFLICT');
    expect(taken.errors![0].extensions.details).toEqual([
      { field: 'name', message: 'A property type with this name already exists' },
    ]);
    const blank = await gql(`mutation { createPropertyType(name: "  ") { id } }`);
    expect(code(blank)).toBe('BAD_USER_INPUT');
    const loft = await t.propertyType('Loft');
    const renamed = (
      await ok(
        `mutation ($id: ID!) { renamePropertyType(id: $id, name: " Lofts ") { name unitCount } }`,
        {
          id: loft,
        },
      )
    ).renamePropertyType;
    expect(renamed).toEqual({ name: 'Lofts', unitCount: 0 });
    const inUse = await gql(`mutation ($id: ID!) { deletePropertyType(id: $id) }`, {
      id: ids.condo,
    });
    expect(code(inUse)).toBe('CONFLICT');
    expect(inUse.errors![0].message).toBe(
      'Property type Condo is used by 1 unit(s) and 1 group rate(s) and cannot be deleted',
    );
    expect(
      (await ok(`mutation ($id: ID!) { deletePropertyType(id: $id) }`, { id: loft }))
        .deletePropertyType,
    ).toBe(true);
    expect((await ok('{ propertyTypes { name } }')).propertyTypes).toHaveLength(2);
  });

  it('updates a group: rates replaced, one default, names unique; deletes only an empty group', async () => {
    const input = {
      name: 'Annual dues',
      frequency: 'ANNUAL',
      isDefault: true,
      dueDay: 1,
      regularIncomeAccountId: ids.income,
      specialIncomeAccountId: ids.special,
      rates: [{ propertyTypeId: ids.house, regular: '1200.00', special: '0.00' }],
    };
    const annual = (await ok(GROUP, { input })).createAssessmentGroup.id;
    const updated = (
      await ok(
        `mutation ($id: ID!, $input: AssessmentGroupInput!) { updateAssessmentGroup(id: $id, input: $input) {
          name isDefault rates { propertyType { name } regular regularMonthly } } }`,
        {
          id: annual,
          input: {
            ...input,
            name: 'Annual condo dues',
            rates: [{ propertyTypeId: ids.condo, regular: '600.00', special: '0.00' }],
          },
        },
      )
    ).updateAssessmentGroup;
    expect(updated).toEqual({
      name: 'Annual condo dues',
      isDefault: true,
      rates: [{ propertyType: { name: 'Condo' }, regular: '600.00', regularMonthly: '50.00' }],
    });
    // The default comes first, and only one group is the default.
    const groups = (await ok('{ assessmentGroups { name isDefault } }')).assessmentGroups;
    expect(groups[0]).toEqual({ name: 'Annual condo dues', isDefault: true });
    expect(groups.filter((g: any) => g.isDefault)).toHaveLength(1);
    const twice = await gql(GROUP, {
      input: { ...input, name: 'Twice', isDefault: false, rates: [...input.rates, ...input.rates] },
    });
    expect(twice.errors![0].extensions.details).toEqual([
      { field: 'rates.1.propertyTypeId', message: 'Property type listed twice' },
    ]);
    const clash = await gql(GROUP, { input: { ...input, name: 'Quarterly dues' } });
    expect(code(clash)).toBe('CONFLICT');
    const busy = await gql(`mutation ($id: ID!) { deleteAssessmentGroup(id: $id) }`, {
      id: ids.quarterly,
    });
    expect(code(busy)).toBe('CONFLICT');
    expect(
      (await ok(`mutation ($id: ID!) { deleteAssessmentGroup(id: $id) }`, { id: annual }))
        .deleteAssessmentGroup,
    ).toBe(true);
  });

  it('creates the receivable account on first use and keeps it once invoices post to it', async () => {
    const SETTINGS =
      '{ receivablesSettings { receivableAccount { id number name type } depositAccount { id } } }';
    const first = (await ok(SETTINGS)).receivablesSettings;
    expect(first.receivableAccount).toMatchObject({
      number: '1200',
      name: 'Assessments Receivable',
      type: 'ASSET',
    });
    expect(first.depositAccount).toBeNull();
    const UPDATE = `mutation ($input: ReceivablesSettingsInput!) { updateReceivablesSettings(input: $input) {
      receivableAccount { id } depositAccount { id } } }`;
    const set = (
      await ok(UPDATE, {
        input: { receivableAccountId: first.receivableAccount.id, depositAccountId: ids.cash },
      })
    ).updateReceivablesSettings;
    expect(set).toEqual({
      receivableAccount: { id: first.receivableAccount.id },
      depositAccount: { id: ids.cash },
    });
    const wrongType = await gql(UPDATE, {
      input: { receivableAccountId: first.receivableAccount.id, depositAccountId: ids.income },
    });
    expect(code(wrongType)).toBe('BAD_USER_INPUT');
    expect(wrongType.errors![0].extensions.details).toEqual([
      { field: 'depositAccountId', message: 'Choose an asset (cash) account' },
    ]);
    expect(await t.assessmentRun('2026-01')).toBeGreaterThan(0);
    const refused = await gql(UPDATE, { input: { receivableAccountId: ids.cash } });
    expect(code(refused)).toBe('CONFLICT');
    expect(refused.errors![0].extensions.details).toEqual([
      {
        field: 'receivableAccountId',
        message: 'Invoices already use the current receivable account',
      },
    ]);
  });

  it("answers NOT_FOUND for another association's property types and groups", async () => {
    const probes: [string, Record<string, unknown>][] = [
      [`mutation ($id: ID!) { renamePropertyType(id: $id, name: "X") { id } }`, { id: ids.house }],
      [`mutation ($id: ID!) { deletePropertyType(id: $id) }`, { id: ids.house }],
      [`query ($id: ID!) { assessmentGroup(id: $id) { id } }`, { id: ids.monthly }],
      [`mutation ($id: ID!) { deleteAssessmentGroup(id: $id) }`, { id: ids.monthly }],
      [
        `mutation ($id: ID!) { updateAssessmentGroup(id: $id, input: { name: "X", frequency: MONTHLY, isDefault: false, dueDay: 1, regularIncomeAccountId: $id, specialIncomeAccountId: $id, rates: [] }) { id } }`,
        { id: ids.monthly },
      ],
    ];
    for (const [q, v] of probes) {
      const res = await gql(q, v, other.admin);
      expect(code(res), q).toBe('NOT_FOUND');
    }
  });

  it('refuses bad input with per-field details and writes nothing', async () => {
    const res = await gql(GROUP, {
      input: {
        name: ' ',
        frequency: 'MONTHLY',
        isDefault: false,
        dueDay: 31,
        regularIncomeAccountId: ids.income,
        specialIncomeAccountId: ids.income,
        rates: [{ propertyTypeId: ids.house, regular: '-1.00', special: '0.00' }],
      },
    });
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(res.errors![0].extensions.details.map((d: any) => d.field)).toEqual([
      'name',
      'dueDay',
      'rates.0.regular',
    ]);
    const wrongType = await gql(GROUP, {
      input: {
        name: 'X',
        frequency: 'ANNUAL',
        isDefault: false,
        dueDay: 1,
        regularIncomeAccountId: ids.cash,
        specialIncomeAccountId: ids.income,
        rates: [],
      },
    });
    expect(wrongType.errors![0].extensions.details).toEqual([
      { field: 'regularIncomeAccountId', message: 'Choose an income account' },
    ]);
  });

  it('asks for a special income account only when a rate has a special amount', async () => {
    const base = {
      frequency: 'MONTHLY',
      isDefault: false,
      dueDay: 1,
      regularIncomeAccountId: ids.income,
    };
    const GROUP_ACCOUNTS = `mutation ($input: AssessmentGroupInput!) { createAssessmentGroup(input: $input) {
      id specialIncomeAccount { id } regularIncomeAccount { id } } }`;
    // No special amounts: no special account needed (special income would have nowhere else to go
    // but the regular account, and there is none).
    const plain = await gql(GROUP_ACCOUNTS, {
      input: {
        ...base,
        name: 'Plain dues',
        rates: [{ propertyTypeId: ids.house, regular: '200.00', special: '0.00' }],
      },
    });
    expect(plain.errors).toBeUndefined();
    expect(plain.data!.createAssessmentGroup.specialIncomeAccount.id).toBe(ids.income);

    // A special amount without its account: refused under the field, nothing written.
    const special = await gql(GROUP_ACCOUNTS, {
      input: {
        ...base,
        name: 'Special dues',
        specialIncomeAccountId: null,
        rates: [{ propertyTypeId: ids.house, regular: '200.00', special: '50.00' }],
      },
    });
    expect(code(special)).toBe('BAD_USER_INPUT');
    expect(special.errors![0].extensions.details).toEqual([
      {
        field: 'specialIncomeAccountId',
        message: 'Choose the income account of special assessments',
      },
    ]);
    const names = (await ok('{ assessmentGroups { name } }')).assessmentGroups.map(
      (g: { name: string }) => g.name,
    );
    expect(names).toContain('Plain dues');
    expect(names).not.toContain('Special dues');
  });
});
