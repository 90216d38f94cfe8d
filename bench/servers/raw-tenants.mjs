// The floor of the many-associations patterns: bare Apollo whose one resolver reads the accounts of
// the database the `x-db` header names with raw SQL, over one plain pg connection per database.
// All of them share a budget of BENCH_BUDGET connections, as Covenant's tenant pools do: at the
// budget, the least recently used idle connection is closed (its end awaited) before a new one
// opens. No tokens, no directory, no ORM: what a database per association costs on its own.
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import pg from 'pg';

const cluster = new URL(process.env.BENCH_PG_URL);
const budget = Number(process.env.BENCH_BUDGET);
// database → { client (a promise while it connects), busy }, least recently used first.
const open = new Map();
const released = [];
const ACCOUNTS =
  'SELECT id, number, name, type, fund_type AS "fundType", archived FROM accounts WHERE NOT archived ORDER BY number';
let slots = 0;

async function slot() {
  while (slots >= budget) {
    const idle = [...open].find(([, e]) => e.busy === 0);
    if (idle) {
      open.delete(idle[0]);
      await (await idle[1].client).end();
      slots--;
    } else {
      await new Promise((resolve) => released.push(resolve));
    }
  }
  slots++;
}

async function accounts(db) {
  let e = open.get(db);
  if (e) {
    open.delete(db);
    open.set(db, e);
  } else {
    e = { busy: 0 };
    e.client = slot().then(async () => {
      const url = new URL(cluster);
      url.pathname = `/${db}`;
      const client = new pg.Client({ connectionString: url.href });
      try {
        await client.connect();
      } catch (err) {
        if (open.get(db) === e) open.delete(db);
        slots--;
        throw err;
      }
      return client;
    });
    open.set(db, e);
  }
  e.busy++;
  try {
    const client = await e.client;
    // One query at a time on a connection: the next waits for the one before it.
    const answer = (e.last ?? Promise.resolve()).then(() => client.query(ACCOUNTS));
    e.last = answer.catch(() => undefined);
    return (await answer).rows;
  } finally {
    e.busy--;
    released.shift()?.();
  }
}

const server = new ApolloServer({
  typeDefs: `type Account { id: ID! number: String! name: String! type: String! fundType: String! archived: Boolean! }
    type Query { accounts: [Account!]! }`,
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
