import type { EntityManager } from '@mikro-orm/postgresql';
import { LRUCache } from 'lru-cache';
import { sql } from '../../db/sql.js';
import type { OrganizationStatus } from '../roles.js';

export interface TenantLocation {
  cluster: string;
  database: string;
}

export interface TenantEntry {
  orgId: string;
  name: string;
  status: OrganizationStatus;
  location: TenantLocation;
  // The association's calendar: its IANA time zone ("today" is read there) and the first month
  // (1 to 12) of its fiscal year.
  timeZone: string;
  fiscalYearStartMonth: number;
}

// orgId → { status, location, calendar }, read from the platform database and cached for 60 s.
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
    // The platform's organizations table, read here so that core needs no platform entity.
    const [org] = await sql(this.platformEm()).all<{
      id: string;
      name: string;
      status: OrganizationStatus;
      db_cluster: string;
      db_name: string;
      time_zone: string;
      fiscal_year_start_month: number;
    }>(
      `SELECT id, name, status, db_cluster, db_name, time_zone, fiscal_year_start_month
         FROM organizations WHERE id = ?`,
      [orgId],
    );
    if (!org) return null;
    const entry: TenantEntry = {
      orgId: org.id,
      name: org.name,
      status: org.status,
      location: { cluster: org.db_cluster, database: org.db_name },
      timeZone: org.time_zone,
      fiscalYearStartMonth: Number(org.fiscal_year_start_month),
    };
    this.cache.set(orgId, entry);
    return entry;
  }

  invalidate(orgId: string) {
    this.cache.delete(orgId);
  }
}
