import { AsyncLocalStorage } from 'node:async_hooks';

// MikroORM keeps three AsyncLocalStorage instances: one for the transaction a callback runs in,
// one for "inside a flush", one for raw query fragments. Node 20 implements AsyncLocalStorage with
// an async hook: once an instance has run, the hook calls into JavaScript for every promise the
// process creates, and it stays on until the instance is disabled, which MikroORM never does. So
// after the first write, every request paid for it, reads included: 4 to 7 % of the accounts
// query's time (bench/, the request path).
//
// Here an instance is turned off again as soon as its last asynchronous run has settled, and the
// next run turns it on. What a run sees is unchanged: its store, in every continuation, for as
// long as any run of the instance is in flight (runs are counted, so one that ends does not take
// the store from another still running). Only reads after the last run has settled differ: they
// find no store, which is what they would find outside a run anyway.
//
// An instance that is ever entered another way (a run whose callback returns no native promise,
// so its end can't be known, or enterWith) is left on for good, as Node would leave it. Node 24's
// implementation has no hook (AsyncContextFrame), and this does nothing there.

type Storage = AsyncLocalStorage<unknown>;

const inFlight = new WeakMap<Storage, number>();
const alwaysOn = new WeakSet<Storage>();
let installed = false;

const hookBased = () =>
  typeof (AsyncLocalStorage.prototype as unknown as { _enable?: unknown })._enable === 'function';

function settled(storage: Storage): void {
  const left = (inFlight.get(storage) ?? 1) - 1;
  if (left > 0) {
    inFlight.set(storage, left);
    return;
  }
  inFlight.delete(storage);
  if (!alwaysOn.has(storage)) storage.disable();
}

export function releaseIdleAsyncContexts(): void {
  if (installed || !hookBased()) return;
  installed = true;
  const proto = AsyncLocalStorage.prototype as Storage;
  const run = proto.run;
  const enterWith = proto.enterWith;
  proto.run = function <R>(
    this: Storage,
    store: unknown,
    callback: (...a: never[]) => R,
    ...args: never[]
  ): R {
    const result = run.call(this, store, callback, ...args) as R;
    if (!(result instanceof Promise)) {
      alwaysOn.add(this);
      return result;
    }
    inFlight.set(this, (inFlight.get(this) ?? 0) + 1);
    // The caller gets the run's outcome through `finally`, so a rejection nobody handles is
    // still reported as unhandled (a handler of ours on the run's own promise would hide it).
    return result.finally(() => settled(this)) as R;
  } as Storage['run'];
  proto.enterWith = function (this: Storage, store: unknown) {
    alwaysOn.add(this);
    enterWith.call(this, store);
  };
}
