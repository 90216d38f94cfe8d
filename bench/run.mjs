// npm run bench: throughput of the authenticated tenant query against a bare Apollo hello-world,
// both measured in this run on this machine, reported as a ratio (never a timed test assertion).
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { coldTenantBench } from './cold-tenant.mjs';
import { ledgerBench } from './ledger.mjs';
import { median } from './median.mjs';
import { packetBench } from './packet.mjs';
import { reconcileBench } from './reconcile.mjs';
import { tenantsBench } from './tenants.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
// Rounds of the request-path comparison (each DURATION seconds per server).
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const dist = new URL('../api/dist/api/src/', import.meta.url);
const { startEmbeddedPostgres } = await import(new URL('db/embedded.js', dist).href);
const { withDatabase } = await import(new URL('db/connection.js', dist).href);

function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

function startChild(script, env) {
  const child = spawn(process.execPath, [new URL(script, import.meta.url).pathname], {
    // Both servers run as production does (graphql-js, express and others skip dev-only checks).
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    let started = false;
    child.stdout.on('data', (d) => {
      // Once started, the server's output (its access log lines) is read and dropped: kept, this
      // runner (autocannon's process) would re-split a growing buffer on every request.
      if (started) return;
      buf += d;
      const lines = buf.split('\n').slice(0, -1);
      const info = lines
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l))
        // Log lines (a level and a msg) are not the server's start-up answer.
        .find((m) => !(typeof m.level === 'string' && 'msg' in m));
      if (!info) return;
      started = true;
      resolve({ child, ...info });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

const throughput = (r) => r.requests.average;

async function load(url, body, headers = {}, { warm = true } = {}) {
  const opts = {
    url: `${url}/graphql`,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    connections: CONNECTIONS,
  };
  if (warm) await autocannon({ ...opts, duration: 2 }); // warm-up
  const r = await autocannon({ ...opts, duration: DURATION });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return r;
}

let pgDir;
let pg;
let secondDir;
let pg2;
let serverUrl = process.env.DATABASE_URL && withDatabase(process.env.DATABASE_URL, 'postgres');
if (!serverUrl) {
  pgDir = mkdtempSync(join(tmpdir(), 'covenant-bench-pg-'));
  pg = await startEmbeddedPostgres({ dir: pgDir, port: await freePort(), quiet: true });
  serverUrl = pg.url;
}

const only = process.argv[2];
const children = [];
try {
  if (only === 'ledger') {
    await ledgerBench(serverUrl);
  } else if (only === 'tenants') {
    // A second cluster beside the first (BENCH_SECOND_PG_URL, or another embedded server).
    let second = process.env.BENCH_SECOND_PG_URL;
    if (!second) {
      secondDir = mkdtempSync(join(tmpdir(), 'covenant-bench-pg2-'));
      pg2 = await startEmbeddedPostgres({ dir: secondDir, port: await freePort(), quiet: true });
      second = pg2.url;
    }
    await tenantsBench([
      { name: 'east', url: serverUrl },
      { name: 'west', url: second },
    ]);
  } else if (only === 'reconcile') {
    await reconcileBench(serverUrl);
  } else if (only === 'packet') {
    await packetBench(serverUrl);
  } else {
    await requestPathAndRest();
  }
} finally {
  for (const c of children) c.kill();
  await pg?.stop();
  await pg2?.stop();
  if (pgDir) rmSync(pgDir, { recursive: true, force: true });
  if (secondDir) rmSync(secondDir, { recursive: true, force: true });
}
// The embedded PostgreSQL is stopped and its folder removed above; anything still holding the
// event loop (a pool's idle timer) must not keep the bench alive.
process.exit(0);

async function requestPathAndRest() {
  console.log(`Covenant bench — ${CONNECTIONS} connections, ${DURATION} s per target\n`);
  const bare = await startChild('./servers/bare-apollo.mjs');
  children.push(bare.child);
  const base = await load(bare.url, { query: '{ hello }' });
  bare.child.kill();

  const cov = await startChild('./servers/covenant.mjs', { BENCH_PG_URL: serverUrl });
  children.push(cov.child);
  const check = await fetch(`${cov.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${cov.token}` },
    body: JSON.stringify({ query: '{ accounts { id } }' }),
  }).then((r) => r.json());
  if (check.data?.accounts?.length !== 16)
    throw new Error(`unexpected answer: ${JSON.stringify(check)}`);
  const ACCOUNTS = '{ accounts { id number name type fundType archived } }';
  const sql = await startChild('./servers/bare-apollo-sql.mjs', {
    BENCH_TENANT_URL: cov.tenantUrl,
    BENCH_POOL_SIZE: String(cov.tenantPoolSize),
  });
  children.push(sql.child);
  // The same baseline inside a second, idle Covenant server's process: what a process of
  // Covenant's size costs the same code, told apart from what Covenant's request path adds.
  const heavy = await startChild('./servers/covenant.mjs', {
    BENCH_PG_URL: serverUrl,
    BENCH_RAW_IN_PROCESS: cov.tenantUrl,
  });
  children.push(heavy.child);
  // The three are measured in turns (Covenant, raw SQL, raw SQL in a Covenant process, Covenant,
  // …), ROUNDS each, so that what the machine does meanwhile weighs on all alike; a ratio is the
  // median of the rounds' ratios.
  const auth = { authorization: `Bearer ${cov.token}` };
  const tenantRounds = [];
  const rawRounds = [];
  const inProcessRounds = [];
  for (let i = 0; i < ROUNDS; i++) {
    const warm = { warm: i === 0 };
    tenantRounds.push(await load(cov.url, { query: ACCOUNTS }, auth, warm));
    rawRounds.push(await load(sql.url, { query: ACCOUNTS }, {}, warm));
    inProcessRounds.push(await load(heavy.rawInProcessUrl, { query: ACCOUNTS }, {}, warm));
  }
  cov.child.kill();
  sql.child.kill();
  heavy.child.kill();
  const ratios = (a, b) => a.map((t, i) => t.requests.average / b[i].requests.average);
  const roundRatios = ratios(tenantRounds, rawRounds);
  const tenant = median(tenantRounds, throughput);
  const rawSql = median(rawRounds, throughput);
  const inProcess = median(inProcessRounds, throughput);

  const row = (name, r) =>
    `${name.padEnd(44)} ${r.requests.average.toFixed(0).padStart(8)} req/s   p50 ${String(r.latency.p50).padStart(3)} ms   p99 ${String(r.latency.p99).padStart(3)} ms`;
  console.log(row('bare Apollo hello-world (baseline)', base));
  console.log(row('bare Apollo + raw SQL, same rows (baseline)', rawSql));
  console.log(row('bare Apollo + raw SQL in a Covenant process', inProcess));
  console.log(row('Covenant accounts query (JWT → tenant → SQL)', tenant));
  const pct = (a, b) => `${((a.requests.average / b.requests.average) * 100).toFixed(1)}%`;
  console.log(`\nCovenant accounts / bare Apollo hello-world: ${pct(tenant, base)} (target ≥ 50%)`);
  const mid = median(roundRatios);
  const rounds = (r) => r.map((x) => `${(x * 100).toFixed(1)}%`).join(', ');
  console.log(
    `Covenant accounts / bare Apollo + raw SQL:   ${(mid * 100).toFixed(1)}% (target ≥ 85%; median of ${ROUNDS} rounds in turns: ${rounds(roundRatios)})`,
  );
  const path = ratios(tenantRounds, inProcessRounds);
  const weight = ratios(inProcessRounds, rawRounds);
  // Each round's ratio above is the product of its two factors: the same code in a larger
  // process, and what Covenant's request path adds to it there.
  console.log(
    `  the process: raw SQL in a Covenant process / in its own:   ${(median(weight) * 100).toFixed(1)}% (${rounds(weight)})`,
  );
  console.log(
    `  the request path: Covenant / raw SQL in a Covenant process: ${(median(path) * 100).toFixed(1)}% (${rounds(path)})`,
  );
  // Part of every Covenant request above; a miss costs one primary-key read of the user.
  const s = cov.sessionCheck;
  console.log(
    `Session check per request: ${s.cachedMicros.toFixed(2)} µs cached, ${s.uncachedMicros.toFixed(0)} µs on a miss (once per user per ${s.ttlSeconds} s)\n`,
  );

  // `npm run bench -- http`: only the request-path throughput above.
  if (only !== 'http') {
    await coldTenantBench(serverUrl);
    console.log('');
    await ledgerBench(serverUrl);
  }
}
