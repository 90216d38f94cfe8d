import { LRUCache } from 'lru-cache';

// An LRU cache whose entries are never served more than `ttlMs` after they were stored.
//
// lru-cache reads the clock at most once per `ttlResolution` ms and starts a timer to forget the
// reading. At its default of 1 ms, a cache read on every request starts a timer on nearly every
// request. Here the reading is kept for ttlMs / 50 (at most 100 ms). The timer that forgets it
// runs on the event loop, so on a busy server a read can still see it a little after that (a turn
// of the loop late). The entries' own lifetime is shortened by twice the resolution, so an entry
// still never outlives `ttlMs` unless one turn of the loop takes longer than the resolution.
// `clock` is what it reads the time from (`performance` unless a test brings a fake one).
export function ttlCache<K extends string, V extends object>(
  max: number,
  ttlMs: number,
  clock?: { now(): number },
): LRUCache<K, V> {
  const resolution = Math.min(100, Math.floor(ttlMs / 50));
  return new LRUCache<K, V>({
    max,
    ttl: ttlMs - 2 * resolution,
    ttlResolution: resolution,
    ...(clock ? { perf: clock } : {}),
  });
}
