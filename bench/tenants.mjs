// `npm run bench -- tenants`: many associations over several PostgreSQL clusters (two by default,
// TENANT_CLUSTERS as production sets it). Creates BENCH_TENANTS associations (default 1,000) from
// the tenant template, each placed where there is most room as registration places it, starts the
// API with every one of them cold, and measures: the first request of cold associations; one
// association alone (the reference) and a hot set of 40, in turns (BENCH_ROUNDS, 3); all of them
// uniformly; and a mixed read/write load over all of them. Then, per cluster, a hot set of its own
// associations and all of them uniformly. Each pattern reports req/s, p50/p95/p99, errors, and the
// peak of PostgreSQL client backends on each cluster, against its connection budget. Last, the
// per-cluster patterns again against a raw-SQL floor on the same databases, pool size and budget
// (servers/raw-tenants.mjs, one per cluster): what a database per association costs on this
// machine, whatever answers.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { median } from './median.mjs';

const N = Number(process.env.BENCH_TENANTS ?? 1000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const HOT = 40;
const ACCOUNTS = JSON.stringify({
  query: '{ accounts { id number name type fundType archived } }',
});
const CREATE =
  'mutation($input: CreateAccountInput!) { createAccount(input: $input) { id number } }';

function child(env, script = 'covenant-tenants.mjs') {
  const c = spawn(process.execPath, [new URL(`./servers/${script}`, import.meta.url).pathname], {
    env: { ...process.env, NODE_ENV: 'production', ...env },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const lines = [];
  const waiting = [];
  let buf = '';
  c.stdout.on('data', (d) => {
    buf += d;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      if (!line.startsWith('{')) continue;
      const msg = JSON.parse(line);
      // The server's own log lines (JSON too, with a level and a msg) are not its answers.
      if (typeof msg.level === 'string' && 'msg' in msg) continue;
      const w = waiting.shift();
      if (w) w.resolve(msg);
      else lines.push(msg);
    }
  });
  const exited = new Promise((resolve) => c.on('exit', resolve));
  // Everything it printed has been read (its exit can be seen before the last of its output).
  const ended = new Promise((resolve) => c.stdout.on('end', resolve)).then(() => exited);
  const next = () =>
    lines.length
      ? Promise.resolve(lines.shift())
      : new Promise((resolve, reject) => {
          waiting.push({ resolve });
          ended.then((code) => reject(new Error(`bench server exited with ${code}`)));
        });
  return { child: c, next, exited };
}

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

// The peak of client backends on each cluster while `fn` runs, sampled every 20 ms: { name: peak }.
async function sampled(clusters, fn) {
  const clients = await Promise.all(
    clusters.map(async ({ url }) => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      return c;
    }),
  );
  const peaks = Object.fromEntries(clusters.map(({ name }) => [name, 0]));
  let on = true;
  const loop = (async () => {
    while (on) {
      await Promise.all(
        clients.map(async (c, i) => {
          const { rows } = await c.query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend'",
          );
          const name = clusters[i].name;
          peaks[name] = Math.max(peaks[name], rows[0].n - 1); // less the sampler itself
        }),
      );
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    return { result: await fn(), peaks };
  } finally {
    on = false;
    await loop;
    await Promise.all(clients.map((c) => c.end()));
  }
}

// autocannon with an association picked per request (`pick` gives its headers: a token, or the
// floor's database); latencies in ms.
async function pattern(url, pick, { writes = 0 } = {}) {
  let counter = 0;
  const times = [];
  let non2xx = 0;
  const run = (duration, record) =>
    new Promise((resolve, reject) => {
      const inst = autocannon(
        {
          url: `${url}/graphql`,
          method: 'POST',
          connections: CONNECTIONS,
          duration,
          requests: [
            {
              setupRequest: (req) => {
                const write = writes > 0 && Math.random() < writes;
                const body = write
                  ? JSON.stringify({
                      query: CREATE,
                      variables: {
                        input: {
                          number: `W${process.pid}-${++counter}`,
                          name: `Bench write ${counter}`,
                          type: 'EXPENSE',
                          fundType: 'OPERATING',
                        },
                      },
                    })
                  : ACCOUNTS;
                return {
                  ...req,
                  headers: { 'content-type': 'application/json', ...pick() },
                  body,
                };
              },
            },
          ],
        },
        (err, res) => (err ? reject(err) : resolve(res)),
      );
      if (record) {
        inst.on('response', (_c, status, _bytes, ms) => {
          times.push(ms);
          if (status < 200 || status > 299) non2xx++;
        });
      }
    });
  await run(2, false); // warm-up
  const r = await run(DURATION, true);
  times.sort((a, b) => a - b);
  return {
    rps: r.requests.average,
    p50: pct(times, 0.5),
    p95: pct(times, 0.95),
    p99: pct(times, 0.99),
    errors: non2xx + r.errors + r.timeouts,
  };
}

// `clusters`: [{ name, url }], each a PostgreSQL server (its maintenance database); the platform
// database lives on the first.
export async function tenantsBench(clusters) {
  const secrets = {
    JWT_SECRET: randomBytes(32).toString('hex'),
    DATA_KEY: randomBytes(32).toString('base64'),
    BENCH_PG_URL: clusters[0].url,
    TENANT_CLUSTERS: JSON.stringify(clusters.map(({ name, url }) => ({ name, url }))),
  };
  console.log(
    `Covenant tenants bench — ${N} associations over ${clusters.length} clusters (${clusters.map((c) => c.name).join(', ')}), ${CONNECTIONS} connections, ${DURATION} s per pattern\n`,
  );
  const t0 = performance.now();
  const setup = child({ ...secrets, BENCH_MODE: 'setup', BENCH_TENANTS: String(N) });
  const made = await setup.next();
  await setup.exited;
  const placed = Object.fromEntries(clusters.map(({ name }) => [name, []]));
  made.databases.forEach((d, i) => placed[d.cluster].push(i));
  console.log(
    `created ${N} associations in ${((performance.now() - t0) / 1000).toFixed(0)} s (each: p50 ${made.createdP50.toFixed(0)} ms, p95 ${made.createdP95.toFixed(0)} ms); placed ${clusters.map(({ name }) => `${placed[name].length} on ${name}`).join(', ')}`,
  );

  const serve = child({ ...secrets, BENCH_MODE: 'serve', BENCH_PLATFORM_URL: made.platformUrl });
  const { url, platformPool, tenantPoolSize } = await serve.next();
  const stats = async () => {
    serve.child.stdin.write('stats\n');
    return (await serve.next()).stats;
  };
  const { tokens } = made;
  const ask = (token) =>
    fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: ACCOUNTS,
    });
  try {
    const first = await ask(tokens[0]).then((r) => r.json());
    if (first.data?.accounts?.length !== 8) {
      throw new Error(`unexpected answer: ${JSON.stringify(first)}`);
    }
    // Cold associations, one at a time: nothing of theirs is open in the API.
    const cold = [];
    let coldErrors = 0;
    const coldCount = Math.min(200, N - 1);
    for (let i = 1; i <= coldCount; i++) {
      const s = performance.now();
      const res = await ask(tokens[i]);
      await res.arrayBuffer();
      if (!res.ok) coldErrors++;
      cold.push(performance.now() - s);
    }
    cold.sort((a, b) => a - b);
    const warm = [];
    for (let i = 1; i <= coldCount; i++) {
      const s = performance.now();
      await (await ask(tokens[i])).arrayBuffer();
      warm.push(performance.now() - s);
    }
    warm.sort((a, b) => a - b);
    console.log(
      `first request of a cold association (${coldCount}, one at a time): p50 ${pct(cold, 0.5).toFixed(1)} ms, p95 ${pct(cold, 0.95).toFixed(1)} ms, errors ${coldErrors}; the same again warm: p50 ${pct(warm, 0.5).toFixed(1)} ms, p95 ${pct(warm, 0.95).toFixed(1)} ms`,
    );

    const bearer = (token) => ({ authorization: `Bearer ${token}` });
    const hotOf = (list) =>
      Array.from({ length: Math.min(HOT, list.length) }, (_, i) => list[(i * 7919) % list.length]);
    const any = (list) => () => list[Math.floor(Math.random() * list.length)];
    const everyone = Array.from({ length: N }, (_, i) => i);
    const byToken = (pickIndex) => () => bearer(tokens[pickIndex()]);
    let before = await stats();
    // One pattern's run: its figures, the peak of backends per cluster, and each cluster's budget
    // figures during it.
    const measure = async (pick, opts = {}) => {
      const { result, peaks } = await sampled(clusters, () => pattern(url, pick, opts));
      const s = await stats(); // also resets the budgets' peaks
      const row = { ...result, peaks, budgets: {} };
      for (const { name } of clusters) {
        const b = s.budgets[name];
        const was = before.budgets[name];
        row.budgets[name] = {
          limit: b.limit,
          peak: b.peak,
          waits: b.waited - was.waited,
          refused: b.refused - was.refused,
        };
      }
      before = s;
      return row;
    };
    const rows = await refAndHot(
      '',
      measure,
      byToken(() => 0),
      byToken(any(hotOf(everyone))),
    );
    rows.push(
      { name: `uniform over all ${N}`, ...(await measure(byToken(any(everyone)))) },
      {
        name: `mixed over all ${N}, 20% writes`,
        ...(await measure(byToken(any(everyone)), { writes: 0.2 })),
      },
    );
    const perCluster = {};
    for (const { name } of clusters) {
      const own = placed[name];
      perCluster[name] = {
        hot: {
          name: `${name}: hot set of ${Math.min(HOT, own.length)}`,
          ...(await measure(byToken(any(hotOf(own))))),
        },
        uniform: {
          name: `${name}: uniform over ${own.length}`,
          ...(await measure(byToken(any(own)))),
        },
      };
      rows.push(perCluster[name].hot, perCluster[name].uniform);
    }
    const last = await stats();
    serve.child.kill();
    await serve.exited;

    // The floor, per cluster: the same databases, pool size and that cluster's budget, no Covenant
    // (servers/raw-tenants.mjs).
    const floorRows = [];
    for (const cluster of clusters) {
      const own = placed[cluster.name];
      const floor = child(
        {
          BENCH_PG_URL: cluster.url,
          BENCH_BUDGET: String(last.budgets[cluster.name].limit),
          BENCH_POOL_SIZE: String(tenantPoolSize),
        },
        'raw-tenants.mjs',
      );
      try {
        const floorUrl = (await floor.next()).url;
        const measureFloor = async (pick) => {
          const { result, peaks } = await sampled([cluster], () => pattern(floorUrl, pick));
          return { ...result, peaks };
        };
        const db = (pickIndex) => () => ({ 'x-db': made.databases[pickIndex()].db });
        const hot = {
          name: `${cluster.name} floor: hot set`,
          ...(await measureFloor(db(any(hotOf(own))))),
        };
        const uniform = {
          name: `${cluster.name} floor: uniform`,
          ...(await measureFloor(db(any(own)))),
        };
        perCluster[cluster.name].floorHot = hot;
        perCluster[cluster.name].floorUniform = uniform;
        floorRows.push(hot, uniform);
      } finally {
        floor.child.kill();
      }
    }

    console.log('');
    for (const { name, url: serverUrl } of clusters) {
      const b = last.budgets[name];
      console.log(
        `cluster ${name}: ${placed[name].length} associations, connection budget ${b.limit}, PostgreSQL max_connections ${await maxConnections(serverUrl)}`,
      );
    }
    console.log(`platform pool ${platformPool} (on ${clusters[0].name})\n`);
    const names = clusters.map((c) => c.name);
    console.log(
      `${'pattern'.padEnd(42)} ${'req/s'.padStart(7)} ${'p50'.padStart(7)} ${'p95'.padStart(7)} ${'p99'.padStart(7)} ${'errors'.padStart(7)}  backends (peak: ${names.join(', ')})  budget (peak, waits, refused per cluster)`,
    );
    let errors = 0;
    for (const r of [...rows, ...floorRows]) {
      errors += r.errors;
      const peaks = names.map((n) => r.peaks[n] ?? '—').join(', ');
      const b = r.budgets
        ? names
            .map((n) => `${r.budgets[n].peak}/${r.budgets[n].waits}/${r.budgets[n].refused}`)
            .join('  ')
        : '—';
      console.log(
        `${r.name.padEnd(42)} ${r.rps.toFixed(0).padStart(7)} ${ms(r.p50)} ${ms(r.p95)} ${ms(r.p99)} ${String(r.errors).padStart(7)}  ${peaks.padStart(20)}  ${b}`,
      );
    }
    const [, hotRow] = rows;
    console.log(`\nhot set / one association: ${ratio(hotRow)} (target ≥ 90%)`);
    for (const name of names) {
      const c = perCluster[name];
      console.log(
        `cluster ${name} — Covenant / raw-SQL floor: hot set ${pc(c.hot.rps / c.floorHot.rps)}, uniform ${pc(c.uniform.rps / c.floorUniform.rps)} of its throughput (uniform p95 ${(c.uniform.p95 / c.floorUniform.p95).toFixed(2)}× its p95)`,
      );
    }
    console.log(`errors in all patterns: ${errors}`);
    console.log(
      `tenant ORMs opened ${last.opened}, identity checks ${last.identityChecks}, API resident memory ${last.rssMb} MB`,
    );
  } finally {
    serve.child.kill();
  }
}

