import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Kind, parse, print, validate, type DefinitionNode } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths.js';
import { startTestApp, type TestApp } from '../test/app.js';
import { createTenant, type Tenant } from '../test/tenant.js';
import { buildBaseSchema } from './schema.js';

// Every ```graphql example of docs/api.md runs, as written, against an association with a little
// data: the placeholders ("…", "<id>", "<5010 Landscaping>") become that association's ids, and
// any error fails the test. A new example with a placeholder this file does not know fails too.

const DOC = readFileSync(join(REPO_ROOT, 'docs', 'api.md'), 'utf8');

interface Example {
  line: number;
  name: string;
  source: string;
  // The operation alone (a block may hold several), to send as the reader would.
  operation: (filled: string) => string;
}

function examples(): Example[] {
  const found: Example[] = [];
  const fence = /^```graphql\n([\s\S]*?)^```/gm;
  for (let m = fence.exec(DOC); m; m = fence.exec(DOC)) {
    const source = m[1]!;
    const line = DOC.slice(0, m.index).split('\n').length;
    const definitions = parse(source).definitions;
    definitions.forEach((def, index) => {
      if (def.kind !== Kind.OPERATION_DEFINITION) return;
      found.push({
        line,
        name: def.name?.value ?? '(anonymous)',
        source,
        operation: (filled) => {
          const all = parse(filled).definitions;
          const keep: DefinitionNode[] = [
            all[index]!,
            ...all.filter((d) => d.kind === Kind.FRAGMENT_DEFINITION),
          ];
          return print({ kind: Kind.DOCUMENT, definitions: keep });
        },
      });
    });
  }
  return found;
}

// The shell examples. A `gql 'QUERY' ['VARIABLES']` line (the page's one helper) runs as it is,
// except in the worked examples (the blocks after `<!-- power-user-example: NAME -->`), which need
// the demo books and run in platform/api-tokens/worked-examples.test.ts. A request body written
// out as JSON ('{"query": …}': the sign-in, file uploads) is checked as JSON and against the schema.
interface ShellExample {
  line: number;
  // The gql call's query and variables, or the JSON body as written.
  query?: string;
  variables?: string;
  json?: string;
}

function shellExamples(): ShellExample[] {
  const found: ShellExample[] = [];
  const fence = /^(<!-- power-user-example: [\w-]+ -->\n+)?```sh\n([\s\S]*?)^```/gm;
  for (let m = fence.exec(DOC); m; m = fence.exec(DOC)) {
    const worked = Boolean(m[1]);
    const block = m[2]!;
    // The block starts after its fence line.
    const start = m.index + m[0].indexOf('```sh\n') + '```sh\n'.length;
    const lineOf = (at: number) => DOC.slice(0, start + at).split('\n').length;
    if (!worked) {
      for (const c of block.matchAll(/^gql '([^']*)'(?: '([^']*)')?/gm)) {
        found.push({ line: lineOf(c.index), query: c[1]!, variables: c[2] });
      }
    }
    for (const b of block.matchAll(/'(\{"query"[^']*)'/g)) {
      found.push({ line: lineOf(b.index), json: b[1]! });
    }
  }
  return found;
}

describe('docs/api.md examples', () => {
  let app: TestApp;
  let t: Tenant;
  const ids: Record<string, string> = {};
  // An owner of unit 101: the examples named Owner… are an owner's requests (the owner portal).
  let owner: string;

  beforeAll(async () => {
    app = await startTestApp();
    t = await createTenant(app);
    ids.checking = await t.account('1010', 'ASSET', { name: 'Operating Checking' });
    ids.reserveCash = await t.account('1110', 'ASSET', {
      name: 'Reserve Savings',
      fundType: 'RESERVE',
    });
    ids.equity = await t.account('3010', 'EQUITY', { name: 'Fund Balance' });
    ids.income = await t.account('4010', 'INCOME', { name: 'Assessments' });
    ids.landscaping = await t.account('5010', 'EXPENSE', { name: 'Landscaping' });
    ids.vendor = await t.vendor('Green Lawns', { is1099: true });
    const propertyType = await t.propertyType('Townhome');
    const groupId = await t.group({
      name: 'Monthly',
      rates: [{ propertyTypeId: propertyType, regular: '550.00' }],
      regularIncomeAccountId: ids.income,
    });
    ids.unit = await t.unit('101', { groupId, propertyTypeId: propertyType });
    await t.post('2026-01-02', [
      [ids.checking, '10000.00', null],
      [ids.reserveCash, '5000.00', null],
      [ids.equity, null, '15000.00'],
    ]);
    await t.post(
      '2026-02-15',
      [
        [ids.landscaping, '1250.00', null],
        [ids.checking, null, '1250.00'],
      ],
      { memo: 'February landscaping', vendorId: ids.vendor },
    );
    await t.assessmentRun('2026-02');
    await t.assessmentRun('2026-03');
    owner = (await t.owner([ids.unit])).token;
  });
  afterAll(async () => {
    await app?.close();
  });

  // The id a placeholder stands for, by the argument it is given to.
  function fill(source: string): string {
    const byArgument: Record<string, string> = {
      accountId: ids.landscaping!,
      entityId: ids.landscaping!,
      unitId: ids.unit!,
      vendorId: ids.vendor!,
    };
    const byName: Record<string, string> = {
      '<5010 Landscaping>': ids.landscaping!,
      '<1010 Operating Checking>': ids.checking!,
    };
    return source.replace(/(\w+): "(…|<[^>"]*>)"/g, (whole, argument: string, placeholder) => {
      const id = byName[placeholder] ?? byArgument[argument];
      if (!id) throw new Error(`docs/api.md: no value for the placeholder ${whole}`);
      return `${argument}: "${id}"`;
    });
  }

  const all = examples();

  const shell = shellExamples();

  it('finds the examples', () => {
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(shell.filter((e) => e.query !== undefined).length).toBeGreaterThanOrEqual(2);
    expect(shell.filter((e) => e.json !== undefined).length).toBeGreaterThanOrEqual(4);
  });

  it.each(shell.map((e) => [`the shell example at line ${e.line}`, e] as const))(
    '%s is a valid request',
    async (_, e) => {
      // What curl sends: it must be JSON (a line break inside a string is not).
      const request =
        e.json !== undefined
          ? (JSON.parse(e.json) as { query: string; variables?: Record<string, unknown> })
          : {
              query: e.query!,
              variables: JSON.parse(e.variables ?? '{}') as Record<string, unknown>,
            };
      expect(validate(await buildBaseSchema(), parse(request.query))).toEqual([]);
      // The gql helper's calls run as written; the JSON bodies sign in or upload a file.
      if (e.query !== undefined) {
        const res = await t.gql(request.query, request.variables);
        expect(res.body.errors).toBeUndefined();
      }
    },
  );

  // In the order the page gives them: the mutations build on each other as a reader's would.
  it.each(all.map((e) => [`${e.name} (line ${e.line})`, e] as const))('%s runs', async (_, e) => {
    const res = await t.gql(
      e.operation(fill(e.source)),
      {},
      e.name.startsWith('Owner') ? owner : undefined,
    );
    expect(res.body.errors, e.name).toBeUndefined();
  });
});
