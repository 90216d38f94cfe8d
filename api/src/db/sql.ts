import type { EntityManager } from '@mikro-orm/postgresql';

// Raw SQL through the EntityManager's connection, inside its transaction when it has one, so a
// read after a write in the same transaction sees the write. Parameters are `?` placeholders.
export function sql(em: EntityManager) {
  const conn = em.getConnection();
  const trx = em.getTransactionContext();
  return {
    all: <T>(query: string, params: unknown[] = []) => conn.execute<T[]>(query, params, 'all', trx),
    run: (query: string, params: unknown[] = []) => conn.execute(query, params, 'run', trx),
    // Server-side parameters (no client-side formatting): for bulk statements that pass whole
    // columns as arrays, e.g. INSERT … SELECT * FROM unnest(?::uuid[], ?::bigint[]).
    bulk: async (query: string, params: unknown[]) => {
      const knex = (trx as ReturnType<EntityManager['getKnex']> | undefined) ?? em.getKnex();
      await knex.raw(query, params as never[]);
    },
  };
}
