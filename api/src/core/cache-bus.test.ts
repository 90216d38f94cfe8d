import { spawnSync } from 'node:child_process';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/free-port.js';
import { startRedis, type RunningRedis } from '../test/redis.js';
import { CACHE_BUS_CHANNEL, createCacheBus, type CacheBus } from './cache-bus.js';

const REDIS = spawnSync('sh', ['-c', 'command -v redis-server']).status === 0;

// Waits until `items` holds `n` of them, or fails after `ms`.
async function until<T>(items: T[], n: number, ms = 2000): Promise<T[]> {
  const deadline = Date.now() + ms;
  while (items.length < n) {
    if (Date.now() > deadline) throw new Error(`only ${items.length} of ${n} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
  return items;
}

describe('cache bus without Redis', () => {
  it("tells this process's subscribers of the topic, at once and only them", async () => {
    const bus = createCacheBus({});
    const tenants: string[] = [];
    const users: string[] = [];
    bus.subscribe('tenant', (k) => tenants.push(`a:${k}`));
    bus.subscribe('tenant', (k) => tenants.push(`b:${k}`));
    bus.subscribe('user', (k) => users.push(k));
    await bus.ready();
    bus.publish('tenant', 'org-1');
    expect(tenants).toEqual(['a:org-1', 'b:org-1']);
    expect(users).toEqual([]);
    await bus.close();
  });

  it('keeps telling the other subscribers when one throws, and reports the error', () => {
    const errors: unknown[] = [];
    const bus = createCacheBus({ onError: (e) => errors.push(e) });
    const seen: string[] = [];
    bus.subscribe('membership', () => {
      throw new Error('broken subscriber');
    });
    bus.subscribe('membership', (k) => seen.push(k));
    bus.publish('membership', 'u:o');
    expect(seen).toEqual(['u:o']);
    expect(errors).toHaveLength(1);
  });
});

describe.skipIf(!REDIS)('cache bus over Redis', () => {
  let redis: RunningRedis;
  const buses: CacheBus[] = [];
  const bus = async (onError?: (err: unknown) => void) => {
    const b = createCacheBus({ redisUrl: redis.url, onError });
    buses.push(b);
    await b.ready();
    return b;
  };

  beforeAll(async () => {
    redis = await startRedis();
  });
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await redis?.stop();
  });

  it('reaches the other processes once, and this one once (its own echo skipped)', async () => {
    const [one, two, three] = await Promise.all([bus(), bus(), bus()]);
    const got = { one: [] as string[], two: [] as string[], three: [] as string[] };
    one.subscribe('user', (k) => got.one.push(k));
    two.subscribe('user', (k) => got.two.push(k));
    three.subscribe('api-token', (k) => got.three.push(k));
    one.publish('user', 'user-1');
    // This process's subscribers are told before publish returns.
    expect(got.one).toEqual(['user-1']);
    await until(got.two, 1);
    // A marker published after it: once it arrived, so would any echo or duplicate have.
    two.publish('api-token', 'marker');
    await until(got.three, 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(got).toEqual({ one: ['user-1'], two: ['user-1'], three: ['marker'] });
  });

  it('ignores what is not a message of its own shape on the channel', async () => {
    const errors: unknown[] = [];
    const b = await bus((e) => errors.push(e));
    const seen: string[] = [];
    b.subscribe('tenant', (k) => seen.push(k));
    const raw = new Redis(redis.url);
    try {
      for (const text of [
        'not json',
        JSON.stringify({ o: 'x', t: 'nonsense', k: 'org' }),
        JSON.stringify({ o: 'x', t: 'tenant', k: 42 }),
        JSON.stringify({ o: 'x', t: 'tenant', k: 'org-2' }),
      ]) {
        await raw.publish(CACHE_BUS_CHANNEL, text);
      }
      await raw.publish('another-channel', JSON.stringify({ o: 'x', t: 'tenant', k: 'org-3' }));
    } finally {
      raw.disconnect();
    }
    await until(seen, 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual(['org-2']);
    expect(errors).toEqual([]);
  });

  it('subscribes again when its connection is cut, and hears what is published after', async () => {
    const [sender, receiver] = await Promise.all([bus(), bus()]);
    const seen: string[] = [];
    receiver.subscribe('organization', (k) => seen.push(k));
    const admin = new Redis(redis.url);
    try {
      // Every subscriber connection on the server is closed (what a Redis restart does to them).
      const killed = await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
      expect(Number(killed)).toBeGreaterThan(0);
      const deadline = Date.now() + 5000;
      // Published until heard: messages sent while the subscriber was away are lost, by design.
      while (seen.length === 0 && Date.now() < deadline) {
        sender.publish('organization', 'org-after');
        await new Promise((r) => setTimeout(r, 100));
      }
    } finally {
      admin.disconnect();
    }
    expect(seen[0]).toBe('org-after');
  });

  it('without a reachable Redis: publishes to this process, reports the outage once, never throws', async () => {
    const errors: unknown[] = [];
    const away = createCacheBus({
      redisUrl: `redis://127.0.0.1:${await freePort()}`,
      onError: (e) => errors.push(e),
    });
    const started = Date.now();
    await away.ready(300);
    expect(Date.now() - started).toBeLessThan(2000);
    const seen: string[] = [];
    away.subscribe('tenant', (k) => seen.push(k));
    for (let i = 0; i < 5; i++) away.publish('tenant', `org-${i}`);
    expect(seen).toHaveLength(5);
    await new Promise((r) => setTimeout(r, 100));
    expect(errors).toHaveLength(1);
    await away.close();
  });
});
