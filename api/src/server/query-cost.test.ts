import { isObjectType, Kind, parse, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageLimitOf } from '../core/graphql/connection.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { createTenant, type Tenant } from '../test/tenant.js';
import { MAX_QUERY_COST, queryCost } from './query-cost.js';
import { buildBaseSchema } from './schema.js';

// Every field of a journal line: the 1,000-row page of the issue.
const WIDE = `entryId entryNumber date accountId accountNumber accountName accountType fundType debit
  credit memo id`;

async function cost(query: string, variables?: Record<string, unknown>) {
  const document = parse(query);
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )!;
  return queryCost(await buildBaseSchema(), document, operation, variables);
}

describe('query cost', () => {
  it('counts `first` the same written, passed as a variable or left to its default', async () => {
    const literal = await cost(`{ journalLines(first: 1000) { edges { node { ${WIDE} } } } }`);
    // 1 for journalLines, then per row: edges, node and its 12 fields.
    expect(literal).toBe(1 + 1000 * 14);
    const variable = await cost(
      `query ($n: Int!) { journalLines(first: $n) { edges { node { ${WIDE} } } } }`,
      { n: 1000 },
    );
    expect(variable).toBe(literal);
    const defaulted = await cost(
      `query ($n: Int! = 1000) { journalLines(first: $n) { edges { node { ${WIDE} } } } }`,
    );
    expect(defaulted).toBe(literal);
    // The argument's own default (journal lines: 100) counts when `first` is left out.
    expect(await cost(`{ journalLines { edges { node { ${WIDE} } } } }`)).toBe(1 + 100 * 14);
    // A connection's own fields are there once, not once per row.
    expect(
      await cost(
        '{ journalLines(first: 1000) { totalCount pageInfo { hasNextPage endCursor } edges { cursor } } }',
      ),
    ).toBe(1 + 1 + 3 + 1000 * 2);
    // Fragments cost what their fields cost where they are spread.
    expect(
      await cost(
        `query ($n: Int!) { journalLines(first: $n) { ...L } }
         fragment L on JournalLineConnection { edges { node { ...N } } }
         fragment N on JournalLineRecord { ${WIDE} }`,
        { n: 1000 },
      ),
    ).toBe(literal);
  });
});

