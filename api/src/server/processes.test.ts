import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TokenService } from '../core/auth/tokens.js';
import { createDatabase, withClient, withDatabase } from '../db/connection.js';
import { REPO_ROOT } from '../paths.js';
import { freePort } from '../test/free-port.js';
import { NGINX, startNginx, type RunningNginx } from '../test/nginx.js';
import { startRedis, type RunningRedis } from '../test/redis.js';

// Two API processes, each the build as the image runs it, behind Debian's nginx (which takes turns
// between them), on one platform database and one Redis: what they share (the sign-in counters,
// the caches' invalidations, the job queue) holds across them. Needs the API build (api/dist:
// `npm test` builds it before the suites), nginx and redis-server (scripts/test-tools.mjs).

const MAIN = join(REPO_ROOT, 'api', 'dist', 'api', 'src', 'main.js');
const REDIS = spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;
const RUNNABLE = Boolean(NGINX && REDIS);
if (!RUNNABLE) {
  console.warn(
    'processes.test.ts: skipped: it needs nginx and redis-server (scripts/test-tools.mjs installs them)',
  );
}

// AUTH_RATE_LIMIT: sign-in attempts per minute per address and per email, for all processes.
const LIMIT = 5;
// How soon a change made through one process must hold in the other. The caches' own bounds are
// far longer (the directory 60 s, memberships 5 s): within this, only the bus can have done it.
const AT_ONCE_MS = 1000;

interface Api {
  url: string;
  port: number;
  output(): string;
  stop(): Promise<void>;
}

async function startApi(env: Record<string, string>): Promise<Api> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the API exited (${child.exitCode}):\n${output}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API did not answer:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

// An SMTP server that refuses each address's first message (451, "try again later") and keeps
// every one it accepted.
async function startSmtp() {
  const refused: string[] = [];
  const accepted: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (!refused.includes(address.address)) {
        refused.push(address.address);
        cb(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        return;
      }
      cb();
    },
    onData(stream, session, cb) {
      stream.resume();
      stream.on('end', () => {
        accepted.push(...session.envelope.rcptTo.map((r) => r.address));
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    refused,
    accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Answer {
  status: number;
  requestId: string | null;
  body: {
    data?: Record<string, any> | null; // eslint-disable-line @typescript-eslint/no-explicit-any
    errors?: { message: string; extensions?: Record<string, unknown> }[];
  };
}

async function gql(
  base: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
): Promise<Answer> {
  const res = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query, variables }),
  });
  return {
    status: res.status,
    requestId: res.headers.get('x-request-id'),
    body: (await res.json()) as Answer['body'],
  };
}

const codeOf = (a: Answer) => a.body.errors?.[0]?.extensions?.code;

// Asks `check` until it holds or `ms` have passed; how long it took, or null.
async function within(ms: number, check: () => Promise<boolean>): Promise<number | null> {
  const started = Date.now();
  do {
    if (await check()) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  } while (Date.now() - started < ms);
  return null;
}

const LOGIN = `mutation ($email: String!, $password: String!) {
  login(email: $email, password: $password) { ... on LoginPayload { accessToken } } }`;

