import type { EntityManager } from '@mikro-orm/postgresql';
import type { LRUCache } from 'lru-cache';
import { sql } from '../../db/sql.js';
import { ttlCache } from '../ttl-cache.js';
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
  // The plan (its limits: core/plans.ts) and the subscription: writes stop from readOnlyFrom on
  // (a past-due grace or a trial without payment ended); null while paid up.
  planLevel: string;
  billingStatus: string;
  readOnlyFrom: Date | null;
  // Set while the association is being moved to another cluster (core/tenancy/move.ts): its
  // writes are refused until the move ends.
  movingSince: Date | null;
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
    this.cache = ttlCache(opts.max ?? 10_000, opts.ttlMs ?? 60_000);
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
      plan_level: string;
      billing_status: string;
      read_only_from: Date | string | null;
      moving_since: Date | string | null;
    }>(
      `SELECT id, name, status, db_cluster, db_name, time_zone, fiscal_year_start_month,
              plan_level, billing_status, read_only_from, moving_since
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
      planLevel: org.plan_level,
      billingStatus: org.billing_status,
      readOnlyFrom: org.read_only_from ? new Date(org.read_only_from) : null,
      movingSince: org.moving_since ? new Date(org.moving_since) : null,
    };
    this.cache.set(orgId, entry);
    return entry;
  }

  invalidate(orgId: string) {
    this.cache.delete(orgId);
  }
}