describe('query cost limit over HTTP', () => {
  let app: TestApp;
  let t: Tenant;
  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  // Four full pages of every field: over the limit however `first` is given.
  const pages = (first: string) =>
    ['a', 'b', 'c', 'd']
      .map((alias) => `${alias}: journalLines(first: ${first}) { edges { node { ${WIDE} } } }`)
      .join('\n');

  it('refuses a query over the limit whether `first` is a literal or a variable', async () => {
    const literal = await t.gql(`{ ${pages('1000')} }`);
    const variable = await t.gql(`query ($n: Int!) { ${pages('$n')} }`, { n: 1000 });
    // The same query text again, each cost now remembered: the same answer.
    const again = [
      await t.gql(`{ ${pages('1000')} }`),
      await t.gql(`query ($n: Int!) { ${pages('$n')} }`, { n: 1000 }),
    ];
    for (const res of [literal, variable, ...again]) {
      expect(res.status).toBe(400);
      expect(res.body.data ?? null).toBeNull();
      expect(res.body.errors![0].message).toBe(
        `This query costs 56004, above the limit of ${MAX_QUERY_COST}: ask for fewer rows with "first", or select fewer fields. Each field counts once per row asked for.`,
      );
      expect(res.body.errors![0].extensions).toEqual({
        code: 'BAD_USER_INPUT',
        reason: 'QUERY_LIMIT',
        limit: { name: 'cost', max: MAX_QUERY_COST, found: 56004 },
      });
    }
    // Fewer rows, either way: accepted alike.
    expect((await t.gql(`{ ${pages('500')} }`)).body.errors).toBeUndefined();
    expect(
      (await t.gql(`query ($n: Int!) { ${pages('$n')} }`, { n: 500 })).body.errors,
    ).toBeUndefined();
    // A remembered cost is per variables: the text that just passed with 500 is refused with 1000.
    const over = await t.gql(`query ($n: Int!) { ${pages('$n')} }`, { n: 1000 });
    expect(over.body.errors![0].extensions!.limit).toEqual({
      name: 'cost',
      max: MAX_QUERY_COST,
      found: 56004,
    });
  });

  it('runs a full page of journal lines with every field', async () => {
    const res = await t.gql(
      `query ($n: Int!) { journalLines(first: $n) { edges { node { ${WIDE} } }
         pageInfo { hasNextPage endCursor } } }`,
      { n: 1000 },
    );
    expect(res.body.errors).toBeUndefined();
  });

  it('refuses a wide query of many pages, and one deeper than the depth limit', async () => {
    const aliases = Array.from(
      { length: 15 },
      (_, i) => `p${i}: journalLines(first: 1000) { edges { node { id date debit credit } } }`,
    ).join(' ');
    const wide = await t.gql(`{ ${aliases} }`);
    expect(wide.status).toBe(400);
    expect(wide.body.errors![0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'QUERY_LIMIT',
      limit: { name: 'cost', max: MAX_QUERY_COST, found: 15 * (1 + 1000 * 6) },
    });
    const deep = await t.gql(
      `{ __type(name: "Query") { fields { type ${'{ ofType '.repeat(16)}{ name }${' }'.repeat(16)} } } }`,
    );
    expect(deep.status).toBe(400);
    expect(deep.body.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'QUERY_LIMIT',
      limit: { name: 'depth', max: 15 },
    });
  });

  it('leaves bad variables to their own error', async () => {
    const res = await t.gql(`query ($n: Int!) { journalLines(first: $n) { totalCount } }`, {
      n: 'many',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(res.body.errors![0].extensions!.reason).not.toBe('QUERY_LIMIT');
  });
});

// `first` out of a paged field's range is refused before anything runs, naming the argument,
// whether written in the query or passed as a variable; never clamped.
describe('page sizes', () => {
  let app: TestApp;
  let t: Tenant;
  let account: string;
  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app);
    account = await t.account('1000', 'ASSET');
  });
  afterAll(async () => {
    await app?.close();
  });

  it('declares a page limit on every field that takes `first`', async () => {
    const schema = await buildBaseSchema();
    const paged: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        if (!field.args.some((a) => a.name === 'first' || a.name === 'last')) continue;
        paged.push(field.name);
        expect(pageLimitOf(field), `${type.name}.${field.name}`).toMatchObject({
          max: expect.any(Number),
        });
      }
    }
    expect(paged).toEqual(
      expect.arrayContaining(['accountLedger', 'journalLines', 'unitLedger', 'units']),
    );
  });

  const LEDGER = `query ($id: ID!, $n: Int!) { accountLedger(accountId: $id, first: $n) { rows { date } } }`;

  it.each([
    ['-1', -1],
    ['0', 0],
    ['above the maximum', 5001],
    ['2147483647', 2147483647],
  ])('refuses accountLedger(first: %s), as a variable and written in the query', async (_, n) => {
    const asVariable = await t.gql(LEDGER, { id: account, n });
    const written = await t.gql(
      `query ($id: ID!) { accountLedger(accountId: $id, first: ${n}) { rows { date } } }`,
      { id: account },
    );
    for (const res of [asVariable, written]) {
      expect(res.status).toBe(400);
      expect(res.body.data ?? null).toBeNull();
      expect(res.body.errors).toHaveLength(1);
      expect(res.body.errors![0]).toMatchObject({
        message: 'Ask for 1 to 5000 rows (first)',
        extensions: {
          code: 'BAD_USER_INPUT',
          details: [{ field: 'first', message: 'Ask for 1 to 5000 rows' }],
        },
      });
    }
  });

  it('applies each field its own limit: units stop at 200, the unit ledger at 1000', async () => {
    const units = await t.gql(`query ($n: Int!) { units(first: $n) { totalCount } }`, { n: 201 });
    expect(units.status).toBe(400);
    expect(units.body.errors![0].extensions!.details).toEqual([
      { field: 'first', message: 'Ask for 1 to 200 units' },
    ]);
    const ledger = await t.gql(
      `query ($n: Int!) { unitLedger(unitId: "00000000-0000-4000-8000-000000000001", first: $n) { date } }`,
      { n: 1001 },
    );
    expect(ledger.status).toBe(400);
    expect(ledger.body.errors![0].extensions!.details).toEqual([
      { field: 'first', message: 'Ask for 1 to 1000 rows' },
    ]);
    // The largest page of each is accepted.
    expect(
      (await t.gql(`query ($n: Int!) { units(first: $n) { totalCount } }`, { n: 200 })).body.errors,
    ).toBeUndefined();
    expect((await t.gql(LEDGER, { id: account, n: 5000 })).body.errors).toBeUndefined();
  });

  it('counts 15 ledgers of 5,000 rows passed as a variable as 75,000 rows: refused', async () => {
    const aliases = Array.from(
      { length: 15 },
      (_, i) => `l${i}: accountLedger(accountId: $id, first: $n) { rows { date debit credit } }`,
    ).join(' ');
    const res = await t.gql(`query ($id: ID!, $n: Int!) { ${aliases} }`, { id: account, n: 5000 });
    expect(res.status).toBe(400);
    expect(res.body.data ?? null).toBeNull();
    // Per ledger: 1, then per row asked for the row and its three fields.
    expect(res.body.errors![0].extensions).toEqual({
      code: 'BAD_USER_INPUT',
      reason: 'QUERY_LIMIT',
      limit: { name: 'cost', max: MAX_QUERY_COST, found: 15 * (1 + 5000 * 4) },
    });
  });
});
