import type { EntityManager } from '@mikro-orm/postgresql';
import {
  getNamedType,
  type GraphQLField,
  type GraphQLInputType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Context } from '../../core/context.js';
import { decide } from '../../core/permissions/decide.js';
import { permissionTable } from '../../core/permissions/permissions.js';
import { Role } from '../../core/roles.js';
import { findTenant } from '../../core/tenancy/tenant-door.js';
import { buildBaseSchema } from '../../server/schema.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { type Ids, receivablesChart, receivablesKit } from '../../test/receivables.js';
import { createTenant, type Tenant } from '../../test/tenant.js';
import { gqlUpload } from '../../test/upload.js';

// The owner portal's isolation, walked from the permission table so that a field added later is
// walked too:
// 1. Every root field an owner may reach (its rule lets an OWNER of the association through, and
//    it is about the association: a caller of no association is refused it) has an entry in
//    OWNER_SWEEP below, and each entry, called as owner A with owner B's ids, with the ids of
//    another association and with ids that name nothing, answers NOT_FOUND and no data. A field an
//    owner reaches without an entry fails the test with its name.
// 2. Every other root field of the association (the staff's) answers an owner FORBIDDEN.
//
// Which fields an owner reaches is decided by the rules themselves (core/permissions/decide.ts):
// each field's rule is run for an owner of the association and for a signed-in caller of none,
// so an owner's field is found whatever rule lets owners in (isUnitOwner, or(…), and(…)…).

// The ids an entry is called with: owner B's (or the other association's, or ids of nothing).
export interface SweepIds {
  unit: string;
  invoice: string;
  payment: string;
  // Later parts add their own records' ids here (an online payment, an AutoPay enrollment…) and
  // create them for owner B and the other association in `fixtures` below.
  [more: string]: string;
}

interface SweepEntry {
  // The operation, taking the ids as variables.
  query: string;
  variables: (ids: SweepIds) => Record<string, unknown>;
  // Called with the caller's own ids it must get past NOT_FOUND (so the entry names the right
  // argument). False for a write whose own call finds nothing to act on (cancelling an AutoPay
  // that was never set up).
  ownFound?: boolean;
}

// ============================================================================================
// OWNER_SWEEP: one entry per root field an owner reaches. Adding an owner field? Add its line.
// Keys are `Query.<field>` / `Mutation.<field>`.
// ============================================================================================
const OWNER_SWEEP: Record<string, SweepEntry> = {
  // ---- Part A: the owner portal ----
  'Query.ownerUnitLedger': {
    query: 'query ($u: ID!) { ownerUnitLedger(unitId: $u) { date balance } }',
    variables: (x) => ({ u: x.unit }),
  },
  'Query.ownerInvoices': {
    query: 'query ($u: ID!) { ownerInvoices(unitId: $u) { id balance } }',
    variables: (x) => ({ u: x.unit }),
  },
  'Query.ownerInvoice': {
    query: 'query ($i: ID!) { ownerInvoice(id: $i) { id balance } }',
    variables: (x) => ({ i: x.invoice }),
  },
  'Query.ownerPayments': {
    query: 'query ($u: ID!) { ownerPayments(unitId: $u) { id amount } }',
    variables: (x) => ({ u: x.unit }),
  },
  'Query.ownerPayment': {
    query: 'query ($p: ID!) { ownerPayment(id: $p) { id amount } }',
    variables: (x) => ({ p: x.payment }),
  },
  // ---- Part B: owners' statements ----
  'Query.ownerStatements': {
    query: 'query ($u: ID!) { ownerStatements(unitId: $u) { month closingBalance } }',
    variables: (x) => ({ u: x.unit }),
  },
  'Query.ownerStatement': {
    query:
      'query ($u: ID!) { ownerStatement(unitId: $u, month: "2026-03") { unitId closingBalance } }',
    variables: (x) => ({ u: x.unit }),
  },
  // ---- Part C: online payments and AutoPay ----
  'Query.ownerPaymentQuote': {
    query:
      'query ($u: ID!) { ownerPaymentQuote(unitId: $u, amount: "10.00", method: CARD) { total } }',
    variables: (x) => ({ u: x.unit }),
    ownFound: false,
  },
  'Mutation.startOwnerPayment': {
    query:
      'mutation ($u: ID!) { startOwnerPayment(unitId: $u, amount: "10.00", method: CARD) { url } }',
    variables: (x) => ({ u: x.unit }),
    ownFound: false,
  },
  'Query.ownerOnlinePayments': {
    query: 'query ($u: ID!) { ownerOnlinePayments(unitId: $u) { id status } }',
    variables: (x) => ({ u: x.unit }),
  },
  'Query.ownerAutopay': {
    query: 'query ($u: ID!) { ownerAutopay(unitId: $u) { id status } }',
    variables: (x) => ({ u: x.unit }),
  },
  'Mutation.startAutopaySetup': {
    query:
      'mutation ($u: ID!) { startAutopaySetup(unitId: $u, maxAmount: "500.00", method: CARD) { url } }',
    variables: (x) => ({ u: x.unit }),
    ownFound: false,
  },
  'Mutation.updateAutopay': {
    query: 'mutation ($u: ID!) { updateAutopay(unitId: $u, maxAmount: "500.00") { id } }',
    variables: (x) => ({ u: x.unit }),
    ownFound: false,
  },
  'Mutation.cancelAutopay': {
    query: 'mutation ($u: ID!) { cancelAutopay(unitId: $u) }',
    variables: (x) => ({ u: x.unit }),
    ownFound: false,
  },
};

