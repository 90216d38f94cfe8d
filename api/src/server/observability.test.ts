import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../paths.js';
import { forgetTenant } from '../core/tenancy/tenant-door.js';
import { randomName, startTestApp, type TestApp } from '../test/app.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../test/factories.js';

// One signed-in request end to end: its access line, the error line of a failing one, and what
// /metrics then shows.

type Line = Record<string, unknown>;

const METRICS_TOKEN = 'scrape-token-0123456789abcdef';
const LOGIN = `mutation Login($e: String!, $p: String!) {
  login(email: $e, password: $p) { ... on LoginPayload { accessToken organization { id } } }
}`;

let app: TestApp;
const raw: string[] = [];
const lines = () => raw.map((l) => JSON.parse(l) as Line);
const accessLines = (reqId: string | null) =>
  lines().filter((l) => l.msg === 'request' && l.reqId === reqId);

async function post(
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read loosely
): Promise<{ status: number; reqId: string | null; body: any }> {
  const res = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, reqId: res.headers.get('x-request-id'), body: await res.json() };
}

const scrape = (token?: string) =>
  fetch(`${app.url}/metrics`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

beforeAll(async () => {
  app = await startTestApp(
    { logLevel: 'info', metricsToken: METRICS_TOKEN },
    { logStream: { write: (line: string) => void raw.push(line) } },
  );
});
afterAll(() => app?.close());

describe('logs and metrics', () => {
  let email: string;
  let accessToken: string;
  let orgId: string;
  let userId: string;
  let accountsReqId: string | null;

  beforeAll(async () => {
    const org = await createOrg(app.services);
    email = `${randomName('observed-')}@example.test`;
    const user = await createUser(app.services, { email, memberships: [{ org }] });
    [orgId, userId] = [org.id, user.id];
  });

  it('writes one access line per request, with its id, caller and operation, and no secrets', async () => {
    const login = await post({ query: LOGIN, variables: { e: email, p: TEST_PASSWORD } });
    accessToken = login.body.data.login.accessToken;
    expect(login.body.data.login.organization.id).toBe(orgId);

    const res = await post(
      { query: 'query Accounts { accounts { id name } }' },
      { authorization: `Bearer ${accessToken}` },
    );
    expect(res.status).toBe(200);
    expect(res.body.errors).toBeUndefined();
    accountsReqId = res.reqId;
    expect(accountsReqId).toMatch(/^[0-9a-f-]{36}$/);
    const mine = accessLines(accountsReqId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      level: 'info',
      reqId: accountsReqId,
      method: 'POST',
      path: '/graphql',
      status: 200,
      operation: 'Accounts',
      outcome: 'ok',
      orgId,
      userId,
    });
    expect(mine[0].durationMs).toEqual(expect.any(Number));

    // The sign-in's own line: its operation, and nothing of what it carried.
    expect(accessLines(login.reqId)[0]).toMatchObject({ operation: 'Login', outcome: 'ok' });
    const all = raw.join('\n');
    for (const secret of [TEST_PASSWORD, accessToken, email, accessToken.split('.')[2]]) {
      expect(all).not.toContain(secret);
    }
    expect(all).not.toMatch(/authorization|cookie|variables/i);
  });

  it("keeps a proxy's sane request id and replaces any other", async () => {
    const auth = { authorization: `Bearer ${accessToken}` };
    const query = { query: '{ accounts { id } }' };
    const kept = await post(query, { ...auth, 'x-request-id': 'nginx-5f0c2a9e41b7d3c8' });
    expect(kept.reqId).toBe('nginx-5f0c2a9e41b7d3c8');
    expect(accessLines(kept.reqId)).toHaveLength(1);
    const replaced = await post(query, { ...auth, 'x-request-id': 'a b"c' });
    expect(replaced.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(accessLines(replaced.reqId)[0]).toMatchObject({ operation: null, outcome: 'ok' });
  });

  it('says the error codes of a refused request', async () => {
    const bad = await post(
      { query: 'query Broken { accounts { nope } }' },
      { authorization: `Bearer ${accessToken}` },
    );
    expect(bad.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(accessLines(bad.reqId)[0]).toMatchObject({
      status: 400,
      operation: 'Broken',
      outcome: 'BAD_USER_INPUT',
    });
    // Refused while the context is made, before Apollo reads the document.
    const stranger = await post(
      { query: 'query Who { accounts { id } }', operationName: 'Who' },
      { authorization: 'Bearer not-a-token' },
    );
    expect(stranger.body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(accessLines(stranger.reqId)[0]).toMatchObject({
      operation: 'Who',
      outcome: 'UNAUTHENTICATED',
    });
  });

  it("logs an unexpected error with its request's id", async () => {
    const org = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org }] });
    await app.services.platformOrm.em
      .fork()
      .getConnection()
      .execute(`UPDATE organizations SET db_name = 'missing_db' WHERE id = ?`, [org.id]);
    forgetTenant(app.services, org.id);
    const res = await post(
      { query: '{ accounts { id } }' },
      { authorization: `Bearer ${tokenFor(app.services, user, org)}` },
    );
    expect(res.status).toBe(500);
    const error = lines().find((l) => l.level === 'error' && l.msg === 'unexpected error');
    expect(error).toMatchObject({ reqId: res.reqId, orgId: org.id, userId: user.id });
    expect(JSON.stringify(error)).toContain('missing_db');
    expect(accessLines(res.reqId)[0]).toMatchObject({ level: 'error', outcome: 'INTERNAL' });
    // The tests' own record of logged errors still gets it.
    expect(String(app.loggedErrors.at(-1))).toContain('missing_db');
  });

  it('shows the operations, the latency and the tenant pools on /metrics', async () => {
    const res = await scrape(METRICS_TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    const value = (series: string) => {
      const line = text.split('\n').find((l) => l.startsWith(`${series} `));
      return line === undefined ? undefined : Number(line.slice(series.length + 1));
    };
    expect(value('covenant_graphql_operations_total{operation="Accounts",outcome="ok"}')).toBe(1);
    expect(value('covenant_graphql_operations_total{operation="Login",outcome="ok"}')).toBe(1);
    expect(
      value('covenant_graphql_operations_total{operation="Broken",outcome="BAD_USER_INPUT"}'),
    ).toBe(1);
    expect(
      value('covenant_graphql_operations_total{operation="Who",outcome="UNAUTHENTICATED"}'),
    ).toBe(1);
    // Login, Accounts and the two unnamed reads answered 200.
    expect(
      value('covenant_http_request_duration_seconds_count{route="graphql",status="2xx"}'),
    ).toBe(4);
    expect(
      value(
        'covenant_http_request_duration_seconds_bucket{le="+Inf",route="graphql",status="4xx"}',
      ),
    ).toBe(2);
    expect(value('covenant_tenant_pools_open')).toBe(1);
    expect(value('covenant_tenant_pools_opened_total')).toBeGreaterThanOrEqual(1);
    expect(value('covenant_tenant_connection_budget{cluster="default"}')).toBeGreaterThan(0);
    expect(value('covenant_tenant_connections_in_use{cluster="default"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(value('covenant_tenant_connections_waiting{cluster="default"}')).toBe(0);
    expect(value('covenant_tenant_connections_refused_total{cluster="default"}')).toBe(0);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);
  });

  it('answers /metrics only to the bearer of METRICS_TOKEN', async () => {
    const none = await scrape();
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await none.text()).not.toContain('covenant_');
    expect((await scrape('another-token-0123456789')).status).toBe(401);
  });
});

it('nginx never proxies /metrics: only its named locations reach the API', () => {
  const conf = readFileSync(join(REPO_ROOT, 'deploy', 'nginx.conf'), 'utf8');
  const proxied = [...conf.matchAll(/location\s+(=\s+)?(\S+)\s*\{([^}]*)\}/g)]
    .filter(([, , , block]) => /proxy_pass/.test(block))
    .map(([, exact, path]) => ({ exact: Boolean(exact), path }));
  expect(proxied.length).toBeGreaterThan(0);
  for (const { exact, path } of proxied) {
    expect(exact ? path === '/metrics' : '/metrics'.startsWith(path)).toBe(false);
  }
});