// The reference and the hot set, measured in turns, ROUNDS each, so that what the machine does
// meanwhile weighs on both alike: the median round of each, and the hot set's row carries the
// median of the rounds' ratios.
async function refAndHot(prefix, measure, reference, hotSet) {
  const aloneRounds = [];
  const hotRounds = [];
  for (let r = 0; r < ROUNDS; r++) {
    aloneRounds.push(await measure(reference));
    hotRounds.push(await measure(hotSet));
  }
  return [
    { name: `${prefix}one association alone (reference)`, ...medianRound(aloneRounds) },
    {
      name: `${prefix}hot set of ${HOT} associations`,
      ...medianRound(hotRounds),
      ratios: hotRounds.map((h, i) => h.rps / aloneRounds[i].rps),
    },
  ];
}

const pc = (x) => `${(x * 100).toFixed(1)}%`;
const ratio = ({ ratios }) =>
  `${pc(median(ratios))} (median of ${ratios.length} rounds in turns: ${ratios.map(pc).join(', ')})`;

// The round with the median throughput (its latencies with it), the peaks over all rounds.
function medianRound(rounds) {
  const mid = median(rounds, (r) => r.rps);
  const names = Object.keys(mid.peaks);
  const peaks = Object.fromEntries(
    names.map((n) => [n, Math.max(...rounds.map((r) => r.peaks[n]))]),
  );
  const budgets =
    mid.budgets &&
    Object.fromEntries(
      names.map((n) => [
        n,
        {
          limit: mid.budgets[n].limit,
          peak: Math.max(...rounds.map((r) => r.budgets[n].peak)),
          waits: rounds.reduce((k, r) => k + r.budgets[n].waits, 0),
          refused: rounds.reduce((k, r) => k + r.budgets[n].refused, 0),
        },
      ]),
    );
  return {
    ...mid,
    peaks,
    ...(budgets ? { budgets } : {}),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
  };
}

const ms = (v) => `${v.toFixed(1)}ms`.padStart(7);

async function maxConnections(serverUrl) {
  const c = new pg.Client({ connectionString: serverUrl });
  await c.connect();
  try {
    return (await c.query('SHOW max_connections')).rows[0].max_connections;
  } finally {
    await c.end();
  }
}
