import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';

// Raw SQL through the EntityManager's connection, inside its transaction when it has one, so a
// read after a write in the same transaction sees the write. Parameters are `?` placeholders.
export function sql(em: EntityManager) {
  const conn = em.getConnection();
  const trx = em.getTransactionContext();
  return {
    all: <T>(query: string, params: unknown[] = []): Promise<T[]> =>
      trx || em.config.get('debug')
        ? conn.execute<T[]>(query, params, 'all', trx)
        : direct<T>(em, conn, query, params),
    run: (query: string, params: unknown[] = []) => conn.execute(query, params, 'run', trx),
    // Server-side parameters (no client-side formatting): for bulk statements that pass whole
    // columns as arrays, e.g. INSERT … SELECT * FROM unnest(?::uuid[], ?::bigint[]).
    bulk: async (query: string, params: unknown[]) => {
      const knex = (trx as ReturnType<EntityManager['getKnex']> | undefined) ?? em.getKnex();
      await knex.raw(query, params as never[]);
    },
  };
}

// A read outside a transaction: the statement MikroORM's `execute` would send (its own client-side
// formatting of the parameters), on a connection of the same knex pool, without the layers around
// it (MikroORM's query logging, knex's query runner), which cost about as much as a short read on
// the database. With LOG_SQL on, reads take MikroORM's path, so that they are logged.
async function direct<T>(
  em: EntityManager,
  conn: ReturnType<EntityManager['getConnection']>,
  query: string,
  params: unknown[],
): Promise<T[]> {
  const text = em.getPlatform().formatQuery(query, params);
  const client = conn.getKnex().client;
  const connection = (await client.acquireConnection()) as pg.ClientBase;
  try {
    const res = (await connection.query(text)) as pg.QueryResult | pg.QueryResult[];
    // Several statements in one text answer with a result each, as MikroORM's execute does.
    return (Array.isArray(res) ? res.map((r) => r.rows) : res.rows) as T[];
  } finally {
    await client.releaseConnection(connection);
  }
}

// How many rows a list's filter matches (a connection's totalCount), counted only when called.
// The conditions and parameters are copied now, so what the caller adds later (the page's cursor)
// does not change the count. `from` is the table with the alias the conditions use.
export function lazyCount(
  em: EntityManager,
  from: string,
  where: readonly string[],
  params: readonly unknown[],
): () => Promise<number> {
  const query = `SELECT count(*)::int AS n FROM ${from} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
  const values = [...params];
  return async () => (await sql(em).all<{ n: number }>(query, values))[0].n;
}

// `column = ANY(...)` with one array parameter, instead of a hand-built `IN (?, ?, …)` list:
//   sql(em).all(`SELECT … WHERE a.id = ${anyOf('uuid')}`, [ids])
// The statement text stays the same whatever the length (an empty list matches nothing).
export type SqlArrayType = 'uuid' | 'text' | 'int' | 'bigint' | 'date';
export const anyOf = (type: SqlArrayType) => `ANY(ARRAY[?]::${type}[])`;