describe.skipIf(!RUNNABLE)('several API processes behind nginx, one Redis', () => {
  let dataDir: string;
  let platformUrl: string;
  let redis: RunningRedis;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let apis: Api[] = [];
  let nginx: RunningNginx;
  let adminToken: string;
  let adminEmail: string;
  let orgId: string;
  let superToken: string;

  // Which process answered a request, by the request id nginx gave it (each process logs it).
  const servedBy = async (requestId: string | null): Promise<number> => {
    let found = -1;
    await within(2000, async () => {
      found = apis.findIndex((a) => a.output().includes(`"reqId":"${requestId}"`));
      return found >= 0;
    });
    return found;
  };

  beforeAll(async () => {
    const db = inject('testDb');
    const platformDb = `${db.prefix}_${randomBytes(5).toString('hex')}`;
    platformUrl = withDatabase(db.serverUrl, platformDb);
    dataDir = mkdtempSync(join(tmpdir(), 'covenant-processes-'));
    chmodSync(dataDir, 0o755);
    [redis, smtp] = await Promise.all([
      startRedis(),
      startSmtp(),
      createDatabase(db.serverUrl, platformDb, db.platformTemplate),
    ]);
    const jwtSecret = randomBytes(32).toString('base64');
    const env = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
      DATABASE_URL: platformUrl,
      TENANT_TEMPLATE_DB: db.tenantTemplate,
      REDIS_URL: redis.url,
      SMTP_URL: smtp.url,
      JWT_SECRET: jwtSecret,
      DATA_KEY: randomBytes(32).toString('base64'),
      DATA_DIR: dataDir,
      SERVE_WEB: 'false',
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT: String(LIMIT),
      ALLOW_OPEN_REGISTRATION: 'true',
      // Both processes work the queue and look for due jobs twice a second; an email the SMTP
      // server refused is tried again a second later.
      JOB_POLLING_SECONDS: '0.5',
      EMAIL_RETRY_SECONDS: '1',
    };
    // Both start on an empty platform at once: one seeds the platform owner, the other waits for
    // it and finds the owner there (each would otherwise create one, and one would fail to start).
    apis = await Promise.all([startApi(env), startApi(env)]);
    const owners = await withClient(platformUrl, (c) =>
      c.query<{ id: string }>('SELECT id FROM users WHERE is_superadmin'),
    );
    expect(owners.rows).toHaveLength(1);
    superToken = new TokenService(jwtSecret).sign({ userId: owners.rows[0].id, orgId: null });
    nginx = await startNginx({
      apiPort: apis.map((a) => a.port),
      files: { 'index.html': '<!doctype html><title>Covenant</title>' },
    });
    adminEmail = `treasurer-${randomBytes(3).toString('hex')}@several.test`;
    const registered = await gql(
      nginx.base,
      `mutation ($input: RegisterInput!) {
        register(input: $input) { accessToken organization { id } } }`,
      {
        input: {
          email: adminEmail,
          password: `${randomBytes(12).toString('base64url')} Elm Street ledger`,
          organizationName: 'Two Process Commons',
        },
      },
    );
    expect(registered.body.errors).toBeUndefined();
    adminToken = registered.body.data!.register.accessToken as string;
    orgId = registered.body.data!.register.organization.id as string;
  }, 180_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(apis.map((a) => a.stop()));
    await redis?.stop();
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('shares the sign-in limit: attempts alternate between the processes, the limit trips at its count in all', async () => {
    const answers: { code: unknown; by: number }[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const a = await gql(nginx.base, LOGIN, { email: adminEmail, password: 'not the password' });
      answers.push({ code: codeOf(a), by: await servedBy(a.requestId) });
    }
    expect(answers.map((a) => a.code)).toEqual([
      ...Array<string>(LIMIT).fill('UNAUTHENTICATED'),
      'RATE_LIMITED',
    ]);
    // nginx took turns, so neither process counted the limit's attempts alone: a limit kept in each
    // process's memory would not have tripped.
    const by = answers.map((a) => a.by);
    expect(by.every((p) => p === 0 || p === 1)).toBe(true);
    expect(by.slice(1).every((p, i) => p !== by[i])).toBe(true);
    expect(Math.max(...[0, 1].map((p) => by.filter((b) => b === p).length))).toBeLessThan(LIMIT);
    // The counters are Redis's.
    const client = new Redis(redis.url);
    try {
      expect(await client.exists(`covenant:rl:login:email:${adminEmail}`)).toBe(1);
    } finally {
      client.disconnect();
    }
  });

  it('runs a job once: each email the SMTP server refused at first is sent once more, by one process', async () => {
    const invitees = [1, 2, 3, 4].map(
      (n) => `invitee-${n}-${randomBytes(3).toString('hex')}@x.test`,
    );
    const invited = await Promise.all(
      invitees.map((email) =>
        gql(
          nginx.base,
          'mutation ($email: String!) { inviteMember(email: $email, role: USER) { role } }',
          { email },
          adminToken,
        ),
      ),
    );
    expect(invited.map((a) => a.body.errors)).toEqual(invitees.map(() => undefined));
    // Each first try was refused in the request; the queue tries again a second later, in
    // whichever process takes the job first.
    const sent = await within(15_000, async () => invitees.every((e) => smtp.accepted.includes(e)));
    expect(sent, `accepted: ${smtp.accepted.join(', ')}`).not.toBeNull();
    // Long enough for a second process to have sent a job again (three polls, past its retry).
    await new Promise((r) => setTimeout(r, 1500));
    for (const email of invitees) {
      expect(smtp.refused.filter((e) => e === email)).toHaveLength(1);
      expect(smtp.accepted.filter((e) => e === email)).toHaveLength(1);
    }
    const logged = await withClient(platformUrl, (c) =>
      c.query<{ to_address: string; n: number }>(
        'SELECT to_address, count(*)::int AS n FROM email_log WHERE to_address = ANY($1) GROUP BY 1',
        [invitees],
      ),
    );
    expect(logged.rows.map((r) => r.n)).toEqual([1, 1, 1, 1]);
  });

  it('honours a suspension made through one process in the other at once, and the reactivation', async () => {
    const read = async (api: Api) =>
      codeOf(await gql(api.url, '{ accounts { id } }', {}, adminToken));
    const setStatus = async (api: Api, status: string) =>
      gql(
        api.url,
        'mutation ($id: ID!, $s: OrganizationStatus!) { setOrganizationStatus(id: $id, status: $s, reason: "Overdue invoices") { status } }',
        { id: orgId, s: status },
        superToken,
      );
    // Both processes serve the association and keep its directory entry (for 60 s).
    expect(await read(apis[0])).toBeUndefined();
    expect(await read(apis[1])).toBeUndefined();

    expect((await setStatus(apis[0], 'SUSPENDED')).body.errors).toBeUndefined();
    const refused = await within(AT_ONCE_MS, async () => (await read(apis[1])) === 'ORG_INACTIVE');
    expect(refused, 'the other process refused the suspended association').not.toBeNull();
    expect(await read(apis[0])).toBe('ORG_INACTIVE');
    // Through nginx, whichever process answers.
    for (let i = 0; i < 2; i++) {
      expect(codeOf(await gql(nginx.base, '{ accounts { id } }', {}, adminToken))).toBe(
        'ORG_INACTIVE',
      );
    }

    expect((await setStatus(apis[1], 'ACTIVE')).body.errors).toBeUndefined();
    const served = await within(AT_ONCE_MS, async () => (await read(apis[0])) === undefined);
    expect(served, 'the other process served the reactivated association').not.toBeNull();
  });

  it('ends a session everywhere at once when the user signs out everywhere through one process', async () => {
    const me = async (api: Api) =>
      codeOf(await gql(api.url, '{ me { user { id } } }', {}, adminToken));
    // Both processes have the user's session version (cached 5 s).
    expect(await me(apis[0])).toBeUndefined();
    expect(await me(apis[1])).toBeUndefined();
    const out = await gql(apis[1].url, 'mutation { signOutEverywhere }', {}, adminToken);
    expect(out.body.errors).toBeUndefined();
    const ended = await within(AT_ONCE_MS, async () => (await me(apis[0])) === 'UNAUTHENTICATED');
    expect(ended, 'the other process refused the ended session').not.toBeNull();
  });
});