// Owner fields that take no id: what each answers is checked in its own test.
const OWNER_FIELDS_WITHOUT_IDS: Record<string, string> = {
  'Query.ownerPortal': "the caller's own units (checked below: owner A sees A's units only)",
  'Query.publishedDocuments': "the association's published documents, the same for every owner",
};
// ============================================================================================

const SCALARS: Record<string, unknown> = {
  ID: '00000000-0000-4000-8000-000000000000',
  String: 'x',
  Int: 1,
  Float: 1,
  Boolean: true,
  Money: '1.00',
  LocalDate: '2026-01-01',
  DateTimeISO: '2026-01-01T00:00:00.000Z',
  JSONObject: {},
};

// A value for a required argument: the first enum value, required input fields only, one item of
// a list.
function sample(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return [sample(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) {
      if (isNonNullType(f.type) && f.defaultValue === undefined) out[f.name] = sample(f.type);
    }
    return out;
  }
  if (isScalarType(type)) {
    if (!(type.name in SCALARS)) throw new Error(`No sample for scalar ${type.name}`);
    return SCALARS[type.name];
  }
  throw new Error(`No sample for ${String(type)}`);
}

// The field called with its required arguments (an Upload is sent as a file).
function operationFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>) {
  const required = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
  const vars = required.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const args = required.map((a) => `${a.name}: $${a.name}`).join(', ');
  const named = getNamedType(field.type);
  const selection = isScalarType(named) || isEnumType(named) ? '' : ' { __typename }';
  const upload = required.find((a) => getNamedType(a.type).name === 'Upload')?.name;
  const variables = Object.fromEntries(
    required.filter((a) => a.name !== upload).map((a) => [a.name, sample(a.type)]),
  );
  return {
    query: `${kind}${vars ? ` (${vars})` : ''} { ${field.name}${args ? `(${args})` : ''}${selection} }`,
    variables,
    upload,
  };
}

const codesOf = (res: { body: { errors?: { extensions?: Record<string, unknown> }[] } }) =>
  res.body.errors?.map((e) => e.extensions?.code) ?? [];

