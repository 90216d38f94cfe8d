import type { EntityManager } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import {
  Organization,
  OrganizationStatus,
} from '../../platform/organizations/organization.entity.js';

export interface TenantLocation {
  cluster: string;
  database: string;
}

export interface TenantEntry {
  orgId: string;
  name: string;
  status: OrganizationStatus;
  location: TenantLocation;
}

// orgId → { status, location }, read from the platform database and cached for 60 s.
// A status change made in this process invalidates the entry at once.
export class TenantDirectory {
  private readonly cache: LRUCache<string, TenantEntry>;
  lookups = 0;

  constructor(
    private readonly platformEm: () => EntityManager,
    opts: { ttlMs?: number; max?: number } = {},
  ) {
    this.cache = new LRUCache({ max: opts.max ?? 10_000, ttl: opts.ttlMs ?? 60_000 });
  }

  async resolve(orgId: string): Promise<TenantEntry | null> {
    const hit = this.cache.get(orgId);
    if (hit) return hit;
    this.lookups++;
    const org = await this.platformEm().findOne(
      Organization,
      { id: orgId },
      { fields: ['id', 'name', 'status', 'dbCluster', 'dbName'] },
    );
    if (!org) return null;
    const entry: TenantEntry = {
      orgId: org.id,
      name: org.name,
      status: org.status,
      location: { cluster: org.dbCluster, database: org.dbName },
    };
    this.cache.set(orgId, entry);
    return entry;
  }

  invalidate(orgId: string) {
    this.cache.delete(orgId);
  }
}
