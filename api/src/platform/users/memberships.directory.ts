import type { EntityManager } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import { Membership, MembershipStatus } from './memberships.entity.js';
import { type Role } from '../../core/roles.js';

// (user, organization) → role, from the membership row, cached briefly: a role change or removal
// takes effect within the TTL everywhere and at once in the process that made it.
export class MembershipDirectory {
  private readonly cache: LRUCache<string, { role: Role | null }>;

  constructor(
    private readonly platformEm: () => EntityManager,
    opts: { ttlMs?: number } = {},
  ) {
    this.cache = new LRUCache({ max: 50_000, ttl: opts.ttlMs ?? 10_000 });
  }

  async role(userId: string, orgId: string): Promise<Role | null> {
    const key = `${userId}:${orgId}`;
    const hit = this.cache.get(key);
    if (hit) return hit.role;
    const m = await this.platformEm().findOne(
      Membership,
      { user: userId, organization: orgId, status: MembershipStatus.ACTIVE },
      { fields: ['role'] },
    );
    const role = m?.role ?? null;
    this.cache.set(key, { role });
    return role;
  }

  invalidate(userId: string, orgId: string) {
    this.cache.delete(`${userId}:${orgId}`);
  }
}
