/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

type Body = { data?: Record<string, any> | null; errors?: { message: string; extensions: any }[] };
const code = (b: Body) => b.errors?.[0]?.extensions?.code;

// Units with receivables: balances, deletion, the other association's ids, and the CSV import.
describe('units with receivables', () => {
  let app: TestApp;
  let t: Tenant;
  let other: Tenant;
  let token: string;
  const ids: Record<string, string> = {};

  const gql = async (query: string, variables?: Record<string, unknown>, tok?: string) =>
    (await t.gql(query, variables, tok)).body as Body;
  const ok = (query: string, variables?: Record<string, unknown>) => t.ok(query, variables);
  const unit = (number: string, groupId = ids.monthly, propertyTypeId = ids.house) =>
    t.unit(number, { groupId, propertyTypeId });
  const group = (name: string, frequency: string, rates: [string, string, string][]) =>
    t.group({
      name,
      frequency,
      dueDay: 10,
      regularIncomeAccountId: ids.income,
      specialIncomeAccountId: ids.special,
      rates: rates.map(([propertyTypeId, regular, special]) => ({
        propertyTypeId,
        regular,
        special,
      })),
    });

  // Quarterly and monthly dues; M-1 and M-2 (monthly) billed January and February, A-1
  // (quarterly) for the first quarter; M-2 paid January.
  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Maple Ridge HOA');
    token = t.admin;
    other = await createTenant(app, 'Other HOA');
    ids.cash = await t.account('1010', 'ASSET');
    ids.income = await t.account('4010', 'INCOME');
    ids.special = await t.account('4020', 'INCOME');
    ids.house = await t.propertyType('Single family');
    ids.condo = await t.propertyType('Condo');
    ids.quarterly = await group('Quarterly dues', 'QUARTERLY', [
      [ids.house, '600.00', '100.00'],
      [ids.condo, '300.00', '0.00'],
    ]);
    ids.monthly = await group('Monthly dues', 'MONTHLY', [[ids.house, '250.00', '25.00']]);
    ids.a = await unit('A-1', ids.quarterly, ids.house);
    ids.m1 = await unit('M-1');
    ids.m2 = await unit('M-2');
    await t.assessmentRun('2026-01');
    await t.assessmentRun('2026-02');
    await t.payment(ids.m2, '2026-01-05', '275.00', { depositAccountId: ids.cash });
  });
  afterAll(() => app.close());

  it('counts every match of the list across pages, and refuses page sizes out of range', async () => {
    const count = async (query: string, variables: Record<string, unknown> = {}) => {
      const d = await ok(query, variables);
      return Object.values(d)[0] as { totalCount: number; edges: unknown[]; pageInfo: any };
    };
    const units = await count('{ units(first: 1) { totalCount edges { cursor } } }');
    const unitsWithBalance = await count(
      '{ units(first: 1, filter: { withBalance: true }) { totalCount } }',
    );
    expect(units.totalCount).toBe(
      (await ok('{ units(first: 100) { edges { node { id } } } }')).units.edges.length,
    );
    expect(unitsWithBalance.totalCount).toBe(
      (await ok('{ units(first: 100) { edges { node { balanceDue } } } }')).units.edges.filter(
        (e: any) => e.node.balanceDue !== '0.00',
      ).length,
    );
    expect(unitsWithBalance.totalCount).toBeGreaterThan(0);
    const res = await gql('{ units(first: -1) { totalCount } }');
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(res.errors![0].extensions.details[0].field).toBe('first');
  });

  it('refuses to delete a unit with invoices, and deletes one without', async () => {
    const res = await gql(`mutation ($id: ID!) { deleteUnit(id: $id) }`, { id: ids.m1 });
    expect(code(res)).toBe('CONFLICT');
    expect(res.errors![0].message).toMatch(/Unit M-1 has \d+ invoices and cannot be deleted/);
    const empty = await unit('Z-1');
    expect(
      (await ok(`mutation ($id: ID!) { deleteUnit(id: $id) }`, { id: empty })).deleteUnit,
    ).toBe(true);
  });

  it("answers NOT_FOUND for another association's units", async () => {
    const probes: [string, Record<string, unknown>][] = [
      [`query ($id: ID!) { unit(id: $id) { id } }`, { id: ids.m1 }],
      [`query ($id: ID!) { unitLedger(unitId: $id) { reference } }`, { id: ids.m1 }],
      [`mutation ($id: ID!) { deleteUnit(id: $id) }`, { id: ids.m1 }],
      [
        `mutation ($id: ID!) { updateUnit(id: $id, input: { number: "Q", propertyTypeId: $id, assessmentGroupId: $id }) { id } }`,
        { id: ids.m1 },
      ],
    ];
    for (const [q, v] of probes) {
      const res = await gql(q, v, other.admin);
      expect(code(res), q).toBe('NOT_FOUND');
    }
  });

  it('imports units from CSV all or nothing, reporting bad rows with their line numbers', async () => {
    const upload = async (csv: string) => {
      const form = new FormData();
      form.append(
        'operations',
        JSON.stringify({
          query:
            'mutation ($file: Upload!) { importUnits(file: $file) { created errors { row field message } } }',
          variables: { file: null },
        }),
      );
      form.append('map', JSON.stringify({ 0: ['variables.file'] }));
      form.append('0', new Blob([csv]), 'units.csv');
      const res = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'apollo-require-preflight': 'true' },
        body: form,
      });
      return ((await res.json()) as Body).data!.importUnits;
    };
    const count = async () =>
      (await ok('{ units(first: 200) { edges { node { id } } } }')).units.edges.length;
    const before = await count();
    const template = (await ok('{ unitImportTemplate }')).unitImportTemplate as string;
    expect(template.split('\r\n')[0]).toBe(
      '\uFEFFunit_number,address,owner_name,email,phone,property_type,assessment_group',
    );
    const bad = await upload(
      [
        'Unit Number;Owner Name;Email;Property Type;Assessment Group',
        'B-1;"Lee, Jordan";jordan@example.com;Condo;Monthly dues',
        'B-2;Sam;not-an-email;Condo;Monthly dues',
        'B-1;Dup;;Condo;Monthly dues',
        'M-1;Taken;;Condo;Monthly dues',
        'B-5;Ann;;Castle;Nowhere',
      ].join('\r\n'),
    );
    expect(bad.created).toBe(0);
    expect(bad.errors).toEqual([
      { row: 3, field: 'email', message: 'Enter a valid email address' },
      { row: 4, field: 'unit_number', message: 'Unit B-1 is also on line 2' },
      { row: 5, field: 'unit_number', message: 'Unit M-1 already exists' },
      { row: 6, field: 'property_type', message: 'Unknown property type "Castle"' },
      { row: 6, field: 'assessment_group', message: 'Unknown assessment group "Nowhere"' },
    ]);
    expect(await count()).toBe(before);
    const good = await upload(
      '\ufeffunit_number,owner_name,email,property_type,assessment_group\nB-1,"Lee, Jordan",jordan@example.com,Condo,Monthly dues\nB-2,Sam,,condo,quarterly dues\n',
    );
    expect(good).toEqual({ created: 2, errors: [] });
    expect(await count()).toBe(before + 2);
    const b1 = (
      await ok(
        '{ units(filter: { search: "Lee, J" }) { edges { node { number ownerName propertyType { name } assessmentGroup { name } } } } }',
      )
    ).units.edges;
    expect(b1).toEqual([
      {
        node: {
          number: 'B-1',
          ownerName: 'Lee, Jordan',
          propertyType: { name: 'Condo' },
          assessmentGroup: { name: 'Monthly dues' },
        },
      },
    ]);
  });
});