describe('owner isolation, swept from the permission table', () => {
  let app: TestApp;
  let t: Tenant;
  let foreign: Tenant;
  let a: { token: string; userId: string };
  let b: { token: string; userId: string };
  const own = {} as SweepIds;
  const ofB = {} as SweepIds;
  const ofForeign = {} as SweepIds;
  // Ids that name nothing: not an id at all, and a well-formed id of no record.
  const nothing = (s: string) => ({ unit: s, invoice: s, payment: s }) as SweepIds;

  // Each tenant's books: a unit billed and paid; answers its unit, invoice and payment ids.
  async function books(tenant: Tenant, number: string, ids: Ids) {
    const kit = receivablesKit(() => tenant, ids);
    const unit = await kit.unit(number);
    const invoice = await tenant.invoice(unit, '2026-03-01', [[ids.income, '120.00', 'Dues']]);
    const payment = await tenant.payment(unit, '2026-03-05', '50.00', {
      depositAccountId: ids.cash,
    });
    return { unit, invoice, payment };
  }

  beforeAll(async () => {
    app = await startTestApp();
    [t, foreign] = await Promise.all([
      createTenant(app, 'Sweep HOA'),
      createTenant(app, 'Foreign HOA'),
    ]);
    const ids: Ids = await receivablesChart(t);
    ids.monthly = await receivablesKit(() => t, ids).group('Dues', 'MONTHLY', [
      [ids.house, '100.00', '0.00'],
    ]);
    const fids: Ids = await receivablesChart(foreign);
    fids.monthly = await receivablesKit(() => foreign, fids).group('Dues', 'MONTHLY', [
      [fids.house, '100.00', '0.00'],
    ]);
    Object.assign(own, await books(t, 'A-1', ids));
    Object.assign(ofB, await books(t, 'B-1', ids));
    Object.assign(ofForeign, await books(foreign, 'A-1', fids));
    a = await t.owner([own.unit]);
    b = await t.owner([ofB.unit]);
    // The foreign association's owner of its unit (so its ids are an owner's ids there too).
    await foreign.owner([ofForeign.unit]);
    // ---- fixtures for later parts: create owner B's and the foreign records here ----
  });
  afterAll(() => app?.close());

  // Every root field of the table, and whether an owner of the association passes its rule while
  // a signed-in caller of no association does not.
  async function reach() {
    const entry = (await findTenant(app.services, t.org.id))!;
    const platformEm = app.services.platformOrm.em.fork() as EntityManager;
    const ctxOf = (over: Partial<Context>) =>
      ({ services: app.services, platformEm, meta: {}, ...over }) as unknown as Context;
    const out: { key: string; root: 'Query' | 'Mutation'; name: string; owner: boolean }[] = [];
    for (const root of ['Query', 'Mutation'] as const) {
      for (const [name, rule] of Object.entries(permissionTable[root])) {
        const owner = ctxOf({
          auth: { userId: a.userId, orgId: t.org.id },
          org: entry,
          role: Role.OWNER,
        });
        const nobody = ctxOf({ auth: { userId: a.userId, orgId: null }, org: null, role: null });
        const asOwner = (await decide(rule, owner)) === true;
        const withoutOrg = (await decide(rule, nobody)) === true;
        out.push({ key: `${root}.${name}`, root, name, owner: asOwner && !withoutOrg });
      }
    }
    return out;
  }

  it('has an entry for every field an owner reaches, and none for a field an owner does not', async () => {
    const fields = await reach();
    const reached = fields.filter((f) => f.owner).map((f) => f.key);
    // The walk finds the portal's own fields (a sanity check of the walk itself).
    expect(reached).toEqual(expect.arrayContaining(['Query.ownerPortal', 'Query.ownerInvoice']));
    const covered = new Set([
      ...Object.keys(OWNER_SWEEP),
      ...Object.keys(OWNER_FIELDS_WITHOUT_IDS),
    ]);
    expect(
      reached.filter((k) => !covered.has(k)),
      'fields an owner reaches without an entry in OWNER_SWEEP (owner-sweep.test.ts)',
    ).toEqual([]);
    // An entry for a field owners do not reach (a typo, or its rule changed) says so. Entries for
    // fields not built yet wait for them.
    const known = new Set(fields.map((f) => f.key));
    const stale = [...covered].filter((k) => known.has(k) && !reached.includes(k));
    expect(stale, 'entries for fields an owner does not reach').toEqual([]);
  });

  it("answers owner A NOT_FOUND and no data for owner B's ids, another association's and ids of nothing", async () => {
    const known = new Set((await reach()).map((f) => f.key));
    const answers: Record<string, unknown> = {};
    const expected: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(OWNER_SWEEP)) {
      if (!known.has(key)) continue;
      for (const [whose, ids] of [
        ["owner B's", ofB],
        ["another association's", ofForeign],
        ['an id of no record', nothing('00000000-0000-4000-8000-000000000000')],
        ['not an id', nothing('not-an-id')],
      ] as const) {
        const res = await t.gql(entry.query, entry.variables(ids), a.token);
        const name = key.split('.')[1];
        const refused = codesOf(res).join() === 'NOT_FOUND' && !res.body.data?.[name];
        answers[`${key} with ${whose} ids`] = refused ? 'NOT_FOUND' : res.body;
        expected[`${key} with ${whose} ids`] = 'NOT_FOUND';
      }
      // The caller's own ids get through (the entry names the argument that matters).
      if (entry.ownFound !== false) {
        const res = await t.gql(entry.query, entry.variables(own), a.token);
        answers[`${key} with the caller's ids`] = res.body.errors ?? 'answered';
        expected[`${key} with the caller's ids`] = 'answered';
      }
    }
    expect(answers).toEqual(expected);
    expect(Object.keys(answers).length).toBeGreaterThanOrEqual(5 * 5);
  });

  it("shows owner A only A's units, and B only B's", async () => {
    const portal = async (token: string) =>
      (await t.ok('{ ownerPortal { units { id } } }', {}, token)).ownerPortal.units;
    expect(await portal(a.token)).toEqual([{ id: own.unit }]);
    expect(await portal(b.token)).toEqual([{ id: ofB.unit }]);
  });

  it('answers an owner FORBIDDEN for every field of the staff', async () => {
    const schema = await buildBaseSchema();
    const answers: Record<string, unknown> = {};
    for (const f of (await reach()).filter((x) => !x.owner)) {
      const decided = await decide(permissionTable[f.root][f.name], {
        services: app.services,
        platformEm: app.services.platformOrm.em.fork(),
        auth: { userId: a.userId, orgId: null },
        org: null,
        role: null,
      });
      // The caller's own account and sign-in (me, passwords, passkeys, tokens): not the
      // association's, open to any signed-in caller.
      if (decided === true) continue;
      const type = f.root === 'Query' ? schema.getQueryType()! : schema.getMutationType()!;
      const op = operationFor(f.root === 'Query' ? 'query' : 'mutation', type.getFields()[f.name]!);
      const res = op.upload
        ? await gqlUpload(
            app,
            op.query,
            op.variables,
            { variable: op.upload, content: 'x', name: 'x.csv' },
            a.token,
          )
        : await t.gql(op.query, op.variables, a.token);
      const refused = codesOf(res).join() === 'FORBIDDEN' && !res.body.data?.[f.name];
      answers[f.key] = refused ? 'FORBIDDEN' : { query: op.query, body: res.body };
    }
    const walked = Object.keys(answers);
    expect(walked).toEqual(
      expect.arrayContaining([
        'Query.units',
        'Query.unitLedger',
        'Mutation.recordPayment',
        'Query.unitOwners',
      ]),
    );
    expect(answers).toEqual(Object.fromEntries(walked.map((w) => [w, 'FORBIDDEN'])));
  });
});
