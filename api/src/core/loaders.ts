import DataLoader from 'dataloader';
import type { Context } from '../server/context.js';

// Per-request DataLoaders for child lists, keyed by the request (Apollo clones the context object
// per operation, the request stays the same).
const perRequest = new WeakMap<object, Map<string, DataLoader<unknown, unknown>>>();

export function loader<K, V>(
  ctx: Context,
  name: string,
  batch: (keys: readonly K[]) => Promise<V[]>,
): DataLoader<K, V> {
  let map = perRequest.get(ctx.req);
  if (!map) perRequest.set(ctx.req, (map = new Map()));
  let l = map.get(name) as DataLoader<K, V> | undefined;
  if (!l) {
    l = new DataLoader<K, V>(batch);
    map.set(name, l as DataLoader<unknown, unknown>);
  }
  return l;
}
