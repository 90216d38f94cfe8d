/* eslint-disable @typescript-eslint/no-explicit-any -- GraphQL response bodies, read loosely */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.js';
import { createTenant, type Tenant } from '../../test/tenant.js';

const UNIT = `id number address ownerName email phone propertyType { name } assessmentGroup { name }`;
const CREATE = `mutation ($input: UnitInput!) { createUnit(input: $input) { ${UNIT} } }`;
const UPDATE = `mutation ($id: ID!, $input: UnitInput!) { updateUnit(id: $id, input: $input) { ${UNIT} } }`;
const DELETE = `mutation ($id: ID!) { deleteUnit(id: $id) }`;
const LIST = `query ($filter: UnitFilter, $first: Int, $after: String) {
  units(filter: $filter, first: $first, after: $after) {
    totalCount edges { cursor node { number } } pageInfo { hasNextPage endCursor } } }`;

type Res = { body: { errors?: { extensions?: any }[] } };
const code = (res: Res) => res.body.errors?.[0]?.extensions?.code;
const details = (res: Res) => res.body.errors?.[0]?.extensions?.details;

describe('units', () => {
  let app: TestApp;
  let t: Tenant;
  let other: Tenant;
  const ids: Record<string, string> = {};
  const input = (number: string, extra: Record<string, unknown> = {}) => ({
    number,
    propertyTypeId: ids.house,
    assessmentGroupId: ids.dues,
    ...extra,
  });

  async function upload(csv: string) {
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
      headers: { authorization: `Bearer ${t.admin}`, 'apollo-require-preflight': 'true' },
      body: form,
    });
    return ((await res.json()) as any).data.importUnits;
  }

  const numbers = async (filter?: Record<string, unknown>) =>
    (await t.ok(LIST, { filter, first: 200 })).units.edges.map((e: any) => e.node.number);

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app, 'Units HOA');
    other = await createTenant(app, 'Other HOA');
    const income = await t.account('4010', 'INCOME');
    ids.house = await t.propertyType('Single family');
    ids.condo = await t.propertyType('Condo');
    ids.dues = await t.group({
      name: 'Monthly dues',
      isDefault: true,
      regularIncomeAccountId: income,
      rates: [
        { propertyTypeId: ids.house, regular: '250.00' },
        { propertyTypeId: ids.condo, regular: '150.00' },
      ],
    });
  });
  afterAll(() => app.close());

  it('creates, updates and deletes a unit, trimming its fields', async () => {
    const created = (
      await t.ok(CREATE, {
        input: input(' 101 ', {
          address: ' 12 Maple Ridge Dr ',
          ownerName: 'Jordan Lee',
          email: ' Jordan@Example.com ',
          phone: '',
        }),
      })
    ).createUnit;
    expect(created).toMatchObject({
      number: '101',
      address: '12 Maple Ridge Dr',
      ownerName: 'Jordan Lee',
      email: 'jordan@example.com',
      phone: null,
      propertyType: { name: 'Single family' },
      assessmentGroup: { name: 'Monthly dues' },
    });
    const updated = (
      await t.ok(UPDATE, {
        id: created.id,
        input: input('101A', { ownerName: 'Sam Park', propertyTypeId: ids.condo }),
      })
    ).updateUnit;
    expect(updated).toMatchObject({
      id: created.id,
      number: '101A',
      ownerName: 'Sam Park',
      email: null,
      propertyType: { name: 'Condo' },
    });
    expect(
      (await t.ok(`query ($id: ID!) { unit(id: $id) { number } }`, { id: created.id })).unit,
    ).toEqual({ number: '101A' });
    expect((await t.ok(DELETE, { id: created.id })).deleteUnit).toBe(true);
    expect(code(await t.gql(`query ($id: ID!) { unit(id: $id) { id } }`, { id: created.id }))).toBe(
      'NOT_FOUND',
    );
    expect(code(await t.gql(DELETE, { id: created.id }))).toBe('NOT_FOUND');
  });

  it('refuses a duplicate number (case-insensitive) with CONFLICT', async () => {
    const a = await t.unit('D-1', { groupId: ids.dues, propertyTypeId: ids.house });
    const b = await t.unit('D-2', { groupId: ids.dues, propertyTypeId: ids.house });
    const dup = await t.gql(CREATE, { input: input('d-1') });
    expect(code(dup)).toBe('CONFLICT');
    expect(details(dup)).toEqual([
      { field: 'number', message: 'A unit with this number already exists' },
    ]);
    expect(code(await t.gql(UPDATE, { id: b, input: input('D-1') }))).toBe('CONFLICT');
    // Keeping its own number is no conflict.
    expect((await t.ok(UPDATE, { id: a, input: input('D-1') })).updateUnit.number).toBe('D-1');
  });

  it('refuses bad fields with per-field details and writes nothing', async () => {
    const before = await numbers();
    const res = await t.gql(CREATE, {
      input: input('  ', {
        address: 'x'.repeat(301),
        ownerName: 'x'.repeat(201),
        email: 'not-an-email',
        phone: '1'.repeat(41),
      }),
    });
    expect(code(res)).toBe('BAD_USER_INPUT');
    expect(details(res)).toEqual([
      { field: 'number', message: 'Enter the unit number' },
      { field: 'address', message: 'At most 300 characters' },
      { field: 'ownerName', message: 'At most 200 characters' },
      { field: 'email', message: 'Enter a valid email address' },
      { field: 'phone', message: 'At most 40 characters' },
    ]);
    const long = await t.gql(CREATE, { input: input('x'.repeat(41)) });
    expect(details(long)).toEqual([{ field: 'number', message: 'At most 40 characters' }]);
    const badRef = await t.gql(CREATE, { input: input('R-1', { propertyTypeId: ids.dues }) });
    expect(code(badRef)).toBe('NOT_FOUND');
    expect(details(badRef)).toEqual([
      { field: 'propertyTypeId', message: 'Property type not found' },
    ]);
    expect(await numbers()).toEqual(before);
  });

  it('lists units by number, searches, filters and pages; refuses page sizes out of range', async () => {
    for (const n of ['L-3', 'l-1', 'L-2']) {
      await t.unit(n, { groupId: ids.dues, propertyTypeId: ids.condo, ownerName: `Owner ${n}` });
    }
    await t.unit('L-9', {
      groupId: ids.dues,
      propertyTypeId: ids.condo,
      ownerName: 'Pat Quinn',
      email: 'pat@example.com',
    });
    expect(await numbers({ search: 'l-' })).toEqual(['l-1', 'L-2', 'L-3', 'L-9']);
    expect(await numbers({ search: 'quinn' })).toEqual(['L-9']);
    expect(await numbers({ search: 'PAT@' })).toEqual(['L-9']);
    expect(await numbers({ assessmentGroupId: ids.dues, search: 'L-2' })).toEqual(['L-2']);
    expect(await numbers({ withBalance: true })).toEqual([]);

    const one = (await t.ok(LIST, { filter: { search: 'L-' }, first: 3 })).units;
    expect(one.totalCount).toBe(4);
    expect(one.edges.map((e: any) => e.node.number)).toEqual(['l-1', 'L-2', 'L-3']);
    expect(one.pageInfo.hasNextPage).toBe(true);
    const two = (
      await t.ok(LIST, { filter: { search: 'L-' }, first: 3, after: one.pageInfo.endCursor })
    ).units;
    expect(two.edges.map((e: any) => e.node.number)).toEqual(['L-9']);
    expect(two.pageInfo).toEqual({ hasNextPage: false, endCursor: two.edges[0].cursor });
    expect(two.totalCount).toBe(4);

    for (const first of [0, -1, 201]) {
      const res = await t.gql(LIST, { first });
      expect(code(res), String(first)).toBe('BAD_USER_INPUT');
      expect(details(res)).toEqual([{ field: 'first', message: 'Ask for 1 to 200 units' }]);
    }
    const bad = await t.gql(LIST, { first: 2, after: 'nonsense' });
    expect(bad.body.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      details: [{ field: 'after', message: 'Bad cursor' }],
    });
    expect(code(await t.gql(LIST, { filter: { assessmentGroupId: 'nope' } }))).toBe('NOT_FOUND');
  });

  it("answers NOT_FOUND for another tenant's unit ids, and refuses viewers", async () => {
    const id = await t.unit('N-1', { groupId: ids.dues, propertyTypeId: ids.house });
    const probes: [string, Record<string, unknown>][] = [
      [`query ($id: ID!) { unit(id: $id) { id } }`, { id }],
      [`query ($id: ID!) { unitLedger(unitId: $id) { reference } }`, { id }],
      [UPDATE, { id, input: input('N-2') }],
      [DELETE, { id }],
      [`query ($id: ID!) { unit(id: $id) { id } }`, { id: 'not-a-uuid' }],
    ];
    for (const [q, v] of probes) expect(code(await other.gql(q, v)), q).toBe('NOT_FOUND');
    expect((await other.ok('{ units { totalCount } }')).units.totalCount).toBe(0);
    expect(code(await t.gql(CREATE, { input: input('V-1') }, t.viewer))).toBe('FORBIDDEN');
    expect(code(await t.gql(DELETE, { id }, t.viewer))).toBe('FORBIDDEN');
    // Still there.
    expect((await t.ok(`query ($id: ID!) { unit(id: $id) { number } }`, { id })).unit.number).toBe(
      'N-1',
    );
  });

  it('imports units from CSV all or nothing, with every row error at its line', async () => {
    const template = (await t.ok('{ unitImportTemplate }')).unitImportTemplate as string;
    expect(template.split('\r\n')[0]).toBe(
      '\uFEFFunit_number,address,owner_name,email,phone,property_type,assessment_group',
    );
    const before = await numbers();
    const bad = await upload(
      [
        'unit_number,owner_name,email,phone,property_type,assessment_group',
        'C-1,Ann,ann@example.com,,Condo,',
        ',Nobody,,,Condo,',
        `C-3,${'x'.repeat(201)},bad@,,Condo,`,
        'C-1,Again,,,Condo,',
        'C-5,Bea,,,,Nowhere',
        'N-1,Taken,,,condo,monthly DUES',
      ].join('\n'),
    );
    expect(bad).toEqual({
      created: 0,
      errors: [
        { row: 3, field: 'unit_number', message: 'Enter the unit number' },
        { row: 4, field: 'owner_name', message: 'At most 200 characters' },
        { row: 4, field: 'email', message: 'Enter a valid email address' },
        { row: 5, field: 'unit_number', message: 'Unit C-1 is also on line 2' },
        { row: 6, field: 'property_type', message: 'Enter the property type' },
        { row: 6, field: 'assessment_group', message: 'Unknown assessment group "Nowhere"' },
        { row: 7, field: 'unit_number', message: 'Unit N-1 already exists' },
      ],
    });
    expect(await numbers()).toEqual(before);

    expect(await upload('owner_name\nAnn\n')).toEqual({
      created: 0,
      errors: [
        { row: 1, field: 'unit_number', message: 'Missing column unit_number' },
        { row: 1, field: 'property_type', message: 'Missing column property_type' },
      ],
    });
    expect(await upload('unit_number,property_type\n')).toEqual({
      created: 0,
      errors: [{ row: 2, field: null, message: 'The file has no units' }],
    });

    // The default group when none is given; emails stored in lower case.
    const good = await upload(
      'Unit Number;Email;Property Type\nC-1;Ann@Example.com;Condo\nC-2;;single family\n',
    );
    expect(good).toEqual({ created: 2, errors: [] });
    const c = (
      await t.ok(
        '{ units(filter: { search: "C-" }) { edges { node { number email propertyType { name } assessmentGroup { name } } } } }',
      )
    ).units.edges.map((e: any) => e.node);
    expect(c).toEqual([
      {
        number: 'C-1',
        email: 'ann@example.com',
        propertyType: { name: 'Condo' },
        assessmentGroup: { name: 'Monthly dues' },
      },
      {
        number: 'C-2',
        email: null,
        propertyType: { name: 'Single family' },
        assessmentGroup: { name: 'Monthly dues' },
      },
    ]);
    const [imported] = (
      await t.ok('{ units(filter: { search: "C-1" }) { edges { node { id } } } }')
    ).units.edges;
    const audit = await t.ok(
      `query ($id: ID!) { auditLog(entityType: "Unit", entityId: $id) { action changes } }`,
      { id: imported.node.id },
    );
    expect(audit.auditLog).toEqual([{ action: 'import', changes: { number: 'C-1' } }]);
  });
});
