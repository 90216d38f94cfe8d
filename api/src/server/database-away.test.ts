import { randomUUID } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { loadConfig, ConfigError } from '../config.js';
import { openTenant } from '../core/tenancy/tenant-door.js';
import { attachmentPath } from '../modules/attachments/attachments.service.js';
import { withDatabase } from '../db/connection.js';
import { initOrm } from '../db/orm.js';
import { platformEntities } from '../platform/entities.js';
import { startTestApp, type GqlResponse, type TestApp } from '../test/app.js';
import { createOrg, createUser, TEST_PASSWORD, tokenFor } from '../test/factories.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- answers are read loosely, as a client would */

interface Link {
  client: Socket;
  upstream: Socket;
  // Bytes held back while frozen, per direction.
  toServer: Buffer[];
  toClient: Buffer[];
  // Cut: the link forwards nothing ever again and never closes, like a connection whose network
  // path has gone.
  dead: boolean;
}

// A TCP proxy in front of the test PostgreSQL that can take the database away without touching
// the server other test files share: down (connections refused, open ones reset), frozen
// (connections accepted, nothing answered), and back.
class DatabaseProxy {
  private server?: Server;
  private readonly links = new Set<Link>();
  private frozen = false;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start() {
    const server = createServer((client) => this.link(client));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  url(serverUrl: string) {
    const u = new URL(serverUrl);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  private link(client: Socket) {
    const upstream = connect(this.target.port, this.target.host);
    const l: Link = { client, upstream, toServer: [], toClient: [], dead: false };
    this.links.add(l);
    const forward = (to: Socket, queue: Buffer[]) => (chunk: Buffer) => {
      if (l.dead) return;
      if (this.frozen) queue.push(chunk);
      else to.write(chunk);
    };
    client.on('data', forward(upstream, l.toServer));
    upstream.on('data', forward(client, l.toClient));
    const end = () => {
      this.links.delete(l);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
  }

  freeze() {
    this.frozen = true;
  }

  thaw() {
    this.frozen = false;
    for (const l of this.links) {
      if (l.dead) continue;
      for (const chunk of l.toServer.splice(0)) l.upstream.write(chunk);
      for (const chunk of l.toClient.splice(0)) l.client.write(chunk);
    }
  }

  // Every open connection is lost for good; new ones work as usual.
  cut() {
    for (const l of this.links) l.dead = true;
  }

  async down() {
    const server = this.server!;
    this.server = undefined;
    const closed = new Promise<void>((r) => server.close(() => r()));
    for (const l of this.links) {
      l.client.destroy();
      l.upstream.destroy();
    }
    this.links.clear();
    await closed;
  }

  async up() {
    await this.start();
  }

  async close() {
    this.thaw();
    if (this.server) await this.down();
  }
}

const LOGIN = `mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { ... on LoginPayload { accessToken } } }`;
const ACCOUNTS = '{ accounts { id } }';

function expectUnavailable(res: GqlResponse, proxyPort: number) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(res.body.errors).toHaveLength(1);
  expect(res.body.errors![0].extensions).toMatchObject({
    code: 'SERVICE_UNAVAILABLE',
    retryAfter: 5,
  });
  const text = JSON.stringify(res.body);
  expect(text).not.toContain(String(proxyPort));
  expect(text).not.toMatch(/ECONN|127\.0\.0\.1|localhost|Context creation failed|Knex|timeout/i);
}

// The timeouts, short so that the test waits seconds: statements 1 s (the client gives up on a
// server that never answers after 2 s), connections 1 s.
const TIMEOUTS = { dbStatementTimeoutMs: 1000, dbAcquireTimeoutMs: 1000 };

describe('the database away', () => {
  const db = inject('testDb');
  const target = new URL(db.serverUrl);
  const proxy = new DatabaseProxy({ host: target.hostname, port: Number(target.port) });
  let app: TestApp;
  let email: string;
  // A member of an organization whose requests already ran (its tenant database is open, its
  // directory entry cached), and one of an organization never asked for before the outage (its
  // request needs the platform database while the context is built).
  let warmToken: string;
  let warmOrgId: string;
  let coldToken: string;

  const login = () => app.gql(LOGIN, { e: email, p: TEST_PASSWORD });
  const health = async () => {
    const res = await fetch(`${app.url}/healthz`);
    return { status: res.status, body: (await res.json()) as any };
  };

  beforeAll(async () => {
    await proxy.start();
    app = await startTestApp(TIMEOUTS, { serverUrl: proxy.url(db.serverUrl) });
    const warm = await createOrg(app.services);
    const cold = await createOrg(app.services);
    const user = await createUser(app.services, { memberships: [{ org: warm }] });
    const other = await createUser(app.services, { memberships: [{ org: cold }] });
    email = user.email;
    warmToken = tokenFor(app.services, user, warm);
    warmOrgId = warm.id;
    coldToken = tokenFor(app.services, other, cold);
    expect((await app.gql(ACCOUNTS, {}, warmToken)).body.errors).toBeUndefined();
  });
  afterAll(async () => {
    await proxy.close();
    await app?.close();
  });

  it('answers a typed 503 with Retry-After while the database is down, and recovers without a restart', async () => {
    await proxy.down();
    try {
      const [signIn, tenant, cold] = await Promise.all([
        login(),
        app.gql(ACCOUNTS, {}, warmToken),
        app.gql(ACCOUNTS, {}, coldToken),
      ]);
      for (const res of [signIn, tenant, cold]) expectUnavailable(res, proxy.port);
      expect(await health()).toMatchObject({ status: 503, body: { database: 'unreachable' } });
      // A download link (outside GraphQL) of an organization the server has not opened yet.
      const download = await fetch(
        `${app.url}${app.services.urlSigner.sign(attachmentPath(randomUUID(), randomUUID()))}`,
      );
      expect(download.status).toBe(503);
      expect(download.headers.get('retry-after')).toBe('5');
      const downloadBody = await download.text();
      expect(JSON.parse(downloadBody).errors[0].extensions).toEqual({
        code: 'SERVICE_UNAVAILABLE',
      });
      expect(downloadBody).not.toMatch(/ECONN|127\.0\.0\.1|localhost/);
      // The cause is in the server log, with what an operator needs.
      expect(app.loggedErrors.map((e) => String((e as Error).message))).toEqual(
        expect.arrayContaining([expect.stringContaining('ECONNREFUSED')]),
      );
    } finally {
      await proxy.up();
    }
    expect((await login()).body.data?.login.accessToken).toEqual(expect.any(String));
    for (const token of [warmToken, coldToken]) {
      const res = await app.gql(ACCOUNTS, {}, token);
      expect(res.status).toBe(200);
      expect(res.body.errors).toBeUndefined();
    }
    expect(await health()).toMatchObject({ status: 200, body: { database: 'ok' } });
  });

  it('answers a typed 503 within seconds while the database is frozen, and recovers once it answers', async () => {
    // The cold organization's context needs the platform database again once its caches expire;
    // a new user makes sure it does.
    const org = await createOrg(app.services);
    const fresh = tokenFor(
      app.services,
      await createUser(app.services, { memberships: [{ org }] }),
      org,
    );
    proxy.freeze();
    try {
      const started = Date.now();
      const answers = await Promise.all([
        login(),
        app.gql(ACCOUNTS, {}, warmToken),
        app.gql(ACCOUNTS, {}, fresh),
      ]);
      const waited = Date.now() - started;
      for (const res of answers) expectUnavailable(res, proxy.port);
      // Bounded by the timeouts (about 2 s here), not by how long the database stays frozen (it
      // stays frozen until these answers are in); generous for a loaded machine.
      expect(waited).toBeLessThan(20_000);
      expect((await health()).status).toBe(503);
    } finally {
      proxy.thaw();
    }
    // A connection that timed out while frozen is replaced on its next use: a request or two may
    // still meet one, then everything answers.
    await expect
      .poll(async () => (await login()).body.data?.login.accessToken, { timeout: 15_000 })
      .toEqual(expect.any(String));
    for (const token of [warmToken, fresh]) {
      await expect
        .poll(async () => (await app.gql(ACCOUNTS, {}, token)).body.errors, { timeout: 15_000 })
        .toBeUndefined();
    }
  });

  it('stops a statement at the statement timeout (a lock held elsewhere) with the same 503', async () => {
    const side = new pg.Client({ connectionString: withDatabase(db.serverUrl, app.platformDb) });
    await side.connect();
    try {
      await side.query('BEGIN');
      await side.query('LOCK TABLE users IN ACCESS EXCLUSIVE MODE');
      const before = app.loggedErrors.length;
      expectUnavailable(await login(), proxy.port);
      // PostgreSQL itself cancelled it (query_canceled), not the client giving up.
      expect(app.loggedErrors.slice(before)).toEqual([expect.objectContaining({ code: '57014' })]);
    } finally {
      await side.query('ROLLBACK');
      await side.end();
    }
    expect((await login()).body.data?.login.accessToken).toEqual(expect.any(String));
  });

  it('sets the statement timeout on request connections only', async () => {
    const show = 'SHOW statement_timeout';
    const platform = await app.services.platformOrm.em.getConnection().execute(show);
    expect(platform).toEqual([{ statement_timeout: '1s' }]);
    const { em } = await openTenant(app.services, warmOrgId);
    expect(await em.getConnection().execute(show)).toEqual([{ statement_timeout: '1s' }]);
    // Migrations and provisioning connect with their own settings: no timeout there.
    const raw = new pg.Client({ connectionString: withDatabase(db.serverUrl, app.platformDb) });
    await raw.connect();
    try {
      expect((await raw.query(show)).rows).toEqual([{ statement_timeout: '0' }]);
    } finally {
      await raw.end();
    }
  });

  it('replaces a connection whose query was never answered instead of handing it out again', async () => {
    // One connection only, so the pool cannot dodge the lost one by picking another.
    const orm = await initOrm(
      withDatabase(proxy.url(db.serverUrl), app.platformDb),
      1,
      platformEntities,
      false,
      { statementMs: 1000, acquireMs: 1000 },
    );
    try {
      const conn = () => orm.em.getConnection();
      expect(await conn().execute('SELECT 1 AS one')).toEqual([{ one: 1 }]);
      proxy.freeze();
      try {
        await expect(conn().execute('SELECT 2 AS two')).rejects.toThrow('Query read timeout');
        // The network path of that connection is gone for good; a new connection gets through.
        proxy.cut();
      } finally {
        proxy.thaw();
      }
      expect(await conn().execute('SELECT 3 AS three')).toEqual([{ three: 3 }]);
    } finally {
      await orm.close(true);
    }
  });

  it('reads the timeouts from the environment, with defaults', () => {
    expect(loadConfig({})).toMatchObject({
      dbStatementTimeoutMs: 15_000,
      dbAcquireTimeoutMs: 5_000,
    });
    expect(
      loadConfig({ DB_STATEMENT_TIMEOUT_MS: '30000', DB_ACQUIRE_TIMEOUT_MS: '2000' }),
    ).toMatchObject({ dbStatementTimeoutMs: 30_000, dbAcquireTimeoutMs: 2_000 });
    expect(() => loadConfig({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
    expect(() => loadConfig({ DB_ACQUIRE_TIMEOUT_MS: '0' })).toThrow(/DB_ACQUIRE_TIMEOUT_MS/);
  });
});
