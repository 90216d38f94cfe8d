import type { EntityManager } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import { type ApiTokenLookup, isApiTokenShape } from '../../core/auth/api-tokens.js';
import { hashOpaqueToken } from '../../core/auth/opaque-tokens.js';
import type { AuthInfo } from '../../core/auth/tokens.js';
import { type CacheBus, createCacheBus } from '../../core/cache-bus.js';
import { AppError } from '../../core/errors/app-error.js';
import { ttlCache } from '../../core/ttl-cache.js';
import { ACCESS_CACHE_TTL_MS } from '../users/index.js';
import { type ApiTokenAuthRow, selectTokenByHash, touchToken } from './api-tokens.repository.js';

// How often a token's last use is written: a script polling every second would otherwise write
// on every request.
export const LAST_USED_INTERVAL_MS = 60_000;

const refused = (message: string, reason: string) =>
  new AppError('UNAUTHENTICATED', message, undefined, { reason });

// token hash → the token's row (or "no such token"), cached as briefly as memberships are (the same
// reasoning: memberships.directory.ts). Expiry is judged on every request against the cached
// expires_at, so it is exact; a revocation is seen at once in this process and, through the cache
// bus (Redis), in the others; within the TTL when a process missed the message.
export class ApiTokenDirectory implements ApiTokenLookup {
  private readonly rows: LRUCache<string, { row: ApiTokenAuthRow | null }>;
  // token id → when this process last recorded a use
  private readonly touched = new LRUCache<string, number>({ max: 50_000 });
  private epoch = 0;
  private readonly bus: CacheBus;

  constructor(
    private readonly platformEm: () => EntityManager,
    opts: { ttlMs?: number; bus?: CacheBus } = {},
  ) {
    this.rows = ttlCache(50_000, opts.ttlMs ?? ACCESS_CACHE_TTL_MS);
    this.bus = opts.bus ?? createCacheBus({});
    this.bus.subscribe('api-token', (hash) => {
      // A lookup under way when the token changed does not cache what it read.
      this.epoch++;
      this.rows.delete(hash);
    });
  }

  async authenticate(token: string, ip: string): Promise<AuthInfo & { apiTokenId: string }> {
    if (!isApiTokenShape(token)) throw refused('Invalid API token', 'API_TOKEN_INVALID');
    const hash = hashOpaqueToken(token);
    const row = await this.lookup(hash);
    if (!row) throw refused('Invalid API token', 'API_TOKEN_INVALID');
    if (row.revoked_at) {
      throw refused('This API token was revoked; create a new one', 'API_TOKEN_REVOKED');
    }
    if (row.expires_at.getTime() <= Date.now()) {
      throw refused('This API token has expired; create a new one', 'API_TOKEN_EXPIRED');
    }
    await this.recordUse(row.id, ip);
    return {
      userId: row.user_id,
      orgId: row.organization_id,
      apiTokenId: row.id,
      readOnly: row.access === 'read-only',
    };
  }

  invalidate(tokenHash: string) {
    this.bus.publish('api-token', tokenHash);
  }

  private async lookup(hash: string): Promise<ApiTokenAuthRow | null> {
    const hit = this.rows.get(hash);
    if (hit) return hit.row;
    const epoch = this.epoch;
    const row = await selectTokenByHash(this.platformEm(), hash);
    if (epoch === this.epoch) this.rows.set(hash, { row });
    return row;
  }

  private async recordUse(id: string, ip: string) {
    const last = this.touched.get(id);
    if (last !== undefined && Date.now() - last < LAST_USED_INTERVAL_MS) return;
    this.touched.set(id, Date.now());
    // The statement also skips a use another process recorded within the minute.
    await touchToken(this.platformEm(), id, ip);
  }
}
