import { randomBytes } from 'node:crypto';
import { getIntrospectionQuery } from 'graphql';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app.js';
import { createOrg, createUser, tokenFor } from '../test/factories.js';
import { forgetTenant } from '../core/tenancy/tenant-door.js';

const SECURITY_HEADERS = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
];

function expectApiHeaders(headers: Headers) {
  for (const h of SECURITY_HEADERS) expect(headers.get(h), h).toBeTruthy();
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-powered-by')).toBeNull();
  expect(headers.get('cache-control')).toBe('no-store');
}

describe('HTTP surface', () => {
  let app: TestApp;
  let token: string;
  let secret: string;
  let ids: { user: string; org: string };

  beforeAll(async () => {
    secret = randomBytes(32).toString('hex');
    app = await startTestApp({ jwtSecret: secret });
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org }] });
    token = tokenFor(app.services, user, org);
    ids = { user: user.id, org: org.id };
  });
  afterAll(() => app.close());

  it('puts security headers and no-store on every API response, success or error', async () => {
    const ok = await app.gql('{ version }');
    expect(ok.status).toBe(200);
    expectApiHeaders(ok.headers);
    const denied = await app.gql('{ accounts { id } }');
    expect(denied.body.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
    expectApiHeaders(denied.headers);
    const health = await fetch(`${app.url}/healthz`);
    expectApiHeaders(health.headers);
    const badJson = await fetch(`${app.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"query": ',
    });
    expect(badJson.status).toBe(400);
    expectApiHeaders(badJson.headers);
    expect((await badJson.json()).errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('reports the date-based version in the version query and /healthz', async () => {
    const v = (await app.gql('{ version }')).body.data!.version;
    expect(v).toMatch(/^20\d\d\.\d{1,2}\.\d{1,2}$/);
    const health = await fetch(`${app.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', version: v, database: 'ok' });
  });

  it('answers 401 to a tampered, expired, wrongly signed or malformed token', async () => {
    const [h, p, s] = token.split('.');
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const tampered = [
      h,
      Buffer.from(JSON.stringify({ ...payload, orgId: randomBytes(16).toString('hex') })).toString(
        'base64url',
      ),
      s,
    ].join('.');
    const expired = jwt.sign({ orgId: ids.org }, secret, {
      subject: ids.user,
      issuer: 'covenant',
      audience: 'covenant-api',
      expiresIn: -10,
    });
    const wrongKey = jwt.sign({ orgId: ids.org }, randomBytes(32).toString('hex'), {
      subject: ids.user,
      issuer: 'covenant',
      audience: 'covenant-api',
      expiresIn: 3600,
    });
    const unsigned = jwt.sign({ orgId: ids.org, sub: ids.user }, '', { algorithm: 'none' });
    for (const bad of [tampered, expired, wrongKey, unsigned, 'garbage']) {
      const res = await app.gql('{ accounts { id } }', {}, bad);
      expect(res.status, bad).toBe(401);
      expect(res.body.errors![0].extensions!.code).toBe('UNAUTHENTICATED');
      expect(res.body.data ?? null).toBeNull();
    }
    const expiredRes = await app.gql('{ me { user { id } } }', {}, expired);
    expect(expiredRes.body.errors![0].message).toBe('Access token expired');
    // And the genuine token still works.
    expect((await app.gql('{ accounts { id } }', {}, token)).status).toBe(200);
  });

  it('limits depth, aliases and hides field suggestions', async () => {
    const aliases = Array.from({ length: 20 }, (_, i) => `v${i}: version`).join(' ');
    const tooMany = await app.gql(`{ ${aliases} }`);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(tooMany.body.errors![0].message).toBe(
      'This query uses 20 aliases; at most 15 are allowed.',
    );
    expect(tooMany.body.errors![0].extensions!.limit).toEqual({
      name: 'aliases',
      max: 15,
      found: 20,
    });
    // A query asking for many rows is refused by cost, with the figures and what to do instead.
    const page = `journalLines(first: 1000) { edges { node { entryId entryNumber date accountId
      accountNumber accountName accountType fundType debit credit memo id } } }`;
    const costly = await app.gql(`{ a: ${page} b: ${page} c: ${page} d: ${page} }`, {}, token);
    expect(costly.status).toBe(400);
    expect(costly.body.errors![0].message).toMatch(
      /^This query costs \d+, above the limit of 50000: ask for fewer rows with "first"/,
    );
    expect(costly.body.errors![0].extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'QUERY_LIMIT',
      limit: { name: 'cost', max: 50000 },
    });
    const cheaper = await app.gql(
      '{ units(first: 200) { edges { node { id number ownerName address email phone balanceDue } } } }',
      {},
      token,
    );
    expect(cheaper.body.errors).toBeUndefined();

    // The standard introspection query fits the depth limit; anything deeper is refused.
    const standard = await app.gql(getIntrospectionQuery());
    expect(standard.status).toBe(200);
    const deep = await app.gql(
      `{ __type(name: "Query") { fields { type ${'{ ofType '.repeat(16)}{ name }${' }'.repeat(16)} } } }`,
    );
    expect(deep.status).toBe(400);
    expect(deep.body.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(deep.body.errors![0].extensions!.reason).toBe('QUERY_LIMIT');
    const typo = await app.gql('{ verison }');
    expect(typo.body.errors![0].message).not.toContain('Did you mean');
  });

  it('maps bad variables and unknown fields to BAD_USER_INPUT, never a 500', async () => {
    const badVar = await app.gql(
      'mutation ($input: CreateAccountInput!) { createAccount(input: $input) { id } }',
      { input: { number: '1', name: 'x', type: 'NOPE', fundType: 'OPERATING' } },
      token,
    );
    expect(badVar.status).toBe(400);
    expect(badVar.body.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    const unknown = await app.gql('{ nope }');
    expect(unknown.body.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
  });

  it('says the real reason of a refusal in its message, not only "Invalid input"', async () => {
    // A field rule on an argument (class-validator).
    const page = await app.gql('{ journalLines(first: 1001) { totalCount } }', {}, token);
    expect(page.body.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    const [detail] = page.body.errors![0].extensions!.details as {
      field: string;
      message: string;
    }[];
    expect(detail!.field).toBe('first');
    expect(page.body.errors![0].message).toBe(`${detail!.message} (first)`);
    // A rule in a service (badInput with its details only).
    const month = await app.gql(
      '{ previewAssessmentInvoices(month: "March") { count } }',
      {},
      token,
    );
    expect(month.body.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(month.body.errors![0].message).toBe('Use a month like 2026-03 (month)');
  });

  it('keeps introspection available outside production', async () => {
    const res = await app.gql('{ __schema { queryType { name } } }');
    expect(res.body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });
});

describe('production mode', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ env: 'production', production: true });
  });
  afterAll(() => app.close());

  it('turns introspection and the landing page off', async () => {
    const res = await app.gql('{ __schema { queryType { name } } }');
    expect(res.body.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
    expect(res.body.data ?? null).toBeNull();
    const landing = await fetch(`${app.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(await landing.text()).not.toMatch(/<html/i);
  });

  it('never sends stack traces or internal messages', async () => {
    // A tenant database that has gone away is an internal failure, not the caller's fault.
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org }] });
    const token = tokenFor(app.services, user, org);
    const em = app.services.platformOrm.em.fork();
    await em
      .getConnection()
      .execute(`UPDATE organizations SET db_name = 'missing_db' WHERE id = ?`, [org.id]);
    forgetTenant(app.services, org.id);
    const res = await app.gql('{ accounts { id } }', {}, token);
    expect(res.status).toBe(500);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/stacktrace|missing_db|at .*\.ts/i);
    // …but the server log has the real cause.
    expect(String(app.loggedErrors.at(-1))).toContain('missing_db');
  });
});
