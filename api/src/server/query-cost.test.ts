import { Kind, parse, type OperationDefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    for (const res of [literal, variable]) {
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
