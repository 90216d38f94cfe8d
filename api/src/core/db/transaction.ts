import type { EntityManager } from '@mikro-orm/postgresql';
import { isRetryableCollision } from './errors.js';

// Runs `work` in a transaction and, when the database picks it as the loser of a collision with
// another transaction (a deadlock or a serialization failure), runs it again from the start: the
// database rolled the whole attempt back, so nothing of it is left behind. A few attempts, each
// after a short random pause so that the colliding writers do not meet again in step.
//
// Only a top-level transaction is re-run. Inside a caller's transaction, the collision has rolled
// back (or poisoned) the caller's work too, so the error goes up to the owner of the outer
// transaction. `work` must have no effect outside the database (no mail, no files, no counters in
// memory) since it may run more than once.
export const COLLISION_ATTEMPTS = 4;

export async function retryingTransaction<T>(
  em: EntityManager,
  work: (tx: EntityManager) => Promise<T>,
  opts: { attempts?: number; pauseMs?: number } = {},
): Promise<T> {
  const attempts = em.isInTransaction() ? 1 : (opts.attempts ?? COLLISION_ATTEMPTS);
  const pauseMs = opts.pauseMs ?? 20;
  for (let attempt = 1; ; attempt++) {
    try {
      return await em.transactional(work);
    } catch (err) {
      if (attempt >= attempts || !isRetryableCollision(err)) throw err;
      // Jittered and growing: 0–20 ms, then 0–40 ms, then 0–80 ms.
      const wait = Math.random() * pauseMs * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
