// Second baseline: bare Apollo whose one resolver reads the same accounts with raw SQL over a plain
// pg pool of the same size as a tenant's: what the database round trip costs on its own.
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.BENCH_TENANT_URL,
  max: Number(process.env.BENCH_POOL_SIZE),
});
const server = new ApolloServer({
  typeDefs: `type Account { id: ID! number: String! name: String! type: String! fundType: String! archived: Boolean! }
    type Query { accounts: [Account!]! }`,
  resolvers: {
    Query: {
      accounts: async () =>
        (
          await pool.query(
            'SELECT id, number, name, type, fund_type AS "fundType", archived FROM accounts WHERE NOT archived ORDER BY number',
          )
        ).rows,
    },
  },
});
await server.start();
const app = express();
app.use('/graphql', express.json(), expressMiddleware(server));
const http = app.listen(0, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ url: `http://127.0.0.1:${http.address().port}` }) + '\n');
});
