import { Redis } from 'ioredis';
import {
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';
import { AppError } from '../errors/app-error.js';

export type LimitedAction = 'login' | 'register' | 'password-reset' | 'mfa';

// Login, register, reset and second-step (MFA code) requests: N per minute per IP and per email (rate-limiter-flexible;
// in memory, or Redis when REDIS_URL is set so every API process shares the counters). Counted per
// GraphQL operation — each aliased field is one attempt — never per HTTP request.
export class AuthRateLimiter {
  private readonly limiters = new Map<LimitedAction, RateLimiterAbstract>();
  private readonly redis?: Redis;

  constructor(opts: { points: number; redisUrl?: string; durationSeconds?: number }) {
    if (opts.redisUrl) {
      this.redis = new Redis(opts.redisUrl, { enableOfflineQueue: false, lazyConnect: false });
      // Connection errors are retried by ioredis; meanwhile the insurance limiter counts.
      this.redis.on('error', () => undefined);
    }
    for (const action of ['login', 'register', 'password-reset', 'mfa'] as const) {
      const options = {
        keyPrefix: `covenant:rl:${action}`,
        points: opts.points,
        duration: opts.durationSeconds ?? 60,
      };
      this.limiters.set(
        action,
        this.redis
          ? new RateLimiterRedis({
              ...options,
              storeClient: this.redis,
              // If Redis is unreachable, limit per process rather than not at all.
              insuranceLimiter: new RateLimiterMemory(options),
            })
          : new RateLimiterMemory(options),
      );
    }
  }

  async consume(action: LimitedAction, keys: { ip: string; email?: string }): Promise<void> {
    const limiter = this.limiters.get(action)!;
    const ids = [`ip:${keys.ip}`, ...(keys.email ? [`email:${keys.email}`] : [])];
    let blocked: RateLimiterRes | null = null;
    for (const id of ids) {
      try {
        await limiter.consume(id);
      } catch (res) {
        if (!(res instanceof RateLimiterRes)) throw res;
        if (!blocked || res.msBeforeNext > blocked.msBeforeNext) blocked = res;
      }
    }
    if (blocked) {
      const retryAfter = Math.max(1, Math.ceil(blocked.msBeforeNext / 1000));
      throw new AppError(
        'RATE_LIMITED',
        `Too many attempts. Try again in ${retryAfter} seconds.`,
        undefined,
        { retryAfter },
      );
    }
  }

  // Resolves once Redis is connected (or after a grace period, falling back to per-process limits).
  async ready(timeoutMs = 3000): Promise<void> {
    const redis = this.redis;
    if (!redis || redis.status === 'ready') return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(resolve, timeoutMs);
      redis.once('ready', () => (clearTimeout(t), resolve()));
    });
  }

  async close() {
    await this.redis?.quit().catch(() => undefined);
  }
}
