import { randomBytes } from 'node:crypto';
import { createConnection } from 'node:net';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { AuthRateLimiter } from './rate-limit.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const s = createConnection({ host: hostname, port: Number(port || 6379) });
    s.setTimeout(500);
    s.on('connect', () => (s.end(), resolve(true)));
    s.on('error', () => resolve(false));
    s.on('timeout', () => (s.destroy(), resolve(false)));
  });
}

async function attempts(limiter: AuthRateLimiter, n: number, keys: { ip: string; email?: string }) {
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    try {
      await limiter.consume('login', keys);
      out.push('ok');
    } catch (e) {
      out.push((e as AppError).code);
    }
  }
  return out;
}

describe('auth rate limiter', () => {
  it('allows N per window per IP and per email, then RATE_LIMITED with a retry hint (memory)', async () => {
    const limiter = new AuthRateLimiter({ points: 5 });
    expect(await attempts(limiter, 6, { ip: '10.0.0.1', email: 'a@x.test' })).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'ok',
      'RATE_LIMITED',
    ]);
    // Another IP, same email: still limited by the email counter.
    expect(await attempts(limiter, 1, { ip: '10.0.0.2', email: 'a@x.test' })).toEqual([
      'RATE_LIMITED',
    ]);
    // Another email from a fresh IP is fine.
    expect(await attempts(limiter, 1, { ip: '10.0.0.3', email: 'b@x.test' })).toEqual(['ok']);
    const refusal = await limiter.consume('login', { ip: '10.0.0.1' }).then(
      () => null,
      (e: unknown) => e as AppError,
    );
    expect(refusal).toBeInstanceOf(AppError);
    const retryAfter = refusal!.extra!.retryAfter as number;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // What Apollo turns into the HTTP answer: 429 and a Retry-After header of the same seconds
    // (the header on a real response is checked in server/trust-proxy.test.ts).
    const http = refusal!.extensions.http as { status: number; headers: Map<string, string> };
    expect(http.status).toBe(429);
    expect(http.headers.get('retry-after')).toBe(String(retryAfter));
  });

  it('shares counters between processes through Redis when REDIS_URL is set', async (ctx) => {
    if (!(await reachable(REDIS_URL))) ctx.skip();
    const ip = `10.9.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
    const a = new AuthRateLimiter({ points: 5, redisUrl: REDIS_URL });
    const b = new AuthRateLimiter({ points: 5, redisUrl: REDIS_URL });
    try {
      await Promise.all([a.ready(), b.ready()]);
      expect(await attempts(a, 3, { ip })).toEqual(['ok', 'ok', 'ok']);
      // A second API process sees the same counter.
      expect(await attempts(b, 3, { ip })).toEqual(['ok', 'ok', 'RATE_LIMITED']);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
