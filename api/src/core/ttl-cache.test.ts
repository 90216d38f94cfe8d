import { LRUCache } from 'lru-cache';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ttlCache } from './ttl-cache.js';

// On a fake clock: timers and the time both move only when the test moves them, a millisecond
// at a time, so what is checked is the cache's arithmetic and not how busy the machine is.
const clock = { now: () => Date.now() };

// Reads the cache once a millisecond for `ms`, the timers due by then running between reads, as
// a server reading it on every request does.
function spin(ms: number, each: (elapsed: number) => void) {
  for (let t = 0; t < ms; t++) {
    each(t);
    vi.advanceTimersByTime(1);
  }
}

describe('ttlCache', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('never serves an entry later than its TTL after it was stored, and serves it until near then', () => {
    for (let round = 0; round < 3; round++) {
      // Stored at different points of the clock reading's lifetime.
      vi.advanceTimersByTime(round * 7);
      const cache = ttlCache<string, { v: number }>(10, 500, clock);
      cache.set('k', { v: round });
      let lastHit = -1;
      let missedAt = Infinity;
      spin(800, (elapsed) => {
        if (cache.get('k')) lastHit = elapsed;
        else missedAt = Math.min(missedAt, elapsed);
      });
      expect(lastHit).toBeLessThanOrEqual(500);
      expect(lastHit).toBeGreaterThan(250);
      expect(missedAt).toBe(lastHit + 1);
    }
  });

  it('reads the clock seldom: a cache read all the time starts a timer per resolution, not per millisecond', () => {
    const timers = vi.spyOn(globalThis, 'setTimeout');
    const ours = ttlCache<string, { v: number }>(10, 5_000, clock);
    ours.set('k', { v: 1 });
    spin(200, () => ours.get('k'));
    const oursTimers = timers.mock.calls.length;
    timers.mockClear();
    // lru-cache's default, for comparison: a timer for (nearly) every millisecond read.
    const plain = new LRUCache<string, { v: number }>({ max: 10, ttl: 5_000, perf: clock });
    plain.set('k', { v: 1 });
    spin(200, () => plain.get('k'));
    expect(oursTimers).toBeLessThanOrEqual(4);
    expect(timers.mock.calls.length).toBeGreaterThan(20);
  });
});
