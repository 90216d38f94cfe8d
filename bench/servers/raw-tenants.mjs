// The floor of the many-associations patterns: bare Apollo whose one resolver reads the accounts of
// the database the `x-db` header names with raw SQL, over plain pg connections, at most
// BENCH_POOL_SIZE per database as a tenant pool holds. All of them share a budget of BENCH_BUDGET
// connections, as Covenant's tenant pools do: at the budget, the least recently used database
// with no query running closes its connections (their end awaited) before a new one opens. No
// tokens, no directory, no ORM: what a database per association costs on its own.
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import pg from 'pg';
import { ACCOUNTS_SQL, ACCOUNTS_TYPE_DEFS } from './raw-sql-app.mjs';

const cluster = new URL(process.env.BENCH_PG_URL);
const budget = Number(process.env.BENCH_BUDGET);
const poolSize = Number(process.env.BENCH_POOL_SIZE);

// database → its connections, least recently used first.
const databases = new Map();
// Connections open or opening, and who waits for one of them to close.
let slots = 0;
const slotWaiters = [];

async function slot() {
  while (slots >= budget) {
    const idle = [...databases].find(([, d]) => d.busy === 0 && d.free.length > 0);
    if (idle) {
      const [name, d] = idle;
      const closing = d.free.splice(0);
      d.open -= closing.length;
      if (d.open === 0) databases.delete(name);
      await Promise.all(closing.map((c) => c.end()));
      slots -= closing.length;
    } else {
      await new Promise((resolve) => slotWaiters.push(resolve));
    }
  }
  slots++;
}

async function acquire(name) {
  let d = databases.get(name);
  if (d) databases.delete(name);
  else d = { open: 0, busy: 0, free: [], waiters: [] };
  databases.set(name, d);
  d.busy++;
  if (d.free.length) return d.free.pop();
  if (d.open >= poolSize) return new Promise((resolve) => d.waiters.push(resolve));
  d.open++;
  await slot();
  const url = new URL(cluster);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.href });
  try {
    await client.connect();
  } catch (err) {
    d.open--;
    d.busy--;
    slots--;
    slotWaiters.shift()?.();
    throw err;
  }
  return client;
}

function release(name, client) {
  const d = databases.get(name);
  d.busy--;
  const waiter = d.waiters.shift();
  if (waiter) {
    waiter(client);
  } else {
    d.free.push(client);
    slotWaiters.shift()?.();
  }
}

async function accounts(name) {
  const client = await acquire(name);
  try {
    return (await client.query(ACCOUNTS_SQL)).rows;
  } finally {
    release(name, client);
  }
}

const server = new ApolloServer({
  typeDefs: ACCOUNTS_TYPE_DEFS,
  resolvers: { Query: { accounts: (_p, _a, ctx) => accounts(ctx.db) } },
});
await server.start();
const app = express();
app.use(
  '/graphql',
  express.json(),
  expressMiddleware(server, { context: async ({ req }) => ({ db: req.headers['x-db'] }) }),
);
const http = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${http.address().port}` }) + '\n');
});
