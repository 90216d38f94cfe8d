import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type TrustProxy } from '../config.js';
import { startTestApp, type TestApp } from '../test/app.js';

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { ... on LoginPayload { accessToken } } }`;

// A failed login for an address nobody has: counted by the limiter like any other attempt, and
// written to the login history with the client address the API saw. A fresh email each time, so
// only the per-IP counter can refuse it.
async function attempt(app: TestApp, forwardedFor?: string) {
  const email = `nobody-${randomBytes(5).toString('hex')}@example.test`;
  const res = await app.request(
    '/graphql',
    LOGIN,
    { email, password: 'not the password' },
    { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} },
  );
  return { email, res, code: res.body.errors?.[0]?.extensions?.code };
}

async function ipSeen(app: TestApp, email: string): Promise<string | undefined> {
  const rows = await app.services.platformOrm.em
    .fork()
    .getConnection()
    .execute<{ ip: string }[]>('SELECT ip FROM login_history WHERE email = ?', [email]);
  return rows[0]?.ip;
}

const invented = (i: number) => `203.0.113.${10 + i}`;

describe('TRUST_PROXY', () => {
  const trust = (v?: string) => loadConfig({ TRUST_PROXY: v }).trustProxy;

  it('parses a hop count, addresses and ranges, or false; loopback by default', () => {
    const cases: [string | undefined, TrustProxy][] = [
      [undefined, ['loopback']],
      ['false', false],
      ['1', 1],
      ['0', 0],
      [' 10.0.0.2 , 172.16.0.0/12,uniquelocal ', ['10.0.0.2', '172.16.0.0/12', 'uniquelocal']],
      ['::1, fd00::/8', ['::1', 'fd00::/8']],
    ];
    for (const [raw, parsed] of cases) expect(trust(raw)).toEqual(parsed);
  });

  it('stops the start on a value that is not one, naming the variable', () => {
    for (const raw of ['true', 'nginx', '10.0.0.300', '10.0.0.0/33', 'fd00::/129', '10.0.0.1,']) {
      expect(() => trust(raw), raw).toThrow(ConfigError);
      expect(() => trust(raw), raw).toThrow(/TRUST_PROXY/);
    }
  });
});

// Same host: nginx on loopback in front of the API. Its X-Forwarded-For is the client's address.
describe('client address with the default (a proxy on loopback)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ authRateLimit: 3 });
  });
  afterAll(() => app.close());

  it('counts each forwarded address as its own client', async () => {
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await attempt(app, invented(i)));
    expect(results.map((r) => r.code)).toEqual(Array(6).fill('UNAUTHENTICATED'));
    expect(await ipSeen(app, results[5].email)).toBe(invented(5));
  });

  it('limits one forwarded address on its own, with 429 and Retry-After', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await attempt(app, '198.51.100.40'));
    expect(results.map((r) => r.code)).toEqual([
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'RATE_LIMITED',
    ]);
    const limited = results[3].res;
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body.errors![0].extensions!.retryAfter).toBe(retryAfter);
    // Another client behind the same proxy is not locked out.
    expect((await attempt(app, '198.51.100.41')).code).toBe('UNAUTHENTICATED');
  });
});

// Another container: the API's peer is the proxy's own address, which loopback does not cover.
// A peer that is not a trusted proxy is the client, whatever X-Forwarded-For it writes.
describe.each([
  ['a proxy address that is not the peer', ['10.89.0.2']],
  ['false', false],
] as [string, TrustProxy][])('client address with TRUST_PROXY = %s', (_name, trustProxy) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ authRateLimit: 3, trustProxy });
  });
  afterAll(() => app.close());

  it('limits six logins with six invented X-Forwarded-For addresses as one client', async () => {
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await attempt(app, invented(i)));
    expect(results.map((r) => r.code)).toEqual([
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'RATE_LIMITED',
      'RATE_LIMITED',
      'RATE_LIMITED',
    ]);
    expect(await ipSeen(app, results[0].email)).toBe('127.0.0.1');
    for (const { res } of results.slice(3)) {
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });
});

// A hop count believes exactly that many proxies: the address the nearest one appended, never
// what the client wrote before it — even when that address is a loopback one (a client on the
// proxy's own host), which the loopback range would have believed in turn.
describe('client address with TRUST_PROXY = 1', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ authRateLimit: 3, trustProxy: 1 });
  });
  afterAll(() => app.close());

  it('takes the address the proxy added, not the one the client wrote', async () => {
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await attempt(app, `${invented(i)}, 127.0.0.5`));
    expect(await ipSeen(app, results[0].email)).toBe('127.0.0.5');
    expect(results.map((r) => r.code)).toEqual([
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'UNAUTHENTICATED',
      'RATE_LIMITED',
    ]);
  });
});
