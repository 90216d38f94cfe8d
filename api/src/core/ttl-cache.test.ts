import { LRUCache } from 'lru-cache';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ttlCache } from './ttl-cache.js';

// Reads the cache over `ms`, letting the event loop turn between reads (its timers run), as a
// server reading it on every request does.
async function spin(ms: number, each: () => void) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    each();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('ttlCache', () => {
  afterEach(() => vi.restoreAllMocks());

  it('never serves an entry later than its TTL after it was stored, and serves it until near then', async () => {
    for (let round = 0; round < 3; round++) {
      const cache = ttlCache<string, { v: number }>(10, 500);
      const stored = performance.now();
      cache.set('k', { v: round });
      let lastHit = 0;
      let missedAt = Infinity;
      await spin(800, () => {
        const before = performance.now();
        if (cache.get('k')) lastHit = before - stored;
        else missedAt = Math.min(missedAt, before - stored);
      });
      expect(lastHit).toBeLessThanOrEqual(500);
      expect(lastHit).toBeGreaterThan(250);
      expect(missedAt).toBeLessThan(800);
    }
  });

  it('reads the clock seldom: a cache read all the time starts a timer per resolution, not per millisecond', async () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const ours = ttlCache<string, { v: number }>(10, 5_000);
    ours.set('k', { v: 1 });
    await spin(200, () => ours.get('k'));
    const oursTimers = timers.mock.calls.length;
    timers.mockClear();
    // lru-cache's default, for comparison: a timer for (nearly) every millisecond read.
    const plain = new LRUCache<string, { v: number }>({ max: 10, ttl: 5_000 });
    plain.set('k', { v: 1 });
    await spin(200, () => plain.get('k'));
    expect(oursTimers).toBeLessThanOrEqual(4);
    expect(timers.mock.calls.length).toBeGreaterThan(20);
  });
});
