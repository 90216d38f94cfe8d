import DataLoader from 'dataloader';
import type { Context } from './context.js';

// A DataLoader definition: a batch function typed by its keys, values and arguments. The
// definition object itself is the key in a request's loaders, so two modules can never share a
// loader by choosing the same name.
export interface LoaderDef<K, V, A extends unknown[] = []> {
  readonly name: string;
  readonly batch: (ctx: Context, keys: readonly K[], ...args: A) => Promise<V[]>;
}

export function defineLoader<K, V, A extends unknown[] = []>(
  name: string,
  batch: (ctx: Context, keys: readonly K[], ...args: A) => Promise<V[]>,
): LoaderDef<K, V, A> {
  return { name, batch };
}

// The request's DataLoaders (`ctx.loaders`), created on first use. Apollo clones the context per
// operation; the clones share this object, so batching spans the whole request.
export class Loaders {
  private readonly byDef = new Map<object, Map<string, DataLoader<unknown, unknown>>>();

  constructor(private readonly ctx: Context) {}

  // `args` select a variant (e.g. a period): each distinct argument list gets its own loader.
  get<K, V, A extends unknown[]>(def: LoaderDef<K, V, A>, ...args: A): DataLoader<K, V> {
    let variants = this.byDef.get(def);
    if (!variants) this.byDef.set(def, (variants = new Map()));
    const key = JSON.stringify(args);
    let l = variants.get(key) as DataLoader<K, V> | undefined;
    if (!l) {
      l = new DataLoader<K, V>((keys) => def.batch(this.ctx, keys, ...args));
      variants.set(key, l as DataLoader<unknown, unknown>);
    }
    return l;
  }
}
