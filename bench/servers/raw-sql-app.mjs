// Bare Apollo whose one resolver reads the accounts with raw SQL over a plain pg pool: the
// request-path baseline. Started on its own (bare-apollo-sql.mjs) and, to tell the request path's
// cost from the process's, inside a Covenant server process (covenant.mjs).
import { ApolloServer } from '@apollo/server';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import pg from 'pg';

// The schema and the statement of every raw-SQL baseline (raw-tenants.mjs too).
export const ACCOUNTS_TYPE_DEFS = `type Account { id: ID! number: String! name: String! type: String! fundType: String! archived: Boolean! }
  type Query { accounts: [Account!]! }`;
export const ACCOUNTS_SQL =
  'SELECT id, number, name, type, fund_type AS "fundType", archived FROM accounts WHERE NOT archived ORDER BY number';

export async function startRawSql({ tenantUrl, poolSize }) {
  const pool = new pg.Pool({ connectionString: tenantUrl, max: poolSize });
  const server = new ApolloServer({
    typeDefs: ACCOUNTS_TYPE_DEFS,
    resolvers: { Query: { accounts: async () => (await pool.query(ACCOUNTS_SQL)).rows } },
  });
  await server.start();
  const app = express();
  app.use('/graphql', express.json(), expressMiddleware(server));
  const http = await new Promise((resolve) => {
    const h = app.listen(0, '127.0.0.1', () => resolve(h));
  });
  return `http://127.0.0.1:${http.address().port}`;
}
